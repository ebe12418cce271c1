/*
 * The TLS family through libssl: a client and a server SSL of this library
 * joined in memory by a BIO of ours over one buffer per direction (as the
 * other libraries' I/O callbacks are: a BIO pair would put its buffers on
 * libssl's heap, and in the per-connection figures). One line per
 * configuration of algs.def; alg->tls says what it negotiates.
 */
#include <stdio.h>
#include <string.h>

#include "cryptospeed/tls_flow.h"

#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>

#include "openssl_impls.h"

/* Read/write turns a handshake may take before it counts as hung. */
#define MAX_TURNS 64

typedef struct tls_ctx {
	const cs_alg *alg;
	cs_op op;
	SSL_CTX *cctx, *sctx;
	SSL *c, *s;	      /* the open connection (send, recv) */
	SSL_SESSION *session; /* resume: the session the first handshake made */
	char error[160];      /* what failed, for describe */
	cs_tls_pipe c2s, s2c;
	cs_tls_end cside, sside; /* the client's and the server's ends (BIO data) */
	SSL *peer;		 /* peer mode: this side's connection */
	bool peer_client;	 /* peer mode: it is the client */
} tls_ctx;

static int
pipe_write(BIO *b, const char *data, int len)
{
	BIO_clear_retry_flags(b);
	ssize_t n =
		len < 0 ? CS_TLS_IO_AGAIN : cs_tls_end_write(BIO_get_data(b), data, (size_t)len);
	if (n == CS_TLS_IO_AGAIN)
		BIO_set_retry_write(b);
	return n < 0 ? -1 : (int)n;
}

static int
pipe_read(BIO *b, char *data, int len)
{
	BIO_clear_retry_flags(b);
	ssize_t n = len < 0 ? 0 : cs_tls_end_read(BIO_get_data(b), data, (size_t)len);
	if (n == CS_TLS_IO_AGAIN)
		BIO_set_retry_read(b);
	return n < 0 ? -1 : (int)n;
}

static long
pipe_ctrl(BIO *b, int cmd, long num, void *ptr)
{
	(void)num;
	(void)ptr;
	cs_tls_end *x = BIO_get_data(b);
	switch (cmd) {
	case BIO_CTRL_FLUSH: return 1;
	case BIO_CTRL_PENDING: return x ? (long)cs_tls_end_pending(x) : 0;
	default: return 0;
	}
}

static int
pipe_create(BIO *b)
{
	BIO_set_init(b, 1);
	return 1;
}

/* The BIO type, made once per process. */
static BIO_METHOD *
pipe_method(void)
{
	static BIO_METHOD *m;
	if (!m && (m = BIO_meth_new(BIO_get_new_index() | BIO_TYPE_SOURCE_SINK, "cryptospeed "
										"pipe")) != NULL) {
		BIO_meth_set_write(m, pipe_write);
		BIO_meth_set_read(m, pipe_read);
		BIO_meth_set_ctrl(m, pipe_ctrl);
		BIO_meth_set_create(m, pipe_create);
	}
	return m;
}

static const char *const group_names[] = {
	[CS_TLS_X25519] = "X25519",
	[CS_TLS_SECP256R1] = "P-256",
	[CS_TLS_X25519MLKEM768] = "X25519MLKEM768",
};
static const char *const suites13[] = {
	[CS_TLS_AES_128_GCM] = "TLS_AES_128_GCM_SHA256",
	[CS_TLS_AES_256_GCM] = "TLS_AES_256_GCM_SHA384",
	[CS_TLS_CHACHA20_POLY1305] = "TLS_CHACHA20_POLY1305_SHA256",
};
static const char *const suites12[] = {
	[CS_TLS_AES_128_GCM] = "ECDHE-ECDSA-AES128-GCM-SHA256",
	[CS_TLS_AES_256_GCM] = "ECDHE-ECDSA-AES256-GCM-SHA384",
	[CS_TLS_CHACHA20_POLY1305] = "ECDHE-ECDSA-CHACHA20-POLY1305",
};

