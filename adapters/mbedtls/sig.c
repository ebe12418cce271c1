/*
 * mbedTLS signatures and HMAC, on both paths.
 *
 * legacy  ECDSA P-256: mbedtls_sha256 of the message, then
 *         mbedtls_ecdsa_sign_det_ext (RFC 6979 k, when the build has
 *         MBEDTLS_ECDSA_DETERMINISTIC; else mbedtls_ecdsa_sign with a random
 *         k) / mbedtls_ecdsa_verify; keygen mbedtls_ecp_gen_keypair.
 *         RSA-2048: the key parsed with mbedtls_pk_parse_key in setup, then
 *         mbedtls_rsa_pkcs1_sign / _verify of the SHA-256.
 *         HMAC-SHA256: mbedtls_md_hmac_starts in setup; per op update,
 *         finish, reset.
 * psa     psa_hash_compute + psa_sign_hash / psa_verify_hash with
 *         PSA_ALG_(DETERMINISTIC_)ECDSA or PSA_ALG_RSA_PKCS1V15_SIGN, keys
 *         imported in setup; keygen psa_generate_key + psa_export_public_key;
 *         HMAC psa_mac_compute.
 * mbedTLS 2.28 and 3.x have no Ed25519 on either path.
 */
#include <string.h>

#include "mbedtls/version.h" /* first: pulls in the build configuration */

#include "mbedtls/ctr_drbg.h"
#include "mbedtls/ecdsa.h"
#include "mbedtls/ecp.h"
#include "mbedtls/entropy.h"
#include "mbedtls/md.h"
#include "mbedtls/pk.h"
#include "mbedtls/rsa.h"
#include "mbedtls/sha256.h"

#if defined(MBEDTLS_PSA_CRYPTO_C)
#include "psa/crypto.h"
#endif

#include "mbedtls_impls.h"

#if MBEDTLS_VERSION_NUMBER >= 0x03000000
#define SHA256(in, len, out) mbedtls_sha256(in, len, out, 0)
#else
#define SHA256(in, len, out) mbedtls_sha256_ret(in, len, out, 0)
#endif

#if defined(MBEDTLS_CTR_DRBG_C) && defined(MBEDTLS_ENTROPY_C) && defined(MBEDTLS_SHA256_C)
#define HAVE_DRBG 1
#endif
#if defined(HAVE_DRBG) && defined(MBEDTLS_ECDSA_C) && defined(MBEDTLS_ECP_DP_SECP256R1_ENABLED)
#define HAVE_ECDSA 1
#endif
#if defined(HAVE_DRBG) && defined(MBEDTLS_RSA_C) && defined(MBEDTLS_PKCS1_V15) &&                  \
	defined(MBEDTLS_PK_PARSE_C)
#define HAVE_RSA 1
#endif
#if defined(MBEDTLS_MD_C) && defined(MBEDTLS_SHA256_C)
#define HAVE_HMAC 1
#endif

/* A seeded CTR-DRBG (keygen, ECDSA blinding or k, RSA blinding). */
typedef struct drbg {
	mbedtls_entropy_context entropy;
	mbedtls_ctr_drbg_context ctr;
} drbg;

#if defined(HAVE_DRBG)
static cs_status
drbg_start(drbg *d)
{
	mbedtls_entropy_init(&d->entropy);
	mbedtls_ctr_drbg_init(&d->ctr);
	static const unsigned char who[] = "cryptospeed mbedtls sig";
	return mbedtls_ctr_drbg_seed(&d->ctr, mbedtls_entropy_func, &d->entropy, who,
				     sizeof who - 1) == 0
		       ? CS_OK
		       : CS_LIB_ERROR;
}

static void
drbg_stop(drbg *d)
{
	mbedtls_ctr_drbg_free(&d->ctr);
	mbedtls_entropy_free(&d->entropy);
}
#endif

/* ---- legacy ECDSA P-256 ---- */

#if defined(HAVE_ECDSA)
#define P256 32

