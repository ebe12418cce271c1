/*
 * BoringSSL adapter (the Android build Debian ships), path "native": the
 * calls BoringSSL's own documentation points to for each algorithm.
 *
 *  AEAD    EVP_AEAD: EVP_AEAD_CTX_init once (key schedule, GHASH table),
 *          EVP_AEAD_CTX_seal_scatter / open_gather per op (the tag apart
 *          from the ciphertext, as the core hands them over).
 *  CIPHER  AES-CBC: EVP_CIPHER_CTX keyed once; per op a new IV
 *          (EVP_EncryptInit_ex with only the IV), Update, Final, padding off.
 *  HASH    EVP_DigestInit_ex / Update / Final_ex on a reused EVP_MD_CTX.
 *  MAC     HMAC_CTX keyed once; per op HMAC_Init_ex (same key), Update, Final.
 *  KEX     X25519() / X25519_keypair; P-256: EC_KEY + ECDH_compute_key,
 *          EC_KEY_generate_key.
 *  SIG     ED25519_sign / _verify / _keypair; ECDSA P-256: SHA256() then
 *          ECDSA_do_sign / ECDSA_do_verify (BoringSSL draws k at random,
 *          hedged with the key and digest: CS_IMPL_RANDOMIZED); RSA-2048
 *          PKCS#1 v1.5: SHA256() then RSA_sign / RSA_verify.
 *
 * Capability masks: BoringSSL reads OPENSSL_ia32cap on x86-64 as OpenSSL
 * does ("~" clears bits; after ":" the second pair of words).
 */
#include <openssl/aead.h>
#include <openssl/bn.h>
#include <openssl/cipher.h>
#include <openssl/crypto.h>
#include <openssl/curve25519.h>
#include <openssl/digest.h>
#include <openssl/ec.h>
#include <openssl/ec_key.h>
#include <openssl/ecdh.h>
#include <openssl/ecdsa.h>
#include <openssl/err.h>
#include <openssl/hmac.h>
#include <openssl/nid.h>
#include <openssl/rsa.h>
#include <openssl/sha.h>

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cpu.h"
#include "cryptospeed/adapter.h"

#define PATH "native"

/*
 * Every algorithm the adapter runs, one line each, in the catalogue's order:
 *
 *   X(id, family, arg)
 *
 * id      the catalogue's id (algs.def)
 * family  AEAD: EVP_AEAD, arg the function that returns it;
 *         HASH: EVP_MD, arg the function that returns it;
 *         CBC: EVP_CIPHER (any key size), arg the function that returns it;
 *         X25519, P256, ED25519, ECDSA, RSA, HMAC: this file's calls for
 *         that algorithm, arg -
 *
 * An AEAD, a CBC cipher or a hash BoringSSL has is one line here.
 */
#define BORINGSSL_ALGS(X)                                                                          \
	X(aes_128_gcm, AEAD, EVP_aead_aes_128_gcm)                                                 \
	X(aes_256_gcm, AEAD, EVP_aead_aes_256_gcm)                                                 \
	X(chacha20_poly1305, AEAD, EVP_aead_chacha20_poly1305)                                     \
	X(aes_128_cbc, CBC, EVP_aes_128_cbc)                                                       \
	X(sha1, HASH, EVP_sha1)                                                                    \
	X(sha256, HASH, EVP_sha256)                                                                \
	X(sha512, HASH, EVP_sha512)                                                                \
	X(x25519, X25519, -)                                                                       \
	X(p256, P256, -)                                                                           \
	X(ed25519, ED25519, -)                                                                     \
	X(ecdsa_p256, ECDSA, -)                                                                    \
	X(rsa_2048, RSA, -)                                                                        \
	X(hmac_sha256, HMAC, -)                                                                    \
	X(ml_kem_768, NO_PQ, -)                                                                    \
	X(ml_dsa_65, NO_PQ, -)                                                                     \
	/* a new line goes above this one */

/* The EVP_AEAD, EVP_CIPHER or EVP_MD of each AEAD, CBC and HASH line. */
typedef struct arg_line {
	const cs_alg *alg;		   /* the catalogue's algorithm */
	const EVP_AEAD *(*aead)(void);	   /* AEAD: returns its EVP_AEAD; else NULL */
	const EVP_MD *(*md)(void);	   /* HASH: returns its EVP_MD; else NULL */
	const EVP_CIPHER *(*cipher)(void); /* CBC: returns its EVP_CIPHER; else NULL */
} arg_line;

