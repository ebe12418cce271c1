/* The interleaved run: start workers, plan cells, then sample a rolling
   window of cells in shuffled rounds until each is precise enough or out of
   budget; gather hw evidence per row apart from the timed samples. */
#define _GNU_SOURCE
#include <math.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "now.h"
#include "count.h"
#include "escape.h"
#include "orchestrator.h"

#define MAX_RESTARTS 8
/* Visits after which a cell that never settles ends `error` (a worker whose
   samples keep the CI wide and the budget unspent must not hold the run). */
#define MAX_VISITS 2000
/* --multi: the shortest common window (waking N workers and the scheduler's
   slices are small beside it), and the time to send every worker its request
   before it opens. */
#define WINDOW_MIN_NS 20000000
#define WINDOW_LEAD_NS 2000000
/* Cells prepared at once in one worker: bounds what a library holds (mbedTLS
   PSA has 32 key slots) while cells of one algorithm across all libraries
   are still sampled together. */
#define WINDOW 12

static void
set_status(cs_rcell *c, const char *status, const char *detail)
{
	snprintf(c->status, sizeof c->status, "%s", status);
	if (detail)
		snprintf(c->detail, sizeof c->detail, "%s", detail);
	c->done = true;
}

static cs_worker *
new_worker(cs_run *run, const cs_worker_file *f, const char *mask, const cs_variant *variant)
{
	cs_worker *w = calloc(1, sizeof *w);
	cs_worker **n = realloc(run->workers, (run->n_workers + 1) * sizeof *n);
	if (!w || !n) {
		free(w);
		return NULL;
	}
	run->workers = n;
	w->file = f;
	w->variant = variant;
	w->cpu = -1;
	snprintf(w->mask, sizeof w->mask, "%s", mask);
	run->workers[run->n_workers++] = w;
	return w;
}

static cs_rcell *
add_cell(cs_run *run, cs_worker **ws, int n_ws, const char *path, const cs_alg *alg, cs_op op,
	 size_t size)
{
	cs_rcell *n = realloc(run->cells, (run->n_cells + 1) * sizeof *n);
	if (!n)
		return NULL;
	run->cells = n;
	cs_rcell *c = &run->cells[run->n_cells];
	memset(c, 0, sizeof *c);
	c->ws = calloc((size_t)n_ws, sizeof *c->ws);
	c->gens = calloc((size_t)n_ws, sizeof *c->gens);
	if (!c->ws || !c->gens) {
		free(c->ws);
		free(c->gens);
		return NULL;
	}
	run->n_cells++;
	memcpy(c->ws, ws, (size_t)n_ws * sizeof *ws);
	c->n_ws = n_ws;
	c->multi = n_ws > 1 ? n_ws : 0;
	c->w = ws[0];
	snprintf(c->path, sizeof c->path, "%s", path);
	c->alg = alg;
	c->op = op;
	c->size = size;
	c->id = (int64_t)run->n_cells;
	c->agree = -1;
	return c;
}

static bool
same_row(const cs_rcell *a, const cs_rcell *b)
{
	return a->w == b->w && a->alg == b->alg && a->op == b->op && strcmp(a->path, b->path) == 0;
}

