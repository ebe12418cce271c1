/*
 * The worker: one adapter + its library, driven by the orchestrator over
 * JSON lines on stdin/stdout (docs/protocol.md). Standalone, `--list` and
 * `--kat` help debugging an adapter.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

#include "conform.h"
#include "cpu.h"
#include "evidence.h"
#include "pmu.h"
#include "protocol.h"
#include "serve.h"
#include "worker.h"
#include "workload.h"

_Static_assert(CS_CELL_MAX_SIZE == CS_MSG_MAX_SIZE, "the cell and the protocol cap size alike");

/* The longest signature a verify request carries (ML-DSA-65: 3309 bytes). */
#define CS_SIG_MAX 4096

static bool serve_other(const cs_msg_request *req);

/* The protocol channel (the original stdout) and what this worker answers
   beside serve.c's requests. */
static cs_serve_platform platform = {
	.calibrate = true,
	.sign_sample = true,
	.other = serve_other,
	.accepted = "prepare, sample, evidence, verify, conform, count, release, quit",
};

static void
usage(FILE *f, const char *argv0)
{
	fprintf(f,
		"usage: %s [--list | --kat [--alg NAME] [--path PATH] | --mask MASK |\n"
		"          --tls-peer client|server --alg NAME --fd N]\n"
		"  --list        the impls of this worker: path, algorithm, ops, availability\n"
		"  --kat         run every known-answer vector through every impl (exit 1 on a "
		"wrong answer)\n"
		"  --mask MASK   report MASK as in force (the orchestrator sets its environment)\n"
		"  --tls-peer client|server --alg NAME --fd N\n"
		"                one side of TLS connections over the socket N (the client x "
		"server\n"
		"                grid: core/orchestrator/tls_pair.c); prints one result line\n"
		"  (no option)   speak the JSON-lines protocol on stdin/stdout "
		"(docs/protocol.md)\n",
		argv0);
}

/* ---------- protocol ---------- */

static void
hello_masks(cs_msg_hello *h, const cs_cpu *cpu)
{
	const cs_adapter *a = cs_worker_adapter;
	for (int mask = 0; mask < CS_MASK_COUNT && h->n_masks < CS_MSG_MAX_MASKS; mask++) {
		cs_msg_mask *m = &h->masks[h->n_masks++];
		char name[64] = "", value[256] = "";
		cs_status st = CS_UNSUPPORTED;
		if (mask == CS_MASK_NONE)
			st = CS_OK;
		else if (a->mask_env)
			st = a->mask_env((cs_mask)mask, cpu, name, sizeof name, value,
					 sizeof value);
		cs_serve_copy(m->name, sizeof m->name, cs_mask_name((cs_mask)mask));
		m->status = st == CS_OK		   ? CS_MASK_STATUS_OK
			    : st == CS_UNSUPPORTED ? CS_MASK_STATUS_UNSUPPORTED
						   : CS_MASK_STATUS_NOT_APPLICABLE;
		if (st == CS_OK && name[0]) {
			cs_serve_copy(m->env, sizeof m->env, name);
			cs_serve_copy(m->value, sizeof m->value, value);
		}
	}
}

static void
send_hello(const char *argv0, const char *mask)
{
	const cs_adapter *a = cs_worker_adapter;
	cs_msg_hello *h = malloc(sizeof *h);
	if (!h) {
		fputs("worker: out of memory for hello\n", stderr);
		return;
	}
	cs_msg_hello_init(h);
	cs_cpu cpu;
	cs_cpu_detect(&cpu);
	cs_serve_hello(h, argv0);
	cs_serve_copy(h->cpu_info, sizeof h->cpu_info, a->cpu_info ? a->cpu_info() : "");
	cs_serve_copy(h->cpu.arch, sizeof h->cpu.arch, cpu.arch);
	cs_serve_copy(h->cpu.model, sizeof h->cpu.model, cpu.model);
	cs_serve_copy(h->cpu.features, sizeof h->cpu.features, cpu.features);
	cs_serve_copy(h->cpu.source, sizeof h->cpu.source, cpu.source);
	h->cpu.cpus = cpu.cpus;
	cs_serve_copy(h->clock, sizeof h->clock, "CLOCK_MONOTONIC_RAW");
	h->clock_res_ns = (int64_t)cs_clock_res_ns();
	hello_masks(h, &cpu);
	cs_serve_copy(h->mask, sizeof h->mask, mask ? mask : cs_mask_name(CS_MASK_NONE));
	/* Did the mask's switch reach this process? A launcher that drops the
	   environment (ssh, env -i) would otherwise give unmasked numbers. */
	cs_mask m = mask ? cs_mask_find(mask) : CS_MASK_NONE;
	if (m != CS_MASK_NONE && m != CS_MASK_COUNT && a->mask_env) {
		char name[64] = "", value[256] = "";
		if (a->mask_env(m, &cpu, name, sizeof name, value, sizeof value) == CS_OK &&
		    name[0]) {
			const char *seen = getenv(name);
			h->mask_applied = seen && strcmp(seen, value) == 0;
		}
	}
	cs_serve_copy(h->variant, sizeof h->variant, a->variant_info ? a->variant_info() : "");
	/* the timing lane's counters, on this thread (the one that samples) */
	h->pmu = cs_pmu_worker_start(h->pmu_why, sizeof h->pmu_why);
	cs_serve_send(&platform, cs_msg_hello_encode(h));
	free(h);
}

