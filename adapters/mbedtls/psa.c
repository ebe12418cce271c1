/*
 * mbedTLS path "psa": the PSA Crypto API (psa_crypto_init once, keys imported
 * into the key store in setup, one-shot psa_aead_* / psa_hash_compute,
 * multi-part psa_cipher_*, psa_raw_key_agreement, psa_generate_key).
 * Whether this build's PSA layer supports an algorithm is found by trying it
 * once (available()), never assumed from the version number.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mbedtls/version.h" /* first: pulls in the build configuration */

#include "mbedtls_impls.h"

#if defined(MBEDTLS_PSA_CRYPTO_C)
#include "psa/crypto.h"

/* How PSA names one catalogue algorithm. */
typedef struct psa_params {
	const cs_alg *alg;
	const char *label;   /* for messages */
	psa_key_type_t type; /* 0 = keyless (hash) */
	size_t bits;
	psa_algorithm_t psa_alg;
	psa_key_usage_t usage;
} psa_params;

/* A line's key type and usage (by its psa column), as PSA spells them. */
#define KEY_AES PSA_KEY_TYPE_AES
#define KEY_CHACHA20 PSA_KEY_TYPE_CHACHA20
#define KEY_MONTGOMERY PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_MONTGOMERY)
#define KEY_SECP_R1 PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_SECP_R1)
#define KEY_NONE 0
#define USAGE_AEAD (PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT)
#define USAGE_CBC PSA_KEY_USAGE_ENCRYPT
#define USAGE_HASH 0
#define USAGE_KEX PSA_KEY_USAGE_DERIVE

