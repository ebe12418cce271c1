/*
 * The plain loop for bench/tls_fidelity.sh: OpenSSL full TLS 1.3 handshakes
 * (X25519, the ECDSA P-256 test certificate, TLS_AES_128_GCM_SHA256) in a
 * bare loop, the calls of cryptospeed's openssl/tls impl
 * (adapters/openssl/tls.c): per handshake a client and a server SSL, a BIO
 * of ours over one buffer per direction, SSL_do_handshake on each side in
 * turn, the client's verify result, both freed. Timed in CPU time of the
 * process (CLOCK_PROCESS_CPUTIME_ID) for about a second, no harness at all.
 *   tls_loop TLS_DIR   (build/tls: ca.crt, ecdsa-p256.crt, ecdsa-p256.key)
 * Prints handshakes per second.
 */
#define _GNU_SOURCE
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define PIPE_BUF_SIZE (64 * 1024)

typedef struct pipe_buf {
	unsigned char data[PIPE_BUF_SIZE];
	size_t len, off;
} pipe_buf;

typedef struct side {
	pipe_buf *in, *out;
} side;

static double
now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int
pipe_write(BIO *b, const char *data, int len)
{
	pipe_buf *p = ((side *)BIO_get_data(b))->out;
	BIO_clear_retry_flags(b);
	if (p->off == p->len)
		p->off = p->len = 0;
	if (len < 0 || (size_t)len > PIPE_BUF_SIZE - p->len) {
		BIO_set_retry_write(b);
		return -1;
	}
	memcpy(p->data + p->len, data, (size_t)len);
	p->len += (size_t)len;
	return len;
}

static int
pipe_read(BIO *b, char *data, int len)
{
	pipe_buf *p = ((side *)BIO_get_data(b))->in;
	size_t have = p->len - p->off;
	BIO_clear_retry_flags(b);
	if (have == 0) {
		BIO_set_retry_read(b);
		return -1;
	}
	if ((size_t)len < have)
		have = (size_t)len;
	memcpy(data, p->data + p->off, have);
	p->off += have;
	return (int)have;
}

static long
pipe_ctrl(BIO *b, int cmd, long num, void *ptr)
{
	(void)b;
	(void)num;
	(void)ptr;
	return cmd == BIO_CTRL_FLUSH;
}

static int
pipe_create(BIO *b)
{
	BIO_set_init(b, 1);
	return 1;
}

static void
die(const char *what)
{
	fprintf(stderr, "tls_loop: %s\n", what);
	ERR_print_errors_fp(stderr);
	exit(1);
}

int
main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: tls_loop TLS_DIR\n");
		return 2;
	}
	char ca[4096], crt[4096], key[4096];
	snprintf(ca, sizeof ca, "%s/ca.crt", argv[1]);
	snprintf(crt, sizeof crt, "%s/ecdsa-p256.crt", argv[1]);
	snprintf(key, sizeof key, "%s/ecdsa-p256.key", argv[1]);
	SSL_CTX *cctx = SSL_CTX_new(TLS_client_method()), *sctx = SSL_CTX_new(TLS_server_method());
	SSL_CTX *both[] = {cctx, sctx};
	for (int i = 0; i < 2; i++)
		if (!both[i] || !SSL_CTX_set_min_proto_version(both[i], TLS1_3_VERSION) ||
		    !SSL_CTX_set_max_proto_version(both[i], TLS1_3_VERSION) ||
		    !SSL_CTX_set1_groups_list(both[i], "X25519") ||
		    !SSL_CTX_set_ciphersuites(both[i], "TLS_AES_128_GCM_SHA256"))
			die("context");
	if (SSL_CTX_use_certificate_file(sctx, crt, SSL_FILETYPE_PEM) != 1 ||
	    SSL_CTX_use_PrivateKey_file(sctx, key, SSL_FILETYPE_PEM) != 1 ||
	    SSL_CTX_load_verify_locations(cctx, ca, NULL) != 1)
		die("credentials");
	SSL_CTX_set_verify(cctx, SSL_VERIFY_PEER, NULL);
	SSL_CTX_set_session_cache_mode(sctx, SSL_SESS_CACHE_OFF);
	SSL_CTX_set_session_cache_mode(cctx,
				       SSL_SESS_CACHE_CLIENT | SSL_SESS_CACHE_NO_INTERNAL_STORE);
	SSL_CTX_set_num_tickets(sctx, 1);
	BIO_METHOD *m = BIO_meth_new(BIO_get_new_index() | BIO_TYPE_SOURCE_SINK, "pipe");
	BIO_meth_set_write(m, pipe_write);
	BIO_meth_set_read(m, pipe_read);
	BIO_meth_set_ctrl(m, pipe_ctrl);
	BIO_meth_set_create(m, pipe_create);
	static pipe_buf c2s, s2c;
	side cside = {&s2c, &c2s}, sside = {&c2s, &s2c};

	long n = 0;
	double t0 = now(), t;
	do {
		c2s.len = c2s.off = s2c.len = s2c.off = 0;
		SSL *c = SSL_new(cctx), *s = SSL_new(sctx);
		BIO *bc = BIO_new(m), *bs = BIO_new(m);
		if (!c || !s || !bc || !bs)
			die("SSL_new");
		BIO_set_data(bc, &cside);
		BIO_set_data(bs, &sside);
		SSL_set_bio(c, bc, bc);
		SSL_set_bio(s, bs, bs);
		if (!SSL_set_tlsext_host_name(c, "localhost") || !SSL_set1_host(c, "localhost"))
			die("host");
		SSL_set_connect_state(c);
		SSL_set_accept_state(s);
		int cdone = 0, sdone = 0;
		for (int turn = 0; turn < 64 && !(cdone && sdone); turn++) {
			if (!cdone) {
				int rc = SSL_do_handshake(c);
				if (rc == 1)
					cdone = 1;
				else if (SSL_get_error(c, rc) != SSL_ERROR_WANT_READ)
					die("client handshake");
			}
			if (!sdone) {
				int rc = SSL_do_handshake(s);
				if (rc == 1)
					sdone = 1;
				else if (SSL_get_error(s, rc) != SSL_ERROR_WANT_READ)
					die("server handshake");
			}
		}
		if (!cdone || !sdone || SSL_get_verify_result(c) != X509_V_OK)
			die("handshake did not complete");
		SSL_set_shutdown(c, SSL_SENT_SHUTDOWN | SSL_RECEIVED_SHUTDOWN);
		SSL_free(c);
		SSL_free(s);
		n++;
		t = now() - t0;
	} while (t < 1.0);
	printf("%.1f\n", (double)n / t);
	SSL_CTX_free(cctx);
	SSL_CTX_free(sctx);
	BIO_meth_free(m);
	return 0;
}
