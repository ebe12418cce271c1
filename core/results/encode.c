/* The typed model back to a result document: the inverse of load.c. A
   cell's scalars are written from the field table decode reads (fields.c);
   a value equal to its default is left out, as decode fills it back in. */
#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "fields.h"
#include "results.h"

static void
set_str(json_t *o, const char *k, const char *v)
{
	if (v)
		json_object_set_new(o, k, json_string(v));
}

/* A string that is not its default ("" and NULL are left out alike). */
static void
set_opt(json_t *o, const char *k, const char *v, const char *def)
{
	if (v && !(def && strcmp(v, def) == 0))
		json_object_set_new(o, k, json_string(v));
}

static void
table(json_t *j, const cs_res_field *t, size_t n, const void *base)
{
	for (size_t i = 0; i < n; i++) {
		const cs_res_field *f = &t[i];
		const void *at = (const char *)base + f->off;
		switch (f->type) {
		case CS_RES_F_NAME:
		case CS_RES_F_TEXT: {
			const char *v = *(const char *const *)at;
			if (f->required || (f->always && v))
				set_str(j, f->key, v);
			else
				set_opt(j, f->key, v, f->def);
			break;
		}
		case CS_RES_F_INT: {
			long long v = *(const long long *)at;
			if (f->required || f->always || v != (long long)f->def_num)
				json_object_set_new(j, f->key, json_integer((json_int_t)v));
			break;
		}
		case CS_RES_F_SMALL: {
			int v = *(const int *)at;
			if (f->required || f->always || v != (int)f->def_num)
				json_object_set_new(j, f->key, json_integer(v));
			break;
		}
		case CS_RES_F_NUM: {
			double v = *(const double *)at;
			if (f->required || f->always || v != f->def_num)
				json_object_set_new(j, f->key, json_real(v));
			break;
		}
		case CS_RES_F_BOOL: {
			bool v = *(const bool *)at;
			if (f->required || f->always || v != (f->def_num != 0))
				json_object_set_new(j, f->key, json_boolean(v));
			break;
		}
		case CS_RES_F_DOC: break;
		}
	}
}

static void
scalars(json_t *j, const cs_res_cell *c)
{
	table(j, cs_res_cell_fields, cs_res_n_cell_fields, c);
}

/* A counted cell's "count": the integers from the table, the per-op values
   from the model (decode derived them from the integers). */
static json_t *
count(const cs_res_cell *c)
{
	const cs_res_count *k = &c->count;
	json_t *j = json_object(), *classes = json_object(), *per_op = json_object();
	table(j, cs_res_count_fields, cs_res_n_count_fields, k);
	for (size_t i = 0; i < k->n_classes; i++) {
		json_object_set_new(classes, k->classes[i].name,
				    json_integer((json_int_t)k->classes[i].n));
		json_object_set_new(per_op, k->classes[i].name, json_real(k->classes[i].per_op));
	}
	json_object_set_new(j, "classes", classes);
	json_object_set_new(j, "classes_per_op", per_op);
	json_object_set_new(j, "insns_per_op", json_real(k->insns_per_op));
	if (k->per_byte)
		json_object_set_new(j, "insns_per_byte", json_real(k->insns_per_byte));
	json_object_set_new(j, "mem_per_op", json_real(k->mem_per_op));
	return j;
}

static json_t *
quant(const cs_res_quant *q)
{
	json_t *j = json_pack("{sf}", "median", q->median);
	if (q->has_spread) {
		json_object_set_new(j, "q1", json_real(q->q1));
		json_object_set_new(j, "q3", json_real(q->q3));
		json_object_set_new(j, "ci95", json_pack("[ff]", q->ci_lo, q->ci_hi));
	}
	return j;
}

static json_t *
samples(const double *x, size_t n)
{
	json_t *a = json_array();
	for (size_t i = 0; i < n; i++)
		json_array_append_new(a, json_real(x[i]));
	return a;
}

