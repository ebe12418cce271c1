/*
 * libgcrypt public-key algorithms, path "gcrypt":
 *   X25519      gcry_ecc_mul_point(GCRY_ECC_CURVE25519) (derive); keygen: a
 *               scalar from gcry_randomize (GCRY_STRONG_RANDOM) times the base
 *               point (the same call with no point).
 *   P-256       gcry_mpi_ec_mul of the scalar (a secure MPI: libgcrypt's
 *               constant-time ladder) and the peer point checked on the curve
 *               in setup, then gcry_mpi_ec_get_affine X (derive); keygen:
 *               gcry_pk_genkey "NIST P-256", q out of the key.
 *   Ed25519     gcry_pk_sign / gcry_pk_verify with (flags eddsa) over the
 *               message (the library hashes it); the public key computed in
 *               setup (q@eddsa); keygen: gcry_pk_genkey Ed25519.
 *   ECDSA P-256 gcry_md_hash_buffer SHA-256, then gcry_pk_sign (k random) /
 *               gcry_pk_verify; keygen: gcry_pk_genkey.
 *   RSA-2048    the DER key parsed into an S-expression in setup (p < q, u =
 *               p^-1 mod q as libgcrypt wants it); per op SHA-256 and
 *               gcry_pk_sign / gcry_pk_verify with (flags pkcs1) (blinded by
 *               default).
 * Keygen asks for (flags transient-key): libgcrypt then draws the secret from
 * GCRY_STRONG_RANDOM, as the X25519 keygen here and the other libraries'
 * DRBGs do; without it libgcrypt reseeds from the kernel for every key
 * (GCRY_VERY_STRONG_RANDOM), 3 to 15 times slower here and as variable as the
 * kernel's entropy. The key self-test libgcrypt runs after generating a P-256
 * key stays on (no-keytest would be 3 times faster): it is the default.
 * The S-expressions a call needs per operation (the data, the signature) are
 * built and released inside the timed operation: that is the API's own cost.
 */
#include <stdio.h>
#include <string.h>

#include <gcrypt.h>

#include "gcrypt_impls.h"

#define P256 "NIST P-256"

/* ---- helpers ---- */

/* The data of the token `name` of s (its first value) into out as exactly n
   big-endian bytes, left-padded; CS_LIB_ERROR when absent or too long. An
   MPI with a leading zero byte (a sign pad) is accepted one byte longer. */
static cs_status
token_bytes(gcry_sexp_t s, const char *name, uint8_t *out, size_t n)
{
	gcry_sexp_t t = gcry_sexp_find_token(s, name, 0);
	size_t len = 0;
	const char *d = t ? gcry_sexp_nth_data(t, 1, &len) : NULL;
	cs_status st = CS_LIB_ERROR;
	while (d && len > n && d[0] == 0) {
		d++;
		len--;
	}
	if (d && len <= n) {
		memset(out, 0, n - len);
		memcpy(out + (n - len), d, len);
		st = CS_OK;
	}
	gcry_sexp_release(t);
	return st;
}

/* One DER INTEGER at *p (before end): its content (leading zero dropped) in
   *v, *vlen; *p moves past it. 0 = not an INTEGER. */
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
	*p = q + len;
	while (len > 1 && q[0] == 0) {
		q++;
		len--;
	}
	*v = q;
	*vlen = len;
	return 1;
}

/* Past a DER SEQUENCE header at *p; 0 = not one. */
static int
der_seq(const uint8_t **p, const uint8_t *end)
{
	const uint8_t *q = *p;
	if (end - q < 2 || q[0] != 0x30)
		return 0;
	q++;
	if (*q >= 0x80) {
		size_t k = *q & 0x7fu;
		if (k == 0 || k > 2 || (size_t)(end - q) < k + 1)
			return 0;
		q += k;
	}
	*p = q + 1;
	return 1;
}

/* ---- X25519 ---- */

