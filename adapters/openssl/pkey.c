/*
 * OpenSSL X25519 and P-256 (ECDH) through EVP_PKEY, on three paths:
 *   evp      EVP_PKEY_CTX_new / EVP_PKEY_CTX_new_id made in setup (derive:
 *            derive_init + set_peer done), reused by every op;
 *   fetch    the same with EVP_PKEY_CTX_new_from_pkey / _new_from_name;
 *   oneshot  what naive code does per op: a new EVP_PKEY_CTX for every
 *            derive, EVP_PKEY_Q_keygen for every keygen.
 * Keys are parsed in setup on every path: our private key (X25519 raw scalar,
 * P-256 big-endian scalar plus the public point computed from it) and the
 * peer's public key (X25519 raw, P-256 04||X||Y).
 */
#include <stdio.h>

#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/obj_mac.h>

#include "openssl_impls.h"

#if CS_OPENSSL_3
#include <openssl/core_names.h>
#include <openssl/param_build.h>
#define FETCH(fn) fn
#define FETCH_WHY NULL
#else
#define FETCH(fn) NULL
#define FETCH_WHY CS_OPENSSL_NEEDS_3
#endif

/* What a KEX impl keeps between operations. */
typedef struct kex_ctx {
	const cs_alg *alg;
	cs_op op;	    /* derive or keygen */
	EVP_PKEY *key;	    /* derive: our private key */
	EVP_PKEY *peer;	    /* derive: the peer's public key */
	EVP_PKEY_CTX *pctx; /* evp, fetch: the derive context (peer set) or
				   the keygen context, reused by every op */
} kex_ctx;

cs_status
cs_openssl_p256_public(const uint8_t priv[32], uint8_t pub[65])
{
	EC_GROUP *group = EC_GROUP_new_by_curve_name(NID_X9_62_prime256v1);
	EC_POINT *point = group ? EC_POINT_new(group) : NULL;
	BIGNUM *d = BN_bin2bn(priv, 32, NULL);
	cs_status st = CS_NO_MEMORY;
	if (group && point && d) {
		st = CS_OK;
		if (!EC_POINT_mul(group, point, d, NULL, NULL, NULL) ||
		    EC_POINT_point2oct(group, point, POINT_CONVERSION_UNCOMPRESSED, pub, 65,
				       NULL) != 65)
			st = cs_openssl_lib_error();
	}
	BN_clear_free(d);
	EC_POINT_free(point);
	EC_GROUP_free(group);
	return st;
}

#if CS_OPENSSL_3
cs_status
cs_openssl_p256_pkey(const uint8_t *priv, const uint8_t pub[65], EVP_PKEY **out)
{
	OSSL_PARAM_BLD *bld = OSSL_PARAM_BLD_new();
	BIGNUM *d = priv ? BN_bin2bn(priv, 32, NULL) : NULL;
	OSSL_PARAM *params = NULL;
	EVP_PKEY_CTX *pctx = NULL;
	cs_status st = CS_NO_MEMORY;
	if (!bld || (priv && !d))
		goto done;
	st = CS_OK;
	if (!OSSL_PARAM_BLD_push_utf8_string(bld, OSSL_PKEY_PARAM_GROUP_NAME, "prime256v1", 0) ||
	    !OSSL_PARAM_BLD_push_octet_string(bld, OSSL_PKEY_PARAM_PUB_KEY, pub, 65) ||
	    (d && !OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_PRIV_KEY, d)) ||
	    !(params = OSSL_PARAM_BLD_to_param(bld)) ||
	    !(pctx = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL)) ||
	    EVP_PKEY_fromdata_init(pctx) <= 0 ||
	    EVP_PKEY_fromdata(pctx, out, priv ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY, params) <=
		    0)
		st = cs_openssl_lib_error();