#define ARG_LINE_AEAD(id, arg) {&cs_alg_##id, arg, NULL, NULL},
#define ARG_LINE_HASH(id, arg) {&cs_alg_##id, NULL, arg, NULL},
#define ARG_LINE_CBC(id, arg) {&cs_alg_##id, NULL, NULL, arg},
#define ARG_LINE_X25519(id, arg)
#define ARG_LINE_P256(id, arg)
#define ARG_LINE_ED25519(id, arg)
#define ARG_LINE_ECDSA(id, arg)
#define ARG_LINE_RSA(id, arg)
#define ARG_LINE_HMAC(id, arg)
#define ARG_LINE_NO_PQ(id, arg)
#define ARG_LINE(id, family, arg) ARG_LINE_##family(id, arg)
static const arg_line arg_lines[] = {BORINGSSL_ALGS(ARG_LINE){.alg = NULL}};

/* The table's line for alg, or NULL. */
static const arg_line *
line_of(const cs_alg *alg)
{
	for (const arg_line *l = arg_lines; l->alg; l++)
		if (l->alg == alg)
			return l;
	return NULL;
}

/* BoringSSL failed: drop its error queue (nothing reads it) and say so. */
static cs_status
lib_error(void)
{
	ERR_clear_error();
	return CS_LIB_ERROR;
}

/* ---- AEAD: EVP_AEAD ---- */

typedef struct aead_ctx {
	EVP_AEAD_CTX actx;
	bool init; /* EVP_AEAD_CTX_init succeeded: cleanup owed */
	cs_op op;
	size_t nonce_len, tag_len;
} aead_ctx;

static cs_setup_fn aead_setup;
static cs_run_fn aead_run;
static cs_teardown_fn aead_teardown;
static cs_describe_fn aead_describe;

/* The EVP_AEAD of an algorithm of the catalogue, or NULL. */
static const EVP_AEAD *
aead_of(const cs_alg *alg)
{
	const arg_line *l = line_of(alg);
	return l && l->aead ? l->aead() : NULL;
}

static cs_status
aead_setup(void *ctx, const cs_setup *s)
{
	aead_ctx *c = ctx;
	const EVP_AEAD *aead = aead_of(s->alg);
	if (!aead || (s->op != CS_OP_SEAL && s->op != CS_OP_OPEN) ||
	    EVP_AEAD_key_length(aead) != s->alg->key_len ||
	    EVP_AEAD_nonce_length(aead) != s->alg->nonce_len)
		return CS_BAD_PARAM;
	c->op = s->op;
	c->nonce_len = s->alg->nonce_len;
	c->tag_len = s->alg->tag_len;
	if (!EVP_AEAD_CTX_init(&c->actx, aead, s->key, s->alg->key_len, c->tag_len, NULL))
		return lib_error();
	c->init = true;
	return CS_OK;
}

static cs_status
aead_run(void *ctx, const cs_io *io)
{
	aead_ctx *c = ctx;
	if (c->op == CS_OP_SEAL) {
		size_t tag_len = 0;
		if (!EVP_AEAD_CTX_seal_scatter(&c->actx, io->out, io->tag, &tag_len, c->tag_len,
					       io->nonce, c->nonce_len, io->in, io->len, NULL, 0,
					       io->aad, io->aad_len))
			return lib_error();
		return tag_len == c->tag_len ? CS_OK : CS_LIB_ERROR;
	}
	if (EVP_AEAD_CTX_open_gather(&c->actx, io->out, io->nonce, c->nonce_len, io->in, io->len,
				     io->tag, c->tag_len, io->aad, io->aad_len))
		return CS_OK;
	/* The one way open fails on well-formed input: the tag did not verify. */
	ERR_clear_error();
	return CS_MISMATCH;
}

static void
aead_teardown(void *ctx)
{
	aead_ctx *c = ctx;
	if (c->init)
		EVP_AEAD_CTX_cleanup(&c->actx);
	c->init = false;
}