struct x25519_state {
	cs_op op;
	uint8_t scalar[32];
	uint8_t peer[32];
};

static cs_setup_fn x25519_setup;
static cs_run_fn x25519_run;

static cs_status
x25519_setup(void *ctx, const cs_setup *s)
{
	struct x25519_state *c = ctx;
	c->op = s->op;
	if (s->alg->key_len != 32 || s->alg->pub_len != 32)
		return CS_BAD_PARAM;
	if (s->op == CS_OP_KEYGEN)
		return CS_OK;
	if (s->op != CS_OP_DERIVE || !s->key || !s->peer)
		return CS_BAD_PARAM;
	memcpy(c->scalar, s->key, 32);
	memcpy(c->peer, s->peer, 32);
	return CS_OK;
}

static cs_status
x25519_run(void *ctx, const cs_io *io)
{
	struct x25519_state *c = ctx;
	if (c->op == CS_OP_DERIVE)
		return gcry_ecc_mul_point(GCRY_ECC_CURVE25519, io->out, c->scalar, c->peer)
			       ? CS_LIB_ERROR
			       : CS_OK;
	gcry_randomize(c->scalar, 32, GCRY_STRONG_RANDOM);
	return gcry_ecc_mul_point(GCRY_ECC_CURVE25519, io->out, c->scalar, NULL) ? CS_LIB_ERROR
										 : CS_OK;
}

/* ---- P-256 ECDH ---- */

struct p256_state {
	cs_op op;
	gcry_ctx_t ec;
	gcry_mpi_t d;	       /* derive: our scalar (secure) */
	gcry_mpi_point_t peer; /* derive: checked on the curve */
	gcry_mpi_point_t r;    /* derive: d * peer */
	gcry_mpi_t x;	       /* derive: its X */
	gcry_sexp_t parms;     /* keygen: (genkey (ecc (curve P-256))) */
};

static cs_setup_fn p256_setup;
static cs_run_fn p256_run;
static cs_teardown_fn p256_teardown;

static cs_status
p256_setup(void *ctx, const cs_setup *s)
{
	struct p256_state *c = ctx;
	c->op = s->op;
	if (s->alg->key_len != 32 || s->alg->pub_len != 65 || s->alg->out_len != 32)
		return CS_BAD_PARAM;
	if (s->op == CS_OP_KEYGEN)
		return gcry_sexp_build(&c->parms, NULL,
				       "(genkey (ecc (curve \"" P256 "\") (flags transient-key)))")
			       ? CS_LIB_ERROR
			       : CS_OK;
	if (s->op != CS_OP_DERIVE || !s->key || !s->peer || s->peer_len != 65 || s->peer[0] != 0x04)
		return CS_BAD_PARAM;
	if (gcry_mpi_ec_new(&c->ec, NULL, P256))
		return CS_LIB_ERROR;
	gcry_mpi_t px = NULL, py = NULL;
	if (gcry_mpi_scan(&c->d, GCRYMPI_FMT_USG, s->key, 32, NULL) ||
	    gcry_mpi_scan(&px, GCRYMPI_FMT_USG, s->peer + 1, 32, NULL) ||
	    gcry_mpi_scan(&py, GCRYMPI_FMT_USG, s->peer + 33, 32, NULL)) {
		gcry_mpi_release(px);
		gcry_mpi_release(py);
		return CS_LIB_ERROR;
	}
	gcry_mpi_set_flag(c->d, GCRYMPI_FLAG_SECURE);
	c->peer = gcry_mpi_point_snatch_set(NULL, px, py, gcry_mpi_set_ui(NULL, 1));
	c->r = gcry_mpi_point_new(0);
	c->x = gcry_mpi_new(256);
	if (!gcry_mpi_ec_curve_point(c->peer, c->ec))
		return CS_BAD_PARAM;
	return CS_OK;
}

