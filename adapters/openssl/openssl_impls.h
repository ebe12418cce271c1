/*
 * The OpenSSL adapter's impls, one object per (algorithm, path), and what the
 * adapter's files share. openssl.c lists them in the adapter's table.
 *
 *   symmetric.c  hashes, AES-CBC, AEADs on the evp, fetch and oneshot paths
 *   pkey.c       X25519, P-256 on the evp, fetch and oneshot paths
 *   lowlevel.c   the deprecated SHA*_, AES_ and EC_KEY calls
 */
#ifndef CS_OPENSSL_IMPLS_H
#define CS_OPENSSL_IMPLS_H

#include <stdint.h>

#include <openssl/err.h>
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
#define CS_OPENSSL_NEEDS_3 \
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

extern const cs_impl cs_openssl_aes_128_gcm_evp, cs_openssl_aes_128_gcm_fetch,
	cs_openssl_aes_128_gcm_oneshot, cs_openssl_aes_128_gcm_lowlevel;
extern const cs_impl cs_openssl_aes_256_gcm_evp, cs_openssl_aes_256_gcm_fetch,
	cs_openssl_aes_256_gcm_oneshot, cs_openssl_aes_256_gcm_lowlevel;
extern const cs_impl cs_openssl_chacha20_poly1305_evp, cs_openssl_chacha20_poly1305_fetch,
	cs_openssl_chacha20_poly1305_oneshot, cs_openssl_chacha20_poly1305_lowlevel;
extern const cs_impl cs_openssl_aes_128_cbc_evp, cs_openssl_aes_128_cbc_fetch,
	cs_openssl_aes_128_cbc_oneshot, cs_openssl_aes_128_cbc_lowlevel;
extern const cs_impl cs_openssl_sha1_evp, cs_openssl_sha1_fetch,
	cs_openssl_sha1_oneshot, cs_openssl_sha1_lowlevel;
extern const cs_impl cs_openssl_sha256_evp, cs_openssl_sha256_fetch,
	cs_openssl_sha256_oneshot, cs_openssl_sha256_lowlevel;
extern const cs_impl cs_openssl_sha512_evp, cs_openssl_sha512_fetch,
	cs_openssl_sha512_oneshot, cs_openssl_sha512_lowlevel;
extern const cs_impl cs_openssl_x25519_evp, cs_openssl_x25519_fetch,
	cs_openssl_x25519_oneshot, cs_openssl_x25519_lowlevel;
extern const cs_impl cs_openssl_p256_evp, cs_openssl_p256_fetch,
	cs_openssl_p256_oneshot, cs_openssl_p256_lowlevel;

#endif
