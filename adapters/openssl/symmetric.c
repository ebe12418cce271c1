/*
 * OpenSSL hashes, AES-CBC and AEADs on three EVP paths:
 *   evp      implicit objects (EVP_sha256(), EVP_aes_128_gcm()), context
 *            created and keyed in setup, reused by every op;
 *   fetch    EVP_MD_fetch / EVP_CIPHER_fetch once in setup, the *_ex2 calls,
 *            context reused;
 *   oneshot  what naive code does per op: EVP_Digest(), or a new cipher
 *            context keyed and freed by every op.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include <openssl/err.h>
#include <openssl/evp.h>

#include "openssl_impls.h"

#if CS_OPENSSL_3
#define FETCH(fn) fn
#define FETCH_WHY NULL
#else
#define FETCH(fn) NULL
#define FETCH_WHY CS_OPENSSL_NEEDS_3
#endif

/* What a hash impl keeps between operations. */
typedef struct hash_ctx {
	const EVP_MD *md; /* the digest every op runs */
	EVP_MD *fetched;  /* fetch: the EVP_MD_fetch result (md points at it), owned */
	EVP_MD_CTX *mctx; /* evp, fetch: made in setup, reused by every op */
} hash_ctx;

/* What an AEAD or CBC impl keeps between operations. */
typedef struct cipher_ctx {
	cs_op op;		  /* seal, open or encrypt */
	int tag_len;		  /* AEAD tag bytes */
	const EVP_CIPHER *cipher; /* the cipher every op runs */
	EVP_CIPHER *fetched;  /* fetch: the EVP_CIPHER_fetch result (cipher points at it), owned */
	EVP_CIPHER_CTX *cctx; /* evp, fetch: keyed in setup, reused by every op */
	uint8_t key[EVP_MAX_KEY_LENGTH]; /* oneshot: every op keys a new context */
} cipher_ctx;

/* ---- hashes ---- */

static cs_status
hash_check(const cs_setup *s, const EVP_MD *md)
{
	if (!md)
		return CS_UNSUPPORTED;
	if (s->op != CS_OP_DIGEST || (size_t)EVP_MD_size(md) != s->alg->out_len)
		return CS_BAD_PARAM;
	return CS_OK;
}

static cs_setup_fn evp_hash_setup;
static cs_run_fn evp_hash_run;
static cs_setup_fn oneshot_hash_setup;
static cs_run_fn oneshot_hash_run;
static cs_teardown_fn hash_teardown;

static cs_status
evp_hash_setup(void *ctx, const cs_setup *s)
{
	hash_ctx *c = ctx;
	c->md = cs_openssl_implicit_md(s->alg);
	cs_status st = hash_check(s, c->md);
	if (st != CS_OK)
		return st;
	c->mctx = EVP_MD_CTX_new();
	return c->mctx ? CS_OK : CS_NO_MEMORY;
}

static cs_status
evp_hash_run(void *ctx, const cs_io *io)
{
	hash_ctx *c = ctx;
	if (!EVP_DigestInit_ex(c->mctx, c->md, NULL) ||
	    !EVP_DigestUpdate(c->mctx, io->in, io->len) ||
	    !EVP_DigestFinal_ex(c->mctx, io->out, NULL))
		return CS_LIB_ERROR;
	return CS_OK;
}

#if CS_OPENSSL_3
static cs_setup_fn fetch_hash_setup;
static cs_run_fn fetch_hash_run;

static cs_status
fetch_hash_setup(void *ctx, const cs_setup *s)
{
	hash_ctx *c = ctx;
	const char *name = cs_openssl_fetch_name(s->alg);
	if (!name)
		return CS_BAD_PARAM;
	c->fetched = EVP_MD_fetch(NULL, name, NULL);
	if (!c->fetched) {
		ERR_clear_error();
		return CS_UNSUPPORTED;
	}
	c->md = c->fetched;
	cs_status st = hash_check(s, c->md);
	if (st != CS_OK)
		return st;
	c->mctx = EVP_MD_CTX_new();
	return c->mctx ? CS_OK : CS_NO_MEMORY;
}

