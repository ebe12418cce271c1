/*
 * OpenSSL signatures (Ed25519, ECDSA P-256 with SHA-256, RSA-2048 PKCS#1 v1.5
 * with SHA-256) through EVP_DigestSign / EVP_DigestVerify, on three paths:
 *   evp      one EVP_MD_CTX made in setup; every op re-initialises it with
 *            EVP_DigestSignInit(EVP_sha256()) as libssl does per handshake;
 *   fetch    the same with EVP_DigestSignInit_ex and the name "SHA2-256";
 *   oneshot  what naive code does per op: a new EVP_MD_CTX, freed after.
 * and key generation (Ed25519, P-256): a keygen context made in setup
 * (evp, fetch) or EVP_PKEY_Q_keygen per op (oneshot).
 * Keys are parsed in setup: Ed25519 raw, P-256 scalar + point, RSA DER.
 * ECDSA signatures are r||s in the catalogue: OpenSSL's DER is converted in
 * the timed op (as a TLS stack would not; it costs ~1% of a sign).
 */
#include <stdio.h>
#include <string.h>

#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/ecdsa.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>

#include "openssl_impls.h"

#if CS_OPENSSL_3
#include <openssl/core_names.h>
#define FETCH(fn) fn
#define FETCH_WHY NULL
#else
#define FETCH(fn) NULL
#define FETCH_WHY CS_OPENSSL_NEEDS_3
#endif

/* The most bytes a DER ECDSA P-256 signature takes. */
#define ECDSA_DER_MAX 72

/* What a signature impl keeps between operations. */
typedef struct sig_ctx {
	const cs_alg *alg;
	cs_op op;	    /* sign, verify or keygen */
	int fetched;	    /* the fetch path: *_ex calls with names */
	EVP_PKEY *key;	    /* sign: the key pair; verify: the public key */
	EVP_MD_CTX *mctx;   /* evp, fetch: made in setup, re-initialised per op */
	EVP_PKEY_CTX *kctx; /* keygen (evp, fetch): the keygen context */
} sig_ctx;

/* The digest a signature hashes its message with (NULL: Ed25519 hashes itself). */
static const EVP_MD *
sig_md(const cs_alg *alg)
{
	return alg == &cs_alg_ed25519 ? NULL : EVP_sha256();
}

#if CS_OPENSSL_3
static const char *
sig_md_name(const cs_alg *alg)
{
	return alg == &cs_alg_ed25519 ? NULL : "SHA2-256";
}
#endif

static cs_status
load_key(sig_ctx *c, const cs_setup *s)
{
	const cs_alg *alg = s->alg;
	int sign = s->op == CS_OP_SIGN;
	if (alg == &cs_alg_ed25519) {
		c->key = sign ? EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, s->key, 32)
			      : EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, NULL, s->peer, 32);
		return c->key ? CS_OK : cs_openssl_lib_error();
	}
	if (alg == &cs_alg_ecdsa_p256) {
		if (s->peer_len != 65)
			return CS_BAD_PARAM;
		return cs_openssl_p256_pkey(sign ? s->key : NULL, s->peer, &c->key);
	}
	const unsigned char *p = sign ? s->key : s->peer;
	c->key = sign ? d2i_PrivateKey(EVP_PKEY_RSA, NULL, &p, (long)s->key_len)
		      : d2i_PublicKey(EVP_PKEY_RSA, NULL, &p, (long)s->peer_len);
	return c->key ? CS_OK : cs_openssl_lib_error();
}

/* r||s (32 bytes each) from OpenSSL's DER ECDSA-Sig-Value, and back. */
static cs_status
ecdsa_der_to_raw(const uint8_t *der, size_t len, uint8_t out[64])
{
	const unsigned char *p = der;
	ECDSA_SIG *es = d2i_ECDSA_SIG(NULL, &p, (long)len);
	const BIGNUM *r, *s;
	if (!es)
		return cs_openssl_lib_error();
	ECDSA_SIG_get0(es, &r, &s);
	int ok = BN_bn2binpad(r, out, 32) == 32 && BN_bn2binpad(s, out + 32, 32) == 32;
	ECDSA_SIG_free(es);
	return ok ? CS_OK : cs_openssl_lib_error();
}