/* Keep OpenSSL's first queued error (or what) for describe; drop the queue. */
static cs_status
failed(tls_ctx *t, const char *what)
{
	unsigned long e = ERR_peek_error();
	char lib[120] = "";
	if (e)
		ERR_error_string_n(e, lib, sizeof lib);
	snprintf(t->error, sizeof t->error, "%s%s%s", what, lib[0] ? ": " : "", lib);
	ERR_clear_error();
	return CS_LIB_ERROR;
}

/* Both sides' SSL_CTX for the configuration. */
static cs_status
make_ctxs(tls_ctx *t, const cs_setup *s)
{
	const cs_tls *cfg = &t->alg->tls;
	int version = cfg->version == 13 ? TLS1_3_VERSION : TLS1_2_VERSION;
	t->cctx = SSL_CTX_new(TLS_client_method());
	t->sctx = SSL_CTX_new(TLS_server_method());
	if (!t->cctx || !t->sctx)
		return failed(t, "SSL_CTX_new");
	SSL_CTX *both[] = {t->cctx, t->sctx};
	for (int i = 0; i < 2; i++) {
		SSL_CTX *x = both[i];
		if (!SSL_CTX_set_min_proto_version(x, version) ||
		    !SSL_CTX_set_max_proto_version(x, version))
			return failed(t, "protocol version");
		if (!SSL_CTX_set1_groups_list(x, group_names[cfg->group])) {
			failed(t, "group");
			return CS_UNSUPPORTED;
		}
		if (cfg->version == 13 ? !SSL_CTX_set_ciphersuites(x, suites13[cfg->aead])
				       : !SSL_CTX_set_cipher_list(x, suites12[cfg->aead]))
			return failed(t, "cipher suite");
	}
	/* server: certificate and key */
	BIO *b = BIO_new_mem_buf(s->tls_cert, -1);
	X509 *cert = b ? PEM_read_bio_X509(b, NULL, NULL, NULL) : NULL;
	BIO_free(b);
	b = BIO_new_mem_buf(s->tls_key, -1);
	EVP_PKEY *key = b ? PEM_read_bio_PrivateKey(b, NULL, NULL, NULL) : NULL;
	BIO_free(b);
	int ok = cert && key && SSL_CTX_use_certificate(t->sctx, cert) == 1 &&
		 SSL_CTX_use_PrivateKey(t->sctx, key) == 1;
	X509_free(cert);
	EVP_PKEY_free(key);
	if (!ok)
		return failed(t, "server certificate or key");
	/* client: trust the CA, verify the server, name it */
	b = BIO_new_mem_buf(s->tls_ca, -1);
	X509 *ca = b ? PEM_read_bio_X509(b, NULL, NULL, NULL) : NULL;
	BIO_free(b);
	ok = ca && X509_STORE_add_cert(SSL_CTX_get_cert_store(t->cctx), ca) == 1;
	X509_free(ca);
	if (!ok)
		return failed(t, "CA certificate");
	SSL_CTX_set_verify(t->cctx, SSL_VERIFY_PEER, NULL);
	/* resumption through tickets only (no server-side cache to fill); the
	   client keeps what it gets (no internal store: the cell holds it) */
	SSL_CTX_set_session_cache_mode(t->sctx, SSL_SESS_CACHE_OFF);
	SSL_CTX_set_session_cache_mode(t->cctx,
				       SSL_SESS_CACHE_CLIENT | SSL_SESS_CACHE_NO_INTERNAL_STORE);
	if (cfg->version == 13)
		SSL_CTX_set_num_tickets(t->sctx, 1);
	return CS_OK;
}

