/*
 * GnuTLS adapter: its crypto API (gnutls/crypto.h, gnutls/abstract.h), path
 * "crypto".
 *
 *  AEAD    gnutls_aead_cipher_init once; per op gnutls_aead_cipher_encryptv2
 *          / decryptv2, the one call with the tag apart from the text. It
 *          works in place, so each op first copies its input to io->out
 *          (the copy is part of this API path's cost; the bare loop in
 *          bench/ does the same).
 *  CIPHER  AES-128-CBC: gnutls_cipher_init once; per op
 *          gnutls_cipher_set_iv + gnutls_cipher_encrypt2.
 *  HASH    gnutls_hash_init once; per op gnutls_hash + gnutls_hash_output
 *          (output resets the state for the next op).
 *  MAC     gnutls_hmac_init once (the key); per op gnutls_hmac +
 *          gnutls_hmac_output (resets, keeps the key).
 *  KEX     GnuTLS 3.7 exports no key-agreement call (ECDH runs only inside
 *          a TLS handshake): derive is unsupported; keygen is
 *          gnutls_privkey_generate2 + gnutls_privkey_export_ecc_raw2.
 *  SIG     gnutls_privkey_sign_data2 / gnutls_pubkey_verify_data2 with the
 *          keys imported raw (Ed25519, ECDSA: gnutls_*_import_ecc_raw; RSA:
 *          the DER RSAPrivateKey through gnutls_privkey_import_x509_raw, the
 *          RSAPublicKey's n and e through gnutls_pubkey_import_rsa_raw).
 *          ECDSA r||s <-> DER via gnutls_decode_rs_value / encode_rs_value;
 *          its k is random (CS_IMPL_RANDOMIZED). Each sign returns a
 *          signature GnuTLS allocated, freed in the op: the API's cost.
 *
 * Capability masks: GNUTLS_CPUID_OVERRIDE (x86-64) names the accelerations
 * GnuTLS's own code may use: no-aes and no-sha; scalar is unsupported (see
 * cpuid_override).
 */
#include <gnutls/abstract.h>
#include <gnutls/crypto.h>
#include <gnutls/gnutls.h>

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cpu.h"
#include "cryptospeed/adapter.h"
#include "gnutls_tls.h"

#define PATH "crypto"

/*
 * Every algorithm the adapter runs, one line each, in the catalogue's order:
 *
 *   X(id, family, arg)
 *
 * id      the catalogue's id (algs.def)
 * family  AEAD: gnutls_aead_cipher_*, arg the gnutls_cipher_algorithm_t;
 *         CBC: gnutls_cipher_*, arg the gnutls_cipher_algorithm_t;
 *         HASH: gnutls_hash_*, arg the gnutls_digest_algorithm_t;
 *         KEX: keygen only (see KEX_WHY), arg -;
 *         SIG: gnutls_privkey_sign_data / gnutls_pubkey_verify_data2, arg
 *         the impl's flags;
 *         MAC: gnutls_hmac_*, arg -
 *
 * An AEAD, a cipher or a hash GnuTLS has is one line here.
 */
#define GNUTLS_ALGS(X)                                                                             \
	X(aes_128_gcm, AEAD, GNUTLS_CIPHER_AES_128_GCM)                                            \
	X(aes_256_gcm, AEAD, GNUTLS_CIPHER_AES_256_GCM)                                            \
	X(chacha20_poly1305, AEAD, GNUTLS_CIPHER_CHACHA20_POLY1305)                                \
	X(aes_128_cbc, CBC, GNUTLS_CIPHER_AES_128_CBC)                                             \
	X(sha1, HASH, GNUTLS_DIG_SHA1)                                                             \
	X(sha256, HASH, GNUTLS_DIG_SHA256)                                                         \
	X(sha512, HASH, GNUTLS_DIG_SHA512)                                                         \
	X(x25519, KEX, -)                                                                          \
	X(p256, KEX, -)                                                                            \
	X(ed25519, SIG, 0)                                                                         \
	X(ecdsa_p256, SIG, CS_IMPL_RANDOMIZED)                                                     \
	X(rsa_2048, SIG, 0)                                                                        \
	X(hmac_sha256, MAC, -)                                                                     \
	X(ml_kem_768, NONE, "GnuTLS 3.7 has no ML-KEM")                                            \
	X(ml_dsa_65, NONE, "GnuTLS 3.7 has no ML-DSA")                                             \
	/* a new line goes above this one */

