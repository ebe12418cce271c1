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
#include "worker.h"
#include "workload.h"

extern const cs_adapter *const cs_worker_adapter;

_Static_assert(CS_CELL_MAX_SIZE == CS_MSG_MAX_SIZE, "the cell and the protocol cap size alike");

/* The longest signature a verify request carries (ML-DSA-65: 3309 bytes). */
#define CS_SIG_MAX 4096

static FILE *proto_out;			   /* the protocol channel (the original stdout) */
static const char *fault_mode, *fault_alg; /* test-only faults of the noop worker */

typedef struct cell_slot {
	int64_t id;
	cs_cell cell;
} cell_slot;

static cell_slot **cells;
static size_t n_cells, cap_cells;

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

static bool
impl_available(const cs_impl *impl, const char **why)
{
	*why = impl->why;
	if (!impl->run)
		return false;
	if (impl->available && !impl->available(impl, why))
		return false;
	*why = NULL;
	return true;
}

/* Why an available impl does not run op: its own why, when it gives one for
   the ops it leaves out. */
static const char *
op_why(const cs_impl *impl)
{
	return impl->why ? impl->why : "op not provided";
}

static const cs_impl *
find_impl(const char *alg, const char *path)
{
	for (const cs_impl *const *p = cs_worker_impls(cs_worker_adapter); *p; p++)
		if (strcmp((*p)->alg->name, alg) == 0 && strcmp((*p)->path, path) == 0)
			return *p;
	return NULL;
}

static bool
fault_here(const cs_impl *impl, const char *mode)
{
	return fault_mode && strcmp(fault_mode, mode) == 0 &&
	       (!fault_alg || strcmp(fault_alg, impl->alg->name) == 0);
}

static bool
kat_exempt(const cs_impl *impl)
{
	return (impl->flags & CS_IMPL_NO_KAT) && !fault_here(impl, "wrong");
}

/* ---------- standalone modes ---------- */

static int
cmd_list(void)
{
	const cs_adapter *a = cs_worker_adapter;
	printf("%s %s\n", a->name, a->version());
	printf("%-10s %-18s %-14s %s\n", "path", "algorithm", "ops", "status");
	for (const cs_impl *const *p = cs_worker_impls(a); *p; p++) {
		const char *why;
		char ops[64];
		cs_alg_ops_string((*p)->alg, ops, sizeof ops);
		bool ok = impl_available(*p, &why);
		printf("%-10s %-18s %-14s %s%s%s\n", (*p)->path, (*p)->alg->name, ops,
		       ok ? "available" : "unsupported", why ? ": " : "", why ? why : "");
	}
	return 0;
}

static int
cmd_kat(const char *alg, const char *path)
{
	const cs_adapter *a = cs_worker_adapter;
	int failed = 0, passed = 0, skipped = 0;
	for (const cs_impl *const *p = cs_worker_impls(a); *p; p++) {
		const cs_impl *impl = *p;
		if ((alg && strcmp(alg, impl->alg->name)) || (path && strcmp(path, impl->path)))
			continue;
		for (int op = 0; op < CS_OP_COUNT; op++) {
			if (!(impl->alg->ops & CS_OPBIT(op)))
				continue;
			const char *why;
			char detail[256];
			const char *verdict;
			cs_status st;
			if (!impl_available(impl, &why) || !(impl->ops & CS_OPBIT(op))) {
				verdict = "UNSUPPORTED";
				snprintf(detail, sizeof detail, "%s", why ? why : op_why(impl));
				skipped++;
			} else if (kat_exempt(impl)) {
				verdict = "SKIP";
				snprintf(detail, sizeof detail, "harness probe, computes nothing");
				skipped++;
			} else if ((st = cs_kat_check(impl, (cs_op)op, detail, sizeof detail)) ==
				   CS_OK) {
				verdict = "PASS";
				passed++;
			} else if (st == CS_UNSUPPORTED) {
				verdict = "UNSUPPORTED";
				skipped++;
			} else {
				verdict = "FAIL";
				failed++;
			}
			printf("%-11s %s/%s %s %s: %s\n", verdict, a->name, impl->path,
			       impl->alg->name, cs_op_name((cs_op)op), detail);
		}
	}
	printf("%d passed, %d failed, %d skipped\n", passed, failed, skipped);
	if (passed + failed == 0 && skipped == 0 && alg && !path && cs_alg_find(alg)) {
		/* An algorithm of the catalogue this adapter's table leaves out: the
		   library lacks it, which is a skip (docs/architecture.md, "How to
		   add an algorithm": an adapter without it needs no line). */
		printf("UNSUPPORTED %s %s: not in this adapter's table\n", a->name, alg);
		return 77;
	}
	if (passed + failed == 0 && skipped == 0) {
		fprintf(stderr, "no impl matches --alg %s --path %s\n", alg ? alg : "*",
			path ? path : "*");
		return 2;
	}
	if (passed + failed == 0)
		return 77; /* nothing this library can check: a skip, not a pass */
	return failed ? 1 : 0;
}

