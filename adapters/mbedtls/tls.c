/*
 * The TLS family through mbedTLS's SSL module: a client and a server context
 * joined in memory by the BIO callbacks (one buffer per direction). 2.28
 * runs TLS 1.2 only (its TLS 1.3 is an experimental prototype Debian leaves
 * out); 3.x runs both. mbedTLS has no Ed25519 and no ML-KEM.
 */
#include <stdio.h>
#include <string.h>

#include "cryptospeed/tls_flow.h"
#include "mbedtls/version.h" /* first: pulls in the build configuration */

#include "mbedtls/ctr_drbg.h"
#include "mbedtls/entropy.h"
#include "mbedtls/error.h"
#include "mbedtls/pk.h"
#include "mbedtls/ssl.h"
#include "mbedtls/ssl_ticket.h"
#include "mbedtls/x509_crt.h"

#include "mbedtls_impls.h"

#if MBEDTLS_VERSION_NUMBER >= 0x03000000 && defined(MBEDTLS_SSL_PROTO_TLS1_3)
#define HAVE_TLS13 1
#else
#define HAVE_TLS13 0
#endif

/* Turns a handshake may take before it counts as hung. */
#define MAX_TURNS 64

typedef struct tls_ctx {
	const cs_alg *alg;
	cs_op op;
	mbedtls_entropy_context entropy;
	mbedtls_ctr_drbg_context drbg;
	mbedtls_ssl_config cconf, sconf;
	mbedtls_x509_crt ca, cert;
	mbedtls_pk_context key;
	mbedtls_ssl_ticket_context ticket;
	mbedtls_ssl_session session; /* resume: the session to resume */
	int have_session;	     /* session holds one */
	mbedtls_ssl_context c, s;
	int pair;      /* c and s are initialised */
	int inited;    /* make_confs initialised the rest */
	int verified;  /* certificate verifications the client ran */
	int suites[2]; /* the configuration's suite, 0-ended */
#if HAVE_TLS13
	uint16_t groups[2]; /* the configuration's group, 0-ended */
#else
	mbedtls_ecp_group_id curves[2]; /* the configuration's curve, NONE-ended */
#endif
	cs_tls_pipe c2s, s2c;
	cs_tls_end cside, sside; /* the client's and the server's ends */
	mbedtls_ssl_context p;	 /* peer mode: this side's connection over the socket */
	int p_open;		 /* peer mode: p is initialised */
	int p_client;		 /* peer mode: it is the client */
	cs_tls_end pend;	 /* peer mode: its end */
	char error[200];	 /* what failed, for describe */
} tls_ctx;

/* IANA cipher suite numbers (RFC 8446 B.4; RFC 5289, RFC 7905). */
static const int suites13[] = {
	[CS_TLS_AES_128_GCM] = 0x1301,
	[CS_TLS_AES_256_GCM] = 0x1302,
	[CS_TLS_CHACHA20_POLY1305] = 0x1303,
};
static const int suites12[] = {
	[CS_TLS_AES_128_GCM] = 0xc02b,
	[CS_TLS_AES_256_GCM] = 0xc02c,
	[CS_TLS_CHACHA20_POLY1305] = 0xcca9,
};

static cs_status
failed(tls_ctx *t, const char *what, int ret)
{
	char lib[120] = "";
#if defined(MBEDTLS_ERROR_C)
	mbedtls_strerror(ret, lib, sizeof lib);
#endif
	snprintf(t->error, sizeof t->error, "%s: %s (-0x%04x)", what, lib,
		 (unsigned)(ret < 0 ? -ret : ret));
	return CS_LIB_ERROR;
}

static int
io_send(void *ptr, const unsigned char *buf, size_t len)
{
	ssize_t n = cs_tls_end_write(ptr, buf, len);
	return n == CS_TLS_IO_AGAIN   ? MBEDTLS_ERR_SSL_WANT_WRITE
	       : n == CS_TLS_IO_ERROR ? MBEDTLS_ERR_SSL_INTERNAL_ERROR
				      : (int)n;
}