/* The cipher (AEAD, CBC) or digest (HASH) of each line that has one. */
typedef struct arg_line {
	const cs_alg *alg; /* the catalogue's algorithm */
	int arg;	   /* its gnutls_cipher_algorithm_t or gnutls_digest_algorithm_t */
} arg_line;

#define ARG_LINE_AEAD(id, arg) {&cs_alg_##id, arg},
#define ARG_LINE_CBC(id, arg) {&cs_alg_##id, arg},
#define ARG_LINE_HASH(id, arg) {&cs_alg_##id, arg},
#define ARG_LINE_KEX(id, arg)
#define ARG_LINE_SIG(id, arg)
#define ARG_LINE_MAC(id, arg)
#define ARG_LINE_NONE(id, arg)
#define ARG_LINE(id, family, arg) ARG_LINE_##family(id, arg)
static const arg_line arg_lines[] = {GNUTLS_ALGS(ARG_LINE){.alg = NULL}};

/* The table's arg for alg, or 0 (GNUTLS_CIPHER_UNKNOWN, GNUTLS_DIG_UNKNOWN). */
static int
arg_of(const cs_alg *alg)
{
	for (const arg_line *l = arg_lines; l->alg; l++)
		if (l->alg == alg)
			return l->arg;
	return 0;
}

/* A GnuTLS return code (0 or a negative GNUTLS_E_*) as a cs_status. */
static cs_status
gt_status(int ret)
{
	switch (ret) {
	case 0: return CS_OK;
	case GNUTLS_E_MEMORY_ERROR: return CS_NO_MEMORY;
	case GNUTLS_E_UNKNOWN_CIPHER_TYPE:
	case GNUTLS_E_UNKNOWN_HASH_ALGORITHM:
	case GNUTLS_E_UNKNOWN_PK_ALGORITHM:
	case GNUTLS_E_UNSUPPORTED_SIGNATURE_ALGORITHM:
	case GNUTLS_E_ECC_UNSUPPORTED_CURVE: return CS_UNSUPPORTED;
	case GNUTLS_E_INVALID_REQUEST: return CS_BAD_PARAM;
	default: return CS_LIB_ERROR;
	}
}

/* ---- AEAD ---- */

typedef struct aead_ctx {
	gnutls_aead_cipher_hd_t h;
	cs_op op;
	size_t nonce_len, tag_len;
} aead_ctx;

static cs_setup_fn aead_setup;
static cs_run_fn aead_run;
static cs_teardown_fn aead_teardown;

/* The GnuTLS cipher of an algorithm of the catalogue. */
static gnutls_cipher_algorithm_t
cipher_of(const cs_alg *alg)
{
	return (gnutls_cipher_algorithm_t)arg_of(alg);
}

static cs_status
aead_setup(void *ctx, const cs_setup *s)
{
	aead_ctx *c = ctx;
	gnutls_cipher_algorithm_t alg = cipher_of(s->alg);
	if (alg == GNUTLS_CIPHER_UNKNOWN || (s->op != CS_OP_SEAL && s->op != CS_OP_OPEN) ||
	    gnutls_cipher_get_key_size(alg) != s->alg->key_len ||
	    gnutls_cipher_get_iv_size(alg) != s->alg->nonce_len ||
	    gnutls_cipher_get_tag_size(alg) != s->alg->tag_len)
		return CS_BAD_PARAM;
	c->op = s->op;
	c->nonce_len = s->alg->nonce_len;
	c->tag_len = s->alg->tag_len;
	gnutls_datum_t key = {.data = (unsigned char *)s->key, .size = (unsigned)s->alg->key_len};
	return gt_status(gnutls_aead_cipher_init(&c->h, alg, &key));
}

