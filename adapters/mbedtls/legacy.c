/*
 * mbedTLS path "legacy": the per-module APIs (mbedtls_gcm_*, mbedtls_sha256_*,
 * mbedtls_ecdh_compute_shared, ...), as code written against 2.x uses them.
 * Builds against 2.28 and 3.x; a module compiled out of the library leaves
 * its impl with run == NULL and a why.
 */
#include <string.h>

#include "mbedtls/version.h" /* first: pulls in the build configuration */

#include "mbedtls/aes.h"
#include "mbedtls/chachapoly.h"
#include "mbedtls/ctr_drbg.h"
#include "mbedtls/ecdh.h"
#include "mbedtls/ecp.h"
#include "mbedtls/entropy.h"
#include "mbedtls/gcm.h"
#include "mbedtls/sha1.h"
#include "mbedtls/sha256.h"
#include "mbedtls/sha512.h"

#include "mbedtls_impls.h"

/* 3.0 dropped the _ret suffix (2.28 keeps the void-returning names only as
   deprecated aliases). */
#if MBEDTLS_VERSION_NUMBER >= 0x03000000
#define SHA1_STARTS mbedtls_sha1_starts
#define SHA1_UPDATE mbedtls_sha1_update
#define SHA1_FINISH mbedtls_sha1_finish
#define SHA256_STARTS mbedtls_sha256_starts
#define SHA256_UPDATE mbedtls_sha256_update
#define SHA256_FINISH mbedtls_sha256_finish
#define SHA512_STARTS mbedtls_sha512_starts
#define SHA512_UPDATE mbedtls_sha512_update
#define SHA512_FINISH mbedtls_sha512_finish
#else
#define SHA1_STARTS mbedtls_sha1_starts_ret
#define SHA1_UPDATE mbedtls_sha1_update_ret
#define SHA1_FINISH mbedtls_sha1_finish_ret
#define SHA256_STARTS mbedtls_sha256_starts_ret
#define SHA256_UPDATE mbedtls_sha256_update_ret
#define SHA256_FINISH mbedtls_sha256_finish_ret
#define SHA512_STARTS mbedtls_sha512_starts_ret
#define SHA512_UPDATE mbedtls_sha512_update_ret
#define SHA512_FINISH mbedtls_sha512_finish_ret
#endif

#if defined(MBEDTLS_GCM_C) && defined(MBEDTLS_AES_C)
#define HAVE_GCM 1
#endif
#if defined(MBEDTLS_CHACHAPOLY_C)
#define HAVE_CHACHAPOLY 1
#endif
#if defined(MBEDTLS_AES_C) && defined(MBEDTLS_CIPHER_MODE_CBC)
#define HAVE_CBC 1
#endif
#if defined(MBEDTLS_ECDH_C) && defined(MBEDTLS_CTR_DRBG_C) && defined(MBEDTLS_ENTROPY_C)
#if defined(MBEDTLS_ECP_DP_CURVE25519_ENABLED)
#define HAVE_X25519 1
#endif
#if defined(MBEDTLS_ECP_DP_SECP256R1_ENABLED)
#define HAVE_P256 1
#endif
#endif

/* ---- AES-GCM: mbedtls_gcm_crypt_and_tag / mbedtls_gcm_auth_decrypt ---- */

#if defined(HAVE_GCM)
typedef struct gcm_ctx {
	int inited;
	cs_op op;
	size_t nonce_len, tag_len;
	mbedtls_gcm_context gcm;
} gcm_ctx;

static cs_setup_fn gcm_setup;
static cs_run_fn gcm_run;
static cs_teardown_fn gcm_teardown;

static cs_status
gcm_setup(void *ctx, const cs_setup *s)
{
	gcm_ctx *c = ctx;
	mbedtls_gcm_init(&c->gcm);
	c->inited = 1;
	c->op = s->op;
	c->nonce_len = s->alg->nonce_len;
	c->tag_len = s->alg->tag_len;
	if (mbedtls_gcm_setkey(&c->gcm, MBEDTLS_CIPHER_ID_AES, s->key,
			       (unsigned)(s->alg->key_len * 8)) != 0)
		return CS_LIB_ERROR;
	return CS_OK;
}