/* ---------- protocol ---------- */

/* One encoded message (consumed) as one line on the protocol channel. */
static void
send_line(char *line)
{
	if (!line) {
		fputs("worker: out of memory encoding a reply\n", stderr);
		return;
	}
	fputs(line, proto_out);
	fputc('\n', proto_out);
	fflush(proto_out);
	free(line);
}

static void
copy(char *dst, size_t n, const char *src)
{
	snprintf(dst, n, "%s", src ? src : "");
}

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
		copy(m->name, sizeof m->name, cs_mask_name((cs_mask)mask));
		m->status = st == CS_OK		   ? CS_MASK_STATUS_OK
			    : st == CS_UNSUPPORTED ? CS_MASK_STATUS_UNSUPPORTED
						   : CS_MASK_STATUS_NOT_APPLICABLE;
		if (st == CS_OK && name[0]) {
			copy(m->env, sizeof m->env, name);
			copy(m->value, sizeof m->value, value);
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
	h->protocol = CS_PROTOCOL_VERSION;
	h->abi = a->abi;
	copy(h->lib, sizeof h->lib, a->name);
	const char *slash = strrchr(argv0, '/');
	copy(h->worker, sizeof h->worker, slash ? slash + 1 : argv0);
	copy(h->version, sizeof h->version, a->version());
	copy(h->build, sizeof h->build, a->build_info ? a->build_info() : "");
	copy(h->cpu_info, sizeof h->cpu_info, a->cpu_info ? a->cpu_info() : "");
	copy(h->cpu.arch, sizeof h->cpu.arch, cpu.arch);
	copy(h->cpu.model, sizeof h->cpu.model, cpu.model);
	copy(h->cpu.features, sizeof h->cpu.features, cpu.features);
	copy(h->cpu.source, sizeof h->cpu.source, cpu.source);
	h->cpu.cpus = cpu.cpus;
	copy(h->clock, sizeof h->clock, "CLOCK_MONOTONIC_RAW");
	h->clock_res_ns = (int64_t)cs_clock_res_ns();
	for (const char *const *p = a->paths; *p && h->n_paths < CS_MSG_MAX_PATHS; p++)
		copy(h->paths[h->n_paths++], CS_MSG_NAME, *p);
	/* the worker's own unsupported entries (tls.c) add their path */
	for (const cs_impl *const *p = cs_worker_impls(a); *p; p++) {
		bool known = false;
		for (size_t i = 0; i < h->n_paths && !known; i++)
			known = strcmp(h->paths[i], (*p)->path) == 0;
		if (!known && h->n_paths < CS_MSG_MAX_PATHS)
			copy(h->paths[h->n_paths++], CS_MSG_NAME, (*p)->path);
	}
	for (const cs_impl *const *p = cs_worker_impls(a); *p; p++) {
		if (h->n_impls == CS_MSG_MAX_IMPLS) {
			fprintf(stderr, "worker: more than %d impls: the rest are not offered\n",
				CS_MSG_MAX_IMPLS);
			break;
		}
		cs_msg_impl *e = &h->impls[h->n_impls++];
		const char *why;
		e->available = impl_available(*p, &why);
		copy(e->alg, sizeof e->alg, (*p)->alg->name);
		copy(e->path, sizeof e->path, (*p)->path);
		e->ops = (*p)->alg->ops; /* cs_msg_op_names follows cs_op */
		copy(e->why, sizeof e->why, why);
	}
	hello_masks(h, &cpu);
	copy(h->mask, sizeof h->mask, mask ? mask : cs_mask_name(CS_MASK_NONE));
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
	copy(h->variant, sizeof h->variant, a->variant_info ? a->variant_info() : "");
	/* the timing lane's counters, on this thread (the one that samples) */
	h->pmu = cs_pmu_worker_start(h->pmu_why, sizeof h->pmu_why);
	send_line(cs_msg_hello_encode(h));
	free(h);
}

