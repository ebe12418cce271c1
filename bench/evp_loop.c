/*
 * A third opinion for bench/fidelity.sh: the simplest possible loop over one
 * OpenSSL operation, timed as a whole for about a second, no harness at all.
 *   evp_loop ALG SIZE   (ALG: aes-128-gcm, chacha20-poly1305 = a full seal per
 *                        op: fresh IV, 13 B AAD, encrypt, tag; sha256 = init,
 *                        update, final on a reused context with a fetched MD)
 * Prints bytes per second.
 */
#define _GNU_SOURCE
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double
now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC_RAW, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int
main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: evp_loop ALG SIZE\n");
		return 2;
	}
	const char *alg = argv[1];
	int len = atoi(argv[2]);
	unsigned char key[32] = {1}, iv[12] = {2}, aad[13] = {0xcc}, tag[16], md[64];
	unsigned char *in = calloc(1, (size_t)len + 64), *out = calloc(1, (size_t)len + 64);
	EVP_CIPHER *cipher = NULL;
	EVP_CIPHER_CTX *cctx = NULL;
	EVP_MD *mdalg = NULL;
	EVP_MD_CTX *mctx = NULL;
	if (strcmp(alg, "sha256") == 0) {
		mdalg = EVP_MD_fetch(NULL, "SHA256", NULL);
		mctx = EVP_MD_CTX_new();
	} else {
		cipher = EVP_CIPHER_fetch(NULL, alg, NULL);
		cctx = EVP_CIPHER_CTX_new();
		if (!cipher || !EVP_EncryptInit_ex2(cctx, cipher, key, NULL, NULL))
			return 1;
	}
	long n = 0;
	int outl;
	double t0 = now(), t;
	do {
		for (int i = 0; i < 256; i++) {
			if (mctx) {
				EVP_DigestInit_ex2(mctx, mdalg, NULL);
				EVP_DigestUpdate(mctx, in, (size_t)len);
				EVP_DigestFinal_ex(mctx, md, NULL);
			} else {
				iv[11]++;
				EVP_EncryptInit_ex2(cctx, NULL, NULL, iv, NULL);
				EVP_EncryptUpdate(cctx, NULL, &outl, aad, sizeof aad);
				EVP_EncryptUpdate(cctx, out, &outl, in, len);
				EVP_EncryptFinal_ex(cctx, out + outl, &outl);
				EVP_CIPHER_CTX_ctrl(cctx, EVP_CTRL_AEAD_GET_TAG, 16, tag);
			}
		}
		n += 256;
		t = now() - t0;
	} while (t < 1.0);
	printf("%.6g\n", (double)len * (double)n / t);
	return 0;
}
