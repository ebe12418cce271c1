/* The TLS family's worker side: the credentials a TLS setup gets, the
   unsupported entries for the TLS algorithms an adapter does not list, the
   transport every adapter's I/O callbacks use (memory or a socket), and the
   peer mode of the client x server grid (--tls-peer). */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifndef CS_BARE_METAL /* an MCU worker (mcu/): no sockets, no peer mode */
#include <sys/socket.h>
#endif
#include <time.h>
#include <unistd.h>

#include "cryptospeed/tls_flow.h"
#include "tls_creds.h"
#include "worker.h"
#include "workload.h"

/* A credential file read from CRYPTOSPEED_TLS_CERTS (kept for the process). */
static char *
read_file(const char *dir, const char *name, char *err, size_t err_size)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "rb");
	if (!f) {
		snprintf(err, err_size, "CRYPTOSPEED_TLS_CERTS: cannot open %s", path);
		return NULL;
	}
	char *buf = calloc(1, 65536);
	size_t n = buf ? fread(buf, 1, 65535, f) : 0;
	fclose(f);
	if (!buf || n == 0 || n == 65535) {
		free(buf);
		snprintf(err, err_size, "CRYPTOSPEED_TLS_CERTS: %s is empty or above 64 KiB", path);
		return NULL;
	}
	return buf;
}

static const char *const cert_names[] = {
	[CS_TLS_CERT_ECDSA_P256] = "ecdsa-p256",
	[CS_TLS_CERT_RSA_2048] = "rsa-2048",
	[CS_TLS_CERT_ED25519] = "ed25519",
};

cs_status
cs_tls_creds(const cs_alg *alg, cs_setup *s, char *err, size_t err_size)
{
	static const char *const embedded[][2] = {
		[CS_TLS_CERT_ECDSA_P256] = {cs_tls_pem_ecdsa_p256_crt, cs_tls_pem_ecdsa_p256_key},
		[CS_TLS_CERT_RSA_2048] = {cs_tls_pem_rsa_2048_crt, cs_tls_pem_rsa_2048_key},
		[CS_TLS_CERT_ED25519] = {cs_tls_pem_ed25519_crt, cs_tls_pem_ed25519_key},
	};
	/* each file is read once and kept: [cert][0 crt, 1 key], and the CA */
	static char *loaded[3][2], *loaded_ca;
	cs_tls_cert c = alg->tls.cert;
	if ((unsigned)c >= sizeof cert_names / sizeof cert_names[0]) {
		snprintf(err, err_size, "%s: unknown certificate type %d", alg->name, (int)c);
		return CS_BAD_PARAM;
	}
	const char *dir = getenv("CRYPTOSPEED_TLS_CERTS");
	if (!dir || !*dir) {
		s->tls_ca = cs_tls_pem_ca_crt;
		s->tls_cert = embedded[c][0];
		s->tls_key = embedded[c][1];
		return CS_OK;
	}
	char name[64];
	if (!loaded_ca && !(loaded_ca = read_file(dir, "ca.crt", err, err_size)))
		return CS_BAD_PARAM;
	snprintf(name, sizeof name, "%s.crt", cert_names[c]);
	if (!loaded[c][0] && !(loaded[c][0] = read_file(dir, name, err, err_size)))
		return CS_BAD_PARAM;
	snprintf(name, sizeof name, "%s.key", cert_names[c]);
	if (!loaded[c][1] && !(loaded[c][1] = read_file(dir, name, err, err_size)))
		return CS_BAD_PARAM;
	s->tls_ca = loaded_ca;
	s->tls_cert = loaded[c][0];
	s->tls_key = loaded[c][1];
	return CS_OK;
}

const cs_impl *const *
cs_worker_impls(const cs_adapter *a)
{
	static const cs_impl **list;
	static cs_impl absent[CS_ALG_COUNT];
	if (list)
		return list;
	size_t n = 0;
	while (a->impls[n])
		n++;
	list = calloc(n + CS_ALG_COUNT + 1, sizeof *list);
	if (!list)
		return a->impls;
	memcpy(list, a->impls, n * sizeof *list);
	size_t listed_n = n, k = 0;
	for (size_t i = 0; cs_algs[i]; i++) {
		const cs_alg *alg = cs_algs[i];
		bool listed = false;
		for (size_t j = 0; j < listed_n && !listed; j++)
			listed = a->impls[j]->alg == alg;
		if (alg->kind != CS_TLS || listed)
			continue;
		absent[k] = (cs_impl){
			.alg = alg,
			.path = "tls",
			.ops = alg->ops,
			.why = a->no_tls ? a->no_tls : "no TLS family in this adapter yet",
		};
		list[n++] = &absent[k++];
	}
	return list;
}

int64_t cs_tls_idle_mark = -1;