/* Cells for one worker (or --multi group), from its hello and the filters. */
static void
plan_worker(cs_run *run, cs_worker **ws, int n_ws, const char *unsupported_why)
{
	const cs_config *cfg = run->cfg;
	cs_worker *w = ws[0];
	const cs_msg_hello *h = cs_worker_hello(w);
	for (size_t i = 0; h && i < h->n_impls; i++) {
		const cs_msg_impl *impl = &h->impls[i];
		const char *path = impl->path;
		const cs_alg *alg = cs_alg_find(impl->alg);
		if (!alg)
			continue; /* an algorithm this build does not know */
		if (cfg->algs.n ? !cs_alg_in(alg, cfg->algs.item, cfg->algs.n)
				: alg->tls.on_request)
			continue; /* unnamed, a TLS configuration runs only on request */
		/* a counting run's noop rows are the harness's own count, part of
		   every other row: kept whatever --path selects */
		if (cfg->paths.n && !cs_list_has(&cfg->paths, path) &&
		    !(cfg->count && strcmp(w->file->name, "noop") == 0))
			continue;
		bool avail = impl->available;
		const char *why = impl->why[0] ? impl->why : NULL;
		for (int op = 0; op < CS_OP_COUNT; op++) {
			if (!(alg->ops & CS_OPBIT(op)))
				continue;
			if (cfg->ops.n && !cs_list_has(&cfg->ops, cs_op_name((cs_op)op)))
				continue;
			/* TLS records without --sizes: their own two sizes */
			const size_t *sizes = cfg->sizes;
			size_t n_sizes = cfg->n_sizes;
			if (alg->kind == CS_TLS && !cfg->sizes_given)
				for (sizes = cs_tls_record_sizes, n_sizes = 0; sizes[n_sizes];)
					n_sizes++;
			if (!cs_op_sized((cs_op)op))
				n_sizes = 1;
			size_t first = run->n_cells;
			for (size_t s = 0; s < n_sizes; s++) {
				size_t size = cs_op_sized((cs_op)op) ? sizes[s] : 0;
				cs_rcell *c = add_cell(run, ws, n_ws, path, alg, (cs_op)op, size);
				if (!c)
					return;
				char whole[96];
				if (alg->block_len > 1 && size % alg->block_len) {
					/* CBC takes whole blocks only: n/a, with the reason */
					snprintf(whole, sizeof whole,
						 "%s needs a multiple of %zu bytes", alg->name,
						 alg->block_len);
					set_status(c, "unsupported", whole);
				} else if (unsupported_why)
					set_status(c, "unsupported", unsupported_why);
				else if (!avail)
					set_status(c, "unsupported", why ? why : "not available");
				else if (!w->alive)
					set_status(c, "error", w->error);
			}
			/* the row's evidence comes from its cell nearest the evidence size */
			size_t best = (size_t)-1, best_d = (size_t)-1;
			for (size_t k = first; k < run->n_cells; k++) {
				cs_rcell *c = &run->cells[k];
				size_t d = c->size > cfg->evidence_size
						   ? c->size - cfg->evidence_size
						   : cfg->evidence_size - c->size;
				if (!c->done && d < best_d) {
					best_d = d;
					best = k;
				}
			}
			if (best != (size_t)-1 && cfg->evidence)
				run->cells[best].evidence_here = true;
		}
	}
}

static const char *
req_status(cs_req r)
{
	switch (r) {
	case CS_REQ_CRASHED: return "crashed";
	case CS_REQ_TIMEOUT: return "timeout";
	default: return "error";
	}
}

/* A request failed mid-cell: the cell carries the fault, the worker is ended
   (to be restarted lazily for its other cells). */
static void
worker_fault(cs_rcell *c, cs_worker *w, cs_req r, const char *during)
{
	char detail[256];
	snprintf(detail, sizeof detail, "worker %s during %s (%s %s %s %zu)",
		 r == CS_REQ_CRASHED   ? "died"
		 : r == CS_REQ_TIMEOUT ? "stopped answering"
				       : "answered garbage",
		 during, w->file->name, c->path, c->alg->name, c->size);
	set_status(c, req_status(r), detail);
	cs_worker_kill(w);
}

/* A reply that breaks the protocol: the cell is `error` with the decoder's
   message, the worker is ended (its stream can no longer be trusted). */
static void
protocol_fault(cs_rcell *c, cs_worker *w, const char *why)
{
	char detail[256];
	snprintf(detail, sizeof detail, "%.40s broke the protocol: %.190s", w->file->name, why);
	set_status(c, "error", detail);
	cs_worker_kill(w);
}

/* A reply must be for the cell asked about. */
static bool
same_id(int64_t got, int64_t want, const char *what, char *err, size_t n)
{
	if (got == want)
		return true;
	snprintf(err, n, "%s: id: %lld, expected %lld", what, (long long)got, (long long)want);
	return false;
}

/* Make sure worker k of the cell runs and has the cell prepared.
   Returns false when the cell got a final status instead. */
