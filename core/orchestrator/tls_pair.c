/*
 * The TLS client x server grid (run --tls-grid): for each TLS configuration
 * of the run and each ordered pair of TLS libraries, a client worker and a
 * server worker joined by a socketpair made here and inherited by both as
 * descriptor 3 (`cryptospeed-worker-<lib> --tls-peer client|server --alg
 * NAME --fd 3`, core/worker/tls.c). The client times full connections one
 * after the other over the one stream (handshake, the client verifying the
 * server's certificate against the test CA, one 1350-byte record each way
 * checked byte-exact, close_notify both ways), the server serves them until
 * the client closes the stream; each prints one line: status, connections,
 * CPU per connection, heap per connection, the client its samples.
 *
 * Each pair is one cell of the result file: lib the client's worker, path
 * "tls>" and the server's worker, op handshake. A pair that fails is a cell
 * with the error it ended with (and the run exits 3: the libraries do not
 * interoperate); a pair that does not finish within --timeout seconds is
 * `timeout` and its two workers are killed, the next pair runs.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "now.h"
#include "orchestrator.h"
#include "tls_pair.h"

#define WORKER_PREFIX "cryptospeed-worker-"
/* The descriptor each side finds its socket on. */
#define PEER_FD 3
/* Bytes of a side's output kept (its result line, or what it said). */
#define OUT_MAX 32768

/* One side while it runs. */
typedef struct side {
	pid_t pid;
	int out; /* its stdout and stderr, read here */
	char buf[OUT_MAX];
	size_t len;
	bool eof;
	int wstatus;
} side;

/* A side's result line, decoded. */
typedef struct peer_line {
	char status[16];
	long long connections, cpu_ns, heap_peak, heap_idle;
	double *samples; /* client: ns per connection (owned) */
	size_t n;
	char detail[200];
} peer_line;

/* Start one side; preload (the heap pair only): the heap interposer's
   path, preloaded, and the side told to make only its untimed connections. */