/* The descriptor of each line psa.c runs (AEAD, CBC, HASH, KEX). */
#define PARAMS_AEAD(id, label, type, bits, psa_alg)                                                \
	{&cs_alg_##id, label, KEY_##type, bits, PSA_ALG_##psa_alg, USAGE_AEAD},
#define PARAMS_CBC(id, label, type, bits, psa_alg)                                                 \
	{&cs_alg_##id, label, KEY_##type, bits, PSA_ALG_##psa_alg, USAGE_CBC},
#define PARAMS_HASH(id, label, type, bits, psa_alg)                                                \
	{&cs_alg_##id, label, KEY_##type, bits, PSA_ALG_##psa_alg, USAGE_HASH},
#define PARAMS_KEX(id, label, type, bits, psa_alg)                                                 \
	{&cs_alg_##id, label, KEY_##type, bits, PSA_ALG_##psa_alg, USAGE_KEX},
#define PARAMS_OWN(id, label, type, bits, psa_alg)
#define PARAMS_NONE(id, label, type, bits, psa_alg)
#define PARAMS_N(id, label, type, bits, psa_alg)
#define PARAMS(id, legacy, psa, label, type, bits, psa_alg)                                        \
	PARAMS_##psa(id, label, type, bits, psa_alg)
static const psa_params params[] = {CS_MBEDTLS_ALGS(PARAMS)};
#undef PARAMS
#define N_PARAMS (sizeof params / sizeof params[0])

static const psa_params *
params_for(const cs_alg *alg)
{
	for (size_t i = 0; i < N_PARAMS; i++)
		if (params[i].alg == alg)
			return &params[i];
	return NULL;
}

/* ---- psa_crypto_init, once ---- */

static int psa_state; /* 0 = not tried, 1 = initialised, -1 = failed */

void
cs_mbedtls_psa_init(void)
{
	if (psa_state == 0)
		psa_state = psa_crypto_init() == PSA_SUCCESS ? 1 : -1;
}

void
cs_mbedtls_psa_fini(void)
{
	if (psa_state == 1)
		mbedtls_psa_crypto_free();
	psa_state = 0;
}

/* PSA_ERROR_INVALID_SIGNATURE is a CS_MISMATCH only for AEAD open, which
   checks for it itself; here it is an error like any other. */
static cs_status
psa_to_cs(psa_status_t st)
{
	switch (st) {
	case PSA_SUCCESS: return CS_OK;
	case PSA_ERROR_NOT_SUPPORTED: return CS_UNSUPPORTED;
	case PSA_ERROR_INSUFFICIENT_MEMORY: return CS_NO_MEMORY;
	case PSA_ERROR_INVALID_ARGUMENT:
	case PSA_ERROR_BUFFER_TOO_SMALL: return CS_BAD_PARAM;
	default: return CS_LIB_ERROR;
	}
}

static psa_key_attributes_t
key_attributes(const psa_params *p)
{
	psa_key_attributes_t attr = psa_key_attributes_init();
	psa_set_key_type(&attr, p->type);
	psa_set_key_bits(&attr, p->bits);
	psa_set_key_usage_flags(&attr, p->usage);
	psa_set_key_algorithm(&attr, p->psa_alg);
	return attr;
}

/* ---- availability: try the algorithm once, remember the answer ---- */

typedef struct probe_result {
	int done, ok;
	char why[192];
} probe_result;

static probe_result probes[N_PARAMS];

/* One small operation of the algorithm's kind; *fn names the call that
   answered. Returns the first failing status or PSA_SUCCESS. */
static psa_status_t
probe_once(const psa_params *p, const char **fn)
{
	uint8_t key[32] = {0}, out[80], pub[80];
	size_t n = 0, publen = 0;
	mbedtls_svc_key_id_t id;
	psa_key_attributes_t attr = key_attributes(p);
	psa_status_t st;

	if (p->type == 0) {
		*fn = "psa_hash_compute";
		return psa_hash_compute(p->psa_alg, key, 0, out, sizeof out, &n);
	}
	if (PSA_KEY_TYPE_IS_ECC(p->type)) {
		*fn = "psa_generate_key";
		if ((st = psa_generate_key(&attr, &id)) != PSA_SUCCESS)
			return st;
		*fn = "psa_export_public_key";
		st = psa_export_public_key(id, pub, sizeof pub, &publen);
		if (st == PSA_SUCCESS) {
			*fn = "psa_raw_key_agreement";
			st = psa_raw_key_agreement(p->psa_alg, id, pub, publen, out, sizeof out,
						   &n);
		}
		psa_destroy_key(id);
		return st;
	}
	*fn = "psa_import_key";
	if ((st = psa_import_key(&attr, key, p->bits / 8, &id)) != PSA_SUCCESS)
		return st;
	if (PSA_ALG_IS_AEAD(p->psa_alg)) {
		*fn = "psa_aead_encrypt";
		st = psa_aead_encrypt(id, p->psa_alg, key, 12, NULL, 0, NULL, 0, out, sizeof out,
				      &n);
	} else {
		psa_cipher_operation_t op = psa_cipher_operation_init();
		*fn = "psa_cipher_encrypt_setup";
		st = psa_cipher_encrypt_setup(&op, id, p->psa_alg);
		psa_cipher_abort(&op);
	}
	psa_destroy_key(id);
	return st;
}

/* One small probe per algorithm, remembered. */
static cs_available_fn psa_available;

static int
psa_available(const cs_impl *self, const char **why)
{
	const psa_params *p = params_for(self->alg);
	if (!p) {
		*why = "no PSA algorithm for this catalogue entry";
		return 0;
	}
	probe_result *r = &probes[p - params];
	cs_mbedtls_psa_init();
	if (psa_state != 1)
		return 1; /* not a missing feature: setup reports the failed init */
	if (!r->done) {
		const char *fn = "?";
		psa_status_t st = probe_once(p, &fn);
		r->done = 1;
		/* Only "not supported" means unavailable; any other failure is
		   left for setup/run to report as an error. */
		r->ok = st != PSA_ERROR_NOT_SUPPORTED;
		if (!r->ok) {
			char ver[32] = MBEDTLS_VERSION_STRING;
#if defined(MBEDTLS_VERSION_C)
			mbedtls_version_get_string(ver);
#endif
			snprintf(r->why, sizeof r->why,
				 "mbedTLS %s PSA: %s returned PSA_ERROR_NOT_SUPPORTED for %s", ver,
				 fn, p->label);
		}
	}
	if (!r->ok)
		*why = r->why;
	return r->ok;
}

/* ---- one context for every PSA impl ---- */

typedef struct psa_ctx {
	const psa_params *p;
	cs_op op;
	int have_key;
	mbedtls_svc_key_id_t key;  /* AEAD/CIPHER key; KEX derive: our private key */
	psa_key_attributes_t attr; /* KEX keygen: what psa_generate_key makes */
	const uint8_t *peer;	   /* KEX derive: peer public key bytes */
	size_t peer_len, out_len, pub_len, nonce_len, tag_len;
	uint8_t *buf; /* AEAD: ciphertext||tag, max_len + tag_len bytes */
	size_t buf_size;
} psa_ctx;

static cs_setup_fn psa_setup;
static cs_teardown_fn psa_teardown;
static cs_run_fn aead_run, hash_run, cbc_run, kex_run;

static cs_status
psa_setup(void *ctx, const cs_setup *s)
{
	psa_ctx *c = ctx;
	c->p = params_for(s->alg);
	c->op = s->op;
	if (!c->p)
		return CS_BAD_PARAM;
	cs_mbedtls_psa_init();
	if (psa_state != 1)
		return CS_LIB_ERROR;
	c->attr = key_attributes(c->p);
	c->out_len = s->alg->out_len;
	c->pub_len = s->alg->pub_len;
	c->nonce_len = s->alg->nonce_len;
	c->tag_len = s->alg->tag_len;
	if (c->p->type == 0 || s->op == CS_OP_KEYGEN)
		return CS_OK;

	if (s->alg->kind == CS_AEAD) {
		c->buf_size = s->max_len + s->alg->tag_len;
		c->buf = malloc(c->buf_size);
		if (!c->buf)
			return CS_NO_MEMORY;
	}
	if (s->op == CS_OP_DERIVE) {
		c->peer = s->peer;
		c->peer_len = s->alg->pub_len;
	}
	/* X25519: RFC 7748 32-byte scalar (PSA clamps); P-256: big-endian. */
	psa_status_t st = psa_import_key(&c->attr, s->key, s->alg->key_len, &c->key);
	if (st != PSA_SUCCESS)
		return psa_to_cs(st);
	c->have_key = 1;
	return CS_OK;
}

static cs_status
aead_run(void *ctx, const cs_io *io)
{
	psa_ctx *c = ctx;
	size_t n = 0;
	psa_status_t st;
	if (io->len > c->buf_size - c->tag_len)
		return CS_BAD_PARAM;
	/*
	 * The one-shot PSA AEAD calls take and give ciphertext||tag in one
	 * buffer, while the workload keeps the tag apart: the copies below (tag
	 * out after seal, ciphertext and tag in before open) are part of what
	 * this API costs its callers.
	 */
	if (c->op == CS_OP_SEAL) {
		st = psa_aead_encrypt(c->key, c->p->psa_alg, io->nonce, c->nonce_len, io->aad,
				      io->aad_len, io->in, io->len, c->buf, c->buf_size, &n);
		if (st != PSA_SUCCESS)
			return psa_to_cs(st);
		if (n != io->len + c->tag_len)
			return CS_LIB_ERROR;
		memcpy(io->out, c->buf, io->len);
		memcpy(io->tag, c->buf + io->len, c->tag_len);
		return CS_OK;
	}
	memcpy(c->buf, io->in, io->len);
	memcpy(c->buf + io->len, io->tag, c->tag_len);
	st = psa_aead_decrypt(c->key, c->p->psa_alg, io->nonce, c->nonce_len, io->aad, io->aad_len,
			      c->buf, io->len + c->tag_len, io->out, io->len, &n);
	if (st == PSA_ERROR_INVALID_SIGNATURE)
		return CS_MISMATCH;
	if (st == PSA_SUCCESS && n != io->len)
		return CS_LIB_ERROR;
	return psa_to_cs(st);
}

static cs_status
hash_run(void *ctx, const cs_io *io)
{
	psa_ctx *c = ctx;
	size_t n = 0;
	psa_status_t st = psa_hash_compute(c->p->psa_alg, io->in, io->len, io->out, c->out_len, &n);
	if (st == PSA_SUCCESS && n != c->out_len)
		return CS_LIB_ERROR;
	return psa_to_cs(st);
}

/* Multi-part, because the one-shot psa_cipher_encrypt picks its own IV. */
static cs_status
cbc_run(void *ctx, const cs_io *io)
{
	psa_ctx *c = ctx;
	psa_cipher_operation_t op = psa_cipher_operation_init();
	size_t n = 0, m = 0;
	psa_status_t st = psa_cipher_encrypt_setup(&op, c->key, c->p->psa_alg);
	if (st == PSA_SUCCESS)
		st = psa_cipher_set_iv(&op, io->nonce, c->nonce_len);
	if (st == PSA_SUCCESS)
		st = psa_cipher_update(&op, io->in, io->len, io->out, io->len, &n);
	if (st == PSA_SUCCESS)
		st = psa_cipher_finish(&op, io->out + n, io->len - n, &m);
	if (st != PSA_SUCCESS) {
		psa_cipher_abort(&op);
		return psa_to_cs(st);
	}
	return n + m == io->len ? CS_OK : CS_LIB_ERROR;
}

static cs_status
kex_run(void *ctx, const cs_io *io)
{
	psa_ctx *c = ctx;
	size_t n = 0;
	psa_status_t st;
	if (c->op == CS_OP_DERIVE) {
		st = psa_raw_key_agreement(c->p->psa_alg, c->key, c->peer, c->peer_len, io->out,
					   c->out_len, &n);
		if (st == PSA_SUCCESS && n != c->out_len)
			return CS_LIB_ERROR;
	} else {
		/* A fresh pair lives in the key store: generate, export the
		   public half (X25519: 32 bytes; P-256: 04||X||Y), destroy. */
		mbedtls_svc_key_id_t id;
		st = psa_generate_key(&c->attr, &id);
		if (st != PSA_SUCCESS)
			return psa_to_cs(st);
		st = psa_export_public_key(id, io->out, c->pub_len, &n);
		psa_status_t dst = psa_destroy_key(id);
		if (st == PSA_SUCCESS)
			st = dst;
		if (st == PSA_SUCCESS && n != c->pub_len)
			return CS_LIB_ERROR;
	}
	return psa_to_cs(st);
}

static void
psa_teardown(void *ctx)
{
	psa_ctx *c = ctx;
	if (c->have_key)
		psa_destroy_key(c->key);
	c->have_key = 0;
	psa_reset_key_attributes(&c->attr);
	free(c->buf);
	c->buf = NULL;
}

#else /* !MBEDTLS_PSA_CRYPTO_C */

#define NO_PSA "mbedTLS built without MBEDTLS_PSA_CRYPTO_C"

void
cs_mbedtls_psa_init(void)
{
}

void
cs_mbedtls_psa_fini(void)
{
}

#endif

/* ---- the impls: one per AEAD, CBC, HASH and KEX line of CS_MBEDTLS_ALGS ---- */

#if defined(MBEDTLS_PSA_CRYPTO_C)
#define PSA_IMPL(id, run_fn)                                                                       \
	const cs_impl cs_mbedtls_psa_##id = {                                                      \
		.alg = &cs_alg_##id,                                                               \
		.path = "psa",                                                                     \
		.ops = CS_ALG_OPS_##id,                                                            \
		.context_size = sizeof(psa_ctx),                                                   \
		.available = psa_available,                                                        \
		.setup = psa_setup,                                                                \
		.run = run_fn,                                                                     \
		.teardown = psa_teardown,                                                          \
	};
#else
#define PSA_IMPL(id, run_fn)                                                                       \
	const cs_impl cs_mbedtls_psa_##id = {                                                      \
		.alg = &cs_alg_##id,                                                               \
		.path = "psa",                                                                     \
		.ops = CS_ALG_OPS_##id,                                                            \
		.why = NO_PSA,                                                                     \
	};
#endif

#define IMPL_AEAD(id) PSA_IMPL(id, aead_run)
#define IMPL_CBC(id) PSA_IMPL(id, cbc_run)
#define IMPL_HASH(id) PSA_IMPL(id, hash_run)
#define IMPL_KEX(id) PSA_IMPL(id, kex_run)
#define IMPL_OWN(id)
#define IMPL_NONE(id)
#define IMPL_N(id)
#define IMPL(id, legacy, psa, label, type, bits, psa_alg) IMPL_##psa(id)
CS_MBEDTLS_ALGS(IMPL)
