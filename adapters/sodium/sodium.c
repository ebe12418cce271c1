/*
 * libsodium adapter.
 *
 * Paths:
 *  combined  the one-call APIs: AEAD *_encrypt_detached/_decrypt_detached
 *            with the key (AES-256-GCM expands it on every call),
 *            crypto_hash_sha256/512, crypto_scalarmult.
 *  afternm   AES-256-GCM with the key expanded once (crypto_aead_aes256gcm_
 *            beforenm in setup, *_detached_afternm per operation).
 *
 *            crypto_sign_detached (Ed25519, the key pair expanded from its seed
 *            in setup), crypto_auth_hmacsha256_init/update/final.
 *
 * libsodium has no AES-128, no CBC, no SHA-1, no NIST curve and no RSA: those
 * impls have no run and say why. It has no runtime switch to turn CPU features off,
 * so capability masks are unsupported.
 */
#include <stdalign.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "cryptospeed/adapter.h"
#include "text.h"

/*
 * Every algorithm of the catalogue, one line each, in its order:
 *
 *   X(id, how, why)
 *
 * how  OWN: this file defines <id>_combined with libsodium's calls;
 *      OWN_AFTERNM: <id>_combined and <id>_afternm (the precomputed-key
 *      variant); NONE: libsodium lacks it, shown as unsupported with why
 * why  NONE: why; else -
 *
 * A line in NONE is all an algorithm libsodium lacks needs (none at all and
 * it is simply not listed for libsodium).
 */
#define SODIUM_ALGS(X)                                                                             \
	X(aes_128_gcm, NONE, "libsodium has no AES-128-GCM")                                       \
	X(aes_256_gcm, OWN_AFTERNM, -)                                                             \
	X(chacha20_poly1305, OWN, -)                                                               \
	X(aes_128_cbc, NONE, "libsodium has no AES-128-CBC")                                       \
	X(sha1, NONE, "libsodium has no SHA-1")                                                    \
	X(sha256, OWN, -)                                                                          \
	X(sha512, OWN, -)                                                                          \
	X(x25519, OWN, -)                                                                          \
	X(p256, NONE, "libsodium has no P-256 (no NIST curves)")                                   \
	X(ed25519, OWN, -)                                                                         \
	X(ecdsa_p256, NONE, "libsodium has no ECDSA (no NIST curves)")                             \
	X(rsa_2048, NONE, "libsodium has no RSA")                                                  \
	X(hmac_sha256, OWN, -)                                                                     \
	X(ml_kem_768, OWN, -)                                                                      \
	X(ml_dsa_65, NONE, "libsodium has no ML-DSA")                                              \
	/* a new line goes above this one */

/* Stands in for an absent buffer of 0 bytes: libsodium declares some
   pointers nonnull even when their length is 0. */
static unsigned char empty[1];

static inline unsigned char *
or_empty(uint8_t *p)
{
	return p ? p : empty;
}

static inline const unsigned char *
or_empty_const(const uint8_t *p)
{
	return p ? p : empty;
}

/* ---- AEAD, combined: the key goes with every call ---- */

struct aead_ctx {
	cs_op op;
	unsigned char key[32];
};

static cs_status
aead_keep_key(struct aead_ctx *c, const cs_setup *setup, size_t key_len, size_t max_len)
{
	if (setup->op != CS_OP_SEAL && setup->op != CS_OP_OPEN)
		return CS_BAD_PARAM;
	if (setup->alg->key_len != key_len || key_len > sizeof c->key)
		return CS_BAD_PARAM;
	if (setup->max_len > max_len)
		return CS_BAD_PARAM;
	c->op = setup->op;
	memcpy(c->key, setup->key, key_len);
	return CS_OK;
}

static cs_available_fn aes256gcm_available;
static cs_setup_fn aes256gcm_setup;
static cs_run_fn aes256gcm_run;
static cs_setup_fn chacha20poly1305_setup;
static cs_run_fn chacha20poly1305_run;

