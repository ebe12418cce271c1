/*
 * cryptospeed adapter interface.
 *
 * The core owns WHAT is measured (cs_alg, a const table of algorithms with
 * their known-answer vectors). An adapter says HOW one library runs those
 * algorithms on each of its API paths (cs_impl), and describes itself
 * (cs_adapter). A worker executable links the core's measuring code, exactly
 * one adapter and that adapter's library.
 *
 * Rules for adapters:
 *  - never define algorithms; point at the core's cs_alg objects;
 *  - declare every method with its typedef below and fill tables with
 *    designated initializers; never cast a function pointer;
 *  - setup may allocate and do the key schedule (untimed); run is timed and
 *    must not allocate, print or block beyond what the API path itself does;
 *  - return a cs_status; never assert() on a library's return code.
 */
#ifndef CRYPTOSPEED_ADAPTER_H
#define CRYPTOSPEED_ADAPTER_H

#include <stddef.h>
#include <stdint.h>

/* Bumped whenever a struct below changes shape. cs_adapter.abi must equal it. */
#define CS_ABI_VERSION 7

typedef enum cs_status {
	CS_OK = 0,
	CS_UNSUPPORTED, /* this library/path/build cannot do it: not an error */
	CS_BAD_PARAM,	/* the core passed something the impl cannot accept */
	CS_NO_MEMORY,
	CS_LIB_ERROR, /* the library returned an error */
	CS_MISMATCH   /* AEAD open: the tag did not verify; SIG verify: the
			   signature did not verify */
} cs_status;

typedef enum cs_kind {
	CS_AEAD,   /* authenticated encryption */
	CS_HASH,   /* message digest */
	CS_CIPHER, /* unauthenticated block cipher mode */
	CS_KEX,	   /* key agreement */
	CS_SIG,	   /* signature: the message is hashed by the signature call */
	CS_MAC,	   /* keyed message authentication code */
	CS_TLS,	   /* a TLS connection, client and server of the library's own stack */
	CS_KEM	   /* key encapsulation (ML-KEM) */
} cs_kind;

/*
 * The operations, each with its unit: X(ID, "name", unit). A BYTES op is
 * measured at each size (rates in B/s); an OPS op is one whole operation
 * (rates in op/s).
 *   SEAL     AEAD: encrypt len bytes + 13 B AAD, write the tag
 *   OPEN     AEAD: decrypt len bytes, verify the tag
 *   ENCRYPT  CIPHER: encrypt len bytes (a multiple of block_len)
 *   DIGEST   HASH: one whole hash (init, update, final) of len bytes
 *   DERIVE   KEX: shared secret from the set-up private key and peer
 *   KEYGEN   KEX, SIG, KEM: a fresh key pair; the public key goes to out (KEM,
 *            and SIG with a nonce_len: from the key_len-byte seed at io->nonce
 *            when it is not NULL, the known-answer form)
 *   SIGN     SIG: sign len bytes (hashing them as the scheme says) into out
 *   VERIFY   SIG: check io->sig over len bytes: CS_OK or CS_MISMATCH
 *   MAC      MAC: the tag of len bytes into out
 *   HANDSHAKE TLS: a new client and server connection, a full handshake (the
 *            server's certificate verified against the test CA), both freed
 *   RESUME   TLS: the same, resuming the session setup made (ticket/PSK)
 *   SEND     TLS: on an open connection the client writes one len-byte record
 *            from in, the server reads it into out
 *   RECV     TLS: the server writes one len-byte record from in, the client
 *            reads it into out
 *   ENCAPS   KEM: to the set-up public key (setup->peer): the ct_len-byte
 *            ciphertext then the out_len-byte shared secret into out; the
 *            randomness m is the nonce_len bytes at io->nonce when it is not
 *            NULL (the known-answer form), else drawn as the library does
 *   DECAPS   KEM: the shared secret of the ct_len-byte ciphertext at io->in
 *            into out, with the key pair of the set-up seed (setup->key); a
 *            ciphertext that does not decrypt gives the implicit-rejection
 *            secret and CS_OK, as FIPS 203 says
 */
