/* run --repeat R: repetitions of the whole selection, folded into one result
   file whose per-cell rate is the median of the repetition medians. A batch
   median is conditioned on its run (machine state, placement, frequency); the
   spread of repetition medians is what a second run will see, so compare
   decides on them (core/report/verdict.c). The repetitions are typed models
   (cs_record_run); the fold writes the first one's cells and the encoder
   writes the result. */
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "repeat.h"
#include "report.h"
#include "results.h"
#include "stats.h"

/* What the fold allocates beyond what cs_results_free releases: the
   "repetition k: ..." details. */
typedef struct fold_mem {
	char **text;
	size_t n;
} fold_mem;

static const char *
keep(fold_mem *m, const char *s)
{
	char **more = realloc(m->text, (m->n + 1) * sizeof *more);
	char *copy = s ? strdup(s) : NULL;
	if (!more || !copy) {
		free(copy);
		if (more)
			m->text = more;
		return NULL;
	}
	m->text = more;
	m->text[m->n++] = copy;
	return copy;
}

/* One repetition of one cell, as kept under the cell's repetitions. */
static cs_res_rep
rep_of(const cs_res_cell *c, unsigned seed)
{
	cs_res_rep r = {.seed = seed, .status = c->status, .detail = c->detail};
	if (c->ok && !c->count.present) {
		r.ok = true;
		r.rate = c->rate.median;
		r.ns = c->ns.median;
		r.n_samples = c->n_measured;
	}
	return r;
}

static void
quantiles(const double *x, size_t n, cs_res_quant *q)
{
	cs_summary s;
	if (cs_summarize(x, n, &s) != 0)
		return;
	*q = (cs_res_quant){.median = s.median,
			    .q1 = s.q1,
			    .q3 = s.q3,
			    .ci_lo = s.ci_lo,
			    .ci_hi = s.ci_hi,
			    .has_spread = true};
}

/* run --pmu: the PMU means over every repetition's counted ops (weighted by
   them); none unless every repetition was counted and the cell is ok. */
static void
fold_pmu(cs_res_cell *c, const cs_res_cell *const *from)
{
	double ops = 0, insns = 0, cycles = 0;
	for (size_t k = 0; c->ok && k < c->n_reps; k++) {
		if (!from[k] || !from[k]->pmu_ops) {
			ops = 0;
			break;
		}
		ops += (double)from[k]->pmu_ops;
		insns += from[k]->pmu_insns_per_op * (double)from[k]->pmu_ops;
		cycles += from[k]->pmu_cycles_per_op * (double)from[k]->pmu_ops;
	}
	c->pmu_ops = (long long)ops;
	c->pmu_insns_per_op = ops > 0 ? insns / ops : 0;
	c->pmu_cycles_per_op = ops > 0 ? cycles / ops : 0;
	bool per_byte = ops > 0 && c->bytes && c->size > 0;
	c->pmu_insns_per_byte = per_byte ? c->pmu_insns_per_op / (double)c->size : 0;
	c->pmu_cycles_per_byte = per_byte ? c->pmu_cycles_per_op / (double)c->size : 0;
}

/* The cell's summary from its ok repetitions (from[k]: repetition k's cell,
   NULL when not planned there). */