static cs_status
gcm_run(void *ctx, const cs_io *io)
{
	gcm_ctx *c = ctx;
	int rc;
	if (c->op == CS_OP_SEAL) {
		rc = mbedtls_gcm_crypt_and_tag(&c->gcm, MBEDTLS_GCM_ENCRYPT, io->len, io->nonce,
					       c->nonce_len, io->aad, io->aad_len, io->in, io->out,
					       c->tag_len, io->tag);
		return rc == 0 ? CS_OK : CS_LIB_ERROR;
	}
	rc = mbedtls_gcm_auth_decrypt(&c->gcm, io->len, io->nonce, c->nonce_len, io->aad,
				      io->aad_len, io->tag, c->tag_len, io->in, io->out);
	if (rc == MBEDTLS_ERR_GCM_AUTH_FAILED)
		return CS_MISMATCH;
	return rc == 0 ? CS_OK : CS_LIB_ERROR;
}

static void
gcm_teardown(void *ctx)
{
	gcm_ctx *c = ctx;
	if (c->inited)
		mbedtls_gcm_free(&c->gcm);
}
#endif

/* ---- ChaCha20-Poly1305: mbedtls_chachapoly_* ---- */

#if defined(HAVE_CHACHAPOLY)
typedef struct chachapoly_ctx {
	int inited;
	cs_op op;
	mbedtls_chachapoly_context cp;
} chachapoly_ctx;

static cs_setup_fn chachapoly_setup;
static cs_run_fn chachapoly_run;
static cs_teardown_fn chachapoly_teardown;

static cs_status
chachapoly_setup(void *ctx, const cs_setup *s)
{
	chachapoly_ctx *c = ctx;
	mbedtls_chachapoly_init(&c->cp);
	c->inited = 1;
	c->op = s->op;
	/* The API takes a fixed 32-byte key, 12-byte nonce and 16-byte tag. */
	if (s->alg->key_len != 32 || s->alg->nonce_len != 12 || s->alg->tag_len != 16)
		return CS_BAD_PARAM;
	if (mbedtls_chachapoly_setkey(&c->cp, s->key) != 0)
		return CS_LIB_ERROR;
	return CS_OK;
}

static cs_status
chachapoly_run(void *ctx, const cs_io *io)
{
	chachapoly_ctx *c = ctx;
	int rc;
	if (c->op == CS_OP_SEAL) {
		rc = mbedtls_chachapoly_encrypt_and_tag(&c->cp, io->len, io->nonce, io->aad,
							io->aad_len, io->in, io->out, io->tag);
		return rc == 0 ? CS_OK : CS_LIB_ERROR;
	}
	rc = mbedtls_chachapoly_auth_decrypt(&c->cp, io->len, io->nonce, io->aad, io->aad_len,
					     io->tag, io->in, io->out);
	if (rc == MBEDTLS_ERR_CHACHAPOLY_AUTH_FAILED)
		return CS_MISMATCH;
	return rc == 0 ? CS_OK : CS_LIB_ERROR;
}

static void
chachapoly_teardown(void *ctx)
{
	chachapoly_ctx *c = ctx;
	if (c->inited)
		mbedtls_chachapoly_free(&c->cp);
}
#endif

/* ---- AES-CBC: mbedtls_aes_crypt_cbc ---- */

#if defined(HAVE_CBC)
typedef struct cbc_ctx {
	int inited;
	mbedtls_aes_context aes;
	unsigned char iv[16]; /* mbedtls_aes_crypt_cbc updates the IV in place */
} cbc_ctx;

static cs_setup_fn cbc_setup;
static cs_run_fn cbc_run;
static cs_teardown_fn cbc_teardown;

static cs_status
cbc_setup(void *ctx, const cs_setup *s)
{
	cbc_ctx *c = ctx;
	mbedtls_aes_init(&c->aes);
	c->inited = 1;
	if (s->alg->nonce_len != sizeof c->iv)
		return CS_BAD_PARAM;
	if (mbedtls_aes_setkey_enc(&c->aes, s->key, (unsigned)(s->alg->key_len * 8)) != 0)
		return CS_LIB_ERROR;
	return CS_OK;
}

static cs_status
cbc_run(void *ctx, const cs_io *io)
{
	cbc_ctx *c = ctx;
	memcpy(c->iv, io->nonce, sizeof c->iv);
	int rc = mbedtls_aes_crypt_cbc(&c->aes, MBEDTLS_AES_ENCRYPT, io->len, c->iv, io->in,
				       io->out);
	if (rc == MBEDTLS_ERR_AES_INVALID_INPUT_LENGTH)
		return CS_BAD_PARAM;
	return rc == 0 ? CS_OK : CS_LIB_ERROR;
}