static json_t *
evidence(const cs_res_evidence *ev)
{
	json_t *j = json_object(), *classes = json_object();
	json_object_set_new(j, "available", json_boolean(ev->available));
	set_str(j, "reason", ev->reason);
	for (size_t i = 0; i < ev->n_classes; i++)
		json_object_set_new(classes, ev->classes[i].name, json_real(ev->classes[i].share));
	json_object_set_new(j, "classes", classes);
	if (ev->samples >= 0)
		json_object_set_new(j, "samples", json_integer((json_int_t)ev->samples));
	if (ev->samples_total)
		json_object_set_new(j, "samples_total",
				    json_integer((json_int_t)ev->samples_total));
	set_str(j, "objects", ev->objects);
	if (ev->size >= 0)
		json_object_set_new(j, "size", json_integer((json_int_t)ev->size));
	return j;
}

static json_t *
reps(const cs_res_cell *c)
{
	json_t *a = json_array();
	for (size_t i = 0; i < c->n_reps; i++) {
		const cs_res_rep *r = &c->reps[i];
		json_t *j = json_pack("{sI ss}", "seed", (json_int_t)r->seed, "status", r->status);
		if (r->ok) {
			json_object_set_new(j, "rate", json_real(r->rate));
			json_object_set_new(j, "ns_per_op", json_real(r->ns));
		}
		if (r->n_samples)
			json_object_set_new(j, "n_samples", json_integer((json_int_t)r->n_samples));
		set_str(j, "detail", r->detail);
		json_array_append_new(a, j);
	}
	return a;
}

static json_t *
strings(const char *const *v, size_t n)
{
	json_t *a = json_array();
	for (size_t i = 0; i < n; i++)
		json_array_append_new(a, json_string(v[i]));
	return a;
}

json_t *
cs_res_integers(const long long *v, size_t n)
{
	json_t *a = json_array();
	for (size_t i = 0; i < n; i++)
		json_array_append_new(a, json_integer((json_int_t)v[i]));
	return a;
}

static json_t *
interop(const cs_res_interop *x)
{
	return json_pack("{so so so sb}", "verified_by", strings(x->verified_by, x->n_verified),
			 "rejected_by", strings(x->rejected_by, x->n_rejected), "errors",
			 strings(x->errors, x->n_errors), "all_verify", x->all_verify);
}

/* --multi: the common windows and each worker's rate over them. */
static void
multi(json_t *j, const cs_res_cell *c)
{
	if (c->windows) {
		json_t *a = json_array();
		for (size_t i = 0; i < c->n_windows; i++)
			json_array_append_new(a, json_pack("{sf so}", "ns", c->windows[i].ns, "ops",
							   cs_res_integers(c->windows[i].ops,
									   c->windows[i].n_ops)));
		json_object_set_new(j, "multi_windows", a);
	}
	if (c->worker_rates)
		json_object_set_new(j, "multi_worker_rates",
				    samples(c->worker_rates, c->n_worker_rates));
}

static json_t *
cell(const cs_res_cell *c)
{
	json_t *j = json_object();
	if (c->imported) {
		json_object_set_new(j, "source", json_string("imported"));
		set_str(j, "file", c->file);
		json_object_set_new(j, "line", json_integer((json_int_t)c->line));
	}
	if (c->source || c->imported)
		json_object_set_new(j, "table", json_integer((json_int_t)c->source));
	scalars(j, c);
	if (c->ok && !c->count.present) {
		json_t *rate = quant(&c->rate);
		json_object_set_new(rate, "unit", json_string(c->bytes ? "B/s" : "op/s"));
		json_object_set_new(j, "rate", rate);
		if (c->has_ns) {
			json_t *ns = quant(&c->ns);
			if (c->ns_min != 0)
				json_object_set_new(ns, "min", json_real(c->ns_min));
			if (c->ns_max != 0)
				json_object_set_new(ns, "max", json_real(c->ns_max));
			if (c->ns_mean != 0)
				json_object_set_new(ns, "mean", json_real(c->ns_mean));
			json_object_set_new(j, "ns_per_op", ns);
		}
		if (c->samples)
			json_object_set_new(j, "samples", samples(c->samples, c->n_samples));
		multi(j, c);
	} else if (c->partial) {
		json_object_set_new(j, "partial",
				    json_pack("{sI so}", "n_samples", (json_int_t)c->n_partial,
					      "samples", samples(c->partial, c->n_partial)));
	}
	if (c->interop.present)
		json_object_set_new(j, "interop", interop(&c->interop));
	if (c->agree >= 0)
		json_object_set_new(j, "agree", json_boolean(c->agree));
	if (c->ev.present)
		json_object_set_new(j, "evidence", evidence(&c->ev));
	if (c->reps)
		json_object_set_new(j, "repetitions", reps(c));
	if (c->count.present)
		json_object_set_new(j, "count", count(c));
	return j;
}