static int
summarize_cell(cs_res_cell *c, const cs_res_cell *const *from)
{
	size_t n = 0, total = 0;
	double *rate = malloc((c->n_reps + 1) * sizeof *rate);
	double *ns = malloc((c->n_reps + 1) * sizeof *ns);
	for (size_t k = 0; k < c->n_reps; k++)
		if (from[k] && c->reps[k].ok)
			total += from[k]->n_samples;
	double *samples = malloc((total + 1) * sizeof *samples);
	if (!rate || !ns || !samples) {
		free(rate), free(ns), free(samples);
		return -1;
	}
	/* each repetition's samples are kept once, in the cell's samples, in
	   repetition order (repetition k: its n_samples after those before it) */
	size_t at = 0;
	for (size_t k = 0; k < c->n_reps; k++) {
		if (!from[k] || !c->reps[k].ok)
			continue;
		rate[n] = c->reps[k].rate;
		ns[n] = c->reps[k].ns;
		n++;
		if (from[k]->n_samples)
			memcpy(samples + at, from[k]->samples,
			       from[k]->n_samples * sizeof *samples);
		at += from[k]->n_samples;
	}
	if (!c->ok) {
		/* ended badly in some repetition: never a rate; the ok
		   repetitions' samples are kept as partial */
		c->rate = (cs_res_quant){0};
		c->ns = (cs_res_quant){0};
		c->has_ns = false;
		c->ns_min = c->ns_max = c->ns_mean = 0;
		c->ci95_rel = -1;
		c->n_measured = 0;
		free(c->samples);
		c->samples = NULL;
		c->n_samples = 0;
		for (size_t k = 0; c->windows && k < c->n_windows; k++)
			free(c->windows[k].ops);
		free(c->windows);
		free(c->worker_rates);
		c->windows = NULL;
		c->worker_rates = NULL;
		c->n_windows = c->n_worker_rates = 0;
		if (total > 0) {
			free(c->partial);
			c->partial = samples;
			c->n_partial = total;
			samples = NULL;
		}
	} else if (n > 0) {
		quantiles(rate, n, &c->rate);
		if (c->has_ns) {
			quantiles(ns, n, &c->ns);
			double mean = 0;
			for (size_t k = 0; k < n; k++)
				mean += ns[k] / (double)n;
			c->ns_mean = mean;
			c->ns_min = c->ns_max = 0;
		}
		cs_summary s;
		if (cs_summarize(ns, n, &s) == 0)
			c->ci95_rel = cs_ci_rel_halfwidth(&s);
		c->n_measured = (long long)total;
		free(c->samples);
		c->samples = samples;
		c->n_samples = total;
		samples = NULL;
	}
	fold_pmu(c, from);
	free(samples);
	free(rate);
	free(ns);
	return 0;
}

/* Fold cell c (of reps[0]) with its match in every later repetition. */
static int
fold_cell(cs_res_cell *c, cs_res_file *reps, const cs_index *maps, const unsigned *seeds, size_t n,
	  fold_mem *mem)
{
	char key[1024];
	int len = cs_res_cell_key(c, key, sizeof key);
	const cs_res_cell **from = calloc(n + 1, sizeof *from);
	cs_res_rep *r = calloc(n + 1, sizeof *r);
	if (!from || !r) {
		free(from), free(r);
		return -1;
	}
	from[0] = c;
	r[0] = rep_of(c, seeds[0]);
	/* a cell ok in every repetition stays ok; else it takes the first
	   repetition's other status, so a crash in any repetition is seen */
	for (size_t k = 1; k < n; k++) {
		size_t at = cs_index_get(&maps[k], key, (size_t)len);
		const cs_res_cell *other = at == CS_INDEX_NONE ? NULL : &reps[k].cells[at];
		from[k] = other;
		if (!other) {
			r[k] = (cs_res_rep){.seed = seeds[k],
					    .status = "error",
					    .detail = "not planned in this repetition"};
			if (c->ok)
				c->status = "error";
			c->ok = false;
			continue;
		}
		r[k] = rep_of(other, seeds[k]);
		if (c->ok && !other->ok) {
			char d[320];
			snprintf(d, sizeof d, "repetition %zu: %s", k + 1,
				 other->detail ? other->detail : "");
			c->status = other->status;
			c->detail = keep(mem, d);
			c->ok = false;
			if (!c->detail) {
				free(from), free(r);
				return -1;
			}
		}
	}
	free(c->reps);
	c->reps = r;
	c->n_reps = n;
	int rc = summarize_cell(c, from);
	free(from);
	return rc;
}