static cell_slot *
slot_find(int64_t id)
{
	for (size_t i = 0; i < n_cells; i++)
		if (cells[i]->id == id)
			return cells[i];
	return NULL;
}

static void
slot_drop(int64_t id)
{
	for (size_t i = 0; i < n_cells; i++) {
		if (cells[i]->id != id)
			continue;
		cs_cell_release(&cells[i]->cell);
		free(cells[i]);
		cells[i] = cells[--n_cells];
		return;
	}
}

/* One signature of the deterministic message by impl, as hex into buf; ""
   when it cannot sign. */
static void
sample_signature(const cs_impl *impl, char *buf, size_t size)
{
	const char *why;
	uint8_t sig[CS_SIG_MAX];
	char err[256];
	size_t n = impl->alg->out_len;
	buf[0] = '\0';
	if (n > sizeof sig || 2 * n + 1 > size || !impl_available(impl, &why) ||
	    !(impl->ops & CS_OPBIT(CS_OP_SIGN)) || kat_exempt(impl) ||
	    cs_sig_sample(impl, sig, err, sizeof err) != CS_OK)
		return;
	cs_hex_encode(sig, n, buf);
}

/* verify: does this impl accept another library's signature of the
   deterministic message? ok / wrong / unsupported / error */
static void
do_verify(const cs_msg_verify *req)
{
	cs_msg_verify_reply r = {.id = req->id, .status = CS_ST_ERROR};
	const cs_impl *impl = find_impl(req->alg, req->path);
	uint8_t sig[CS_SIG_MAX];
	char detail[256];
	const char *why;
	if (!impl || impl->alg->kind != CS_SIG) {
		snprintf(r.error, sizeof r.error, "no signature impl %s on path %s", req->alg,
			 req->path);
	} else if (impl->alg->out_len > sizeof sig ||
		   cs_hex_decode(req->signature, sig, sizeof sig) != (long)impl->alg->out_len) {
		snprintf(r.error, sizeof r.error, "signature: %zu hex digits, %s takes %zu",
			 strlen(req->signature), impl->alg->name, 2 * impl->alg->out_len);
	} else if (!impl_available(impl, &why) || !(impl->ops & CS_OPBIT(CS_OP_VERIFY)) ||
		   kat_exempt(impl)) {
		r.status = CS_ST_UNSUPPORTED;
		copy(r.why, sizeof r.why,
		     kat_exempt(impl) ? "harness probe"
		     : why	      ? why
				      : op_why(impl));
	} else {
		cs_status st = cs_sig_verify_foreign(impl, sig, detail, sizeof detail);
		r.status = st == CS_OK		  ? CS_ST_OK
			   : st == CS_MISMATCH	  ? CS_ST_WRONG
			   : st == CS_UNSUPPORTED ? CS_ST_UNSUPPORTED
						  : CS_ST_ERROR;
		if (r.status == CS_ST_ERROR)
			copy(r.error, sizeof r.error, detail);
	}
	send_line(cs_msg_verify_reply_encode(&r));
}

/* conform: one test vector through an impl (docs/conformance.md). */
static void
do_conform(const cs_msg_conform *req)
{
	static cs_msg_conform_reply r;
	memset(&r, 0, sizeof r);
	r.id = req->id;
	r.status = CS_ST_ERROR;
	const cs_impl *impl = find_impl(req->alg, req->path);
	const char *why;
	/* tests/e2e/conform_fault.sh: the noop worker crashes on every vector
	   without associated data */
	if (impl && fault_here(impl, "crash-conform") && !req->aad[0])
		abort();
	if (!impl) {
		snprintf(r.error, sizeof r.error, "no impl %s on path %s", req->alg, req->path);
	} else if (!impl_available(impl, &why) || !(impl->ops & CS_OPBIT(req->op)) ||
		   kat_exempt(impl)) {
		r.status = CS_ST_UNSUPPORTED;
		copy(r.why, sizeof r.why,
		     kat_exempt(impl) ? "harness probe"
		     : why	      ? why
				      : op_why(impl));
	} else {
		cs_worker_conform(impl, req, &r);
	}
	send_line(cs_msg_conform_reply_encode(&r));
}

