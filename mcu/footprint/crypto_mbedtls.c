/* Footprint image (docs/mcu.md): mbedTLS for crypto only, the four uses of
   the footprint table: AES-128-GCM seal, SHA-256, X25519, ECDSA P-256
   verify. Linked, never run: its flash and RAM are the measure. */
#include <mbedtls/ecdh.h>
#include <mbedtls/ecdsa.h>
#include <mbedtls/gcm.h>
#include <mbedtls/sha256.h>

#include "footprint.h"

int
main(void)
{
	static unsigned char key[16], iv[12], buf[64], tag[16], digest[32];
	int rc = 0;
	mbedtls_gcm_context gcm;
	mbedtls_gcm_init(&gcm);
	rc |= mbedtls_gcm_setkey(&gcm, MBEDTLS_CIPHER_ID_AES, key, 128);
	rc |= mbedtls_gcm_crypt_and_tag(&gcm, MBEDTLS_GCM_ENCRYPT, sizeof buf, iv, sizeof iv, NULL,
					0, buf, buf, sizeof tag, tag);
	rc |= mbedtls_sha256(buf, sizeof buf, digest, 0);

	mbedtls_ecp_group g;
	mbedtls_ecp_point q, r;
	mbedtls_mpi d, rr, ss;
	mbedtls_ecp_group_init(&g);
	mbedtls_ecp_point_init(&q);
	mbedtls_ecp_point_init(&r);
	mbedtls_mpi_init(&d);
	mbedtls_mpi_init(&rr);
	mbedtls_mpi_init(&ss);
	rc |= mbedtls_ecp_group_load(&g, MBEDTLS_ECP_DP_CURVE25519);
	rc |= mbedtls_ecp_mul(&g, &r, &d, &q, cs_fp_rng, NULL);
	rc |= mbedtls_ecp_group_load(&g, MBEDTLS_ECP_DP_SECP256R1);
	rc |= mbedtls_ecp_point_read_binary(&g, &q, buf, 65);
	rc |= mbedtls_ecdsa_verify(&g, digest, sizeof digest, &q, &rr, &ss);
	return rc;
}
