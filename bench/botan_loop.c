/*
 * bench/lib_fidelity.sh's bare loop for Botan's C API: the calls of the
 * adapter's main path (botan/ffi), no harness.
 *   botan_loop ALG SIZE   (aes-128-gcm, chacha20-poly1305: set the 13 B AAD,
 *                          start with a fresh nonce, one update with the FINAL
 *                          flag into one ciphertext||tag buffer, as a Botan
 *                          user would (the adapter then copies the two parts
 *                          out: its only extra work); sha256: update + final
 *                          on one object)
 */
#include <botan/ffi.h>
#include <stdlib.h>
#include <string.h>

#include "lib_loop.h"

static botan_cipher_t cipher;
static botan_hash_t hash;
static unsigned char key[32] = {1}, nonce[12] = {2}, aad[13] = {0xcc}, md[32];
static unsigned char *in, *out;
static size_t len;

static int
seal(void)
{
	size_t written = 0, consumed = 0;
	nonce[11]++;
	return botan_cipher_set_associated_data(cipher, aad, sizeof aad) ||
	       botan_cipher_start(cipher, nonce, sizeof nonce) ||
	       botan_cipher_update(cipher, BOTAN_CIPHER_UPDATE_FLAG_FINAL, out, len + 16, &written,
				   in, len, &consumed);
}

static int
digest(void)
{
	return botan_hash_update(hash, in, len) || botan_hash_final(hash, md);
}

int
main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: botan_loop ALG SIZE\n");
		return 2;
	}
	len = (size_t)atol(argv[2]);
	in = calloc(1, len + 64);
	out = calloc(1, len + 64);
	if (!in || !out)
		return 1;
	if (strcmp(argv[1], "sha256") == 0)
		return botan_hash_init(&hash, "SHA-256", 0) != 0 || loop_run(digest, len);
	int chacha = strcmp(argv[1], "chacha20-poly1305") == 0;
	if (botan_cipher_init(&cipher, chacha ? "ChaCha20Poly1305" : "AES-128/GCM",
			      BOTAN_CIPHER_INIT_FLAG_ENCRYPT) ||
	    botan_cipher_set_key(cipher, key, chacha ? 32 : 16))
		return 1;
	return loop_run(seal, len);
}