done:
	EVP_PKEY_CTX_free(pctx);
	OSSL_PARAM_free(params);
	BN_clear_free(d);
	OSSL_PARAM_BLD_free(bld);
	return st;
}
#else
cs_status
cs_openssl_p256_pkey(const uint8_t *priv, const uint8_t pub[65], EVP_PKEY **out)
{
	EC_KEY *ec = EC_KEY_new_by_curve_name(NID_X9_62_prime256v1);
	BIGNUM *d = priv ? BN_bin2bn(priv, 32, NULL) : NULL;
	EVP_PKEY *pkey = EVP_PKEY_new();
	cs_status st = CS_NO_MEMORY;
	if (ec && pkey && (!priv || d)) {
		st = CS_OK;
		if (!EC_KEY_oct2key(ec, pub, 65, NULL) || (d && !EC_KEY_set_private_key(ec, d)) ||
		    !EVP_PKEY_assign_EC_KEY(pkey, ec))
			st = cs_openssl_lib_error();
	}
	BN_clear_free(d);
	if (st == CS_OK) {
		*out = pkey; /* it owns ec now */
		return CS_OK;
	}
	EVP_PKEY_free(pkey);
	EC_KEY_free(ec);
	return st;
}
#endif

/* Parse our private key and the peer's public key (derive). */
static cs_status
load_keys(kex_ctx *c, const cs_setup *s)
{
	const cs_alg *alg = c->alg;
	if (alg == &cs_alg_x25519) {
		c->key = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, s->key, alg->key_len);
		c->peer = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, s->peer, alg->pub_len);
		return c->key && c->peer ? CS_OK : cs_openssl_lib_error();
	}
	uint8_t pub[65];
	cs_status st = cs_openssl_p256_public(s->key, pub);
	if (st == CS_OK)
		st = cs_openssl_p256_pkey(s->key, pub, &c->key);
	if (st == CS_OK)
		st = cs_openssl_p256_pkey(NULL, s->peer, &c->peer);
	return st;
}

/* Check the request, remember it, and parse the keys a derive needs. */
static cs_status
kex_prepare(kex_ctx *c, const cs_setup *s)
{
	if ((s->alg != &cs_alg_x25519 && s->alg != &cs_alg_p256) ||
	    (s->op != CS_OP_DERIVE && s->op != CS_OP_KEYGEN))
		return CS_BAD_PARAM;
	c->alg = s->alg;
	c->op = s->op;
	return c->op == CS_OP_DERIVE ? load_keys(c, s) : CS_OK;
}

/* derive_init + set_peer on a context made from our key. */
static cs_status
derive_ready(EVP_PKEY_CTX *pctx, EVP_PKEY *peer)
{
	if (!pctx)
		return cs_openssl_lib_error();
	if (EVP_PKEY_derive_init(pctx) <= 0 || EVP_PKEY_derive_set_peer(pctx, peer) <= 0)
		return cs_openssl_lib_error();
	return CS_OK;
}

/* The public key of a new key pair into out: X25519 raw 32 bytes, P-256 the
   uncompressed point. */
static cs_status
write_public(const cs_alg *alg, EVP_PKEY *k, uint8_t *out)
{
	size_t n = alg->pub_len;
	int ok;
	if (alg == &cs_alg_x25519) {
		ok = EVP_PKEY_get_raw_public_key(k, out, &n);
	} else {
#if CS_OPENSSL_3
		ok = EVP_PKEY_get_octet_string_param(k, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, out, n,
						     &n);
#else
		const EC_KEY *ec = EVP_PKEY_get0_EC_KEY(k);
		ok = ec != NULL;
		if (ok)
			n = EC_POINT_point2oct(EC_KEY_get0_group(ec), EC_KEY_get0_public_key(ec),
					       POINT_CONVERSION_UNCOMPRESSED, out, n, NULL);
#endif
	}
	return ok && n == alg->pub_len ? CS_OK : CS_LIB_ERROR;
}

static cs_status
derive_with(EVP_PKEY_CTX *pctx, const cs_alg *alg, uint8_t *out)
{
	size_t n = alg->out_len;
	return EVP_PKEY_derive(pctx, out, &n) > 0 && n == alg->out_len ? CS_OK : CS_LIB_ERROR;
}

static cs_status
keygen_with(EVP_PKEY_CTX *pctx, const cs_alg *alg, uint8_t *out)
{
	EVP_PKEY *k = NULL;
	if (EVP_PKEY_keygen(pctx, &k) <= 0)
		return CS_LIB_ERROR;
	cs_status st = write_public(alg, k, out);
	EVP_PKEY_free(k);
	return st;
}

static cs_setup_fn evp_kex_setup;
static cs_run_fn reused_kex_run;
static cs_run_fn oneshot_kex_run;
static cs_setup_fn oneshot_kex_setup;
static cs_teardown_fn kex_teardown;