static cs_status
fetch_hash_run(void *ctx, const cs_io *io)
{
	hash_ctx *c = ctx;
	if (!EVP_DigestInit_ex2(c->mctx, c->md, NULL) ||
	    !EVP_DigestUpdate(c->mctx, io->in, io->len) ||
	    !EVP_DigestFinal_ex(c->mctx, io->out, NULL))
		return CS_LIB_ERROR;
	return CS_OK;
}
#endif

static cs_status
oneshot_hash_setup(void *ctx, const cs_setup *s)
{
	hash_ctx *c = ctx;
	c->md = cs_openssl_implicit_md(s->alg);
	return hash_check(s, c->md);
}

static cs_status
oneshot_hash_run(void *ctx, const cs_io *io)
{
	hash_ctx *c = ctx;
	return EVP_Digest(io->in, io->len, io->out, NULL, c->md, NULL) ? CS_OK : CS_LIB_ERROR;
}

static void
hash_teardown(void *ctx)
{
	hash_ctx *c = ctx;
	EVP_MD_CTX_free(c->mctx);
#if CS_OPENSSL_3
	EVP_MD_free(c->fetched);
#endif
}

/* ---- ciphers: AEAD seal/open, CBC encrypt ---- */

/* Check the request against the cipher and fill the fields every path uses. */
static cs_status
cipher_prepare(cipher_ctx *c, const cs_setup *s, const EVP_CIPHER *cipher)
{
	const cs_alg *alg = s->alg;
	if (!cipher)
		return CS_UNSUPPORTED;
	if (!(alg->ops & CS_OPBIT(s->op)) || s->max_len > INT_MAX || s->aad_len > INT_MAX ||
	    alg->tag_len > 16 || alg->key_len > sizeof c->key ||
	    (size_t)EVP_CIPHER_key_length(cipher) != alg->key_len ||
	    (size_t)EVP_CIPHER_iv_length(cipher) != alg->nonce_len)
		return CS_BAD_PARAM;
	c->op = s->op;
	c->tag_len = (int)alg->tag_len;
	c->cipher = cipher;
	return CS_OK;
}

/* AAD, data, final and tag of one AEAD op on a context holding key and nonce. */
static cs_status
aead_body(EVP_CIPHER_CTX *cctx, cs_op op, int tag_len, const cs_io *io)
{
	int aad_n = 0, n = 0, fin = 0;
	if (op == CS_OP_SEAL) {
		if ((io->aad_len &&
		     !EVP_EncryptUpdate(cctx, NULL, &aad_n, io->aad, (int)io->aad_len)) ||
		    (io->len && !EVP_EncryptUpdate(cctx, io->out, &n, io->in, (int)io->len)) ||
		    !EVP_EncryptFinal_ex(cctx, io->out + n, &fin) ||
		    !EVP_CIPHER_CTX_ctrl(cctx, EVP_CTRL_AEAD_GET_TAG, tag_len, io->tag))
			return CS_LIB_ERROR;
		return CS_OK;
	}
	if (!EVP_CIPHER_CTX_ctrl(cctx, EVP_CTRL_AEAD_SET_TAG, tag_len, io->tag) ||
	    (io->aad_len && !EVP_DecryptUpdate(cctx, NULL, &aad_n, io->aad, (int)io->aad_len)) ||
	    (io->len && !EVP_DecryptUpdate(cctx, io->out, &n, io->in, (int)io->len)))
		return CS_LIB_ERROR;
	if (EVP_DecryptFinal_ex(cctx, io->out + n, &fin) <= 0) {
		ERR_clear_error();
		return CS_MISMATCH;
	}
	return CS_OK;
}

/* Encrypt the data and finish (padding is off) on a context holding key and IV. */
static cs_status
cbc_body(EVP_CIPHER_CTX *cctx, const cs_io *io)
{
	int n = 0, fin = 0;
	if ((io->len && !EVP_EncryptUpdate(cctx, io->out, &n, io->in, (int)io->len)) ||
	    !EVP_EncryptFinal_ex(cctx, io->out + n, &fin))
		return CS_LIB_ERROR;
	return CS_OK;
}