static cs_status
aead_run(void *ctx, const cs_io *io)
{
	aead_ctx *c = ctx;
	giovec_t aad = {.iov_base = (void *)io->aad, .iov_len = io->aad_len};
	giovec_t text = {.iov_base = io->out, .iov_len = io->len};
	if (io->len)
		memcpy(io->out, io->in, io->len);
	if (c->op == CS_OP_SEAL) {
		size_t tag_len = c->tag_len;
		int ret = gnutls_aead_cipher_encryptv2(c->h, io->nonce, c->nonce_len, &aad, 1,
						       &text, 1, io->tag, &tag_len);
		if (ret < 0)
			return gt_status(ret);
		return tag_len == c->tag_len ? CS_OK : CS_LIB_ERROR;
	}
	int ret = gnutls_aead_cipher_decryptv2(c->h, io->nonce, c->nonce_len, &aad, 1, &text, 1,
					       io->tag, c->tag_len);
	if (ret == GNUTLS_E_DECRYPTION_FAILED)
		return CS_MISMATCH;
	return ret < 0 ? gt_status(ret) : CS_OK;
}

static void
aead_teardown(void *ctx)
{
	aead_ctx *c = ctx;
	if (c->h)
		gnutls_aead_cipher_deinit(c->h);
	c->h = NULL;
}

/* ---- AES-128-CBC ---- */

typedef struct cbc_ctx {
	gnutls_cipher_hd_t h;
} cbc_ctx;

static cs_setup_fn cbc_setup;
static cs_run_fn cbc_run;
static cs_teardown_fn cbc_teardown;

static cs_status
cbc_setup(void *ctx, const cs_setup *s)
{
	cbc_ctx *c = ctx;
	if (s->op != CS_OP_ENCRYPT || s->alg->nonce_len != 16)
		return CS_BAD_PARAM;
	uint8_t zero[16] = {0};
	gnutls_datum_t key = {.data = (unsigned char *)s->key, .size = (unsigned)s->alg->key_len};
	gnutls_datum_t iv = {.data = zero, .size = sizeof zero};
	return gt_status(gnutls_cipher_init(&c->h, cipher_of(s->alg), &key, &iv));
}

static cs_status
cbc_run(void *ctx, const cs_io *io)
{
	cbc_ctx *c = ctx;
	/* Each op is a CBC encryption of its own, from io->nonce. */
	gnutls_cipher_set_iv(c->h, (void *)io->nonce, 16);
	return gt_status(gnutls_cipher_encrypt2(c->h, io->in, io->len, io->out, io->len));
}

static void
cbc_teardown(void *ctx)
{
	cbc_ctx *c = ctx;
	if (c->h)
		gnutls_cipher_deinit(c->h);
	c->h = NULL;
}

/* ---- Hashes ---- */

typedef struct hash_ctx {
	gnutls_hash_hd_t h;
} hash_ctx;

static cs_setup_fn hash_setup;
static cs_run_fn hash_run;
static cs_teardown_fn hash_teardown;

static cs_status
hash_setup(void *ctx, const cs_setup *s)
{
	hash_ctx *c = ctx;
	gnutls_digest_algorithm_t alg = (gnutls_digest_algorithm_t)arg_of(s->alg);
	if (s->op != CS_OP_DIGEST || alg == GNUTLS_DIG_UNKNOWN ||
	    gnutls_hash_get_len(alg) != s->alg->out_len)
		return CS_BAD_PARAM;
	return gt_status(gnutls_hash_init(&c->h, alg));
}

static cs_status
hash_run(void *ctx, const cs_io *io)
{
	hash_ctx *c = ctx;
	int ret = gnutls_hash(c->h, io->in, io->len);
	if (ret < 0)
		return gt_status(ret);
	gnutls_hash_output(c->h, io->out);
	return CS_OK;
}

static void
hash_teardown(void *ctx)
{
	hash_ctx *c = ctx;
	if (c->h)
		gnutls_hash_deinit(c->h, NULL);
	c->h = NULL;
}

/* ---- HMAC-SHA256 ---- */

typedef struct hmac_ctx {
	gnutls_hmac_hd_t h;
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
	return gt_status(gnutls_hmac_init(&c->h, GNUTLS_MAC_SHA256, s->key, s->key_len));
}

static cs_status
hmac_run(void *ctx, const cs_io *io)
{
	hmac_ctx *c = ctx;
	int ret = gnutls_hmac(c->h, io->in, io->len);
	if (ret < 0)
		return gt_status(ret);
	gnutls_hmac_output(c->h, io->out);
	return CS_OK;
}