static int
aes256gcm_available(const cs_impl *self, const char **why)
{
	(void)self;
	/* The CPU probe is filled by sodium_init(); it is idempotent. */
	if (sodium_init() < 0) {
		*why = "sodium_init() failed";
		return 0;
	}
	if (!crypto_aead_aes256gcm_is_available()) {
		*why = "libsodium's AES-256-GCM needs AES-NI and PCLMUL";
		return 0;
	}
	return 1;
}

static cs_status
aes256gcm_setup(void *ctx, const cs_setup *setup)
{
	return aead_keep_key(ctx, setup, crypto_aead_aes256gcm_KEYBYTES,
			     crypto_aead_aes256gcm_messagebytes_max());
}

static cs_status
aes256gcm_run(void *ctx, const cs_io *io)
{
	const struct aead_ctx *c = ctx;

	if (c->op == CS_OP_SEAL) {
		if (crypto_aead_aes256gcm_encrypt_detached(or_empty(io->out), io->tag, NULL, io->in,
							   io->len, io->aad, io->aad_len, NULL,
							   io->nonce, c->key) != 0)
			return CS_LIB_ERROR;
		return CS_OK;
	}
	if (crypto_aead_aes256gcm_decrypt_detached(io->out, NULL, or_empty_const(io->in), io->len,
						   io->tag, io->aad, io->aad_len, io->nonce,
						   c->key) != 0)
		return CS_MISMATCH;
	return CS_OK;
}

static cs_status
chacha20poly1305_setup(void *ctx, const cs_setup *setup)
{
	return aead_keep_key(ctx, setup, crypto_aead_chacha20poly1305_ietf_KEYBYTES,
			     crypto_aead_chacha20poly1305_ietf_messagebytes_max());
}

static cs_status
chacha20poly1305_run(void *ctx, const cs_io *io)
{
	const struct aead_ctx *c = ctx;

	if (c->op == CS_OP_SEAL) {
		if (crypto_aead_chacha20poly1305_ietf_encrypt_detached(
			    or_empty(io->out), io->tag, NULL, io->in, io->len, io->aad, io->aad_len,
			    NULL, io->nonce, c->key) != 0)
			return CS_LIB_ERROR;
		return CS_OK;
	}
	if (crypto_aead_chacha20poly1305_ietf_decrypt_detached(
		    io->out, NULL, or_empty_const(io->in), io->len, io->tag, io->aad, io->aad_len,
		    io->nonce, c->key) != 0)
		return CS_MISMATCH;
	return CS_OK;
}

/* ---- AES-256-GCM, afternm: the key expanded once in setup ---- */

/*
 * crypto_aead_aes256gcm_state must be 16-byte aligned. The core promises
 * nothing about ctx's alignment, so setup allocates the state aligned.
 */
struct afternm_ctx {
	cs_op op;
	crypto_aead_aes256gcm_state *state;
};

static cs_setup_fn afternm_setup;
static cs_run_fn afternm_run;
static cs_teardown_fn afternm_teardown;

static cs_status
afternm_setup(void *ctx, const cs_setup *setup)
{
	struct afternm_ctx *c = ctx;

	if (setup->op != CS_OP_SEAL && setup->op != CS_OP_OPEN)
		return CS_BAD_PARAM;
	if (setup->alg->key_len != crypto_aead_aes256gcm_KEYBYTES ||
	    setup->max_len > crypto_aead_aes256gcm_messagebytes_max())
		return CS_BAD_PARAM;
	c->op = setup->op;
	/* aligned_alloc wants a size that is a multiple of the alignment. */
	size_t align = alignof(crypto_aead_aes256gcm_state);
	size_t size = (sizeof(crypto_aead_aes256gcm_state) + align - 1) / align * align;
	c->state = aligned_alloc(align, size);
	if (!c->state)
		return CS_NO_MEMORY;
	if (crypto_aead_aes256gcm_beforenm(c->state, setup->key) != 0)
		return CS_LIB_ERROR;
	return CS_OK;
}