/* 0 at the end of a socket's stream: mbedTLS says MBEDTLS_ERR_SSL_CONN_EOF */
static int
io_recv(void *ptr, unsigned char *buf, size_t len)
{
	ssize_t n = cs_tls_end_read(ptr, buf, len);
	return n == CS_TLS_IO_AGAIN   ? MBEDTLS_ERR_SSL_WANT_READ
	       : n == CS_TLS_IO_ERROR ? MBEDTLS_ERR_SSL_INTERNAL_ERROR
				      : (int)n;
}

/* The client's certificate check: counted, so a resumed handshake (which
   verifies nothing) can be told from a full one. */
static int
count_verify(void *ptr, mbedtls_x509_crt *crt, int depth, uint32_t *flags)
{
	(void)crt;
	(void)flags;
	tls_ctx *t = ptr;
	if (depth == 0)
		t->verified++;
	return 0;
}

static const char *
unsupported_why(const cs_tls *cfg)
{
	if (cfg->group == CS_TLS_X25519MLKEM768)
		return "mbedTLS has no X25519MLKEM768";
	if (cfg->cert == CS_TLS_CERT_ED25519)
		return "mbedTLS has no Ed25519 certificates";
	if (cfg->version == 13 && !HAVE_TLS13)
		return "mbedTLS " MBEDTLS_VERSION_STRING " has no usable TLS 1.3 (mbedTLS 3.x has: "
		       "scripts/libs.sh build mbedtls@3.6.6)";
	return NULL;
}

/* Both sides' configurations, credentials and ticket key. */
static cs_status
make_confs(void *ctx, const cs_setup *s)
{
	tls_ctx *t = ctx;
	const cs_tls *cfg = &t->alg->tls;
	int ret;
	t->inited = 1;
	mbedtls_entropy_init(&t->entropy);
	mbedtls_ctr_drbg_init(&t->drbg);
	mbedtls_ssl_config_init(&t->cconf);
	mbedtls_ssl_config_init(&t->sconf);
	mbedtls_x509_crt_init(&t->ca);
	mbedtls_x509_crt_init(&t->cert);
	mbedtls_pk_init(&t->key);
	mbedtls_ssl_ticket_init(&t->ticket);
	mbedtls_ssl_session_init(&t->session);
	if ((ret = mbedtls_ctr_drbg_seed(&t->drbg, mbedtls_entropy_func, &t->entropy, NULL, 0)))
		return failed(t, "mbedtls_ctr_drbg_seed", ret);
	if ((ret = mbedtls_x509_crt_parse(&t->ca, (const unsigned char *)s->tls_ca,
					  strlen(s->tls_ca) + 1)) ||
	    (ret = mbedtls_x509_crt_parse(&t->cert, (const unsigned char *)s->tls_cert,
					  strlen(s->tls_cert) + 1)))
		return failed(t, "certificate", ret);
#if MBEDTLS_VERSION_NUMBER >= 0x03000000
	ret = mbedtls_pk_parse_key(&t->key, (const unsigned char *)s->tls_key,
				   strlen(s->tls_key) + 1, NULL, 0, mbedtls_ctr_drbg_random,
				   &t->drbg);
#else
	ret = mbedtls_pk_parse_key(&t->key, (const unsigned char *)s->tls_key,
				   strlen(s->tls_key) + 1, NULL, 0);
#endif
	if (ret)
		return failed(t, "server key", ret);
	t->suites[0] = cfg->version == 13 ? suites13[cfg->aead] : suites12[cfg->aead];
#if HAVE_TLS13
	t->groups[0] = cfg->group == CS_TLS_X25519 ? MBEDTLS_SSL_IANA_TLS_GROUP_X25519
						   : MBEDTLS_SSL_IANA_TLS_GROUP_SECP256R1;
#else
	t->curves[0] =
		cfg->group == CS_TLS_X25519 ? MBEDTLS_ECP_DP_CURVE25519 : MBEDTLS_ECP_DP_SECP256R1;
	t->curves[1] = MBEDTLS_ECP_DP_NONE;
#endif
	mbedtls_ssl_config *confs[] = {&t->cconf, &t->sconf};
	for (int i = 0; i < 2; i++) {
		mbedtls_ssl_config *x = confs[i];
		if ((ret = mbedtls_ssl_config_defaults(
			     x, i ? MBEDTLS_SSL_IS_SERVER : MBEDTLS_SSL_IS_CLIENT,
			     MBEDTLS_SSL_TRANSPORT_STREAM, MBEDTLS_SSL_PRESET_DEFAULT)))
			return failed(t, "mbedtls_ssl_config_defaults", ret);
		mbedtls_ssl_conf_rng(x, mbedtls_ctr_drbg_random, &t->drbg);
		mbedtls_ssl_conf_ciphersuites(x, t->suites);
#if HAVE_TLS13
		mbedtls_ssl_protocol_version v = cfg->version == 13 ? MBEDTLS_SSL_VERSION_TLS1_3
								    : MBEDTLS_SSL_VERSION_TLS1_2;
		mbedtls_ssl_conf_min_tls_version(x, v);
		mbedtls_ssl_conf_max_tls_version(x, v);
		mbedtls_ssl_conf_groups(x, t->groups);
#else
		mbedtls_ssl_conf_min_version(x, MBEDTLS_SSL_MAJOR_VERSION_3,
					     MBEDTLS_SSL_MINOR_VERSION_3);
		mbedtls_ssl_conf_max_version(x, MBEDTLS_SSL_MAJOR_VERSION_3,
					     MBEDTLS_SSL_MINOR_VERSION_3);
		mbedtls_ssl_conf_curves(x, t->curves);
#endif
	}
	if ((ret = mbedtls_ssl_conf_own_cert(&t->sconf, &t->cert, &t->key)))
		return failed(t, "server certificate", ret);
	mbedtls_ssl_conf_ca_chain(&t->cconf, &t->ca, NULL);
	mbedtls_ssl_conf_authmode(&t->cconf, MBEDTLS_SSL_VERIFY_REQUIRED);
	mbedtls_ssl_conf_verify(&t->cconf, count_verify, t);
	if ((ret = mbedtls_ssl_ticket_setup(&t->ticket, mbedtls_ctr_drbg_random, &t->drbg,
					    MBEDTLS_CIPHER_AES_256_GCM, 86400)))
		return failed(t, "mbedtls_ssl_ticket_setup", ret);
	mbedtls_ssl_conf_session_tickets_cb(&t->sconf, mbedtls_ssl_ticket_write,
					    mbedtls_ssl_ticket_parse, &t->ticket);
#if defined(MBEDTLS_SSL_TLS1_3_SIGNAL_NEW_SESSION_TICKETS_ENABLED)
	mbedtls_ssl_conf_tls13_enable_signal_new_session_tickets(
		&t->cconf, MBEDTLS_SSL_TLS1_3_SIGNAL_NEW_SESSION_TICKETS_ENABLED);
#endif
	return CS_OK;
}

