/*
 * What OpenSSL calls each algorithm of the catalogue: the implicit EVP
 * objects (EVP_sha256(), ...), the names EVP_*_fetch takes, and the key
 * management / exchange names of the key agreements. symmetric.c and pkey.c
 * run with these; variant.c probes a provider with them.
 */
#include <openssl/evp.h>

#include "openssl_impls.h"

/* The implicitly fetched digest of an algorithm (evp, oneshot). */
const EVP_MD *
cs_openssl_implicit_md(const cs_alg *alg)
{
	if (alg == &cs_alg_sha1)
		return EVP_sha1();
	if (alg == &cs_alg_sha256)
		return EVP_sha256();
	if (alg == &cs_alg_sha512)
		return EVP_sha512();
	return NULL;
}

/* The implicitly fetched cipher of an algorithm (evp, oneshot). */
const EVP_CIPHER *
cs_openssl_implicit_cipher(const cs_alg *alg)
{
	if (alg == &cs_alg_aes_128_gcm)
		return EVP_aes_128_gcm();
	if (alg == &cs_alg_aes_256_gcm)
		return EVP_aes_256_gcm();
	if (alg == &cs_alg_aes_128_cbc)
		return EVP_aes_128_cbc();
#if !defined(OPENSSL_NO_CHACHA) && !defined(OPENSSL_NO_POLY1305)
	if (alg == &cs_alg_chacha20_poly1305)
		return EVP_chacha20_poly1305();
#endif
	return NULL;
}

/* OpenSSL's name of an algorithm, for EVP_MD_fetch / EVP_CIPHER_fetch. */
const char *
cs_openssl_fetch_name(const cs_alg *alg)
{
	static const struct {
		const cs_alg *alg;
		const char *name;
	} names[] = {
		{&cs_alg_sha1, "SHA1"},
		{&cs_alg_sha256, "SHA2-256"},
		{&cs_alg_sha512, "SHA2-512"},
		{&cs_alg_aes_128_gcm, "AES-128-GCM"},
		{&cs_alg_aes_256_gcm, "AES-256-GCM"},
		{&cs_alg_chacha20_poly1305, "ChaCha20-Poly1305"},
		{&cs_alg_aes_128_cbc, "AES-128-CBC"},
	};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (names[i].alg == alg)
			return names[i].name;
	return NULL;
}

void
cs_openssl_kex_names(const cs_alg *alg, const char **keymgmt, const char **exchange)
{
	int x25519 = alg == &cs_alg_x25519;
	*keymgmt = x25519 ? "X25519" : "EC";
	*exchange = x25519 ? "X25519" : "ECDH";
}

void
cs_openssl_sig_names(const cs_alg *alg, const char **keymgmt, const char **signature)
{
	if (alg == &cs_alg_ed25519)
		*keymgmt = *signature = "ED25519";
	else if (alg == &cs_alg_ecdsa_p256)
		*keymgmt = "EC", *signature = "ECDSA";
	else
		*keymgmt = *signature = "RSA";
}