static cs_status
afternm_run(void *ctx, const cs_io *io)
{
	const struct afternm_ctx *c = ctx;

	if (c->op == CS_OP_SEAL) {
		if (crypto_aead_aes256gcm_encrypt_detached_afternm(
			    or_empty(io->out), io->tag, NULL, io->in, io->len, io->aad, io->aad_len,
			    NULL, io->nonce, c->state) != 0)
			return CS_LIB_ERROR;
		return CS_OK;
	}
	if (crypto_aead_aes256gcm_decrypt_detached_afternm(io->out, NULL, or_empty_const(io->in),
							   io->len, io->tag, io->aad, io->aad_len,
							   io->nonce, c->state) != 0)
		return CS_MISMATCH;
	return CS_OK;
}

static void
afternm_teardown(void *ctx)
{
	struct afternm_ctx *c = ctx;

	if (c->state)
		sodium_memzero(c->state, sizeof *c->state);
	free(c->state);
	c->state = NULL;
}

/* ---- Hashes: one call is one whole hash ---- */

static cs_setup_fn hash_setup;
static cs_run_fn sha256_run;
static cs_run_fn sha512_run;

static cs_status
hash_setup(void *ctx, const cs_setup *setup)
{
	(void)ctx;
	return setup->op == CS_OP_DIGEST ? CS_OK : CS_BAD_PARAM;
}

static cs_status
sha256_run(void *ctx, const cs_io *io)
{
	(void)ctx;
	return crypto_hash_sha256(io->out, io->in, io->len) == 0 ? CS_OK : CS_LIB_ERROR;
}

static cs_status
sha512_run(void *ctx, const cs_io *io)
{
	(void)ctx;
	return crypto_hash_sha512(io->out, io->in, io->len) == 0 ? CS_OK : CS_LIB_ERROR;
}

/* ---- X25519 ---- */

struct x25519_ctx {
	cs_op op;
	unsigned char priv[crypto_scalarmult_SCALARBYTES];
	unsigned char peer[crypto_scalarmult_BYTES];
};

static cs_setup_fn x25519_setup;
static cs_run_fn x25519_run;

static cs_status
x25519_setup(void *ctx, const cs_setup *setup)
{
	struct x25519_ctx *c = ctx;

	c->op = setup->op;
	if (setup->op == CS_OP_KEYGEN)
		return CS_OK;
	if (setup->op != CS_OP_DERIVE || !setup->key || !setup->peer)
		return CS_BAD_PARAM;
	if (setup->alg->key_len != sizeof c->priv || setup->alg->pub_len != sizeof c->peer)
		return CS_BAD_PARAM;
	memcpy(c->priv, setup->key, sizeof c->priv);
	memcpy(c->peer, setup->peer, sizeof c->peer);
	return CS_OK;
}

static cs_status
x25519_run(void *ctx, const cs_io *io)
{
	struct x25519_ctx *c = ctx;

	if (c->op == CS_OP_DERIVE) {
		/* -1 = the peer's point has small order (an all-zero secret). */
		if (crypto_scalarmult(io->out, c->priv, c->peer) != 0)
			return CS_LIB_ERROR;
		return CS_OK;
	}
	randombytes_buf(c->priv, sizeof c->priv);
	if (crypto_scalarmult_base(io->out, c->priv) != 0)
		return CS_LIB_ERROR;
	return CS_OK;
}

/* ---- Ed25519 ---- */

struct ed25519_ctx {
	cs_op op;
	unsigned char pk[crypto_sign_PUBLICKEYBYTES];
	unsigned char sk[crypto_sign_SECRETKEYBYTES]; /* seed || public key */
};

static cs_setup_fn ed25519_setup;
static cs_run_fn ed25519_run;