static cs_status
p256_run(void *ctx, const cs_io *io)
{
	struct p256_state *c = ctx;
	if (c->op == CS_OP_DERIVE) {
		uint8_t buf[33];
		size_t n = 0;
		gcry_mpi_ec_mul(c->r, c->d, c->peer, c->ec);
		if (gcry_mpi_ec_get_affine(c->x, NULL, c->r, c->ec) ||
		    gcry_mpi_print(GCRYMPI_FMT_USG, buf, sizeof buf, &n, c->x) || n > 32)
			return CS_LIB_ERROR;
		memset(io->out, 0, 32 - n);
		memcpy(io->out + (32 - n), buf, n);
		return CS_OK;
	}
	gcry_sexp_t key = NULL;
	if (gcry_pk_genkey(&key, c->parms))
		return CS_LIB_ERROR;
	gcry_sexp_t pub = gcry_sexp_find_token(key, "public-key", 0);
	cs_status st = pub ? token_bytes(pub, "q", io->out, 65) : CS_LIB_ERROR;
	gcry_sexp_release(pub);
	gcry_sexp_release(key);
	return st == CS_OK && io->out[0] != 0x04 ? CS_LIB_ERROR : st;
}

static void
p256_teardown(void *ctx)
{
	struct p256_state *c = ctx;
	gcry_mpi_release(c->d);
	gcry_mpi_release(c->x);
	gcry_mpi_point_release(c->peer);
	gcry_mpi_point_release(c->r);
	gcry_ctx_release(c->ec);
	gcry_sexp_release(c->parms);
	memset(c, 0, sizeof *c);
}

/* ---- signatures: one state for Ed25519, ECDSA and RSA ---- */

struct sig_state {
	cs_op op;
	gcry_sexp_t key; /* sign: private key; verify: public key; keygen: parameters */
	uint8_t pub[65]; /* Ed25519 sign: the public key q */
};

static cs_setup_fn ed25519_setup, ecdsa_setup, rsa_setup;
static cs_run_fn ed25519_run, ecdsa_run, rsa_run;
static cs_teardown_fn sig_teardown;

static void
sig_teardown(void *ctx)
{
	struct sig_state *c = ctx;
	gcry_sexp_release(c->key);
	c->key = NULL;
}

/* Keygen: a fresh key from parameters, its public q (n bytes) into out. */
static cs_status
keygen_q(gcry_sexp_t parms, uint8_t *out, size_t n)
{
	gcry_sexp_t key = NULL;
	if (gcry_pk_genkey(&key, parms))
		return CS_LIB_ERROR;
	gcry_sexp_t pub = gcry_sexp_find_token(key, "public-key", 0);
	cs_status st = pub ? token_bytes(pub, "q", out, n) : CS_LIB_ERROR;
	gcry_sexp_release(pub);
	gcry_sexp_release(key);
	return st;
}

/* ---- Ed25519 ---- */

static cs_status
ed25519_setup(void *ctx, const cs_setup *s)
{
	struct sig_state *c = ctx;
	c->op = s->op;
	if (s->op == CS_OP_KEYGEN)
		return gcry_sexp_build(&c->key, NULL,
				       "(genkey (ecc (curve Ed25519) (flags eddsa transient-key)))")
			       ? CS_LIB_ERROR
			       : CS_OK;
	if (s->op == CS_OP_VERIFY) {
		if (!s->peer || s->peer_len != 32)
			return CS_BAD_PARAM;
		return gcry_sexp_build(&c->key, NULL,
				       "(public-key (ecc (curve Ed25519) (flags eddsa) (q %b)))",
				       32, s->peer)
			       ? CS_BAD_PARAM
			       : CS_OK;
	}
	if (s->op != CS_OP_SIGN || !s->key || s->key_len != 32)
		return CS_BAD_PARAM;
	/* The public key from the seed, once: libgcrypt computes "q@eddsa". */
	gcry_sexp_t d = NULL;
	gcry_ctx_t ec = NULL;
	cs_status st = CS_LIB_ERROR;
	if (!gcry_sexp_build(&d, NULL, "(private-key (ecc (curve Ed25519) (flags eddsa) (d %b)))",
			     32, s->key) &&
	    !gcry_mpi_ec_new(&ec, d, NULL)) {
		gcry_mpi_t q = gcry_mpi_ec_get_mpi("q@eddsa", ec, 1);
		unsigned int bits = 0;
		const uint8_t *qb = q ? gcry_mpi_get_opaque(q, &bits) : NULL;
		if (qb && bits == 256) {
			memcpy(c->pub, qb, 32);
			st = CS_OK;
		}
		gcry_mpi_release(q);
	}
	gcry_ctx_release(ec);
	gcry_sexp_release(d);
	if (st != CS_OK)
		return st;
	return gcry_sexp_build(&c->key, NULL,
			       "(private-key (ecc (curve Ed25519) (flags eddsa) (q %b) (d %b)))",
			       32, c->pub, 32, s->key)
		       ? CS_LIB_ERROR
		       : CS_OK;
}