#define CS_OP_LIST(X)                                                                              \
	X(SEAL, "seal", CS_UNIT_BYTES)                                                             \
	X(OPEN, "open", CS_UNIT_BYTES)                                                             \
	X(ENCRYPT, "encrypt", CS_UNIT_BYTES)                                                       \
	X(DIGEST, "digest", CS_UNIT_BYTES)                                                         \
	X(DERIVE, "derive", CS_UNIT_OPS)                                                           \
	X(KEYGEN, "keygen", CS_UNIT_OPS)                                                           \
	X(SIGN, "sign", CS_UNIT_OPS)                                                               \
	X(VERIFY, "verify", CS_UNIT_OPS)                                                           \
	X(MAC, "mac", CS_UNIT_BYTES)                                                               \
	X(HANDSHAKE, "handshake", CS_UNIT_OPS)                                                     \
	X(RESUME, "resume", CS_UNIT_OPS)                                                           \
	X(SEND, "send", CS_UNIT_BYTES)                                                             \
	X(RECV, "recv", CS_UNIT_BYTES)                                                             \
	X(ENCAPS, "encaps", CS_UNIT_OPS)                                                           \
	X(DECAPS, "decaps", CS_UNIT_OPS)

/* What an op's rate counts. */
typedef enum cs_unit {
	CS_UNIT_BYTES, /* bytes per second, one cell per size */
	CS_UNIT_OPS    /* whole operations per second, one cell */
} cs_unit;

#define CS_OP_ENUM(id, name, unit) CS_OP_##id,
typedef enum cs_op { CS_OP_LIST(CS_OP_ENUM) CS_OP_COUNT } cs_op;
#undef CS_OP_ENUM

#define CS_OPBIT(op) (1u << (unsigned)(op))

/*
 * One known-answer vector, every field a lowercase hex string ("" = empty,
 * NULL = not used by this kind). Typed from the standard named in `source`.
 */
typedef struct cs_kat {
	const char *source; /* e.g. "FIPS 180-4 example SHA256 one block"; NULL ends a table */
	const char *key;    /* AEAD/CIPHER/MAC key; KEX our private key (X25519: RFC 7748
				   32-byte scalar; P-256: 32-byte big-endian scalar); SIG
				   the private key (Ed25519: 32-byte seed; ECDSA P-256:
				   32-byte big-endian scalar; RSA: DER RSAPrivateKey;
				   ML-DSA: the 32-byte seed xi), NULL for a verify-only
				   vector; KEM: the 64-byte seed d||z */
	const char *nonce;  /* AEAD nonce; CBC IV; KEM: encaps's m (NULL: a
				   decaps-only vector); ML-DSA: sign's rnd */
	const char *aad;    /* AEAD associated data */
	const char *in;	    /* plaintext / message; KEX: peer public key
				   (X25519 32-byte u; P-256 uncompressed 04||X||Y); KEM:
				   the ciphertext */
	const char *out;    /* ciphertext / digest / shared secret (P-256: X coordinate)
				   / MAC tag (compared over its length: may be truncated) /
				   SIG signature (Ed25519 R||S; ECDSA r||s, 32 bytes each;
				   RSA PKCS#1 v1.5, 256 bytes; ML-DSA: the deterministic
				   variant's) / KEM shared secret */
	const char *tag;    /* AEAD tag */
	const char *pub;    /* SIG public key (Ed25519: 32 bytes; ECDSA: 04||X||Y;
				   RSA: DER RSAPublicKey); KEM: the encapsulation key */
} cs_kat;

/* TLS key exchange groups, as the configurations of algs.def name them. */
typedef enum cs_tls_group {
	CS_TLS_X25519,	      /* x25519 (RFC 8446 4.2.7) */
	CS_TLS_SECP256R1,     /* secp256r1 */
	CS_TLS_X25519MLKEM768 /* the hybrid X25519 + ML-KEM-768 (0x11ec) */
} cs_tls_group;

