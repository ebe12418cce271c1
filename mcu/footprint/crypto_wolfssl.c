/* Footprint image (docs/mcu.md): wolfCrypt for crypto only: AES-128-GCM
   seal, SHA-256, X25519, ECDSA P-256 verify. Linked, never run. */
#include <wolfssl/wolfcrypt/settings.h>

#include <wolfssl/wolfcrypt/aes.h>
#include <wolfssl/wolfcrypt/curve25519.h>
#include <wolfssl/wolfcrypt/ecc.h>
#include <wolfssl/wolfcrypt/sha256.h>

int
main(void)
{
	static byte key[16], iv[12], buf[65], tag[16], digest[32], shared[32], sig[72];
	word32 shared_len = sizeof shared;
	int rc = 0, ok = 0;
	Aes aes;
	rc |= wc_AesInit(&aes, NULL, INVALID_DEVID);
	rc |= wc_AesGcmSetKey(&aes, key, sizeof key);
	rc |= wc_AesGcmEncrypt(&aes, buf, buf, sizeof buf, iv, sizeof iv, tag, sizeof tag, NULL, 0);
	rc |= wc_Sha256Hash(buf, sizeof buf, digest);
	curve25519_key a, b;
	rc |= wc_curve25519_init(&a);
	rc |= wc_curve25519_init(&b);
	rc |= wc_curve25519_import_private(key, 32, &a);
	rc |= wc_curve25519_import_public(buf, 32, &b);
	rc |= wc_curve25519_shared_secret(&a, &b, shared, &shared_len);
	ecc_key e;
	rc |= wc_ecc_init(&e);
	rc |= wc_ecc_import_x963(buf, 65, &e);
	rc |= wc_ecc_verify_hash(sig, sizeof sig, digest, sizeof digest, &ok, &e);
	return rc | ok;
}