static cs_status
ed25519_run(void *ctx, const cs_io *io)
{
	struct sig_state *c = ctx;
	gcry_sexp_t data = NULL, sig = NULL;
	cs_status st = CS_LIB_ERROR;
	if (c->op == CS_OP_KEYGEN)
		return keygen_q(c->key, io->out, 32);
	if (gcry_sexp_build(&data, NULL, "(data (flags eddsa) (hash-algo sha512) (value %b))",
			    (int)io->len, io->in))
		return CS_LIB_ERROR;
	if (c->op == CS_OP_SIGN) {
		if (!gcry_pk_sign(&sig, data, c->key) &&
		    token_bytes(sig, "r", io->out, 32) == CS_OK)
			st = token_bytes(sig, "s", io->out + 32, 32);
	} else if (!gcry_sexp_build(&sig, NULL, "(sig-val (eddsa (r %b) (s %b)))", 32, io->sig, 32,
				    io->sig + 32)) {
		gcry_error_t err = gcry_pk_verify(sig, data, c->key);
		st = !err					   ? CS_OK
		     : gcry_err_code(err) == GPG_ERR_BAD_SIGNATURE ? CS_MISMATCH
								   : CS_LIB_ERROR;
	}
	gcry_sexp_release(sig);
	gcry_sexp_release(data);
	return st;
}

/* ---- ECDSA P-256 ---- */

static cs_status
ecdsa_setup(void *ctx, const cs_setup *s)
{
	struct sig_state *c = ctx;
	c->op = s->op;
	if (s->op == CS_OP_KEYGEN)
		return gcry_sexp_build(&c->key, NULL,
				       "(genkey (ecc (curve \"" P256 "\") (flags transient-key)))")
			       ? CS_LIB_ERROR
			       : CS_OK;
	if (s->op == CS_OP_VERIFY) {
		if (!s->peer || s->peer_len != 65 || s->peer[0] != 0x04)
			return CS_BAD_PARAM;
		return gcry_sexp_build(&c->key, NULL,
				       "(public-key (ecc (curve \"" P256 "\") (q %b)))", 65,
				       s->peer)
			       ? CS_BAD_PARAM
			       : CS_OK;
	}
	if (s->op != CS_OP_SIGN || !s->key || s->key_len != 32)
		return CS_BAD_PARAM;
	return gcry_sexp_build(&c->key, NULL, "(private-key (ecc (curve \"" P256 "\") (d %b)))", 32,
			       s->key)
		       ? CS_BAD_PARAM
		       : CS_OK;
}

