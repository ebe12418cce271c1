/*
 * The TLS family through GnuTLS: a client and a server session joined in
 * memory by the transport callbacks (one buffer per direction). alg->tls says
 * what a configuration negotiates, as a priority string.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <gnutls/gnutls.h>

#include "cryptospeed/tls_flow.h"
#include "gnutls_tls.h"

/* Turns a handshake may take before it counts as hung. */
#define MAX_TURNS 64

/* One side: its session and its transport. */
typedef struct side {
	gnutls_session_t session;
	cs_tls_end end;
} side;

typedef struct tls_ctx {
	const cs_alg *alg;
	cs_op op;
	gnutls_certificate_credentials_t ccred, scred;
	gnutls_priority_t prio;
	gnutls_datum_t ticket_key;
	gnutls_datum_t session_data; /* resume: the first handshake's session */
	cs_tls_pipe c2s, s2c;
	side c, s;
	side p;		 /* peer mode: this side's connection over the socket */
	bool p_client;	 /* peer mode: it is the client */
	char error[400]; /* what failed, for describe */
} tls_ctx;

static const char *const groups[] = {
	[CS_TLS_X25519] = "GROUP-X25519",
	[CS_TLS_SECP256R1] = "GROUP-SECP256R1",
	[CS_TLS_X25519MLKEM768] = "GROUP-X25519-MLKEM768",
};
static const char *const ciphers[] = {
	[CS_TLS_AES_128_GCM] = "AES-128-GCM",
	[CS_TLS_AES_256_GCM] = "AES-256-GCM",
	[CS_TLS_CHACHA20_POLY1305] = "CHACHA20-POLY1305",
};

static cs_status
failed(tls_ctx *t, const char *what, int ret)
{
	snprintf(t->error, sizeof t->error, "%s: %s", what, gnutls_strerror(ret));
	return CS_LIB_ERROR;
}

static ssize_t
push(gnutls_transport_ptr_t ptr, const void *data, size_t len)
{
	side *x = ptr;
	ssize_t n = cs_tls_end_write(&x->end, data, len);
	if (n < 0)
		gnutls_transport_set_errno(x->session, n == CS_TLS_IO_AGAIN ? EAGAIN : EPIPE);
	return n < 0 ? -1 : n;
}

static ssize_t
pull(gnutls_transport_ptr_t ptr, void *data, size_t len)
{
	side *x = ptr;
	ssize_t n = cs_tls_end_read(&x->end, data, len);
	if (n < 0)
		gnutls_transport_set_errno(x->session, n == CS_TLS_IO_AGAIN ? EAGAIN : EIO);
	return n < 0 ? -1 : n;
}

static int
pull_timeout(gnutls_transport_ptr_t ptr, unsigned int ms)
{
	(void)ms;
	side *x = ptr;
	/* a socket blocks in pull until its bytes come */
	return x->end.fd >= 0 || cs_tls_end_pending(&x->end) > 0;
}

static void
priority_string(const cs_tls *cfg, char *buf, size_t size)
{
	snprintf(buf, size, "NORMAL:-VERS-ALL:+VERS-TLS1.%d:-GROUP-ALL:+%s:-CIPHER-ALL:+%s%s",
		 cfg->version == 13 ? 3 : 2, groups[cfg->group], ciphers[cfg->aead],
		 cfg->version == 13 ? "" : ":-KX-ALL:+ECDHE-ECDSA");
}

