/* The interleaved run: start workers, plan cells, prepare, sample in shuffled
   rounds until each cell is precise enough or out of budget, gather evidence. */
#define _GNU_SOURCE
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "run.h"

#define MAX_RESTARTS 8

static double
now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void
set_status(cs_rcell *c, const char *status, const char *detail)
{
	snprintf(c->status, sizeof c->status, "%s", status);
	if (detail)
		snprintf(c->detail, sizeof c->detail, "%s", detail);
	c->done = true;
}

static cs_worker *
new_worker(cs_run *run, const cs_worker_file *f, const char *mask)
{
	cs_worker *w = calloc(1, sizeof *w);
	cs_worker **n = realloc(run->workers, (run->n_workers + 1) * sizeof *n);
	if (!w || !n) {
		free(w);
		return NULL;
	}
	run->workers = n;
	w->file = f;
	w->cpu = -1;
	snprintf(w->mask, sizeof w->mask, "%s", mask);
	run->workers[run->n_workers++] = w;
	return w;
}

static cs_rcell *
add_cell(cs_run *run, cs_worker *w, const char *path, const cs_alg *alg, cs_op op, size_t size)
{
	cs_rcell *n = realloc(run->cells, (run->n_cells + 1) * sizeof *n);
	if (!n)
		return NULL;
	run->cells = n;
	cs_rcell *c = &run->cells[run->n_cells++];
	memset(c, 0, sizeof *c);
	c->w = w;
	snprintf(c->path, sizeof c->path, "%s", path);
	c->alg = alg;
	c->op = op;
	c->size = size;
	c->id = (json_int_t)run->n_cells;
	c->agree = -1;
	return c;
}