static cs_status
ecdsa_run(void *ctx, const cs_io *io)
{
	struct sig_state *c = ctx;
	uint8_t digest[32];
	gcry_sexp_t data = NULL, sig = NULL;
	cs_status st = CS_LIB_ERROR;
	if (c->op == CS_OP_KEYGEN)
		return keygen_q(c->key, io->out, 65);
	gcry_md_hash_buffer(GCRY_MD_SHA256, digest, io->in, io->len);
	if (gcry_sexp_build(&data, NULL, "(data (flags raw) (value %b))", 32, digest))
		return CS_LIB_ERROR;
	if (c->op == CS_OP_SIGN) {
		if (!gcry_pk_sign(&sig, data, c->key) &&
		    token_bytes(sig, "r", io->out, 32) == CS_OK)
			st = token_bytes(sig, "s", io->out + 32, 32);
	} else if (!gcry_sexp_build(&sig, NULL, "(sig-val (ecdsa (r %b) (s %b)))", 32, io->sig, 32,
				    io->sig + 32)) {
		gcry_error_t err = gcry_pk_verify(sig, data, c->key);
		st = !err					   ? CS_OK
		     : gcry_err_code(err) == GPG_ERR_BAD_SIGNATURE ? CS_MISMATCH
								   : CS_LIB_ERROR;
	}
	gcry_sexp_release(sig);
	gcry_sexp_release(data);
	return st;
}

/* ---- RSA-2048 PKCS#1 v1.5 SHA-256 ---- */

/* RSAPrivateKey (version n e d p q dp dq qinv) as libgcrypt's private key:
   p < q and u = p^-1 mod q. */
static cs_status
rsa_private_sexp(gcry_sexp_t *key, const uint8_t *der, size_t len)
{
	const uint8_t *p = der, *end = der + len, *v[9];
	size_t n[9];
	if (!der_seq(&p, end))
		return CS_BAD_PARAM;
	for (int i = 0; i < 9; i++)
		if (!der_int(&p, end, &v[i], &n[i]))
			return CS_BAD_PARAM;
	gcry_mpi_t m[6] = {NULL}; /* n e d p q u */
	cs_status st = CS_OK;
	for (int i = 0; i < 5 && st == CS_OK; i++)
		if (gcry_mpi_scan(&m[i], GCRYMPI_FMT_USG, v[i + 1], n[i + 1], NULL))
			st = CS_BAD_PARAM;
	if (st == CS_OK) {
		if (gcry_mpi_cmp(m[3], m[4]) > 0)
			gcry_mpi_swap(m[3], m[4]);
		m[5] = gcry_mpi_new(0);
		if (!gcry_mpi_invm(m[5], m[3], m[4]))
			st = CS_BAD_PARAM;
	}
	if (st == CS_OK && gcry_sexp_build(key, NULL,
					   "(private-key (rsa (n %m) (e %m) (d %m) (p %m) (q %m) "
					   "(u %m)))",
					   m[0], m[1], m[2], m[3], m[4], m[5]))
		st = CS_BAD_PARAM;
	for (int i = 0; i < 6; i++)
		gcry_mpi_release(m[i]);
	return st;
}

/* RSAPublicKey (n e) as libgcrypt's public key. */
static cs_status
rsa_public_sexp(gcry_sexp_t *key, const uint8_t *der, size_t len)
{
	const uint8_t *p = der, *end = der + len, *v[2];
	size_t n[2];
	if (!der_seq(&p, end) || !der_int(&p, end, &v[0], &n[0]) || !der_int(&p, end, &v[1], &n[1]))
		return CS_BAD_PARAM;
	return gcry_sexp_build(key, NULL, "(public-key (rsa (n %b) (e %b)))", (int)n[0], v[0],
			       (int)n[1], v[1])
		       ? CS_BAD_PARAM
		       : CS_OK;
}

static cs_status
rsa_setup(void *ctx, const cs_setup *s)
{
	struct sig_state *c = ctx;
	c->op = s->op;
	if (s->op == CS_OP_SIGN)
		return s->key ? rsa_private_sexp(&c->key, s->key, s->key_len) : CS_BAD_PARAM;
	if (s->op == CS_OP_VERIFY)
		return s->peer ? rsa_public_sexp(&c->key, s->peer, s->peer_len) : CS_BAD_PARAM;
	return CS_BAD_PARAM;
}