static cs_setup_fn evp_cipher_setup;
static cs_run_fn evp_aead_run;
static cs_run_fn evp_cbc_run;
static cs_setup_fn oneshot_cipher_setup;
static cs_run_fn oneshot_aead_run;
static cs_run_fn oneshot_cbc_run;
static cs_teardown_fn cipher_teardown;

static cs_status
evp_cipher_setup(void *ctx, const cs_setup *s)
{
	cipher_ctx *c = ctx;
	cs_status st = cipher_prepare(c, s, cs_openssl_implicit_cipher(s->alg));
	if (st != CS_OK)
		return st;
	if (!(c->cctx = EVP_CIPHER_CTX_new()))
		return CS_NO_MEMORY;
	int ok = c->op == CS_OP_OPEN ? EVP_DecryptInit_ex(c->cctx, c->cipher, NULL, s->key, NULL)
				     : EVP_EncryptInit_ex(c->cctx, c->cipher, NULL, s->key, NULL);
	if (ok && c->op == CS_OP_ENCRYPT)
		ok = EVP_CIPHER_CTX_set_padding(c->cctx, 0);
	return ok ? CS_OK : cs_openssl_lib_error();
}

static cs_status
evp_aead_run(void *ctx, const cs_io *io)
{
	cipher_ctx *c = ctx;
	int ok = c->op == CS_OP_SEAL ? EVP_EncryptInit_ex(c->cctx, NULL, NULL, NULL, io->nonce)
				     : EVP_DecryptInit_ex(c->cctx, NULL, NULL, NULL, io->nonce);
	return ok ? aead_body(c->cctx, c->op, c->tag_len, io) : CS_LIB_ERROR;
}

static cs_status
evp_cbc_run(void *ctx, const cs_io *io)
{
	cipher_ctx *c = ctx;
	if (!EVP_EncryptInit_ex(c->cctx, NULL, NULL, NULL, io->nonce))
		return CS_LIB_ERROR;
	return cbc_body(c->cctx, io);
}

#if CS_OPENSSL_3
static cs_setup_fn fetch_cipher_setup;
static cs_run_fn fetch_aead_run;
static cs_run_fn fetch_cbc_run;

static cs_status
fetch_cipher_setup(void *ctx, const cs_setup *s)
{
	cipher_ctx *c = ctx;
	const char *name = cs_openssl_fetch_name(s->alg);
	if (!name)
		return CS_BAD_PARAM;
	c->fetched = EVP_CIPHER_fetch(NULL, name, NULL);
	if (!c->fetched) {
		ERR_clear_error();
		return CS_UNSUPPORTED;
	}
	cs_status st = cipher_prepare(c, s, c->fetched);
	if (st != CS_OK)
		return st;
	if (!(c->cctx = EVP_CIPHER_CTX_new()))
		return CS_NO_MEMORY;
	int ok = c->op == CS_OP_OPEN ? EVP_DecryptInit_ex2(c->cctx, c->cipher, s->key, NULL, NULL)
				     : EVP_EncryptInit_ex2(c->cctx, c->cipher, s->key, NULL, NULL);
	if (ok && c->op == CS_OP_ENCRYPT)
		ok = EVP_CIPHER_CTX_set_padding(c->cctx, 0);
	return ok ? CS_OK : cs_openssl_lib_error();
}

static cs_status
fetch_aead_run(void *ctx, const cs_io *io)
{
	cipher_ctx *c = ctx;
	int ok = c->op == CS_OP_SEAL ? EVP_EncryptInit_ex2(c->cctx, NULL, NULL, io->nonce, NULL)
				     : EVP_DecryptInit_ex2(c->cctx, NULL, NULL, io->nonce, NULL);
	return ok ? aead_body(c->cctx, c->op, c->tag_len, io) : CS_LIB_ERROR;
}

static cs_status
fetch_cbc_run(void *ctx, const cs_io *io)
{
	cipher_ctx *c = ctx;
	if (!EVP_EncryptInit_ex2(c->cctx, NULL, NULL, io->nonce, NULL))
		return CS_LIB_ERROR;
	return cbc_body(c->cctx, io);
}
#endif