static int
start_side(side *x, const cs_config *cfg, const cs_worker *w, const char *role, const char *alg,
	   int sock, const char *preload)
{
	char exe[PATH_MAX];
	if (cfg->worker_dir)
		snprintf(exe, sizeof exe, "%s/%s%s", cfg->worker_dir, WORKER_PREFIX, w->file->name);
	else
		snprintf(exe, sizeof exe, "%s", w->file->path);
	char *argv[32], fd_text[] = "3";
	size_t argc = 0;
	for (size_t i = 0; cfg->launcher[i] && argc < 20; i++)
		argv[argc++] = cfg->launcher[i];
	argv[argc++] = exe;
	argv[argc++] = "--tls-peer";
	argv[argc++] = (char *)(uintptr_t)role;
	argv[argc++] = "--alg";
	argv[argc++] = (char *)(uintptr_t)alg;
	argv[argc++] = "--fd";
	argv[argc++] = fd_text;
	argv[argc] = NULL;
	int p[2];
	if (pipe2(p, O_CLOEXEC) != 0)
		return -1;
	pid_t parent = getpid();
	pid_t pid = fork();
	if (pid < 0) {
		close(p[0]);
		close(p[1]);
		return -1;
	}
	if (pid == 0) {
		setpgid(0, 0);
		if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent)
			_exit(127);
		/* the socket on PEER_FD (without close-on-exec), output to us */
		if (sock == PEER_FD ? fcntl(sock, F_SETFD, 0) != 0 : dup2(sock, PEER_FD) < 0)
			_exit(127);
		dup2(p[1], STDOUT_FILENO);
		dup2(p[1], STDERR_FILENO);
		signal(SIGPIPE, SIG_DFL);
		signal(SIGINT, SIG_DFL);
		signal(SIGTERM, SIG_DFL);
		if (preload && (setenv("LD_PRELOAD", preload, 1) != 0 ||
				setenv("CRYPTOSPEED_TLS_PEER_HEAP", "1", 1) != 0))
			_exit(127);
		if (strchr(argv[0], '/'))
			execv(argv[0], argv);
		else
			execvp(argv[0], argv);
		fprintf(stderr, "cannot start '%s': %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	close(p[1]);
	*x = (side){.pid = pid, .out = p[0]};
	return 0;
}

static void
kill_side(side *x)
{
	if (x->pid > 0) {
		kill(-x->pid, SIGKILL);
		kill(x->pid, SIGKILL);
	}
}

/* Read both sides until both end or the deadline: 0, -1 at the deadline,
   -2 when a signal ended the run first (no timeout happened). */
static int
wait_sides(side *x, int n, double timeout_s)
{
	double deadline = cs_now_s() + timeout_s;
	for (;;) {
		struct pollfd pf[2];
		int k = 0, idx[2];
		for (int i = 0; i < n; i++)
			if (!x[i].eof) {
				pf[k] = (struct pollfd){.fd = x[i].out, .events = POLLIN};
				idx[k++] = i;
			}
		if (k == 0)
			return 0;
		if (cs_interrupt_signal)
			return -2;
		double left = deadline - cs_now_s();
		if (left <= 0)
			return -1;
		int r = poll(pf, (nfds_t)k, (int)(left * 1000) + 1);
		if (r < 0 && errno != EINTR)
			return -1;
		for (int j = 0; r > 0 && j < k; j++) {
			if (!(pf[j].revents & (POLLIN | POLLHUP | POLLERR)))
				continue;
			side *s = &x[idx[j]];
			char tmp[4096];
			ssize_t got = read(s->out, tmp, sizeof tmp);
			if (got <= 0) {
				s->eof = true;
				continue;
			}
			size_t room = OUT_MAX - 1 - s->len;
			size_t take = (size_t)got < room ? (size_t)got : room;
			memcpy(s->buf + s->len, tmp, take);
			s->len += take;
			s->buf[s->len] = '\0';
		}
	}
}

/* The side's result line decoded; -1 (detail says what it printed) when it
   printed none. */
static int
parse_line(const side *x, peer_line *p)
{
	*p = (peer_line){0};
	const char *line = strstr(x->buf, "tls-peer status=");
	if (!line) {
		/* its last words: what the worker said on stderr */
		const char *s = x->buf;
		size_t len = x->len;
		while (len && (s[len - 1] == '\n' || s[len - 1] == '\r'))
			len--;
		size_t start = len;
		while (start && s[start - 1] != '\n')
			start--;
		snprintf(p->detail, sizeof p->detail, "%.*s", (int)(len - start), s + start);
		return -1;
	}
	const char *samples = strstr(line, " samples=");
	const char *detail = strstr(line, " detail=");
	if (sscanf(line,
		   "tls-peer status=%15s connections=%lld cpu_ns=%lld heap_peak=%lld "
		   "heap_idle=%lld",
		   p->status, &p->connections, &p->cpu_ns, &p->heap_peak, &p->heap_idle) != 5 ||
	    !samples || !detail) {
		snprintf(p->detail, sizeof p->detail, "an unreadable result line");
		return -1;
	}
	const char *eol = strchr(detail, '\n');
	int dlen = (int)(eol ? (size_t)(eol - detail) : strlen(detail)) - 8;
	detail += 8;
	/* an impl's describe says "error=WHAT" */
	if (dlen > 6 && strncmp(detail, "error=", 6) == 0) {
		detail += 6;
		dlen -= 6;
	}
	snprintf(p->detail, sizeof p->detail, "%.*s", dlen > 0 ? dlen : 0, detail);
	size_t cap = 0;
	for (const char *c = samples + 9; *c && *c != ' '; c++)
		cap += *c == ',';
	if (samples[9] != ' ')
		cap++;
	p->samples = cap ? calloc(cap, sizeof *p->samples) : NULL;
	const char *c = samples + 9;
	while (p->samples && p->n < cap && *c && *c != ' ') {
		char *end;
		long long v = strtoll(c, &end, 10);
		if (end == c || v <= 0)
			break;
		p->samples[p->n++] = (double)v;
		c = *end == ',' ? end + 1 : end;
	}
	return 0;
}

/* Does the worker's hello list alg on path tls, available? */
static bool
has_tls(const cs_worker *w, const char *alg, const char **why)
{
	const cs_msg_hello *h = cs_worker_hello(w);
	*why = "no TLS configuration of that name";
	for (size_t i = 0; h && i < h->n_impls; i++) {
		const cs_msg_impl *m = &h->impls[i];
		if (strcmp(m->path, "tls") != 0 || (alg && strcmp(m->alg, alg) != 0))
			continue;
		if (m->available)
			return true;
		*why = m->why[0] ? m->why : "not available";
	}
	return false;
}

/* The grid's workers: started, plain (no mask, no variant), with a TLS stack
   (some TLS configuration available). */
static size_t
grid_workers(const cs_run *run, cs_worker **out, size_t max)
{
	size_t n = 0;
	const char *why;
	for (size_t i = 0; i < run->n_workers && n < max; i++) {
		cs_worker *w = run->workers[i];
		if (!w->has_hello || w->variant || strcmp(w->mask, "none") != 0 ||
		    !has_tls(w, NULL, &why))
			continue;
		bool seen = false;
		for (size_t j = 0; j < n; j++)
			seen |= out[j]->file == w->file;
		if (!seen)
			out[n++] = w;
	}
	return n;
}

static void
set(cs_rcell *c, const char *status, const char *detail)
{
	snprintf(c->status, sizeof c->status, "%s", status);
	snprintf(c->detail, sizeof c->detail, "%s", detail);
}

/* Both sides started over one socketpair and waited for; false (text
   says why) when one could not start. *ended is wait_sides's answer. */
static bool
start_pair(const cs_config *cfg, const char *alg, cs_worker *client, cs_worker *server,
	   const char *preload, side *x, int *ended, char *text, size_t size)
{
	int sv[2];
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0) {
		snprintf(text, size, "socketpair: %s", strerror(errno));
		return false;
	}
	int started = 0;
	if (start_side(&x[0], cfg, client, "client", alg, sv[0], preload) == 0) {
		started++;
		if (start_side(&x[1], cfg, server, "server", alg, sv[1], preload) == 0)
			started++;
	}
	close(sv[0]);
	close(sv[1]);
	*ended = started == 2 ? wait_sides(x, 2, cfg->timeout_s) : 0;
	for (int i = 0; i < started; i++) {
		if (*ended != 0)
			kill_side(&x[i]);
		close(x[i].out);
		waitpid(x[i].pid, &x[i].wstatus, 0);
	}
	if (started < 2) {
		if (started)
			kill_side(&x[0]);
		snprintf(text, size, "cannot start the %s: %s", started ? "server" : "client",
			 strerror(errno));
		return false;
	}
	return true;
}