static void
aead_describe(void *ctx, char *buf, size_t size)
{
	(void)ctx;
	/* EVP_has_aes_hardware: what BoringSSL's AES-GCM dispatch tests. */
	snprintf(buf, size, "api=EVP_AEAD aes_hw=%d", EVP_has_aes_hardware());
}

/* ---- CBC: the line's EVP_CIPHER (any key size) ---- */

typedef struct cbc_ctx {
	EVP_CIPHER_CTX *cctx;
} cbc_ctx;

static cs_setup_fn cbc_setup;
static cs_run_fn cbc_run;
static cs_teardown_fn cbc_teardown;

static cs_status
cbc_setup(void *ctx, const cs_setup *s)
{
	cbc_ctx *c = ctx;
	const arg_line *l = line_of(s->alg);
	if (!l || !l->cipher || s->op != CS_OP_ENCRYPT || s->alg->nonce_len != 16 ||
	    s->max_len > (size_t)INT32_MAX)
		return CS_BAD_PARAM;
	const EVP_CIPHER *cipher = l->cipher();
	if ((size_t)EVP_CIPHER_key_length(cipher) != s->alg->key_len)
		return CS_BAD_PARAM;
	if (!(c->cctx = EVP_CIPHER_CTX_new()))
		return CS_NO_MEMORY;
	if (!EVP_EncryptInit_ex(c->cctx, cipher, NULL, s->key, NULL) ||
	    !EVP_CIPHER_CTX_set_padding(c->cctx, 0))
		return lib_error();
	return CS_OK;
}

static cs_status
cbc_run(void *ctx, const cs_io *io)
{
	cbc_ctx *c = ctx;
	int n = 0, fin = 0;
	if (!EVP_EncryptInit_ex(c->cctx, NULL, NULL, NULL, io->nonce) ||
	    (io->len && !EVP_EncryptUpdate(c->cctx, io->out, &n, io->in, (int)io->len)) ||
	    !EVP_EncryptFinal_ex(c->cctx, io->out + n, &fin))
		return lib_error();
	return (size_t)n + (size_t)fin == io->len ? CS_OK : CS_LIB_ERROR;
}

static void
cbc_teardown(void *ctx)
{
	cbc_ctx *c = ctx;
	EVP_CIPHER_CTX_free(c->cctx);
	c->cctx = NULL;
}

/* ---- Hashes: EVP_Digest* ---- */

typedef struct md_ctx {
	EVP_MD_CTX *mctx;
	const EVP_MD *md;
} md_ctx;

static cs_setup_fn md_setup;
static cs_run_fn md_run;
static cs_teardown_fn md_teardown;

/* The EVP_MD of a hash of the catalogue, or NULL. */
static const EVP_MD *
md_of(const cs_alg *alg)
{
	const arg_line *l = line_of(alg);
	return l && l->md ? l->md() : NULL;
}

static cs_status
md_setup(void *ctx, const cs_setup *s)
{
	md_ctx *c = ctx;
	if (s->op != CS_OP_DIGEST || !(c->md = md_of(s->alg)) ||
	    EVP_MD_size(c->md) != s->alg->out_len)
		return CS_BAD_PARAM;
	return (c->mctx = EVP_MD_CTX_new()) ? CS_OK : CS_NO_MEMORY;
}

static cs_status
md_run(void *ctx, const cs_io *io)
{
	md_ctx *c = ctx;
	if (!EVP_DigestInit_ex(c->mctx, c->md, NULL) ||
	    !EVP_DigestUpdate(c->mctx, io->in, io->len) ||
	    !EVP_DigestFinal_ex(c->mctx, io->out, NULL))
		return lib_error();
	return CS_OK;
}

static void
md_teardown(void *ctx)
{
	md_ctx *c = ctx;
	EVP_MD_CTX_free(c->mctx);
	c->mctx = NULL;
}

/* ---- HMAC-SHA256 ---- */

typedef struct hmac_ctx {
	HMAC_CTX *hctx;
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
	if (!(c->hctx = HMAC_CTX_new()))
		return CS_NO_MEMORY;
	/* The key's inner and outer pads, once. */
	return HMAC_Init_ex(c->hctx, s->key, s->key_len, EVP_sha256(), NULL) ? CS_OK : lib_error();
}

