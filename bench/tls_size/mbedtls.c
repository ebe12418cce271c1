/*
 * The minimal TLS client whose static aarch64 link scripts/tls_size.sh
 * measures, mbedTLS's: on a connected fd, a handshake verifying the
 * server's certificate against a CA file and the name "localhost", one
 * application record, close. No harness. TLS 1.3 (X25519,
 * TLS_AES_128_GCM_SHA256) with mbedTLS 3.x; Debian's 2.28 has no TLS 1.3,
 * so there it is TLS 1.2 (ECDHE-ECDSA-AES128-GCM-SHA256 over P-256).
 *   tls_size_mbedtls FD CA_FILE   (exit 0 when the record was sent)
 */
#include "mbedtls/version.h" /* first: pulls in the build configuration */

#include "mbedtls/ctr_drbg.h"
#include "mbedtls/entropy.h"
#include "mbedtls/net_sockets.h"
#include "mbedtls/ssl.h"
#include "mbedtls/x509_crt.h"

#if MBEDTLS_VERSION_NUMBER >= 0x03000000
#include "psa/crypto.h"
#endif

#include <stdio.h>
#include <stdlib.h>

int
main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: tls_size_mbedtls FD CA_FILE\n");
		return 2;
	}
	static mbedtls_entropy_context entropy;
	static mbedtls_ctr_drbg_context drbg;
	static mbedtls_ssl_config conf;
	static mbedtls_ssl_context ssl;
	static mbedtls_x509_crt ca;
	mbedtls_net_context net = {.fd = atoi(argv[1])};
	int ok = 0;
#if MBEDTLS_VERSION_NUMBER >= 0x03000000
	static const int suites[] = {0x1301, 0};
	static const uint16_t groups[] = {MBEDTLS_SSL_IANA_TLS_GROUP_X25519, 0};
	if (psa_crypto_init() != PSA_SUCCESS)
		return 1;
#else
	static const int suites[] = {0xc02b, 0};
#endif
	mbedtls_entropy_init(&entropy);
	mbedtls_ctr_drbg_init(&drbg);
	mbedtls_ssl_config_init(&conf);
	mbedtls_ssl_init(&ssl);
	mbedtls_x509_crt_init(&ca);
	if (mbedtls_ctr_drbg_seed(&drbg, mbedtls_entropy_func, &entropy, NULL, 0) == 0 &&
	    mbedtls_x509_crt_parse_file(&ca, argv[2]) == 0 &&
	    mbedtls_ssl_config_defaults(&conf, MBEDTLS_SSL_IS_CLIENT, MBEDTLS_SSL_TRANSPORT_STREAM,
					MBEDTLS_SSL_PRESET_DEFAULT) == 0) {
		mbedtls_ssl_conf_rng(&conf, mbedtls_ctr_drbg_random, &drbg);
		mbedtls_ssl_conf_ciphersuites(&conf, suites);
#if MBEDTLS_VERSION_NUMBER >= 0x03000000
		mbedtls_ssl_conf_min_tls_version(&conf, MBEDTLS_SSL_VERSION_TLS1_3);
		mbedtls_ssl_conf_groups(&conf, groups);
#endif
		mbedtls_ssl_conf_ca_chain(&conf, &ca, NULL);
		mbedtls_ssl_conf_authmode(&conf, MBEDTLS_SSL_VERIFY_REQUIRED);
		if (mbedtls_ssl_setup(&ssl, &conf) == 0 &&
		    mbedtls_ssl_set_hostname(&ssl, "localhost") == 0) {
			mbedtls_ssl_set_bio(&ssl, &net, mbedtls_net_send, mbedtls_net_recv, NULL);
			ok = mbedtls_ssl_handshake(&ssl) == 0 &&
			     mbedtls_ssl_write(&ssl, (const unsigned char *)"hello\n", 6) == 6;
			if (ok)
				mbedtls_ssl_close_notify(&ssl);
		}
	}
	mbedtls_ssl_free(&ssl);
	mbedtls_ssl_config_free(&conf);
	mbedtls_x509_crt_free(&ca);
	mbedtls_ctr_drbg_free(&drbg);
	mbedtls_entropy_free(&entropy);
	mbedtls_net_free(&net);
	fprintf(stderr, "tls_size_mbedtls: %s\n", ok ? "record sent" : "failed");
	return ok ? 0 : 1;
}