static void
end_pair(void *ctx)
{
	tls_ctx *t = ctx;
	if (!t->pair)
		return;
	mbedtls_ssl_free(&t->c);
	mbedtls_ssl_free(&t->s);
	t->pair = 0;
}

/* A client and a server context on empty buffers. */
static cs_status
new_pair(void *ctx)
{
	tls_ctx *t = ctx;
	t->verified = 0; /* a resumed handshake verifies no certificate */
	int ret;
	cs_tls_pipe_reset(&t->c2s, &t->s2c);
	mbedtls_ssl_init(&t->c);
	mbedtls_ssl_init(&t->s);
	t->pair = 1;
	if ((ret = mbedtls_ssl_setup(&t->c, &t->cconf)) ||
	    (ret = mbedtls_ssl_setup(&t->s, &t->sconf)))
		return failed(t, "mbedtls_ssl_setup", ret);
	if ((ret = mbedtls_ssl_set_hostname(&t->c, "localhost")))
		return failed(t, "mbedtls_ssl_set_hostname", ret);
	t->cside = cs_tls_end_memory(&t->s2c, &t->c2s);
	t->sside = cs_tls_end_memory(&t->c2s, &t->s2c);
	mbedtls_ssl_set_bio(&t->c, &t->cside, io_send, io_recv, NULL);
	mbedtls_ssl_set_bio(&t->s, &t->sside, io_send, io_recv, NULL);
	if (t->have_session && (ret = mbedtls_ssl_set_session(&t->c, &t->session)))
		return failed(t, "mbedtls_ssl_set_session", ret);
	return CS_OK;
}