typedef struct ecdsa_ctx {
	int inited;
	cs_op op;
	mbedtls_ecp_group grp;
	mbedtls_mpi d, r, s; /* our scalar; the signature */
	mbedtls_ecp_point q; /* verify: our public point; keygen: the new one */
	drbg rng;
} ecdsa_ctx;

static cs_setup_fn ecdsa_setup;
static cs_run_fn ecdsa_run;
static cs_teardown_fn ecdsa_teardown;

static cs_status
ecdsa_setup(void *ctx, const cs_setup *s)
{
	ecdsa_ctx *c = ctx;
	c->op = s->op;
	mbedtls_ecp_group_init(&c->grp);
	mbedtls_mpi_init(&c->d);
	mbedtls_mpi_init(&c->r);
	mbedtls_mpi_init(&c->s);
	mbedtls_ecp_point_init(&c->q);
	c->inited = 1;
	if (drbg_start(&c->rng) != CS_OK ||
	    mbedtls_ecp_group_load(&c->grp, MBEDTLS_ECP_DP_SECP256R1) != 0)
		return CS_LIB_ERROR;
	if (s->op == CS_OP_KEYGEN)
		return CS_OK;
	if (s->op == CS_OP_SIGN)
		return s->key_len == P256 && mbedtls_mpi_read_binary(&c->d, s->key, P256) == 0
			       ? CS_OK
			       : CS_BAD_PARAM;
	if (s->op != CS_OP_VERIFY)
		return CS_BAD_PARAM;
	return mbedtls_ecp_point_read_binary(&c->grp, &c->q, s->peer, s->peer_len) == 0 &&
			       mbedtls_ecp_check_pubkey(&c->grp, &c->q) == 0
		       ? CS_OK
		       : CS_BAD_PARAM;
}

static cs_status
ecdsa_run(void *ctx, const cs_io *io)
{
	ecdsa_ctx *c = ctx;
	unsigned char hash[32];
	size_t n;
	if (c->op == CS_OP_KEYGEN) {
		if (mbedtls_ecp_gen_keypair(&c->grp, &c->d, &c->q, mbedtls_ctr_drbg_random,
					    &c->rng.ctr) != 0 ||
		    mbedtls_ecp_point_write_binary(&c->grp, &c->q, MBEDTLS_ECP_PF_UNCOMPRESSED, &n,
						   io->out, 1 + 2 * P256) != 0 ||
		    n != 1 + 2 * P256)
			return CS_LIB_ERROR;
		return CS_OK;
	}
	if (SHA256(io->in, io->len, hash) != 0)
		return CS_LIB_ERROR;
	if (c->op == CS_OP_SIGN) {
#if defined(MBEDTLS_ECDSA_DETERMINISTIC)
		int rc = mbedtls_ecdsa_sign_det_ext(&c->grp, &c->r, &c->s, &c->d, hash, sizeof hash,
						    MBEDTLS_MD_SHA256, mbedtls_ctr_drbg_random,
						    &c->rng.ctr);
#else
		int rc = mbedtls_ecdsa_sign(&c->grp, &c->r, &c->s, &c->d, hash, sizeof hash,
					    mbedtls_ctr_drbg_random, &c->rng.ctr);
#endif
		if (rc != 0 || mbedtls_mpi_write_binary(&c->r, io->out, P256) != 0 ||
		    mbedtls_mpi_write_binary(&c->s, io->out + P256, P256) != 0)
			return CS_LIB_ERROR;
		return CS_OK;
	}
	if (mbedtls_mpi_read_binary(&c->r, io->sig, P256) != 0 ||
	    mbedtls_mpi_read_binary(&c->s, io->sig + P256, P256) != 0)
		return CS_LIB_ERROR;
	int rc = mbedtls_ecdsa_verify(&c->grp, hash, sizeof hash, &c->q, &c->r, &c->s);
	return rc == 0 ? CS_OK : rc == MBEDTLS_ERR_ECP_VERIFY_FAILED ? CS_MISMATCH : CS_LIB_ERROR;
}