static cs_status
evp_kex_setup(void *ctx, const cs_setup *s)
{
	kex_ctx *c = ctx;
	cs_status st = kex_prepare(c, s);
	if (st != CS_OK)
		return st;
	if (c->op == CS_OP_DERIVE)
		return derive_ready(c->pctx = EVP_PKEY_CTX_new(c->key, NULL), c->peer);
	int x25519 = c->alg == &cs_alg_x25519;
	c->pctx = EVP_PKEY_CTX_new_id(x25519 ? EVP_PKEY_X25519 : EVP_PKEY_EC, NULL);
	if (!c->pctx || EVP_PKEY_keygen_init(c->pctx) <= 0 ||
	    (!x25519 && EVP_PKEY_CTX_set_ec_paramgen_curve_nid(c->pctx, NID_X9_62_prime256v1) <= 0))
		return cs_openssl_lib_error();
	return CS_OK;
}

/* evp and fetch: the context made in setup does the op. */
static cs_status
reused_kex_run(void *ctx, const cs_io *io)
{
	kex_ctx *c = ctx;
	if (c->op == CS_OP_DERIVE)
		return derive_with(c->pctx, c->alg, io->out);
	return keygen_with(c->pctx, c->alg, io->out);
}

#if CS_OPENSSL_3
static cs_setup_fn fetch_kex_setup;

static cs_status
fetch_kex_setup(void *ctx, const cs_setup *s)
{
	kex_ctx *c = ctx;
	cs_status st = kex_prepare(c, s);
	if (st != CS_OK)
		return st;
	if (c->op == CS_OP_DERIVE)
		return derive_ready(c->pctx = EVP_PKEY_CTX_new_from_pkey(NULL, c->key, NULL),
				    c->peer);
	int x25519 = c->alg == &cs_alg_x25519;
	c->pctx = EVP_PKEY_CTX_new_from_name(NULL, x25519 ? "X25519" : "EC", NULL);
	if (!c->pctx || EVP_PKEY_keygen_init(c->pctx) <= 0 ||
	    (!x25519 && EVP_PKEY_CTX_set_group_name(c->pctx, "P-256") <= 0))
		return cs_openssl_lib_error();
	return CS_OK;
}
#endif

static cs_status
oneshot_kex_setup(void *ctx, const cs_setup *s)
{
	return kex_prepare(ctx, s);
}

static cs_status
oneshot_kex_run(void *ctx, const cs_io *io)
{
	kex_ctx *c = ctx;
	int x25519 = c->alg == &cs_alg_x25519;
	if (c->op == CS_OP_DERIVE) {
		EVP_PKEY_CTX *pctx = EVP_PKEY_CTX_new(c->key, NULL);
		cs_status st = derive_ready(pctx, c->peer);
		if (st == CS_OK)
			st = derive_with(pctx, c->alg, io->out);
		EVP_PKEY_CTX_free(pctx);
		return st;
	}
#if CS_OPENSSL_3
	EVP_PKEY *k = x25519 ? EVP_PKEY_Q_keygen(NULL, NULL, "X25519")
			     : EVP_PKEY_Q_keygen(NULL, NULL, "EC", "P-256");
	if (!k)
		return CS_LIB_ERROR;
	cs_status st = write_public(c->alg, k, io->out);
	EVP_PKEY_free(k);
	return st;
#else
	/* 1.1.1 has no EVP_PKEY_Q_keygen: a new keygen context per op. */
	EVP_PKEY_CTX *pctx = EVP_PKEY_CTX_new_id(x25519 ? EVP_PKEY_X25519 : EVP_PKEY_EC, NULL);
	cs_status st = CS_LIB_ERROR;
	if (pctx && EVP_PKEY_keygen_init(pctx) > 0 &&
	    (x25519 || EVP_PKEY_CTX_set_ec_paramgen_curve_nid(pctx, NID_X9_62_prime256v1) > 0))
		st = keygen_with(pctx, c->alg, io->out);
	EVP_PKEY_CTX_free(pctx);
	return st;
#endif
}

static void
kex_teardown(void *ctx)
{
	kex_ctx *c = ctx;
	EVP_PKEY_CTX_free(c->pctx);
	EVP_PKEY_free(c->key);
	EVP_PKEY_free(c->peer);
}

/* ---- what serves a cell ---- */

static cs_describe_fn reused_kex_describe;
static cs_describe_fn oneshot_kex_describe;