static cs_status
ecdsa_raw_to_der(const uint8_t raw[64], uint8_t der[ECDSA_DER_MAX], size_t *len)
{
	ECDSA_SIG *es = ECDSA_SIG_new();
	BIGNUM *r = BN_bin2bn(raw, 32, NULL), *s = BN_bin2bn(raw + 32, 32, NULL);
	if (!es || !r || !s || !ECDSA_SIG_set0(es, r, s)) {
		ECDSA_SIG_free(es);
		BN_free(r);
		BN_free(s);
		return CS_NO_MEMORY;
	}
	unsigned char *p = der;
	int n = i2d_ECDSA_SIG(es, &p);
	ECDSA_SIG_free(es); /* frees r and s */
	if (n <= 0 || n > ECDSA_DER_MAX)
		return cs_openssl_lib_error();
	*len = (size_t)n;
	return CS_OK;
}

/* ---- keygen ---- */

static int
keygen_id(const cs_alg *alg)
{
	return alg == &cs_alg_ed25519 ? EVP_PKEY_ED25519 : EVP_PKEY_EC;
}

static cs_status
keygen_ctx(sig_ctx *c)
{
#if CS_OPENSSL_3
	if (c->fetched)
		c->kctx = EVP_PKEY_CTX_new_from_name(
			NULL, c->alg == &cs_alg_ed25519 ? "ED25519" : "EC", NULL);
	else
#endif
		c->kctx = EVP_PKEY_CTX_new_id(keygen_id(c->alg), NULL);
	if (!c->kctx || EVP_PKEY_keygen_init(c->kctx) <= 0)
		return cs_openssl_lib_error();
	if (c->alg == &cs_alg_ecdsa_p256 &&
	    EVP_PKEY_CTX_set_ec_paramgen_curve_nid(c->kctx, NID_X9_62_prime256v1) <= 0)
		return cs_openssl_lib_error();
	return CS_OK;
}

/* The public key of a new key pair: Ed25519 raw, P-256 04||X||Y. */
static cs_status
write_public(const cs_alg *alg, EVP_PKEY *k, uint8_t *out)
{
	size_t n = alg->pub_len;
	if (alg == &cs_alg_ed25519)
		return EVP_PKEY_get_raw_public_key(k, out, &n) == 1 && n == 32
			       ? CS_OK
			       : cs_openssl_lib_error();
#if CS_OPENSSL_3
	return EVP_PKEY_get_octet_string_param(k, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, out, n, &n) ==
				       1 &&
			       n == 65
		       ? CS_OK
		       : cs_openssl_lib_error();
#else
	const EC_KEY *ec = EVP_PKEY_get0_EC_KEY(k);
	if (!ec || EC_POINT_point2oct(EC_KEY_get0_group(ec), EC_KEY_get0_public_key(ec),
				      POINT_CONVERSION_UNCOMPRESSED, out, n, NULL) != 65)
		return cs_openssl_lib_error();
	return CS_OK;
#endif
}

static cs_status
keygen_with(EVP_PKEY_CTX *kctx, const cs_alg *alg, uint8_t *out)
{
	EVP_PKEY *k = NULL;
	if (EVP_PKEY_keygen(kctx, &k) <= 0)
		return cs_openssl_lib_error();
	cs_status st = write_public(alg, k, out);
	EVP_PKEY_free(k);
	return st;
}

/* ---- setup, run, teardown ---- */

static cs_status
prepare(sig_ctx *c, const cs_setup *s, int fetched)
{
	if (s->alg->kind != CS_SIG ||
	    (s->op != CS_OP_SIGN && s->op != CS_OP_VERIFY && s->op != CS_OP_KEYGEN))
		return CS_BAD_PARAM;
	c->alg = s->alg;
	c->op = s->op;
	c->fetched = fetched;
	if (s->op == CS_OP_KEYGEN)
		return CS_OK;
	return load_key(c, s);
}

static cs_setup_fn evp_sig_setup, oneshot_sig_setup;
#if CS_OPENSSL_3
static cs_setup_fn fetch_sig_setup;
#endif
static cs_run_fn reused_sig_run, oneshot_sig_run;
static cs_teardown_fn sig_teardown;
static cs_describe_fn sig_describe;

static cs_status
reused_setup(sig_ctx *c, const cs_setup *s, int fetched)
{
	cs_status st = prepare(c, s, fetched);
	if (st != CS_OK)
		return st;
	if (s->op == CS_OP_KEYGEN)
		return keygen_ctx(c);
	return (c->mctx = EVP_MD_CTX_new()) ? CS_OK : CS_NO_MEMORY;
}