static void
ecdsa_teardown(void *ctx)
{
	ecdsa_ctx *c = ctx;
	if (!c->inited)
		return;
	mbedtls_ecp_point_free(&c->q);
	mbedtls_mpi_free(&c->s);
	mbedtls_mpi_free(&c->r);
	mbedtls_mpi_free(&c->d);
	mbedtls_ecp_group_free(&c->grp);
	drbg_stop(&c->rng);
	c->inited = 0;
}
#endif /* HAVE_ECDSA */

/* ---- legacy RSA-2048 PKCS#1 v1.5 ---- */

#if defined(HAVE_RSA)
typedef struct rsa_ctx {
	int inited;
	cs_op op;
	mbedtls_pk_context pk; /* holds the RSA context */
	drbg rng;	       /* blinding */
} rsa_ctx;

static cs_setup_fn rsa_setup;
static cs_run_fn rsa_run;
static cs_teardown_fn rsa_teardown;

static cs_status
rsa_setup(void *ctx, const cs_setup *s)
{
	rsa_ctx *c = ctx;
	c->op = s->op;
	mbedtls_pk_init(&c->pk);
	c->inited = 1;
	if (drbg_start(&c->rng) != CS_OK)
		return CS_LIB_ERROR;
	int rc;
	if (s->op == CS_OP_SIGN)
#if MBEDTLS_VERSION_NUMBER >= 0x03000000
		rc = mbedtls_pk_parse_key(&c->pk, s->key, s->key_len, NULL, 0,
					  mbedtls_ctr_drbg_random, &c->rng.ctr);
#else
		rc = mbedtls_pk_parse_key(&c->pk, s->key, s->key_len, NULL, 0);
#endif
	else if (s->op == CS_OP_VERIFY)
		rc = mbedtls_pk_parse_public_key(&c->pk, s->peer, s->peer_len);
	else
		return CS_BAD_PARAM;
	if (rc != 0 || mbedtls_pk_get_type(&c->pk) != MBEDTLS_PK_RSA ||
	    mbedtls_pk_get_bitlen(&c->pk) != 2048)
		return CS_BAD_PARAM;
	return CS_OK;
}

static cs_status
rsa_run(void *ctx, const cs_io *io)
{
	rsa_ctx *c = ctx;
	mbedtls_rsa_context *rsa = mbedtls_pk_rsa(c->pk);
	unsigned char hash[32];
	int rc;
	if (SHA256(io->in, io->len, hash) != 0)
		return CS_LIB_ERROR;
	if (c->op == CS_OP_SIGN) {
#if MBEDTLS_VERSION_NUMBER >= 0x03000000
		rc = mbedtls_rsa_pkcs1_sign(rsa, mbedtls_ctr_drbg_random, &c->rng.ctr,
					    MBEDTLS_MD_SHA256, sizeof hash, hash, io->out);
#else
		rc = mbedtls_rsa_pkcs1_sign(rsa, mbedtls_ctr_drbg_random, &c->rng.ctr,
					    MBEDTLS_RSA_PRIVATE, MBEDTLS_MD_SHA256, sizeof hash,
					    hash, io->out);
#endif
		return rc == 0 ? CS_OK : CS_LIB_ERROR;
	}
#if MBEDTLS_VERSION_NUMBER >= 0x03000000
	rc = mbedtls_rsa_pkcs1_verify(rsa, MBEDTLS_MD_SHA256, sizeof hash, hash, io->sig);
#else
	rc = mbedtls_rsa_pkcs1_verify(rsa, NULL, NULL, MBEDTLS_RSA_PUBLIC, MBEDTLS_MD_SHA256,
				      sizeof hash, hash, io->sig);
#endif
	if (rc == 0)
		return CS_OK;
	return rc == MBEDTLS_ERR_RSA_VERIFY_FAILED || rc == MBEDTLS_ERR_RSA_INVALID_PADDING ||
			       rc == MBEDTLS_ERR_RSA_PUBLIC_FAILED + MBEDTLS_ERR_MPI_BAD_INPUT_DATA
		       ? CS_MISMATCH
		       : CS_LIB_ERROR;
}