static void
cbc_teardown(void *ctx)
{
	cbc_ctx *c = ctx;
	if (c->inited)
		mbedtls_aes_free(&c->aes);
}
#endif

/* ---- SHA-1 / SHA-256 / SHA-512: init, starts, update, finish per digest ---- */

#if defined(MBEDTLS_SHA1_C)
static cs_setup_fn sha1_setup;
static cs_run_fn sha1_run;
static cs_teardown_fn sha1_teardown;

static cs_status
sha1_setup(void *ctx, const cs_setup *s)
{
	(void)s;
	mbedtls_sha1_init(ctx);
	return CS_OK;
}

static cs_status
sha1_run(void *ctx, const cs_io *io)
{
	mbedtls_sha1_context *c = ctx;
	mbedtls_sha1_init(c);
	if (SHA1_STARTS(c) != 0 || SHA1_UPDATE(c, io->in, io->len) != 0 ||
	    SHA1_FINISH(c, io->out) != 0)
		return CS_LIB_ERROR;
	return CS_OK;
}

static void
sha1_teardown(void *ctx)
{
	mbedtls_sha1_free(ctx);
}
#endif

#if defined(MBEDTLS_SHA256_C)
static cs_setup_fn sha256_setup;
static cs_run_fn sha256_run;
static cs_teardown_fn sha256_teardown;

static cs_status
sha256_setup(void *ctx, const cs_setup *s)
{
	(void)s;
	mbedtls_sha256_init(ctx);
	return CS_OK;
}

static cs_status
sha256_run(void *ctx, const cs_io *io)
{
	mbedtls_sha256_context *c = ctx;
	mbedtls_sha256_init(c);
	if (SHA256_STARTS(c, 0) != 0 || SHA256_UPDATE(c, io->in, io->len) != 0 ||
	    SHA256_FINISH(c, io->out) != 0)
		return CS_LIB_ERROR;
	return CS_OK;
}

static void
sha256_teardown(void *ctx)
{
	mbedtls_sha256_free(ctx);
}
#endif

#if defined(MBEDTLS_SHA512_C)
static cs_setup_fn sha512_setup;
static cs_run_fn sha512_run;
static cs_teardown_fn sha512_teardown;

static cs_status
sha512_setup(void *ctx, const cs_setup *s)
{
	(void)s;
	mbedtls_sha512_init(ctx);
	return CS_OK;
}

static cs_status
sha512_run(void *ctx, const cs_io *io)
{
	mbedtls_sha512_context *c = ctx;
	mbedtls_sha512_init(c);
	if (SHA512_STARTS(c, 0) != 0 || SHA512_UPDATE(c, io->in, io->len) != 0 ||
	    SHA512_FINISH(c, io->out) != 0)
		return CS_LIB_ERROR;
	return CS_OK;
}

static void
sha512_teardown(void *ctx)
{
	mbedtls_sha512_free(ctx);
}
#endif

/* ---- ECDH on Curve25519 / secp256r1: mbedtls_ecp_group + mbedtls_ecdh_* ---- */

#if defined(HAVE_X25519) || defined(HAVE_P256)
typedef struct ecdh_ctx {
	int inited;
	int montgomery; /* X25519: little-endian scalars and u-coordinates */
	cs_op op;
	size_t out_len, pub_len;
	mbedtls_entropy_context entropy;
	mbedtls_ctr_drbg_context drbg;
	mbedtls_ecp_group grp;
	mbedtls_mpi d;	     /* derive: our private key; keygen: the new one */
	mbedtls_ecp_point q; /* derive: the peer's public key; keygen: the new one */
	mbedtls_mpi z;	     /* derive: the shared secret */
} ecdh_ctx;

static cs_setup_fn ecdh_setup;
static cs_run_fn ecdh_run;
static cs_teardown_fn ecdh_teardown;

static cs_status
ecp_status(int rc)
{
	switch (rc) {
	case 0: return CS_OK;
	case MBEDTLS_ERR_ECP_FEATURE_UNAVAILABLE: return CS_UNSUPPORTED;
	case MBEDTLS_ERR_MPI_ALLOC_FAILED:
#if defined(MBEDTLS_ERR_ECP_ALLOC_FAILED)
	case MBEDTLS_ERR_ECP_ALLOC_FAILED:
#endif
		return CS_NO_MEMORY;
	case MBEDTLS_ERR_ECP_INVALID_KEY:
	case MBEDTLS_ERR_ECP_BAD_INPUT_DATA: return CS_BAD_PARAM;
	default: return CS_LIB_ERROR;
	}
}