static json_t *
library(const cs_res_lib *l)
{
	json_t *j = json_object();
	/* a model built with only the derived error still writes it */
	cs_res_lib t = *l;
	if (!t.start_error && t.error && (!t.init_error || strcmp(t.error, t.init_error) != 0))
		t.start_error = t.error;
	table(j, cs_res_lib_fields, cs_res_n_lib_fields, &t);
	if (l->worker_cpu.present) {
		json_t *cpu = json_object();
		table(cpu, cs_res_cpu_fields, cs_res_n_cpu_fields, &l->worker_cpu);
		json_object_set_new(j, "worker_cpu", cpu);
	}
	return j;
}

static json_t *
source(const cs_res_source *s)
{
	json_t *j = json_object();
	for (size_t i = 0; i < cs_res_n_source_fields; i++) {
		const cs_res_field *f = &cs_res_source_fields[i];
		if (f->type != CS_RES_F_DOC)
			table(j, f, 1, s);
		else if (strcmp(f->key, "source") == 0 && s->imported)
			json_object_set_new(j, "source", json_string("imported"));
		else if (strcmp(f->key, "multi") == 0 && (s->multi != 1 || s->imported))
			json_object_set_new(j, "multi", json_integer(s->multi));
	}
	return j;
}

/* "config": precision, the table, its arrays, --multi's and --repeat's keys. */
static json_t *
config(const cs_res_file *f)
{
	const cs_res_config *c = &f->config;
	json_t *j = json_pack("{sf}", "precision", f->precision);
	if (!c->present)
		return j;
	table(j, cs_res_config_fields, cs_res_n_config_fields, c);
	json_object_set_new(j, "sizes", cs_res_integers(c->sizes, c->n_sizes));
	json_object_set_new(j, "launcher", strings(c->launcher, c->n_launcher));
	if (c->multi > 1) {
		json_object_set_new(j, "multi_cpus_allowed",
				    json_integer((json_int_t)c->multi_cpus_allowed));
		json_object_set_new(j, "multi_shared", json_boolean(c->multi_shared));
	}
	if (c->seeds)
		json_object_set_new(j, "seeds", cs_res_integers(c->seeds, c->n_seeds));
	return j;
}