/* verify: does this impl accept another library's signature of the
   deterministic message? ok / wrong / unsupported / error */
static void
do_verify(const cs_msg_verify *req)
{
	cs_msg_verify_reply r = {.id = req->id, .status = CS_ST_ERROR};
	const cs_impl *impl = cs_serve_find(req->alg, req->path);
	uint8_t sig[CS_SIG_MAX];
	char detail[256];
	const char *refused;
	if (!impl || impl->alg->kind != CS_SIG) {
		snprintf(r.error, sizeof r.error, "no signature impl %s on path %s", req->alg,
			 req->path);
	} else if (impl->alg->out_len > sizeof sig ||
		   cs_hex_decode(req->signature, sig, sizeof sig) != (long)impl->alg->out_len) {
		snprintf(r.error, sizeof r.error, "signature: %zu hex digits, %s takes %zu",
			 strlen(req->signature), impl->alg->name, 2 * impl->alg->out_len);
	} else if ((refused = cs_serve_refusal(impl, CS_OP_VERIFY))) {
		r.status = CS_ST_UNSUPPORTED;
		cs_serve_copy(r.why, sizeof r.why, refused);
	} else {
		cs_status st = cs_sig_verify_foreign(impl, sig, detail, sizeof detail);
		r.status = st == CS_OK		  ? CS_ST_OK
			   : st == CS_MISMATCH	  ? CS_ST_WRONG
			   : st == CS_UNSUPPORTED ? CS_ST_UNSUPPORTED
						  : CS_ST_ERROR;
		if (r.status == CS_ST_ERROR)
			cs_serve_copy(r.error, sizeof r.error, detail);
	}
	cs_serve_send(&platform, cs_msg_verify_reply_encode(&r));
}

/* conform: one test vector through an impl (docs/conformance.md). */
static void
do_conform(const cs_msg_conform *req)
{
	static cs_msg_conform_reply r;
	memset(&r, 0, sizeof r);
	r.id = req->id;
	r.status = CS_ST_ERROR;
	const cs_impl *impl = cs_serve_find(req->alg, req->path);
	const char *refused;
	/* tests/e2e/conform_fault.sh: the noop worker crashes on every vector
	   without associated data */
	if (impl && cs_serve_fault(impl, "crash-conform") && !req->aad[0])
		abort();
	if (!impl) {
		snprintf(r.error, sizeof r.error, "no impl %s on path %s", req->alg, req->path);
	} else if ((refused = cs_serve_refusal(impl, (cs_op)req->op))) {
		r.status = CS_ST_UNSUPPORTED;
		cs_serve_copy(r.why, sizeof r.why, refused);
	} else {
		cs_worker_conform(impl, req, &r);
	}
	cs_serve_send(&platform, cs_msg_conform_reply_encode(&r));
}

/* Started by run --count (CRYPTOSPEED_COUNTING=1): see serve(). */
static bool
counting_worker(void)
{
	const char *v = getenv("CRYPTOSPEED_COUNTING");
	return v && strcmp(v, "1") == 0;
}

static int64_t
monotonic_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* The faults of the noop worker that strike while sampling. Returns true
   when the reply was written (garbage) or must not be sent. */