static cs_status
ed25519_setup(void *ctx, const cs_setup *setup)
{
	struct ed25519_ctx *c = ctx;
	c->op = setup->op;
	if (c->op == CS_OP_KEYGEN)
		return CS_OK;
	if (c->op == CS_OP_SIGN) {
		if (setup->key_len != crypto_sign_SEEDBYTES)
			return CS_BAD_PARAM;
		return crypto_sign_seed_keypair(c->pk, c->sk, setup->key) == 0 ? CS_OK
									       : CS_LIB_ERROR;
	}
	if (c->op != CS_OP_VERIFY || setup->peer_len != sizeof c->pk)
		return CS_BAD_PARAM;
	memcpy(c->pk, setup->peer, sizeof c->pk);
	return CS_OK;
}

static cs_status
ed25519_run(void *ctx, const cs_io *io)
{
	struct ed25519_ctx *c = ctx;
	if (c->op == CS_OP_SIGN) {
		if (crypto_sign_detached(io->out, NULL, or_empty_const(io->in), io->len, c->sk) !=
		    0)
			return CS_LIB_ERROR;
#ifdef CS_FAULT_FLIP_SIG
		io->out[7] ^= 0x10; /* a seeded fault (tests/CMakeLists.txt): one bit wrong */
#endif
		return CS_OK;
	}
	if (c->op == CS_OP_VERIFY)
		return crypto_sign_verify_detached(io->sig, or_empty_const(io->in), io->len,
						   c->pk) == 0
			       ? CS_OK
			       : CS_MISMATCH;
	unsigned char sk[crypto_sign_SECRETKEYBYTES];
	int r = crypto_sign_keypair(io->out, sk);
	sodium_memzero(sk, sizeof sk);
	return r == 0 ? CS_OK : CS_LIB_ERROR;
}

/* ---- HMAC-SHA-256 ---- */

struct hmac_ctx {
	crypto_auth_hmacsha256_state keyed; /* the state after the key, copied per op */
};

static cs_setup_fn hmac_setup;
static cs_run_fn hmac_run;

static cs_status
hmac_setup(void *ctx, const cs_setup *setup)
{
	struct hmac_ctx *c = ctx;
	if (setup->op != CS_OP_MAC)
		return CS_BAD_PARAM;
	return crypto_auth_hmacsha256_init(&c->keyed, or_empty_const(setup->key), setup->key_len) ==
			       0
		       ? CS_OK
		       : CS_LIB_ERROR;
}

static cs_status
hmac_run(void *ctx, const cs_io *io)
{
	struct hmac_ctx *c = ctx;
	crypto_auth_hmacsha256_state st = c->keyed;
	if (crypto_auth_hmacsha256_update(&st, or_empty_const(io->in), io->len) != 0 ||
	    crypto_auth_hmacsha256_final(&st, io->out) != 0)
		return CS_LIB_ERROR;
	return CS_OK;
}

/* ---- The table ---- */

static const cs_impl aes_256_gcm_combined = {
	.alg = &cs_alg_aes_256_gcm,
	.path = "combined",
	.ops = CS_ALG_OPS_aes_256_gcm,
	.context_size = sizeof(struct aead_ctx),
	.available = aes256gcm_available,
	.setup = aes256gcm_setup,
	.run = aes256gcm_run,
};
static const cs_impl aes_256_gcm_afternm = {
	.alg = &cs_alg_aes_256_gcm,
	.path = "afternm",
	.ops = CS_ALG_OPS_aes_256_gcm,
	.context_size = sizeof(struct afternm_ctx),
	.available = aes256gcm_available,
	.setup = afternm_setup,
	.run = afternm_run,
	.teardown = afternm_teardown,
};
static const cs_impl chacha20_poly1305_combined = {
	.alg = &cs_alg_chacha20_poly1305,
	.path = "combined",
	.ops = CS_ALG_OPS_chacha20_poly1305,
	.context_size = sizeof(struct aead_ctx),
	.setup = chacha20poly1305_setup,
	.run = chacha20poly1305_run,
};
static const cs_impl sha256_combined = {
	.alg = &cs_alg_sha256,
	.path = "combined",
	.ops = CS_ALG_OPS_sha256,
	.setup = hash_setup,
	.run = sha256_run,
};
static const cs_impl sha512_combined = {
	.alg = &cs_alg_sha512,
	.path = "combined",
	.ops = CS_ALG_OPS_sha512,
	.setup = hash_setup,
	.run = sha512_run,
};
static const cs_impl x25519_combined = {
	.alg = &cs_alg_x25519,
	.path = "combined",
	.ops = CS_ALG_OPS_x25519,
	.context_size = sizeof(struct x25519_ctx),
	.setup = x25519_setup,
	.run = x25519_run,
};

