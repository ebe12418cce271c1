/*
 * The TLS family through wolfSSL: a client and a server WOLFSSL joined in
 * memory by the I/O callbacks (one buffer per direction). alg->tls says what
 * a configuration negotiates.
 */
#include <wolfssl/options.h>
#include <wolfssl/wolfcrypt/settings.h>

#include <wolfssl/ssl.h>

#include <stdio.h>
#include <string.h>

#include "cryptospeed/tls_flow.h"
#include "wolfssl_tls.h"

/* wolfSSL_get_error's codes for a refused peer name and a failed certificate
   check. Their values are the library's ABI (-322 and -329 in 5.5.4 and
   5.7.2 alike), but 5.7.2's ssl.h does not bring in the enum that names them
   (DOMAIN_NAME_MISMATCH, VERIFY_CERT_ERROR: an undeclared name there), so
   the adapter names them itself and compiles against every release of
   `scripts/libs.sh`'s set "versions" (tests/e2e/root_compile.sh). */
enum {
	WOLF_NAME_MISMATCH = -322,
	WOLF_VERIFY_CERT = -329,
};

/* Turns a handshake may take before it counts as hung. */
#define MAX_TURNS 64

typedef struct tls_ctx {
	const cs_alg *alg;
	cs_op op;
	WOLFSSL_CTX *cctx, *sctx;
	WOLFSSL *c, *s;
	WOLFSSL_SESSION *session; /* resume: the session to resume */
	cs_tls_pipe c2s, s2c;
	cs_tls_end cend, send; /* the client's and the server's ends (I/O contexts) */
	WOLFSSL *p;	       /* peer mode: this side's connection over the socket */
	cs_tls_end pend;       /* peer mode: its end */
	bool p_client;	       /* peer mode: it is the client */
	char error[200];       /* what failed, for describe */
} tls_ctx;

static const int groups[] = {
	[CS_TLS_X25519] = WOLFSSL_ECC_X25519,
	[CS_TLS_SECP256R1] = WOLFSSL_ECC_SECP256R1,
#if LIBWOLFSSL_VERSION_HEX >= 0x05008000 && defined(WOLFSSL_HAVE_MLKEM) &&                         \
	!defined(WOLFSSL_NO_ML_KEM_768) && defined(HAVE_CURVE25519)
	[CS_TLS_X25519MLKEM768] = WOLFSSL_X25519MLKEM768, /* 5.8: the hybrid (0x11ec) */
#else
	[CS_TLS_X25519MLKEM768] = 0, /* none in this wolfSSL's API */
#endif
};
static const char *const suites13[] = {
	[CS_TLS_AES_128_GCM] = "TLS13-AES128-GCM-SHA256",
	[CS_TLS_AES_256_GCM] = "TLS13-AES256-GCM-SHA384",
	[CS_TLS_CHACHA20_POLY1305] = "TLS13-CHACHA20-POLY1305-SHA256",
};
static const char *const suites12[] = {
	[CS_TLS_AES_128_GCM] = "ECDHE-ECDSA-AES128-GCM-SHA256",
	[CS_TLS_AES_256_GCM] = "ECDHE-ECDSA-AES256-GCM-SHA384",
	[CS_TLS_CHACHA20_POLY1305] = "ECDHE-ECDSA-CHACHA20-POLY1305",
};

static cs_status
failed(tls_ctx *t, const char *what, WOLFSSL *ssl, int ret)
{
	char lib[WOLFSSL_MAX_ERROR_SZ] = "";
	int err = ssl ? wolfSSL_get_error(ssl, ret) : ret;
	wolfSSL_ERR_error_string_n((unsigned long)err, lib, sizeof lib);
	snprintf(t->error, sizeof t->error, "%s: %s (%d)", what, lib, err);
	return CS_LIB_ERROR;
}

static int
io_send(WOLFSSL *ssl, char *buf, int sz, void *ptr)
{
	(void)ssl;
	ssize_t n = sz < 0 ? CS_TLS_IO_AGAIN : cs_tls_end_write(ptr, buf, (size_t)sz);
	return n == CS_TLS_IO_AGAIN   ? WOLFSSL_CBIO_ERR_WANT_WRITE
	       : n == CS_TLS_IO_ERROR ? WOLFSSL_CBIO_ERR_CONN_RST
				      : (int)n;
}