cs_status
cs_tls_flow_setup(const cs_tls_flow *f, void *ctx, const cs_setup *s)
{
	if (s->max_len > 16384)
		return CS_BAD_PARAM; /* one record */
	cs_status st = f->prepare(ctx, s);
	if (st != CS_OK || s->op == CS_OP_HANDSHAKE)
		return st;
	if ((st = f->new_pair(ctx)) != CS_OK || (st = f->handshake(ctx)) != CS_OK)
		return st;
	/* the idle heap of a send/recv pair is the pair as it stands now: no
	   ticket read, no session copy kept (as OpenSSL's adapter, which
	   takes neither for send and recv) */
	cs_tls_idle_mark = cs_heap_live();
	/* the client takes in the TLS 1.3 ticket now, not in the timed loop */
	st = f->take_session(ctx);
	if (s->op == CS_OP_RESUME)
		f->end_pair(ctx);
	return st;
}

cs_status
cs_tls_flow_run(const cs_tls_flow *f, void *ctx, const cs_alg *alg, cs_op op, const cs_io *io,
		char *error, size_t n)
{
	cs_status st;
	if (cs_tls_peer_mode.role != CS_TLS_BOTH)
		return cs_tls_peer_run(f->peer, ctx, error, n);
	switch (op) {
	case CS_OP_SEND: return f->transfer(ctx, true, io->in, io->out, io->len);
	case CS_OP_RECV: return f->transfer(ctx, false, io->in, io->out, io->len);
	case CS_OP_HANDSHAKE:
	case CS_OP_RESUME:
		st = f->new_pair(ctx);
		if (st == CS_OK)
			st = f->handshake(ctx);
		if (st == CS_OK && op == CS_OP_RESUME) {
			if (!f->resumed(ctx)) {
				snprintf(error, n, "the server did not resume the session");
				st = CS_MISMATCH;
			} else if (alg->tls.version == 13) {
				/* a TLS 1.3 client resumes next with the new ticket */
				st = f->take_session(ctx);
			}
		}
		f->end_pair(ctx);
		return st;
	default: return CS_BAD_PARAM;
	}
}

/* ---------- the transport ---------- */

cs_tls_peer cs_tls_peer_mode = {.role = CS_TLS_BOTH, .fd = -1};

cs_tls_end
cs_tls_end_memory(cs_tls_pipe *in, cs_tls_pipe *out)
{
	return (cs_tls_end){.in = in, .out = out, .fd = -1};
}

void
cs_tls_pipe_reset(cs_tls_pipe *a, cs_tls_pipe *b)
{
	a->len = a->off = b->len = b->off = 0;
}

ssize_t
cs_tls_end_write(cs_tls_end *e, const void *data, size_t len)
{
#ifndef CS_BARE_METAL
	if (e->fd >= 0) {
		size_t put = 0;
		while (put < len) {
			ssize_t n =
				send(e->fd, (const uint8_t *)data + put, len - put, MSG_NOSIGNAL);
			if (n < 0 && errno == EINTR)
				continue;
			if (n <= 0)
				return CS_TLS_IO_ERROR;
			put += (size_t)n;
		}
		return (ssize_t)len;
	}
#endif
	cs_tls_pipe *p = e->out;
	if (p->off == p->len)
		p->off = p->len = 0;
	if (len > CS_TLS_PIPE_SIZE - p->len)
		return CS_TLS_IO_AGAIN;
	memcpy(p->data + p->len, data, len);
	p->len += len;
	return (ssize_t)len;
}

ssize_t
cs_tls_end_read(cs_tls_end *e, void *data, size_t len)
{
#ifndef CS_BARE_METAL
	if (e->fd >= 0) {
		for (;;) {
			ssize_t n = read(e->fd, data, len);
			if (n < 0 && errno == EINTR)
				continue;
			return n < 0 ? CS_TLS_IO_ERROR : n;
		}
	}
#endif
	cs_tls_pipe *p = e->in;
	size_t have = p->len - p->off;
	if (have == 0)
		return CS_TLS_IO_AGAIN;
	if (len < have)
		have = len;
	memcpy(data, p->data + p->off, have);
	p->off += have;
	return (ssize_t)have;
}

size_t
cs_tls_end_pending(const cs_tls_end *e)
{
	return e->fd >= 0 ? 0 : e->in->len - e->in->off;
}

/* ---------- peer mode: one side of the client x server grid ---------- */

/* The record the client sends: the same bytes in every library. */
static void
echo_bytes(uint8_t *buf)
{
	for (size_t i = 0; i < CS_TLS_ECHO_LEN; i++)
		buf[i] = (uint8_t)(i * 131 + 7);
}

