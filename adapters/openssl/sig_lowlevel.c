/*
 * OpenSSL's low-level signature calls, deprecated since 3.0: RSA_sign /
 * RSA_verify (PKCS#1 v1.5) and ECDSA_do_sign / ECDSA_do_verify, each after a
 * SHA256() of the message (the EVP paths hash inside the call). Ed25519 has
 * no such call.
 */
#ifndef OPENSSL_SUPPRESS_DEPRECATED
#define OPENSSL_SUPPRESS_DEPRECATED
#endif

#include <string.h>

#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/ecdsa.h>
#include <openssl/obj_mac.h>
#include <openssl/rsa.h>
#include <openssl/sha.h>
#include <openssl/x509.h>

#include "openssl_impls.h"

#ifdef OPENSSL_NO_DEPRECATED_3_0
#define LOWLEVEL(fn) NULL
#define LOWLEVEL_WHY "this OpenSSL build has no deprecated low-level API (no-deprecated)"
#define LL_SIZE 0
#else
#define LOWLEVEL(fn) fn
#define LOWLEVEL_WHY NULL

/* What a low-level signature impl keeps: the key, parsed in setup. */
typedef struct ll_sig_ctx {
	cs_op op;   /* sign or verify */
	RSA *rsa;   /* rsa-2048 */
	EC_KEY *ec; /* ecdsa-p256 */
} ll_sig_ctx;
#define LL_SIZE sizeof(ll_sig_ctx)

static cs_setup_fn rsa_setup, ecdsa_setup;
static cs_run_fn rsa_run, ecdsa_run;
static cs_teardown_fn ll_teardown;

static cs_status
rsa_setup(void *ctx, const cs_setup *s)
{
	ll_sig_ctx *c = ctx;
	if (s->alg != &cs_alg_rsa_2048 || (s->op != CS_OP_SIGN && s->op != CS_OP_VERIFY))
		return CS_BAD_PARAM;
	c->op = s->op;
	const unsigned char *p = c->op == CS_OP_SIGN ? s->key : s->peer;
	c->rsa = c->op == CS_OP_SIGN ? d2i_RSAPrivateKey(NULL, &p, (long)s->key_len)
				     : d2i_RSAPublicKey(NULL, &p, (long)s->peer_len);
	return c->rsa ? CS_OK : cs_openssl_lib_error();
}

static cs_status
rsa_run(void *ctx, const cs_io *io)
{
	ll_sig_ctx *c = ctx;
	uint8_t dgst[SHA256_DIGEST_LENGTH];
	SHA256(io->in, io->len, dgst);
	if (c->op == CS_OP_SIGN) {
		unsigned int len = 0;
		if (RSA_sign(NID_sha256, dgst, sizeof dgst, io->out, &len, c->rsa) != 1)
			return cs_openssl_lib_error();
		return len == 256 ? CS_OK : CS_LIB_ERROR;
	}
	if (RSA_verify(NID_sha256, dgst, sizeof dgst, io->sig, 256, c->rsa) == 1)
		return CS_OK;
	ERR_clear_error();
	return CS_MISMATCH;
}

static cs_status
ecdsa_setup(void *ctx, const cs_setup *s)
{
	ll_sig_ctx *c = ctx;
	if (s->alg != &cs_alg_ecdsa_p256 || (s->op != CS_OP_SIGN && s->op != CS_OP_VERIFY) ||
	    s->peer_len != 65)
		return CS_BAD_PARAM;
	c->op = s->op;
	c->ec = EC_KEY_new_by_curve_name(NID_X9_62_prime256v1);
	if (!c->ec)
		return cs_openssl_lib_error();
	const unsigned char *pub = s->peer;
	if (!EC_KEY_oct2key(c->ec, pub, 65, NULL))
		return cs_openssl_lib_error();
	if (c->op == CS_OP_SIGN) {
		BIGNUM *d = BN_bin2bn(s->key, 32, NULL);
		int ok = d && EC_KEY_set_private_key(c->ec, d);
		BN_clear_free(d);
		if (!ok)
			return cs_openssl_lib_error();
	}
	return CS_OK;
}

static cs_status
ecdsa_run(void *ctx, const cs_io *io)
{
	ll_sig_ctx *c = ctx;
	uint8_t dgst[SHA256_DIGEST_LENGTH];
	SHA256(io->in, io->len, dgst);
	if (c->op == CS_OP_SIGN) {
		ECDSA_SIG *es = ECDSA_do_sign(dgst, sizeof dgst, c->ec);
		const BIGNUM *r, *s;
		if (!es)
			return cs_openssl_lib_error();
		ECDSA_SIG_get0(es, &r, &s);
		int ok = BN_bn2binpad(r, io->out, 32) == 32 &&
			 BN_bn2binpad(s, io->out + 32, 32) == 32;
		ECDSA_SIG_free(es);
		return ok ? CS_OK : CS_LIB_ERROR;
	}
	ECDSA_SIG *es = ECDSA_SIG_new();
	BIGNUM *r = BN_bin2bn(io->sig, 32, NULL), *s = BN_bin2bn(io->sig + 32, 32, NULL);
	if (!es || !r || !s || !ECDSA_SIG_set0(es, r, s)) {
		ECDSA_SIG_free(es);
		BN_free(r);
		BN_free(s);
		return CS_NO_MEMORY;
	}
	int v = ECDSA_do_verify(dgst, sizeof dgst, es, c->ec);
	ECDSA_SIG_free(es);
	if (v == 1)
		return CS_OK;
	ERR_clear_error();
	return v == 0 ? CS_MISMATCH : CS_LIB_ERROR;
}

static void
ll_teardown(void *ctx)
{
	ll_sig_ctx *c = ctx;
	RSA_free(c->rsa);
	EC_KEY_free(c->ec);
}
#endif /* OPENSSL_NO_DEPRECATED_3_0 */

/* RSA_sign / ECDSA_do_sign make no key pairs: the low-level path has no keygen. */
#define NO_KEYGEN(id) (CS_ALG_OPS_##id & ~CS_OPBIT(CS_OP_KEYGEN))

const cs_impl cs_openssl_rsa_2048_lowlevel = {
	.alg = &cs_alg_rsa_2048,
	.path = "lowlevel",
	.ops = NO_KEYGEN(rsa_2048),
	.context_size = LL_SIZE,
	.setup = LOWLEVEL(rsa_setup),
	.run = LOWLEVEL(rsa_run),
	.teardown = LOWLEVEL(ll_teardown),
	.why = LOWLEVEL_WHY,
	.available = cs_openssl_available,
};
/* ECDSA_do_sign draws a random k. */
const cs_impl cs_openssl_ecdsa_p256_lowlevel = {
	.alg = &cs_alg_ecdsa_p256,
	.path = "lowlevel",
	.ops = NO_KEYGEN(ecdsa_p256),
	.context_size = LL_SIZE,
	.setup = LOWLEVEL(ecdsa_setup),
	.run = LOWLEVEL(ecdsa_run),
	.teardown = LOWLEVEL(ll_teardown),
	.why = LOWLEVEL_WHY,
	.available = cs_openssl_available,
	.flags = CS_IMPL_RANDOMIZED,
};
const cs_impl cs_openssl_ed25519_lowlevel = {
	.alg = &cs_alg_ed25519,
	.path = "lowlevel",
	.ops = CS_ALG_OPS_ed25519,
	.why = "OpenSSL has no low-level Ed25519 call (only EVP_DigestSign)",
};