static bool
prepare_in(cs_run *run, cs_rcell *c, int k)
{
	const cs_config *cfg = run->cfg;
	cs_worker *w = c->ws[k];
	if (!w->alive) {
		if (w->restarts >= MAX_RESTARTS || cs_worker_start(w, cfg) != 0) {
			if (cs_interrupt_signal)
				return false; /* not measured: the run's end says so */
			char d[256];
			snprintf(d, sizeof d, "worker could not be restarted: %.200s",
				 w->error[0] ? w->error : "too many restarts");
			set_status(c, "error", d);
			return false;
		}
		w->restarts++;
	}
	if (c->gens[k] == w->gen)
		return true;
	cs_msg_prepare req;
	cs_msg_prepare_init(&req);
	req.id = c->id;
	snprintf(req.alg, sizeof req.alg, "%s", c->alg->name);
	snprintf(req.path, sizeof req.path, "%s", c->path);
	req.op = (int)c->op;
	req.size = (int64_t)c->size;
	req.misalign = (int64_t)cfg->misalign;
	req.target_ns = (int64_t)cfg->target_ns;
	req.warmup_ns = (int64_t)cfg->warmup_ns;
	const char *line;
	cs_req r = cs_worker_request(w, cs_msg_prepare_encode(&req), cfg->timeout_s * 3, &line);
	if (r == CS_REQ_INTR)
		return false;
	if (r != CS_REQ_OK) {
		worker_fault(c, w, r, "prepare");
		return false;
	}
	cs_msg_prepare_reply rep;
	char err[256];
	if (cs_msg_prepare_reply_decode(line, &rep, err, sizeof err) != 0 ||
	    !same_id(rep.id, c->id, "prepare reply", err, sizeof err)) {
		protocol_fault(c, w, err);
		return false;
	}
	/* sign: one signature for the other libraries to verify (interop), even
	   from a cell whose known answers failed */
	if (c->op == CS_OP_SIGN && rep.signature[0] && !c->signature &&
	    strlen(rep.signature) == 2 * c->alg->out_len)
		c->signature = strdup(rep.signature);
	if (rep.status != CS_ST_OK) {
		set_status(c, cs_msg_status_names[rep.status],
			   rep.error[0] ? rep.error
			   : rep.why[0] ? rep.why
					: "prepare failed");
		return false;
	}
	snprintf(c->served_by, sizeof c->served_by, "%s", rep.served_by);
	snprintf(c->fingerprint, sizeof c->fingerprint, "%s", rep.fingerprint);
	snprintf(c->kat, sizeof c->kat, "%s", rep.kat == CS_KAT_EXEMPT ? "exempt" : "pass");
	c->batch = (uint64_t)rep.batch;
	c->heap_peak = rep.heap_peak;
	c->heap_idle = rep.heap_idle;
	c->gens[k] = w->gen;
	return true;
}

static bool
ensure_prepared(cs_run *run, cs_rcell *c)
{
	for (int k = 0; k < c->n_ws; k++)
		if (!prepare_in(run, c, k))
			return false;
	return true;
}

static void
add_sample(cs_rcell *c, double ns_per_op)
{
	if (c->n == c->cap) {
		size_t ncap = c->cap ? 2 * c->cap : 32;
		double *n = realloc(c->ns, ncap * sizeof *n);
		if (!n)
			return;
		c->ns = n;
		c->cap = ncap;
	}
	c->ns[c->n++] = ns_per_op;
}

/* Replies to one visit, one per worker of the cell (large: kept static). */
static cs_msg_sample_reply replies[CS_MAX_MULTI];

/* Read and check worker k's reply to a sample request for n batches.
   False when the cell got a final status (the worker is ended). */
static bool
read_sample(cs_rcell *c, int k, int64_t n, double timeout_s)
{
	cs_worker *w = c->ws[k];
	cs_msg_sample_reply *rep = &replies[k];
	const char *line;
	char err[256];
	cs_req r = cs_worker_read(w, timeout_s, &line);
	if (r == CS_REQ_INTR)
		return false;
	if (r != CS_REQ_OK) {
		worker_fault(c, w, r, "sampling");
		return false;
	}
	if (cs_msg_sample_reply_decode(line, rep, err, sizeof err) != 0 ||
	    !same_id(rep->id, c->id, "sample reply", err, sizeof err)) {
		protocol_fault(c, w, err);
		return false;
	}
	if (rep->status == CS_ST_OK && (int64_t)rep->n_ns > n) {
		snprintf(err, sizeof err, "sample reply: ns: %zu batches, %lld asked for",
			 rep->n_ns, (long long)n);
		protocol_fault(c, w, err);
		return false;
	}
	if (rep->status != CS_ST_OK) {
		set_status(c, "error", rep->error[0] ? rep->error : "sampling failed");
		return false;
	}
	return true;
}

/* Send the request to every worker of the cell. False when the cell got a
   final status instead. */
static bool
send_samples(cs_rcell *c, const cs_msg_sample *req)
{
	cs_req r = CS_REQ_OK;
	int k;
	for (k = 0; k < c->n_ws && r == CS_REQ_OK; k++)
		r = cs_worker_send(c->ws[k], cs_msg_sample_encode(req));
	if (r == CS_REQ_OK)
		return true;
	worker_fault(c, c->ws[k - 1], r, "sampling");
	for (int j = 0; j < k - 1; j++)
		cs_worker_kill(c->ws[j]); /* their replies are now out of step */
	return false;
}