static cs_status
evp_sig_setup(void *ctx, const cs_setup *s)
{
	return reused_setup(ctx, s, 0);
}

#if CS_OPENSSL_3
static cs_status
fetch_sig_setup(void *ctx, const cs_setup *s)
{
	return reused_setup(ctx, s, 1);
}
#endif

static cs_status
oneshot_sig_setup(void *ctx, const cs_setup *s)
{
	return prepare(ctx, s, 0);
}

/* Initialise mctx for this op: EVP_DigestSignInit or _ex, or the verify ones. */
static int
sig_init(const sig_ctx *c, EVP_MD_CTX *mctx)
{
	int sign = c->op == CS_OP_SIGN;
#if CS_OPENSSL_3
	if (c->fetched)
		return sign ? EVP_DigestSignInit_ex(mctx, NULL, sig_md_name(c->alg), NULL, NULL,
						    c->key, NULL)
			    : EVP_DigestVerifyInit_ex(mctx, NULL, sig_md_name(c->alg), NULL, NULL,
						      c->key, NULL);
#endif
	return sign ? EVP_DigestSignInit(mctx, NULL, sig_md(c->alg), NULL, c->key)
		    : EVP_DigestVerifyInit(mctx, NULL, sig_md(c->alg), NULL, c->key);
}

/* One sign or verify on an initialised-anew context. */
static cs_status
sig_op(const sig_ctx *c, EVP_MD_CTX *mctx, const cs_io *io)
{
	int ecdsa = c->alg == &cs_alg_ecdsa_p256;
	uint8_t der[ECDSA_DER_MAX];
	size_t len;
	if (sig_init(c, mctx) != 1)
		return cs_openssl_lib_error();
	if (c->op == CS_OP_SIGN) {
		len = ecdsa ? sizeof der : c->alg->out_len;
		if (EVP_DigestSign(mctx, ecdsa ? der : io->out, &len, io->in, io->len) != 1)
			return cs_openssl_lib_error();
		if (ecdsa)
			return ecdsa_der_to_raw(der, len, io->out);
		return len == c->alg->out_len ? CS_OK : CS_LIB_ERROR;
	}
	const uint8_t *sig = io->sig;
	len = c->alg->out_len;
	if (ecdsa) {
		cs_status st = ecdsa_raw_to_der(io->sig, der, &len);
		if (st != CS_OK)
			return st;
		sig = der;
	}
	int r = EVP_DigestVerify(mctx, sig, len, io->in, io->len);
	if (r == 1)
		return CS_OK;
	ERR_clear_error();
	return r == 0 ? CS_MISMATCH : CS_LIB_ERROR;
}

static cs_status
reused_sig_run(void *ctx, const cs_io *io)
{
	sig_ctx *c = ctx;
	if (c->op == CS_OP_KEYGEN)
		return keygen_with(c->kctx, c->alg, io->out);
	return sig_op(c, c->mctx, io);
}

static cs_status
oneshot_sig_run(void *ctx, const cs_io *io)
{
	sig_ctx *c = ctx;
	if (c->op == CS_OP_KEYGEN) {
#if CS_OPENSSL_3
		EVP_PKEY *k = c->alg == &cs_alg_ed25519
				      ? EVP_PKEY_Q_keygen(NULL, NULL, "ED25519")
				      : EVP_PKEY_Q_keygen(NULL, NULL, "EC", "P-256");
		if (!k)
			return cs_openssl_lib_error();
		cs_status st = write_public(c->alg, k, io->out);
		EVP_PKEY_free(k);
		return st;
#else
		sig_ctx once = *c;
		once.kctx = NULL;
		cs_status st = keygen_ctx(&once);
		if (st == CS_OK)
			st = keygen_with(once.kctx, c->alg, io->out);
		EVP_PKEY_CTX_free(once.kctx);
		return st;
#endif
	}
	EVP_MD_CTX *mctx = EVP_MD_CTX_new();
	if (!mctx)
		return CS_NO_MEMORY;
	cs_status st = sig_op(c, mctx, io);
	EVP_MD_CTX_free(mctx);
	return st;
}