static cs_status
hmac_run(void *ctx, const cs_io *io)
{
	hmac_ctx *c = ctx;
	unsigned int n = 0;
	/* No key and no md: restart from the pads computed in setup. */
	if (!HMAC_Init_ex(c->hctx, NULL, 0, NULL, NULL) || !HMAC_Update(c->hctx, io->in, io->len) ||
	    !HMAC_Final(c->hctx, io->out, &n))
		return lib_error();
	return n == SHA256_DIGEST_LENGTH ? CS_OK : CS_LIB_ERROR;
}

static void
hmac_teardown(void *ctx)
{
	hmac_ctx *c = ctx;
	HMAC_CTX_free(c->hctx);
	c->hctx = NULL;
}

/* ---- X25519 ---- */

typedef struct x25519_ctx {
	cs_op op;
	uint8_t priv[32], peer[32];
} x25519_ctx;

static cs_setup_fn x25519_setup;
static cs_run_fn x25519_run;

static cs_status
x25519_setup(void *ctx, const cs_setup *s)
{
	x25519_ctx *c = ctx;
	if ((s->op != CS_OP_DERIVE && s->op != CS_OP_KEYGEN) || s->alg->key_len != 32 ||
	    s->alg->pub_len != 32)
		return CS_BAD_PARAM;
	c->op = s->op;
	if (s->op == CS_OP_DERIVE) {
		if (!s->key || !s->peer)
			return CS_BAD_PARAM;
		memcpy(c->priv, s->key, 32);
		memcpy(c->peer, s->peer, 32);
	}
	return CS_OK;
}

static cs_status
x25519_run(void *ctx, const cs_io *io)
{
	x25519_ctx *c = ctx;
	if (c->op == CS_OP_DERIVE)
		/* 0 only for a small-order peer (an all-zero secret). */
		return X25519(io->out, c->priv, c->peer) ? CS_OK : CS_LIB_ERROR;
	uint8_t priv[32];
	X25519_keypair(io->out, priv);
	return CS_OK;
}

/* ---- P-256 ECDH ---- */

typedef struct p256_ctx {
	cs_op op;
	EC_KEY *key;	/* derive: ours; keygen: regenerated by each op */
	EC_POINT *peer; /* derive: the peer's point */
} p256_ctx;

static cs_setup_fn p256_setup;
static cs_run_fn p256_run;
static cs_teardown_fn p256_teardown;

static cs_status
p256_setup(void *ctx, const cs_setup *s)
{
	p256_ctx *c = ctx;
	if ((s->op != CS_OP_DERIVE && s->op != CS_OP_KEYGEN) || s->alg->pub_len != 65)
		return CS_BAD_PARAM;
	c->op = s->op;
	if (!(c->key = EC_KEY_new_by_curve_name(NID_X9_62_prime256v1)))
		return lib_error();
	if (c->op == CS_OP_KEYGEN)
		return CS_OK;
	const EC_GROUP *group = EC_KEY_get0_group(c->key);
	BIGNUM *d = BN_bin2bn(s->key, 32, NULL);
	cs_status st = CS_OK;
	if (!d)
		return CS_NO_MEMORY;
	if (!EC_KEY_set_private_key(c->key, d) || !(c->peer = EC_POINT_new(group)) ||
	    !EC_POINT_oct2point(group, c->peer, s->peer, 65, NULL))
		st = lib_error();
	BN_free(d);
	return st;
}

static cs_status
p256_run(void *ctx, const cs_io *io)
{
	p256_ctx *c = ctx;
	if (c->op == CS_OP_DERIVE)
		return ECDH_compute_key(io->out, 32, c->peer, c->key, NULL) == 32 ? CS_OK
										  : lib_error();
	if (!EC_KEY_generate_key(c->key) ||
	    EC_POINT_point2oct(EC_KEY_get0_group(c->key), EC_KEY_get0_public_key(c->key),
			       POINT_CONVERSION_UNCOMPRESSED, io->out, 65, NULL) != 65)
		return lib_error();
	return CS_OK;
}