/* The PMU counts of a sample reply, added to the cell's. */
static void
add_pmu(cs_rcell *c, const cs_msg_sample_reply *rep)
{
	if (rep->status != CS_ST_OK || rep->pmu_ops < 1)
		return;
	c->pmu_ops += (uint64_t)rep->pmu_ops;
	c->pmu_insns += (uint64_t)rep->pmu_insns;
	c->pmu_cycles += (uint64_t)rep->pmu_cycles;
}

/* A single worker: a few timed batches, one sample each. */
static bool
visit_single(const cs_config *cfg, cs_rcell *c)
{
	cs_msg_sample req = {.id = c->id,
			     .n = cfg->visit < CS_MSG_MAX_N ? (int64_t)cfg->visit : CS_MSG_MAX_N};
	if (!send_samples(c, &req) || !read_sample(c, 0, req.n, cfg->timeout_s))
		return false;
	const cs_msg_sample_reply *rep = &replies[0];
	for (size_t i = 0; i < rep->n_ns; i++) {
		add_sample(c, (double)rep->ns[i] / (double)rep->batch);
		c->timed_ns += (double)rep->ns[i];
	}
	add_pmu(c, rep);
	return true;
}

static int64_t
monotonic_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static void
add_window(cs_rcell *c, double span_ns, const uint64_t *ops)
{
	if (c->n_win == c->cap_win) {
		size_t ncap = c->cap_win ? 2 * c->cap_win : 32;
		double *ns = realloc(c->win_ns, ncap * sizeof *ns);
		if (!ns)
			return;
		c->win_ns = ns;
		uint64_t *o = realloc(c->win_ops, ncap * (size_t)c->n_ws * sizeof *o);
		if (!o)
			return;
		c->win_ops = o;
		c->cap_win = ncap;
	}
	c->win_ns[c->n_win] = span_ns;
	memcpy(c->win_ops + c->n_win * (size_t)c->n_ws, ops, (size_t)c->n_ws * sizeof *ops);
	c->n_win++;
}

/* --multi: every worker runs whole batches through one common window on
   CLOCK_MONOTONIC: they start together, start no batch after it ends and
   count only the batches that ended within it. The sample is the window's
   length divided by all the operations they completed in it, as openssl
   speed -multi counts: batches that did not overlap never count as parallel
   work. */
static bool
visit_window(const cs_config *cfg, cs_rcell *c)
{
	int64_t len = (int64_t)(cfg->visit * cfg->target_ns);
	if (len < WINDOW_MIN_NS)
		len = WINDOW_MIN_NS;
	cs_msg_sample req = {.id = c->id, .n = CS_MSG_MAX_N};
	req.start_ns = monotonic_ns() + WINDOW_LEAD_NS + (int64_t)c->n_ws * 100000;
	req.end_ns = req.start_ns + len;
	if (!send_samples(c, &req))
		return false;
	uint64_t ops[CS_MAX_MULTI], total = 0;
	for (int k = 0; k < c->n_ws; k++) {
		char err[160] = "";
		bool ok = read_sample(c, k, req.n, cfg->timeout_s + (double)len / 1e9);
		const cs_msg_sample_reply *rep = &replies[k];
		if (ok && !rep->began_ns)
			snprintf(err, sizeof err,
				 "sample reply: began_ns: missing (required with a "
				 "window)");
		else if (ok && (rep->began_ns < req.start_ns ||
				(rep->n_ns && rep->ended_ns > req.end_ns)))
			snprintf(err, sizeof err,
				 "sample reply: began_ns, ended_ns: outside the "
				 "window it was given");
		else if (ok && rep->batch > ((int64_t)1 << 40))
			snprintf(err, sizeof err, "sample reply: batch: %lld is more than 2^40",
				 (long long)rep->batch);
		if (ok && err[0])
			protocol_fault(c, c->ws[k], err);
		if (!ok || err[0]) {
			for (int j = k + 1; j < c->n_ws; j++)
				cs_worker_kill(c->ws[j]);
			return false;
		}
		ops[k] = (uint64_t)rep->batch * rep->n_ns;
		total += ops[k];
		add_pmu(c, rep);
	}
	/* the window counts against the budget whether or not its ops fit */
	c->timed_ns += (double)len;
	if (total == 0)
		return true; /* no batch fitted (a loaded machine): no sample */
	add_sample(c, (double)len / (double)total);
	add_window(c, (double)len, ops);
	return true;
}

