/*
 * cryptospeed-nettle: a loadable OpenSSL 3 provider that answers three
 * algorithms by calling Nettle, so that
 *
 *   openssl/fetch[cryptospeed-nettle]  (EVP -> provider dispatch -> Nettle)
 *   nettle/nettle                      (Nettle called directly)
 *
 * run the same code under two API layers and their difference is what the
 * provider layer costs (docs/providers.md).
 *
 *   bridge.c  OSSL_provider_init, the algorithm tables, provider params, errors
 *   digest.c  SHA-256 (OSSL_OP_DIGEST)
 *   aead.c    AES-128-GCM and ChaCha20-Poly1305 (OSSL_OP_CIPHER)
 *
 * Only OSSL_provider_init is exported from the module (hidden visibility).
 */
#ifndef CS_BRIDGE_H
#define CS_BRIDGE_H

#include <openssl/core.h>
#include <openssl/core_dispatch.h>

/* The provider's name, as `--openssl-provider` loads it and as its
   algorithms' property "provider=..." says. */
#define CS_BRIDGE_NAME "cryptospeed-nettle"

/* The reasons the provider raises errors with (its reason strings in bridge.c). */
enum {
	CS_BRIDGE_R_BAD_LENGTH = 1, /* a key, IV, tag or output buffer of the wrong size */
	CS_BRIDGE_R_BAD_STATE,	    /* a call out of order (no key, data after a partial block) */
	CS_BRIDGE_R_BAD_PARAM,	    /* a parameter of the wrong type or value */
	CS_BRIDGE_R_NO_MEMORY,
};

/* The provider context: the core handle, the core's error functions, and the
   OSSL_PROV_PARAM_BUILDINFO text. */
typedef struct cs_bridge {
	const OSSL_CORE_HANDLE *handle;
	char buildinfo[96];
	OSSL_FUNC_core_new_error_fn *new_error;
	OSSL_FUNC_core_set_error_debug_fn *set_error_debug;
	OSSL_FUNC_core_vset_error_fn *vset_error;
} cs_bridge;

/* Raise an error on OpenSSL's queue (when the core gave us the functions). */
void cs_bridge_error(const cs_bridge *bridge, int reason, const char *func, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* One dispatch table per algorithm (digest.c, aead.c). */
extern const OSSL_DISPATCH cs_bridge_sha256_functions[];
extern const OSSL_DISPATCH cs_bridge_aes_128_gcm_functions[];
extern const OSSL_DISPATCH cs_bridge_chacha20_poly1305_functions[];

#endif