static void
hmac_teardown(void *ctx)
{
	hmac_ctx *c = ctx;
	if (c->h)
		gnutls_hmac_deinit(c->h, NULL);
	c->h = NULL;
}

/* ---- Key generation (X25519, P-256, Ed25519, ECDSA P-256) ---- */

/* Copy a big-endian integer GnuTLS exported (no leading zeros) right-aligned
   into n bytes. */
static bool
put_padded(uint8_t *dst, size_t n, const gnutls_datum_t *d)
{
	if (d->size > n)
		return false;
	memset(dst, 0, n - d->size);
	memcpy(dst + (n - d->size), d->data, d->size);
	return true;
}

/* A fresh key pair of `pk` on `curve`; its public key to out (X25519,
   Ed25519: 32 bytes; P-256: 04||X||Y). */
static cs_status
keygen(gnutls_pk_algorithm_t pk, gnutls_ecc_curve_t curve, uint8_t *out)
{
	gnutls_privkey_t key = NULL;
	gnutls_datum_t x = {0}, y = {0};
	int ret = gnutls_privkey_init(&key);
	if (ret == 0)
		ret = gnutls_privkey_generate2(key, pk, GNUTLS_CURVE_TO_BITS(curve), 0, NULL, 0);
	if (ret == 0)
		ret = gnutls_privkey_export_ecc_raw2(key, NULL, &x,
						     pk == GNUTLS_PK_ECDSA ? &y : NULL, NULL,
						     GNUTLS_EXPORT_FLAG_NO_LZ);
	cs_status st = gt_status(ret);
	if (st == CS_OK) {
		if (pk == GNUTLS_PK_ECDSA) {
			out[0] = 0x04;
			if (!put_padded(out + 1, 32, &x) || !put_padded(out + 33, 32, &y))
				st = CS_LIB_ERROR;
		} else if (x.size == 32) {
			memcpy(out, x.data, 32);
		} else {
			st = CS_LIB_ERROR;
		}
	}
	gnutls_free(x.data);
	gnutls_free(y.data);
	gnutls_privkey_deinit(key);
	return st;
}

typedef struct kex_ctx {
	gnutls_pk_algorithm_t pk;
	gnutls_ecc_curve_t curve;
} kex_ctx;

static cs_setup_fn kex_setup;
static cs_run_fn kex_run;

static cs_status
kex_setup(void *ctx, const cs_setup *s)
{
	kex_ctx *c = ctx;
	if (s->op != CS_OP_KEYGEN)
		return CS_BAD_PARAM;
	if (s->alg == &cs_alg_x25519) {
		c->pk = GNUTLS_PK_ECDH_X25519;
		c->curve = GNUTLS_ECC_CURVE_X25519;
	} else if (s->alg == &cs_alg_p256) {
		c->pk = GNUTLS_PK_ECDSA; /* GnuTLS's EC keys serve ECDSA and ECDH */
		c->curve = GNUTLS_ECC_CURVE_SECP256R1;
	} else {
		return CS_BAD_PARAM;
	}
	return CS_OK;
}

static cs_status
kex_run(void *ctx, const cs_io *io)
{
	kex_ctx *c = ctx;
	return keygen(c->pk, c->curve, io->out);
}

/* ---- Signatures: Ed25519, ECDSA P-256, RSA-2048 ---- */

typedef struct sig_ctx {
	cs_op op;
	const cs_alg *alg;
	gnutls_sign_algorithm_t sign;
	gnutls_privkey_t priv;
	gnutls_pubkey_t pub;
} sig_ctx;

static cs_setup_fn sig_setup;
static cs_run_fn sig_run;
static cs_teardown_fn sig_teardown;

/* One DER element (tag, definite length) at *p within end: its contents. */
static bool
der_next(const uint8_t **p, const uint8_t *end, uint8_t tag, gnutls_datum_t *content)
{
	const uint8_t *q = *p;
	if (end - q < 2 || q[0] != tag)
		return false;
	size_t len = q[1];
	q += 2;
	if (len & 0x80) {
		size_t n = len & 0x7f;
		if (n == 0 || n > 3 || (size_t)(end - q) < n)
			return false;
		len = 0;
		for (size_t i = 0; i < n; i++)
			len = len << 8 | *q++;
	}
	if ((size_t)(end - q) < len)
		return false;
	content->data = (unsigned char *)q;
	content->size = (unsigned)len;
	*p = q + len;
	return true;
}