/* The configuration's shared objects: priorities, credentials, ticket key. */
static cs_status
make_shared(void *ctx, const cs_setup *s)
{
	tls_ctx *t = ctx;
	char prio[256];
	int ret;
	priority_string(&t->alg->tls, prio, sizeof prio);
	if ((ret = gnutls_priority_init(&t->prio, prio, NULL)) < 0) {
		failed(t, "priority string", ret);
		return CS_UNSUPPORTED;
	}
	gnutls_datum_t cert = {(unsigned char *)(uintptr_t)s->tls_cert,
			       (unsigned)strlen(s->tls_cert)};
	gnutls_datum_t key = {(unsigned char *)(uintptr_t)s->tls_key, (unsigned)strlen(s->tls_key)};
	gnutls_datum_t ca = {(unsigned char *)(uintptr_t)s->tls_ca, (unsigned)strlen(s->tls_ca)};
	if ((ret = gnutls_certificate_allocate_credentials(&t->scred)) < 0 ||
	    (ret = gnutls_certificate_set_x509_key_mem2(t->scred, &cert, &key, GNUTLS_X509_FMT_PEM,
							NULL, 0)) < 0)
		return failed(t, "server certificate or key", ret);
	if ((ret = gnutls_certificate_allocate_credentials(&t->ccred)) < 0 ||
	    (ret = gnutls_certificate_set_x509_trust_mem(t->ccred, &ca, GNUTLS_X509_FMT_PEM)) < 1)
		return failed(t, "CA certificate", ret < 0 ? ret : GNUTLS_E_BASE64_DECODING_ERROR);
	if ((ret = gnutls_session_ticket_key_generate(&t->ticket_key)) < 0)
		return failed(t, "ticket key", ret);
	return CS_OK;
}

static void
end_pair(void *ctx)
{
	tls_ctx *t = ctx;
	if (t->c.session)
		gnutls_deinit(t->c.session);
	if (t->s.session)
		gnutls_deinit(t->s.session);
	t->c.session = t->s.session = NULL;
}

/* A client and a server session on empty buffers. */
static cs_status
new_pair(void *ctx)
{
	tls_ctx *t = ctx;
	int ret;
	cs_tls_pipe_reset(&t->c2s, &t->s2c);
	t->c = (side){.end = cs_tls_end_memory(&t->s2c, &t->c2s)};
	t->s = (side){.end = cs_tls_end_memory(&t->c2s, &t->s2c)};
	if ((ret = gnutls_init(&t->c.session, GNUTLS_CLIENT | GNUTLS_NONBLOCK)) < 0 ||
	    (ret = gnutls_init(&t->s.session, GNUTLS_SERVER | GNUTLS_NONBLOCK)) < 0)
		return failed(t, "gnutls_init", ret);
	side *sides[] = {&t->c, &t->s};
	for (int i = 0; i < 2; i++) {
		gnutls_session_t x = sides[i]->session;
		if ((ret = gnutls_priority_set(x, t->prio)) < 0 ||
		    (ret = gnutls_credentials_set(x, GNUTLS_CRD_CERTIFICATE,
						  i ? t->scred : t->ccred)) < 0)
			return failed(t, "priority or credentials", ret);
		gnutls_transport_set_ptr(x, sides[i]);
		gnutls_transport_set_push_function(x, push);
		gnutls_transport_set_pull_function(x, pull);
		gnutls_transport_set_pull_timeout_function(x, pull_timeout);
		gnutls_handshake_set_timeout(x, 0);
	}
	if ((ret = gnutls_session_ticket_enable_server(t->s.session, &t->ticket_key)) < 0 ||
	    (ret = gnutls_server_name_set(t->c.session, GNUTLS_NAME_DNS, "localhost", 9)) < 0)
		return failed(t, "ticket or server name", ret);
	gnutls_session_set_verify_cert(t->c.session, "localhost", 0);
	if (t->session_data.size &&
	    (ret = gnutls_session_set_data(t->c.session, t->session_data.data,
					   t->session_data.size)) < 0)
		return failed(t, "gnutls_session_set_data", ret);
	return CS_OK;
}