static void
p256_teardown(void *ctx)
{
	p256_ctx *c = ctx;
	EC_POINT_free(c->peer);
	EC_KEY_free(c->key);
	c->peer = NULL;
	c->key = NULL;
}

/* ---- Ed25519 ---- */

typedef struct ed25519_ctx {
	cs_op op;
	uint8_t priv[64]; /* sign: seed || public key, as ED25519_sign takes it */
	uint8_t pub[32];
} ed25519_ctx;

static cs_setup_fn ed25519_setup;
static cs_run_fn ed25519_run;

static cs_status
ed25519_setup(void *ctx, const cs_setup *s)
{
	ed25519_ctx *c = ctx;
	if (s->op != CS_OP_SIGN && s->op != CS_OP_VERIFY && s->op != CS_OP_KEYGEN)
		return CS_BAD_PARAM;
	c->op = s->op;
	if (s->op == CS_OP_SIGN) {
		if (!s->key || s->key_len != 32)
			return CS_BAD_PARAM;
		ED25519_keypair_from_seed(c->pub, c->priv, s->key);
	} else if (s->op == CS_OP_VERIFY) {
		if (!s->peer || s->peer_len != 32)
			return CS_BAD_PARAM;
		memcpy(c->pub, s->peer, 32);
	}
	return CS_OK;
}

static cs_status
ed25519_run(void *ctx, const cs_io *io)
{
	ed25519_ctx *c = ctx;
	switch (c->op) {
	case CS_OP_SIGN:
		return ED25519_sign(io->out, io->in, io->len, c->priv) ? CS_OK : CS_LIB_ERROR;
	case CS_OP_VERIFY:
		return ED25519_verify(io->in, io->len, io->sig, c->pub) ? CS_OK : CS_MISMATCH;
	default: {
		uint8_t priv[64];
		ED25519_keypair(io->out, priv);
		return CS_OK;
	}
	}
}

/* ---- ECDSA P-256 ---- */

typedef struct ecdsa_ctx {
	cs_op op;
	EC_KEY *key;
} ecdsa_ctx;

static cs_setup_fn ecdsa_setup;
static cs_run_fn ecdsa_run;
static cs_teardown_fn ecdsa_teardown;

static cs_status
ecdsa_setup(void *ctx, const cs_setup *s)
{
	ecdsa_ctx *c = ctx;
	if (s->op != CS_OP_SIGN && s->op != CS_OP_VERIFY && s->op != CS_OP_KEYGEN)
		return CS_BAD_PARAM;
	c->op = s->op;
	if (!(c->key = EC_KEY_new_by_curve_name(NID_X9_62_prime256v1)))
		return lib_error();
	if (s->op == CS_OP_KEYGEN)
		return CS_OK;
	if (!s->peer || s->peer_len != 65)
		return CS_BAD_PARAM;
	const EC_GROUP *group = EC_KEY_get0_group(c->key);
	EC_POINT *pub = EC_POINT_new(group);
	int ok = pub && EC_POINT_oct2point(group, pub, s->peer, 65, NULL) &&
		 EC_KEY_set_public_key(c->key, pub);
	EC_POINT_free(pub);
	if (!ok)
		return lib_error();
	if (s->op == CS_OP_SIGN) {
		BIGNUM *d = BN_bin2bn(s->key, 32, NULL);
		int ok = d && EC_KEY_set_private_key(c->key, d);
		BN_free(d);
		if (!ok)
			return lib_error();
	}
	return CS_OK;
}

