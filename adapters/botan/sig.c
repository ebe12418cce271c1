/*
 * Botan public-key algorithms through the C API, path "ffi":
 *   X25519      botan_privkey_load_x25519 + a "Raw" key agreement object in
 *               setup; per op botan_pk_op_key_agreement (derive). Keygen:
 *               botan_privkey_create "Curve25519" + export_public.
 *   P-256       botan_privkey_load_ecdh "secp256r1", "Raw" agreement with
 *               the uncompressed peer point (Botan checks it is on the
 *               curve): the X coordinate. Keygen: botan_privkey_create "ECDH".
 *   Ed25519     botan_pk_op_sign_create "Pure" over the loaded seed; per op
 *               sign_update + sign_finish (verify alike). Keygen:
 *               botan_privkey_create "Ed25519", the public half of
 *               botan_privkey_ed25519_get_privkey (seed||public).
 *   ECDSA P-256 "EMSA1(SHA-256)", IEEE P1363 r||s (Botan 2 signs with an
 *               RFC 6979 nonce: deterministic, but not the vectors' k).
 *               Keygen: botan_privkey_create "ECDSA", public_x/public_y.
 *   RSA-2048    botan_privkey_load_rsa_pkcs1 (the DER RSAPrivateKey);
 *               "EMSA3(SHA-256)" (PKCS#1 v1.5); verify from n and e of the DER
 *               RSAPublicKey. Botan blinds the private operation.
 * Keygen and signing draw on a "user" RNG (Botan's AutoSeeded_RNG) made in
 * setup.
 */
#include <string.h>

#include "botan_impls.h"

#define CURVE "secp256r1"

/* One state for every public-key impl. */
struct pk_state {
	cs_op op;
	const cs_alg *alg;
	botan_rng_t rng;
	botan_privkey_t priv;
	botan_pubkey_t pub;
	botan_pk_op_ka_t ka;
	botan_pk_op_sign_t sign;
	botan_pk_op_verify_t verify;
	botan_mp_t x, y; /* keygen (ECDSA): the public coordinates */
	uint8_t peer[65];
	size_t peer_len;
};

static cs_setup_fn kex_setup, sig_setup;
static cs_run_fn kex_run, sig_run;
static cs_teardown_fn pk_teardown;

static void
pk_teardown(void *ctx)
{
	struct pk_state *c = ctx;
	if (c->ka)
		botan_pk_op_key_agreement_destroy(c->ka);
	if (c->sign)
		botan_pk_op_sign_destroy(c->sign);
	if (c->verify)
		botan_pk_op_verify_destroy(c->verify);
	if (c->priv)
		botan_privkey_destroy(c->priv);
	if (c->pub)
		botan_pubkey_destroy(c->pub);
	if (c->x)
		botan_mp_destroy(c->x);
	if (c->y)
		botan_mp_destroy(c->y);
	if (c->rng)
		botan_rng_destroy(c->rng);
	memset(c, 0, sizeof *c);
}

/* A big-endian integer into a fresh mp. */
static cs_status
mp_from(botan_mp_t *mp, const uint8_t *b, size_t n)
{
	if (botan_mp_init(mp))
		return CS_NO_MEMORY;
	return botan_mp_from_bin(*mp, b, n) ? CS_BAD_PARAM : CS_OK;
}

/* ---- DER RSAPublicKey ---- */

/* One DER INTEGER at *p (before end): its content in *v, *vlen; *p moves
   past it. 0 = not an INTEGER. */
static int
der_int(const uint8_t **p, const uint8_t *end, const uint8_t **v, size_t *vlen)
{
	const uint8_t *q = *p;
	size_t len;
	if (end - q < 2 || q[0] != 0x02)
		return 0;
	q++;
	if (*q < 0x80)
		len = *q++;
	else {
		size_t k = *q++ & 0x7fu;
		if (k == 0 || k > 2 || (size_t)(end - q) < k)
			return 0;
		for (len = 0; k; k--)
			len = (len << 8) | *q++;
	}
	if (len == 0 || (size_t)(end - q) < len)
		return 0;
	*v = q;
	*vlen = len;
	*p = q + len;
	return 1;
}

/* RSAPublicKey ::= SEQUENCE { n INTEGER, e INTEGER } as a Botan key. */
static cs_status
rsa_public(botan_pubkey_t *key, const uint8_t *der, size_t len)
{
	const uint8_t *p = der, *end = der + len, *n, *e;
	size_t nlen, elen;
	if (len < 2 || der[0] != 0x30)
		return CS_BAD_PARAM;
	p += 2 + (der[1] >= 0x80 ? (der[1] & 0x7fu) : 0);
	if (p > end || !der_int(&p, end, &n, &nlen) || !der_int(&p, end, &e, &elen))
		return CS_BAD_PARAM;
	botan_mp_t mn = NULL, me = NULL;
	cs_status st = mp_from(&mn, n, nlen);
	if (st == CS_OK)
		st = mp_from(&me, e, elen);
	if (st == CS_OK && botan_pubkey_load_rsa(key, mn, me))
		st = CS_BAD_PARAM;
	if (mn)
		botan_mp_destroy(mn);
	if (me)
		botan_mp_destroy(me);
	return st;
}