/* Cells for one worker, from its hello and the filters. */
static void
plan_worker(cs_run *run, cs_worker *w, const char *unsupported_why)
{
	const cs_config *cfg = run->cfg;
	json_t *impls = json_object_get(w->hello, "impls"), *impl;
	size_t i;
	json_array_foreach(impls, i, impl) {
		const char *alg_name = json_string_value(json_object_get(impl, "alg"));
		const char *path = json_string_value(json_object_get(impl, "path"));
		const cs_alg *alg = alg_name ? cs_alg_find(alg_name) : NULL;
		if (!alg || !path)
			continue;
		if (cfg->algs.n && !cs_list_has(&cfg->algs, alg->name))
			continue;
		if (cfg->paths.n && !cs_list_has(&cfg->paths, path))
			continue;
		bool avail = json_is_true(json_object_get(impl, "available"));
		const char *why = json_string_value(json_object_get(impl, "why"));
		for (int op = 0; op < CS_OP_COUNT; op++) {
			if (!(alg->ops & CS_OPBIT(op)))
				continue;
			if (cfg->ops.n && !cs_list_has(&cfg->ops, cs_op_name((cs_op)op)))
				continue;
			size_t n_sizes = cs_op_sized((cs_op)op) ? cfg->n_sizes : 1;
			for (size_t s = 0; s < n_sizes; s++) {
				size_t size = cs_op_sized((cs_op)op) ? cfg->sizes[s] : 0;
				if (alg->block_len > 1 && size % alg->block_len)
					continue; /* CBC takes whole blocks only */
				cs_rcell *c = add_cell(run, w, path, alg, (cs_op)op, size);
				if (!c)
					return;
				if (unsupported_why)
					set_status(c, "unsupported", unsupported_why);
				else if (!avail)
					set_status(c, "unsupported", why ? why : "not available");
				else if (!w->alive)
					set_status(c, "error", w->error);
			}
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
worker_fault(cs_rcell *c, cs_req r, const char *during)
{
	char detail[256];
	snprintf(detail, sizeof detail, "worker %s during %s (%s %s %s %zu)",
		 r == CS_REQ_CRASHED ? "died" : r == CS_REQ_TIMEOUT ? "stopped answering"
		 : "answered garbage", during, c->w->file->name, c->path, c->alg->name, c->size);
	set_status(c, req_status(r), detail);
	cs_worker_kill(c->w);
}

/* Make sure the cell's worker runs and the cell is prepared in it.
   Returns false when the cell got a final status instead. */
static bool
ensure_prepared(cs_run *run, cs_rcell *c)
{
	const cs_config *cfg = run->cfg;
	cs_worker *w = c->w;
	if (!w->alive) {
		if (w->restarts >= MAX_RESTARTS || cs_worker_start(w, cfg) != 0) {
			char d[256];
			snprintf(d, sizeof d, "worker could not be restarted: %.200s",
				 w->error[0] ? w->error : "too many restarts");
			set_status(c, "error", d);
			return false;
		}
		w->restarts++;
	}
	if (c->gen == w->gen)
		return true;
	json_t *req = json_pack("{ss sI ss ss ss sI sI sI sI}", "cmd", "prepare", "id", c->id,
				"alg", c->alg->name, "path", c->path, "op", cs_op_name(c->op),
				"size", (json_int_t)c->size, "misalign", (json_int_t)cfg->misalign,
				"target_ns", (json_int_t)cfg->target_ns,
				"warmup_ns", (json_int_t)cfg->warmup_ns);
	json_t *rep = NULL;
	cs_req r = cs_worker_request(w, req, cfg->timeout_s * 3, &rep);
	if (r == CS_REQ_INTR) {
		json_decref(rep);
		return false;
	}
	if (r != CS_REQ_OK || json_integer_value(json_object_get(rep, "id")) != c->id) {
		worker_fault(c, r == CS_REQ_OK ? CS_REQ_GARBAGE : r, "prepare");
		json_decref(rep);
		return false;
	}
	const char *st = json_string_value(json_object_get(rep, "status"));
	const char *err = json_string_value(json_object_get(rep, "error"));
	if (!st || strcmp(st, "ok") != 0) {
		const char *why = json_string_value(json_object_get(rep, "why"));
		set_status(c, st ? st : "error", err ? err : why ? why : "prepare failed");
		json_decref(rep);
		return false;
	}
	const char *fp = json_string_value(json_object_get(rep, "fingerprint"));
	const char *kat = json_string_value(json_object_get(rep, "kat"));
	snprintf(c->fingerprint, sizeof c->fingerprint, "%s", fp ? fp : "");
	snprintf(c->kat, sizeof c->kat, "%s", kat ? kat : "");
	c->batch = (uint64_t)json_integer_value(json_object_get(rep, "batch"));
	c->gen = w->gen;
	json_decref(rep);
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

/* One visit: a few timed batches. */
static void
visit(cs_run *run, cs_rcell *c)
{
	const cs_config *cfg = run->cfg;
	if (!ensure_prepared(run, c))
		return;
	json_t *rep = NULL;
	json_t *req = json_pack("{ss sI sI}", "cmd", "sample", "id", c->id, "n",
				(json_int_t)cfg->visit);
	cs_req r = cs_worker_request(c->w, req, cfg->timeout_s, &rep);
	if (r == CS_REQ_INTR) {
		json_decref(rep);
		return;
	}
	json_t *ns = json_object_get(rep, "ns");
	if (r != CS_REQ_OK || json_integer_value(json_object_get(rep, "id")) != c->id ||
	    !json_is_array(ns)) {
		worker_fault(c, r == CS_REQ_OK ? CS_REQ_GARBAGE : r, "sampling");
		json_decref(rep);
		return;
	}
	const char *st = json_string_value(json_object_get(rep, "status"));
	uint64_t batch = (uint64_t)json_integer_value(json_object_get(rep, "batch"));
	size_t i;
	json_t *v;
	json_array_foreach(ns, i, v) {
		double t = (double)json_integer_value(v);
		if (batch > 0 && t > 0) {
			add_sample(c, t / (double)batch);
			c->timed_ns += t;
		}
	}
	if (!st || strcmp(st, "ok") != 0) {
		const char *err = json_string_value(json_object_get(rep, "error"));
		set_status(c, "error", err ? err : "sampling failed");
	}
	json_decref(rep);
	if (c->done)
		return;
	cs_summary s;
	cs_summarize(c->ns, c->n, &s);
	double budget_ns = cfg->budget_s * 1e9;
	if ((c->n >= cfg->min_samples && cs_ci_rel_halfwidth(&s) <= cfg->precision) ||
	    (c->n >= cfg->min_samples && c->timed_ns >= budget_ns) ||
	    c->timed_ns >= 4 * budget_ns)
		set_status(c, "ok", NULL);
}

static void
release(cs_run *run, cs_rcell *c)
{
	if (!c->w->alive || c->gen != c->w->gen)
		return;
	json_t *rep = NULL;
	json_t *req = json_pack("{ss sI}", "cmd", "release", "id", c->id);
	if (cs_worker_request(c->w, req, run->cfg->timeout_s, &rep) != CS_REQ_OK)
		cs_worker_kill(c->w);
	json_decref(rep);
}

/* Evidence at one size per row (lib, mask, path, alg, op), apart from timing. */
static void
gather_evidence(cs_run *run)
{
	const cs_config *cfg = run->cfg;
	for (size_t i = 0; i < run->n_cells && !cs_interrupt_signal; i++) {
		cs_rcell *c = &run->cells[i];
		if (strcmp(c->status, "ok") != 0)
			continue;
		/* the row's cell nearest the evidence size */
		cs_rcell *best = NULL;
		size_t best_d = (size_t)-1;
		bool first = true;
		for (size_t j = 0; j < run->n_cells; j++) {
			cs_rcell *d = &run->cells[j];
			if (d->w != c->w || d->alg != c->alg || d->op != c->op ||
			    strcmp(d->path, c->path) != 0)
				continue;
			if (j < i && strcmp(d->status, "ok") == 0)
				first = false;
			if (strcmp(d->status, "ok") != 0)
				continue;
			size_t dist = d->size > cfg->evidence_size ? d->size - cfg->evidence_size
								   : cfg->evidence_size - d->size;
			if (dist < best_d) {
				best_d = dist;
				best = d;
			}
		}
		if (!first || !best)
			continue;
		if (!ensure_prepared(run, best))
			continue;
		json_t *rep = NULL;
		json_t *req = json_pack("{ss sI sI}", "cmd", "evidence", "id", best->id, "ms",
					(json_int_t)(cfg->quick ? 20 : 40));
		cs_req r = cs_worker_request(best->w, req, cfg->timeout_s * 3, &rep);
		json_t *ev = r == CS_REQ_OK ? json_object_get(rep, "evidence") : NULL;
		if (ev) {
			json_t *copy = json_deep_copy(ev);
			json_object_set_new(copy, "size", json_integer((json_int_t)best->size));
			for (size_t j = 0; j < run->n_cells; j++) {
				cs_rcell *d = &run->cells[j];
				if (d->w == c->w && d->alg == c->alg && d->op == c->op &&
				    strcmp(d->path, c->path) == 0 && strcmp(d->status, "ok") == 0)
					d->evidence = json_incref(copy);
			}
			json_decref(copy);
		} else if (r != CS_REQ_OK && r != CS_REQ_INTR) {
			cs_worker_kill(best->w);
		}
		json_decref(rep);
	}
}

/* Fingerprints per (alg, op, size): the most common one wins; the rest disagree. */
static int
check_agreement(cs_run *run)
{
	int disagreements = 0;
	for (size_t i = 0; i < run->n_cells; i++) {
		cs_rcell *c = &run->cells[i];
		if (c->agree != -1 || strcmp(c->status, "ok") != 0 || !c->fingerprint[0] ||
		    strcmp(c->kat, "exempt") == 0)
			continue;
		/* group members */
		size_t best_count = 0;
		const char *best = NULL;
		bool tie = false;
		for (size_t j = 0; j < run->n_cells; j++) {
			cs_rcell *d = &run->cells[j];
			if (d->alg != c->alg || d->op != c->op || d->size != c->size ||
			    strcmp(d->status, "ok") != 0 || !d->fingerprint[0] ||
			    strcmp(d->kat, "exempt") == 0)
				continue;
			size_t count = 0;
			for (size_t k = 0; k < run->n_cells; k++) {
				cs_rcell *e = &run->cells[k];
				if (e->alg == c->alg && e->op == c->op && e->size == c->size &&
				    strcmp(e->status, "ok") == 0 &&
				    strcmp(e->fingerprint, d->fingerprint) == 0)
					count++;
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
			if (d->alg != c->alg || d->op != c->op || d->size != c->size ||
			    strcmp(d->status, "ok") != 0 || !d->fingerprint[0] ||
			    strcmp(d->kat, "exempt") == 0)
				continue;
			d->agree = !tie && strcmp(d->fingerprint, best) == 0;
			if (!d->agree)
				disagreements++;
		}
	}
	return disagreements;
}

static void
progress(const cs_run *run, size_t done, size_t total, double start)
{
	if (!isatty(STDERR_FILENO))
		return;
	double el = now_s() - start;
	double eta = done > 0 ? el / (double)done * (double)(total - done) : 0;
	fprintf(stderr, "\r\033[Kcell %zu of %zu done, %.0f s elapsed, ETA %.0f s", done, total, el,
		eta);
	if (done == total)
		fputs("\r\033[K", stderr);
	(void)run;
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

static int
start_workers(cs_run *run, const cs_worker_file *files, size_t n_files)
{
	const cs_config *cfg = run->cfg;
	for (size_t f = 0; f < n_files; f++) {
		/* the unmasked worker first: its hello tells how to mask */
		cs_worker *base = new_worker(run, &files[f], "none");
		if (!base)
			return -1;
		if (cs_worker_start(base, cfg) != 0)
			fprintf(stderr, "cryptospeed: %s: %s\n", files[f].name, base->error);
		for (size_t m = 0; m < cfg->masks.n; m++) {
			const char *mask = cfg->masks.item[m];
			cs_worker *w = strcmp(mask, "none") == 0 ? base
				: new_worker(run, &files[f], mask);
			if (!w)
				return -1;
			if (!base->hello) {
				/* could not start at all: one error row per planned cell is
				   not possible without its impl list; record the worker */
				continue;
			}
			const char *why = NULL;
			char whybuf[160];
			if (w != base) {
				json_t *me = json_object_get(json_object_get(base->hello, "masks"), mask);
				const char *st = json_string_value(json_object_get(me, "status"));
				const char *env = json_string_value(json_object_get(me, "env"));
				const char *val = json_string_value(json_object_get(me, "value"));
				if (!st || strcmp(st, "ok") != 0) {
					snprintf(whybuf, sizeof whybuf, "%s has no switch for mask %s",
						 files[f].name, mask);
					why = whybuf;
				} else {
					snprintf(w->env_name, sizeof w->env_name, "%s", env ? env : "");
					snprintf(w->env_value, sizeof w->env_value, "%s", val ? val : "");
					if (cs_worker_start(w, cfg) != 0)
						fprintf(stderr, "cryptospeed: %s mask %s: %s\n",
							files[f].name, mask, w->error);
				}
			}
			if (!w->hello)
				w->hello = json_incref(base->hello);
			plan_worker(run, w, why);
		}
		if (!cs_list_has(&cfg->masks, "none"))
			cs_worker_quit(base);
	}
	return 0;
}

int
cs_run_start(cs_run *run, const cs_worker_file *files, size_t n_files)
{
	time_t t = time(NULL);
	strftime(run->started, sizeof run->started, "%Y-%m-%dT%H:%M:%SZ", gmtime(&t));
	return start_workers(run, files, n_files);
}

void
cs_run_stop_workers(cs_run *run)
{
	for (size_t i = 0; i < run->n_workers; i++)
		cs_worker_kill(run->workers[i]);
}

int
cs_run_measure(cs_run *run)
{
	const cs_config *cfg = run->cfg;
	double start = now_s();

	size_t *order = malloc((run->n_cells + 1) * sizeof *order);
	if (!order)
		return -1;
	unsigned seed = cfg->seed;
	size_t total = run->n_cells;
	for (;;) {
		size_t n = 0, done = 0;
		for (size_t i = 0; i < run->n_cells; i++) {
			if (!run->cells[i].done)
				order[n++] = i;
			else
				done++;
		}
		progress(run, done, total, start);
		if (n == 0 || cs_interrupt_signal)
			break;
		shuffle(order, n, &seed);
		for (size_t i = 0; i < n && !cs_interrupt_signal; i++)
			visit(run, &run->cells[order[i]]);
	}
	free(order);
	if (cfg->evidence && !cs_interrupt_signal)
		gather_evidence(run);
	for (size_t i = 0; i < run->n_cells && !cs_interrupt_signal; i++)
		release(run, &run->cells[i]);
	for (size_t i = 0; i < run->n_workers; i++) {
		if (cs_interrupt_signal)
			cs_worker_kill(run->workers[i]);
		else
			cs_worker_quit(run->workers[i]);
	}
	/* final statuses and summaries */
	for (size_t i = 0; i < run->n_cells; i++) {
		cs_rcell *c = &run->cells[i];
		cs_summarize(c->ns, c->n, &c->sum);
		if (!c->status[0]) {
			if (c->n > 0)
				set_status(c, "ok", cs_interrupt_signal ? "interrupted: fewer samples" : NULL);
			else
				set_status(c, "error", "interrupted before it was measured");
		}
	}
	run->elapsed_s = now_s() - start;
	run->interrupted = cs_interrupt_signal != 0;
	run->signal = cs_interrupt_signal;
	return check_agreement(run);
}

void
cs_run_free(cs_run *run)
{
	for (size_t i = 0; i < run->n_cells; i++) {
		free(run->cells[i].ns);
		json_decref(run->cells[i].evidence);
	}
	free(run->cells);
	for (size_t i = 0; i < run->n_workers; i++) {
		json_decref(run->workers[i]->hello);
		free(run->workers[i]);
	}
	free(run->workers);
}
