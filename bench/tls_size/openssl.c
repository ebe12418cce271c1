/*
 * The minimal TLS 1.3 client whose static aarch64 link scripts/tls_size.sh
 * measures, OpenSSL's: on a connected fd, a TLS 1.3 handshake (X25519,
 * TLS_AES_128_GCM_SHA256) verifying the server's certificate against a CA
 * file and the name "localhost", one application record, close. No harness.
 *   tls_size_openssl FD CA_FILE   (exit 0 when the record was sent)
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <openssl/ssl.h>

int
main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: tls_size_openssl FD CA_FILE\n");
		return 2;
	}
	int fd = atoi(argv[1]), ok = 0;
	SSL_CTX *ctx = SSL_CTX_new(TLS_client_method());
	SSL *ssl = NULL;
	if (ctx && SSL_CTX_set_min_proto_version(ctx, TLS1_3_VERSION) &&
	    SSL_CTX_set1_groups_list(ctx, "X25519") &&
	    SSL_CTX_set_ciphersuites(ctx, "TLS_AES_128_GCM_SHA256") &&
	    SSL_CTX_load_verify_locations(ctx, argv[2], NULL) == 1) {
		SSL_CTX_set_verify(ctx, SSL_VERIFY_PEER, NULL);
		ssl = SSL_new(ctx);
	}
	if (ssl && SSL_set_fd(ssl, fd) == 1 && SSL_set_tlsext_host_name(ssl, "localhost") &&
	    SSL_set1_host(ssl, "localhost") && SSL_connect(ssl) == 1 &&
	    SSL_write(ssl, "hello\n", 6) == 6) {
		ok = 1;
		SSL_shutdown(ssl);
	}
	SSL_free(ssl);
	SSL_CTX_free(ctx);
	close(fd);
	fprintf(stderr, "tls_size_openssl: %s\n", ok ? "record sent" : "failed");
	return ok ? 0 : 1;
}
