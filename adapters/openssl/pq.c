/*
 * ML-KEM-768 (FIPS 203) and ML-DSA-65 (FIPS 204) through EVP_PKEY, OpenSSL
 * 3.5 and later, on the fetch path (EVP_PKEY_CTX_new_from_name and the
 * fetched EVP_SIGNATURE: OpenSSL has no implicit EVP object for either, so
 * the evp and oneshot paths are unsupported with why).
 *
 * Known answers (adapter.h): a keygen with io->nonce derives the key pair
 * from that seed (OSSL_PKEY_PARAM_ML_KEM_SEED / ML_DSA_SEED); an encaps with
 * io->nonce uses it as m ("ikme", one-shot); a sign with io->nonce uses it as
 * rnd ("test-entropy"). Timed cells pass NULL: OpenSSL draws the randomness.
 */
#include <string.h>

#include <openssl/evp.h>

#include "openssl_impls.h"

#if CS_OPENSSL_3 && OPENSSL_VERSION_NUMBER >= 0x30500000L
#define CS_OPENSSL_PQ 1
/* 3.0 and later only (1.1.1 has neither header) */
#include <openssl/core_names.h>
#include <openssl/provider.h>
#else
#define CS_OPENSSL_PQ 0
#endif

#define PQ_NEEDS                                                                                   \
	"needs OpenSSL 3.5 (ML-KEM, ML-DSA); this worker is built with " OPENSSL_VERSION_TEXT
#define PQ_FETCH_ONLY "OpenSSL has no implicit EVP object for ML-KEM or ML-DSA: see the fetch path"

#if CS_OPENSSL_PQ

/* One cell's objects. */
typedef struct pq_ctx {
	EVP_PKEY *key;	    /* decaps, sign: from the seed; encaps, verify: public */
	EVP_PKEY_CTX *pctx; /* keygen, encaps, decaps, sign, verify context */
	EVP_SIGNATURE *sig; /* ML-DSA: the fetched signature */
	const char *name;   /* "ML-KEM-768", "ML-DSA-65" */
	const cs_alg *alg;  /* what is measured */
	cs_op op;	    /* what run does */
} pq_ctx;

static const char *
pq_name(const cs_alg *alg)
{
	const char *keymgmt, *other;
	cs_openssl_sig_names(alg, &keymgmt, &other);
	return keymgmt;
}

/* A key pair from its seed (d||z, or xi), as a keygen with the seed param. */
static EVP_PKEY *
pq_from_seed(const char *name, const cs_alg *alg, const uint8_t *seed, size_t len)
{
	EVP_PKEY *key = NULL;
	EVP_PKEY_CTX *g = EVP_PKEY_CTX_new_from_name(NULL, name, NULL);
	OSSL_PARAM p[] = {
		OSSL_PARAM_octet_string(alg->kind == CS_KEM ? OSSL_PKEY_PARAM_ML_KEM_SEED
							    : OSSL_PKEY_PARAM_ML_DSA_SEED,
					(void *)seed, len),
		OSSL_PARAM_END,
	};
	if (!g || EVP_PKEY_keygen_init(g) <= 0 || EVP_PKEY_CTX_set_params(g, p) <= 0 ||
	    EVP_PKEY_generate(g, &key) <= 0)
		key = NULL;
	EVP_PKEY_CTX_free(g);
	return key;
}

static cs_status
pq_setup(void *vctx, const cs_setup *s)
{
	pq_ctx *c = vctx;
	const cs_alg *alg = s->alg;
	c->alg = alg;
	c->op = s->op;
	c->name = pq_name(alg);
	int ok = 0;
	switch (s->op) {
	case CS_OP_KEYGEN:
		c->pctx = EVP_PKEY_CTX_new_from_name(NULL, c->name, NULL);
		ok = c->pctx && EVP_PKEY_keygen_init(c->pctx) > 0;
		break;
	case CS_OP_ENCAPS:
	case CS_OP_VERIFY:
		c->key = s->peer ? EVP_PKEY_new_raw_public_key_ex(NULL, c->name, NULL, s->peer,
								  s->peer_len)
				 : NULL;
		break;
	case CS_OP_DECAPS:
	case CS_OP_SIGN:
		c->key = s->key ? pq_from_seed(c->name, alg, s->key, s->key_len) : NULL;
		break;
	default: return CS_UNSUPPORTED;
	}
	if (s->op != CS_OP_KEYGEN) {
		c->pctx = c->key ? EVP_PKEY_CTX_new_from_pkey(NULL, c->key, NULL) : NULL;
		if (alg->kind == CS_SIG)
			c->sig = EVP_SIGNATURE_fetch(NULL, c->name, NULL);
		if (!c->pctx)
			ok = 0;
		else if (s->op == CS_OP_ENCAPS)
			ok = EVP_PKEY_encapsulate_init(c->pctx, NULL) > 0;
		else if (s->op == CS_OP_DECAPS)
			ok = EVP_PKEY_decapsulate_init(c->pctx, NULL) > 0;
		else if (s->op == CS_OP_SIGN)
			ok = c->sig && EVP_PKEY_sign_message_init(c->pctx, c->sig, NULL) > 0;
		else
			ok = c->sig && EVP_PKEY_verify_message_init(c->pctx, c->sig, NULL) > 0;
	}
	return ok ? CS_OK : cs_openssl_lib_error();
}

