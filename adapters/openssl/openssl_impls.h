/*
 * The OpenSSL adapter's impls, one object per (algorithm, path), and what the
 * adapter's files share. openssl.c lists them in the adapter's table.
 * The files depend in one direction: symmetric.c, pkey.c and lowlevel.c use
 * names.c and variant.c; variant.c uses names.c; names.c uses nothing.
 *
 *   names.c      what OpenSSL calls each algorithm (EVP objects, fetch names)
 *   symmetric.c  hashes, AES-CBC, AEADs on the evp, fetch and oneshot paths
 *   pkey.c       X25519, P-256 on the evp, fetch and oneshot paths
 *   lowlevel.c   the deprecated SHA*_, AES_ and EC_KEY calls
 *   sig.c        Ed25519, ECDSA P-256, RSA-2048 on the evp, fetch and oneshot paths
 *   sig_lowlevel.c  RSA_sign / ECDSA_do_sign and their verifies
 *   mac.c        HMAC-SHA256 on the four paths
 *   pq.c         ML-KEM-768, ML-DSA-65 (OpenSSL 3.5) on the fetch path
 *   tls.c        the TLS configurations through libssl (path tls)
 *   variant.c    the provider or engine the worker runs with, and what
 *                served a cell (describe)
 */
#ifndef CS_OPENSSL_IMPLS_H
#define CS_OPENSSL_IMPLS_H

#include <stdint.h>

#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/opensslv.h>

#include "cryptospeed/adapter.h"

/* 1 when the library has the 3.0 API (EVP_*_fetch, OSSL_PARAM, providers).
   -DCS_OPENSSL_3=0 -DOPENSSL_SUPPRESS_DEPRECATED builds the 1.1.1 code against
   3.x headers, to test it where no 1.1.1 is installed. */
#ifndef CS_OPENSSL_3
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
#define CS_OPENSSL_3 1
#else
#define CS_OPENSSL_3 0
#endif
#endif

/* Why the fetch path (and other 3.0-only calls) cannot run on this build. */
#define CS_OPENSSL_NEEDS_3                                                                         \
	"needs OpenSSL 3.0 (EVP_*_fetch); this worker is built with " OPENSSL_VERSION_TEXT

/* A library call failed: drop the error queue it left, say so. */
static inline cs_status
cs_openssl_lib_error(void)
{
	ERR_clear_error();
	return CS_LIB_ERROR;
}

/* The P-256 public point 04||X||Y of a 32-byte big-endian private scalar.
   CS_OK, CS_LIB_ERROR or CS_NO_MEMORY. */
cs_status cs_openssl_p256_public(const uint8_t priv[32], uint8_t pub[65]);
/* A P-256 EVP_PKEY from its public point and, for a key pair, its scalar
   (priv NULL: a public key). */
cs_status cs_openssl_p256_pkey(const uint8_t *priv, const uint8_t pub[65], EVP_PKEY **out);

/* names.c: the implicitly fetched objects of the evp and oneshot paths
   (EVP_sha256(), EVP_aes_128_gcm(), ...), and the name the fetch path fetches
   ("SHA2-256", 3.0 only); NULL for an algorithm they do not cover. */
const EVP_MD *cs_openssl_implicit_md(const cs_alg *alg);
const EVP_CIPHER *cs_openssl_implicit_cipher(const cs_alg *alg);
const char *cs_openssl_fetch_name(const cs_alg *alg);
/* names.c: a key agreement's key management and exchange names ("X25519",
   "X25519"; "EC", "ECDH"). */
void cs_openssl_kex_names(const cs_alg *alg, const char **keymgmt, const char **exchange);
/* names.c: a signature's key management and signature names ("ED25519",
   "ED25519"; "EC", "ECDSA"; "RSA", "RSA"). */
void cs_openssl_sig_names(const cs_alg *alg, const char **keymgmt, const char **signature);

/* ---- variant.c: the provider or engine this worker runs with ---- */

