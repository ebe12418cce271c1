/* run --repeat R: repetitions of the whole selection, folded into one result
   file whose per-cell rate is the median of the repetition medians. A batch
   median is conditioned on its run (machine state, placement, frequency); the
   spread of repetition medians is what a second run will see, so compare
   decides on them (core/report/verdict.c). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "repeat.h"
#include "report.h"
#include "results.h"
#include "stats.h"

static const char *
str(json_t *o, const char *k)
{
	const char *s = json_string_value(json_object_get(o, k));
	return s ? s : "";
}

/* One repetition of one cell, as kept under the cell's "repetitions" (its
   samples only until summarize_cell moves them into the cell's). */
static json_t *
rep_json(json_t *cell, unsigned seed)
{
	json_t *r = json_pack("{sI ss}", "seed", (json_int_t)seed, "status", str(cell, "status"));
	json_t *rate = json_object_get(json_object_get(cell, "rate"), "median");
	json_t *ns = json_object_get(json_object_get(cell, "ns_per_op"), "median");
	if (json_is_number(rate) && json_is_number(ns)) {
		json_object_set(r, "rate", rate);
		json_object_set(r, "ns_per_op", ns);
		json_object_set(r, "n_samples", json_object_get(cell, "n_samples"));
		json_object_set(r, "samples", json_object_get(cell, "samples"));
	}
	if (json_object_get(cell, "detail"))
		json_object_set(r, "detail", json_object_get(cell, "detail"));
	return r;
}

/* {median, q1, q3, ci95} of x[0..n) (n >= 1). */
static json_t *
quantiles(const double *x, size_t n)
{
	cs_summary s;
	if (cs_summarize(x, n, &s) != 0)
		return NULL;
	return json_pack("{sf sf sf s[ff]}", "median", s.median, "q1", s.q1, "q3", s.q3, "ci95",
			 s.ci_lo, s.ci_hi);
}

/* The cell's summary from its ok repetitions. */
static int
summarize_cell(json_t *cell)
{
	json_t *reps = json_object_get(cell, "repetitions"), *r;
	size_t n = 0, i, total = 0;
	double *rate = malloc((json_array_size(reps) + 1) * sizeof *rate);
	double *ns = malloc((json_array_size(reps) + 1) * sizeof *ns);
	json_t *samples = json_array();
	if (!rate || !ns || !samples) {
		free(rate), free(ns), json_decref(samples);
		return -1;
	}
	json_array_foreach(reps, i, r)
	{
		if (strcmp(str(r, "status"), "ok") != 0 || !json_is_number(json_object_get(r, "rat"
											      "e")))
			continue;
		rate[n] = json_number_value(json_object_get(r, "rate"));
		ns[n] = json_number_value(json_object_get(r, "ns_per_op"));
		n++;
		total += (size_t)json_integer_value(json_object_get(r, "n_samples"));
		json_array_extend(samples, json_object_get(r, "samples"));
	}
	/* each repetition's samples are kept once, in the cell's "samples", in
	   repetition order (repetition k: its n_samples after those before it) */
	json_array_foreach(reps, i, r) json_object_del(r, "samples");
	if (strcmp(str(cell, "status"), "ok") != 0) {
		/* ended badly in some repetition: never a rate; the ok
		   repetitions' samples are kept as partial */
		const char *timed[] = {"rate",	    "ns_per_op",     "ci95_rel",	  "samples",
				       "n_samples", "multi_windows", "multi_worker_rates"};
		for (size_t k = 0; k < sizeof timed / sizeof timed[0]; k++)
			json_object_del(cell, timed[k]);
		if (total > 0)
			json_object_set_new(cell, "partial",
					    json_pack("{sI so}", "n_samples", (json_int_t)total,
						      "samples", samples));
		else
			json_decref(samples);
	} else if (n > 0) {
		json_t *jr = quantiles(rate, n), *jn = quantiles(ns, n);
		json_t *old_rate = json_object_get(cell, "rate"),
		       *old_ns = json_object_get(cell, "ns_per_op");
		if (jr && old_rate)
			json_object_set(jr, "unit", json_object_get(old_rate, "unit"));
		if (jn && old_ns) {
			double mean = 0;
			for (size_t k = 0; k < n; k++)
				mean += ns[k] / (double)n;
			json_object_set_new(jn, "mean", json_real(mean));
		}
		if (jr)
			json_object_set_new(cell, "rate", jr);
		if (jn)
			json_object_set_new(cell, "ns_per_op", jn);
		cs_summary s;
		if (cs_summarize(ns, n, &s) == 0)
			json_object_set_new(cell, "ci95_rel", json_real(cs_ci_rel_halfwidth(&s)));
		json_object_set_new(cell, "n_samples", json_integer((json_int_t)total));
		json_object_set_new(cell, "samples", samples);
	} else {
		json_decref(samples);
	}
	free(rate);
	free(ns);
	return 0;
}

