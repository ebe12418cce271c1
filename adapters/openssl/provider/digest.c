/*
 * SHA-256 as an OpenSSL digest (provider-digest(7)), computed by Nettle's
 * sha256_init / sha256_update / sha256_digest. The context the core keeps
 * for an EVP_MD_CTX is Nettle's struct sha256_ctx itself.
 */
#include <nettle/sha2.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>

#include "bridge.h"

static OSSL_FUNC_digest_newctx_fn md_newctx;
static OSSL_FUNC_digest_init_fn md_init;
static OSSL_FUNC_digest_update_fn md_update;
static OSSL_FUNC_digest_final_fn md_final;
static OSSL_FUNC_digest_freectx_fn md_freectx;
static OSSL_FUNC_digest_dupctx_fn md_dupctx;
static OSSL_FUNC_digest_get_params_fn md_get_params;
static OSSL_FUNC_digest_gettable_params_fn md_gettable_params;

static void *
md_newctx(void *provctx)
{
	(void)provctx;
	return OPENSSL_zalloc(sizeof(struct sha256_ctx));
}

static int
md_init(void *dctx, const OSSL_PARAM params[])
{
	(void)params; /* SHA-256 has no settable parameters */
	sha256_init(dctx);
	return 1;
}

static int
md_update(void *dctx, const unsigned char *in, size_t inl)
{
	sha256_update(dctx, inl, in);
	return 1;
}

static int
md_final(void *dctx, unsigned char *out, size_t *outl, size_t outsz)
{
	if (outsz < SHA256_DIGEST_SIZE)
		return 0;
	sha256_digest(dctx, SHA256_DIGEST_SIZE, out);
	*outl = SHA256_DIGEST_SIZE;
	return 1;
}

static void
md_freectx(void *dctx)
{
	OPENSSL_clear_free(dctx, sizeof(struct sha256_ctx));
}

static void *
md_dupctx(void *dctx)
{
	return OPENSSL_memdup(dctx, sizeof(struct sha256_ctx));
}

/* What EVP_MD_fetch caches about the algorithm (EVP_MD_get_size, ...). */
static int
md_get_params(OSSL_PARAM params[])
{
	OSSL_PARAM *p;
	if ((p = OSSL_PARAM_locate(params, OSSL_DIGEST_PARAM_BLOCK_SIZE)) &&
	    !OSSL_PARAM_set_size_t(p, SHA256_BLOCK_SIZE))
		return 0;
	if ((p = OSSL_PARAM_locate(params, OSSL_DIGEST_PARAM_SIZE)) &&
	    !OSSL_PARAM_set_size_t(p, SHA256_DIGEST_SIZE))
		return 0;
	if ((p = OSSL_PARAM_locate(params, OSSL_DIGEST_PARAM_XOF)) && !OSSL_PARAM_set_int(p, 0))
		return 0;
	if ((p = OSSL_PARAM_locate(params, OSSL_DIGEST_PARAM_ALGID_ABSENT)) &&
	    !OSSL_PARAM_set_int(p, 0))
		return 0;
	return 1;
}

static const OSSL_PARAM md_gettable[] = {
	OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_BLOCK_SIZE, NULL),
	OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_SIZE, NULL),
	OSSL_PARAM_int(OSSL_DIGEST_PARAM_XOF, NULL),
	OSSL_PARAM_int(OSSL_DIGEST_PARAM_ALGID_ABSENT, NULL),
	OSSL_PARAM_END,
};

static const OSSL_PARAM *
md_gettable_params(void *provctx)
{
	(void)provctx;
	return md_gettable;
}

/*
 * OSSL_DISPATCH stores every function as `void (*)(void)`; the core casts each
 * back to its OSSL_FUNC_digest_*_fn type (the declarations above) before it
 * calls it. Those casts are OpenSSL's provider ABI, and these tables are the
 * only place this project casts function pointers.
 */
const OSSL_DISPATCH cs_bridge_sha256_functions[] = {
	{OSSL_FUNC_DIGEST_NEWCTX, (void (*)(void))md_newctx},
	{OSSL_FUNC_DIGEST_INIT, (void (*)(void))md_init},
	{OSSL_FUNC_DIGEST_UPDATE, (void (*)(void))md_update},
	{OSSL_FUNC_DIGEST_FINAL, (void (*)(void))md_final},
	{OSSL_FUNC_DIGEST_FREECTX, (void (*)(void))md_freectx},
	{OSSL_FUNC_DIGEST_DUPCTX, (void (*)(void))md_dupctx},
	{OSSL_FUNC_DIGEST_GET_PARAMS, (void (*)(void))md_get_params},
	{OSSL_FUNC_DIGEST_GETTABLE_PARAMS, (void (*)(void))md_gettable_params},
	{0, NULL},
};