/* How a path reaches the algorithm, which decides who can serve it. */
typedef enum cs_openssl_route {
	CS_OPENSSL_IMPLICIT, /* evp, oneshot: EVP_sha256()-style objects (providers and engines) */
	CS_OPENSSL_FETCHED,  /* fetch: EVP_*_fetch, EVP_PKEY_CTX_new_from_* (providers only) */
	CS_OPENSSL_LOWLEVEL, /* lowlevel: SHA256_Init, AES_encrypt, EC_KEY (neither) */
} cs_openssl_route;

/* The variants: kinds provider and engine, options provider-path and propq,
   each with the environment variable that carries it. */
extern const cs_variant_param cs_openssl_variants[];
/* Load the provider or start the engine the environment names (the
   variables of cs_openssl_variants). */
cs_status cs_openssl_variant_init(void);
void cs_openssl_variant_fini(void);
const char *cs_openssl_init_error(void);
const char *cs_openssl_variant_info(void);
/* 1 when the capability masks (OPENSSL_ia32cap/armcap) apply to the code the
   variant runs: no variant, or only OpenSSL's own providers. */
int cs_openssl_variant_maskable(void);
/* libcrypto.so and the objects the variant loaded, NULL-terminated. */
extern const char *cs_openssl_objects[];

/* Every impl's available(): 1 = the variant serves the impl's algorithm on
   its route (the path decides the route: "fetch" fetched, "lowlevel" low
   level, the others implicit; a provider: its fetch succeeds, probed once). */
cs_available_fn cs_openssl_available;

/* What served a cell, as "provider=NAME", "engine=ID" or "builtin" (1.1.1's
   built-in methods), asking OpenSSL about the object the cell used: a digest
   (the one passed to EVP_DigestInit*: for the implicit route, what OpenSSL
   fetched or the engine for it), a cipher context after init, a key context
   after derive_init / keygen_init (pkey_id: EVP_PKEY_X25519 or EVP_PKEY_EC). */
void cs_openssl_describe_md(const EVP_MD *md, cs_openssl_route route, char *buf, size_t size);
void cs_openssl_describe_cipher_ctx(const EVP_CIPHER_CTX *cctx, char *buf, size_t size);
void cs_openssl_describe_pkey_ctx(EVP_PKEY_CTX *pctx, int pkey_id, char *buf, size_t size);

/*
 * Every algorithm the adapter runs, one line each, in the catalogue's order:
 *
 *   X(id, FAMILY, implicit, "name", "name2", lowlevel)
 *
 * id       the catalogue's id (algs.def): cs_alg_<id>; the impls are
 *          cs_openssl_<id>_evp, _fetch, _oneshot (and _lowlevel)
 * FAMILY   which file's functions run it on the evp, fetch and oneshot paths:
 *          DIGEST, AEAD, CBC (symmetric.c), KEX (pkey.c), SIG, SIGR (sig.c;
 *          SIGR: OpenSSL draws a random k, CS_IMPL_RANDOMIZED), MAC (mac.c),
 *          PQKEM, PQSIG (pq.c: ML-KEM and ML-DSA, OpenSSL 3.5, fetch path)
 * implicit the EVP_*() object of the evp and oneshot paths (EVP_MD for a
 *          DIGEST, EVP_CIPHER for an AEAD or CBC), NULL for the others
 * name     what the fetch path fetches ("SHA2-256"); KEX, SIG: the key
 *          management name ("EC")
 * name2    KEX: the exchange ("ECDH"); SIG: the signature ("ECDSA"); PQKEM: the
 *          KEM; PQSIG: the signature; else NULL
 * lowlevel Y: a cs_openssl_<id>_lowlevel impl exists (lowlevel.c,
 *          sig_lowlevel.c, mac.c: the library's own calls); N: none
 *
 * openssl.c lists the impls, names.c answers name questions, and each family
 * file defines its impls, all from these lines: a new EVP algorithm of a
 * family the adapter runs is one line here.
 */