int
cs_repeat_fold(json_t **results, const unsigned *seeds, size_t n)
{
	json_t *first = results[0];
	json_t *cells = json_object_get(first, "cells"), *c;
	size_t i;
	cs_index *maps = calloc(n, sizeof *maps);
	cs_res_file *typed = calloc(n, sizeof *typed);
	if (!maps || !typed) {
		free(maps), free(typed);
		return -1;
	}
	int rc = 0;
	/* each repetition as the typed model, for the one cell identity
	   (cs_res_cell_key, as compare and history match cells); cell i of the
	   model is cell i of the document */
	size_t decoded = 0;
	for (; decoded < n && rc == 0; decoded++) {
		char why[512];
		if (cs_results_decode(results[decoded], "repetition", &typed[decoded], why,
				      sizeof why) != 0) {
			fprintf(stderr, "cryptospeed: %s\n", why);
			rc = -1;
		}
	}
	/* each later repetition's cells, keyed */
	for (size_t r = 1; r < n && rc == 0; r++) {
		for (i = 0; i < typed[r].n_cells; i++) {
			char key[1024];
			bool found;
			int len = cs_res_cell_key(&typed[r].cells[i], key, sizeof key);
			if (cs_index_put(&maps[r], key, (size_t)len, i, &found) == CS_INDEX_NONE)
				rc = -1;
		}
	}
	double elapsed = json_number_value(json_object_get(first, "elapsed_s"));
	for (size_t r = 1; r < n; r++)
		elapsed += json_number_value(json_object_get(results[r], "elapsed_s"));
	json_array_foreach(cells, i, c)
	{
		if (rc)
			break;
		char key[1024];
		int len = cs_res_cell_key(&typed[0].cells[i], key, sizeof key);
		json_t *reps = json_array();
		json_array_append_new(reps, rep_json(c, seeds[0]));
		/* a cell ok in every repetition stays ok; else it takes the first
		   repetition's other status, so a crash in any repetition is seen */
		bool ok = strcmp(str(c, "status"), "ok") == 0;
		for (size_t r = 1; r < n; r++) {
			size_t at = cs_index_get(&maps[r], key, (size_t)len);
			json_t *other =
				at == CS_INDEX_NONE
					? NULL
					: json_array_get(json_object_get(results[r], "cells"), at);
			if (!other) {
				json_array_append_new(
					reps, json_pack("{sI ss ss}", "seed", (json_int_t)seeds[r],
							"status", "error", "detail",
							"not planned in this repetition"));
				if (ok)
					json_object_set_new(c, "status", json_string("error"));
				ok = false;
				continue;
			}
			json_array_append_new(reps, rep_json(other, seeds[r]));
			if (ok && strcmp(str(other, "status"), "ok") != 0) {
				char d[320];
				snprintf(d, sizeof d, "repetition %zu: %s", r + 1,
					 str(other, "detail"));
				json_object_set_new(c, "status", json_string(str(other, "status")));
				json_object_set_new(c, "detail", json_string(d));
				ok = false;
			}
		}
		json_object_set_new(c, "repetitions", reps);
		if (summarize_cell(c) != 0)
			rc = -1;
	}
	json_t *cfg = json_object_get(first, "config"), *jseeds = json_array();
	for (size_t r = 0; r < n; r++)
		json_array_append_new(jseeds, json_integer((json_int_t)seeds[r]));
	json_object_set_new(cfg, "repeat", json_integer((json_int_t)n));
	json_object_set_new(cfg, "seeds", jseeds);
	json_object_set_new(first, "elapsed_s", json_real(elapsed));
	for (size_t r = 1; r < n; r++)
		if (json_is_true(json_object_get(results[r], "interrupted")))
			json_object_set_new(first, "interrupted", json_true());
	for (size_t r = 0; r < n; r++)
		cs_index_free(&maps[r]);
	for (size_t r = 0; r < decoded; r++)
		cs_results_free(&typed[r]);
	free(maps);
	free(typed);
	return rc;
}

int
cs_repeat_more(cs_config *cfg, const cs_worker_file *files, size_t n_files, int repeat,
	       json_t *results, int status)
{
	json_t **all = calloc((size_t)repeat, sizeof *all);
	unsigned *seeds = calloc((size_t)repeat, sizeof *seeds);
	if (!all || !seeds) {
		free(all), free(seeds);
		fprintf(stderr, "cryptospeed: out of memory\n");
		return CS_EXIT_FAILURE;
	}
	unsigned first_seed = cfg->seed;
	bool evidence = cfg->evidence;
	all[0] = results;
	seeds[0] = first_seed;
	size_t done = 1;
	int sig = 0;
	cfg->evidence = false; /* the first repetition's evidence stands for all */
	for (int r = 1; r < repeat && !sig; r++) {
		fprintf(stderr, "cryptospeed: repetition %d of %d\n", r + 1, repeat);
		cs_run run = {.cfg = cfg};
		cfg->seed = first_seed + (unsigned)r;
		cfg->repetition = r;
		seeds[r] = cfg->seed;
		if (cs_run_start(&run, files, n_files) != 0) {
			status = CS_EXIT_FAILURE;
			break;
		}
		int disagree = cs_run_measure(&run);
		all[done++] = cs_results_json(&run);
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
	if (cs_repeat_fold(all, seeds, done) != 0) {
		fprintf(stderr, "cryptospeed: out of memory\n");
		status = CS_EXIT_FAILURE;
	}
	for (size_t r = 1; r < done; r++)
		json_decref(all[r]);
	free(all);
	free(seeds);
	return sig ? 128 + sig : status;
}