static void
rsa_teardown(void *ctx)
{
	rsa_ctx *c = ctx;
	if (!c->inited)
		return;
	mbedtls_pk_free(&c->pk);
	drbg_stop(&c->rng);
	c->inited = 0;
}
#endif /* HAVE_RSA */

/* ---- legacy HMAC-SHA256 ---- */

#if defined(HAVE_HMAC)
typedef struct hmac_ctx {
	int inited;
	mbedtls_md_context_t md;
} hmac_ctx;

static cs_setup_fn hmac_setup;
static cs_run_fn hmac_run;
static cs_teardown_fn hmac_teardown;

static cs_status
hmac_setup(void *ctx, const cs_setup *s)
{
	hmac_ctx *c = ctx;
	if (s->op != CS_OP_MAC)
		return CS_BAD_PARAM;
	mbedtls_md_init(&c->md);
	c->inited = 1;
	if (mbedtls_md_setup(&c->md, mbedtls_md_info_from_type(MBEDTLS_MD_SHA256), 1) != 0 ||
	    mbedtls_md_hmac_starts(&c->md, s->key, s->key_len) != 0)
		return CS_LIB_ERROR;
	return CS_OK;
}

static cs_status
hmac_run(void *ctx, const cs_io *io)
{
	hmac_ctx *c = ctx;
	if (mbedtls_md_hmac_update(&c->md, io->in, io->len) != 0 ||
	    mbedtls_md_hmac_finish(&c->md, io->out) != 0 || mbedtls_md_hmac_reset(&c->md) != 0)
		return CS_LIB_ERROR;
	return CS_OK;
}

static void
hmac_teardown(void *ctx)
{
	hmac_ctx *c = ctx;
	if (c->inited)
		mbedtls_md_free(&c->md);
	c->inited = 0;
}
#endif /* HAVE_HMAC */

/* ---- PSA ---- */

#if defined(MBEDTLS_PSA_CRYPTO_C)
#if defined(MBEDTLS_ECDSA_DETERMINISTIC)
#define PSA_ECDSA PSA_ALG_DETERMINISTIC_ECDSA(PSA_ALG_SHA_256)
#else
#define PSA_ECDSA PSA_ALG_ECDSA(PSA_ALG_SHA_256)
#endif
#define PSA_RSA PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_SHA_256)
#define PSA_HMAC PSA_ALG_HMAC(PSA_ALG_SHA_256)

typedef struct psa_sig_ctx {
	cs_op op;
	psa_algorithm_t alg;
	psa_key_type_t keygen_type; /* keygen: the pair type */
	psa_key_id_t key;	    /* 0 = none */
} psa_sig_ctx;

static cs_status
psa_status(psa_status_t st)
{
	switch (st) {
	case PSA_SUCCESS: return CS_OK;
	case PSA_ERROR_NOT_SUPPORTED: return CS_UNSUPPORTED;
	case PSA_ERROR_INVALID_SIGNATURE: return CS_MISMATCH;
	case PSA_ERROR_INSUFFICIENT_MEMORY: return CS_NO_MEMORY;
	case PSA_ERROR_INVALID_ARGUMENT: return CS_BAD_PARAM;
	default: return CS_LIB_ERROR;
	}
}

static cs_setup_fn psa_sig_setup, psa_mac_setup;
static cs_run_fn psa_sig_run, psa_mac_run;
static cs_teardown_fn psa_sig_teardown;

/* Import data as a key of this type for alg, usable for usage. */
static cs_status
import(psa_sig_ctx *c, psa_key_type_t type, psa_key_usage_t usage, const uint8_t *data, size_t len)
{
	psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
	psa_set_key_type(&attr, type);
	psa_set_key_usage_flags(&attr, usage);
	psa_set_key_algorithm(&attr, c->alg);
	psa_status_t st = psa_import_key(&attr, data, len, &c->key);
	psa_reset_key_attributes(&attr);
	return psa_status(st);
}

