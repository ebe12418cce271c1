/*
 * OpenSSL's low-level calls, deprecated since 3.0 but still what a lot of
 * code runs: SHA1_/SHA256_/SHA512_Init/Update/Final, AES_set_encrypt_key +
 * AES_cbc_encrypt, EC_KEY + ECDH_compute_key / EC_KEY_generate_key.
 * AES-GCM, ChaCha20-Poly1305 and X25519 have no such call.
 */
#ifndef OPENSSL_SUPPRESS_DEPRECATED
#define OPENSSL_SUPPRESS_DEPRECATED
#endif

#include <string.h>

#include <openssl/aes.h>
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/ecdh.h>
#include <openssl/obj_mac.h>
#include <openssl/sha.h>

#include "openssl_impls.h"

/* Built with no-deprecated (or OPENSSL_API_COMPAT >= 3.0): the calls are gone. */
#ifdef OPENSSL_NO_DEPRECATED_3_0
#define LOWLEVEL(fn) NULL
#define LOWLEVEL_WHY "this OpenSSL build has no deprecated low-level API (no-deprecated)"
#else
#define LOWLEVEL(fn) fn
#define LOWLEVEL_WHY NULL
#endif

#ifndef OPENSSL_NO_DEPRECATED_3_0

/* What a low-level hash impl keeps: the state of the one hash it runs. */
typedef union sha_ctx {
	SHA_CTX sha1;
	SHA256_CTX sha256;
	SHA512_CTX sha512;
} sha_ctx;

/* What the low-level AES-CBC impl keeps: the expanded key. */
typedef struct aes_ctx {
	AES_KEY key;
} aes_ctx;

/* What the low-level P-256 impl keeps. */
typedef struct ec_ctx {
	cs_op op;
	EC_KEY *key;	/* derive: ours; keygen: the key each op regenerates */
	EC_POINT *peer; /* derive: the peer's public point */
} ec_ctx;

static cs_setup_fn sha_setup;
static cs_run_fn sha1_run;
static cs_run_fn sha256_run;
static cs_run_fn sha512_run;

static cs_status
sha_setup(void *ctx, const cs_setup *s)
{
	(void)ctx;
	return s->op == CS_OP_DIGEST ? CS_OK : CS_BAD_PARAM;
}

static cs_status
sha1_run(void *ctx, const cs_io *io)
{
	sha_ctx *u = ctx;
	SHA_CTX *c = &u->sha1;
	if (!SHA1_Init(c) || !SHA1_Update(c, io->in, io->len) || !SHA1_Final(io->out, c))
		return CS_LIB_ERROR;
	return CS_OK;
}

static cs_status
sha256_run(void *ctx, const cs_io *io)
{
	sha_ctx *u = ctx;
	SHA256_CTX *c = &u->sha256;
	if (!SHA256_Init(c) || !SHA256_Update(c, io->in, io->len) || !SHA256_Final(io->out, c))
		return CS_LIB_ERROR;
	return CS_OK;
}

static cs_status
sha512_run(void *ctx, const cs_io *io)
{
	sha_ctx *u = ctx;
	SHA512_CTX *c = &u->sha512;
	if (!SHA512_Init(c) || !SHA512_Update(c, io->in, io->len) || !SHA512_Final(io->out, c))
		return CS_LIB_ERROR;
	return CS_OK;
}

static cs_setup_fn aes_cbc_setup;
static cs_run_fn aes_cbc_run;

static cs_status
aes_cbc_setup(void *ctx, const cs_setup *s)
{
	aes_ctx *c = ctx;
	if (s->op != CS_OP_ENCRYPT || s->alg->nonce_len != AES_BLOCK_SIZE)
		return CS_BAD_PARAM;
	if (AES_set_encrypt_key(s->key, (int)(s->alg->key_len * 8), &c->key) != 0)
		return CS_LIB_ERROR;
	return CS_OK;
}

static cs_status
aes_cbc_run(void *ctx, const cs_io *io)
{
	aes_ctx *c = ctx;
	unsigned char iv[AES_BLOCK_SIZE];
	memcpy(iv, io->nonce, sizeof iv); /* AES_cbc_encrypt advances it in place */
	AES_cbc_encrypt(io->in, io->out, io->len, &c->key, iv, AES_ENCRYPT);
	return CS_OK;
}

static cs_setup_fn p256_setup;
static cs_run_fn p256_run;
static cs_teardown_fn p256_teardown;

static cs_status
p256_setup(void *ctx, const cs_setup *s)
{
	ec_ctx *c = ctx;
	if (s->op != CS_OP_DERIVE && s->op != CS_OP_KEYGEN)
		return CS_BAD_PARAM;
	c->op = s->op;
	if (!(c->key = EC_KEY_new_by_curve_name(NID_X9_62_prime256v1)))
		return cs_openssl_lib_error();
	if (c->op == CS_OP_KEYGEN)
		return CS_OK;

	const EC_GROUP *group = EC_KEY_get0_group(c->key);
	uint8_t pub[65];
	cs_status st = cs_openssl_p256_public(s->key, pub);
	if (st != CS_OK)
		return st;
	BIGNUM *d = BN_bin2bn(s->key, 32, NULL);
	if (!d)
		return CS_NO_MEMORY;
	if (!EC_KEY_set_private_key(c->key, d) || !EC_KEY_oct2key(c->key, pub, sizeof pub, NULL) ||
	    !(c->peer = EC_POINT_new(group)) ||
	    !EC_POINT_oct2point(group, c->peer, s->peer, s->alg->pub_len, NULL))
		st = cs_openssl_lib_error();
	BN_clear_free(d);
	return st;
}