/* One visit: timed batches, then is the cell precise enough or out of budget? */
static void
visit(cs_run *run, cs_rcell *c)
{
	const cs_config *cfg = run->cfg;
	if (!ensure_prepared(run, c))
		return;
	if (cfg->count) {
		cs_count_visit(run, c); /* run --count: counted, not timed */
		return;
	}
	if (++c->visits > MAX_VISITS) {
		/* An honest worker's batches last about target_ns, so its cell
		   reaches the precision or spends its budget long before this. */
		char d[160];
		snprintf(d, sizeof d,
			 "no usable result after %d visits: its batches last far less "
			 "than the %llu ns asked for",
			 MAX_VISITS, (unsigned long long)cfg->target_ns);
		set_status(c, "error", d);
		return;
	}
	if (!(c->multi ? visit_window(cfg, c) : visit_single(cfg, c)))
		return;
	cs_summary s;
	cs_summarize(c->ns, c->n, &s);
	double budget_ns = cfg->budget_s * 1e9;
	/* Precise enough, or out of budget, once there are min_samples; fewer
	   (but at least 3) only for an operation so slow that min_samples
	   batches would take ten budgets. */
	if ((c->n >= cfg->min_samples && cs_ci_rel_halfwidth(&s) <= cfg->precision) ||
	    (c->n >= cfg->min_samples && c->timed_ns >= budget_ns) ||
	    (c->n >= 3 && c->timed_ns >= 10 * budget_ns))
		set_status(c, "ok", NULL);
}

/* Evidence for a row, from its chosen cell, apart from the timed samples. */
static void
gather_evidence(cs_run *run, cs_rcell *c)
{
	const cs_config *cfg = run->cfg;
	cs_msg_evidence req = {.id = c->id, .ms = cfg->quick ? 10 : 25};
	static cs_msg_evidence_reply rep;
	const char *line;
	char err[256];
	cs_req r = cs_worker_request(c->w, cs_msg_evidence_encode(&req), cfg->timeout_s * 3, &line);
	if (r == CS_REQ_INTR)
		return;
	if (r != CS_REQ_OK || cs_msg_evidence_reply_decode(line, &rep, err, sizeof err) != 0 ||
	    !same_id(rep.id, c->id, "evidence reply", err, sizeof err)) {
		if (r == CS_REQ_OK)
			fprintf(stderr, "cryptospeed: %s broke the protocol: %s\n",
				cs_esc_term(c->w->file->name), cs_esc_term(err));
		cs_worker_kill(c->w);
		return;
	}
	if (rep.status != CS_ST_OK)
		return;
	free(c->evidence);
	c->evidence = malloc(sizeof *c->evidence);
	if (c->evidence)
		*c->evidence = rep.evidence;
	c->ev_size = c->size;
}

/* A finished cell leaves the window: its worker frees it. */
static void
retire(cs_run *run, cs_rcell *c)
{
	if (!c->active)
		return;
	c->active = false;
	if (c->evidence_here && strcmp(c->status, "ok") == 0 && !cs_interrupt_signal) {
		double t0 = cs_now_s();
		gather_evidence(run, c);
		run->evidence_s += cs_now_s() - t0;
	}
	for (int k = 0; k < c->n_ws; k++) {
		cs_worker *w = c->ws[k];
		w->active--;
		if (!w->alive || c->gens[k] != w->gen || cs_interrupt_signal)
			continue;
		cs_msg_release req = {.id = c->id};
		cs_msg_reply rep;
		const char *line;
		char err[256];
		if (cs_worker_request(w, cs_msg_release_encode(&req), run->cfg->timeout_s, &line) !=
			    CS_REQ_OK ||
		    cs_msg_reply_decode(line, &rep, err, sizeof err) != 0 || rep.id != c->id)
			cs_worker_kill(w);
		c->gens[k] = 0;
	}
}

static bool
fits_window(const cs_rcell *c)
{
	for (int k = 0; k < c->n_ws; k++)
		if (c->ws[k]->active >= WINDOW)
			return false;
	return true;
}

/* Fingerprints per (alg, op, size): the most common one wins; the rest disagree. */
static bool
comparable(const cs_rcell *c)
{
	return strcmp(c->status, "ok") == 0 && c->fingerprint[0] && strcmp(c->kat, "exempt") != 0;
}

static bool
same_input(const cs_rcell *a, const cs_rcell *b)
{
	return a->alg == b->alg && a->op == b->op && a->size == b->size;
}

