/*
 * Nettle signatures and HMAC, path "nettle":
 *   Ed25519     ed25519_sha512_sign / _verify, the public key derived in setup;
 *               keygen: a fresh 32-byte seed from Yarrow + ed25519_sha512_public_key.
 *   ECDSA P-256 sha256 of the message, then ecdsa_sign (k from Yarrow: random,
 *               Nettle has no RFC 6979 signing) / ecdsa_verify; keygen:
 *               ecdsa_generate_keypair.
 *   RSA-2048    rsa_keypair_from_der in setup; per op sha256 of the message,
 *               rsa_sha256_sign_digest_tr (blinded, as GnuTLS signs) /
 *               rsa_sha256_verify_digest.
 *   HMAC-SHA256 hmac_sha256_set_key in setup; per op update + digest (the
 *               digest leaves the context keyed for the next message).
 */
#include <string.h>

#include <nettle/asn1.h>
#include <nettle/bignum.h>
#include <nettle/ecc-curve.h>
#include <nettle/ecc.h>
#include <nettle/ecdsa.h>
#include <nettle/eddsa.h>
#include <nettle/hmac.h>
#include <nettle/rsa.h>
#include <nettle/sha2.h>

#include "nettle_impls.h"

/* ---- Ed25519 ---- */

struct ed25519_state {
	cs_op op;
	uint8_t priv[ED25519_KEY_SIZE]; /* sign: the seed; keygen: the newest */
	uint8_t pub[ED25519_KEY_SIZE];
	struct yarrow256_ctx rng; /* keygen */
};

static cs_setup_fn ed25519_setup;
static cs_run_fn ed25519_run;

static cs_status
ed25519_setup(void *ctx, const cs_setup *s)
{
	struct ed25519_state *c = ctx;
	c->op = s->op;
	if (s->op == CS_OP_KEYGEN)
		return cs_nettle_yarrow_seed(&c->rng);
	if (s->op == CS_OP_SIGN) {
		if (s->key_len != ED25519_KEY_SIZE)
			return CS_BAD_PARAM;
		memcpy(c->priv, s->key, ED25519_KEY_SIZE);
		ed25519_sha512_public_key(c->pub, c->priv);
		return CS_OK;
	}
	if (s->op != CS_OP_VERIFY || s->peer_len != ED25519_KEY_SIZE)
		return CS_BAD_PARAM;
	memcpy(c->pub, s->peer, ED25519_KEY_SIZE);
	return CS_OK;
}

static cs_status
ed25519_run(void *ctx, const cs_io *io)
{
	struct ed25519_state *c = ctx;
	if (c->op == CS_OP_SIGN) {
		ed25519_sha512_sign(c->pub, c->priv, io->len, io->in, io->out);
		return CS_OK;
	}
	if (c->op == CS_OP_VERIFY)
		return ed25519_sha512_verify(c->pub, io->len, io->in, io->sig) ? CS_OK
									       : CS_MISMATCH;
	yarrow256_random(&c->rng, ED25519_KEY_SIZE, c->priv);
	ed25519_sha512_public_key(io->out, c->priv);
	return CS_OK;
}

/* ---- ECDSA P-256 ---- */

#define P256_BYTES 32

struct ecdsa_state {
	cs_op op;
	int ready;		  /* the GMP/ECC objects below are initialised */
	struct ecc_scalar key;	  /* sign: ours; keygen: the newest */
	struct ecc_point pub;	  /* verify: ours; keygen: the new public key */
	struct dsa_signature sig; /* r, s */
	mpz_t x, y;		  /* coordinates, allocated once */
	struct yarrow256_ctx rng; /* sign (k), keygen */
};

static cs_setup_fn ecdsa_setup;
static cs_run_fn ecdsa_run;
static cs_teardown_fn ecdsa_teardown;