/* Started by run --count (CRYPTOSPEED_COUNTING=1): see serve(). */
static bool
counting_worker(void)
{
	const char *v = getenv("CRYPTOSPEED_COUNTING");
	return v && strcmp(v, "1") == 0;
}

static void
prepare_cell(const cs_msg_prepare *req, cs_msg_prepare_reply *r)
{
	const cs_impl *impl = find_impl(req->alg, req->path);
	cs_op op = (cs_op)req->op;
	const char *why;
	char detail[256];

	r->status = CS_ST_ERROR;
	if (!impl) {
		snprintf(r->error, sizeof r->error, "no impl of %s on path %s", req->alg,
			 req->path);
		return;
	}
	if (!impl_available(impl, &why) || !(impl->ops & CS_OPBIT(op))) {
		r->status = CS_ST_UNSUPPORTED;
		copy(r->why, sizeof r->why, why ? why : op_why(impl));
		return;
	}
	/* A sign cell's reply carries one signature for the other libraries to
	   verify (interop), whatever its own known answers say. */
	if (op == CS_OP_SIGN)
		sample_signature(impl, r->signature, sizeof r->signature);
	if (!kat_exempt(impl)) {
		cs_status st = cs_kat_check(impl, op, detail, sizeof detail);
		if (st != CS_OK) {
			r->status = st == CS_MISMATCH	   ? CS_ST_WRONG
				    : st == CS_UNSUPPORTED ? CS_ST_UNSUPPORTED
							   : CS_ST_ERROR;
			copy(r->error, sizeof r->error, detail);
			if (r->status != CS_ST_WRONG)
				r->signature[0] = '\0';
			return;
		}
	}
	if (fault_here(impl, "crash-prepare"))
		abort();
	if (n_cells == cap_cells) {
		size_t ncap = cap_cells ? 2 * cap_cells : 64;
		cell_slot **n = realloc(cells, ncap * sizeof *n);
		if (!n) {
			copy(r->error, sizeof r->error, "out of memory");
			r->signature[0] = '\0';
			return;
		}
		cells = n;
		cap_cells = ncap;
	}
	cell_slot *s = calloc(1, sizeof *s);
	if (!s) {
		copy(r->error, sizeof r->error, "out of memory");
		r->signature[0] = '\0';
		return;
	}
	s->id = req->id;
	cs_status st = cs_cell_prepare(&s->cell, impl, op, (size_t)req->size, (size_t)req->misalign,
				       detail, sizeof detail);
	/* a counting worker does not calibrate: how many ops a time allows
	   would change the heap (the reply's digits, what the ops allocated) and
	   the count with it; its batch is 1 */
	if (st == CS_OK && !counting_worker())
		st = cs_cell_calibrate(&s->cell, (uint64_t)req->target_ns,
				       (uint64_t)req->warmup_ns);
	if (st != CS_OK) {
		r->status = st == CS_UNSUPPORTED ? CS_ST_UNSUPPORTED : CS_ST_ERROR;
		copy(r->error, sizeof r->error, detail);
		r->signature[0] = '\0';
		cs_cell_release(&s->cell);
		free(s);
		return;
	}
	cells[n_cells++] = s;
	r->status = CS_ST_OK;
	/* "disagree" (tests only): a noop cell that claims to have passed, so its
	   made-up output is compared with the real libraries' */
	r->kat = kat_exempt(impl) && !fault_here(impl, "disagree") ? CS_KAT_EXEMPT : CS_KAT_PASS;
	r->batch = (int64_t)s->cell.batch;
	copy(r->fingerprint, sizeof r->fingerprint, s->cell.fingerprint);
	r->heap_peak = s->cell.heap_peak;
	r->heap_idle = s->cell.heap_idle;
	if (impl->describe)
		impl->describe(s->cell.ctx, r->served_by, sizeof r->served_by);
}