static cs_status
psa_sig_setup(void *ctx, const cs_setup *s)
{
	psa_sig_ctx *c = ctx;
	int ecdsa = s->alg == &cs_alg_ecdsa_p256;
	c->op = s->op;
	c->alg = ecdsa ? PSA_ECDSA : PSA_RSA;
	cs_mbedtls_psa_init();
	if (s->op == CS_OP_KEYGEN) {
		if (!ecdsa)
			return CS_BAD_PARAM;
		c->keygen_type = PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_SECP_R1);
		return CS_OK;
	}
	if (s->op == CS_OP_SIGN)
		return import(c,
			      ecdsa ? PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_SECP_R1)
				    : PSA_KEY_TYPE_RSA_KEY_PAIR,
			      PSA_KEY_USAGE_SIGN_HASH, s->key, s->key_len);
	if (s->op != CS_OP_VERIFY)
		return CS_BAD_PARAM;
	return import(c,
		      ecdsa ? PSA_KEY_TYPE_ECC_PUBLIC_KEY(PSA_ECC_FAMILY_SECP_R1)
			    : PSA_KEY_TYPE_RSA_PUBLIC_KEY,
		      PSA_KEY_USAGE_VERIFY_HASH, s->peer, s->peer_len);
}

static cs_status
psa_sig_run(void *ctx, const cs_io *io)
{
	psa_sig_ctx *c = ctx;
	uint8_t hash[32];
	size_t n;
	psa_status_t st;
	if (c->op == CS_OP_KEYGEN) {
		psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
		psa_key_id_t k = 0;
		psa_set_key_type(&attr, c->keygen_type);
		psa_set_key_bits(&attr, 256);
		psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_HASH);
		psa_set_key_algorithm(&attr, c->alg);
		st = psa_generate_key(&attr, &k);
		if (st == PSA_SUCCESS)
			st = psa_export_public_key(k, io->out, 65, &n);
		psa_destroy_key(k);
		psa_reset_key_attributes(&attr);
		return st == PSA_SUCCESS && n != 65 ? CS_LIB_ERROR : psa_status(st);
	}
	st = psa_hash_compute(PSA_ALG_SHA_256, io->in, io->len, hash, sizeof hash, &n);
	if (st != PSA_SUCCESS)
		return psa_status(st);
	size_t slen = c->alg == PSA_RSA ? 256 : 64;
	if (c->op == CS_OP_SIGN) {
		st = psa_sign_hash(c->key, c->alg, hash, sizeof hash, io->out, slen, &n);
		return st == PSA_SUCCESS && n != slen ? CS_LIB_ERROR : psa_status(st);
	}
	st = psa_verify_hash(c->key, c->alg, hash, sizeof hash, io->sig, slen);
	return psa_status(st);
}

static void
psa_sig_teardown(void *ctx)
{
	psa_sig_ctx *c = ctx;
	if (c->key)
		psa_destroy_key(c->key);
	c->key = 0;
}

static cs_status
psa_mac_setup(void *ctx, const cs_setup *s)
{
	psa_sig_ctx *c = ctx;
	if (s->op != CS_OP_MAC)
		return CS_BAD_PARAM;
	c->op = s->op;
	c->alg = PSA_HMAC;
	cs_mbedtls_psa_init();
	return import(c, PSA_KEY_TYPE_HMAC, PSA_KEY_USAGE_SIGN_HASH, s->key, s->key_len);
}

static cs_status
psa_mac_run(void *ctx, const cs_io *io)
{
	psa_sig_ctx *c = ctx;
	size_t n = 0;
	psa_status_t st = psa_mac_compute(c->key, c->alg, io->in, io->len, io->out, 32, &n);
	return st == PSA_SUCCESS && n != 32 ? CS_LIB_ERROR : psa_status(st);
}
#endif /* MBEDTLS_PSA_CRYPTO_C */

/* ---- the impls ---- */

#define NO_ED25519 "mbedTLS has no Ed25519 (neither its modules nor its PSA API)"

