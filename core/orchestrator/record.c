/* A finished run as a result document (docs/results-format.md): metadata
   first, then cells. common/outfile.c writes it; results/load.c reads it
   back and checks it (cmd_run.c does so before writing). */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "count.h"
#include "cpu.h"
#include "orchestrator.h"

#include "cryptospeed/version.h"

static json_t *
quantiles(double median, double q1, double q3, double lo, double hi)
{
	return json_pack("{sf sf sf s[ff]}", "median", median, "q1", q1, "q3", q3, "ci95", lo, hi);
}

/* --multi: each common window (its span and every worker's ops, the sample
   is span / all ops) and each worker's rate over all windows. */
static void
multi_json(const cs_rcell *c, json_t *j)
{
	json_t *wins = json_array(), *rates = json_array();
	double span = 0, scale = cs_op_sized(c->op) ? (double)c->size * 1e9 : 1e9;
	for (size_t i = 0; i < c->n_win; i++) {
		json_t *ops = json_array();
		for (int k = 0; k < c->n_ws; k++)
			json_array_append_new(
				ops,
				json_integer(
					(json_int_t)c->win_ops[i * (size_t)c->n_ws + (size_t)k]));
		json_array_append_new(wins, json_pack("{sf so}", "ns", c->win_ns[i], "ops", ops));
		span += c->win_ns[i];
	}
	for (int k = 0; k < c->n_ws; k++) {
		double ops = 0;
		for (size_t i = 0; i < c->n_win; i++)
			ops += (double)c->win_ops[i * (size_t)c->n_ws + (size_t)k];
		json_array_append_new(rates, json_real(span > 0 ? ops / span * scale : 0));
	}
	json_object_set_new(j, "multi_windows", wins);
	json_object_set_new(j, "multi_worker_rates", rates);
}

static json_t *
cell_json(const cs_rcell *c)
{
	json_t *j = json_object();
	const cs_worker *w = c->w;
	json_t *hello = w->hello;
	json_object_set_new(j, "lib", json_string(w->file->name));
	json_object_set_new(
		j, "lib_version",
		json_string(hello ? json_string_value(json_object_get(hello, "version")) : ""));
	json_object_set_new(j, "path", json_string(c->path));
	json_object_set_new(j, "mask", json_string(w->mask));
	if (w->variant)
		json_object_set_new(j, "variant", json_string(w->variant->tag));
	if (c->served_by[0])
		json_object_set_new(j, "served_by", json_string(c->served_by));
	if (c->multi > 1)
		json_object_set_new(j, "multi", json_integer(c->multi));
	json_object_set_new(j, "alg", json_string(c->alg->name));
	json_object_set_new(j, "kind", json_string(cs_kind_name(c->alg->kind)));
	json_object_set_new(j, "op", json_string(cs_op_name(c->op)));
	json_object_set_new(j, "size", json_integer((json_int_t)c->size));
	json_object_set_new(j, "status", json_string(c->status));
	if (c->detail[0])
		json_object_set_new(j, "detail", json_string(c->detail));
	if (c->n > 0 && strcmp(c->status, "ok") != 0) {
		/* ended badly after its first samples: kept, never summarised */
		json_t *samples = json_array();
		for (size_t i = 0; i < c->n; i++)
			json_array_append_new(samples, json_real(c->ns[i]));
		if (c->batch > 0)
			json_object_set_new(j, "batch", json_integer((json_int_t)c->batch));
		json_object_set_new(
			j, "partial",
			json_pack("{sI so}", "n_samples", (json_int_t)c->n, "samples", samples));
	} else if (c->n > 0) {
		const cs_summary *s = &c->sum;
		bool bytes = cs_op_sized(c->op);
		double scale = bytes ? (double)c->size * 1e9 : 1e9;
		/* a rate is the inverse of a time: its lower quartile comes from the upper */
		json_t *rate = quantiles(scale / s->median, scale / s->q3, scale / s->q1,
					 scale / s->ci_hi, scale / s->ci_lo);
		json_object_set_new(rate, "unit", json_string(bytes ? "B/s" : "op/s"));
		json_object_set_new(j, "rate", rate);
		json_t *ns = quantiles(s->median, s->q1, s->q3, s->ci_lo, s->ci_hi);
		json_object_set_new(ns, "min", json_real(s->min));
		json_object_set_new(ns, "max", json_real(s->max));
		/* the mean is what a long single run (openssl speed) reports: it
		   includes every interruption the median leaves out */
		double sum = 0;
		for (size_t i = 0; i < c->n; i++)
			sum += c->ns[i];
		json_object_set_new(ns, "mean", json_real(sum / (double)c->n));
		json_object_set_new(j, "ns_per_op", ns);
		json_object_set_new(j, "ci95_rel", json_real(cs_ci_rel_halfwidth(s)));
		json_object_set_new(j, "batch", json_integer((json_int_t)c->batch));
		json_object_set_new(j, "n_samples", json_integer((json_int_t)c->n));
		json_t *samples = json_array();
		for (size_t i = 0; i < c->n; i++)
			json_array_append_new(samples, json_real(c->ns[i]));
		json_object_set_new(j, "samples", samples);
		if (c->multi > 1)
			multi_json(c, j);
	}
	if (c->kat[0])
		json_object_set_new(j, "kat", json_string(c->kat));
	if (c->fingerprint[0])
		json_object_set_new(j, "fingerprint", json_string(c->fingerprint));
	if (c->interop)
		json_object_set(j, "interop", c->interop);
	if (c->agree >= 0)
		json_object_set_new(j, "agree", json_boolean(c->agree));
	if (c->evidence)
		json_object_set(j, "evidence", c->evidence);
	json_t *count = cs_count_cell_json(c); /* run --count */
	if (count)
		json_object_set_new(j, "count", count);
	return j;
}