#define CS_OPENSSL_ALGS(X)                                                                         \
	X(aes_128_gcm, AEAD, EVP_aes_128_gcm, "AES-128-GCM", NULL, Y)                              \
	X(aes_256_gcm, AEAD, EVP_aes_256_gcm, "AES-256-GCM", NULL, Y)                              \
	X(chacha20_poly1305, AEAD, EVP_chacha20_poly1305, "ChaCha20-Poly1305", NULL, Y)            \
	X(aes_128_cbc, CBC, EVP_aes_128_cbc, "AES-128-CBC", NULL, Y)                               \
	X(sha1, DIGEST, EVP_sha1, "SHA1", NULL, Y)                                                 \
	X(sha256, DIGEST, EVP_sha256, "SHA2-256", NULL, Y)                                         \
	X(sha512, DIGEST, EVP_sha512, "SHA2-512", NULL, Y)                                         \
	X(x25519, KEX, NULL, "X25519", "X25519", Y)                                                \
	X(p256, KEX, NULL, "EC", "ECDH", Y)                                                        \
	X(ed25519, SIG, NULL, "ED25519", "ED25519", Y)                                             \
	X(ecdsa_p256, SIGR, NULL, "EC", "ECDSA", Y)                                                \
	X(rsa_2048, SIG, NULL, "RSA", "RSA", Y)                                                    \
	X(hmac_sha256, MAC, NULL, NULL, NULL, Y)                                                   \
	X(ml_kem_768, PQKEM, NULL, "ML-KEM-768", "ML-KEM-768", N)                                  \
	X(ml_dsa_65, PQSIG, NULL, "ML-DSA-65", "ML-DSA-65", N)                                     \
	/* a new line goes above this one */

/* The TLS configurations libssl runs (tls.c), one line each: X(id) names the
   algs.def configuration; the impl is cs_openssl_<id>_tls on path "tls". */
#define CS_OPENSSL_TLS(X)                                                                          \
	X(tls13_x25519_ecdsa_aes128gcm)                                                            \
	X(tls13_p256_ecdsa_aes128gcm)                                                              \
	X(tls13_mlkem_ecdsa_aes128gcm)                                                             \
	X(tls13_x25519_rsa_aes128gcm)                                                              \
	X(tls13_x25519_ed25519_aes128gcm)                                                          \
	X(tls13_x25519_ecdsa_aes256gcm)                                                            \
	X(tls13_x25519_ecdsa_chacha20)                                                             \
	X(tls12_p256_ecdsa_aes128gcm)                                                              \
	/* a new line goes above this one */
#define CS_OPENSSL_TLS_DECLARE(id) extern const cs_impl cs_openssl_##id##_tls;
CS_OPENSSL_TLS(CS_OPENSSL_TLS_DECLARE)
#undef CS_OPENSSL_TLS_DECLARE

/* Built without ChaCha20-Poly1305: its line stays, its implicit object is NULL. */
#if defined(OPENSSL_NO_CHACHA) || defined(OPENSSL_NO_POLY1305)
#define EVP_chacha20_poly1305 cs_openssl_no_cipher
const EVP_CIPHER *cs_openssl_no_cipher(void);
#endif

/* The impls the lines name. */
#define CS_OPENSSL_LOWLEVEL_Y(id) , cs_openssl_##id##_lowlevel
#define CS_OPENSSL_LOWLEVEL_N(id)
#define CS_OPENSSL_DECLARE(id, family, implicit, name, name2, lowlevel)                            \
	extern const cs_impl cs_openssl_##id##_evp, cs_openssl_##id##_fetch,                       \
		cs_openssl_##id##_oneshot CS_OPENSSL_LOWLEVEL_##lowlevel(id);
CS_OPENSSL_ALGS(CS_OPENSSL_DECLARE)
#undef CS_OPENSSL_DECLARE

/* A family file defines the impls of its families' lines with
   CS_OPENSSL_ALGS(X) and an X that expands FILE_<FAMILY>(id); the families
   it does not run expand to nothing: */
#define CS_OPENSSL_NONE(id)

#endif