/* RSAPublicKey ::= SEQUENCE { modulus INTEGER, publicExponent INTEGER }
   (RFC 8017 A.1.1), as n and e for gnutls_pubkey_import_rsa_raw. */
static cs_status
import_rsa_public(gnutls_pubkey_t pub, const uint8_t *der, size_t len)
{
	gnutls_datum_t seq, n, e;
	const uint8_t *p = der;
	if (!der_next(&p, der + len, 0x30, &seq) || p != der + len)
		return CS_BAD_PARAM;
	p = seq.data;
	const uint8_t *end = seq.data + seq.size;
	if (!der_next(&p, end, 0x02, &n) || !der_next(&p, end, 0x02, &e) || p != end)
		return CS_BAD_PARAM;
	return gt_status(gnutls_pubkey_import_rsa_raw(pub, &n, &e));
}

static cs_status
sig_setup(void *ctx, const cs_setup *s)
{
	sig_ctx *c = ctx;
	int ret;
	c->op = s->op;
	c->alg = s->alg;
	if (s->op == CS_OP_KEYGEN)
		return s->alg == &cs_alg_rsa_2048 ? CS_BAD_PARAM : CS_OK;
	if (s->op != CS_OP_SIGN && s->op != CS_OP_VERIFY)
		return CS_BAD_PARAM;
	if (s->op == CS_OP_SIGN && (ret = gnutls_privkey_init(&c->priv)) < 0)
		return gt_status(ret);
	if (s->op == CS_OP_VERIFY && (ret = gnutls_pubkey_init(&c->pub)) < 0)
		return gt_status(ret);

	if (s->alg == &cs_alg_rsa_2048) {
		c->sign = GNUTLS_SIGN_RSA_SHA256;
		if (s->op == CS_OP_VERIFY)
			return import_rsa_public(c->pub, s->peer, s->peer_len);
		gnutls_datum_t der = {.data = (unsigned char *)s->key,
				      .size = (unsigned)s->key_len};
		return gt_status(gnutls_privkey_import_x509_raw(c->priv, &der, GNUTLS_X509_FMT_DER,
								NULL, 0));
	}

	gnutls_ecc_curve_t curve;
	gnutls_datum_t x, y, k = {.data = (unsigned char *)s->key, .size = 32};
	if (s->alg == &cs_alg_ed25519) {
		if (s->peer_len != 32)
			return CS_BAD_PARAM;
		c->sign = GNUTLS_SIGN_EDDSA_ED25519;
		curve = GNUTLS_ECC_CURVE_ED25519;
		x = (gnutls_datum_t){.data = (unsigned char *)s->peer, .size = 32};
	} else if (s->alg == &cs_alg_ecdsa_p256) {
		if (s->peer_len != 65 || s->peer[0] != 0x04)
			return CS_BAD_PARAM;
		c->sign = GNUTLS_SIGN_ECDSA_SHA256;
		curve = GNUTLS_ECC_CURVE_SECP256R1;
		x = (gnutls_datum_t){.data = (unsigned char *)s->peer + 1, .size = 32};
		y = (gnutls_datum_t){.data = (unsigned char *)s->peer + 33, .size = 32};
	} else {
		return CS_BAD_PARAM;
	}
	const gnutls_datum_t *py = curve == GNUTLS_ECC_CURVE_ED25519 ? NULL : &y;
	if (s->op == CS_OP_VERIFY)
		return gt_status(gnutls_pubkey_import_ecc_raw(c->pub, curve, &x, py));
	if (!s->key || s->key_len != 32)
		return CS_BAD_PARAM;
	return gt_status(gnutls_privkey_import_ecc_raw(c->priv, curve, &x, py, &k));
}

/* An ECDSA signature, DER (what GnuTLS signs and verifies) to r||s. */
static cs_status
ecdsa_der_to_rs(const gnutls_datum_t *der, uint8_t *out)
{
	gnutls_datum_t r = {0}, s = {0};
	cs_status st = gt_status(gnutls_decode_rs_value(der, &r, &s));
	/* The values as DER holds them: a leading zero keeps them positive. */
	gnutls_datum_t rv = r, sv = s;
	while (rv.size > 32 && rv.data[0] == 0)
		rv.data++, rv.size--;
	while (sv.size > 32 && sv.data[0] == 0)
		sv.data++, sv.size--;
	if (st == CS_OK && (!put_padded(out, 32, &rv) || !put_padded(out + 32, 32, &sv)))
		st = CS_LIB_ERROR;
	gnutls_free(r.data);
	gnutls_free(s.data);
	return st;
}