const cs_impl cs_mbedtls_legacy_ed25519 = {
	.alg = &cs_alg_ed25519,
	.path = "legacy",
	.ops = CS_ALG_OPS_ed25519,
	.why = NO_ED25519,
};
const cs_impl cs_mbedtls_psa_ed25519 = {
	.alg = &cs_alg_ed25519,
	.path = "psa",
	.ops = CS_ALG_OPS_ed25519,
	.why = NO_ED25519,
};

#if defined(MBEDTLS_ECDSA_DETERMINISTIC)
#define ECDSA_FLAGS 0u
#else
#define ECDSA_FLAGS CS_IMPL_RANDOMIZED
#endif

const cs_impl cs_mbedtls_legacy_ecdsa_p256 = {
	.alg = &cs_alg_ecdsa_p256,
	.path = "legacy",
	.ops = CS_ALG_OPS_ecdsa_p256,
#if defined(HAVE_ECDSA)
	.context_size = sizeof(ecdsa_ctx),
	.flags = ECDSA_FLAGS,
	.setup = ecdsa_setup,
	.run = ecdsa_run,
	.teardown = ecdsa_teardown,
#else
	.why = "mbedTLS built without MBEDTLS_ECDSA_C, MBEDTLS_ECP_DP_SECP256R1_ENABLED "
	       "or the CTR-DRBG/entropy modules",
#endif
};
const cs_impl cs_mbedtls_legacy_rsa_2048 = {
	.alg = &cs_alg_rsa_2048,
	.path = "legacy",
	.ops = CS_ALG_OPS_rsa_2048,
#if defined(HAVE_RSA)
	.context_size = sizeof(rsa_ctx),
	.setup = rsa_setup,
	.run = rsa_run,
	.teardown = rsa_teardown,
#else
	.why = "mbedTLS built without MBEDTLS_RSA_C, MBEDTLS_PKCS1_V15, MBEDTLS_PK_PARSE_C "
	       "or the CTR-DRBG/entropy modules",
#endif
};
const cs_impl cs_mbedtls_legacy_hmac_sha256 = {
	.alg = &cs_alg_hmac_sha256,
	.path = "legacy",
	.ops = CS_ALG_OPS_hmac_sha256,
#if defined(HAVE_HMAC)
	.context_size = sizeof(hmac_ctx),
	.setup = hmac_setup,
	.run = hmac_run,
	.teardown = hmac_teardown,
#else
	.why = "mbedTLS built without MBEDTLS_MD_C or MBEDTLS_SHA256_C",
#endif
};

#define NO_PSA "mbedTLS built without MBEDTLS_PSA_CRYPTO_C"

const cs_impl cs_mbedtls_psa_ecdsa_p256 = {
	.alg = &cs_alg_ecdsa_p256,
	.path = "psa",
	.ops = CS_ALG_OPS_ecdsa_p256,
#if defined(MBEDTLS_PSA_CRYPTO_C)
	.context_size = sizeof(psa_sig_ctx),
	.flags = ECDSA_FLAGS,
	.setup = psa_sig_setup,
	.run = psa_sig_run,
	.teardown = psa_sig_teardown,
#else
	.why = NO_PSA,
#endif
};
const cs_impl cs_mbedtls_psa_rsa_2048 = {
	.alg = &cs_alg_rsa_2048,
	.path = "psa",
	.ops = CS_ALG_OPS_rsa_2048,
#if defined(MBEDTLS_PSA_CRYPTO_C)
	.context_size = sizeof(psa_sig_ctx),
	.setup = psa_sig_setup,
	.run = psa_sig_run,
	.teardown = psa_sig_teardown,
#else
	.why = NO_PSA,
#endif
};
const cs_impl cs_mbedtls_psa_hmac_sha256 = {
	.alg = &cs_alg_hmac_sha256,
	.path = "psa",
	.ops = CS_ALG_OPS_hmac_sha256,
#if defined(MBEDTLS_PSA_CRYPTO_C)
	.context_size = sizeof(psa_sig_ctx),
	.setup = psa_mac_setup,
	.run = psa_mac_run,
	.teardown = psa_sig_teardown,
#else
	.why = NO_PSA,
#endif
};
