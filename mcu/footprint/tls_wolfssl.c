/* Footprint image (docs/mcu.md): a minimal wolfSSL TLS 1.3 client: one
   handshake verifying the server's certificate against a CA, one record
   written, close; I/O through callbacks. Linked, never run. */
#include <wolfssl/wolfcrypt/settings.h>

#include <wolfssl/ssl.h>

static const unsigned char ca_pem[] = "-----BEGIN CERTIFICATE-----\n";

static int
io_send(WOLFSSL *ssl, char *buf, int len, void *ctx)
{
	(void)ssl;
	(void)buf;
	(void)ctx;
	return len;
}

static int
io_recv(WOLFSSL *ssl, char *buf, int len, void *ctx)
{
	(void)ssl;
	(void)buf;
	(void)len;
	(void)ctx;
	return WOLFSSL_CBIO_ERR_WANT_READ;
}

int
main(void)
{
	int rc = 0;
	wolfSSL_Init();
	WOLFSSL_CTX *ctx = wolfSSL_CTX_new(wolfTLSv1_3_client_method());
	rc |= wolfSSL_CTX_load_verify_buffer(ctx, ca_pem, sizeof ca_pem, WOLFSSL_FILETYPE_PEM);
	wolfSSL_CTX_set_verify(ctx, WOLFSSL_VERIFY_PEER, NULL);
	wolfSSL_CTX_SetIORecv(ctx, io_recv);
	wolfSSL_CTX_SetIOSend(ctx, io_send);
	WOLFSSL *ssl = wolfSSL_new(ctx);
	rc |= wolfSSL_connect(ssl);
	rc |= wolfSSL_write(ssl, "ping", 4);
	rc |= wolfSSL_shutdown(ssl);
	wolfSSL_free(ssl);
	wolfSSL_CTX_free(ctx);
	return rc;
}