/* ---- key agreement: X25519, P-256 ---- */

static cs_status
kex_setup(void *ctx, const cs_setup *s)
{
	struct pk_state *c = ctx;
	c->op = s->op;
	c->alg = s->alg;
	if (s->op == CS_OP_KEYGEN)
		return botan_rng_init(&c->rng, "user") ? CS_LIB_ERROR : CS_OK;
	if (s->op != CS_OP_DERIVE || !s->key || !s->peer || s->peer_len != s->alg->pub_len ||
	    s->peer_len > sizeof c->peer)
		return CS_BAD_PARAM;
	memcpy(c->peer, s->peer, s->peer_len);
	c->peer_len = s->peer_len;
	if (s->alg == &cs_alg_x25519) {
		if (s->key_len != 32 || botan_privkey_load_x25519(&c->priv, s->key))
			return CS_BAD_PARAM;
	} else {
		botan_mp_t d = NULL;
		cs_status st = mp_from(&d, s->key, s->key_len);
		if (st == CS_OK && botan_privkey_load_ecdh(&c->priv, d, CURVE))
			st = CS_BAD_PARAM;
		if (d)
			botan_mp_destroy(d);
		if (st != CS_OK)
			return st;
	}
	return botan_pk_op_key_agreement_create(&c->ka, c->priv, "Raw", 0) ? CS_LIB_ERROR : CS_OK;
}

static cs_status
kex_run(void *ctx, const cs_io *io)
{
	struct pk_state *c = ctx;
	size_t n = c->alg->out_len;
	if (c->op == CS_OP_DERIVE) {
		if (botan_pk_op_key_agreement(c->ka, io->out, &n, c->peer, c->peer_len, NULL, 0))
			return CS_LIB_ERROR;
		return n == c->alg->out_len ? CS_OK : CS_LIB_ERROR;
	}
	botan_privkey_t k = NULL;
	int rc = c->alg == &cs_alg_x25519 ? botan_privkey_create(&k, "Curve25519", "", c->rng)
					  : botan_privkey_create(&k, "ECDH", CURVE, c->rng);
	if (rc)
		return CS_LIB_ERROR;
	n = c->alg->pub_len;
	rc = botan_pk_op_key_agreement_export_public(k, io->out, &n);
	botan_privkey_destroy(k);
	return rc || n != c->alg->pub_len ? CS_LIB_ERROR : CS_OK;
}

/* ---- signatures: Ed25519, ECDSA P-256, RSA-2048 ---- */

static const char *
padding_of(const cs_alg *alg)
{
	if (alg == &cs_alg_ed25519)
		return "Pure";
	if (alg == &cs_alg_ecdsa_p256)
		return "EMSA1(SHA-256)";
	return "EMSA3(SHA-256)";
}

static cs_status
sig_private(struct pk_state *c, const cs_setup *s)
{
	if (!s->key)
		return CS_BAD_PARAM;
	if (s->alg == &cs_alg_ed25519)
		return s->key_len == 32 && !botan_privkey_load_ed25519(&c->priv, s->key)
			       ? CS_OK
			       : CS_BAD_PARAM;
	if (s->alg == &cs_alg_rsa_2048)
		return botan_privkey_load_rsa_pkcs1(&c->priv, s->key, s->key_len) ? CS_BAD_PARAM
										  : CS_OK;
	botan_mp_t d = NULL;
	cs_status st = mp_from(&d, s->key, s->key_len);
	if (st == CS_OK && botan_privkey_load_ecdsa(&c->priv, d, CURVE))
		st = CS_BAD_PARAM;
	if (d)
		botan_mp_destroy(d);
	return st;
}

static cs_status
sig_public(struct pk_state *c, const cs_setup *s)
{
	if (!s->peer)
		return CS_BAD_PARAM;
	if (s->alg == &cs_alg_ed25519)
		return s->peer_len == 32 && !botan_pubkey_load_ed25519(&c->pub, s->peer)
			       ? CS_OK
			       : CS_BAD_PARAM;
	if (s->alg == &cs_alg_rsa_2048)
		return rsa_public(&c->pub, s->peer, s->peer_len);
	if (s->peer_len != 65 || s->peer[0] != 0x04)
		return CS_BAD_PARAM;
	botan_mp_t x = NULL, y = NULL;
	cs_status st = mp_from(&x, s->peer + 1, 32);
	if (st == CS_OK)
		st = mp_from(&y, s->peer + 33, 32);
	if (st == CS_OK && botan_pubkey_load_ecdsa(&c->pub, x, y, CURVE))
		st = CS_BAD_PARAM;
	if (x)
		botan_mp_destroy(x);
	if (y)
		botan_mp_destroy(y);
	return st;
}