static int
check_agreement(cs_run *run)
{
	int disagreements = 0;
	for (size_t i = 0; i < run->n_cells; i++) {
		cs_rcell *c = &run->cells[i];
		if (c->agree != -1 || !comparable(c))
			continue;
		size_t best_count = 0;
		const char *best = NULL;
		bool tie = false;
		for (size_t j = 0; j < run->n_cells; j++) {
			cs_rcell *d = &run->cells[j];
			if (!same_input(c, d) || !comparable(d))
				continue;
			size_t count = 0;
			for (size_t k = 0; k < run->n_cells; k++) {
				cs_rcell *e = &run->cells[k];
				count += same_input(c, e) && comparable(e) &&
					 strcmp(e->fingerprint, d->fingerprint) == 0;
			}
			if (count > best_count) {
				best_count = count;
				best = d->fingerprint;
				tie = false;
			} else if (count == best_count && strcmp(best, d->fingerprint) != 0) {
				tie = true;
			}
		}
		for (size_t j = 0; j < run->n_cells; j++) {
			cs_rcell *d = &run->cells[j];
			if (!same_input(c, d) || !comparable(d))
				continue;
			d->agree = !tie && strcmp(d->fingerprint, best) == 0;
			disagreements += !d->agree;
		}
	}
	return disagreements;
}

/* One line on a terminal: cells done of the whole run (every repetition of
   --repeat), time since the first began, and the rest at the rate so far
   (none before the first cell is done). */
static void
progress(const cs_config *cfg, size_t done, size_t total, double start)
{
	if (!isatty(STDERR_FILENO))
		return;
	size_t reps = cfg->repeat > 1 ? (size_t)cfg->repeat : 1;
	size_t all = total * reps;
	done += total * (size_t)(cfg->repetition > 0 ? cfg->repetition : 0);
	double el = cs_now_s() - start;
	if (done > 0)
		fprintf(stderr, "\r\033[Kcell %zu of %zu done, %.0f s elapsed, ETA %.0f s", done,
			all, el, el / (double)done * (double)(all - done));
	else
		fprintf(stderr,
			"\r\033[Kcell 0 of %zu done, %.0f s elapsed, ETA after the first cell", all,
			el);
	if (done == all || (done > 0 && done % total == 0))
		fputs("\r\033[K", stderr);
}

static void
shuffle(size_t *a, size_t n, unsigned *seed)
{
	for (size_t i = n; i > 1; i--) {
		size_t j = (size_t)rand_r(seed) % i;
		size_t t = a[i - 1];
		a[i - 1] = a[j];
		a[j] = t;
	}
}

/* Start the workers of one library under one mask: one unpinned worker, and
   with --multi N a group of N more, each pinned to its own CPU when there are
   that many CPUs to use, else left to the scheduler to share them. */
static int
start_group(cs_run *run, const cs_worker_file *f, const char *mask, cs_worker *base,
	    const char *env, const char *val, const char *why)
{
	const cs_config *cfg = run->cfg;
	cs_worker *w =
		cs_mask_find(mask) == CS_MASK_NONE ? base : new_worker(run, f, mask, base->variant);
	if (!w)
		return -1;
	char lost[200];
	if (w != base && !why) {
		snprintf(w->env_name, sizeof w->env_name, "%s", env ? env : "");
		snprintf(w->env_value, sizeof w->env_value, "%s", val ? val : "");
		if (cs_worker_start(w, cfg) != 0)
			fprintf(stderr, "cryptospeed: %s mask %s: %s\n", cs_esc_term(f->name), mask,
				cs_esc_term(w->error));
		else if (w->info.mask_applied == 0) {
			/* never an unmasked number under a mask's name */
			snprintf(lost, sizeof lost,
				 "mask %s: %.60s did not reach the worker (does the "
				 "launcher drop the environment?)",
				 mask, w->env_name);
			why = lost;
			fprintf(stderr, "cryptospeed: %s %s\n", cs_esc_term(f->name),
				cs_esc_term(lost));
		}
	}
	if (!w->has_hello && base->has_hello) {
		w->info = base->info;
		w->has_hello = true;
	}
	plan_worker(run, &w, 1, why);
	if (cfg->multi <= 1)
		return 0;
	cs_worker *group[CS_MAX_MULTI];
	for (int k = 0; k < cfg->multi && k < CS_MAX_MULTI; k++) {
		cs_worker *m = new_worker(run, f, mask, base->variant);
		if (!m)
			return -1;
		m->cpu = run->multi_shared ? -1 : run->cpu_ids[k];
		memcpy(m->env_name, w->env_name, sizeof m->env_name);
		memcpy(m->env_value, w->env_value, sizeof m->env_value);
		if (!why && cs_worker_start(m, cfg) != 0)
			fprintf(stderr, "cryptospeed: %s x%d: %s\n", cs_esc_term(f->name),
				cfg->multi, cs_esc_term(m->error));
		if (!m->has_hello && base->has_hello) {
			m->info = base->info;
			m->has_hello = true;
		}
		group[k] = m;
	}
	plan_worker(run, group, cfg->multi < CS_MAX_MULTI ? cfg->multi : CS_MAX_MULTI, why);
	return 0;
}

