/* Footprint image (docs/mcu.md): a minimal mbedTLS TLS 1.3 client: one
   handshake verifying the server's certificate against a CA, one record
   written, close; I/O through callbacks. Linked, never run. */
#include <mbedtls/ctr_drbg.h>
#include <mbedtls/entropy.h>
#include <mbedtls/ssl.h>
#include <mbedtls/x509_crt.h>

static const unsigned char ca_pem[] = "-----BEGIN CERTIFICATE-----\n";

static int
io_send(void *ctx, const unsigned char *buf, size_t len)
{
	(void)ctx;
	(void)buf;
	return (int)len;
}

static int
io_recv(void *ctx, unsigned char *buf, size_t len)
{
	(void)ctx;
	(void)buf;
	(void)len;
	return MBEDTLS_ERR_SSL_WANT_READ;
}

int
main(void)
{
	mbedtls_entropy_context entropy;
	mbedtls_ctr_drbg_context drbg;
	mbedtls_ssl_config conf;
	mbedtls_ssl_context ssl;
	mbedtls_x509_crt ca;
	int rc = 0;
	psa_crypto_init();
	mbedtls_entropy_init(&entropy);
	mbedtls_ctr_drbg_init(&drbg);
	rc |= mbedtls_ctr_drbg_seed(&drbg, mbedtls_entropy_func, &entropy, NULL, 0);
	mbedtls_x509_crt_init(&ca);
	rc |= mbedtls_x509_crt_parse(&ca, ca_pem, sizeof ca_pem);
	mbedtls_ssl_config_init(&conf);
	rc |= mbedtls_ssl_config_defaults(&conf, MBEDTLS_SSL_IS_CLIENT,
					  MBEDTLS_SSL_TRANSPORT_STREAM, MBEDTLS_SSL_PRESET_DEFAULT);
	mbedtls_ssl_conf_min_tls_version(&conf, MBEDTLS_SSL_VERSION_TLS1_3);
	mbedtls_ssl_conf_max_tls_version(&conf, MBEDTLS_SSL_VERSION_TLS1_3);
	mbedtls_ssl_conf_authmode(&conf, MBEDTLS_SSL_VERIFY_REQUIRED);
	mbedtls_ssl_conf_ca_chain(&conf, &ca, NULL);
	mbedtls_ssl_conf_rng(&conf, mbedtls_ctr_drbg_random, &drbg);
	mbedtls_ssl_init(&ssl);
	rc |= mbedtls_ssl_setup(&ssl, &conf);
	rc |= mbedtls_ssl_set_hostname(&ssl, "server.test");
	mbedtls_ssl_set_bio(&ssl, NULL, io_send, io_recv, NULL);
	rc |= mbedtls_ssl_handshake(&ssl);
	rc |= mbedtls_ssl_write(&ssl, (const unsigned char *)"ping", 4);
	rc |= mbedtls_ssl_close_notify(&ssl);
	mbedtls_ssl_free(&ssl);
	return rc;
}