static cs_status
sig_run(void *ctx, const cs_io *io)
{
	sig_ctx *c = ctx;
	gnutls_datum_t data = {.data = (unsigned char *)io->in, .size = (unsigned)io->len};
	if (c->op == CS_OP_KEYGEN)
		return c->alg == &cs_alg_ed25519
			       ? keygen(GNUTLS_PK_EDDSA_ED25519, GNUTLS_ECC_CURVE_ED25519, io->out)
			       : keygen(GNUTLS_PK_ECDSA, GNUTLS_ECC_CURVE_SECP256R1, io->out);
	if (c->op == CS_OP_SIGN) {
		gnutls_datum_t sig = {0};
		int ret = gnutls_privkey_sign_data2(c->priv, c->sign, 0, &data, &sig);
		if (ret < 0)
			return gt_status(ret);
		cs_status st = CS_OK;
		if (c->sign == GNUTLS_SIGN_ECDSA_SHA256)
			st = ecdsa_der_to_rs(&sig, io->out);
		else if (sig.size == c->alg->out_len)
			memcpy(io->out, sig.data, sig.size);
		else
			st = CS_LIB_ERROR;
		gnutls_free(sig.data);
		return st;
	}
	gnutls_datum_t sig = {.data = (unsigned char *)io->sig, .size = (unsigned)c->alg->out_len};
	gnutls_datum_t der = {0};
	if (c->sign == GNUTLS_SIGN_ECDSA_SHA256) {
		gnutls_datum_t r = {.data = (unsigned char *)io->sig, .size = 32};
		gnutls_datum_t s = {.data = (unsigned char *)io->sig + 32, .size = 32};
		int ret = gnutls_encode_rs_value(&der, &r, &s);
		if (ret < 0)
			return gt_status(ret);
		sig = der;
	}
	int ret = gnutls_pubkey_verify_data2(c->pub, c->sign, 0, &data, &sig);
	gnutls_free(der.data);
	if (ret >= 0)
		return CS_OK;
	return ret == GNUTLS_E_PK_SIG_VERIFY_FAILED ? CS_MISMATCH : gt_status(ret);
}

static void
sig_teardown(void *ctx)
{
	sig_ctx *c = ctx;
	if (c->priv)
		gnutls_privkey_deinit(c->priv);
	if (c->pub)
		gnutls_pubkey_deinit(c->pub);
	c->priv = NULL;
	c->pub = NULL;
}

/* ---- The table ---- */

#define KEX_WHY                                                                                    \
	"no derive: GnuTLS 3.7 exports no key-agreement call (ECDH runs only inside its TLS "      \
	"handshake)"

/* What each family's impl runs. */
#define FIELDS_AEAD(id, arg)                                                                       \
	.ops = CS_ALG_OPS_##id, .context_size = sizeof(aead_ctx), .setup = aead_setup,             \
	.run = aead_run, .teardown = aead_teardown
#define FIELDS_CBC(id, arg)                                                                        \
	.ops = CS_ALG_OPS_##id, .context_size = sizeof(cbc_ctx), .setup = cbc_setup,               \
	.run = cbc_run, .teardown = cbc_teardown
#define FIELDS_HASH(id, arg)                                                                       \
	.ops = CS_ALG_OPS_##id, .context_size = sizeof(hash_ctx), .setup = hash_setup,             \
	.run = hash_run, .teardown = hash_teardown
#define FIELDS_KEX(id, arg)                                                                        \
	.ops = CS_OPBIT(CS_OP_KEYGEN), .context_size = sizeof(kex_ctx), .setup = kex_setup,        \
	.run = kex_run, .why = KEX_WHY
#define FIELDS_SIG(id, arg)                                                                        \
	.ops = CS_ALG_OPS_##id, .context_size = sizeof(sig_ctx), .setup = sig_setup,               \
	.run = sig_run, .teardown = sig_teardown, .flags = (arg)