static bool
sample_fault(const cs_cell *cell)
{
	if (cs_serve_fault(cell->impl, "crash"))
		abort();
	if (cs_serve_fault(cell->impl, "hang")) {
		/* a child that hangs too: ending the worker's process group must
		   end it as well, and it must not outlive the worker */
		pid_t worker = getpid();
		if (fork() == 0) {
			if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != worker)
				_exit(1);
			for (;;)
				pause();
		}
		for (;;)
			pause();
	}
	if (cs_serve_fault(cell->impl, "garbage")) {
		fputs("this is not json {\n", platform.out);
		fflush(platform.out);
		return true;
	}
	return false;
}

/* How far ahead a --multi window may start: the orchestrator starts them a
   few milliseconds ahead; anything further is a broken request. */
#define WINDOW_AHEAD_MAX_NS (600LL * 1000000000)

/* Sleep until CLOCK_MONOTONIC reaches at_ns, watching the request stream:
   when the orchestrator is gone (end of input, a closed pipe), the worker
   ends rather than sleeping on for nobody. */
static void
wait_until(int64_t at_ns)
{
	for (;;) {
		int64_t left = at_ns - monotonic_ns();
		if (left <= 2000000)
			break; /* the last 2 ms: the exact sleep below */
		/* no events asked: poll reports only a hang-up or an error */
		struct pollfd p = {.fd = STDIN_FILENO, .events = 0};
		int ms = left > 100000000 ? 100 : (int)(left / 1000000) - 1;
		if (poll(&p, 1, ms) > 0 && (p.revents & (POLLHUP | POLLERR | POLLNVAL)))
			_exit(0);
	}
	struct timespec at = {.tv_sec = at_ns / 1000000000, .tv_nsec = at_ns % 1000000000};
	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &at, NULL) == EINTR)
		;
}

static void
do_sample(const cs_msg_sample *req)
{
	static cs_msg_sample_reply r;
	cs_cell *cell = cs_serve_cell(req->id);
	memset(&r, 0, sizeof r);
	r.id = req->id;
	r.status = CS_ST_ERROR;
	if (!cell) {
		cs_serve_copy(r.error, sizeof r.error, "no such cell (not prepared)");
		cs_serve_send(&platform, cs_msg_sample_reply_encode(&r));
		return;
	}
	if (sample_fault(cell))
		return;
	cs_status st = CS_OK;
	size_t ran = 0; /* batches run, a window's uncounted last one too */
	cs_pmu_reading p0, p1;
	bool pmu = cs_pmu_worker_read(&p0);
	if (req->start_ns) {
		/* A window shared with other workers (--multi): start together,
		   start no batch after the window ends, and count only the batches
		   that ended within it. */
		if (req->start_ns - monotonic_ns() > WINDOW_AHEAD_MAX_NS) {
			snprintf(r.error, sizeof r.error,
				 "sample: start_ns is %.0f s from now (accepted: a window that "
				 "starts within %d s)",
				 (double)(req->start_ns - monotonic_ns()) / 1e9,
				 (int)(WINDOW_AHEAD_MAX_NS / 1000000000));
			cs_serve_send(&platform, cs_msg_sample_reply_encode(&r));
			return;
		}
		wait_until(req->start_ns);
		int64_t now = monotonic_ns();
		r.began_ns = r.ended_ns = now;
		while (now < req->end_ns && r.n_ns < (size_t)req->n && st == CS_OK) {
			uint64_t t = cs_cell_batch(cell, cell->batch, &st);
			ran++;
			now = monotonic_ns();
			if (now > req->end_ns)
				break; /* it ended after the window: not counted */
			r.ns[r.n_ns++] = (int64_t)t;
			r.ended_ns = now;
		}
	} else {
		while (r.n_ns < (size_t)req->n && st == CS_OK)
			r.ns[r.n_ns++] = (int64_t)cs_cell_batch(cell, cell->batch, &st);
		ran = r.n_ns;
	}
	/* the counters are read only before and after the batches */
	uint64_t insns, cycles;
	if (pmu && st == CS_OK && ran && cs_pmu_worker_read(&p1) &&
	    cs_pmu_delta(&p0, &p1, &insns, &cycles)) {
		r.pmu_ops = (int64_t)(ran * cell->batch);
		r.pmu_insns = (int64_t)insns;
		r.pmu_cycles = (int64_t)cycles;
	}
	for (size_t i = 0; i < r.n_ns; i++)
		if (r.ns[i] < 1)
			r.ns[i] = 1; /* below the clock's resolution */
	r.status = st == CS_OK ? CS_ST_OK : CS_ST_ERROR;
	r.batch = (int64_t)cell->batch;
	if (st != CS_OK)
		cs_serve_copy(r.error, sizeof r.error, "operation failed while timing");
	cs_serve_send(&platform, cs_msg_sample_reply_encode(&r));
}