static int
io_recv(WOLFSSL *ssl, char *buf, int sz, void *ptr)
{
	(void)ssl;
	ssize_t n = sz < 0 ? CS_TLS_IO_AGAIN : cs_tls_end_read(ptr, buf, (size_t)sz);
	return n == CS_TLS_IO_AGAIN   ? WOLFSSL_CBIO_ERR_WANT_READ
	       : n == CS_TLS_IO_ERROR ? WOLFSSL_CBIO_ERR_CONN_RST
	       : n == 0		      ? WOLFSSL_CBIO_ERR_CONN_CLOSE
				      : (int)n;
}

/* Both sides' WOLFSSL_CTX for the configuration. */
static cs_status
make_ctxs(void *ctx, const cs_setup *s)
{
	tls_ctx *t = ctx;
	const cs_tls *cfg = &t->alg->tls;
	if (!groups[cfg->group]) {
		snprintf(t->error, sizeof t->error, "this wolfSSL has no X25519MLKEM768");
		return CS_UNSUPPORTED;
	}
	t->cctx = wolfSSL_CTX_new(cfg->version == 13 ? wolfTLSv1_3_client_method()
						     : wolfTLSv1_2_client_method());
	t->sctx = wolfSSL_CTX_new(cfg->version == 13 ? wolfTLSv1_3_server_method()
						     : wolfTLSv1_2_server_method());
	if (!t->cctx || !t->sctx)
		return failed(t, "wolfSSL_CTX_new", NULL, 0);
	WOLFSSL_CTX *both[] = {t->cctx, t->sctx};
	int group = groups[cfg->group], ret;
	for (int i = 0; i < 2; i++) {
		wolfSSL_CTX_SetIORecv(both[i], io_recv);
		wolfSSL_CTX_SetIOSend(both[i], io_send);
		if ((ret = wolfSSL_CTX_set_cipher_list(
			     both[i], cfg->version == 13 ? suites13[cfg->aead]
							 : suites12[cfg->aead])) != WOLFSSL_SUCCESS)
			return failed(t, "cipher suite", NULL, ret);
		/* set_groups is TLS 1.3's; 1.2 offers the curve (the server's
		   ECDHE curve is P-256 by default) */
		ret = cfg->version == 13 ? wolfSSL_CTX_set_groups(both[i], &group, 1)
					 : wolfSSL_CTX_UseSupportedCurve(both[i], (word16)group);
		if (ret != WOLFSSL_SUCCESS)
			return failed(t, "group", NULL, ret);
	}
	if ((ret = wolfSSL_CTX_use_certificate_buffer(t->sctx, (const unsigned char *)s->tls_cert,
						      (long)strlen(s->tls_cert),
						      WOLFSSL_FILETYPE_PEM)) != WOLFSSL_SUCCESS ||
	    (ret = wolfSSL_CTX_use_PrivateKey_buffer(t->sctx, (const unsigned char *)s->tls_key,
						     (long)strlen(s->tls_key),
						     WOLFSSL_FILETYPE_PEM)) != WOLFSSL_SUCCESS)
		return failed(t, "server certificate or key", NULL, ret);
	if ((ret = wolfSSL_CTX_load_verify_buffer(t->cctx, (const unsigned char *)s->tls_ca,
						  (long)strlen(s->tls_ca), WOLFSSL_FILETYPE_PEM)) !=
	    WOLFSSL_SUCCESS)
		return failed(t, "CA certificate", NULL, ret);
	wolfSSL_CTX_set_verify(t->cctx, WOLFSSL_VERIFY_PEER, NULL);
	/* resumption through tickets (TLS 1.2 too): the server's session
	   cache is shared by the worker's cells, which would evict each
	   other's sessions. A build without tickets (upstream's default
	   configure has no HAVE_SESSION_TICKET) resumes through that cache. */
#ifdef HAVE_SESSION_TICKET
	if ((ret = wolfSSL_CTX_UseSessionTicket(t->cctx)) != WOLFSSL_SUCCESS)
		return failed(t, "wolfSSL_CTX_UseSessionTicket", NULL, ret);
	wolfSSL_CTX_set_session_cache_mode(t->sctx, WOLFSSL_SESS_CACHE_OFF);
#endif
	return CS_OK;
}

static void
end_pair(void *ctx)
{
	tls_ctx *t = ctx;
	wolfSSL_free(t->c);
	wolfSSL_free(t->s);
	t->c = t->s = NULL;
}