static cs_status
ecdsa_run(void *ctx, const cs_io *io)
{
	ecdsa_ctx *c = ctx;
	uint8_t dgst[SHA256_DIGEST_LENGTH];
	if (c->op == CS_OP_KEYGEN) {
		if (!EC_KEY_generate_key(c->key) ||
		    EC_POINT_point2oct(EC_KEY_get0_group(c->key), EC_KEY_get0_public_key(c->key),
				       POINT_CONVERSION_UNCOMPRESSED, io->out, 65, NULL) != 65)
			return lib_error();
		return CS_OK;
	}
	SHA256(io->in, io->len, dgst);
	if (c->op == CS_OP_SIGN) {
		ECDSA_SIG *es = ECDSA_do_sign(dgst, sizeof dgst, c->key);
		if (!es)
			return lib_error();
		const BIGNUM *r, *s;
		ECDSA_SIG_get0(es, &r, &s);
		int ok = BN_bn2bin_padded(io->out, 32, r) && BN_bn2bin_padded(io->out + 32, 32, s);
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
	int v = ECDSA_do_verify(dgst, sizeof dgst, es, c->key);
	ECDSA_SIG_free(es);
	if (v == 1)
		return CS_OK;
	ERR_clear_error();
	return CS_MISMATCH;
}

static void
ecdsa_teardown(void *ctx)
{
	ecdsa_ctx *c = ctx;
	EC_KEY_free(c->key);
	c->key = NULL;
}

/* ---- RSA-2048 PKCS#1 v1.5 with SHA-256 ---- */

typedef struct rsa_ctx {
	cs_op op;
	RSA *rsa;
} rsa_ctx;

static cs_setup_fn rsa_setup;
static cs_run_fn rsa_run;
static cs_teardown_fn rsa_teardown;

static cs_status
rsa_setup(void *ctx, const cs_setup *s)
{
	rsa_ctx *c = ctx;
	if (s->op != CS_OP_SIGN && s->op != CS_OP_VERIFY)
		return CS_BAD_PARAM;
	c->op = s->op;
	c->rsa = s->op == CS_OP_SIGN ? RSA_private_key_from_bytes(s->key, s->key_len)
				     : RSA_public_key_from_bytes(s->peer, s->peer_len);
	if (!c->rsa)
		return lib_error();
	return RSA_size(c->rsa) == s->alg->out_len ? CS_OK : CS_BAD_PARAM;
}

static cs_status
rsa_run(void *ctx, const cs_io *io)
{
	rsa_ctx *c = ctx;
	uint8_t dgst[SHA256_DIGEST_LENGTH];
	SHA256(io->in, io->len, dgst);
	if (c->op == CS_OP_SIGN) {
		unsigned int n = 0;
		if (!RSA_sign(NID_sha256, dgst, sizeof dgst, io->out, &n, c->rsa))
			return lib_error();
		return n == 256 ? CS_OK : CS_LIB_ERROR;
	}
	if (RSA_verify(NID_sha256, dgst, sizeof dgst, io->sig, 256, c->rsa))
		return CS_OK;
	ERR_clear_error();
	return CS_MISMATCH;
}

static void
rsa_teardown(void *ctx)
{
	rsa_ctx *c = ctx;
	RSA_free(c->rsa);
	c->rsa = NULL;
}

/* ---- The table ---- */

/* What each family's impl runs. */
#define FIELDS_AEAD                                                                                \
	.context_size = sizeof(aead_ctx), .setup = aead_setup, .run = aead_run,                    \
	.teardown = aead_teardown, .describe = aead_describe
#define FIELDS_CBC                                                                                 \
	.context_size = sizeof(cbc_ctx), .setup = cbc_setup, .run = cbc_run,                       \
	.teardown = cbc_teardown
#define FIELDS_HASH                                                                                \
	.context_size = sizeof(md_ctx), .setup = md_setup, .run = md_run, .teardown = md_teardown
#define FIELDS_X25519 .context_size = sizeof(x25519_ctx), .setup = x25519_setup, .run = x25519_run
#define FIELDS_P256                                                                                \
	.context_size = sizeof(p256_ctx), .setup = p256_setup, .run = p256_run,                    \
	.teardown = p256_teardown
#define FIELDS_ED25519                                                                             \
	.context_size = sizeof(ed25519_ctx), .setup = ed25519_setup, .run = ed25519_run
#define FIELDS_ECDSA                                                                               \
	.context_size = sizeof(ecdsa_ctx), .setup = ecdsa_setup, .run = ecdsa_run,                 \
	.teardown = ecdsa_teardown, .flags = CS_IMPL_RANDOMIZED
#define FIELDS_RSA                                                                                 \
	.context_size = sizeof(rsa_ctx), .setup = rsa_setup, .run = rsa_run,                       \
	.teardown = rsa_teardown
#define FIELDS_HMAC                                                                                \
	.context_size = sizeof(hmac_ctx), .setup = hmac_setup, .run = hmac_run,                    \
	.teardown = hmac_teardown

/* Debian's BoringSSL (the Android SDK's) has neither: no mlkem.h, no
   mldsa.h, no Kyber (HRSS only). */
#define FIELDS_NO_PQ                                                                               \
	.why = "this BoringSSL (Debian's Android build) has no ML-KEM or ML-DSA (no mlkem.h, "     \
	       "mldsa.h: HRSS only)"

/* One impl per line. */
#define IMPL(id, family, arg)                                                                      \
	static const cs_impl id##_native = {                                                       \
		.alg = &cs_alg_##id,                                                               \
		.path = PATH,                                                                      \
		.ops = CS_ALG_OPS_##id,                                                            \
		FIELDS_##family,                                                                   \
	};