/* The heap figures of a pair (client peak, idle, server peak, idle) from a
   pair of its own, run before the timed one with the heap interposer
   (cryptospeed-heap.so beside the workers) preloaded: it makes only the
   untimed connections, so no timed connection runs with the interposer.
   1 with the figures; 0 without (a launcher: the module is not on the
   other machine; no module; that pair did not end ok); -1 when it did not
   finish within --timeout (the timed pair would not either: not run). */
static int
heap_pair(const cs_config *cfg, const char *alg, cs_worker *client, cs_worker *server,
	  int64_t heap[4])
{
	char module[PATH_MAX], text[256];
	const char *dir = cfg->worker_dir;
	char own[PATH_MAX];
	if (!dir) {
		snprintf(own, sizeof own, "%s", client->file->path);
		char *slash = strrchr(own, '/');
		if (!slash)
			return 0;
		*slash = '\0';
		dir = own;
	}
	int n = snprintf(module, sizeof module, "%s/cryptospeed-heap.so", dir);
	if (cfg->launcher[0] || n <= 0 || (size_t)n >= sizeof module || access(module, R_OK) != 0)
		return 0;
	side x[2];
	int ended;
	if (!start_pair(cfg, alg, client, server, module, x, &ended, text, sizeof text))
		return 0;
	if (ended != 0)
		return ended == -1 ? -1 : 0;
	peer_line pl[2];
	bool ok = true;
	for (int i = 0; i < 2; i++) {
		ok &= parse_line(&x[i], &pl[i]) == 0 && WIFEXITED(x[i].wstatus) &&
		      strcmp(pl[i].status, "ok") == 0;
		free(pl[i].samples);
	}
	if (ok) {
		heap[0] = pl[0].heap_peak;
		heap[1] = pl[0].heap_idle;
		heap[2] = pl[1].heap_peak;
		heap[3] = pl[1].heap_idle;
	}
	return ok ? 1 : 0;
}

