/* Google Benchmark JSON: a "context" object, then "benchmarks", one
   run_type "iteration" entry per cell and repetition, and, when a cell has
   repetitions, its "aggregate" entries (mean, median, stddev, cv) as
   --benchmark_repetitions produces them. Times are nanoseconds per operation
   of the wall clock (CLOCK_MONOTONIC_RAW): real_time and cpu_time are the same
   number, as the worker does not measure CPU time. */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <jansson.h>

#include "cpu.h"
#include "exports.h"
#include "stats.h"

#define MAX_REPS 1024

size_t
cs_cell_rep_ns(const cs_res_cell *cell, double *out, size_t max)
{
	size_t n = 0;
	if (!cell->ok || max == 0)
		return 0;
	for (size_t i = 0; i < cell->n_reps && n < max; i++)
		if (cell->reps[i].ok)
			out[n++] = cell->reps[i].ns;
	if (n == 0 && cell->has_ns)
		out[n++] = cell->ns.median;
	else if (n == 0 && cell->rate.median > 0)
		out[n++] = (cell->bytes ? (double)cell->size : 1) * 1e9 / cell->rate.median;
	return n;
}

static json_t *
entry(const char *name, const char *run_type, size_t family, size_t reps, json_int_t iterations,
      double ns)
{
	return json_pack("{ss sI sI ss ss sI si sI sf sf ss}", "name", name, "family_index",
			 (json_int_t)family, "per_family_instance_index", (json_int_t)0, "run_name",
			 name, "run_type", run_type, "repetitions", (json_int_t)reps, "threads", 1,
			 "iterations", iterations, "real_time", ns, "cpu_time", ns, "time_unit",
			 "ns");
}

/* bytes_per_second (sized cells) and items_per_second for ns per op. */
static void
counters(json_t *e, double ns, const cs_res_cell *c)
{
	if (!(ns > 0))
		return;
	if (c->bytes)
		json_object_set_new(e, "bytes_per_second", json_real((double)c->size * 1e9 / ns));
	json_object_set_new(e, "items_per_second", json_real(1e9 / ns));
	/* run --pmu: per op, named as Google Benchmark's own perf counters
	   (--benchmark_perf_counters=CYCLES,INSTRUCTIONS) */
	if (c->pmu_ops > 0) {
		json_object_set_new(e, "INSTRUCTIONS", json_real(c->pmu_insns_per_op));
		json_object_set_new(e, "CYCLES", json_real(c->pmu_cycles_per_op));
	}
}

/* A counted cell (run --count): no time (0), its exact counts as counters:
   "instructions" per op, "instructions_per_byte", and one per class. */
static json_t *
counted(const char *name, size_t family, const cs_res_cell *c)
{
	const cs_res_count *k = &c->count;
	json_t *e = entry(name, "iteration", family, 1, (json_int_t)k->ops, 0);
	json_object_set_new(e, "instructions", json_real(k->insns_per_op));
	if (k->per_byte)
		json_object_set_new(e, "instructions_per_byte", json_real(k->insns_per_byte));
	json_object_set_new(e, "memory_accesses", json_real(k->mem_per_op));
	for (size_t i = 0; i < k->n_classes; i++) {
		char key[CS_RES_NAME_MAX + 16];
		snprintf(key, sizeof key, "instructions_%s", k->classes[i].name);
		json_object_set_new(e, key, json_real(k->classes[i].per_op));
	}
	return e;
}

static void
aggregates(json_t *out, const char *name, size_t family, const double *ns, size_t n,
	   const cs_res_cell *c)
{
	cs_summary s;
	double mean = 0, var = 0;
	if (cs_summarize(ns, n, &s) != 0)
		return;
	for (size_t i = 0; i < n; i++)
		mean += ns[i] / (double)n;
	for (size_t i = 0; i < n; i++)
		var += (ns[i] - mean) * (ns[i] - mean) / (double)(n - 1);
	const struct {
		const char *agg;
		double v;
	} a[] = {{"mean", mean},
		 {"median", s.median},
		 {"stddev", sqrt(var)},
		 {"cv", mean > 0 ? sqrt(var) / mean : 0}};
	for (size_t k = 0; k < sizeof a / sizeof a[0]; k++) {
		char full[CS_RES_LABEL_MAX + 4 * CS_RES_NAME_MAX];
		snprintf(full, sizeof full, "%s_%s", name, a[k].agg);
		json_t *e = entry(full, "aggregate", family, n, (json_int_t)n, a[k].v);
		json_object_set_new(e, "run_name", json_string(name));
		json_object_set_new(e, "aggregate_name", json_string(a[k].agg));
		json_object_set_new(
			e, "aggregate_unit",
			json_string(strcmp(a[k].agg, "cv") == 0 ? "percentage" : "time"));
		if (k < 2)
			counters(e, a[k].v, c);
		json_array_append_new(out, e);
	}
}

static json_t *
context(const cs_res_file *r)
{
	char model[CS_RES_NAME_MAX + 1];
	snprintf(model, sizeof model, "%s", r->cpu_model);
	cs_cpu_squeeze(model);
	return json_pack("{ss ss ss sI si sb s[] s[] ss si ss ss}", "date", r->started, "host_name",
			 r->hostname, "executable", "cryptospeed", "num_cpus", (json_int_t)r->cpus,
			 "mhz_per_cpu", 0, "cpu_scaling_enabled", 0, "caches", "load_avg",
			 "library_build_type", "release", "json_schema_version", 1,
			 "cryptospeed_version", r->tool_version, "cpu_model", model);
}

void
cs_report_gbench(const cs_res_file *const *files, size_t n_files, cs_view view, FILE *f)
{
	(void)view;
	json_t *benchmarks = json_array();
	size_t family = 0;
	static double ns[MAX_REPS];
	for (size_t i = 0; i < n_files; i++) {
		for (size_t k = 0; k < files[i]->n_cells; k++) {
			const cs_res_cell *c = &files[i]->cells[k];
			size_t n = cs_cell_rep_ns(c, ns, MAX_REPS);
			if (n == 0 && !c->count.present)
				continue;
			/* "lib/path[variant]/mask/alg/op/size", "[i]/" first with several files */
			char name[CS_RES_LABEL_MAX + 3 * CS_RES_NAME_MAX];
			cs_res_cell_name(files[i], c, i, n_files, name, sizeof name);
			for (char *s = name; *s; s++)
				if (*s == ' ')
					*s = '/';
			if (c->count.present) {
				json_array_append_new(benchmarks, counted(name, family, c));
				family++;
				continue;
			}
			for (size_t r = 0; r < n; r++) {
				long long samples =
					c->n_reps ? c->reps[r].n_samples : (long long)c->n_samples;
				long long it = c->batch * samples;
				json_t *e =
					entry(name, "iteration", family, n, it > 0 ? it : 1, ns[r]);
				json_object_set_new(e, "repetition_index",
						    json_integer((json_int_t)r));
				counters(e, ns[r], c);
				json_array_append_new(benchmarks, e);
			}
			if (n > 1)
				aggregates(benchmarks, name, family, ns, n, c);
			family++;
		}
	}
	json_t *out = json_pack("{so so}", "context", n_files ? context(files[0]) : json_object(),
				"benchmarks", benchmarks);
	json_dumpf(out, f, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
	fputc('\n', f);
	json_decref(out);
}