static int
blocked(int ret)
{
	return ret == MBEDTLS_ERR_SSL_WANT_READ || ret == MBEDTLS_ERR_SSL_WANT_WRITE
#if defined(MBEDTLS_ERR_SSL_RECEIVED_NEW_SESSION_TICKET)
	       || ret == MBEDTLS_ERR_SSL_RECEIVED_NEW_SESSION_TICKET
#endif
		;
}

/* Turn both sides until both have finished the handshake. */
static cs_status
handshake(void *ctx)
{
	tls_ctx *t = ctx;
	int cdone = 0, sdone = 0;
	for (int turn = 0; turn < MAX_TURNS && !(cdone && sdone); turn++) {
		if (!cdone) {
			int ret = mbedtls_ssl_handshake(&t->c);
			if (ret == 0)
				cdone = 1;
			else if (!blocked(ret))
				return failed(t, "client handshake", ret);
		}
		if (!sdone) {
			int ret = mbedtls_ssl_handshake(&t->s);
			if (ret == 0)
				sdone = 1;
			else if (!blocked(ret))
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
transfer(tls_ctx *t, mbedtls_ssl_context *from, mbedtls_ssl_context *to, const uint8_t *in,
	 uint8_t *out, size_t len)
{
	size_t got = 0;
	if (len == 0)
		return CS_OK;
	/* a post-handshake message (a TLS 1.3 ticket) may come first; mbedTLS
	   3.x's TLS 1.3 takes at most 16383 bytes a record (its
	   MBEDTLS_SSL_OUT_CONTENT_LEN counts the inner content type), so 16384
	   are two records there */
	size_t put = 0;
	for (int turn = 0; put < len && turn < MAX_TURNS; turn++) {
		int ret = mbedtls_ssl_write(from, in + put, len - put);
		if (ret > 0)
			put += (size_t)ret;
		else if (!blocked(ret))
			return failed(t, "mbedtls_ssl_write", ret);
	}
	if (put != len)
		return failed(t, "mbedtls_ssl_write: record incomplete", 0);
	for (int turn = 0; got < len && turn < MAX_TURNS; turn++) {
		int ret = mbedtls_ssl_read(to, out + got, len - got);
		if (ret > 0)
			got += (size_t)ret;
		else if (!blocked(ret))
			return failed(t, "mbedtls_ssl_read", ret);
	}
	return got == len ? CS_OK : failed(t, "mbedtls_ssl_read: record incomplete", 0);
}

/* Take in what the server sent after the handshake (a TLS 1.3 ticket) and
   keep the client's session to resume. mbedTLS 3.x's server sends its
   tickets on a call after the handshake: a read with nothing to read. */
static cs_status
take_session(void *ctx)
{
	tls_ctx *t = ctx;
	uint8_t byte;
	int ret = 0, got = t->alg->tls.version != 13;
	for (int turn = 0; turn < 4 && !got; turn++) {
		ret = mbedtls_ssl_read(&t->s, &byte, 1);
		if (ret >= 0 || !blocked(ret))
			return failed(t, "the server's ticket", ret);
		for (int k = 0; k < 4; k++) {
			ret = mbedtls_ssl_read(&t->c, &byte, 1);
			if (ret >= 0 || !blocked(ret))
				return failed(t, "reading the ticket", ret);
			if (ret != MBEDTLS_ERR_SSL_WANT_READ && ret != MBEDTLS_ERR_SSL_WANT_WRITE)
				got = 1; /* the ticket */
			else
				break;
		}
	}
	mbedtls_ssl_session_free(&t->session);
	mbedtls_ssl_session_init(&t->session);
	if ((ret = mbedtls_ssl_get_session(&t->c, &t->session)))
		return failed(t, "mbedtls_ssl_get_session", ret);
	t->have_session = 1;
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
	t->verified = 0;
	mbedtls_ssl_init(&t->p);
	t->p_open = 1;
	if ((ret = mbedtls_ssl_setup(&t->p, client ? &t->cconf : &t->sconf)))
		return failed(t, "mbedtls_ssl_setup", ret);
	if (client && (ret = mbedtls_ssl_set_hostname(&t->p, "localhost")))
		return failed(t, "mbedtls_ssl_set_hostname", ret);
	mbedtls_ssl_set_bio(&t->p, &t->pend, io_send, io_recv, NULL);
	return CS_OK;
}

static cs_status
peer_handshake(void *ctx)
{
	tls_ctx *t = ctx;
	int ret;
	do
		ret = mbedtls_ssl_handshake(&t->p);
	while (blocked(ret));
	if (ret == 0)
		return CS_OK;
	failed(t, t->p_client ? "client handshake" : "server handshake", ret);
	return t->p_client && ret == MBEDTLS_ERR_X509_CERT_VERIFY_FAILED ? CS_MISMATCH
									 : CS_LIB_ERROR;
}

static cs_status
peer_write(void *ctx, const uint8_t *data, size_t len)
{
	tls_ctx *t = ctx;
	for (size_t put = 0; put < len;) {
		int ret = mbedtls_ssl_write(&t->p, data + put, len - put);
		if (ret > 0)
			put += (size_t)ret;
		else if (!blocked(ret))
			return failed(t, "mbedtls_ssl_write", ret);
	}
	return CS_OK;
}

static cs_status
peer_read(void *ctx, uint8_t *data, size_t len)
{
	tls_ctx *t = ctx;
	for (size_t got = 0; got < len;) {
		int ret = mbedtls_ssl_read(&t->p, data + got, len - got);
		if (ret > 0)
			got += (size_t)ret;
		else if (ret == 0 || !blocked(ret))
			return failed(t, "mbedtls_ssl_read", ret);
	}
	return CS_OK;
}

static cs_status
peer_close(void *ctx, bool clean)
{
	tls_ctx *t = ctx;
	cs_status st = CS_OK;
	if (clean && t->p_open) {
		int ret;
		do
			ret = mbedtls_ssl_close_notify(&t->p);
		while (blocked(ret));
		/* then the peer's close_notify */
		uint8_t byte;
		while (ret == 0 && ((ret = mbedtls_ssl_read(&t->p, &byte, 1)) > 0 || blocked(ret)))
			ret = 0;
		if (ret != MBEDTLS_ERR_SSL_PEER_CLOSE_NOTIFY)
			st = failed(t, "close_notify", ret);
	}
	if (t->p_open)
		mbedtls_ssl_free(&t->p);
	t->p_open = 0;
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
	return client_sends ? transfer(t, &t->c, &t->s, in, out, len)
			    : transfer(t, &t->s, &t->c, in, out, len);
}

static bool
flow_resumed(void *ctx)
{
	tls_ctx *t = ctx;
	return t->verified == 0;
}

static const cs_tls_flow flow = {
	.prepare = make_confs,
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
	const char *why = unsupported_why(&s->alg->tls);
	if (why) {
		snprintf(t->error, sizeof t->error, "%s", why);
		return CS_UNSUPPORTED;
	}
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
	if (!t->inited)
		return; /* setup initialised nothing */
	end_pair(t);
	peer_close(t, false);
	mbedtls_ssl_session_free(&t->session);
	mbedtls_ssl_ticket_free(&t->ticket);
	mbedtls_pk_free(&t->key);
	mbedtls_x509_crt_free(&t->cert);
	mbedtls_x509_crt_free(&t->ca);
	mbedtls_ssl_config_free(&t->sconf);
	mbedtls_ssl_config_free(&t->cconf);
	mbedtls_ctr_drbg_free(&t->drbg);
	mbedtls_entropy_free(&t->entropy);
}

static void
tls_describe(void *ctx, char *buf, size_t size)
{
	tls_ctx *t = ctx;
	if (t->error[0])
		snprintf(buf, size, "error=%s", t->error);
	else
		snprintf(buf, size, "mbedtls=%s", MBEDTLS_VERSION_STRING);
}

static int
tls_available(const cs_impl *self, const char **why)
{
	*why = unsupported_why(&self->alg->tls);
	return *why == NULL;
}

#define TLS_IMPL(id)                                                                               \
	const cs_impl cs_mbedtls_##id##_tls = {                                                    \
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
CS_MBEDTLS_TLS(TLS_IMPL)
