/*
 * The bare loop for bench/lib_fidelity.sh: the calls of one library's main
 * path (gcrypt/gcrypt, botan/ffi) in a loop timed as a whole for about a
 * second, no harness at all.
 *   lib_loop LIB ALG SIZE   LIB: gcrypt, botan; ALG: aes-128-gcm,
 *                           chacha20-poly1305 (a full seal per op: fresh
 *                           nonce, 13 B AAD, encrypt, tag), sha256 (one whole
 *                           digest on a held handle)
 * Prints bytes per second: the median over about a second of batches of
 * about 1 ms each, as cryptospeed reports the median of its batches, so that
 * on a loaded machine a batch that lost the CPU counts once, not its whole
 * stall (a loop timed as a whole would charge every stall). The Botan seal
 * writes ciphertext||tag into one buffer, as a Botan user would; the adapter
 * copies the two parts out of it.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <botan/ffi.h>
#include <gcrypt.h>

static double
now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC_RAW, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* One operation of the chosen kind; 0 = ok. */
struct loop {
	int sha;		 /* 1 = digest, 0 = seal */
	size_t len;		 /* message bytes */
	unsigned char *in, *out; /* len (+ 16 for Botan's tag) bytes */
	unsigned char nonce[12], aad[13], tag[16], md[32];
	gcry_cipher_hd_t gc;
	gcry_md_hd_t gm;
	botan_cipher_t bc;
	botan_hash_t bh;
};

static int
gcrypt_op(struct loop *l)
{
	if (l->sha) {
		gcry_md_reset(l->gm);
		gcry_md_write(l->gm, l->in, l->len);
		const unsigned char *d = gcry_md_read(l->gm, GCRY_MD_SHA256);
		memcpy(l->md, d, 32);
		return 0;
	}
	l->nonce[11]++;
	return gcry_cipher_setiv(l->gc, l->nonce, 12) ||
	       gcry_cipher_authenticate(l->gc, l->aad, sizeof l->aad) ||
	       gcry_cipher_encrypt(l->gc, l->out, l->len, l->in, l->len) ||
	       gcry_cipher_gettag(l->gc, l->tag, 16);
}

static int
botan_op(struct loop *l)
{
	size_t w = 0, c = 0;
	if (l->sha)
		return botan_hash_update(l->bh, l->in, l->len) || botan_hash_final(l->bh, l->md);
	l->nonce[11]++;
	return botan_cipher_set_associated_data(l->bc, l->aad, sizeof l->aad) ||
	       botan_cipher_start(l->bc, l->nonce, 12) ||
	       botan_cipher_update(l->bc, BOTAN_CIPHER_UPDATE_FLAG_FINAL, l->out, l->len + 16, &w,
				   l->in, l->len, &c);
}

int
main(int argc, char **argv)
{
	if (argc != 4) {
		fprintf(stderr, "usage: lib_loop gcrypt|botan ALG SIZE\n");
		return 2;
	}
	const char *lib = argv[1], *alg = argv[2];
	struct loop l = {0};
	unsigned char key[32] = {1};
	int gcrypt = strcmp(lib, "gcrypt") == 0;
	l.len = (size_t)atoi(argv[3]);
	l.in = calloc(1, l.len + 64);
	l.out = calloc(1, l.len + 64);
	l.sha = strcmp(alg, "sha256") == 0;
	int chacha = strcmp(alg, "chacha20-poly1305") == 0;
	if (!l.in || !l.out || (!gcrypt && strcmp(lib, "botan") != 0) ||
	    (!l.sha && !chacha && strcmp(alg, "aes-128-gcm") != 0)) {
		fprintf(stderr, "lib_loop: unknown library '%s' or algorithm '%s'\n", lib, alg);
		return 2;
	}
	if (gcrypt) {
		gcry_check_version(NULL);
		gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
		gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
		if (l.sha ? gcry_md_open(&l.gm, GCRY_MD_SHA256, 0) != 0
			  : gcry_cipher_open(
				    &l.gc, chacha ? GCRY_CIPHER_CHACHA20 : GCRY_CIPHER_AES128,
				    chacha ? GCRY_CIPHER_MODE_POLY1305 : GCRY_CIPHER_MODE_GCM,
				    0) != 0 ||
				    gcry_cipher_setkey(l.gc, key, chacha ? 32 : 16) != 0)
			return 1;
	} else if (l.sha ? botan_hash_init(&l.bh, "SHA-256", 0) != 0
			 : botan_cipher_init(&l.bc, chacha ? "ChaCha20Poly1305" : "AES-128/GCM",
					     BOTAN_CIPHER_INIT_FLAG_ENCRYPT) != 0 ||
				   botan_cipher_set_key(l.bc, key, chacha ? 32 : 16) != 0)
		return 1;
	/* calibrate: ops per batch for about 1 ms */
	long k = 1;
	for (;;) {
		double t0 = now();
		for (long i = 0; i < k; i++)
			if (gcrypt ? gcrypt_op(&l) : botan_op(&l))
				return 1;
		if (now() - t0 >= 1e-3 || k >= (1L << 24))
			break;
		k *= 2;
	}
	enum { MAX_BATCHES = 4096 };
	static double batch[MAX_BATCHES];
	int nb = 0;
	double start = now();
	while (nb < MAX_BATCHES && now() - start < 1.0) {
		double t0 = now();
		for (long i = 0; i < k; i++)
			if (gcrypt ? gcrypt_op(&l) : botan_op(&l))
				return 1;
		batch[nb++] = now() - t0;
	}
	qsort(batch, (size_t)nb, sizeof batch[0], cmp_double);
	double med = nb % 2 ? batch[nb / 2] : (batch[nb / 2 - 1] + batch[nb / 2]) / 2;
	printf("%.0f\n", (double)k * (double)l.len / med);
	return 0;
}