static const cs_impl ed25519_combined = {
	.alg = &cs_alg_ed25519,
	.path = "combined",
	.ops = CS_ALG_OPS_ed25519,
	.context_size = sizeof(struct ed25519_ctx),
	.setup = ed25519_setup,
	.run = ed25519_run,
};
static const cs_impl hmac_sha256_combined = {
	.alg = &cs_alg_hmac_sha256,
	.path = "combined",
	.ops = CS_ALG_OPS_hmac_sha256,
	.context_size = sizeof(struct hmac_ctx),
	.setup = hmac_setup,
	.run = hmac_run,
};

/* ---- ML-KEM-768 (1.0.22: crypto_kem_mlkem768) ---- */

#ifdef crypto_kem_mlkem768_PUBLICKEYBYTES
struct mlkem_ctx {
	cs_op op;
	unsigned char pk[crypto_kem_mlkem768_PUBLICKEYBYTES];
	unsigned char sk[crypto_kem_mlkem768_SECRETKEYBYTES];
};

static cs_setup_fn mlkem_setup;
static cs_run_fn mlkem_run;

static cs_status
mlkem_setup(void *ctx, const cs_setup *setup)
{
	struct mlkem_ctx *c = ctx;
	c->op = setup->op;
	switch (c->op) {
	case CS_OP_KEYGEN: return CS_OK;
	case CS_OP_ENCAPS:
		if (!setup->peer || setup->peer_len != sizeof c->pk)
			return CS_BAD_PARAM;
		memcpy(c->pk, setup->peer, sizeof c->pk);
		return CS_OK;
	case CS_OP_DECAPS:
		if (!setup->key || setup->key_len != crypto_kem_mlkem768_SEEDBYTES)
			return CS_BAD_PARAM;
		return crypto_kem_mlkem768_seed_keypair(c->pk, c->sk, setup->key) == 0
			       ? CS_OK
			       : CS_LIB_ERROR;
	default: return CS_UNSUPPORTED;
	}
}

/* keygen and encaps from io->nonce when given (the known answers), else with
   libsodium's randomness */
static cs_status
mlkem_run(void *ctx, const cs_io *io)
{
	struct mlkem_ctx *c = ctx;
	int r;
	switch (c->op) {
	case CS_OP_KEYGEN:
		r = io->nonce ? crypto_kem_mlkem768_seed_keypair(io->out, c->sk, io->nonce)
			      : crypto_kem_mlkem768_keypair(io->out, c->sk);
		break;
	case CS_OP_ENCAPS:
		r = io->nonce
			    ? crypto_kem_mlkem768_enc_deterministic(
				      io->out, io->out + crypto_kem_mlkem768_CIPHERTEXTBYTES, c->pk,
				      io->nonce)
			    : crypto_kem_mlkem768_enc(io->out,
						      io->out + crypto_kem_mlkem768_CIPHERTEXTBYTES,
						      c->pk);
		break;
	case CS_OP_DECAPS: r = crypto_kem_mlkem768_dec(io->out, io->in, c->sk); break;
	default: return CS_UNSUPPORTED;
	}
	return r == 0 ? CS_OK : CS_LIB_ERROR;
}