static cs_status
rsa_run(void *ctx, const cs_io *io)
{
	struct sig_state *c = ctx;
	uint8_t digest[32];
	gcry_sexp_t data = NULL, sig = NULL;
	cs_status st = CS_LIB_ERROR;
	gcry_md_hash_buffer(GCRY_MD_SHA256, digest, io->in, io->len);
	if (gcry_sexp_build(&data, NULL, "(data (flags pkcs1) (hash sha256 %b))", 32, digest))
		return CS_LIB_ERROR;
	if (c->op == CS_OP_SIGN) {
		if (!gcry_pk_sign(&sig, data, c->key))
			st = token_bytes(sig, "s", io->out, 256);
	} else if (!gcry_sexp_build(&sig, NULL, "(sig-val (rsa (s %b)))", 256, io->sig)) {
		gcry_error_t err = gcry_pk_verify(sig, data, c->key);
		st = !err					   ? CS_OK
		     : gcry_err_code(err) == GPG_ERR_BAD_SIGNATURE ? CS_MISMATCH
								   : CS_LIB_ERROR;
	}
	gcry_sexp_release(sig);
	gcry_sexp_release(data);
	return st;
}

/* ---- what served a cell ---- */

static cs_describe_fn p256_describe, sig_describe;

static void
p256_describe(void *ctx, char *buf, size_t size)
{
	const struct p256_state *c = ctx;
	snprintf(buf, size, "%s",
		 c->op == CS_OP_KEYGEN ? "call=gcry_pk_genkey flags=transient-key keytest=on"
				       : "call=gcry_mpi_ec_mul scalar=secure");
}

static void
sig_describe(void *ctx, char *buf, size_t size)
{
	const struct sig_state *c = ctx;
	snprintf(buf, size, "%s",
		 c->op == CS_OP_KEYGEN ? "call=gcry_pk_genkey flags=transient-key keytest=on"
		 : c->op == CS_OP_SIGN ? "call=gcry_pk_sign"
				       : "call=gcry_pk_verify");
}

/* ---- the impls ---- */

const cs_impl cs_gcrypt_x25519 = {
	.alg = &cs_alg_x25519,
	.path = "gcrypt",
	.ops = CS_ALG_OPS_x25519,
	.context_size = sizeof(struct x25519_state),
	.setup = x25519_setup,
	.run = x25519_run,
};
const cs_impl cs_gcrypt_p256 = {
	.alg = &cs_alg_p256,
	.path = "gcrypt",
	.ops = CS_ALG_OPS_p256,
	.context_size = sizeof(struct p256_state),
	.setup = p256_setup,
	.run = p256_run,
	.teardown = p256_teardown,
	.describe = p256_describe,
};
const cs_impl cs_gcrypt_ed25519 = {
	.alg = &cs_alg_ed25519,
	.path = "gcrypt",
	.ops = CS_ALG_OPS_ed25519,
	.context_size = sizeof(struct sig_state),
	.setup = ed25519_setup,
	.run = ed25519_run,
	.teardown = sig_teardown,
	.describe = sig_describe,
};
const cs_impl cs_gcrypt_ecdsa_p256 = {
	.alg = &cs_alg_ecdsa_p256,
	.path = "gcrypt",
	.ops = CS_ALG_OPS_ecdsa_p256,
	.context_size = sizeof(struct sig_state),
	.setup = ecdsa_setup,
	.run = ecdsa_run,
	.teardown = sig_teardown,
	.describe = sig_describe,
	.flags = CS_IMPL_RANDOMIZED,
};
const cs_impl cs_gcrypt_rsa_2048 = {
	.alg = &cs_alg_rsa_2048,
	.path = "gcrypt",
	.ops = CS_ALG_OPS_rsa_2048,
	.context_size = sizeof(struct sig_state),
	.setup = rsa_setup,
	.run = rsa_run,
	.teardown = sig_teardown,
	.describe = sig_describe,
};