static cs_status
pq_run(void *vctx, const cs_io *io)
{
	pq_ctx *c = vctx;
	const cs_alg *alg = c->alg;
	size_t n;
	int r;
	switch (c->op) {
	case CS_OP_KEYGEN: {
		EVP_PKEY *key = NULL;
		if (io->nonce) {
			key = pq_from_seed(c->name, alg, io->nonce, alg->key_len);
		} else if (EVP_PKEY_generate(c->pctx, &key) <= 0) {
			key = NULL;
		}
		n = alg->pub_len;
		r = key && EVP_PKEY_get_raw_public_key(key, io->out, &n) > 0 && n == alg->pub_len;
		EVP_PKEY_free(key);
		return r ? CS_OK : cs_openssl_lib_error();
	}
	case CS_OP_ENCAPS: {
		size_t ss = alg->out_len;
		n = alg->ct_len;
		if (io->nonce) {
			OSSL_PARAM p[] = {
				OSSL_PARAM_octet_string(OSSL_KEM_PARAM_IKME, (void *)io->nonce,
							alg->nonce_len),
				OSSL_PARAM_END,
			};
			if (EVP_PKEY_CTX_set_params(c->pctx, p) <= 0)
				return cs_openssl_lib_error();
		}
		r = EVP_PKEY_encapsulate(c->pctx, io->out, &n, io->out + alg->ct_len, &ss) > 0 &&
		    n == alg->ct_len && ss == alg->out_len;
		return r ? CS_OK : cs_openssl_lib_error();
	}
	case CS_OP_DECAPS:
		n = alg->out_len;
		r = EVP_PKEY_decapsulate(c->pctx, io->out, &n, io->in, alg->ct_len) > 0 &&
		    n == alg->out_len;
		return r ? CS_OK : cs_openssl_lib_error();
	case CS_OP_SIGN:
		if (io->nonce) {
			OSSL_PARAM p[] = {
				OSSL_PARAM_octet_string(OSSL_SIGNATURE_PARAM_TEST_ENTROPY,
							(void *)io->nonce, alg->nonce_len),
				OSSL_PARAM_END,
			};
			if (EVP_PKEY_CTX_set_params(c->pctx, p) <= 0)
				return cs_openssl_lib_error();
		}
		n = alg->out_len;
		r = EVP_PKEY_sign(c->pctx, io->out, &n, io->in, io->len) > 0 && n == alg->out_len;
		return r ? CS_OK : cs_openssl_lib_error();
	case CS_OP_VERIFY:
		r = EVP_PKEY_verify(c->pctx, io->sig, alg->out_len, io->in, io->len);
		if (r == 1)
			return CS_OK;
		ERR_clear_error();
		return r == 0 ? CS_MISMATCH : CS_LIB_ERROR;
	default: return CS_UNSUPPORTED;
	}
}

static void
pq_teardown(void *vctx)
{
	pq_ctx *c = vctx;
	EVP_PKEY_CTX_free(c->pctx);
	EVP_PKEY_free(c->key);
	EVP_SIGNATURE_free(c->sig);
}

static void
pq_describe(void *vctx, char *buf, size_t size)
{
	pq_ctx *c = vctx;
	const OSSL_PROVIDER *prov = c->key ? EVP_PKEY_get0_provider(c->key) : NULL;
	snprintf(buf, size, "provider=%s", prov ? OSSL_PROVIDER_get0_name(prov) : "default");
}

#define PQ_SETUP pq_setup
#define PQ_RUN pq_run
#define PQ_WHY NULL
#else
#define PQ_SETUP NULL
#define PQ_RUN NULL
#define PQ_WHY PQ_NEEDS
typedef struct pq_ctx {
	int unused; /* nothing: this build has no ML-KEM or ML-DSA */
} pq_ctx;
static void
pq_teardown(void *vctx)
{
	(void)vctx;
}
#define pq_describe NULL
#endif

/* ---- the impls: three per PQKEM or PQSIG line of CS_OPENSSL_ALGS ---- */

#define PQ_UNSUPPORTED(id, path_)                                                                  \
	const cs_impl cs_openssl_##id##_##path_ = {                                                \
		.alg = &cs_alg_##id,                                                               \
		.path = #path_,                                                                    \
		.ops = CS_ALG_OPS_##id,                                                            \
		.why = CS_OPENSSL_PQ ? PQ_FETCH_ONLY : PQ_NEEDS,                                   \
	};

#define PQ_IMPLS(id, flags_)                                                                       \
	PQ_UNSUPPORTED(id, evp)                                                                    \
	PQ_UNSUPPORTED(id, oneshot)                                                                \
	const cs_impl cs_openssl_##id##_fetch = {                                                  \
		.alg = &cs_alg_##id,                                                               \
		.path = "fetch",                                                                   \
		.ops = CS_ALG_OPS_##id,                                                            \
		.context_size = sizeof(pq_ctx),                                                    \
		.setup = PQ_SETUP,                                                                 \
		.run = PQ_RUN,                                                                     \
		.teardown = pq_teardown,                                                           \
		.why = PQ_WHY,                                                                     \
		.available = cs_openssl_available,                                                 \
		.describe = pq_describe,                                                           \
		.flags = flags_,                                                                   \
	};

/* ML-DSA signs hedged in a timed cell (a fresh rnd each time): randomized. */
#define PQ_PQKEM(id) PQ_IMPLS(id, 0)
#define PQ_PQSIG(id) PQ_IMPLS(id, CS_IMPL_RANDOMIZED)
#define PQ_DIGEST CS_OPENSSL_NONE
#define PQ_AEAD CS_OPENSSL_NONE
#define PQ_CBC CS_OPENSSL_NONE
#define PQ_KEX CS_OPENSSL_NONE
#define PQ_SIG CS_OPENSSL_NONE
#define PQ_SIGR CS_OPENSSL_NONE
#define PQ_MAC CS_OPENSSL_NONE
#define PQ_LINE(id, family, implicit, name, name2, lowlevel) PQ_##family(id)
CS_OPENSSL_ALGS(PQ_LINE)
