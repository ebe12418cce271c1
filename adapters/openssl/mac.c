/*
 * OpenSSL HMAC-SHA256 on four paths:
 *   evp      an EVP_PKEY_HMAC key and EVP_DigestSign, the context made in
 *            setup and re-initialised per op (the 1.1.1-era EVP API);
 *   fetch    EVP_MAC_fetch("HMAC") (3.0): a context keyed in setup, each op
 *            EVP_MAC_init without a key (which keeps it), update, final;
 *   oneshot  HMAC() per op;
 *   lowlevel HMAC_CTX (deprecated since 3.0): keyed in setup, each op
 *            HMAC_Init_ex without a key, update, final.
 */
#ifndef OPENSSL_SUPPRESS_DEPRECATED
#define OPENSSL_SUPPRESS_DEPRECATED /* HMAC_CTX */
#endif

#include <string.h>

#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include "openssl_impls.h"

#if CS_OPENSSL_3
#include <openssl/core_names.h>
#include <openssl/params.h>
#define FETCH(fn) fn
#define FETCH_WHY NULL
#else
#define FETCH(fn) NULL
#define FETCH_WHY CS_OPENSSL_NEEDS_3
#endif

#ifdef OPENSSL_NO_DEPRECATED_3_0
#define LOWLEVEL(fn) NULL
#define LOWLEVEL_WHY "this OpenSSL build has no deprecated low-level API (no-deprecated)"
#else
#define LOWLEVEL(fn) fn
#define LOWLEVEL_WHY NULL
#endif

/* The longest HMAC key kept for oneshot (RFC 4231 uses 131 bytes). */
#define KEY_MAX 256

/* What an HMAC impl keeps between operations. */
typedef struct mac_ctx {
	EVP_PKEY *pkey;	  /* evp: the HMAC key */
	EVP_MD_CTX *mctx; /* evp: re-initialised per op */
#if CS_OPENSSL_3
	EVP_MAC *mac;	      /* fetch: the fetched HMAC */
	EVP_MAC_CTX *mac_ctx; /* fetch: keyed in setup */
#endif
#ifndef OPENSSL_NO_DEPRECATED_3_0
	HMAC_CTX *hctx; /* lowlevel: keyed in setup */
#endif
	uint8_t key[KEY_MAX]; /* oneshot: the key every op passes */
	size_t key_len;
} mac_ctx;

static cs_setup_fn evp_mac_setup, oneshot_mac_setup;
static cs_run_fn evp_mac_run, oneshot_mac_run;
static cs_teardown_fn mac_teardown;
static cs_describe_fn evp_mac_describe;

static cs_status
check(const cs_setup *s)
{
	return s->alg == &cs_alg_hmac_sha256 && s->op == CS_OP_MAC && s->key_len <= KEY_MAX
		       ? CS_OK
		       : CS_BAD_PARAM;
}

static cs_status
evp_mac_setup(void *ctx, const cs_setup *s)
{
	mac_ctx *c = ctx;
	if (check(s) != CS_OK)
		return CS_BAD_PARAM;
	c->pkey = EVP_PKEY_new_raw_private_key(EVP_PKEY_HMAC, NULL, s->key, s->key_len);
	c->mctx = EVP_MD_CTX_new();
	return c->pkey && c->mctx ? CS_OK : cs_openssl_lib_error();
}

static cs_status
evp_mac_run(void *ctx, const cs_io *io)
{
	mac_ctx *c = ctx;
	size_t len = 32;
	if (EVP_DigestSignInit(c->mctx, NULL, EVP_sha256(), NULL, c->pkey) != 1 ||
	    EVP_DigestSign(c->mctx, io->out, &len, io->in, io->len) != 1 || len != 32)
		return cs_openssl_lib_error();
	return CS_OK;
}

/* The implicitly fetched SHA-256 under the HMAC (what serves the digest). */
static void
evp_mac_describe(void *ctx, char *buf, size_t size)
{
	(void)ctx;
	cs_openssl_describe_md(EVP_sha256(), CS_OPENSSL_IMPLICIT, buf, size);
}

#if CS_OPENSSL_3
static cs_setup_fn fetch_mac_setup;
static cs_run_fn fetch_mac_run;

static cs_status
fetch_mac_setup(void *ctx, const cs_setup *s)
{
	mac_ctx *c = ctx;
	if (check(s) != CS_OK)
		return CS_BAD_PARAM;
	char digest[] = "SHA2-256";
	OSSL_PARAM params[] = {
		OSSL_PARAM_utf8_string(OSSL_MAC_PARAM_DIGEST, digest, 0),
		OSSL_PARAM_END,
	};
	c->mac = EVP_MAC_fetch(NULL, "HMAC", NULL);
	c->mac_ctx = c->mac ? EVP_MAC_CTX_new(c->mac) : NULL;
	if (!c->mac_ctx || !EVP_MAC_init(c->mac_ctx, s->key, s->key_len, params))
		return cs_openssl_lib_error();
	return CS_OK;
}

static cs_status
fetch_mac_run(void *ctx, const cs_io *io)
{
	mac_ctx *c = ctx;
	size_t len = 0;
	if (!EVP_MAC_init(c->mac_ctx, NULL, 0, NULL) ||
	    !EVP_MAC_update(c->mac_ctx, io->in, io->len) ||
	    !EVP_MAC_final(c->mac_ctx, io->out, &len, 32) || len != 32)
		return cs_openssl_lib_error();
	return CS_OK;
}
#endif