static cs_status
sig_setup(void *ctx, const cs_setup *s)
{
	struct pk_state *c = ctx;
	cs_status st;
	c->op = s->op;
	c->alg = s->alg;
	if (s->op != CS_OP_VERIFY && botan_rng_init(&c->rng, "user"))
		return CS_LIB_ERROR;
	switch (s->op) {
	case CS_OP_KEYGEN:
		if (s->alg == &cs_alg_ecdsa_p256 && (botan_mp_init(&c->x) || botan_mp_init(&c->y)))
			return CS_NO_MEMORY;
		return CS_OK;
	case CS_OP_SIGN:
		st = sig_private(c, s);
		if (st != CS_OK)
			return st;
		return botan_pk_op_sign_create(&c->sign, c->priv, padding_of(s->alg), 0)
			       ? CS_LIB_ERROR
			       : CS_OK;
	case CS_OP_VERIFY:
		st = sig_public(c, s);
		if (st != CS_OK)
			return st;
		return botan_pk_op_verify_create(&c->verify, c->pub, padding_of(s->alg), 0)
			       ? CS_LIB_ERROR
			       : CS_OK;
	default: return CS_BAD_PARAM;
	}
}

/* Keygen: a fresh key; its encoded public key into out. */
static cs_status
sig_keygen(struct pk_state *c, uint8_t *out)
{
	botan_privkey_t k = NULL;
	uint8_t both[64];
	cs_status st = CS_LIB_ERROR;
	if (c->alg == &cs_alg_ed25519) {
		if (botan_privkey_create(&k, "Ed25519", "", c->rng))
			return CS_LIB_ERROR;
		/* seed || public key */
		if (!botan_privkey_ed25519_get_privkey(k, both)) {
			memcpy(out, both + 32, 32);
			st = CS_OK;
		}
		memset(both, 0, sizeof both);
	} else {
		if (botan_privkey_create(&k, "ECDSA", CURVE, c->rng))
			return CS_LIB_ERROR;
		out[0] = 0x04;
		if (!botan_privkey_get_field(c->x, k, "public_x") &&
		    !botan_privkey_get_field(c->y, k, "public_y") &&
		    cs_botan_mp_put(c->x, out + 1, 32) == CS_OK)
			st = cs_botan_mp_put(c->y, out + 33, 32);
	}
	botan_privkey_destroy(k);
	return st;
}

static cs_status
sig_run(void *ctx, const cs_io *io)
{
	struct pk_state *c = ctx;
	if (c->op == CS_OP_KEYGEN)
		return sig_keygen(c, io->out);
	if (c->op == CS_OP_SIGN) {
		size_t n = c->alg->out_len;
		if (botan_pk_op_sign_update(c->sign, io->in, io->len) ||
		    botan_pk_op_sign_finish(c->sign, c->rng, io->out, &n))
			return CS_LIB_ERROR;
		return n == c->alg->out_len ? CS_OK : CS_LIB_ERROR;
	}
	if (botan_pk_op_verify_update(c->verify, io->in, io->len))
		return CS_LIB_ERROR;
	int rc = botan_pk_op_verify_finish(c->verify, io->sig, c->alg->out_len);
	if (rc == BOTAN_FFI_INVALID_VERIFIER)
		return CS_MISMATCH;
	return rc ? CS_LIB_ERROR : CS_OK;
}

/* ---- the impls ---- */

const cs_impl cs_botan_x25519 = {
	.alg = &cs_alg_x25519,
	.path = "ffi",
	.ops = CS_ALG_OPS_x25519,
	.context_size = sizeof(struct pk_state),
	.setup = kex_setup,
	.run = kex_run,
	.teardown = pk_teardown,
};
const cs_impl cs_botan_p256 = {
	.alg = &cs_alg_p256,
	.path = "ffi",
	.ops = CS_ALG_OPS_p256,
	.context_size = sizeof(struct pk_state),
	.setup = kex_setup,
	.run = kex_run,
	.teardown = pk_teardown,
};
const cs_impl cs_botan_ed25519 = {
	.alg = &cs_alg_ed25519,
	.path = "ffi",
	.ops = CS_ALG_OPS_ed25519,
	.context_size = sizeof(struct pk_state),
	.setup = sig_setup,
	.run = sig_run,
	.teardown = pk_teardown,
};
const cs_impl cs_botan_ecdsa_p256 = {
	.alg = &cs_alg_ecdsa_p256,
	.path = "ffi",
	.ops = CS_ALG_OPS_ecdsa_p256,
	.context_size = sizeof(struct pk_state),
	.setup = sig_setup,
	.run = sig_run,
	.teardown = pk_teardown,
	.flags = CS_IMPL_RANDOMIZED,
};
const cs_impl cs_botan_rsa_2048 = {
	.alg = &cs_alg_rsa_2048,
	.path = "ffi",
	.ops = CS_ALG_OPS_rsa_2048,
	.context_size = sizeof(struct pk_state),
	.setup = sig_setup,
	.run = sig_run,
	.teardown = pk_teardown,
};