static void
do_prepare(const cs_msg_prepare *req)
{
	cs_msg_prepare_reply r = {.id = req->id, .kat = -1};
	/* a cell prepared again (the orchestrator restarted it elsewhere) starts afresh */
	slot_drop(req->id);
	prepare_cell(req, &r);
	send_line(cs_msg_prepare_reply_encode(&r));
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
	if (fault_here(cell->impl, "crash"))
		abort();
	if (fault_here(cell->impl, "hang")) {
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
	if (fault_here(cell->impl, "garbage")) {
		fputs("this is not json {\n", proto_out);
		fflush(proto_out);
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
	cell_slot *s = slot_find(req->id);
	memset(&r, 0, sizeof r);
	r.id = req->id;
	r.status = CS_ST_ERROR;
	if (!s) {
		copy(r.error, sizeof r.error, "no such cell (not prepared)");
		send_line(cs_msg_sample_reply_encode(&r));
		return;
	}
	if (sample_fault(&s->cell))
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
			send_line(cs_msg_sample_reply_encode(&r));
			return;
		}
		wait_until(req->start_ns);
		int64_t now = monotonic_ns();
		r.began_ns = r.ended_ns = now;
		while (now < req->end_ns && r.n_ns < (size_t)req->n && st == CS_OK) {
			uint64_t t = cs_cell_batch(&s->cell, s->cell.batch, &st);
			ran++;
			now = monotonic_ns();
			if (now > req->end_ns)
				break; /* it ended after the window: not counted */
			r.ns[r.n_ns++] = (int64_t)t;
			r.ended_ns = now;
		}
	} else {
		while (r.n_ns < (size_t)req->n && st == CS_OK)
			r.ns[r.n_ns++] = (int64_t)cs_cell_batch(&s->cell, s->cell.batch, &st);
		ran = r.n_ns;
	}
	/* the counters are read only before and after the batches */
	uint64_t insns, cycles;
	if (pmu && st == CS_OK && ran && cs_pmu_worker_read(&p1) &&
	    cs_pmu_delta(&p0, &p1, &insns, &cycles)) {
		r.pmu_ops = (int64_t)(ran * s->cell.batch);
		r.pmu_insns = (int64_t)insns;
		r.pmu_cycles = (int64_t)cycles;
	}
	for (size_t i = 0; i < r.n_ns; i++)
		if (r.ns[i] < 1)
			r.ns[i] = 1; /* below the clock's resolution */
	r.status = st == CS_OK ? CS_ST_OK : CS_ST_ERROR;
	r.batch = (int64_t)s->cell.batch;
	if (st != CS_OK)
		copy(r.error, sizeof r.error, "operation failed while timing");
	send_line(cs_msg_sample_reply_encode(&r));
}

static void
do_count(const cs_msg_count *req)
{
	static cs_msg_count_reply r;
	cell_slot *s = slot_find(req->id);
	memset(&r, 0, sizeof r);
	r.id = req->id;
	r.status = CS_ST_ERROR;
	if (!s)
		copy(r.error, sizeof r.error, "no such cell (not prepared)");
	else
		cs_worker_count(&s->cell, req, &r);
	send_line(cs_msg_count_reply_encode(&r));
}

static void
gather_evidence(cell_slot *s, int64_t ms, cs_msg_ev *ev)
{
	cs_ev_ranges ranges;
	cs_ev_result res;
	char why[160] = "";
	memset(&res, 0, sizeof res);
	if (cs_ev_ranges_find(cs_worker_adapter->objects, &ranges, why, sizeof why) != 0) {
		copy(ev->reason, sizeof ev->reason, why);
		return;
	}
	if (cs_ev_begin(&res) != 0) {
		copy(ev->reason, sizeof ev->reason, res.reason);
		return;
	}
	uint64_t until = cs_now_ns() + (uint64_t)ms * 1000000u;
	cs_status st = CS_OK;
	while (cs_now_ns() < until && st == CS_OK)
		cs_cell_batch(&s->cell, s->cell.batch, &st);
	cs_ev_end(&ranges, &res);
	for (int c = 0; c < CS_EV_COUNT && ev->n_classes < CS_MSG_MAX_CLASSES; c++) {
		if (!res.counts[c] || !res.in_lib)
			continue;
		cs_msg_ev_class *k = &ev->classes[ev->n_classes++];
		copy(k->name, sizeof k->name, cs_ev_class_name((cs_ev_class)c));
		k->share = (double)res.counts[c] / (double)res.in_lib;
	}
	ev->available = res.available;
	if (!res.available)
		copy(ev->reason, sizeof ev->reason, res.reason);
	ev->samples = (int64_t)res.in_lib;
	ev->samples_total = (int64_t)res.samples;
	copy(ev->objects, sizeof ev->objects, ranges.what);
}