static cs_status
oneshot_mac_setup(void *ctx, const cs_setup *s)
{
	mac_ctx *c = ctx;
	if (check(s) != CS_OK)
		return CS_BAD_PARAM;
	memcpy(c->key, s->key, s->key_len);
	c->key_len = s->key_len;
	return CS_OK;
}

static cs_status
oneshot_mac_run(void *ctx, const cs_io *io)
{
	mac_ctx *c = ctx;
	unsigned int len = 0;
	if (!HMAC(EVP_sha256(), c->key, (int)c->key_len, io->in, io->len, io->out, &len) ||
	    len != 32)
		return cs_openssl_lib_error();
	return CS_OK;
}

#ifndef OPENSSL_NO_DEPRECATED_3_0
static cs_setup_fn lowlevel_mac_setup;
static cs_run_fn lowlevel_mac_run;

static cs_status
lowlevel_mac_setup(void *ctx, const cs_setup *s)
{
	mac_ctx *c = ctx;
	if (check(s) != CS_OK)
		return CS_BAD_PARAM;
	c->hctx = HMAC_CTX_new();
	if (!c->hctx || !HMAC_Init_ex(c->hctx, s->key, (int)s->key_len, EVP_sha256(), NULL))
		return cs_openssl_lib_error();
	return CS_OK;
}

static cs_status
lowlevel_mac_run(void *ctx, const cs_io *io)
{
	mac_ctx *c = ctx;
	unsigned int len = 0;
	if (!HMAC_Init_ex(c->hctx, NULL, 0, NULL, NULL) || !HMAC_Update(c->hctx, io->in, io->len) ||
	    !HMAC_Final(c->hctx, io->out, &len) || len != 32)
		return cs_openssl_lib_error();
	return CS_OK;
}
#endif

static void
mac_teardown(void *ctx)
{
	mac_ctx *c = ctx;
	EVP_MD_CTX_free(c->mctx);
	EVP_PKEY_free(c->pkey);
#if CS_OPENSSL_3
	EVP_MAC_CTX_free(c->mac_ctx);
	EVP_MAC_free(c->mac);
#endif
#ifndef OPENSSL_NO_DEPRECATED_3_0
	HMAC_CTX_free(c->hctx);
#endif
}

/* ---- the impls: three per MAC line of CS_OPENSSL_ALGS ---- */

#define MAC_IMPLS(id)                                                                              \
	const cs_impl cs_openssl_##id##_evp = {                                                    \
		.alg = &cs_alg_##id,                                                               \
		.path = "evp",                                                                     \
		.ops = CS_ALG_OPS_##id,                                                            \
		.context_size = sizeof(mac_ctx),                                                   \
		.setup = evp_mac_setup,                                                            \
		.run = evp_mac_run,                                                                \
		.teardown = mac_teardown,                                                          \
		.available = cs_openssl_available,                                                 \
		.describe = evp_mac_describe,                                                      \
	};                                                                                         \
	const cs_impl cs_openssl_##id##_fetch = {                                                  \
		.alg = &cs_alg_##id,                                                               \
		.path = "fetch",                                                                   \
		.ops = CS_ALG_OPS_##id,                                                            \
		.context_size = sizeof(mac_ctx),                                                   \
		.setup = FETCH(fetch_mac_setup),                                                   \
		.run = FETCH(fetch_mac_run),                                                       \
		.teardown = mac_teardown,                                                          \
		.why = FETCH_WHY,                                                                  \
		.available = cs_openssl_available,                                                 \
	};                                                                                         \
	const cs_impl cs_openssl_##id##_oneshot = {                                                \
		.alg = &cs_alg_##id,                                                               \
		.path = "oneshot",                                                                 \
		.ops = CS_ALG_OPS_##id,                                                            \
		.context_size = sizeof(mac_ctx),                                                   \
		.setup = oneshot_mac_setup,                                                        \
		.run = oneshot_mac_run,                                                            \
		.teardown = mac_teardown,                                                          \
		.available = cs_openssl_available,                                                 \
		.describe = evp_mac_describe,                                                      \
	};

#define MAC_MAC(id) MAC_IMPLS(id)
#define MAC_DIGEST CS_OPENSSL_NONE
#define MAC_PQKEM CS_OPENSSL_NONE
#define MAC_PQSIG CS_OPENSSL_NONE
#define MAC_AEAD CS_OPENSSL_NONE
#define MAC_CBC CS_OPENSSL_NONE
#define MAC_KEX CS_OPENSSL_NONE
#define MAC_SIG CS_OPENSSL_NONE
#define MAC_SIGR CS_OPENSSL_NONE
#define MAC_LINE(id, family, implicit, name, name2, lowlevel) MAC_##family(id)
CS_OPENSSL_ALGS(MAC_LINE)

/* lowlevel: HMAC_Init_ex / HMAC_Update / HMAC_Final */
const cs_impl cs_openssl_hmac_sha256_lowlevel = {
	.alg = &cs_alg_hmac_sha256,
	.path = "lowlevel",
	.ops = CS_ALG_OPS_hmac_sha256,
	.context_size = sizeof(mac_ctx),
	.setup = LOWLEVEL(lowlevel_mac_setup),
	.run = LOWLEVEL(lowlevel_mac_run),
	.teardown = mac_teardown,
	.why = LOWLEVEL_WHY,
	.available = cs_openssl_available,
};