static cs_status
ecdh_setup(void *ctx, const cs_setup *s)
{
	static const unsigned char pers[] = "cryptospeed mbedtls legacy ecdh";
	ecdh_ctx *c = ctx;
	mbedtls_entropy_init(&c->entropy);
	mbedtls_ctr_drbg_init(&c->drbg);
	mbedtls_ecp_group_init(&c->grp);
	mbedtls_mpi_init(&c->d);
	mbedtls_ecp_point_init(&c->q);
	mbedtls_mpi_init(&c->z);
	c->inited = 1;
	c->op = s->op;
	c->montgomery = s->alg == &cs_alg_x25519;
	c->out_len = s->alg->out_len;
	c->pub_len = s->alg->pub_len;

	int rc = mbedtls_ctr_drbg_seed(&c->drbg, mbedtls_entropy_func, &c->entropy, pers,
				       sizeof pers - 1);
	if (rc != 0)
		return CS_LIB_ERROR;
	rc = mbedtls_ecp_group_load(&c->grp, c->montgomery ? MBEDTLS_ECP_DP_CURVE25519
							   : MBEDTLS_ECP_DP_SECP256R1);
	if (rc != 0 || c->op == CS_OP_KEYGEN)
		return ecp_status(rc);

	if (c->montgomery) {
		/* RFC 7748 decodeScalar25519: little-endian, clamped. The ECP
		   module only accepts an already clamped scalar. */
		unsigned char k[32];
		if (s->alg->key_len != sizeof k)
			return CS_BAD_PARAM;
		memcpy(k, s->key, sizeof k);
		k[0] &= 248;
		k[31] &= 127;
		k[31] |= 64;
		rc = mbedtls_mpi_read_binary_le(&c->d, k, sizeof k);
	} else {
		rc = mbedtls_mpi_read_binary(&c->d, s->key, s->alg->key_len);
	}
	if (rc == 0)
		rc = mbedtls_ecp_check_privkey(&c->grp, &c->d);
	/* X25519: the 32-byte little-endian u-coordinate; P-256: 04||X||Y. */
	if (rc == 0)
		rc = mbedtls_ecp_point_read_binary(&c->grp, &c->q, s->peer, s->alg->pub_len);
	if (rc == 0)
		rc = mbedtls_ecp_check_pubkey(&c->grp, &c->q);
	return ecp_status(rc);
}

static cs_status
ecdh_run(void *ctx, const cs_io *io)
{
	ecdh_ctx *c = ctx;
	int rc;
	if (c->op == CS_OP_KEYGEN) {
		size_t olen = 0;
		rc = mbedtls_ecp_gen_keypair(&c->grp, &c->d, &c->q, mbedtls_ctr_drbg_random,
					     &c->drbg);
		/* X25519 writes the 32-byte little-endian u (the format is
		   ignored for Montgomery curves); P-256 04||X||Y. */
		if (rc == 0)
			rc = mbedtls_ecp_point_write_binary(&c->grp, &c->q,
							    MBEDTLS_ECP_PF_UNCOMPRESSED, &olen,
							    io->out, c->pub_len);
		if (rc == 0 && olen != c->pub_len)
			return CS_LIB_ERROR;
		return ecp_status(rc);
	}
	rc = mbedtls_ecdh_compute_shared(&c->grp, &c->z, &c->q, &c->d, mbedtls_ctr_drbg_random,
					 &c->drbg);
	if (rc == 0)
		rc = c->montgomery ? mbedtls_mpi_write_binary_le(&c->z, io->out, c->out_len)
				   : mbedtls_mpi_write_binary(&c->z, io->out, c->out_len);
	return ecp_status(rc);
}

static void
ecdh_teardown(void *ctx)
{
	ecdh_ctx *c = ctx;
	if (!c->inited)
		return;
	mbedtls_mpi_free(&c->z);
	mbedtls_ecp_point_free(&c->q);
	mbedtls_mpi_free(&c->d);
	mbedtls_ecp_group_free(&c->grp);
	mbedtls_ctr_drbg_free(&c->drbg);
	mbedtls_entropy_free(&c->entropy);
}
#endif

/* ---- the impls ---- */

const cs_impl cs_mbedtls_legacy_aes_128_gcm = {
	.alg = &cs_alg_aes_128_gcm,
	.path = "legacy",
	.ops = CS_ALG_OPS_aes_128_gcm,
#if defined(HAVE_GCM)
	.context_size = sizeof(gcm_ctx),
	.setup = gcm_setup,
	.run = gcm_run,
	.teardown = gcm_teardown,
#else
	.why = "mbedTLS built without MBEDTLS_GCM_C or MBEDTLS_AES_C",
#endif
};