int
cs_repeat_fold(cs_res_file *reps, const unsigned *seeds, size_t n, cs_res_file *out, char *why,
	       size_t why_n)
{
	cs_res_file *first = &reps[0];
	cs_index *maps = calloc(n, sizeof *maps);
	long long *all_seeds = calloc(n + 1, sizeof *all_seeds);
	fold_mem mem = {0};
	int rc = maps && all_seeds ? 0 : -1;
	memset(out, 0, sizeof *out);
	/* each later repetition's cells, keyed by the one cell identity
	   (cs_res_cell_key, as compare and history match cells) */
	for (size_t r = 1; r < n && rc == 0; r++) {
		for (size_t i = 0; i < reps[r].n_cells; i++) {
			char key[1024];
			bool found;
			int len = cs_res_cell_key(&reps[r].cells[i], key, sizeof key);
			if (cs_index_put(&maps[r], key, (size_t)len, i, &found) == CS_INDEX_NONE)
				rc = -1;
		}
	}
	for (size_t i = 0; i < first->n_cells && rc == 0; i++)
		rc = fold_cell(&first->cells[i], reps, maps, seeds, n, &mem);
	if (rc == 0) {
		for (size_t r = 0; r < n; r++)
			all_seeds[r] = seeds[r];
		for (size_t r = 1; r < n; r++) {
			first->elapsed_s += reps[r].elapsed_s;
			first->interrupted |= reps[r].interrupted;
		}
		long long *old_seeds = first->config.seeds;
		cs_results_config(first);
		first->config.repeat = (long long)n;
		first->config.seeds = all_seeds;
		first->config.n_seeds = n;
		rc = cs_results_copy(first, "this run", out, why, why_n);
		first->config.seeds = old_seeds;
	} else {
		snprintf(why, why_n, "run --repeat: out of memory");
	}
	for (size_t r = 0; maps && r < n; r++)
		cs_index_free(&maps[r]);
	for (size_t k = 0; k < mem.n; k++)
		free(mem.text[k]);
	free(mem.text);
	free(maps);
	free(all_seeds);
	return rc;
}

int
cs_repeat_more(cs_config *cfg, const cs_worker_file *files, size_t n_files, int repeat,
	       cs_res_file *results, int status)
{
	cs_res_file *all = calloc((size_t)repeat, sizeof *all);
	unsigned *seeds = calloc((size_t)repeat, sizeof *seeds);
	if (!all || !seeds) {
		free(all), free(seeds);
		fprintf(stderr, "cryptospeed: out of memory\n");
		return CS_EXIT_FAILURE;
	}
	unsigned first_seed = cfg->seed;
	bool evidence = cfg->evidence;
	all[0] = *results;
	seeds[0] = first_seed;
	size_t done = 1;
	int sig = 0;
	char why[512];
	cfg->evidence = false; /* the first repetition's evidence stands for all */
	for (int r = 1; r < repeat && !sig; r++) {
		fprintf(stderr, "cryptospeed: repetition %d of %d\n", r + 1, repeat);
		cs_run run = {.cfg = cfg};
		cfg->seed = first_seed + (unsigned)r;
		cfg->repetition = r;
		seeds[done] = cfg->seed; /* all[done]'s seed, once it is recorded */
		if (cs_run_start(&run, files, n_files) != 0) {
			status = CS_EXIT_FAILURE;
			break;
		}
		int disagree = cs_run_measure(&run);
		if (cs_record_run(&run, &all[done], why, sizeof why) != 0) {
			fprintf(stderr, "cryptospeed: repetition %d: %s\n", r + 1, why);
			status = CS_EXIT_FAILURE;
		} else {
			done++;
		}
		for (size_t i = 0; i < run.n_cells; i++) {
			const char *st = run.cells[i].status;
			if (status == CS_EXIT_OK && strcmp(st, "ok") && strcmp(st, "unsupported"))
				status = CS_EXIT_NOT_OK;
		}
		if (disagree > 0 && (status == CS_EXIT_OK || status == CS_EXIT_NOT_OK))
			status = CS_EXIT_DISAGREE;
		sig = run.signal;
		cs_run_free(&run);
	}
	cfg->seed = first_seed;
	cfg->evidence = evidence;
	cs_res_file folded;
	if (cs_repeat_fold(all, seeds, done, &folded, why, sizeof why) != 0) {
		fprintf(stderr, "cryptospeed: %s\n", why);
		status = CS_EXIT_FAILURE;
	} else {
		cs_results_free(&all[0]);
		all[0] = folded;
	}
	*results = all[0];
	for (size_t r = 1; r < done; r++)
		cs_results_free(&all[r]);
	free(all);
	free(seeds);
	return sig ? 128 + sig : status;
}