/* A client and a server SSL joined by our BIOs on empty buffers. */
static cs_status
new_pair(tls_ctx *t, SSL **c, SSL **s)
{
	BIO_METHOD *m = pipe_method();
	cs_tls_pipe_reset(&t->c2s, &t->s2c);
	t->cside = cs_tls_end_memory(&t->s2c, &t->c2s);
	t->sside = cs_tls_end_memory(&t->c2s, &t->s2c);
	*c = SSL_new(t->cctx);
	*s = SSL_new(t->sctx);
	BIO *bc = m ? BIO_new(m) : NULL, *bs = m ? BIO_new(m) : NULL;
	if (!*c || !*s || !bc || !bs) {
		BIO_free(bc);
		BIO_free(bs);
		return failed(t, "SSL_new or BIO_new");
	}
	BIO_set_data(bc, &t->cside);
	BIO_set_data(bs, &t->sside);
	SSL_set_bio(*c, bc, bc);
	SSL_set_bio(*s, bs, bs);
	if (!SSL_set_tlsext_host_name(*c, "localhost") || !SSL_set1_host(*c, "localhost"))
		return failed(t, "server name");
	SSL_set_connect_state(*c);
	SSL_set_accept_state(*s);
	return CS_OK;
}

static int
blocked(SSL *ssl, int rc)
{
	int e = SSL_get_error(ssl, rc);
	return e == SSL_ERROR_WANT_READ || e == SSL_ERROR_WANT_WRITE;
}

/* Turn both sides until both have finished the handshake. */
static cs_status
handshake(tls_ctx *t, SSL *c, SSL *s)
{
	int cdone = 0, sdone = 0;
	for (int turn = 0; turn < MAX_TURNS && !(cdone && sdone); turn++) {
		if (!cdone) {
			int rc = SSL_do_handshake(c);
			if (rc == 1)
				cdone = 1;
			else if (!blocked(c, rc))
				return failed(t, "client handshake");
		}
		if (!sdone) {
			int rc = SSL_do_handshake(s);
			if (rc == 1)
				sdone = 1;
			else if (!blocked(s, rc))
				return failed(t, "server handshake");
		}
	}
	if (!(cdone && sdone)) {
		snprintf(t->error, sizeof t->error, "handshake did not finish in %d turns",
			 MAX_TURNS);
		return CS_LIB_ERROR;
	}
	if (SSL_get_verify_result(c) != X509_V_OK) {
		snprintf(t->error, sizeof t->error, "server certificate: %s",
			 X509_verify_cert_error_string(SSL_get_verify_result(c)));
		return CS_MISMATCH;
	}
	return CS_OK;
}

/* Move len bytes from one side to the other as one record. */
static cs_status
transfer(tls_ctx *t, SSL *from, SSL *to, const uint8_t *in, uint8_t *out, size_t len)
{
	size_t got = 0;
	if (len == 0)
		return CS_OK;
	if (SSL_write(from, in, (int)len) != (int)len)
		return failed(t, "SSL_write");
	while (got < len) {
		int rc = SSL_read(to, out + got, (int)(len - got));
		if (rc <= 0)
			return failed(t, "SSL_read");
		got += (size_t)rc;
	}
	return CS_OK;
}

/* Read the ticket the server sent after the handshake, keep its session. */
static cs_status
next_ticket(tls_ctx *t, SSL *c)
{
	uint8_t byte;
	if (SSL_read(c, &byte, 1) > 0)
		return failed(t, "unexpected data");
	ERR_clear_error();
	SSL_SESSION *next = SSL_get1_session(c);
	if (!next || !SSL_SESSION_is_resumable(next)) {
		SSL_SESSION_free(next);
		return failed(t, "no new ticket after a resumed handshake");
	}
	SSL_SESSION_free(t->session);
	t->session = next;
	return CS_OK;
}

/* ---- peer mode: one side over a socket (the client x server grid) ---- */

