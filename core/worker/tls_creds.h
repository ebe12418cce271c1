/* The TLS family's test credentials as PEM text, generated at build time by
   scripts/tls_certs.sh into the build tree's tls/tls_creds.c. */
#ifndef CS_TLS_CREDS_H
#define CS_TLS_CREDS_H

extern const char cs_tls_pem_ca_crt[];	       /* the self-signed test CA (ECDSA P-256) */
extern const char cs_tls_pem_ecdsa_p256_crt[]; /* server certificate, ECDSA P-256 key */
extern const char cs_tls_pem_ecdsa_p256_key[]; /* its private key (PKCS#8) */
extern const char cs_tls_pem_rsa_2048_crt[];   /* server certificate, RSA-2048 key */
extern const char cs_tls_pem_rsa_2048_key[];   /* its private key (PKCS#8) */
extern const char cs_tls_pem_ed25519_crt[];    /* server certificate, Ed25519 key */
extern const char cs_tls_pem_ed25519_key[];    /* its private key (PKCS#8) */

#endif