/* Turn both sides until both have finished the handshake. */
static cs_status
handshake(void *ctx)
{
	tls_ctx *t = ctx;
	int cdone = 0, sdone = 0;
	for (int turn = 0; turn < MAX_TURNS && !(cdone && sdone); turn++) {
		if (!cdone) {
			int ret = gnutls_handshake(t->c.session);
			if (ret == 0)
				cdone = 1;
			else if (gnutls_error_is_fatal(ret))
				return failed(t, "client handshake", ret);
		}
		if (!sdone) {
			int ret = gnutls_handshake(t->s.session);
			if (ret == 0)
				sdone = 1;
			else if (gnutls_error_is_fatal(ret))
				return failed(t, "server handshake", ret);
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
transfer(tls_ctx *t, gnutls_session_t from, gnutls_session_t to, const uint8_t *in, uint8_t *out,
	 size_t len)
{
	size_t got = 0;
	if (len == 0)
		return CS_OK;
	ssize_t n = gnutls_record_send(from, in, len);
	if (n != (ssize_t)len)
		return failed(t, "gnutls_record_send", n < 0 ? (int)n : GNUTLS_E_INTERNAL_ERROR);
	side *x = gnutls_transport_get_ptr(to);
	while (got < len) {
		n = gnutls_record_recv(to, out + got, len - got);
		/* a handshake message (a TLS 1.3 ticket) before the data */
		if (n == GNUTLS_E_AGAIN && cs_tls_end_pending(&x->end) > 0)
			continue;
		if (n <= 0)
			return failed(t, "gnutls_record_recv",
				      n < 0 ? (int)n : GNUTLS_E_PREMATURE_TERMINATION);
		got += (size_t)n;
	}
	return CS_OK;
}

/* TLS 1.3 sends the ticket after the handshake: one read takes it in (TLS
   1.2: nothing to read). */
static cs_status
take_session(void *ctx)
{
	tls_ctx *t = ctx;
	uint8_t byte;
	ssize_t n = gnutls_record_recv(t->c.session, &byte, 1);
	if (n >= 0 || gnutls_error_is_fatal((int)n))
		return failed(t, "reading the ticket",
			      n >= 0 ? GNUTLS_E_UNEXPECTED_PACKET : (int)n);
	if (t->session_data.data)
		gnutls_free(t->session_data.data);
	t->session_data = (gnutls_datum_t){0};
	int ret = gnutls_session_get_data2(t->c.session, &t->session_data);
	return ret < 0 ? failed(t, "gnutls_session_get_data2", ret) : CS_OK;
}

/* ---- peer mode: one side over a socket (the client x server grid) ---- */

/* What a failed call ended with: the alert the peer sent, when it sent one. */
static cs_status
peer_failed(tls_ctx *t, const char *what, int ret)
{
	if (ret == GNUTLS_E_FATAL_ALERT_RECEIVED || ret == GNUTLS_E_WARNING_ALERT_RECEIVED) {
		snprintf(t->error, sizeof t->error, "%s: %s: %s", what, gnutls_strerror(ret),
			 gnutls_alert_get_name(gnutls_alert_get(t->p.session)));
		return CS_LIB_ERROR;
	}
	return failed(t, what, ret);
}

static cs_status
peer_open(void *ctx, bool client, cs_tls_end *e)
{
	tls_ctx *t = ctx;
	int ret;
	t->p_client = client;
	t->p = (side){.end = *e};
	if ((ret = gnutls_init(&t->p.session, client ? GNUTLS_CLIENT : GNUTLS_SERVER)) < 0)
		return failed(t, "gnutls_init", ret);
	gnutls_session_t x = t->p.session;
	if ((ret = gnutls_priority_set(x, t->prio)) < 0 ||
	    (ret = gnutls_credentials_set(x, GNUTLS_CRD_CERTIFICATE,
					  client ? t->ccred : t->scred)) < 0)
		return failed(t, "priority or credentials", ret);
	gnutls_transport_set_ptr(x, &t->p);
	gnutls_transport_set_push_function(x, push);
	gnutls_transport_set_pull_function(x, pull);
	gnutls_transport_set_pull_timeout_function(x, pull_timeout);
	gnutls_handshake_set_timeout(x, 0);
	if (!client && (ret = gnutls_session_ticket_enable_server(x, &t->ticket_key)) < 0)
		return failed(t, "ticket", ret);
	if (client) {
		if ((ret = gnutls_server_name_set(x, GNUTLS_NAME_DNS, "localhost", 9)) < 0)
			return failed(t, "server name", ret);
		gnutls_session_set_verify_cert(x, "localhost", 0);
	}
	return CS_OK;
}

static cs_status
peer_handshake(void *ctx)
{
	tls_ctx *t = ctx;
	int ret;
	do
		ret = gnutls_handshake(t->p.session);
	while (ret < 0 && !gnutls_error_is_fatal(ret));
	if (ret == GNUTLS_E_CERTIFICATE_VERIFICATION_ERROR) {
		failed(t, "client handshake", ret);
		return CS_MISMATCH;
	}
	return ret < 0 ? peer_failed(t, t->p_client ? "client handshake" : "server handshake", ret)
		       : CS_OK;
}

static cs_status
peer_write(void *ctx, const uint8_t *data, size_t len)
{
	tls_ctx *t = ctx;
	for (size_t put = 0; put < len;) {
		ssize_t n = gnutls_record_send(t->p.session, data + put, len - put);
		if (n == GNUTLS_E_AGAIN || n == GNUTLS_E_INTERRUPTED)
			continue;
		if (n <= 0)
			return peer_failed(t, "gnutls_record_send",
					   n < 0 ? (int)n : GNUTLS_E_INTERNAL_ERROR);
		put += (size_t)n;
	}
	return CS_OK;
}

static cs_status
peer_read(void *ctx, uint8_t *data, size_t len)
{
	tls_ctx *t = ctx;
	for (size_t got = 0; got < len;) {
		ssize_t n = gnutls_record_recv(t->p.session, data + got, len - got);
		/* a handshake message (a TLS 1.3 ticket) before the data */
		if (n == GNUTLS_E_AGAIN || n == GNUTLS_E_INTERRUPTED)
			continue;
		if (n <= 0)
			return peer_failed(t, "gnutls_record_recv",
					   n < 0 ? (int)n : GNUTLS_E_PREMATURE_TERMINATION);
		got += (size_t)n;
	}
	return CS_OK;
}

static cs_status
peer_close(void *ctx, bool clean)
{
	tls_ctx *t = ctx;
	int ret = 0;
	if (clean) {
		do
			ret = gnutls_bye(t->p.session, GNUTLS_SHUT_RDWR);
		while (ret == GNUTLS_E_AGAIN || ret == GNUTLS_E_INTERRUPTED);
	}
	cs_status st = ret < 0 ? peer_failed(t, "gnutls_bye", ret) : CS_OK;
	if (t->p.session)
		gnutls_deinit(t->p.session);
	t->p.session = NULL;
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
	return client_sends ? transfer(t, t->c.session, t->s.session, in, out, len)
			    : transfer(t, t->s.session, t->c.session, in, out, len);
}

static bool
flow_resumed(void *ctx)
{
	tls_ctx *t = ctx;
	return gnutls_session_is_resumed(t->c.session) != 0;
}

static const cs_tls_flow flow = {
	.prepare = make_shared,
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
	if (t->p.session)
		gnutls_deinit(t->p.session);
	if (t->session_data.data)
		gnutls_free(t->session_data.data);
	if (t->ticket_key.data)
		gnutls_free(t->ticket_key.data);
	if (t->prio)
		gnutls_priority_deinit(t->prio);
	if (t->ccred)
		gnutls_certificate_free_credentials(t->ccred);
	if (t->scred)
		gnutls_certificate_free_credentials(t->scred);
}

static void
tls_describe(void *ctx, char *buf, size_t size)
{
	tls_ctx *t = ctx;
	if (t->error[0])
		snprintf(buf, size, "error=%s", t->error);
	else
		snprintf(buf, size, "gnutls=%s", gnutls_check_version(NULL));
}

/* The group is what a build may lack (X25519MLKEM768). */
static int
tls_available(const cs_impl *self, const char **why)
{
	char prio[256];
	gnutls_priority_t p;
	priority_string(&self->alg->tls, prio, sizeof prio);
	if (gnutls_priority_init(&p, prio, NULL) < 0) {
		*why = self->alg->tls.group == CS_TLS_X25519MLKEM768
			       ? "this GnuTLS has no X25519MLKEM768"
			       : "this GnuTLS refuses the configuration's priority string";
		return 0;
	}
	gnutls_priority_deinit(p);
	return 1;
}

#define TLS_IMPL(id)                                                                               \
	const cs_impl cs_gnutls_##id##_tls = {                                                     \
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
GNUTLS_TLS(TLS_IMPL)