static cs_status
oneshot_cipher_setup(void *ctx, const cs_setup *s)
{
	cipher_ctx *c = ctx;
	cs_status st = cipher_prepare(c, s, cs_openssl_implicit_cipher(s->alg));
	if (st == CS_OK)
		memcpy(c->key, s->key, s->alg->key_len);
	return st;
}

static cs_status
oneshot_aead_run(void *ctx, const cs_io *io)
{
	cipher_ctx *c = ctx;
	EVP_CIPHER_CTX *cctx = EVP_CIPHER_CTX_new();
	if (!cctx)
		return CS_NO_MEMORY;
	int ok = c->op == CS_OP_SEAL ? EVP_EncryptInit_ex(cctx, c->cipher, NULL, c->key, io->nonce)
				     : EVP_DecryptInit_ex(cctx, c->cipher, NULL, c->key, io->nonce);
	cs_status st = ok ? aead_body(cctx, c->op, c->tag_len, io) : CS_LIB_ERROR;
	EVP_CIPHER_CTX_free(cctx);
	return st;
}

static cs_status
oneshot_cbc_run(void *ctx, const cs_io *io)
{
	cipher_ctx *c = ctx;
	EVP_CIPHER_CTX *cctx = EVP_CIPHER_CTX_new();
	if (!cctx)
		return CS_NO_MEMORY;
	cs_status st = CS_LIB_ERROR;
	if (EVP_EncryptInit_ex(cctx, c->cipher, NULL, c->key, io->nonce) &&
	    EVP_CIPHER_CTX_set_padding(cctx, 0))
		st = cbc_body(cctx, io);
	EVP_CIPHER_CTX_free(cctx);
	return st;
}

static void
cipher_teardown(void *ctx)
{
	cipher_ctx *c = ctx;
	EVP_CIPHER_CTX_free(c->cctx);
#if CS_OPENSSL_3
	EVP_CIPHER_free(c->fetched);
#endif
}

/* ---- what serves a cell ---- */

static cs_describe_fn implicit_hash_describe;
static cs_describe_fn fetched_hash_describe;
static cs_describe_fn cipher_ctx_describe;
static cs_describe_fn oneshot_cipher_describe;

/* evp, oneshot: the digest EVP_DigestInit_ex fetched (or the engine's) for EVP_sha256() */
static void
implicit_hash_describe(void *ctx, char *buf, size_t size)
{
	hash_ctx *c = ctx;
	cs_openssl_describe_md(c->md, CS_OPENSSL_IMPLICIT, buf, size);
}

/* fetch: the digest fetched in setup */
static void
fetched_hash_describe(void *ctx, char *buf, size_t size)
{
	hash_ctx *c = ctx;
	cs_openssl_describe_md(c->md, CS_OPENSSL_FETCHED, buf, size);
}

/* evp, fetch: the cipher the reused context holds */
static void
cipher_ctx_describe(void *ctx, char *buf, size_t size)
{
	cipher_ctx *c = ctx;
	cs_openssl_describe_cipher_ctx(c->cctx, buf, size);
}

/* oneshot: every op keys a new context; key one the same way and ask it */
static void
oneshot_cipher_describe(void *ctx, char *buf, size_t size)
{
	cipher_ctx *c = ctx;
	EVP_CIPHER_CTX *cctx = EVP_CIPHER_CTX_new();
	if (cctx && EVP_EncryptInit_ex(cctx, c->cipher, NULL, c->key, NULL))
		cs_openssl_describe_cipher_ctx(cctx, buf, size);
	else
		snprintf(buf, size, "unknown (a new context did not initialise)");
	ERR_clear_error();
	EVP_CIPHER_CTX_free(cctx);
}

/* ---- the impls: three per DIGEST, AEAD and CBC line of CS_OPENSSL_ALGS ---- */

