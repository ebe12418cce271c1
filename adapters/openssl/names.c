/*
 * What OpenSSL calls each algorithm of the catalogue: the implicit EVP
 * objects (EVP_sha256(), ...), the names EVP_*_fetch takes, and the key
 * management / exchange names of the key agreements. All of it comes from
 * the lines of CS_OPENSSL_ALGS (openssl_impls.h). symmetric.c and pkey.c run
 * with these; variant.c probes a provider with them.
 */
#include <openssl/evp.h>

#include "openssl_impls.h"

/* What OpenSSL calls one algorithm (one line of CS_OPENSSL_ALGS). */
typedef struct openssl_names {
	const cs_alg *alg;
	const EVP_MD *(*md)(void);	   /* a DIGEST's implicit object, else NULL */
	const EVP_CIPHER *(*cipher)(void); /* an AEAD's or CBC's implicit object, else NULL */
	const char *name;		   /* fetch name, or key management name */
	const char *name2;		   /* exchange or signature name, or NULL */
} openssl_names;

#if defined(OPENSSL_NO_CHACHA) || defined(OPENSSL_NO_POLY1305)
const EVP_CIPHER *
cs_openssl_no_cipher(void)
{
	return NULL;
}
#endif

/* Where a line's implicit object goes, by family. */
#define MD_DIGEST(obj) obj
#define MD_AEAD(obj) NULL
#define MD_CBC(obj) NULL
#define MD_KEX(obj) NULL
#define MD_SIG(obj) NULL
#define MD_SIGR(obj) NULL
#define MD_MAC(obj) NULL
#define MD_PQKEM(obj) NULL
#define MD_PQSIG(obj) NULL
#define CIPHER_DIGEST(obj) NULL
#define CIPHER_AEAD(obj) obj
#define CIPHER_CBC(obj) obj
#define CIPHER_KEX(obj) NULL
#define CIPHER_SIG(obj) NULL
#define CIPHER_SIGR(obj) NULL
#define CIPHER_MAC(obj) NULL
#define CIPHER_PQKEM(obj) NULL
#define CIPHER_PQSIG(obj) NULL

#define NAMES(id, family, implicit, name, name2, lowlevel)                                         \
	{&cs_alg_##id, MD_##family(implicit), CIPHER_##family(implicit), name, name2},
static const openssl_names names[] = {CS_OPENSSL_ALGS(NAMES)};
#undef NAMES

static const openssl_names *
names_of(const cs_alg *alg)
{
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (names[i].alg == alg)
			return &names[i];
	return NULL;
}

/* The implicitly fetched digest of an algorithm (evp, oneshot). */
const EVP_MD *
cs_openssl_implicit_md(const cs_alg *alg)
{
	const openssl_names *n = names_of(alg);
	return n && n->md ? n->md() : NULL;
}

/* The implicitly fetched cipher of an algorithm (evp, oneshot). */
const EVP_CIPHER *
cs_openssl_implicit_cipher(const cs_alg *alg)
{
	const openssl_names *n = names_of(alg);
	return n && n->cipher ? n->cipher() : NULL;
}

/* OpenSSL's name of an algorithm, for EVP_MD_fetch / EVP_CIPHER_fetch. */
const char *
cs_openssl_fetch_name(const cs_alg *alg)
{
	const openssl_names *n = names_of(alg);
	return n && (n->md || n->cipher) ? n->name : NULL;
}

void
cs_openssl_kex_names(const cs_alg *alg, const char **keymgmt, const char **exchange)
{
	const openssl_names *n = names_of(alg);
	*keymgmt = n ? n->name : NULL;
	*exchange = n ? n->name2 : NULL;
}

void
cs_openssl_sig_names(const cs_alg *alg, const char **keymgmt, const char **signature)
{
	const openssl_names *n = names_of(alg);
	*keymgmt = n ? n->name : NULL;
	*signature = n ? n->name2 : NULL;
}