static cs_status
peer_open(void *ctx, bool client, cs_tls_end *e)
{
	tls_ctx *t = ctx;
	BIO_METHOD *m = pipe_method();
	t->peer_client = client;
	t->peer = SSL_new(client ? t->cctx : t->sctx);
	BIO *b = m ? BIO_new(m) : NULL;
	if (!t->peer || !b) {
		BIO_free(b);
		return failed(t, "SSL_new or BIO_new");
	}
	BIO_set_data(b, e);
	SSL_set_bio(t->peer, b, b);
	if (client && (!SSL_set_tlsext_host_name(t->peer, "localhost") ||
		       !SSL_set1_host(t->peer, "localhost")))
		return failed(t, "server name");
	return CS_OK;
}

static cs_status
peer_handshake(void *ctx)
{
	tls_ctx *t = ctx;
	int rc = t->peer_client ? SSL_connect(t->peer) : SSL_accept(t->peer);
	if (t->peer_client && SSL_get_verify_result(t->peer) != X509_V_OK) {
		snprintf(t->error, sizeof t->error, "server certificate: %s",
			 X509_verify_cert_error_string(SSL_get_verify_result(t->peer)));
		ERR_clear_error();
		return CS_MISMATCH;
	}
	return rc == 1 ? CS_OK
		       : failed(t, t->peer_client ? "client handshake" : "server handshake");
}

static cs_status
peer_write(void *ctx, const uint8_t *data, size_t len)
{
	tls_ctx *t = ctx;
	return SSL_write(t->peer, data, (int)len) == (int)len ? CS_OK : failed(t, "SSL_write");
}

static cs_status
peer_read(void *ctx, uint8_t *data, size_t len)
{
	tls_ctx *t = ctx;
	for (size_t got = 0; got < len;) {
		int rc = SSL_read(t->peer, data + got, (int)(len - got));
		if (rc <= 0)
			return failed(t, "SSL_read");
		got += (size_t)rc;
	}
	return CS_OK;
}

static cs_status
peer_close(void *ctx, bool clean)
{
	tls_ctx *t = ctx;
	cs_status st = CS_OK;
	/* the first call sends close_notify (0), the second waits for the peer's */
	if (clean) {
		int rc = SSL_shutdown(t->peer);
		if (rc == 0)
			rc = SSL_shutdown(t->peer);
		if (rc != 1)
			st = failed(t, "SSL_shutdown");
	}
	SSL_free(t->peer);
	t->peer = NULL;
	return st;
}

static const cs_tls_peer_ops peer_ops = {
	.open = peer_open,
	.handshake = peer_handshake,
	.write = peer_write,
	.read = peer_read,
	.close = peer_close,
};

static cs_setup_fn tls_setup;
static cs_run_fn tls_run;
static cs_teardown_fn tls_teardown;
static cs_describe_fn tls_describe;
static cs_available_fn tls_available;

static cs_status
tls_setup(void *ctx, const cs_setup *s)
{
	tls_ctx *t = ctx;
	t->alg = s->alg;
	t->op = s->op;
	if (s->max_len > 16384)
		return CS_BAD_PARAM; /* one record */
	cs_status st = make_ctxs(t, s);
	if (st != CS_OK)
		return st;
	if (s->op == CS_OP_HANDSHAKE)
		return CS_OK;
	if ((st = new_pair(t, &t->c, &t->s)) != CS_OK || (st = handshake(t, t->c, t->s)) != CS_OK)
		return st;
	if (s->op != CS_OP_RESUME)
		return CS_OK;
	/* TLS 1.3 sends the ticket after the handshake: one read takes it in */
	uint8_t byte;
	if (t->alg->tls.version == 13 && SSL_read(t->c, &byte, 1) > 0)
		return failed(t, "unexpected data");
	ERR_clear_error();
	t->session = SSL_get1_session(t->c);
	/* freed without a close, OpenSSL would mark the session not resumable */
	SSL_set_shutdown(t->c, SSL_SENT_SHUTDOWN | SSL_RECEIVED_SHUTDOWN);
	SSL_free(t->c);
	SSL_free(t->s);
	t->c = t->s = NULL;
	if (!t->session || !SSL_SESSION_is_resumable(t->session))
		return failed(t, "no resumable session after the first handshake");
	return CS_OK;
}