static cs_status
ecdsa_setup(void *ctx, const cs_setup *s)
{
	struct ecdsa_state *c = ctx;
	const struct ecc_curve *curve = nettle_get_secp_256r1();
	c->op = s->op;
	if (s->op != CS_OP_SIGN && s->op != CS_OP_VERIFY && s->op != CS_OP_KEYGEN)
		return CS_BAD_PARAM;
	ecc_scalar_init(&c->key, curve);
	ecc_point_init(&c->pub, curve);
	dsa_signature_init(&c->sig);
	mpz_init2(c->x, 2 * 8 * P256_BYTES);
	mpz_init2(c->y, 2 * 8 * P256_BYTES);
	c->ready = 1;
	if (s->op != CS_OP_VERIFY) {
		cs_status st = cs_nettle_yarrow_seed(&c->rng);
		if (st != CS_OK || s->op == CS_OP_KEYGEN)
			return st;
		if (s->key_len != P256_BYTES)
			return CS_BAD_PARAM;
		nettle_mpz_set_str_256_u(c->x, P256_BYTES, s->key);
		return ecc_scalar_set(&c->key, c->x) ? CS_OK : CS_BAD_PARAM;
	}
	if (s->peer_len != 1 + 2 * P256_BYTES || s->peer[0] != 0x04)
		return CS_BAD_PARAM;
	nettle_mpz_set_str_256_u(c->x, P256_BYTES, s->peer + 1);
	nettle_mpz_set_str_256_u(c->y, P256_BYTES, s->peer + 1 + P256_BYTES);
	return ecc_point_set(&c->pub, c->x, c->y) ? CS_OK : CS_BAD_PARAM;
}

/* z as exactly 32 big-endian bytes; CS_LIB_ERROR when it does not fit. */
static cs_status
put32(uint8_t *out, const mpz_t z)
{
	if (mpz_sgn(z) < 0 || mpz_sizeinbase(z, 2) > 8 * P256_BYTES)
		return CS_LIB_ERROR;
	nettle_mpz_get_str_256(P256_BYTES, out, z);
	return CS_OK;
}

static cs_status
ecdsa_run(void *ctx, const cs_io *io)
{
	struct ecdsa_state *c = ctx;
	uint8_t digest[SHA256_DIGEST_SIZE];
	struct sha256_ctx h;
	if (c->op == CS_OP_KEYGEN) {
		ecdsa_generate_keypair(&c->pub, &c->key, &c->rng, cs_nettle_yarrow_random);
		ecc_point_get(&c->pub, c->x, c->y);
		io->out[0] = 0x04;
		cs_status st = put32(io->out + 1, c->x);
		return st == CS_OK ? put32(io->out + 1 + P256_BYTES, c->y) : st;
	}
	sha256_init(&h);
	sha256_update(&h, io->len, io->in);
	sha256_digest(&h, sizeof digest, digest);
	if (c->op == CS_OP_SIGN) {
		ecdsa_sign(&c->key, &c->rng, cs_nettle_yarrow_random, sizeof digest, digest,
			   &c->sig);
		cs_status st = put32(io->out, c->sig.r);
		return st == CS_OK ? put32(io->out + P256_BYTES, c->sig.s) : st;
	}
	nettle_mpz_set_str_256_u(c->sig.r, P256_BYTES, io->sig);
	nettle_mpz_set_str_256_u(c->sig.s, P256_BYTES, io->sig + P256_BYTES);
	return ecdsa_verify(&c->pub, sizeof digest, digest, &c->sig) ? CS_OK : CS_MISMATCH;
}

static void
ecdsa_teardown(void *ctx)
{
	struct ecdsa_state *c = ctx;
	if (!c->ready)
		return;
	mpz_clear(c->x);
	mpz_clear(c->y);
	dsa_signature_clear(&c->sig);
	ecc_point_clear(&c->pub);
	ecc_scalar_clear(&c->key);
	c->ready = 0;
}

/* ---- RSA-2048, PKCS#1 v1.5 with SHA-256 ---- */

struct rsa_state {
	cs_op op;
	int ready;
	struct rsa_public_key pub;
	struct rsa_private_key priv;
	mpz_t s;		  /* the signature */
	struct yarrow256_ctx rng; /* sign: blinding */
};

static cs_setup_fn rsa_setup;
static cs_run_fn rsa_run;
static cs_teardown_fn rsa_teardown;