static void
gather_evidence(cs_cell *cell, int64_t ms, cs_msg_ev *ev)
{
	cs_ev_ranges ranges;
	cs_ev_result res;
	char why[160] = "";
	memset(&res, 0, sizeof res);
	if (cs_ev_ranges_find(cs_worker_adapter->objects, &ranges, why, sizeof why) != 0) {
		cs_serve_copy(ev->reason, sizeof ev->reason, why);
		return;
	}
	if (cs_ev_begin(&res) != 0) {
		cs_serve_copy(ev->reason, sizeof ev->reason, res.reason);
		return;
	}
	/* ms of sampling, and on a loaded machine (where the thread runs for
	   part of it and timer expirations merge) on until it has the samples
	   ms gives on an idle one, for at most ten times as long: a busy CI
	   gets as many samples as an idle desk */
	uint64_t t0 = cs_now_ns(), until = t0 + (uint64_t)ms * 1000000u,
		 cap = t0 + 10 * (uint64_t)ms * 1000000u;
	unsigned want = (unsigned)(ms * CS_EV_HZ / 1000);
	cs_status st = CS_OK;
	for (uint64_t now = t0; st == CS_OK && now < cap && (now < until || cs_ev_taken() < want);
	     now = cs_now_ns())
		cs_cell_batch(cell, cell->batch, &st);
	cs_ev_end(&ranges, &res);
	for (int c = 0; c < CS_EV_COUNT && ev->n_classes < CS_MSG_MAX_CLASSES; c++) {
		if (!res.counts[c] || !res.in_lib)
			continue;
		cs_msg_ev_class *k = &ev->classes[ev->n_classes++];
		cs_serve_copy(k->name, sizeof k->name, cs_ev_class_name((cs_ev_class)c));
		k->share = (double)res.counts[c] / (double)res.in_lib;
	}
	ev->available = res.available;
	if (!res.available)
		cs_serve_copy(ev->reason, sizeof ev->reason, res.reason);
	ev->samples = (int64_t)res.in_lib;
	ev->samples_total = (int64_t)res.samples;
	cs_serve_copy(ev->objects, sizeof ev->objects, ranges.what);
}

static void
do_evidence(const cs_msg_evidence *req)
{
	static cs_msg_evidence_reply r;
	memset(&r, 0, sizeof r);
	r.id = req->id;
	cs_cell *cell = cs_serve_cell(req->id);
	if (!cell) {
		r.status = CS_ST_ERROR;
		cs_serve_copy(r.error, sizeof r.error, "no such cell (not prepared)");
	} else {
		r.status = CS_ST_OK;
		gather_evidence(cell, req->ms, &r.evidence);
	}
	cs_serve_send(&platform, cs_msg_evidence_reply_encode(&r));
}

/* The requests serve.c leaves to this worker: timed samples, evidence,
   verify and conform. */
static bool
serve_other(const cs_msg_request *req)
{
	switch (req->cmd) {
	case CS_CMD_SAMPLE: do_sample(&req->sample); return true;
	case CS_CMD_EVIDENCE: do_evidence(&req->evidence); return true;
	case CS_CMD_VERIFY: do_verify(&req->verify); return true;
	case CS_CMD_CONFORM: do_conform(&req->conform); return true;
	default: return false;
	}
}

static void *
serve_requests(void *unused)
{
	(void)unused;
	cs_serve_requests(&platform);
	return NULL;
}

/*
 * A counting worker (CRYPTOSPEED_COUNTING=1, set by run --count) answers its
 * requests on a thread of its own: the thread's first allocation makes a
 * fresh malloc arena, so the cell it prepares and counts starts on a heap
 * that holds nothing of what ran before (the hello's availability probes
 * draw random keys of random sizes, a free list that differed between two
 * processes made malloc's search, hence the count, differ). The main thread
 * waits; one thread runs at a time.
 */