/* The server certificate's key (the test CA signs each; tls_certs.sh). */
typedef enum cs_tls_cert {
	CS_TLS_CERT_ECDSA_P256, /* ecdsa-p256.crt */
	CS_TLS_CERT_RSA_2048,	/* rsa-2048.crt */
	CS_TLS_CERT_ED25519	/* ed25519.crt */
} cs_tls_cert;

/* The record protection. */
typedef enum cs_tls_aead {
	CS_TLS_AES_128_GCM,	 /* TLS_AES_128_GCM_SHA256; 1.2: ECDHE-ECDSA-AES128-GCM-SHA256 */
	CS_TLS_AES_256_GCM,	 /* TLS_AES_256_GCM_SHA384 */
	CS_TLS_CHACHA20_POLY1305 /* TLS_CHACHA20_POLY1305_SHA256 */
} cs_tls_aead;

/* A TLS configuration: what a CS_TLS algorithm negotiates. */
typedef struct cs_tls {
	int version; /* 13 = TLS 1.3, 12 = TLS 1.2 */
	cs_tls_group group;
	cs_tls_cert cert;
	cs_tls_aead aead;
	int on_request; /* 1: only run when named (--alg), not in the default
			      selection */
} cs_tls;

/* One algorithm: what is measured. Core-owned; adapters only point at these. */
typedef struct cs_alg {
	const char *name; /* "aes-128-gcm" */
	cs_kind kind;
	unsigned ops;	    /* CS_OPBIT()s of the operations defined for it */
	size_t key_len;	    /* AEAD/CIPHER/MAC key bytes; KEX private key bytes; SIG
				   private key bytes (RSA: the most a DER key may take;
				   ML-DSA: the seed xi); KEM: the seed d||z */
	size_t nonce_len;   /* AEAD nonce / CBC IV bytes; KEM: encaps's m; SIG: the
				   randomness a sign draws when it has a known-answer
				   form (ML-DSA's rnd: io->nonce, NULL = hedged) */
	size_t tag_len;	    /* AEAD tag bytes */
	size_t out_len;	    /* HASH digest bytes; KEX shared secret bytes; SIG
				   signature bytes; MAC tag bytes */
	size_t pub_len;	    /* KEX/SIG/KEM encoded public key bytes (RSA: the most) */
	size_t ct_len;	    /* KEM ciphertext bytes */
	size_t block_len;   /* CIPHER: len is a multiple of this; else 1 */
	const cs_kat *kats; /* known-answer vectors, ended by source == NULL (TLS:
				   none; its check is the handshake, core/worker/tls.c) */
	cs_tls tls;	    /* CS_TLS: the configuration */
} cs_alg;

/* One object per algorithm of the catalogue (core/workload/algs.def):
   cs_alg_aes_128_gcm, cs_alg_sha256, ... */
#define CS_ALG(id, name, kind, ops, ...) extern const cs_alg cs_alg_##id;
#include "algs.def"
#undef CS_ALG

/* How many algorithms the catalogue has. */
#define CS_ALG(id, name, kind, ops, ...) +1
enum {
	CS_ALG_COUNT = 0
#include "algs.def"
};
#undef CS_ALG

/* Each algorithm's operations as algs.def gives them, as constant expressions
   an impl table can use: .ops = CS_ALG_OPS_sha256. */
#define CS_ALG(id, name, kind, ops, ...) CS_ALG_OPS_##id = (int)(ops),
enum {
#include "algs.def"
};
#undef CS_ALG

/* Every algorithm, in display order, NULL-terminated. */
extern const cs_alg *const cs_algs[];

/* What setup receives. Pointers stay valid until teardown. */
typedef struct cs_setup {
	const cs_alg *alg;
	cs_op op;	      /* the one operation run will be asked to do */
	const uint8_t *key;   /* key_len bytes (KEX, SIG: our private key; may be NULL for
				   a SIG verify) */
	size_t key_len;	      /* bytes at key: alg->key_len, but a MAC key or an RSA
				   DER key may be shorter or longer */
	const uint8_t *peer;  /* KEX derive: peer public key; SIG: our public key */
	size_t peer_len;      /* bytes at peer (alg->pub_len; RSA: the DER length) */
	size_t max_len;	      /* the largest io->len run will see */
	size_t aad_len;	      /* AEAD: io->aad_len run will see */
	const char *tls_ca;   /* TLS: the CA certificate the client trusts (PEM) */
	const char *tls_cert; /* TLS: the server's certificate (PEM), for "localhost" */
	const char *tls_key;  /* TLS: the server's private key (PEM, PKCS#8) */
} cs_setup;