static json_t *
host_json(void)
{
	cs_cpu cpu;
	struct utsname u;
	char host[256] = "";
	cs_cpu_detect(&cpu);
	gethostname(host, sizeof host - 1);
	bool have_u = uname(&u) == 0;
	return json_pack("{ss ss s{ss ss ss ss si}}", "hostname", host, "kernel",
			 have_u ? u.release : "", "cpu", "arch", cpu.arch, "model", cpu.model,
			 "features", cpu.features, "source", cpu.source, "cpus", cpu.cpus);
}

static json_t *
config_json(const cs_config *cfg)
{
	json_t *sizes = json_array(), *launcher = json_array();
	for (size_t i = 0; i < cfg->n_sizes; i++)
		json_array_append_new(sizes, json_integer((json_int_t)cfg->sizes[i]));
	for (size_t i = 0; cfg->launcher[i]; i++)
		json_array_append_new(launcher, json_string(cfg->launcher[i]));
	return json_pack("{ss sf sf sb so sI sb sI so sI sI sI sI si}", "clock",
			 "CLOCK_MONOTONIC_RAW", "precision", cfg->precision, "budget_s",
			 cfg->budget_s, "quick", cfg->quick, "sizes", sizes, "misalign",
			 (json_int_t)cfg->misalign, "evidence", cfg->evidence, "evidence_size",
			 (json_int_t)cfg->evidence_size, "launcher", launcher, "batch_target_ns",
			 (json_int_t)cfg->target_ns, "warmup_ns", (json_int_t)cfg->warmup_ns,
			 "min_samples", (json_int_t)cfg->min_samples, "seed", (json_int_t)cfg->seed,
			 "multi", cfg->multi);
}

static json_t *
libraries_json(const cs_run *run)
{
	json_t *libs = json_array();
	for (size_t i = 0; i < run->n_workers; i++) {
		const cs_worker *w = run->workers[i];
		json_t *h = w->hello;
		json_t *e = json_pack("{ss ss}", "name", w->file->name, "mask", w->mask);
		if (w->variant)
			json_object_set_new(e, "variant", json_string(w->variant->tag));
		if (w->cpu >= 0)
			json_object_set_new(e, "pinned_cpu", json_integer(w->cpu));
		const char *keys[] = {"version", "build", "cpu_info", "worker", "init_error"};
		for (size_t k = 0; h && k < sizeof keys / sizeof keys[0]; k++)
			if (json_object_get(h, keys[k]))
				json_object_set(e, keys[k], json_object_get(h, keys[k]));
		if (h && json_object_get(h, "variant"))
			json_object_set(e, "variant_info", json_object_get(h, "variant"));
		if (w->env_name[0]) {
			char env[400];
			snprintf(env, sizeof env, "%s=%s", w->env_name, w->env_value);
			json_object_set_new(e, "mask_env", json_string(env));
		}
		if (h)
			json_object_set(e, "worker_cpu", json_object_get(h, "cpu"));
		if (w->error[0] && !h)
			json_object_set_new(e, "error", json_string(w->error));
		json_array_append_new(libs, e);
	}
	return libs;
}

json_t *
cs_results_json(const cs_run *run)
{
	json_t *r = json_object();
	json_object_set_new(r, "schema", json_string("cryptospeed/1"));
	json_object_set_new(r, "tool",
			    json_pack("{ss ss}", "name", "cryptospeed", "version", CS_VERSION));
	if (run->cfg->label)
		json_object_set_new(r, "label", json_string(run->cfg->label));
	json_object_set_new(r, "started", json_string(run->started));
	json_object_set_new(r, "elapsed_s", json_real(run->elapsed_s));
	json_object_set_new(r, "evidence_s", json_real(run->evidence_s));
	json_object_set_new(r, "interrupted", json_boolean(run->interrupted));
	json_object_set_new(r, "host", host_json());
	json_object_set_new(r, "config", config_json(run->cfg));
	json_t *counting = cs_count_run_json(run->cfg); /* run --count: what counted */
	if (counting)
		json_object_set_new(r, "counting", counting);
	json_t *emulation = cs_count_emulation_json(run->cfg); /* under qemu-user */
	if (emulation)
		json_object_set_new(r, "emulation", emulation);
	if (run->cfg->multi > 1) {
		json_t *cfg = json_object_get(r, "config");
		json_object_set_new(cfg, "multi_cpus_allowed", json_integer(run->cpus_allowed));
		json_object_set_new(cfg, "multi_shared", json_boolean(run->multi_shared));
	}
	json_object_set_new(r, "libraries", libraries_json(run));
	json_t *cells = json_array();
	for (size_t i = 0; i < run->n_cells; i++)
		json_array_append_new(cells, cell_json(&run->cells[i]));
	json_object_set_new(r, "cells", cells);
	return r;
}