cs_status
cs_tls_peer_run(const cs_tls_peer_ops *p, void *ctx, char *error, size_t n)
{
	static cs_tls_end end;
	uint8_t sent[CS_TLS_ECHO_LEN], got[CS_TLS_ECHO_LEN];
	bool client = cs_tls_peer_mode.role == CS_TLS_CLIENT;
	if (cs_tls_peer_mode.step == CS_TLS_CLOSE)
		return p->close(ctx, true);
	end = (cs_tls_end){.fd = cs_tls_peer_mode.fd};
	cs_status st = p->open(ctx, client, &end);
	if (st == CS_OK)
		st = p->handshake(ctx);
	if (st == CS_OK && client) {
		echo_bytes(sent);
		st = p->write(ctx, sent, sizeof sent);
		if (st == CS_OK)
			st = p->read(ctx, got, sizeof got);
		if (st == CS_OK && memcmp(sent, got, sizeof got) != 0) {
			snprintf(error, n, "the record came back different");
			st = CS_MISMATCH;
		}
	} else if (st == CS_OK) {
		st = p->read(ctx, got, sizeof got);
		if (st == CS_OK)
			st = p->write(ctx, got, sizeof got);
	}
	if (st != CS_OK)
		p->close(ctx, false);
	return st;
}

#ifndef CS_BARE_METAL
static int64_t
clock_ns(clockid_t id)
{
	struct timespec ts;
	clock_gettime(id, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* Connections a client times: at least MIN, then until PEER_TIME_NS, at most
   MAX, after PEER_UNTIMED untimed ones: the first warms up, the next
   PEER_HEAP are the heap's (accounting on where the interposer is
   preloaded: the heap pair of tls_pair.c, which makes only these; a timed
   pair has no interposer). Both sides count connections alike. */
#define PEER_HEAP 2
#define PEER_UNTIMED (1 + PEER_HEAP)
#define PEER_MIN 10
#define PEER_MAX 200
#define PEER_TIME_NS 250000000LL

static const char *const status_words[] = {
	[CS_OK] = "ok",		  [CS_UNSUPPORTED] = "unsupported", [CS_BAD_PARAM] = "error",
	[CS_NO_MEMORY] = "error", [CS_LIB_ERROR] = "error",	    [CS_MISMATCH] = "wrong",
};

/* The one result line (the orchestrator reads it: tls_pair.c). */
static void
peer_say(const char *status, int64_t connections, int64_t cpu_ns, int64_t peak, int64_t idle,
	 const int64_t *samples, size_t n, const char *detail)
{
	printf("tls-peer status=%s connections=%lld cpu_ns=%lld heap_peak=%lld heap_idle=%lld "
	       "samples=",
	       status, (long long)connections, (long long)cpu_ns, (long long)peak, (long long)idle);
	for (size_t i = 0; i < n; i++)
		printf("%s%lld", i ? "," : "", (long long)samples[i]);
	/* one line: the detail's own line breaks become spaces */
	printf(" detail=");
	for (const char *c = detail ? detail : ""; *c; c++)
		putchar(*c == '\n' || *c == '\r' ? ' ' : *c);
	putchar('\n');
	fflush(stdout);
}

/* Test-only faults of a server (tests/e2e/tls_grid.sh):
   CRYPTOSPEED_TLS_PEER_FAULT=MODE:LIB makes the server of adapter LIB answer
   a ClientHello with garbage (MODE garbage) or with nothing (MODE stall).
   A fake peer behind the real spawn path and socket is the smallest one that
   tests what the orchestrator does with it. */
static void
peer_fault(const cs_adapter *a, int fd)
{
	const char *f = getenv("CRYPTOSPEED_TLS_PEER_FAULT");
	const char *colon = f ? strchr(f, ':') : NULL;
	if (!colon || strcmp(colon + 1, a->name) != 0)
		return;
	uint8_t buf[4096];
	if (read(fd, buf, sizeof buf) <= 0)
		exit(1);
	if (strncmp(f, "garbage:", 8) == 0) {
		for (size_t i = 0; i < sizeof buf; i++)
			buf[i] = (uint8_t)(i * 37 + 11);
		if (write(fd, buf, 512) < 0)
			exit(1);
		while (read(fd, buf, sizeof buf) > 0)
			;
		peer_say("error", 0, 0, 0, 0, NULL, 0, "test fault: garbage sent");
		exit(0);
	}
	for (;;)
		pause();
}

int
cs_tls_peer_main(const cs_adapter *a, const char *role, const char *alg, const char *fd_text)
{
	char err[300] = "", *end = NULL;
	long fd = fd_text ? strtol(fd_text, &end, 10) : -1;
	if (!role || (strcmp(role, "client") != 0 && strcmp(role, "server") != 0) || !alg ||
	    fd < 0 || !end || *end) {
		fprintf(stderr, "--tls-peer '%s': needs client or server, --alg NAME and --fd N\n",
			role ? role : "");
		return 2;
	}
	signal(SIGPIPE, SIG_IGN);
	const cs_impl *impl = NULL;
	for (const cs_impl *const *p = cs_worker_impls(a); *p && !impl; p++)
		if (strcmp((*p)->alg->name, alg) == 0 && strcmp((*p)->path, "tls") == 0 &&
		    (*p)->alg->kind == CS_TLS)
			impl = *p;
	const char *why = impl ? impl->why : "no TLS configuration of that name";
	if (!impl || !impl->run || (impl->available && !impl->available(impl, &why))) {
		peer_say("unsupported", 0, 0, 0, 0, NULL, 0, why ? why : "not available");
		return 0;
	}
	bool client = role[0] == 'c';
	cs_tls_peer_mode =
		(cs_tls_peer){.role = client ? CS_TLS_CLIENT : CS_TLS_SERVER, .fd = (int)fd};
	cs_setup s = {.alg = impl->alg, .op = CS_OP_HANDSHAKE};
	void *ctx = calloc(1, impl->context_size ? impl->context_size : 1);
	if (!ctx || cs_tls_creds(impl->alg, &s, err, sizeof err) != CS_OK) {
		peer_say("error", 0, 0, 0, 0, NULL, 0, ctx ? err : "out of memory");
		return 1;
	}
	cs_status st = impl->setup ? impl->setup(ctx, &s) : CS_OK;
	if (st != CS_OK) {
		if (impl->describe)
			impl->describe(ctx, err, sizeof err);
		peer_say(status_words[st], 0, 0, 0, 0, NULL, 0, err);
		return 0;
	}
	if (!client)
		peer_fault(a, (int)fd);
	int64_t *samples = calloc(PEER_MAX, sizeof *samples);
	int64_t cpu0 = 0, wall0 = 0, peak = -1, idle = -1, count = 0;
	cs_io io = {0};
	/* the heap pair (tls_pair.c): the interposer is preloaded, so the
	   client makes the untimed connections only */
	bool heap_only = getenv("CRYPTOSPEED_TLS_PEER_HEAP") != NULL;
	for (int64_t i = 0; samples && st == CS_OK; i++) {
		if (client && heap_only && i >= PEER_UNTIMED)
			break;
		if (client && (i >= PEER_MAX + PEER_UNTIMED ||
			       (i >= PEER_MIN + PEER_UNTIMED &&
				clock_ns(CLOCK_MONOTONIC) - wall0 >= PEER_TIME_NS)))
			break;
		if (!client) {
			/* the client closed the stream: every connection is served */
			uint8_t byte;
			ssize_t r = recv((int)fd, &byte, 1, MSG_PEEK);
			if (r == 0)
				break;
		}
		if (i == PEER_UNTIMED) {
			cpu0 = clock_ns(CLOCK_PROCESS_CPUTIME_ID);
			wall0 = clock_ns(CLOCK_MONOTONIC);
		}
		int64_t t0 = clock_ns(CLOCK_MONOTONIC), live = 0, top = 0;
		bool heap = i > 0 && i < PEER_UNTIMED && cs_heap_available();
		if (heap)
			cs_heap_begin();
		cs_tls_peer_mode.step = CS_TLS_OPEN;
		st = impl->run(ctx, &io);
		int64_t open_live = heap ? cs_heap_live() : 0;
		if (st == CS_OK) {
			cs_tls_peer_mode.step = CS_TLS_CLOSE;
			st = impl->run(ctx, &io);
		}
		if (heap)
			cs_heap_end(&live, &top);
		if (st != CS_OK)
			break;
		if (i >= PEER_UNTIMED)
			samples[count++] = clock_ns(CLOCK_MONOTONIC) - t0;
		if (heap) {
			if (peak < 0 || top < peak)
				peak = top;
			if (idle < 0 || open_live < idle)
				idle = open_live;
		}
	}
	int64_t cpu = count ? (clock_ns(CLOCK_PROCESS_CPUTIME_ID) - cpu0) / count : 0;
	if (st != CS_OK || !samples) {
		if (impl->describe)
			impl->describe(ctx, err, sizeof err);
		if (!samples)
			snprintf(err, sizeof err, "out of memory");
		peer_say(samples ? status_words[st] : "error", count, 0, 0, 0, NULL, 0, err);
	} else {
		if (impl->describe)
			impl->describe(ctx, err, sizeof err);
		peer_say("ok", count, cpu, peak > 0 ? peak : 0, idle > 0 ? idle : 0,
			 client ? samples : NULL, client ? (size_t)count : 0, err);
	}
	if (client)
		shutdown((int)fd, SHUT_RDWR);
	if (impl->teardown)
		impl->teardown(ctx);
	free(ctx);
	free(samples);
	return 0;
}
#endif /* CS_BARE_METAL */
