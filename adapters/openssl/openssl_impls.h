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

/* Load the provider or start the engine the environment names
   (CRYPTOSPEED_OPENSSL_PROVIDER, _PROVIDER_PATH, _PROPQ, _ENGINE). */
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

extern const cs_impl cs_openssl_aes_128_gcm_evp, cs_openssl_aes_128_gcm_fetch,
	cs_openssl_aes_128_gcm_oneshot, cs_openssl_aes_128_gcm_lowlevel;
extern const cs_impl cs_openssl_aes_256_gcm_evp, cs_openssl_aes_256_gcm_fetch,
	cs_openssl_aes_256_gcm_oneshot, cs_openssl_aes_256_gcm_lowlevel;
extern const cs_impl cs_openssl_chacha20_poly1305_evp, cs_openssl_chacha20_poly1305_fetch,
	cs_openssl_chacha20_poly1305_oneshot, cs_openssl_chacha20_poly1305_lowlevel;
extern const cs_impl cs_openssl_aes_128_cbc_evp, cs_openssl_aes_128_cbc_fetch,
	cs_openssl_aes_128_cbc_oneshot, cs_openssl_aes_128_cbc_lowlevel;
extern const cs_impl cs_openssl_sha1_evp, cs_openssl_sha1_fetch, cs_openssl_sha1_oneshot,
	cs_openssl_sha1_lowlevel;
extern const cs_impl cs_openssl_sha256_evp, cs_openssl_sha256_fetch, cs_openssl_sha256_oneshot,
	cs_openssl_sha256_lowlevel;
extern const cs_impl cs_openssl_sha512_evp, cs_openssl_sha512_fetch, cs_openssl_sha512_oneshot,
	cs_openssl_sha512_lowlevel;
extern const cs_impl cs_openssl_x25519_evp, cs_openssl_x25519_fetch, cs_openssl_x25519_oneshot,
	cs_openssl_x25519_lowlevel;
extern const cs_impl cs_openssl_p256_evp, cs_openssl_p256_fetch, cs_openssl_p256_oneshot,
	cs_openssl_p256_lowlevel;
extern const cs_impl cs_openssl_ed25519_evp, cs_openssl_ed25519_fetch, cs_openssl_ed25519_oneshot,
	cs_openssl_ed25519_lowlevel;
extern const cs_impl cs_openssl_ecdsa_p256_evp, cs_openssl_ecdsa_p256_fetch,
	cs_openssl_ecdsa_p256_oneshot, cs_openssl_ecdsa_p256_lowlevel;
extern const cs_impl cs_openssl_rsa_2048_evp, cs_openssl_rsa_2048_fetch,
	cs_openssl_rsa_2048_oneshot, cs_openssl_rsa_2048_lowlevel;
extern const cs_impl cs_openssl_hmac_sha256_evp, cs_openssl_hmac_sha256_fetch,
	cs_openssl_hmac_sha256_oneshot, cs_openssl_hmac_sha256_lowlevel;

#endif
