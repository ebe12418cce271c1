/*
 * The mbedTLS adapter's parts: legacy.c (the mbedtls_* module APIs), psa.c
 * (the PSA Crypto API) and sig.c (signatures and HMAC on both) define the
 * impls; mbedtls.c the cs_adapter.
 */
#ifndef CS_MBEDTLS_IMPLS_H
#define CS_MBEDTLS_IMPLS_H

#include "cryptospeed/adapter.h"

/* Path "legacy": mbedtls_gcm_*, mbedtls_chachapoly_*, mbedtls_aes_*,
   mbedtls_sha*, mbedtls_ecdh_compute_shared / mbedtls_ecp_gen_keypair. */
extern const cs_impl cs_mbedtls_legacy_aes_128_gcm;
extern const cs_impl cs_mbedtls_legacy_aes_256_gcm;
extern const cs_impl cs_mbedtls_legacy_chacha20_poly1305;
extern const cs_impl cs_mbedtls_legacy_aes_128_cbc;
extern const cs_impl cs_mbedtls_legacy_sha1;
extern const cs_impl cs_mbedtls_legacy_sha256;
extern const cs_impl cs_mbedtls_legacy_sha512;
extern const cs_impl cs_mbedtls_legacy_x25519;
extern const cs_impl cs_mbedtls_legacy_p256;
/* sig.c: mbedtls_ecdsa_*, mbedtls_rsa_pkcs1_*, mbedtls_md_hmac_*. */
extern const cs_impl cs_mbedtls_legacy_ed25519;
extern const cs_impl cs_mbedtls_legacy_ecdsa_p256;
extern const cs_impl cs_mbedtls_legacy_rsa_2048;
extern const cs_impl cs_mbedtls_legacy_hmac_sha256;

/* Path "psa": psa_aead_*, psa_hash_compute, psa_cipher_*,
   psa_raw_key_agreement, psa_generate_key. */
extern const cs_impl cs_mbedtls_psa_aes_128_gcm;
extern const cs_impl cs_mbedtls_psa_aes_256_gcm;
extern const cs_impl cs_mbedtls_psa_chacha20_poly1305;
extern const cs_impl cs_mbedtls_psa_aes_128_cbc;
extern const cs_impl cs_mbedtls_psa_sha1;
extern const cs_impl cs_mbedtls_psa_sha256;
extern const cs_impl cs_mbedtls_psa_sha512;
extern const cs_impl cs_mbedtls_psa_x25519;
extern const cs_impl cs_mbedtls_psa_p256;
/* sig.c: psa_sign_hash / psa_verify_hash, psa_mac_compute. */
extern const cs_impl cs_mbedtls_psa_ed25519;
extern const cs_impl cs_mbedtls_psa_ecdsa_p256;
extern const cs_impl cs_mbedtls_psa_rsa_2048;
extern const cs_impl cs_mbedtls_psa_hmac_sha256;

/* psa_crypto_init(), once; the outcome is kept for the PSA impls to report
   (a failure does not stop the legacy path). */
void cs_mbedtls_psa_init(void);
/* mbedtls_psa_crypto_free() when psa_crypto_init() succeeded. */
void cs_mbedtls_psa_fini(void);

#endif