#define HASH_IMPLS(id)                                                                             \
	const cs_impl cs_openssl_##id##_evp = {                                                    \
		.alg = &cs_alg_##id,                                                               \
		.path = "evp",                                                                     \
		.ops = CS_ALG_OPS_##id,                                                            \
		.context_size = sizeof(hash_ctx),                                                  \
		.setup = evp_hash_setup,                                                           \
		.run = evp_hash_run,                                                               \
		.teardown = hash_teardown,                                                         \
		.available = cs_openssl_available,                                                 \
		.describe = implicit_hash_describe,                                                \
	};                                                                                         \
	const cs_impl cs_openssl_##id##_fetch = {                                                  \
		.alg = &cs_alg_##id,                                                               \
		.path = "fetch",                                                                   \
		.ops = CS_ALG_OPS_##id,                                                            \
		.context_size = sizeof(hash_ctx),                                                  \
		.setup = FETCH(fetch_hash_setup),                                                  \
		.run = FETCH(fetch_hash_run),                                                      \
		.teardown = hash_teardown,                                                         \
		.why = FETCH_WHY,                                                                  \
		.available = cs_openssl_available,                                                 \
		.describe = fetched_hash_describe,                                                 \
	};                                                                                         \
	const cs_impl cs_openssl_##id##_oneshot = {                                                \
		.alg = &cs_alg_##id,                                                               \
		.path = "oneshot",                                                                 \
		.ops = CS_ALG_OPS_##id,                                                            \
		.context_size = sizeof(hash_ctx),                                                  \
		.setup = oneshot_hash_setup,                                                       \
		.run = oneshot_hash_run,                                                           \
		.teardown = hash_teardown,                                                         \
		.available = cs_openssl_available,                                                 \
		.describe = implicit_hash_describe,                                                \
	};

/* mode: aead or cbc, the run functions' middle word */
#define CIPHER_IMPLS(id, mode)                                                                     \
	const cs_impl cs_openssl_##id##_evp = {                                                    \
		.alg = &cs_alg_##id,                                                               \
		.path = "evp",                                                                     \
		.ops = CS_ALG_OPS_##id,                                                            \
		.context_size = sizeof(cipher_ctx),                                                \
		.setup = evp_cipher_setup,                                                         \
		.run = evp_##mode##_run,                                                           \
		.teardown = cipher_teardown,                                                       \
		.available = cs_openssl_available,                                                 \
		.describe = cipher_ctx_describe,                                                   \
	};                                                                                         \
	const cs_impl cs_openssl_##id##_fetch = {                                                  \
		.alg = &cs_alg_##id,                                                               \
		.path = "fetch",                                                                   \
		.ops = CS_ALG_OPS_##id,                                                            \
		.context_size = sizeof(cipher_ctx),                                                \
		.setup = FETCH(fetch_cipher_setup),                                                \
		.run = FETCH(fetch_##mode##_run),                                                  \
		.teardown = cipher_teardown,                                                       \
		.why = FETCH_WHY,                                                                  \
		.available = cs_openssl_available,                                                 \
		.describe = cipher_ctx_describe,                                                   \
	};                                                                                         \
	const cs_impl cs_openssl_##id##_oneshot = {                                                \
		.alg = &cs_alg_##id,                                                               \
		.path = "oneshot",                                                                 \
		.ops = CS_ALG_OPS_##id,                                                            \
		.context_size = sizeof(cipher_ctx),                                                \
		.setup = oneshot_cipher_setup,                                                     \
		.run = oneshot_##mode##_run,                                                       \
		.teardown = cipher_teardown,                                                       \
		.available = cs_openssl_available,                                                 \
		.describe = oneshot_cipher_describe,                                               \
	};

#define SYMMETRIC_DIGEST(id) HASH_IMPLS(id)
#define SYMMETRIC_AEAD(id) CIPHER_IMPLS(id, aead)
#define SYMMETRIC_CBC(id) CIPHER_IMPLS(id, cbc)
#define SYMMETRIC_KEX CS_OPENSSL_NONE
#define SYMMETRIC_SIG CS_OPENSSL_NONE
#define SYMMETRIC_SIGR CS_OPENSSL_NONE
#define SYMMETRIC_MAC CS_OPENSSL_NONE
#define SYMMETRIC_PQKEM CS_OPENSSL_NONE
#define SYMMETRIC_PQSIG CS_OPENSSL_NONE
#define SYMMETRIC(id, family, implicit, name, name2, lowlevel) SYMMETRIC_##family(id)
CS_OPENSSL_ALGS(SYMMETRIC)