/* A client and a server WOLFSSL on empty buffers. */
static cs_status
new_pair(void *ctx)
{
	tls_ctx *t = ctx;
	int ret;
	cs_tls_pipe_reset(&t->c2s, &t->s2c);
	t->cend = cs_tls_end_memory(&t->s2c, &t->c2s);
	t->send = cs_tls_end_memory(&t->c2s, &t->s2c);
	t->c = wolfSSL_new(t->cctx);
	t->s = wolfSSL_new(t->sctx);
	if (!t->c || !t->s)
		return failed(t, "wolfSSL_new", NULL, 0);
	wolfSSL_SetIOReadCtx(t->c, &t->cend);
	wolfSSL_SetIOWriteCtx(t->c, &t->cend);
	wolfSSL_SetIOReadCtx(t->s, &t->send);
	wolfSSL_SetIOWriteCtx(t->s, &t->send);
	if ((ret = wolfSSL_check_domain_name(t->c, "localhost")) != WOLFSSL_SUCCESS)
		return failed(t, "server name", NULL, ret);
	if (t->alg->tls.version == 13 &&
	    (ret = wolfSSL_UseKeyShare(t->c, (word16)groups[t->alg->tls.group])) != WOLFSSL_SUCCESS)
		return failed(t, "key share", NULL, ret);
	if (t->session && (ret = wolfSSL_set_session(t->c, t->session)) != WOLFSSL_SUCCESS)
		return failed(t, "wolfSSL_set_session", NULL, ret);
	return CS_OK;
}

static int
blocked(WOLFSSL *ssl, int ret)
{
	int e = wolfSSL_get_error(ssl, ret);
	return e == WOLFSSL_ERROR_WANT_READ || e == WOLFSSL_ERROR_WANT_WRITE;
}

/* Turn both sides until both have finished the handshake. */
static cs_status
handshake(void *ctx)
{
	tls_ctx *t = ctx;
	int cdone = 0, sdone = 0;
	for (int turn = 0; turn < MAX_TURNS && !(cdone && sdone); turn++) {
		if (!cdone) {
			int ret = wolfSSL_connect(t->c);
			if (ret == WOLFSSL_SUCCESS)
				cdone = 1;
			else if (!blocked(t->c, ret))
				return failed(t, "client handshake", t->c, ret);
		}
		if (!sdone) {
			int ret = wolfSSL_accept(t->s);
			if (ret == WOLFSSL_SUCCESS)
				sdone = 1;
			else if (!blocked(t->s, ret))
				return failed(t, "server handshake", t->s, ret);
		}
	}
	if (!(cdone && sdone)) {
		snprintf(t->error, sizeof t->error, "handshake did not finish in %d turns",
			 MAX_TURNS);
		return CS_LIB_ERROR;
	}
	return CS_OK;
}

/* Move len bytes from one side to the other as one record. */
static cs_status
transfer(tls_ctx *t, WOLFSSL *from, WOLFSSL *to, const uint8_t *in, uint8_t *out, size_t len)
{
	size_t got = 0;
	if (len == 0)
		return CS_OK;
	int ret = wolfSSL_write(from, in, (int)len);
	if (ret != (int)len)
		return failed(t, "wolfSSL_write", from, ret);
	while (got < len) {
		ret = wolfSSL_read(to, out + got, (int)(len - got));
		if (ret <= 0)
			return failed(t, "wolfSSL_read", to, ret);
		got += (size_t)ret;
	}
	return CS_OK;
}

/* Take in what the server sent after the handshake (a TLS 1.3 ticket) and
   keep the client's session to resume. */
static cs_status
take_session(void *ctx)
{
	tls_ctx *t = ctx;
	uint8_t byte;
	int ret = wolfSSL_read(t->c, &byte, 1);
	if (ret > 0 || !blocked(t->c, ret))
		return failed(t, "reading the ticket", t->c, ret);
	WOLFSSL_SESSION *next = wolfSSL_get1_session(t->c);
	if (!next)
		return failed(t, "wolfSSL_get1_session", NULL, 0);
	wolfSSL_SESSION_free(t->session);
	t->session = next;
	return CS_OK;
}

/* ---- peer mode: one side over a socket (the client x server grid) ---- */

static cs_status
peer_open(void *ctx, bool client, cs_tls_end *e)
{
	tls_ctx *t = ctx;
	int ret;
	t->p_client = client;
	t->pend = *e;
	t->p = wolfSSL_new(client ? t->cctx : t->sctx);
	if (!t->p)
		return failed(t, "wolfSSL_new", NULL, 0);
	wolfSSL_SetIOReadCtx(t->p, &t->pend);
	wolfSSL_SetIOWriteCtx(t->p, &t->pend);
	if (client && (ret = wolfSSL_check_domain_name(t->p, "localhost")) != WOLFSSL_SUCCESS)
		return failed(t, "server name", NULL, ret);
	if (client && t->alg->tls.version == 13 &&
	    (ret = wolfSSL_UseKeyShare(t->p, (word16)groups[t->alg->tls.group])) != WOLFSSL_SUCCESS)
		return failed(t, "key share", NULL, ret);
	return CS_OK;
}