static cs_status
rsa_setup(void *ctx, const cs_setup *s)
{
	struct rsa_state *c = ctx;
	c->op = s->op;
	if (s->op != CS_OP_SIGN && s->op != CS_OP_VERIFY)
		return CS_BAD_PARAM;
	rsa_public_key_init(&c->pub);
	rsa_private_key_init(&c->priv);
	mpz_init2(c->s, 2048 + 64);
	c->ready = 1;
	if (s->op == CS_OP_SIGN) {
		if (!rsa_keypair_from_der(&c->pub, &c->priv, 0, s->key_len, s->key))
			return CS_BAD_PARAM;
		return cs_nettle_yarrow_seed(&c->rng);
	}
	struct asn1_der_iterator i;
	/* RSAPublicKey: the iterator at its SEQUENCE */
	if (asn1_der_iterator_first(&i, s->peer_len, s->peer) != ASN1_ITERATOR_CONSTRUCTED ||
	    !rsa_public_key_from_der_iterator(&c->pub, 0, &i))
		return CS_BAD_PARAM;
	return CS_OK;
}

static cs_status
rsa_run(void *ctx, const cs_io *io)
{
	struct rsa_state *c = ctx;
	uint8_t digest[SHA256_DIGEST_SIZE];
	struct sha256_ctx h;
	sha256_init(&h);
	sha256_update(&h, io->len, io->in);
	sha256_digest(&h, sizeof digest, digest);
	if (c->op == CS_OP_SIGN) {
		if (!rsa_sha256_sign_digest_tr(&c->pub, &c->priv, &c->rng, cs_nettle_yarrow_random,
					       digest, c->s))
			return CS_LIB_ERROR;
		if (mpz_sizeinbase(c->s, 2) > 2048)
			return CS_LIB_ERROR;
		nettle_mpz_get_str_256(256, io->out, c->s);
		return CS_OK;
	}
	nettle_mpz_set_str_256_u(c->s, 256, io->sig);
	return rsa_sha256_verify_digest(&c->pub, digest, c->s) ? CS_OK : CS_MISMATCH;
}

static void
rsa_teardown(void *ctx)
{
	struct rsa_state *c = ctx;
	if (!c->ready)
		return;
	mpz_clear(c->s);
	rsa_private_key_clear(&c->priv);
	rsa_public_key_clear(&c->pub);
	c->ready = 0;
}

/* ---- HMAC-SHA256 ---- */

static cs_setup_fn hmac_setup;
static cs_run_fn hmac_run;

static cs_status
hmac_setup(void *ctx, const cs_setup *s)
{
	if (s->op != CS_OP_MAC)
		return CS_BAD_PARAM;
	hmac_sha256_set_key(ctx, s->key_len, s->key);
	return CS_OK;
}

static cs_status
hmac_run(void *ctx, const cs_io *io)
{
	hmac_sha256_update(ctx, io->len, io->in);
	hmac_sha256_digest(ctx, SHA256_DIGEST_SIZE, io->out);
	return CS_OK;
}

/* ---- the impls ---- */

const cs_impl cs_nettle_ed25519 = {
	.alg = &cs_alg_ed25519,
	.path = "nettle",
	.ops = CS_ALG_OPS_ed25519,
	.context_size = sizeof(struct ed25519_state),
	.setup = ed25519_setup,
	.run = ed25519_run,
};
const cs_impl cs_nettle_ecdsa_p256 = {
	.alg = &cs_alg_ecdsa_p256,
	.path = "nettle",
	.ops = CS_ALG_OPS_ecdsa_p256,
	.context_size = sizeof(struct ecdsa_state),
	.setup = ecdsa_setup,
	.run = ecdsa_run,
	.teardown = ecdsa_teardown,
	.flags = CS_IMPL_RANDOMIZED,
};
const cs_impl cs_nettle_rsa_2048 = {
	.alg = &cs_alg_rsa_2048,
	.path = "nettle",
	.ops = CS_ALG_OPS_rsa_2048,
	.context_size = sizeof(struct rsa_state),
	.setup = rsa_setup,
	.run = rsa_run,
	.teardown = rsa_teardown,
};
const cs_impl cs_nettle_hmac_sha256 = {
	.alg = &cs_alg_hmac_sha256,
	.path = "nettle",
	.ops = CS_ALG_OPS_hmac_sha256,
	.context_size = sizeof(struct hmac_sha256_ctx),
	.setup = hmac_setup,
	.run = hmac_run,
};