static const cs_impl ml_kem_768_combined = {
	.alg = &cs_alg_ml_kem_768,
	.path = "combined",
	.ops = CS_ALG_OPS_ml_kem_768,
	.context_size = sizeof(struct mlkem_ctx),
	.setup = mlkem_setup,
	.run = mlkem_run,
};
#else
static const cs_impl ml_kem_768_combined = {
	.alg = &cs_alg_ml_kem_768,
	.path = "combined",
	.ops = CS_ALG_OPS_ml_kem_768,
	.why = "needs libsodium 1.0.22 (crypto_kem_mlkem768); this worker is built with "
	       "libsodium " SODIUM_VERSION_STRING,
};
#endif

/* One unsupported impl per NONE line. */
#define NONE_IMPL_NONE(id, reason)                                                                 \
	static const cs_impl id##_combined = {                                                     \
		.alg = &cs_alg_##id,                                                               \
		.path = "combined",                                                                \
		.ops = CS_ALG_OPS_##id,                                                            \
		.why = reason,                                                                     \
	};
#define NONE_IMPL_OWN(id, reason)
#define NONE_IMPL_OWN_AFTERNM(id, reason)
#define NONE_IMPL(id, how, reason) NONE_IMPL_##how(id, reason)
SODIUM_ALGS(NONE_IMPL)
#undef NONE_IMPL

#define IMPLS_NONE(id) &id##_combined,
#define IMPLS_OWN(id) &id##_combined,
#define IMPLS_OWN_AFTERNM(id) &id##_combined, &id##_afternm,
#define IMPLS(id, how, reason) IMPLS_##how(id)
static const cs_impl *const impls[] = {SODIUM_ALGS(IMPLS) NULL};
#undef IMPLS

/* ---- The adapter ---- */

static cs_init_fn sodium_adapter_init;
static cs_version_fn sodium_adapter_version;
static cs_build_info_fn sodium_adapter_build_info;
static cs_cpu_info_fn sodium_adapter_cpu_info;

static cs_status
sodium_adapter_init(void)
{
	return sodium_init() < 0 ? CS_LIB_ERROR : CS_OK;
}

static const char *
sodium_adapter_version(void)
{
	return sodium_version_string();
}

static const char *
sodium_adapter_build_info(void)
{
	static char buf[64];

	snprintf(buf, sizeof buf, "library version %d.%d%s", sodium_library_version_major(),
		 sodium_library_version_minor(), sodium_library_minimal() ? ", minimal" : "");
	return buf;
}

/* The CPU features sodium_init() detected, as libsodium names them. */
static const char *
sodium_adapter_cpu_info(void)
{
	static char buf[128];
	static const struct {
		const char *name;
		int (*has)(void);
	} features[] = {
		{"neon", sodium_runtime_has_neon},     {"sse2", sodium_runtime_has_sse2},
		{"sse3", sodium_runtime_has_sse3},     {"ssse3", sodium_runtime_has_ssse3},
		{"sse41", sodium_runtime_has_sse41},   {"avx", sodium_runtime_has_avx},
		{"avx2", sodium_runtime_has_avx2},     {"avx512f", sodium_runtime_has_avx512f},
		{"pclmul", sodium_runtime_has_pclmul}, {"aesni", sodium_runtime_has_aesni},
		{"rdrand", sodium_runtime_has_rdrand},
	};
	const char *have[sizeof features / sizeof features[0]];
	size_t n = 0;
	for (size_t i = 0; i < sizeof features / sizeof features[0]; i++)
		if (features[i].has())
			have[n++] = features[i].name;
	cs_join(buf, sizeof buf, have, n, sizeof have[0], false, " ");
	return buf;
}

static const char *const paths[] = {"combined", "afternm", NULL};
static const char *const objects[] = {"libsodium", NULL};

const cs_adapter cs_adapter_sodium = {
	.abi = CS_ABI_VERSION,
	.name = "sodium",
	.paths = paths,
	.version = sodium_adapter_version,
	.build_info = sodium_adapter_build_info,
	.init = sodium_adapter_init,
	.objects = objects,
	.mask_env = NULL,
	.cpu_info = sodium_adapter_cpu_info,
	.impls = impls,
	.no_tls = "libsodium has no TLS stack",
};