static cs_status
peer_handshake(void *ctx)
{
	tls_ctx *t = ctx;
	int ret = t->p_client ? wolfSSL_connect(t->p) : wolfSSL_accept(t->p);
	if (ret == WOLFSSL_SUCCESS)
		return CS_OK;
	int err = wolfSSL_get_error(t->p, ret);
	failed(t, t->p_client ? "client handshake" : "server handshake", t->p, ret);
	/* the client refused the certificate: its signature, its issuer, its name */
	bool refused = err == ASN_SIG_CONFIRM_E || err == ASN_NO_SIGNER_E ||
		       err == WOLF_NAME_MISMATCH || err == WOLF_VERIFY_CERT;
	return t->p_client && refused ? CS_MISMATCH : CS_LIB_ERROR;
}

static cs_status
peer_write(void *ctx, const uint8_t *data, size_t len)
{
	tls_ctx *t = ctx;
	int ret = wolfSSL_write(t->p, data, (int)len);
	return ret == (int)len ? CS_OK : failed(t, "wolfSSL_write", t->p, ret);
}

static cs_status
peer_read(void *ctx, uint8_t *data, size_t len)
{
	tls_ctx *t = ctx;
	for (size_t got = 0; got < len;) {
		int ret = wolfSSL_read(t->p, data + got, (int)(len - got));
		if (ret <= 0)
			return failed(t, "wolfSSL_read", t->p, ret);
		got += (size_t)ret;
	}
	return CS_OK;
}

static cs_status
peer_close(void *ctx, bool clean)
{
	tls_ctx *t = ctx;
	cs_status st = CS_OK;
	if (clean) {
		/* the first call sends close_notify, the second waits for the peer's */
		int ret = wolfSSL_shutdown(t->p);
		if (ret == WOLFSSL_SHUTDOWN_NOT_DONE)
			ret = wolfSSL_shutdown(t->p);
		if (ret != WOLFSSL_SUCCESS)
			st = failed(t, "wolfSSL_shutdown", t->p, ret);
	}
	wolfSSL_free(t->p);
	t->p = NULL;
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
flow_transfer(void *ctx, bool client_sends, const uint8_t *in, uint8_t *out, size_t len)
{
	tls_ctx *t = ctx;
	return client_sends ? transfer(t, t->c, t->s, in, out, len)
			    : transfer(t, t->s, t->c, in, out, len);
}

static bool
flow_resumed(void *ctx)
{
	tls_ctx *t = ctx;
	return wolfSSL_session_reused(t->c) != 0;
}

static const cs_tls_flow flow = {
	.prepare = make_ctxs,
	.new_pair = new_pair,
	.handshake = handshake,
	.take_session = take_session,
	.end_pair = end_pair,
	.transfer = flow_transfer,
	.resumed = flow_resumed,
	.peer = &peer_ops,
};

static cs_status
tls_setup(void *ctx, const cs_setup *s)
{
	tls_ctx *t = ctx;
	t->alg = s->alg;
	t->op = s->op;
	return cs_tls_flow_setup(&flow, t, s);
}

static cs_status
tls_run(void *ctx, const cs_io *io)
{
	tls_ctx *t = ctx;
	return cs_tls_flow_run(&flow, t, t->alg, t->op, io, t->error, sizeof t->error);
}

static void
tls_teardown(void *ctx)
{
	tls_ctx *t = ctx;
	end_pair(t);
	wolfSSL_free(t->p);
	wolfSSL_SESSION_free(t->session);
	wolfSSL_CTX_free(t->cctx);
	wolfSSL_CTX_free(t->sctx);
}

static void
tls_describe(void *ctx, char *buf, size_t size)
{
	tls_ctx *t = ctx;
	if (t->error[0])
		snprintf(buf, size, "error=%s", t->error);
	else
		snprintf(buf, size, "wolfssl=%s", wolfSSL_lib_version());
}

static int
tls_available(const cs_impl *self, const char **why)
{
	if (!groups[self->alg->tls.group]) {
		*why = "this wolfSSL has no X25519MLKEM768 (wolfSSL 5.8 built with ML-KEM has)";
		return 0;
	}
	return 1;
}

#define TLS_IMPL(id)                                                                               \
	const cs_impl cs_wolfssl_##id##_tls = {                                                    \
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
WOLFSSL_TLS(TLS_IMPL)
