/*
 * bench/lib_fidelity.sh's bare loop for GnuTLS's crypto API: the calls of
 * the adapter's main path, no harness.
 *   gnutls_loop ALG SIZE   (aes-128-gcm, chacha20-poly1305: copy the input
 *                           to the output, then encryptv2 in place with a
 *                           fresh nonce and 13 B AAD; sha256: gnutls_hash +
 *                           gnutls_hash_output on one handle)
 */
#include <gnutls/crypto.h>
#include <gnutls/gnutls.h>
#include <stdlib.h>
#include <string.h>

#include "lib_loop.h"

static gnutls_aead_cipher_hd_t aead;
static gnutls_hash_hd_t hash;
static unsigned char key[32] = {1}, nonce[12] = {2}, aad[13] = {0xcc}, tag[16], md[64];
static unsigned char *in, *out;
static size_t len;

static int
seal(void)
{
	giovec_t a = {.iov_base = aad, .iov_len = sizeof aad};
	giovec_t t = {.iov_base = out, .iov_len = len};
	size_t tag_len = sizeof tag;
	nonce[11]++;
	memcpy(out, in, len);
	return gnutls_aead_cipher_encryptv2(aead, nonce, sizeof nonce, &a, 1, &t, 1, tag,
					    &tag_len) < 0;
}

static int
digest(void)
{
	if (gnutls_hash(hash, in, len) < 0)
		return 1;
	gnutls_hash_output(hash, md);
	return 0;
}

int
main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: gnutls_loop ALG SIZE\n");
		return 2;
	}
	len = (size_t)atol(argv[2]);
	in = calloc(1, len + 64);
	out = calloc(1, len + 64);
	if (gnutls_global_init() != 0)
		return 1;
	if (strcmp(argv[1], "sha256") == 0)
		return gnutls_hash_init(&hash, GNUTLS_DIG_SHA256) < 0 || loop_run(digest, len);
	gnutls_cipher_algorithm_t alg = strcmp(argv[1], "aes-128-gcm") == 0
						? GNUTLS_CIPHER_AES_128_GCM
						: GNUTLS_CIPHER_CHACHA20_POLY1305;
	gnutls_datum_t k = {.data = key, .size = (unsigned)gnutls_cipher_get_key_size(alg)};
	return gnutls_aead_cipher_init(&aead, alg, &k) < 0 || loop_run(seal, len);
}
