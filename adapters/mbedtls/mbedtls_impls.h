/*
 * The mbedTLS adapter's parts: legacy.c (the mbedtls_* module APIs), psa.c
 * (the PSA Crypto API) and sig.c (signatures and HMAC on both) define the
 * impls; mbedtls.c the cs_adapter.
 */
#ifndef CS_MBEDTLS_IMPLS_H
#define CS_MBEDTLS_IMPLS_H

#include "cryptospeed/adapter.h"

/*
 * Every algorithm the adapter runs, one line each, in the catalogue's order:
 *
 *   X(id, legacy, psa, "label", key type, bits, PSA algorithm)
 *
 * id      the catalogue's id (algs.def)
 * legacy  Y: legacy.c or sig.c defines cs_mbedtls_legacy_<id> (path
 *         "legacy": the mbedtls_* module calls, one function set each); N: none
 * psa     AEAD, CBC, HASH, KEX: psa.c makes cs_mbedtls_psa_<id> from the rest
 *         of the line (one-shot psa_aead_*, multi-part psa_cipher_*,
 *         psa_hash_compute, psa_raw_key_agreement / psa_generate_key);
 *         OWN: sig.c defines it (psa_sign_hash, psa_mac_compute); NONE:
 *         mbedTLS lacks it, mbedtls.c makes an unsupported impl, the label its
 *         why; N: none
 * label   how messages name it ("P-256 ECDH")
 * key type AES, CHACHA20, MONTGOMERY, SECP_R1 or NONE (a hash); bits its size
 * PSA algorithm  PSA_ALG_<this> (GCM, SHA_256, ECDH, ...)
 *
 * mbedtls.c lists the impls from these lines; a PSA algorithm of those four
 * kinds is one line here.
 */
#define CS_MBEDTLS_ALGS(X)                                                                         \
	X(aes_128_gcm, Y, AEAD, "AES-128-GCM", AES, 128, GCM)                                      \
	X(aes_256_gcm, Y, AEAD, "AES-256-GCM", AES, 256, GCM)                                      \
	X(chacha20_poly1305, Y, AEAD, "ChaCha20-Poly1305", CHACHA20, 256, CHACHA20_POLY1305)       \
	X(aes_128_cbc, Y, CBC, "AES-128-CBC", AES, 128, CBC_NO_PADDING)                            \
	X(sha1, Y, HASH, "SHA-1", NONE, 0, SHA_1)                                                  \
	X(sha256, Y, HASH, "SHA-256", NONE, 0, SHA_256)                                            \
	X(sha512, Y, HASH, "SHA-512", NONE, 0, SHA_512)                                            \
	X(x25519, Y, KEX, "X25519", MONTGOMERY, 255, ECDH)                                         \
	X(p256, Y, KEX, "P-256 ECDH", SECP_R1, 256, ECDH)                                          \
	X(ed25519, Y, OWN, "Ed25519", NONE, 0, NONE)                                               \
	X(ecdsa_p256, Y, OWN, "ECDSA P-256", NONE, 0, NONE)                                        \
	X(rsa_2048, Y, OWN, "RSA-2048", NONE, 0, NONE)                                             \
	X(hmac_sha256, Y, OWN, "HMAC-SHA-256", NONE, 0, NONE)                                      \
	X(ml_kem_768, N, NONE, "mbedTLS " MBEDTLS_VERSION_STRING " has no ML-KEM", NONE, 0, NONE)  \
	X(ml_dsa_65, N, NONE, "mbedTLS " MBEDTLS_VERSION_STRING " has no ML-DSA", NONE, 0, NONE)   \
	/* a new line goes above this one */

/* The impls the lines name. */
#define CS_MBEDTLS_LEGACY_Y(id) extern const cs_impl cs_mbedtls_legacy_##id;
#define CS_MBEDTLS_LEGACY_N(id)
#define CS_MBEDTLS_PSA_AEAD(id) extern const cs_impl cs_mbedtls_psa_##id;
#define CS_MBEDTLS_PSA_CBC CS_MBEDTLS_PSA_AEAD
#define CS_MBEDTLS_PSA_HASH CS_MBEDTLS_PSA_AEAD
#define CS_MBEDTLS_PSA_KEX CS_MBEDTLS_PSA_AEAD
#define CS_MBEDTLS_PSA_OWN CS_MBEDTLS_PSA_AEAD
#define CS_MBEDTLS_PSA_NONE CS_MBEDTLS_PSA_AEAD
#define CS_MBEDTLS_PSA_N(id)
#define CS_MBEDTLS_DECLARE(id, legacy, psa, label, type, bits, psa_alg)                            \
	CS_MBEDTLS_LEGACY_##legacy(id) CS_MBEDTLS_PSA_##psa(id)
CS_MBEDTLS_ALGS(CS_MBEDTLS_DECLARE)
#undef CS_MBEDTLS_DECLARE

/* psa_crypto_init(), once; the outcome is kept for the PSA impls to report
   (a failure does not stop the legacy path). */
void cs_mbedtls_psa_init(void);
/* mbedtls_psa_crypto_free() when psa_crypto_init() succeeded. */
void cs_mbedtls_psa_fini(void);

/* The TLS configurations of algs.def, one line each: X(id); tls.c defines
   cs_mbedtls_<id>_tls on path "tls" (unsupported with why where this
   mbedTLS lacks the version, group or certificate). */
#define CS_MBEDTLS_TLS(X)                                                                          \
	X(tls13_x25519_ecdsa_aes128gcm)                                                            \
	X(tls13_p256_ecdsa_aes128gcm)                                                              \
	X(tls13_mlkem_ecdsa_aes128gcm)                                                             \
	X(tls13_x25519_rsa_aes128gcm)                                                              \
	X(tls13_x25519_ed25519_aes128gcm)                                                          \
	X(tls13_x25519_ecdsa_aes256gcm)                                                            \
	X(tls13_x25519_ecdsa_chacha20)                                                             \
	X(tls12_p256_ecdsa_aes128gcm)                                                              \
	/* a new line goes above this one */
#define CS_MBEDTLS_TLS_DECLARE(id) extern const cs_impl cs_mbedtls_##id##_tls;
CS_MBEDTLS_TLS(CS_MBEDTLS_TLS_DECLARE)
#undef CS_MBEDTLS_TLS_DECLARE

#endif
