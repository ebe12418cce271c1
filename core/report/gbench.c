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

#include "cellmap.h"
#include "exports.h"
#include "stats.h"

#define MAX_REPS 256

/* "lib/path[variant]/mask alg op size" -> "lib/path[variant]/mask/alg/op/size" */
static void
bench_name(json_t *cell, char *buf, size_t n)
{
	cs_cell_key(cell, buf, n);
	for (char *s = buf; *s; s++)
		if (*s == ' ')
			*s = '/';
}

static json_t *
entry(const char *name, const char *run_name, const char *run_type, size_t family, size_t reps,
      json_int_t iterations, double ns, const char *unit)
{
	return json_pack("{ss sI sI ss ss sI si sI sf sf ss}", "name", name, "family_index",
			 (json_int_t)family, "per_family_instance_index", (json_int_t)0,
			 "run_name", run_name, "run_type", run_type, "repetitions",
			 (json_int_t)reps, "threads", 1, "iterations", iterations,
			 "real_time", ns, "cpu_time", ns, "time_unit", unit);
}

/* bytes_per_second (sized cells) and items_per_second for ns per op. */
static void
counters(json_t *e, double ns, long long size, bool sized)
{
	if (!(ns > 0))
		return;
	if (sized)
		json_object_set_new(e, "bytes_per_second", json_real((double)size * 1e9 / ns));
	json_object_set_new(e, "items_per_second", json_real(1e9 / ns));
}

static void
aggregates(json_t *out, const char *name, size_t family, const double *ns, size_t n,
	   long long size, bool sized)
{
	cs_summary s;
	double mean = 0, var = 0;
	if (cs_summarize(ns, n, &s) != 0)
		return;
	for (size_t i = 0; i < n; i++)
		mean += ns[i] / (double)n;
	for (size_t i = 0; i < n; i++)
		var += (ns[i] - mean) * (ns[i] - mean) / (double)(n - 1);
	struct {
		const char *agg;
		double v;
	} a[] = {{"mean", mean}, {"median", s.median}, {"stddev", sqrt(var)},
		 {"cv", mean > 0 ? sqrt(var) / mean : 0}};
	for (size_t k = 0; k < sizeof a / sizeof a[0]; k++) {
		char full[400];
		snprintf(full, sizeof full, "%s_%s", name, a[k].agg);
		bool cv = strcmp(a[k].agg, "cv") == 0;
		json_t *e = entry(full, name, "aggregate", family, n, (json_int_t)n, a[k].v, "ns");
		json_object_set_new(e, "aggregate_name", json_string(a[k].agg));
		json_object_set_new(e, "aggregate_unit", json_string(cv ? "percentage" : "time"));
		if (k < 2)
			counters(e, a[k].v, size, sized);
		json_array_append_new(out, e);
	}
}

static json_t *
context(json_t *results)
{
	json_t *host = json_object_get(results, "host"), *cpu = json_object_get(host, "cpu");
	json_t *tool = json_object_get(results, "tool");
	const char *started = json_string_value(json_object_get(results, "started"));
	const char *hostname = json_string_value(json_object_get(host, "hostname"));
	const char *model = json_string_value(json_object_get(cpu, "model"));
	const char *version = json_string_value(json_object_get(tool, "version"));
	return json_pack("{ss ss ss sI si sb s[] s[] ss si ss ss}", "date", started ? started : "",
			 "host_name", hostname ? hostname : "", "executable", "cryptospeed",
			 "num_cpus", json_integer_value(json_object_get(cpu, "cpus")),
			 "mhz_per_cpu", 0, "cpu_scaling_enabled", 0, "caches", "load_avg",
			 "library_build_type", "release", "json_schema_version", 1,
			 "cryptospeed_version", version ? version : "",
			 "cpu_model", model ? model : "");
}

void
cs_report_gbench(json_t *results, FILE *f)
{
	json_t *benchmarks = json_array(), *c;
	size_t i, family = 0;
	json_array_foreach(json_object_get(results, "cells"), i, c) {
		double ns[MAX_REPS];
		size_t n = cs_cell_rep_ns(c, ns, MAX_REPS);
		if (n == 0)
			continue;
		char name[320];
		bench_name(c, name, sizeof name);
		const char *unit = json_string_value(json_object_get(json_object_get(c, "rate"), "unit"));
		bool sized = unit && strcmp(unit, "B/s") == 0;
		long long size = (long long)json_integer_value(json_object_get(c, "size"));
		json_t *reps = json_object_get(c, "repetitions");
		double batch = json_number_value(json_object_get(c, "batch"));
		for (size_t r = 0; r < n; r++) {
			json_t *rep = json_array_get(reps, r);
			double samples = json_number_value(json_object_get(rep ? rep : c, "n_samples"));
			json_t *e = entry(name, name, "iteration", family, n,
					  (json_int_t)(batch * samples), ns[r], "ns");
			json_object_set_new(e, "repetition_index", json_integer((json_int_t)r));
			counters(e, ns[r], size, sized);
			json_array_append_new(benchmarks, e);
		}
		if (n > 1)
			aggregates(benchmarks, name, family, ns, n, size, sized);
		family++;
	}
	json_t *out = json_pack("{so so}", "context", context(results), "benchmarks", benchmarks);
	json_dumpf(out, f, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
	fputc('\n', f);
	json_decref(out);
}
