/*
 * wolfSSL's bare-metal configuration for the MCU workers (docs/mcu.md),
 * read with WOLFSSL_USER_SETTINGS by scripts/libs.sh's wolfSSL recipe for
 * --arch cortex-m4 and by the MCU worker. What the catalogue's MCU selection
 * needs (SHA-2, AES-GCM/CBC, ChaCha20-Poly1305, X25519, Ed25519, ECDSA and
 * ECDH P-256, RSA, HMAC, TLS 1.3 and 1.2 with tickets), no file system, no
 * sockets, no threads. The manifest's configuration adds the assembly:
 * `baremetal` is C only (WOLFSSL_NO_ASM), `cortexm` the Cortex-M SP code and
 * the Thumb-2 AES/SHA/ChaCha/Poly1305/Curve25519 assembly.
 */
#ifndef CS_WOLFSSL_USER_SETTINGS_H
#define CS_WOLFSSL_USER_SETTINGS_H

#define SINGLE_THREADED
#define NO_FILESYSTEM
#define NO_WRITEV
#define NO_MAIN_DRIVER
#define WOLFSSL_NO_SOCK
#define WOLFSSL_USER_IO
#define NO_DEV_RANDOM
#define WOLFSSL_IGNORE_FILE_WARN
#define WOLFSSL_GENERAL_ALIGNMENT 4
#define SIZEOF_LONG_LONG 8
/* the seed of the Hash DRBG: a fixed sequence (mcu/entropy_wolfssl.c), so
   that counts repeat; a benchmark's, never a product's */
#ifndef __ASSEMBLER__ /* (the Thumb-2 .S files read this file too) */
extern int cs_mcu_wolfssl_seed(unsigned char *output, unsigned int sz);
#endif
#define CUSTOM_RAND_GENERATE_SEED cs_mcu_wolfssl_seed

#define HAVE_AESGCM
#define GCM_TABLE_4BIT
#define HAVE_AES_CBC
#define HAVE_AES_DECRYPT
#define WOLFSSL_AES_128
#define WOLFSSL_AES_256
#define HAVE_CHACHA
#define HAVE_POLY1305
#define HAVE_ONE_TIME_AUTH
#define WOLFSSL_SHA384
#define WOLFSSL_SHA512
#define HAVE_HKDF
#define HAVE_CURVE25519
#define HAVE_ED25519
#define HAVE_ECC
#define ECC_TIMING_RESISTANT
#define ECC_SHAMIR
#define HAVE_ECC_DHE
#define HAVE_ECC_KEY_IMPORT
#define HAVE_ECC_KEY_EXPORT
#define WOLFSSL_KEY_GEN
#define WOLFSSL_PUBLIC_MP
#define WC_RSA_BLINDING
#define WC_RSA_PSS
#define TFM_TIMING_RESISTANT
#define WOLFSSL_SP_MATH_ALL
#define WOLFSSL_HAVE_SP_ECC
#define WOLFSSL_HAVE_SP_RSA
#define WOLFSSL_SP_384
#define NO_DH
#define NO_DSA
#define NO_MD4
#define NO_RC4
#define NO_DES3
#define NO_PSK
#define NO_OLD_TLS
#define WOLFSSL_TLS13
#define HAVE_TLS_EXTENSIONS
#define HAVE_SUPPORTED_CURVES
#define HAVE_SESSION_TICKET
#define HAVE_ENCRYPT_THEN_MAC
#define HAVE_EXTENDED_MASTER
#define WOLFSSL_BASE64_ENCODE
#define WOLFSSL_PEM_TO_DER

#endif