static int
serve(const char *argv0, const char *mask)
{
	platform.calibrate = !counting_worker();
	send_hello(argv0, mask);
	pthread_t t;
	if (counting_worker() && pthread_create(&t, NULL, serve_requests, NULL) == 0) {
		pthread_join(t, NULL);
		return 0;
	}
	serve_requests(NULL);
	return 0;
}

/* The adapter's variant parameter called name (len bytes), or NULL. */
static const cs_variant_param *
variant_param(const cs_adapter *a, const char *name, size_t len)
{
	for (const cs_variant_param *p = a->variants; p && p->name; p++)
		if (strlen(p->name) == len && strncmp(p->name, name, len) == 0)
			return p;
	return NULL;
}

/* The names of the adapter's variant kinds (of == NULL) or options, joined. */
static void
variant_names(const cs_adapter *a, int options, char *buf, size_t size)
{
	buf[0] = '\0';
	for (const cs_variant_param *p = a->variants; p && p->name; p++)
		if ((p->of != NULL) == options)
			snprintf(buf + strlen(buf), size - strlen(buf), "%s%s", buf[0] ? ", " : "",
				 p->name);
	if (!buf[0])
		snprintf(buf, size, "none: %s has no variants", a->name);
}

/*
 * The variant the orchestrator asked for (CRYPTOSPEED_VARIANT=[KIND=]VALUE,
 * CRYPTOSPEED_VARIANT_OPTION1..3=NAME=VALUE): set the environment variables
 * the adapter's cs_variant_param table names, before init(). *kind is the
 * kind chosen (NULL: no variant). 0, or -1 with why in err.
 */
static int
apply_variant(const cs_adapter *a, const cs_variant_param **kind, char *err, size_t size)
{
	char names[128];
	const char *spec = getenv("CRYPTOSPEED_VARIANT");
	*kind = NULL;
	if (!spec || !*spec)
		return 0;
	if (!a->variants || !a->variants[0].name) {
		snprintf(err, size, "%s has no variants (accepted: no --variant %s:...)", a->name,
			 a->name);
		return -1;
	}
	const char *eq = strchr(spec, '=');
	const char *value = eq ? eq + 1 : spec;
	const cs_variant_param *k =
		eq ? variant_param(a, spec, (size_t)(eq - spec))
		   : (a->variants && a->variants[0].name ? &a->variants[0] : NULL);
	if (!k || k->of) {
		variant_names(a, 0, names, sizeof names);
		snprintf(err, size,
			 "unknown variant '%.60s' (accepted: [KIND=]VALUE, KIND one of: %s)", spec,
			 names);
		return -1;
	}
	*kind = k;
	setenv(k->env, value, 1);
	for (int i = 1; i <= 3; i++) {
		char var[64];
		snprintf(var, sizeof var, "CRYPTOSPEED_VARIANT_OPTION%d", i);
		const char *opt = getenv(var);
		const char *oeq = opt ? strchr(opt, '=') : NULL;
		if (!opt || !*opt)
			continue;
		const cs_variant_param *o = oeq ? variant_param(a, opt, (size_t)(oeq - opt)) : NULL;
		if (!o || !o->of) {
			variant_names(a, 1, names, sizeof names);
			snprintf(err, size,
				 "unknown variant option '%.60s' (accepted: NAME=VALUE, NAME one "
				 "of: "
				 "%s)",
				 opt, names);
			return -1;
		}
		if (strcmp(o->of, k->name) == 0)
			setenv(o->env, oeq + 1, 1);
	}
	return 0;
}

