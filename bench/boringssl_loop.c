/*
 * bench/lib_fidelity.sh's bare loop for BoringSSL: the calls of the
 * adapter's main path, no harness.
 *   boringssl_loop ALG SIZE   (aes-128-gcm, chacha20-poly1305: a seal with a
 *                              fresh nonce and 13 B AAD; sha256: init, update,
 *                              final on a reused EVP_MD_CTX)
 */
#include <openssl/aead.h>
#include <openssl/digest.h>
#include <stdlib.h>
#include <string.h>

#include "lib_loop.h"

static EVP_AEAD_CTX actx;
static EVP_MD_CTX *mctx;
static unsigned char key[32] = {1}, nonce[12] = {2}, aad[13] = {0xcc}, tag[16], md[64];
static unsigned char *in, *out;
static size_t len;

static int
seal(void)
{
	size_t tag_len;
	nonce[11]++;
	return EVP_AEAD_CTX_seal_scatter(&actx, out, tag, &tag_len, sizeof tag, nonce, sizeof nonce,
					 in, len, NULL, 0, aad, sizeof aad)
		       ? 0
		       : 1;
}

static int
digest(void)
{
	return EVP_DigestInit_ex(mctx, EVP_sha256(), NULL) && EVP_DigestUpdate(mctx, in, len) &&
			       EVP_DigestFinal_ex(mctx, md, NULL)
		       ? 0
		       : 1;
}

int
main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: boringssl_loop ALG SIZE\n");
		return 2;
	}
	len = (size_t)atol(argv[2]);
	in = calloc(1, len + 64);
	out = calloc(1, len + 64);
	if (strcmp(argv[1], "sha256") == 0) {
		mctx = EVP_MD_CTX_new();
		return loop_run(digest, len);
	}
	const EVP_AEAD *aead = strcmp(argv[1], "aes-128-gcm") == 0 ? EVP_aead_aes_128_gcm()
								   : EVP_aead_chacha20_poly1305();
	if (!EVP_AEAD_CTX_init(&actx, aead, key, EVP_AEAD_key_length(aead), sizeof tag, NULL))
		return 1;
	return loop_run(seal, len);
}