/* The variants that apply to a worker file ("openssl" and "openssl@1.1.1w"). */
static bool
variant_applies(const cs_variant *v, const char *name)
{
	size_t n = strlen(v->lib);
	return strncmp(name, v->lib, n) == 0 && (name[n] == '\0' || name[n] == '@');
}

static int start_variant(cs_run *run, const cs_worker_file *file, const cs_variant *variant);

static int
start_workers(cs_run *run, const cs_worker_file *files, size_t n_files)
{
	const cs_config *cfg = run->cfg;
	for (size_t f = 0; f < n_files; f++) {
		bool any = false;
		for (size_t v = 0; v < cfg->n_variants; v++) {
			if (!variant_applies(&cfg->variants[v], files[f].name))
				continue;
			any = true;
			if (start_variant(run, &files[f], &cfg->variants[v]) != 0)
				return -1;
		}
		if (!any && start_variant(run, &files[f], NULL) != 0)
			return -1;
	}
	return 0;
}

static int
start_variant(cs_run *run, const cs_worker_file *file, const cs_variant *variant)
{
	const cs_config *cfg = run->cfg;
	/* the unmasked worker first: its hello tells how to mask */
	cs_worker *base = new_worker(run, file, cs_mask_name(CS_MASK_NONE), variant);
	if (!base)
		return -1;
	if (cs_worker_start(base, cfg) != 0) {
		fprintf(stderr, "cryptospeed: %s: %s\n", cs_esc_term(file->name),
			cs_esc_term(base->error));
		return 0; /* no hello, no impl list: recorded under "libraries" */
	}
	const cs_msg_hello *h = cs_worker_hello(base);
	if (h->init_error[0])
		return 0; /* the caller's validation reports it */
	for (size_t m = 0; m < cfg->masks.n; m++) {
		const char *mask = cfg->masks.item[m];
		const cs_msg_mask *me = NULL;
		for (size_t i = 0; i < h->n_masks; i++)
			if (strcmp(h->masks[i].name, mask) == 0)
				me = &h->masks[i];
		char why[160];
		snprintf(why, sizeof why, "%s has no switch for mask %s", file->name, mask);
		bool ok = me && me->status == CS_MASK_STATUS_OK;
		if (start_group(run, file, mask, base, me ? me->env : NULL, me ? me->value : NULL,
				ok ? NULL : why) != 0)
			return -1;
	}
	if (!cs_list_has(&cfg->masks, cs_mask_name(CS_MASK_NONE)))
		cs_worker_quit(base);
	return 0;
}

int
cs_run_start(cs_run *run, const cs_worker_file *files, size_t n_files)
{
	run->t0 = cs_now_s();
	time_t t = time(NULL);
	strftime(run->started, sizeof run->started, "%Y-%m-%dT%H:%M:%SZ", gmtime(&t));
	/* the CPUs this process may use: --multi pins to them, or shares them */
	cpu_set_t set;
	run->cpus_allowed = 1;
	run->cpu_ids[0] = 0;
	if (sched_getaffinity(0, sizeof set, &set) == 0) {
		run->cpus_allowed = CPU_COUNT(&set);
		for (int i = 0, n = 0; i < CPU_SETSIZE && n < CS_MAX_MULTI; i++)
			if (CPU_ISSET(i, &set))
				run->cpu_ids[n++] = i;
	}
	run->multi_shared = run->cfg->multi > 1 && run->cfg->multi > run->cpus_allowed;
	if (run->multi_shared)
		fprintf(stderr,
			"cryptospeed: warning: --multi %d is more than the %d CPUs this "
			"process may use: its workers share them, so the x%d rows show what %d "
			"CPUs do\n",
			run->cfg->multi, run->cpus_allowed, run->cfg->multi, run->cpus_allowed);
	return start_workers(run, files, n_files);
}

void
cs_run_stop_workers(cs_run *run)
{
	for (size_t i = 0; i < run->n_workers; i++)
		cs_worker_kill(run->workers[i]);
}

static const cs_run *sort_run;

