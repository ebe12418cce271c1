/*
 * bench/lib_fidelity.sh's bare loop for libgcrypt: the calls of the
 * adapter's main path (gcrypt/gcrypt), no harness.
 *   gcrypt_loop ALG SIZE   (aes-128-gcm, chacha20-poly1305: setiv with a fresh
 *                           nonce, authenticate 13 B AAD, encrypt, gettag on
 *                           one handle; sha256: reset, write, read on one
 *                           handle)
 */
#include <gcrypt.h>
#include <stdlib.h>
#include <string.h>

#include "lib_loop.h"

static gcry_cipher_hd_t cipher;
static gcry_md_hd_t md;
static unsigned char key[32] = {1}, nonce[12] = {2}, aad[13] = {0xcc}, tag[16], out_md[32];
static unsigned char *in, *out;
static size_t len;

static int
seal(void)
{
	nonce[11]++;
	return gcry_cipher_setiv(cipher, nonce, sizeof nonce) ||
	       gcry_cipher_authenticate(cipher, aad, sizeof aad) ||
	       gcry_cipher_encrypt(cipher, out, len, in, len) ||
	       gcry_cipher_gettag(cipher, tag, sizeof tag);
}

static int
digest(void)
{
	gcry_md_reset(md);
	gcry_md_write(md, in, len);
	const unsigned char *d = gcry_md_read(md, GCRY_MD_SHA256);
	if (!d)
		return 1;
	memcpy(out_md, d, sizeof out_md);
	return 0;
}

int
main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: gcrypt_loop ALG SIZE\n");
		return 2;
	}
	len = (size_t)atol(argv[2]);
	in = calloc(1, len + 64);
	out = calloc(1, len + 64);
	if (!in || !out || !gcry_check_version(NULL))
		return 1;
	gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
	gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
	if (strcmp(argv[1], "sha256") == 0)
		return gcry_md_open(&md, GCRY_MD_SHA256, 0) != 0 || loop_run(digest, len);
	int chacha = strcmp(argv[1], "chacha20-poly1305") == 0;
	if (gcry_cipher_open(&cipher, chacha ? GCRY_CIPHER_CHACHA20 : GCRY_CIPHER_AES128,
			     chacha ? GCRY_CIPHER_MODE_POLY1305 : GCRY_CIPHER_MODE_GCM, 0) ||
	    gcry_cipher_setkey(cipher, key, chacha ? 32 : 16))
		return 1;
	return loop_run(seal, len);
}