BORINGSSL_ALGS(IMPL)
#undef IMPL

#define IMPL_PTR(id, family, arg) &id##_native,
static const cs_impl *const boringssl_impls[] = {BORINGSSL_ALGS(IMPL_PTR) NULL};

/* ---- The adapter ---- */

static cs_version_fn boringssl_version;
static cs_build_info_fn boringssl_build_info;
static cs_init_fn boringssl_init;
static cs_mask_env_fn boringssl_mask_env;

static const char *
boringssl_version(void)
{
	/* BoringSSL has no release numbers; the API version of the headers
	   this worker was built with goes with the library's own name. */
	static char buf[64];
	snprintf(buf, sizeof buf, "%s (API %d)", OpenSSL_version(OPENSSL_VERSION),
		 BORINGSSL_API_VERSION);
	return buf;
}

static const char *
boringssl_build_info(void)
{
	static char buf[128];
	snprintf(buf, sizeof buf, "FIPS=%d; aes_hw=%d", FIPS_mode(), EVP_has_aes_hardware());
	return buf;
}

static cs_status
boringssl_init(void)
{
	/* Runs the CPU detection (and OPENSSL_ia32cap) before the first cell. */
	CRYPTO_library_init();
	return CS_OK;
}

/*
 * The masks as OPENSSL_ia32cap values (BoringSSL's crypto/cpu_intel.c reads
 * the variable as OpenSSL 1.1 does): both words cleared with "~", always
 * both. Word 1: AES-NI is bit 57, PCLMULQDQ bit 33. Word 2: SHA-NI is bit
 * 29, VAES bit 41, VPCLMULQDQ bit 42. SCALAR also clears the AVX and SSSE3
 * bits, which BoringSSL's ChaCha20 and SHA code test.
 */
static const char *const ia32cap[CS_MASK_COUNT] = {
	[CS_MASK_NO_SHA] = "~0x0:~0x20000000",
	[CS_MASK_NO_AES] = "~0x200000200000000:~0x60000000000",
	[CS_MASK_SCALAR] = "~0xffffffffffffffff:~0xffffffffffffffff",
};

static cs_status
boringssl_mask_env(cs_mask mask, const cs_cpu *cpu, char *name, size_t name_size, char *value,
		   size_t value_size)
{
	if (mask >= CS_MASK_COUNT || !ia32cap[mask])
		return CS_BAD_PARAM;
	/* On ARM BoringSSL reads no environment variable (getauxval only). */
	if (strcmp(cpu->arch, "x86_64") != 0)
		return CS_UNSUPPORTED;
	int n = snprintf(name, name_size, "OPENSSL_ia32cap");
	if (n < 0 || (size_t)n >= name_size)
		return CS_BAD_PARAM;
	n = snprintf(value, value_size, "%s", ia32cap[mask]);
	return n >= 0 && (size_t)n < value_size ? CS_OK : CS_BAD_PARAM;
}

static const char *const boringssl_paths[] = {PATH, NULL};
/* The android folder's libcrypto, never the system OpenSSL's. */
static const char *const boringssl_objects[] = {"android/libcrypto.so", NULL};

const cs_adapter cs_adapter_boringssl = {
	.abi = CS_ABI_VERSION,
	.name = "boringssl",
	.paths = boringssl_paths,
	.version = boringssl_version,
	.build_info = boringssl_build_info,
	.init = boringssl_init,
	.objects = boringssl_objects,
	.mask_env = boringssl_mask_env,
	.impls = boringssl_impls,
};