/* One pair's cell: both sides run, their lines read and combined. */
static void
run_pair(const cs_config *cfg, cs_rcell *c, cs_worker *client, cs_worker *server)
{
	const char *why;
	char text[256];
	if (!has_tls(client, c->alg->name, &why)) {
		snprintf(text, sizeof text, "client %.60s: %.180s", client->file->name, why);
		set(c, "unsupported", text);
		return;
	}
	if (!has_tls(server, c->alg->name, &why)) {
		snprintf(text, sizeof text, "server %.60s: %.180s", server->file->name, why);
		set(c, "unsupported", text);
		return;
	}
	int64_t heap[4] = {0, 0, 0, 0};
	int have_heap = heap_pair(cfg, c->alg->name, client, server, heap);
	side x[2];
	int ended = -1;
	if (have_heap >= 0 &&
	    !start_pair(cfg, c->alg->name, client, server, NULL, x, &ended, text, sizeof text)) {
		set(c, "error", text);
		return;
	}
	if (ended == -2) {
		/* what a signal cut short was not measured: never a timeout, nor
		   what the killed sides printed on their way out */
		set(c, "error", "interrupted before it was measured");
		return;
	}
	if (ended == -1) {
		snprintf(text, sizeof text, "the pair did not finish in %g s (--timeout)",
			 cfg->timeout_s);
		set(c, "timeout", text);
		return;
	}
	peer_line pl[2];
	int parsed[2] = {parse_line(&x[0], &pl[0]), parse_line(&x[1], &pl[1])};
	const char *names[2] = {"client", "server"};
	for (int i = 0; i < 2; i++)
		if (WIFSIGNALED(x[i].wstatus)) {
			snprintf(text, sizeof text, "the %s (%.60s) died of signal %d", names[i],
				 (i ? server : client)->file->name, WTERMSIG(x[i].wstatus));
			set(c, "crashed", text);
			goto done;
		}
	for (int i = 0; i < 2; i++)
		if (parsed[i] == 0 && strcmp(pl[i].status, "unsupported") == 0) {
			snprintf(text, sizeof text, "%s %.60s: %.150s", names[i],
				 (i ? server : client)->file->name, pl[i].detail);
			set(c, "unsupported", text);
			goto done;
		}
	if (parsed[0] == 0 && parsed[1] == 0 && strcmp(pl[0].status, "ok") == 0 &&
	    strcmp(pl[1].status, "ok") == 0 && pl[0].n > 0) {
		set(c, "ok", "");
		snprintf(c->served_by, sizeof c->served_by, "client %.110s; server %.110s",
			 pl[0].detail, pl[1].detail);
		snprintf(c->kat, sizeof c->kat, "pass");
		c->ns = pl[0].samples;
		c->n = c->cap = pl[0].n;
		pl[0].samples = NULL;
		c->batch = 1;
		for (size_t i = 0; i < c->n; i++)
			c->timed_ns += c->ns[i];
		if (have_heap > 0) {
			c->heap_peak = heap[0];
			c->heap_idle = heap[1];
			c->server_heap_peak = heap[2];
			c->server_heap_idle = heap[3];
		}
		c->client_cpu_ns = pl[0].cpu_ns;
		c->server_cpu_ns = pl[1].cpu_ns;
		goto done;
	}
	/* the client's verdict first: wrong (the certificate or the record) */
	bool wrong = parsed[0] == 0 && strcmp(pl[0].status, "wrong") == 0;
	snprintf(text, sizeof text, "client: %.120s; server: %.110s",
		 pl[0].detail[0] ? pl[0].detail : "(nothing said)",
		 pl[1].detail[0] ? pl[1].detail : "(nothing said)");
	set(c, wrong ? "wrong" : "error", text);
done:
	free(pl[0].samples);
	free(pl[1].samples);
}

int
cs_tls_grid(cs_run *run)
{
	cs_worker *ws[64];
	size_t n_ws = grid_workers(run, ws, sizeof ws / sizeof ws[0]);
	const cs_alg *algs[CS_ALG_COUNT];
	size_t n_algs = 0;
	for (size_t i = 0; i < run->n_cells; i++) {
		const cs_alg *a = run->cells[i].alg;
		bool seen = a->kind != CS_TLS;
		for (size_t j = 0; j < n_algs && !seen; j++)
			seen = algs[j] == a;
		if (!seen)
			algs[n_algs++] = a;
	}
	if (n_ws == 0 || n_algs == 0) {
		fprintf(stderr, "cryptospeed: --tls-grid: %s\n",
			n_ws == 0 ? "no selected library has a TLS stack: no grid"
				  : "no TLS configuration selected (--alg tls...): no grid");
		return 0;
	}
	size_t more = n_algs * n_ws * n_ws;
	cs_rcell *cells = realloc(run->cells, (run->n_cells + more) * sizeof *cells);
	if (!cells)
		return -1;
	run->cells = cells;
	int failed = 0;
	double t0 = cs_now_s();
	for (size_t a = 0; a < n_algs && !cs_interrupt_signal; a++)
		for (size_t i = 0; i < n_ws && !cs_interrupt_signal; i++)
			for (size_t j = 0; j < n_ws && !cs_interrupt_signal; j++) {
				cs_rcell *c = &run->cells[run->n_cells];
				*c = (cs_rcell){.w = ws[i],
						.n_ws = 1,
						.alg = algs[a],
						.op = CS_OP_HANDSHAKE,
						.agree = -1,
						.done = true};
				c->ws = calloc(1, sizeof *c->ws);
				c->gens = calloc(1, sizeof *c->gens);
				if (!c->ws || !c->gens) {
					free(c->ws);
					free(c->gens);
					return -1;
				}
				c->ws[0] = ws[i];
				snprintf(c->path, sizeof c->path, "tls>%.27s", ws[j]->file->name);
				run->n_cells++;
				run_pair(run->cfg, c, ws[i], ws[j]);
				cs_summarize(c->ns, c->n, &c->sum);
				if (strcmp(c->status, "ok") != 0 && strcmp(c->status, "unsupporte"
										      "d") != 0)
					failed++;
				if (isatty(STDERR_FILENO))
					fprintf(stderr, "tls grid: %s client x %s server: %s\n",
						ws[i]->file->name, ws[j]->file->name, c->status);
			}
	run->elapsed_s += cs_now_s() - t0;
	if (cs_interrupt_signal) {
		run->interrupted = true;
		run->signal = cs_interrupt_signal;
	}
	return failed;
}