#define FIELDS_MAC(id, arg)                                                                        \
	.ops = CS_ALG_OPS_##id, .context_size = sizeof(hmac_ctx), .setup = hmac_setup,             \
	.run = hmac_run, .teardown = hmac_teardown

#define FIELDS_NONE(id, arg) .ops = CS_ALG_OPS_##id, .why = (arg)

/* One impl per line. */
#define IMPL(id, family, arg)                                                                      \
	static const cs_impl id##_crypto = {                                                       \
		.alg = &cs_alg_##id,                                                               \
		.path = PATH,                                                                      \
		FIELDS_##family(id, arg),                                                          \
	};
GNUTLS_ALGS(IMPL)
#undef IMPL

#define IMPL_PTR(id, family, arg) &id##_crypto,
#define TLS_PTR(id) &cs_gnutls_##id##_tls,
static const cs_impl *const gnutls_impls[] = {GNUTLS_ALGS(IMPL_PTR) GNUTLS_TLS(TLS_PTR) NULL};
#undef TLS_PTR

/* ---- The adapter ---- */

static cs_version_fn gnutls_version;
static cs_init_fn gnutls_adapter_init;
static cs_fini_fn gnutls_adapter_fini;

static const char *
gnutls_version(void)
{
	static char buf[64];
	snprintf(buf, sizeof buf, "GnuTLS %s", gnutls_check_version(NULL));
	return buf;
}

static cs_status
gnutls_adapter_init(void)
{
	return gnutls_global_init() == 0 ? CS_OK : CS_LIB_ERROR;
}

static void
gnutls_adapter_fini(void)
{
	gnutls_global_deinit();
}

/*
 * GNUTLS_CPUID_OVERRIDE (lib/accelerated/x86): 0x1 turns every detected
 * acceleration off; otherwise the value is the set GnuTLS may use, each
 * still checked against the CPU: 0x2 AES-NI, 0x4 SSSE3, 0x8 PCLMUL, 0x10
 * AVX, 0x20 SHA-NI. no-aes keeps SSSE3, AVX and SHA-NI (GnuTLS then runs
 * its own SSSE3 AES); no-sha keeps AES-NI, SSSE3, PCLMUL and AVX (its SSSE3
 * SHA). Scalar has no value: with 0x1 GnuTLS falls back to Nettle, whose own
 * dispatch (NETTLE_FAT_OVERRIDE, a second variable) still picks AES-NI and
 * SHA-NI, as measured here; one variable cannot make GnuTLS scalar.
 */
static const char *const cpuid_override[CS_MASK_COUNT] = {
	[CS_MASK_NO_SHA] = "0x1e",
	[CS_MASK_NO_AES] = "0x34",
};

static cs_mask_env_fn gnutls_mask_env;

static cs_status
gnutls_mask_env(cs_mask mask, const cs_cpu *cpu, char *name, size_t name_size, char *value,
		size_t value_size)
{
	if (mask == CS_MASK_SCALAR)
		return CS_UNSUPPORTED;
	if (mask >= CS_MASK_COUNT || !cpuid_override[mask])
		return CS_BAD_PARAM;
	if (strcmp(cpu->arch, "x86_64") != 0)
		return CS_UNSUPPORTED;
	int n = snprintf(name, name_size, "GNUTLS_CPUID_OVERRIDE");
	if (n < 0 || (size_t)n >= name_size)
		return CS_BAD_PARAM;
	n = snprintf(value, value_size, "%s", cpuid_override[mask]);
	return n >= 0 && (size_t)n < value_size ? CS_OK : CS_BAD_PARAM;
}

static const char *const gnutls_paths[] = {PATH, "tls", NULL};
/* GnuTLS's own accelerated code, and Nettle's (its fallback and its
   public-key arithmetic, with GMP). */
static const char *const gnutls_objects[] = {"libgnutls", "libnettle", "libhogweed", "libgmp",
					     NULL};

const cs_adapter cs_adapter_gnutls = {
	.abi = CS_ABI_VERSION,
	.name = "gnutls",
	.paths = gnutls_paths,
	.version = gnutls_version,
	.init = gnutls_adapter_init,
	.fini = gnutls_adapter_fini,
	.objects = gnutls_objects,
	.mask_env = gnutls_mask_env,
	.impls = gnutls_impls,
};