json_t *
cs_results_encode(const cs_res_file *f)
{
	json_t *r = json_pack("{ss}", "schema", "cryptospeed/1");
	if (*f->tool_version)
		json_object_set_new(
			r, "tool",
			json_pack("{ss ss}", "name", "cryptospeed", "version", f->tool_version));
	if (f->import_format || f->import_file || f->import_note) {
		json_t *imp = json_object();
		set_str(imp, "format", f->import_format);
		set_str(imp, "file", f->import_file);
		set_str(imp, "note", f->import_note);
		json_object_set_new(r, "imported", imp);
	}
	set_str(r, "label", f->label);
	set_opt(r, "started", f->started, "");
	if (f->elapsed_s != 0)
		json_object_set_new(r, "elapsed_s", json_real(f->elapsed_s));
	if (f->interrupted)
		json_object_set_new(r, "interrupted", json_true());
	json_t *host = json_object(), *cpu = json_object();
	set_opt(host, "hostname", f->hostname, "");
	set_opt(host, "kernel", f->kernel, "");
	set_opt(cpu, "arch", f->cpu_arch, "");
	set_opt(cpu, "model", f->cpu_model, "");
	set_opt(cpu, "features", f->cpu_features, "");
	set_opt(cpu, "source", f->cpu_source, "");
	if (f->cpus)
		json_object_set_new(cpu, "cpus", json_integer((json_int_t)f->cpus));
	if (json_object_size(cpu))
		json_object_set_new(host, "cpu", cpu);
	else
		json_decref(cpu);
	if (json_object_size(host))
		json_object_set_new(r, "host", host);
	else
		json_decref(host);
	if (f->evidence_s >= 0)
		json_object_set_new(r, "evidence_s", json_real(f->evidence_s));
	if (f->config.present || f->precision != 0.01)
		json_object_set_new(r, "config", config(f));
	if (f->counting.present) {
		json_t *counting = json_object();
		table(counting, cs_res_counting_fields, cs_res_n_counting_fields, &f->counting);
		json_object_set_new(r, "counting", counting);
	}
	if (f->emulation.present) {
		json_t *emulation = json_object();
		table(emulation, cs_res_emulation_fields, cs_res_n_emulation_fields, &f->emulation);
		json_object_set_new(r, "emulation", emulation);
	}
	json_t *libs = json_array(), *cells = json_array();
	for (size_t i = 0; i < f->n_libs; i++)
		json_array_append_new(libs, library(&f->libs[i]));
	json_object_set_new(r, "libraries", libs);
	/* a run has one source, its own: written for imported tables, and
	   whenever there is more than one (cells refer to them by index) */
	bool imported = f->n_sources > 1;
	for (size_t i = 0; i < f->n_sources; i++)
		imported |= f->sources[i].imported;
	if (imported) {
		json_t *srcs = json_array();
		for (size_t i = 0; i < f->n_sources; i++)
			json_array_append_new(srcs, source(&f->sources[i]));
		json_object_set_new(r, "sources", srcs);
	}
	for (size_t i = 0; i < f->n_cells; i++)
		json_array_append_new(cells, cell(&f->cells[i]));
	json_object_set_new(r, "cells", cells);
	json_t *conformance = cs_res_conform_encode(f);
	if (conformance)
		json_object_set_new(r, "conformance", conformance);
	return r;
}

char *
cs_results_encode_text(const cs_res_file *f)
{
	json_t *j = cs_results_encode(f);
	char *s = j ? json_dumps(j, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
	json_decref(j);
	return s;
}

int
cs_results_copy(const cs_res_file *in, const char *name, cs_res_file *out, char *why, size_t n)
{
	memset(out, 0, sizeof *out);
	json_t *j = cs_results_encode(in);
	if (!j) {
		snprintf(why, n, "%s: out of memory", name);
		return -1;
	}
	int rc = cs_results_decode(j, name, out, why, n);
	json_decref(j);
	return rc;
}

int
cs_res_dump(FILE *f, json_t *doc)
{
	int rc = !doc || json_dumpf(doc, f, JSON_INDENT(1) | JSON_PRESERVE_ORDER) != 0 ||
				 fputc('\n', f) == EOF
			 ? -1
			 : 0;
	json_decref(doc);
	return rc;
}

int
cs_results_writer(FILE *f, void *model)
{
	return cs_res_dump(f, cs_results_encode(model));
}

int
cs_results_print_json(FILE *f, const cs_res_file *const *files, size_t n)
{
	if (n == 1)
		return cs_res_dump(f, json_incref(files[0]->root));
	json_t *all = json_array();
	for (size_t i = 0; i < n; i++)
		json_array_append(all, files[i]->root);
	return cs_res_dump(f, all);
}

bool
cs_results_equal(const cs_res_file *a, const cs_res_file *b)
{
	return a->root && b->root && json_equal(a->root, b->root);
}

void
cs_results_config(cs_res_file *f)
{
	if (!f->config.present)
		f->config = (cs_res_config){
			.present = true, .clock = "", .multi = 1, .samples_kept = true};
}