static cs_status
tls_run(void *ctx, const cs_io *io)
{
	tls_ctx *t = ctx;
	SSL *c = NULL, *s = NULL;
	cs_status st;
	if (cs_tls_peer_mode.role != CS_TLS_BOTH)
		return cs_tls_peer_run(&peer_ops, t, t->error, sizeof t->error);
	switch (t->op) {
	case CS_OP_SEND: return transfer(t, t->c, t->s, io->in, io->out, io->len);
	case CS_OP_RECV: return transfer(t, t->s, t->c, io->in, io->out, io->len);
	case CS_OP_HANDSHAKE:
	case CS_OP_RESUME:
		st = new_pair(t, &c, &s);
		if (st == CS_OK && t->session && !SSL_set_session(c, t->session))
			st = failed(t, "SSL_set_session");
		if (st == CS_OK)
			st = handshake(t, c, s);
		if (st == CS_OK && t->session && !SSL_session_reused(c)) {
			snprintf(t->error, sizeof t->error,
				 "the server did not resume the session");
			st = CS_MISMATCH;
		}
		/* TLS 1.3 tickets are single use (OpenSSL retires the one used):
		   take in the new ticket the server sent, as a client does, and
		   resume with it next time */
		if (st == CS_OK && t->session && t->alg->tls.version == 13)
			st = next_ticket(t, c);
		/* as a closed connection: the session stays resumable */
		if (c)
			SSL_set_shutdown(c, SSL_SENT_SHUTDOWN | SSL_RECEIVED_SHUTDOWN);
		SSL_free(c);
		SSL_free(s);
		return st;
	default: return CS_BAD_PARAM;
	}
}

static void
tls_teardown(void *ctx)
{
	tls_ctx *t = ctx;
	SSL_free(t->peer);
	SSL_free(t->c);
	SSL_free(t->s);
	SSL_SESSION_free(t->session);
	SSL_CTX_free(t->cctx);
	SSL_CTX_free(t->sctx);
}

static void
tls_describe(void *ctx, char *buf, size_t size)
{
	tls_ctx *t = ctx;
	if (t->error[0])
		snprintf(buf, size, "error=%s", t->error);
	else
		snprintf(buf, size, "libssl=%s", OpenSSL_version(OPENSSL_VERSION));
}

/* The group is the one thing a build may lack (X25519MLKEM768 before 3.5). */
static int
tls_available(const cs_impl *self, const char **why)
{
	const cs_tls *cfg = &self->alg->tls;
	SSL_CTX *x = SSL_CTX_new(TLS_client_method());
	int ok = x && SSL_CTX_set1_groups_list(x, group_names[cfg->group]) == 1;
	SSL_CTX_free(x);
	ERR_clear_error();
	if (!ok)
		*why = cfg->group == CS_TLS_X25519MLKEM768
			       ? "this OpenSSL has no X25519MLKEM768 (OpenSSL 3.5 or later has)"
			       : "this OpenSSL refuses the group";
	return ok;
}

#define TLS_IMPL(id)                                                                               \
	const cs_impl cs_openssl_##id##_tls = {                                                    \
		.alg = &cs_alg_##id,                                                               \
		.path = "tls",                                                                     \
		.ops = CS_ALG_OPS_##id,                                                            \
		.context_size = sizeof(tls_ctx),                                                   \
		.available = tls_available,                                                        \
		.setup = tls_setup,                                                                \
		.run = tls_run,                                                                    \
		.teardown = tls_teardown,                                                          \
		.describe = tls_describe,                                                          \
	};
CS_OPENSSL_TLS(TLS_IMPL)
