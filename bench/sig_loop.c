/*
 * The plain loop for bench/sig_fidelity.sh: one signature operation in a bare
 * loop, timed as a whole for about a second, no harness at all. The calls are
 * those of cryptospeed's openssl/fetch path (EVP_DigestSignInit_ex /
 * EVP_DigestVerifyInit_ex with the name "SHA2-256", then EVP_DigestSign /
 * EVP_DigestVerify on one reused context) and of sodium/combined
 * (crypto_sign_detached / crypto_sign_verify_detached), over a 32-byte
 * message. Timed in CPU time of the process (CLOCK_PROCESS_CPUTIME_ID): on a
 * shared machine a wall-clock second includes other jobs' turns, which
 * cryptospeed's median of short batches leaves out.
 *   sig_loop openssl ed25519|ecdsa-p256|rsa-2048 sign|verify
 *   sig_loop sodium ed25519 sign|verify
 * Prints operations per second.
 */
#define _GNU_SOURCE
#include <openssl/evp.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double
now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static EVP_PKEY *
openssl_key(const char *alg)
{
	if (strcmp(alg, "ed25519") == 0)
		return EVP_PKEY_Q_keygen(NULL, NULL, "ED25519");
	if (strcmp(alg, "ecdsa-p256") == 0)
		return EVP_PKEY_Q_keygen(NULL, NULL, "EC", "P-256");
	if (strcmp(alg, "rsa-2048") == 0)
		return EVP_PKEY_Q_keygen(NULL, NULL, "RSA", (size_t)2048);
	return NULL;
}

int
main(int argc, char **argv)
{
	if (argc != 4) {
		fprintf(stderr, "usage: sig_loop openssl|sodium ALG sign|verify\n");
		return 2;
	}
	const char *lib = argv[1], *alg = argv[2];
	int sign = strcmp(argv[3], "sign") == 0;
	unsigned char msg[32] = {7}, sig[512];
	size_t siglen = sizeof sig;
	long n = 0;
	double t0, t1;
	if (strcmp(lib, "sodium") == 0) {
		unsigned char pk[crypto_sign_PUBLICKEYBYTES], sk[crypto_sign_SECRETKEYBYTES];
		if (sodium_init() < 0 || strcmp(alg, "ed25519") != 0 || crypto_sign_keypair(pk, sk))
			return 1;
		crypto_sign_detached(sig, NULL, msg, sizeof msg, sk);
		t0 = now();
		do {
			for (int i = 0; i < 100; i++, n++)
				if (sign ? crypto_sign_detached(sig, NULL, msg, sizeof msg, sk)
					 : crypto_sign_verify_detached(sig, msg, sizeof msg, pk))
					return 1;
		} while ((t1 = now()) - t0 < 1.0);
	} else {
		const char *md = strcmp(alg, "ed25519") == 0 ? NULL : "SHA2-256";
		EVP_PKEY *key = openssl_key(alg);
		EVP_MD_CTX *mctx = EVP_MD_CTX_new();
		if (!key || !mctx ||
		    EVP_DigestSignInit_ex(mctx, NULL, md, NULL, NULL, key, NULL) != 1 ||
		    EVP_DigestSign(mctx, sig, &siglen, msg, sizeof msg) != 1)
			return 1;
		t0 = now();
		do {
			for (int i = 0; i < 10; i++, n++) {
				size_t len = sizeof sig;
				int ok = sign ? EVP_DigestSignInit_ex(mctx, NULL, md, NULL, NULL,
								      key, NULL) == 1 &&
							 EVP_DigestSign(mctx, sig, &len, msg,
									sizeof msg) == 1
					      : EVP_DigestVerifyInit_ex(mctx, NULL, md, NULL, NULL,
									key, NULL) == 1 &&
							 EVP_DigestVerify(mctx, sig, siglen, msg,
									  sizeof msg) == 1;
				if (!ok)
					return 1;
			}
		} while ((t1 = now()) - t0 < 1.0);
		EVP_MD_CTX_free(mctx);
		EVP_PKEY_free(key);
	}
	printf("%.1f\n", (double)n / (t1 - t0));
	return 0;
}