/* Admission order: one algorithm, op and size across every library together. */
static int
cmp_plan(const void *a, const void *b)
{
	const cs_rcell *x = &sort_run->cells[*(const size_t *)a];
	const cs_rcell *y = &sort_run->cells[*(const size_t *)b];
	size_t ax = 0, ay = 0;
	while (cs_algs[ax] && cs_algs[ax] != x->alg)
		ax++;
	while (cs_algs[ay] && cs_algs[ay] != y->alg)
		ay++;
	if (ax != ay)
		return ax < ay ? -1 : 1;
	if (x->op != y->op)
		return x->op < y->op ? -1 : 1;
	if (x->size != y->size)
		return x->size < y->size ? -1 : 1;
	return *(const size_t *)a < *(const size_t *)b ? -1 : 1;
}

int
cs_run_measure(cs_run *run)
{
	if (run->cfg->progress_start == 0)
		run->cfg->progress_start = cs_now_s();
	double start = run->cfg->progress_start;
	size_t total = run->n_cells;
	size_t *plan = malloc((total + 1) * sizeof *plan);
	size_t *order = malloc((total + 1) * sizeof *order);
	if (!plan || !order) {
		free(plan);
		free(order);
		return -1;
	}
	for (size_t i = 0; i < total; i++)
		plan[i] = i;
	sort_run = run;
	qsort(plan, total, sizeof *plan, cmp_plan);
	unsigned seed = run->cfg->seed;
	size_t next = 0;
	for (;;) {
		/* admit pending cells in plan order while their workers have room */
		for (size_t p = next; p < total; p++) {
			cs_rcell *c = &run->cells[plan[p]];
			if (c->done || c->active || !fits_window(c))
				continue;
			c->active = true;
			for (int k = 0; k < c->n_ws; k++)
				c->ws[k]->active++;
		}
		while (next < total &&
		       (run->cells[plan[next]].done || run->cells[plan[next]].active))
			next++;
		size_t n = 0, done = 0;
		for (size_t i = 0; i < total; i++) {
			if (run->cells[i].active && !run->cells[i].done)
				order[n++] = i;
			done += run->cells[i].done;
		}
		progress(run->cfg, done, total, start);
		if (n == 0 || cs_interrupt_signal)
			break;
		shuffle(order, n, &seed);
		for (size_t i = 0; i < n && !cs_interrupt_signal; i++) {
			cs_rcell *c = &run->cells[order[i]];
			visit(run, c);
			if (c->done)
				retire(run, c);
		}
	}
	free(plan);
	free(order);
	int refused = cs_interrupt_signal ? 0 : cs_interop_check(run);
	for (size_t i = 0; i < run->n_workers; i++) {
		if (cs_interrupt_signal)
			cs_worker_kill(run->workers[i]);
		else
			cs_worker_quit(run->workers[i]);
	}
	/* final statuses, summaries, the row's evidence on each of its ok cells */
	for (size_t i = 0; i < run->n_cells; i++) {
		cs_rcell *c = &run->cells[i];
		cs_summarize(c->ns, c->n, &c->sum);
		if (!c->status[0]) {
			if (c->n > 0)
				set_status(c, "ok", "interrupted: fewer samples than asked for");
			else
				set_status(c, "error", "interrupted before it was measured");
		}
	}
	for (size_t i = 0; i < run->n_cells; i++) {
		cs_rcell *src = &run->cells[i];
		if (!src->evidence_here || !src->evidence)
			continue;
		for (size_t j = 0; j < run->n_cells; j++) {
			cs_rcell *d = &run->cells[j];
			if (d != src && same_row(d, src) && strcmp(d->status, "ok") == 0) {
				free(d->evidence);
				d->evidence = malloc(sizeof *d->evidence);
				if (d->evidence)
					*d->evidence = *src->evidence;
				d->ev_size = src->ev_size;
			}
		}
	}
	/* this run's own wall time (a --repeat file sums its repetitions':
	   progress_start is the first repetition's start) */
	run->elapsed_s = cs_now_s() - (run->t0 > 0 ? run->t0 : start);
	run->interrupted = cs_interrupt_signal != 0;
	run->signal = cs_interrupt_signal;
	return check_agreement(run) + refused;
}

void
cs_run_free(cs_run *run)
{
	for (size_t i = 0; i < run->n_cells; i++) {
		free(run->cells[i].ns);
		free(run->cells[i].ws);
		free(run->cells[i].gens);
		free(run->cells[i].win_ns);
		free(run->cells[i].win_ops);
		free(run->cells[i].evidence);
		cs_interop_free(run->cells[i].interop);
		free(run->cells[i].signature);
		free(run->cells[i].count);
	}
	free(run->cells);
	for (size_t i = 0; i < run->n_workers; i++) {
		free(run->workers[i]);
	}
	free(run->workers);
}