static int
pkey_id(const cs_alg *alg)
{
	return alg == &cs_alg_x25519 ? EVP_PKEY_X25519 : EVP_PKEY_EC;
}

/* evp, fetch: the derive or keygen context made in setup */
static void
reused_kex_describe(void *ctx, char *buf, size_t size)
{
	kex_ctx *c = ctx;
	cs_openssl_describe_pkey_ctx(c->pctx, pkey_id(c->alg), buf, size);
}

/* oneshot: every op makes its own context; make one the same way and ask it */
static void
oneshot_kex_describe(void *ctx, char *buf, size_t size)
{
	kex_ctx *c = ctx;
	int x25519 = c->alg == &cs_alg_x25519;
	EVP_PKEY_CTX *pctx;
	int ok;
	if (c->op == CS_OP_DERIVE) {
		pctx = EVP_PKEY_CTX_new(c->key, NULL);
		ok = pctx && EVP_PKEY_derive_init(pctx) > 0;
	} else {
#if CS_OPENSSL_3
		/* what EVP_PKEY_Q_keygen does */
		pctx = EVP_PKEY_CTX_new_from_name(NULL, x25519 ? "X25519" : "EC", NULL);
#else
		pctx = EVP_PKEY_CTX_new_id(x25519 ? EVP_PKEY_X25519 : EVP_PKEY_EC, NULL);
#endif
		ok = pctx && EVP_PKEY_keygen_init(pctx) > 0;
	}
	if (ok)
		cs_openssl_describe_pkey_ctx(pctx, pkey_id(c->alg), buf, size);
	else
		snprintf(buf, size, "unknown (a new context did not initialise)");
	ERR_clear_error();
	EVP_PKEY_CTX_free(pctx);
}

/* ---- the impls: three per KEX line of CS_OPENSSL_ALGS ---- */

#define KEX_IMPLS(id)                                                                              \
	const cs_impl cs_openssl_##id##_evp = {                                                    \
		.alg = &cs_alg_##id,                                                               \
		.path = "evp",                                                                     \
		.ops = CS_ALG_OPS_##id,                                                            \
		.context_size = sizeof(kex_ctx),                                                   \
		.setup = evp_kex_setup,                                                            \
		.run = reused_kex_run,                                                             \
		.teardown = kex_teardown,                                                          \
		.available = cs_openssl_available,                                                 \
		.describe = reused_kex_describe,                                                   \
	};                                                                                         \
	const cs_impl cs_openssl_##id##_fetch = {                                                  \
		.alg = &cs_alg_##id,                                                               \
		.path = "fetch",                                                                   \
		.ops = CS_ALG_OPS_##id,                                                            \
		.context_size = sizeof(kex_ctx),                                                   \
		.setup = FETCH(fetch_kex_setup),                                                   \
		.run = FETCH(reused_kex_run),                                                      \
		.teardown = kex_teardown,                                                          \
		.why = FETCH_WHY,                                                                  \
		.available = cs_openssl_available,                                                 \
		.describe = reused_kex_describe,                                                   \
	};                                                                                         \
	const cs_impl cs_openssl_##id##_oneshot = {                                                \
		.alg = &cs_alg_##id,                                                               \
		.path = "oneshot",                                                                 \
		.ops = CS_ALG_OPS_##id,                                                            \
		.context_size = sizeof(kex_ctx),                                                   \
		.setup = oneshot_kex_setup,                                                        \
		.run = oneshot_kex_run,                                                            \
		.teardown = kex_teardown,                                                          \
		.available = cs_openssl_available,                                                 \
		.describe = oneshot_kex_describe,                                                  \
	};

#define PKEY_KEX(id) KEX_IMPLS(id)
#define PKEY_DIGEST CS_OPENSSL_NONE
#define PKEY_PQKEM CS_OPENSSL_NONE
#define PKEY_PQSIG CS_OPENSSL_NONE
#define PKEY_AEAD CS_OPENSSL_NONE
#define PKEY_CBC CS_OPENSSL_NONE
#define PKEY_SIG CS_OPENSSL_NONE
#define PKEY_SIGR CS_OPENSSL_NONE
#define PKEY_MAC CS_OPENSSL_NONE
#define PKEY(id, family, implicit, name, name2, lowlevel) PKEY_##family(id)
CS_OPENSSL_ALGS(PKEY)