int
main(int argc, char **argv)
{
	const cs_adapter *a = cs_worker_adapter;
	const char *alg = NULL, *path = NULL, *mask = NULL, *peer_role = NULL, *peer_fd = NULL;
	const char *probe[3] = {NULL, NULL, NULL};
	enum { SERVE, LIST, KAT, PEER, PROBE } mode = SERVE;

	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i];
		if (strcmp(arg, "--list") == 0) {
			mode = LIST;
		} else if (strcmp(arg, "--kat") == 0) {
			mode = KAT;
		} else if (strcmp(arg, "--tls-peer") == 0 && i + 1 < argc) {
			mode = PEER;
			peer_role = argv[++i];
		} else if (strcmp(arg, "--heap-probe") == 0 && i + 3 < argc) {
			mode = PROBE; /* heap_probe.c runs it, never a user */
			for (int k = 0; k < 3; k++)
				probe[k] = argv[++i];
		} else if (strcmp(arg, "--fd") == 0 && i + 1 < argc) {
			peer_fd = argv[++i];
		} else if ((strcmp(arg, "--alg") == 0 || strcmp(arg, "--path") == 0 ||
			    strcmp(arg, "--mask") == 0) &&
			   i + 1 < argc) {
			const char **dst = arg[2] == 'a' ? &alg : arg[2] == 'p' ? &path : &mask;
			*dst = argv[++i];
		} else if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
			usage(stdout, argv[0]);
			return 0;
		} else {
			fprintf(stderr,
				"%s: unknown argument '%s' (accepted: --list, --kat, "
				"--alg NAME, --path PATH, --mask MASK, --tls-peer client|server, "
				"--fd N, --help)\n",
				argv[0], arg);
			return 2;
		}
	}
	if (a->abi != CS_ABI_VERSION) {
		fprintf(stderr, "%s: adapter '%s' has ABI %d, this worker speaks %d\n", argv[0],
			a->name, a->abi, CS_ABI_VERSION);
		return 2;
	}
	if (a->name && strcmp(a->name, "noop") == 0)
		cs_serve_set_fault(getenv("CRYPTOSPEED_FAULT")); /* MODE[:ALG], tests only */
	int rc;
	const cs_variant_param *kind;
	char variant_err[CS_MSG_TEXT];
	int variant_rc = apply_variant(a, &kind, variant_err, sizeof variant_err);
	if (variant_rc != 0 || (a->init && a->init() != CS_OK)) {
		const char *why = a->init_error ? a->init_error() : "init failed";
		if (variant_rc != 0)
			why = variant_err;
		else if (kind && kind->accepted) {
			/* the hello's init_error holds CS_MSG_TEXT bytes: cut the
			   library's reason, never what is accepted */
			size_t room = sizeof variant_err - 1 - strlen(" (accepted: )");
			size_t keep =
				strlen(kind->accepted) < room ? room - strlen(kind->accepted) : 0;
			snprintf(variant_err, sizeof variant_err, "%.*s (accepted: %s)", (int)keep,
				 why, kind->accepted);
			why = variant_err;
		}
		if (mode != SERVE) {
			fprintf(stderr, "%s: %s failed to initialise: %s\n", argv[0], a->name, why);
			return 1;
		}
		/* say hello anyway, so the orchestrator can quote the reason */
		platform.out = stdout;
		cs_msg_hello *h = malloc(sizeof *h);
		if (h) {
			cs_msg_hello_init(h);
			h->protocol = CS_PROTOCOL_VERSION;
			h->abi = a->abi;
			cs_serve_copy(h->lib, sizeof h->lib, a->name);
			cs_serve_copy(h->version, sizeof h->version, a->version());
			cs_serve_copy(h->init_error, sizeof h->init_error, why);
			cs_serve_send(&platform, cs_msg_hello_encode(h));
			free(h);
		}
		return 1;
	}
	if (mode == LIST) {
		rc = cs_serve_list();
	} else if (mode == KAT) {
		rc = cs_serve_kat(alg, path);
	} else if (mode == PROBE) {
		rc = cs_heap_probe_main(probe[0], probe[1], probe[2]);
	} else if (mode == PEER) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		rc = cs_tls_peer_main(a, peer_role, alg, peer_fd);
	} else {
		/* Keep the protocol channel private: anything a library prints to
		   stdout goes to stderr instead. */
		int fd = dup(STDOUT_FILENO);
		platform.out = fd >= 0 ? fdopen(fd, "w") : NULL;
		if (!platform.out || dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
			perror("worker: protocol channel");
			return 1;
		}
		signal(SIGPIPE, SIG_IGN);
		/* A launcher that forks (sh -c ...) is the orchestrator's child,
		   killed when the orchestrator dies; the worker then dies with it. */
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		/* a counting worker hashes its JSON keys the same way in every
		   process: jansson seeds its hash tables from /dev/urandom, which
		   qemu's -seed does not cover, and the requests' decoding then
		   allocated and compared differently from run to run */
		if (counting_worker())
			cs_msg_fixed_hashing();
		rc = serve(argv[0], mask);
		fclose(platform.out);
	}
	if (a->fini)
		a->fini();
	return rc;
}