/* What one timed operation works on. */
typedef struct cs_io {
	const uint8_t *in;  /* len bytes: message, plaintext, or ciphertext (open) */
	size_t len;	    /* bytes of in (0 for KEX) */
	uint8_t *out;	    /* AEAD/CIPHER: len bytes; HASH/KEX derive/SIG sign/MAC:
				   alg->out_len; keygen: alg->pub_len (the new public key) */
	const uint8_t *aad; /* AEAD: aad_len bytes */
	size_t aad_len;
	const uint8_t *nonce; /* AEAD: alg->nonce_len bytes, fresh per seal; CBC: the IV;
				 KEM keygen/encaps, ML-DSA keygen/sign: the seed or
				 randomness of the known-answer form (the op's
				 comment above), NULL in a timed cell */
	uint8_t *tag;	      /* AEAD seal: written; open: the tag to verify */
	const uint8_t *sig;   /* SIG verify: the alg->out_len-byte signature to check */
} cs_io;

/* 1 = usable here; 0 = skip (then *why says why, e.g. "needs AES-NI").
   self is the impl asked about, so one function serves a whole table. */
typedef struct cs_impl cs_impl;
typedef int cs_available_fn(const cs_impl *self, const char **why);
/* Untimed: allocate, key schedule, parse keys. ctx is context_size zeroed bytes. */
typedef cs_status cs_setup_fn(void *ctx, const cs_setup *setup);
/* Timed: one operation. CS_MISMATCH when an AEAD tag does not verify. */
typedef cs_status cs_run_fn(void *ctx, const cs_io *io);
/* Untimed: free what setup allocated. Called even when setup failed. */
typedef void cs_teardown_fn(void *ctx);
/* After setup: what actually serves this cell, as "key=value" words, e.g.
   "provider=default" (OpenSSL asks the fetched object, never assumes). */
typedef void cs_describe_fn(void *ctx, char *buf, size_t size);

/* How one library runs one algorithm on one API path. */
struct cs_impl {
	const cs_alg *alg;
	const char *path;	    /* "evp", "fetch", "oneshot", "lowlevel", "psa", ... */
	unsigned ops;		    /* CS_OPBIT()s it runs; subset of alg->ops */
	size_t context_size;	    /* bytes the core allocates (zeroed) for ctx */
	cs_available_fn *available; /* NULL = always available */
	cs_setup_fn *setup;
	cs_run_fn *run;		  /* NULL = this path has no such call: unsupported */
	cs_teardown_fn *teardown; /* NULL = nothing to free */
	const char *why;	  /* when run == NULL: why (shown by `list`); else why
				     the ops of alg->ops missing from ops are not run */
	unsigned flags;		  /* CS_IMPL_* */
	cs_describe_fn *describe; /* NULL = nothing to say */
};

/* The impl computes nothing real (the noop harness probe): skip its KATs. */
#define CS_IMPL_NO_KAT 1u
/* Its signatures differ from the vectors' by design (ECDSA with a random k):
   the KAT checks a signature by verifying it, and its output is not
   fingerprinted; other libraries verify one of its signatures (interop). */
#define CS_IMPL_RANDOMIZED 2u

/* Runtime version string of the library, e.g. "OpenSSL 3.0.19 27 Jan 2026". */
typedef const char *cs_version_fn(void);
/* Build flags/info the library can report (may return ""). */
typedef const char *cs_build_info_fn(void);
/* Called once before any impl is used / once at the end. */
typedef cs_status cs_init_fn(void);
typedef void cs_fini_fn(void);

/*
 * Capability masks: X(ID, "name"). NONE runs the library as it chose; each
 * other mask takes a class of instructions away (SHA extensions, AES and
 * carry-less multiply, every switchable SIMD extension).
 */