static cs_status
p256_run(void *ctx, const cs_io *io)
{
	ec_ctx *c = ctx;
	if (c->op == CS_OP_DERIVE)
		return ECDH_compute_key(io->out, 32, c->peer, c->key, NULL) == 32 ? CS_OK
										  : CS_LIB_ERROR;
	if (!EC_KEY_generate_key(c->key) ||
	    EC_POINT_point2oct(EC_KEY_get0_group(c->key), EC_KEY_get0_public_key(c->key),
			       POINT_CONVERSION_UNCOMPRESSED, io->out, 65, NULL) != 65)
		return CS_LIB_ERROR;
	return CS_OK;
}

static void
p256_teardown(void *ctx)
{
	ec_ctx *c = ctx;
	EC_POINT_free(c->peer);
	EC_KEY_free(c->key);
}

#define SHA_SIZE sizeof(sha_ctx)
#define AES_SIZE sizeof(aes_ctx)
#define EC_SIZE sizeof(ec_ctx)
#else
#define SHA_SIZE 0
#define AES_SIZE 0
#define EC_SIZE 0
#endif /* OPENSSL_NO_DEPRECATED_3_0 */

/* ---- the impls ---- */

const cs_impl cs_openssl_sha1_lowlevel = {
	.alg = &cs_alg_sha1,
	.path = "lowlevel",
	.ops = CS_ALG_OPS_sha1,
	.context_size = SHA_SIZE,
	.setup = LOWLEVEL(sha_setup),
	.run = LOWLEVEL(sha1_run),
	.why = LOWLEVEL_WHY,
	.available = cs_openssl_available,
};
const cs_impl cs_openssl_sha256_lowlevel = {
	.alg = &cs_alg_sha256,
	.path = "lowlevel",
	.ops = CS_ALG_OPS_sha256,
	.context_size = SHA_SIZE,
	.setup = LOWLEVEL(sha_setup),
	.run = LOWLEVEL(sha256_run),
	.why = LOWLEVEL_WHY,
	.available = cs_openssl_available,
};
const cs_impl cs_openssl_sha512_lowlevel = {
	.alg = &cs_alg_sha512,
	.path = "lowlevel",
	.ops = CS_ALG_OPS_sha512,
	.context_size = SHA_SIZE,
	.setup = LOWLEVEL(sha_setup),
	.run = LOWLEVEL(sha512_run),
	.why = LOWLEVEL_WHY,
	.available = cs_openssl_available,
};
const cs_impl cs_openssl_aes_128_cbc_lowlevel = {
	.alg = &cs_alg_aes_128_cbc,
	.path = "lowlevel",
	.ops = CS_ALG_OPS_aes_128_cbc,
	.context_size = AES_SIZE,
	.setup = LOWLEVEL(aes_cbc_setup),
	.run = LOWLEVEL(aes_cbc_run),
	.why = LOWLEVEL_WHY,
	.available = cs_openssl_available,
};
const cs_impl cs_openssl_p256_lowlevel = {
	.alg = &cs_alg_p256,
	.path = "lowlevel",
	.ops = CS_ALG_OPS_p256,
	.context_size = EC_SIZE,
	.setup = LOWLEVEL(p256_setup),
	.run = LOWLEVEL(p256_run),
	.teardown = LOWLEVEL(p256_teardown),
	.why = LOWLEVEL_WHY,
	.available = cs_openssl_available,
};

const cs_impl cs_openssl_aes_128_gcm_lowlevel = {
	.alg = &cs_alg_aes_128_gcm,
	.path = "lowlevel",
	.ops = CS_ALG_OPS_aes_128_gcm,
	.why = "OpenSSL has no low-level AES-GCM call (only EVP)",
};
const cs_impl cs_openssl_aes_256_gcm_lowlevel = {
	.alg = &cs_alg_aes_256_gcm,
	.path = "lowlevel",
	.ops = CS_ALG_OPS_aes_256_gcm,
	.why = "OpenSSL has no low-level AES-GCM call (only EVP)",
};
const cs_impl cs_openssl_chacha20_poly1305_lowlevel = {
	.alg = &cs_alg_chacha20_poly1305,
	.path = "lowlevel",
	.ops = CS_ALG_OPS_chacha20_poly1305,
	.why = "OpenSSL has no low-level ChaCha20-Poly1305 call (only EVP)",
};
const cs_impl cs_openssl_x25519_lowlevel = {
	.alg = &cs_alg_x25519,
	.path = "lowlevel",
	.ops = CS_ALG_OPS_x25519,
	.why = "OpenSSL has no low-level X25519 call (only EVP_PKEY)",
};
