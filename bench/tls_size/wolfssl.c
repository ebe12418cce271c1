/*
 * The minimal TLS 1.3 client whose static aarch64 link scripts/tls_size.sh
 * measures, wolfSSL's: on a connected fd, a TLS 1.3 handshake (X25519,
 * TLS13-AES128-GCM-SHA256) verifying the server's certificate against a CA
 * file and the name "localhost", one application record, close. No harness.
 *   tls_size_wolfssl FD CA_FILE   (exit 0 when the record was sent)
 */
#include <wolfssl/options.h>
#include <wolfssl/wolfcrypt/settings.h>

#include <wolfssl/ssl.h>

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int
main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: tls_size_wolfssl FD CA_FILE\n");
		return 2;
	}
	int fd = atoi(argv[1]), ok = 0;
	wolfSSL_Init();
	WOLFSSL_CTX *ctx = wolfSSL_CTX_new(wolfTLSv1_3_client_method());
	WOLFSSL *ssl = NULL;
	if (ctx && wolfSSL_CTX_set_cipher_list(ctx, "TLS13-AES128-GCM-SHA256") == WOLFSSL_SUCCESS &&
	    wolfSSL_CTX_load_verify_locations(ctx, argv[2], NULL) == WOLFSSL_SUCCESS) {
		wolfSSL_CTX_set_verify(ctx, WOLFSSL_VERIFY_PEER, NULL);
		ssl = wolfSSL_new(ctx);
	}
	if (ssl && wolfSSL_set_fd(ssl, fd) == WOLFSSL_SUCCESS &&
	    wolfSSL_UseSNI(ssl, WOLFSSL_SNI_HOST_NAME, "localhost", 9) == WOLFSSL_SUCCESS &&
	    wolfSSL_check_domain_name(ssl, "localhost") == WOLFSSL_SUCCESS &&
	    wolfSSL_UseKeyShare(ssl, WOLFSSL_ECC_X25519) == WOLFSSL_SUCCESS &&
	    wolfSSL_connect(ssl) == WOLFSSL_SUCCESS && wolfSSL_write(ssl, "hello\n", 6) == 6) {
		ok = 1;
		wolfSSL_shutdown(ssl);
	}
	wolfSSL_free(ssl);
	wolfSSL_CTX_free(ctx);
	wolfSSL_Cleanup();
	close(fd);
	fprintf(stderr, "tls_size_wolfssl: %s\n", ok ? "record sent" : "failed");
	return ok ? 0 : 1;
}