const cs_impl cs_mbedtls_legacy_aes_256_gcm = {
	.alg = &cs_alg_aes_256_gcm,
	.path = "legacy",
	.ops = CS_ALG_OPS_aes_256_gcm,
#if defined(HAVE_GCM)
	.context_size = sizeof(gcm_ctx),
	.setup = gcm_setup,
	.run = gcm_run,
	.teardown = gcm_teardown,
#else
	.why = "mbedTLS built without MBEDTLS_GCM_C or MBEDTLS_AES_C",
#endif
};

const cs_impl cs_mbedtls_legacy_chacha20_poly1305 = {
	.alg = &cs_alg_chacha20_poly1305,
	.path = "legacy",
	.ops = CS_ALG_OPS_chacha20_poly1305,
#if defined(HAVE_CHACHAPOLY)
	.context_size = sizeof(chachapoly_ctx),
	.setup = chachapoly_setup,
	.run = chachapoly_run,
	.teardown = chachapoly_teardown,
#else
	.why = "mbedTLS built without MBEDTLS_CHACHAPOLY_C",
#endif
};

const cs_impl cs_mbedtls_legacy_aes_128_cbc = {
	.alg = &cs_alg_aes_128_cbc,
	.path = "legacy",
	.ops = CS_ALG_OPS_aes_128_cbc,
#if defined(HAVE_CBC)
	.context_size = sizeof(cbc_ctx),
	.setup = cbc_setup,
	.run = cbc_run,
	.teardown = cbc_teardown,
#else
	.why = "mbedTLS built without MBEDTLS_AES_C or MBEDTLS_CIPHER_MODE_CBC",
#endif
};

const cs_impl cs_mbedtls_legacy_sha1 = {
	.alg = &cs_alg_sha1,
	.path = "legacy",
	.ops = CS_ALG_OPS_sha1,
#if defined(MBEDTLS_SHA1_C)
	.context_size = sizeof(mbedtls_sha1_context),
	.setup = sha1_setup,
	.run = sha1_run,
	.teardown = sha1_teardown,
#else
	.why = "mbedTLS built without MBEDTLS_SHA1_C",
#endif
};

const cs_impl cs_mbedtls_legacy_sha256 = {
	.alg = &cs_alg_sha256,
	.path = "legacy",
	.ops = CS_ALG_OPS_sha256,
#if defined(MBEDTLS_SHA256_C)
	.context_size = sizeof(mbedtls_sha256_context),
	.setup = sha256_setup,
	.run = sha256_run,
	.teardown = sha256_teardown,
#else
	.why = "mbedTLS built without MBEDTLS_SHA256_C",
#endif
};

const cs_impl cs_mbedtls_legacy_sha512 = {
	.alg = &cs_alg_sha512,
	.path = "legacy",
	.ops = CS_ALG_OPS_sha512,
#if defined(MBEDTLS_SHA512_C)
	.context_size = sizeof(mbedtls_sha512_context),
	.setup = sha512_setup,
	.run = sha512_run,
	.teardown = sha512_teardown,
#else
	.why = "mbedTLS built without MBEDTLS_SHA512_C",
#endif
};

const cs_impl cs_mbedtls_legacy_x25519 = {
	.alg = &cs_alg_x25519,
	.path = "legacy",
	.ops = CS_ALG_OPS_x25519,
#if defined(HAVE_X25519)
	.context_size = sizeof(ecdh_ctx),
	.setup = ecdh_setup,
	.run = ecdh_run,
	.teardown = ecdh_teardown,
#else
	.why = "mbedTLS built without MBEDTLS_ECDH_C, MBEDTLS_ECP_DP_CURVE25519_ENABLED "
	       "or the CTR-DRBG/entropy modules",
#endif
};

const cs_impl cs_mbedtls_legacy_p256 = {
	.alg = &cs_alg_p256,
	.path = "legacy",
	.ops = CS_ALG_OPS_p256,
#if defined(HAVE_P256)
	.context_size = sizeof(ecdh_ctx),
	.setup = ecdh_setup,
	.run = ecdh_run,
	.teardown = ecdh_teardown,
#else
	.why = "mbedTLS built without MBEDTLS_ECDH_C, MBEDTLS_ECP_DP_SECP256R1_ENABLED "
	       "or the CTR-DRBG/entropy modules",
#endif
};