#define CS_MASK_LIST(X)                                                                            \
	X(NONE, "none")                                                                            \
	X(NO_SHA, "no-sha")                                                                        \
	X(NO_AES, "no-aes")                                                                        \
	X(SCALAR, "scalar")

#define CS_MASK_ENUM(id, name) CS_MASK_##id,
typedef enum cs_mask { CS_MASK_LIST(CS_MASK_ENUM) CS_MASK_COUNT } cs_mask;
#undef CS_MASK_ENUM

/* The host CPU as the core detected it (core/common/cpu.h). */
struct cs_cpu;

/*
 * Write into *name/value the one environment variable that makes the library
 * run without the mask's instructions on this CPU (its arch and features, as
 * the core detected them: adapters do not probe the CPU themselves). Never
 * called with CS_MASK_NONE. CS_UNSUPPORTED = the library has no such switch
 * (the cells then show the mask as unsupported, never an unmasked number).
 * CS_BAD_PARAM = the mask does not apply to this architecture.
 */
typedef cs_status cs_mask_env_fn(cs_mask mask, const struct cs_cpu *cpu, char *name,
				 size_t name_size, char *value, size_t value_size);
/* What the library says it runs with (CPU capability string), or "". */
typedef const char *cs_cpu_info_fn(void);
/* Why init() failed, quoting the library (e.g. OpenSSL's error for a
   provider that would not load). */
typedef const char *cs_init_error_fn(void);
/* What this worker's variant loaded, e.g. the providers with their versions
   (cs_variant_param below says which variables choose it), or "" for none. */
typedef const char *cs_variant_info_fn(void);

/*
 * One parameter of a library's variants, as `cryptospeed run --variant
 * LIB:[KIND=]VALUE` and `--variant-option LIB:NAME=VALUE` name it, and the
 * environment variable the adapter reads it from (the one place that name is
 * spelled). The orchestrator knows no library's names: it hands the worker
 * CRYPTOSPEED_VARIANT=[KIND=]VALUE and CRYPTOSPEED_VARIANT_OPTION<n>=NAME=VALUE,
 * and the worker sets the variables these entries name before init().
 * A table ends with name == NULL.
 */
typedef struct cs_variant_param {
	const char *name;     /* "provider", "engine", "propq" */
	const char *env;      /* "CRYPTOSPEED_OPENSSL_PROVIDER" */
	const char *of;	      /* NULL: a kind of variant (one worker per value; a bare
				 VALUE is the table's first kind); else the kind this
				 option goes with ("provider") */
	const char *accepted; /* a kind: what its value must be, added to init_error
				 when init() fails (e.g. "a provider OpenSSL can load by
				 name, ...") */
} cs_variant_param;

typedef struct cs_adapter {
	int abi;		  /* CS_ABI_VERSION */
	const char *name;	  /* "openssl": the worker is cryptospeed-worker-<name> */
	const char *const *paths; /* its API paths in display order, NULL-terminated */
	cs_version_fn *version;
	cs_build_info_fn *build_info; /* NULL = none */
	cs_init_fn *init;	      /* NULL = nothing to do */
	cs_fini_fn *fini;	      /* NULL = nothing to do */
	/* Substrings of the shared objects holding the library's code (for
	   evidence sampling), e.g. {"libcrypto.so", NULL}. */
	const char *const *objects;
	cs_mask_env_fn *mask_env;	  /* NULL = no mask switch at all */
	cs_cpu_info_fn *cpu_info;	  /* NULL = none */
	const cs_impl *const *impls;	  /* NULL-terminated */
	cs_init_error_fn *init_error;	  /* NULL = no detail */
	cs_variant_info_fn *variant_info; /* NULL = no variants */
	const cs_variant_param *variants; /* NULL = no variants (ABI 5) */
	/* Why the library runs no TLS algorithm when its impls list none (e.g.
	   "libsodium has no TLS stack"); NULL = "no TLS family in this adapter
	   yet". The worker lists every CS_TLS algorithm the impls do not as
	   unsupported with this why (ABI 6). */
	const char *no_tls;
} cs_adapter;

#endif