static void
sig_teardown(void *ctx)
{
	sig_ctx *c = ctx;
	EVP_MD_CTX_free(c->mctx);
	EVP_PKEY_CTX_free(c->kctx);
	EVP_PKEY_free(c->key);
}

/* What serves the cell: the key context a sign/verify init makes, or the
   keygen context. */
static void
sig_describe(void *ctx, char *buf, size_t size)
{
	sig_ctx *c = ctx;
	int id = c->alg == &cs_alg_ed25519	? EVP_PKEY_ED25519
		 : c->alg == &cs_alg_ecdsa_p256 ? EVP_PKEY_EC
						: EVP_PKEY_RSA;
	if (c->op == CS_OP_KEYGEN) {
		cs_openssl_describe_pkey_ctx(c->kctx, id, buf, size);
		return;
	}
	EVP_MD_CTX *mctx = EVP_MD_CTX_new();
	if (mctx && sig_init(c, mctx) == 1)
#if CS_OPENSSL_3
		cs_openssl_describe_pkey_ctx(EVP_MD_CTX_get_pkey_ctx(mctx), id, buf, size);
#else
		cs_openssl_describe_pkey_ctx(EVP_MD_CTX_pkey_ctx(mctx), id, buf, size);
#endif
	else
		snprintf(buf, size, "unknown (a new context did not initialise)");
	ERR_clear_error();
	EVP_MD_CTX_free(mctx);
}

/* ---- the impls: three per SIG and SIGR line of CS_OPENSSL_ALGS ---- */

#define OPENSSL_SIG_IMPLS(id, extra_flags)                                                         \
	const cs_impl cs_openssl_##id##_evp = {                                                    \
		.alg = &cs_alg_##id,                                                               \
		.path = "evp",                                                                     \
		.ops = CS_ALG_OPS_##id,                                                            \
		.context_size = sizeof(sig_ctx),                                                   \
		.setup = evp_sig_setup,                                                            \
		.run = reused_sig_run,                                                             \
		.teardown = sig_teardown,                                                          \
		.available = cs_openssl_available,                                                 \
		.describe = sig_describe,                                                          \
		.flags = (extra_flags),                                                            \
	};                                                                                         \
	const cs_impl cs_openssl_##id##_fetch = {                                                  \
		.alg = &cs_alg_##id,                                                               \
		.path = "fetch",                                                                   \
		.ops = CS_ALG_OPS_##id,                                                            \
		.context_size = sizeof(sig_ctx),                                                   \
		.setup = FETCH(fetch_sig_setup),                                                   \
		.run = FETCH(reused_sig_run),                                                      \
		.teardown = sig_teardown,                                                          \
		.why = FETCH_WHY,                                                                  \
		.available = cs_openssl_available,                                                 \
		.describe = sig_describe,                                                          \
		.flags = (extra_flags),                                                            \
	};                                                                                         \
	const cs_impl cs_openssl_##id##_oneshot = {                                                \
		.alg = &cs_alg_##id,                                                               \
		.path = "oneshot",                                                                 \
		.ops = CS_ALG_OPS_##id,                                                            \
		.context_size = sizeof(sig_ctx),                                                   \
		.setup = oneshot_sig_setup,                                                        \
		.run = oneshot_sig_run,                                                            \
		.teardown = sig_teardown,                                                          \
		.available = cs_openssl_available,                                                 \
		.describe = sig_describe,                                                          \
		.flags = (extra_flags),                                                            \
	};

/* SIGR: OpenSSL 3.0's ECDSA draws a random k (RFC 6979 signing came in 3.2). */
#define SIG_SIG(id) OPENSSL_SIG_IMPLS(id, 0)
#define SIG_SIGR(id) OPENSSL_SIG_IMPLS(id, CS_IMPL_RANDOMIZED)
#define SIG_DIGEST CS_OPENSSL_NONE
#define SIG_PQKEM CS_OPENSSL_NONE
#define SIG_PQSIG CS_OPENSSL_NONE
#define SIG_AEAD CS_OPENSSL_NONE
#define SIG_CBC CS_OPENSSL_NONE
#define SIG_KEX CS_OPENSSL_NONE
#define SIG_MAC CS_OPENSSL_NONE
#define SIG_LINE(id, family, implicit, name, name2, lowlevel) SIG_##family(id)
CS_OPENSSL_ALGS(SIG_LINE)
