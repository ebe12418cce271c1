/*
 * bench/tls_fidelity.sh's bare loop for OpenSSL: full handshakes through
 * libssl with the calls of cryptospeed's openssl/tls impl
 * (adapters/openssl/tls.c): per handshake a client and a server SSL, a BIO
 * of ours over one buffer per direction, SSL_do_handshake on each side in
 * turn, the client's verify result, both freed. No harness.
 *   tls_openssl_loop TLS_DIR [13|12]   (bench/tls_loop.h)
 */
#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>

#include "tls_loop.h"

/* One side's ends: what it reads, what it writes (its BIO's data). */
typedef struct side {
	pipe_buf *in, *out;
} side;

static SSL_CTX *cctx, *sctx;
static BIO_METHOD *method;
static side cside = {&s2c, &c2s}, sside = {&c2s, &s2c};

static int
pipe_write(BIO *b, const char *data, int len)
{
	BIO_clear_retry_flags(b);
	if (len < 0 || pipe_put(((side *)BIO_get_data(b))->out, data, (size_t)len) != (size_t)len) {
		BIO_set_retry_write(b);
		return -1;
	}
	return len;
}

static int
pipe_read(BIO *b, char *data, int len)
{
	BIO_clear_retry_flags(b);
	size_t got = len > 0 ? pipe_get(((side *)BIO_get_data(b))->in, data, (size_t)len) : 0;
	if (got == 0) {
		BIO_set_retry_read(b);
		return -1;
	}
	return (int)got;
}

static long
pipe_ctrl(BIO *b, int cmd, long num, void *ptr)
{
	(void)num;
	(void)ptr;
	side *x = BIO_get_data(b);
	switch (cmd) {
	case BIO_CTRL_FLUSH: return 1;
	case BIO_CTRL_PENDING: return x ? (long)(x->in->len - x->in->off) : 0;
	default: return 0;
	}
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
	fprintf(stderr, "tls_openssl_loop: %s\n", what);
	ERR_print_errors_fp(stderr);
	exit(1);
}

static int
blocked(SSL *ssl, int rc)
{
	int e = SSL_get_error(ssl, rc);
	return e == SSL_ERROR_WANT_READ || e == SSL_ERROR_WANT_WRITE;
}

/* One full handshake, both connections freed; 0 if it completed verified. */
static int
one_handshake(void)
{
	pipes_reset();
	SSL *c = SSL_new(cctx), *s = SSL_new(sctx);
	BIO *bc = BIO_new(method), *bs = BIO_new(method);
	if (!c || !s || !bc || !bs)
		die("SSL_new or BIO_new");
	BIO_set_data(bc, &cside);
	BIO_set_data(bs, &sside);
	SSL_set_bio(c, bc, bc);
	SSL_set_bio(s, bs, bs);
	if (!SSL_set_tlsext_host_name(c, "localhost") || !SSL_set1_host(c, "localhost"))
		die("server name");
	SSL_set_connect_state(c);
	SSL_set_accept_state(s);
	int cdone = 0, sdone = 0;
	for (int turn = 0; turn < MAX_TURNS && !(cdone && sdone); turn++) {
		if (!cdone) {
			int rc = SSL_do_handshake(c);
			if (rc == 1)
				cdone = 1;
			else if (!blocked(c, rc))
				die("client handshake");
		}
		if (!sdone) {
			int rc = SSL_do_handshake(s);
			if (rc == 1)
				sdone = 1;
			else if (!blocked(s, rc))
				die("server handshake");
		}
	}
	int ok = cdone && sdone && SSL_get_verify_result(c) == X509_V_OK;
	SSL_free(c);
	SSL_free(s);
	return ok ? 0 : 1;
}

int
main(int argc, char **argv)
{
	int v = tls_version_arg(argc, argv, "tls_openssl_loop");
	int version = v == 13 ? TLS1_3_VERSION : TLS1_2_VERSION;
	cctx = SSL_CTX_new(TLS_client_method());
	sctx = SSL_CTX_new(TLS_server_method());
	SSL_CTX *both[] = {cctx, sctx};
	for (int i = 0; i < 2; i++)
		if (!both[i] || !SSL_CTX_set_min_proto_version(both[i], version) ||
		    !SSL_CTX_set_max_proto_version(both[i], version) ||
		    !SSL_CTX_set1_groups_list(both[i], v == 13 ? "X25519" : "P-256") ||
		    !(v == 13 ? SSL_CTX_set_ciphersuites(both[i], "TLS_AES_128_GCM_SHA256")
			      : SSL_CTX_set_cipher_list(both[i], "ECDHE-ECDSA-AES128-GCM-SHA256")))
			die("context");
	/* the credentials from memory, as the adapter has them */
	char *pem[] = {read_pem(argv[1], "ecdsa-p256.crt"), read_pem(argv[1], "ecdsa-p256.key"),
		       read_pem(argv[1], "ca.crt")};
	BIO *b = BIO_new_mem_buf(pem[0], -1);
	X509 *cert = PEM_read_bio_X509(b, NULL, NULL, NULL);
	BIO_free(b);
	b = BIO_new_mem_buf(pem[1], -1);
	EVP_PKEY *key = PEM_read_bio_PrivateKey(b, NULL, NULL, NULL);
	BIO_free(b);
	b = BIO_new_mem_buf(pem[2], -1);
	X509 *ca = PEM_read_bio_X509(b, NULL, NULL, NULL);
	BIO_free(b);
	if (!cert || !key || !ca || SSL_CTX_use_certificate(sctx, cert) != 1 ||
	    SSL_CTX_use_PrivateKey(sctx, key) != 1 ||
	    X509_STORE_add_cert(SSL_CTX_get_cert_store(cctx), ca) != 1)
		die("credentials");
	SSL_CTX_set_verify(cctx, SSL_VERIFY_PEER, NULL);
	SSL_CTX_set_session_cache_mode(sctx, SSL_SESS_CACHE_OFF);
	SSL_CTX_set_session_cache_mode(cctx,
				       SSL_SESS_CACHE_CLIENT | SSL_SESS_CACHE_NO_INTERNAL_STORE);
	if (v == 13)
		SSL_CTX_set_num_tickets(sctx, 1);
	method = BIO_meth_new(BIO_get_new_index() | BIO_TYPE_SOURCE_SINK, "pipe");
	if (!method)
		die("BIO_meth_new");
	BIO_meth_set_write(method, pipe_write);
	BIO_meth_set_read(method, pipe_read);
	BIO_meth_set_ctrl(method, pipe_ctrl);
	BIO_meth_set_create(method, pipe_create);
	int rc = loop_run(one_handshake, 1);
	if (rc)
		fprintf(stderr, "tls_openssl_loop: a handshake failed\n");
	X509_free(cert);
	X509_free(ca);
	EVP_PKEY_free(key);
	SSL_CTX_free(cctx);
	SSL_CTX_free(sctx);
	BIO_meth_free(method);
	for (int i = 0; i < 3; i++)
		free(pem[i]);
	return rc;
}