static void
do_evidence(const cs_msg_evidence *req)
{
	static cs_msg_evidence_reply r;
	memset(&r, 0, sizeof r);
	r.id = req->id;
	cell_slot *s = slot_find(req->id);
	if (!s) {
		r.status = CS_ST_ERROR;
		copy(r.error, sizeof r.error, "no such cell (not prepared)");
	} else {
		r.status = CS_ST_OK;
		gather_evidence(s, req->ms, &r.evidence);
	}
	send_line(cs_msg_evidence_reply_encode(&r));
}

/* The requests after the hello, answered until quit or end of input. */
static void *
serve_requests(void *unused)
{
	(void)unused;
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	static cs_msg_request req;
	while ((len = getline(&line, &cap, stdin)) > 0) {
		char err[256];
		int64_t id;
		if (cs_msg_request_decode(line, &req, &id, err, sizeof err) != 0) {
			cs_msg_reply r = {.id = id, .status = CS_ST_ERROR};
			copy(r.error, sizeof r.error, err);
			send_line(cs_msg_reply_encode(&r));
			continue;
		}
		if (req.cmd == CS_CMD_QUIT)
			break;
		switch (req.cmd) {
		case CS_CMD_PREPARE: do_prepare(&req.prepare); break;
		case CS_CMD_SAMPLE: do_sample(&req.sample); break;
		case CS_CMD_EVIDENCE: do_evidence(&req.evidence); break;
		case CS_CMD_VERIFY: do_verify(&req.verify); break;
		case CS_CMD_CONFORM: do_conform(&req.conform); break;
		case CS_CMD_INSNS: do_count(&req.count); break;
		case CS_CMD_RELEASE: {
			slot_drop(req.release.id);
			cs_msg_reply r = {.id = req.release.id, .status = CS_ST_OK};
			send_line(cs_msg_reply_encode(&r));
			break;
		}
		default: break;
		}
	}
	free(line);
	while (n_cells)
		slot_drop(cells[0]->id);
	free(cells);
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
	if (a->name && strcmp(a->name, "noop") == 0) {
		const char *f = getenv("CRYPTOSPEED_FAULT"); /* MODE[:ALG], tests only */
		static char buf[64];
		if (f) {
			snprintf(buf, sizeof buf, "%s", f);
			char *colon = strchr(buf, ':');
			if (colon) {
				*colon = '\0';
				fault_alg = colon + 1;
			}
			fault_mode = buf;
		}
	}
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
		proto_out = stdout;
		cs_msg_hello *h = malloc(sizeof *h);
		if (h) {
			cs_msg_hello_init(h);
			h->protocol = CS_PROTOCOL_VERSION;
			h->abi = a->abi;
			copy(h->lib, sizeof h->lib, a->name);
			copy(h->version, sizeof h->version, a->version());
			copy(h->init_error, sizeof h->init_error, why);
			send_line(cs_msg_hello_encode(h));
			free(h);
		}
		return 1;
	}
	if (mode == LIST) {
		rc = cmd_list();
	} else if (mode == KAT) {
		rc = cmd_kat(alg, path);
	} else if (mode == PROBE) {
		rc = cs_heap_probe_main(probe[0], probe[1], probe[2]);
	} else if (mode == PEER) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		rc = cs_tls_peer_main(a, peer_role, alg, peer_fd);
	} else {
		/* Keep the protocol channel private: anything a library prints to
		   stdout goes to stderr instead. */
		int fd = dup(STDOUT_FILENO);
		proto_out = fd >= 0 ? fdopen(fd, "w") : NULL;
		if (!proto_out || dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
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
		fclose(proto_out);
	}
	if (a->fini)
		a->fini();
	return rc;
}
