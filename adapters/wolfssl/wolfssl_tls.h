/* The wolfSSL adapter's TLS configurations (tls.c), listed by wolfssl.c. */
#ifndef CS_WOLFSSL_TLS_H
#define CS_WOLFSSL_TLS_H

#include "cryptospeed/adapter.h"

/* One line per configuration of algs.def wolfSSL runs: X(id); the
   impl is cs_wolfssl_<id>_tls on path "tls". */
#define WOLFSSL_TLS(X)                                                                             \
	X(tls13_x25519_ecdsa_aes128gcm)                                                            \
	X(tls13_p256_ecdsa_aes128gcm)                                                              \
	X(tls13_mlkem_ecdsa_aes128gcm)                                                             \
	X(tls13_x25519_rsa_aes128gcm)                                                              \
	X(tls13_x25519_ed25519_aes128gcm)                                                          \
	X(tls13_x25519_ecdsa_aes256gcm)                                                            \
	X(tls13_x25519_ecdsa_chacha20)                                                             \
	X(tls12_p256_ecdsa_aes128gcm)                                                              \
	/* a new line goes above this one */

#define WOLFSSL_TLS_DECLARE(id) extern const cs_impl cs_wolfssl_##id##_tls;
WOLFSSL_TLS(WOLFSSL_TLS_DECLARE)
#undef WOLFSSL_TLS_DECLARE

#endif
