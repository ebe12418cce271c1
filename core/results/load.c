/* Loading a result file: decode once into cs_res_file, checking every field
   the reports read for type and range. The first bad place is named as a
   path into the document ("cells[3].rate.median: missing"); nothing past it
   is read. Unknown keys are ignored (a newer file may add some). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <jansson.h>

#include "fields.h"
#include "parse.h"
#include "results.h"

/* The decoder's state: the file name for messages, and the first failure. */
typedef struct dec {
	const char *name;
	char *why;
	size_t n;
	bool failed;
} dec;

static bool
bad(dec *d, const char *where, const char *key, const char *fmt, ...)
{
	if (d->failed)
		return false;
	d->failed = true;
	char msg[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	char place[192];
	snprintf(place, sizeof place, "%s%s%s", where, *where && key ? "." : "", key ? key : "");
	snprintf(d->why, d->n, "%s: %s%s%s", d->name, place, *place ? ": " : "", msg);
	return false;
}

/* where + suffix into out (cut to fit): the place of a member, without printf. */
static void
place(char *out, size_t n, const char *where, const char *suffix)
{
	size_t a = strlen(where), b = strlen(suffix);
	if (a >= n)
		a = n - 1;
	if (b >= n - a)
		b = n - a - 1;
	memcpy(out, where, a);
	memcpy(out + a, suffix, b);
	out[a + b] = '\0';
}

static const char *
type_name(const json_t *v)
{
	switch (json_typeof(v)) {
	case JSON_OBJECT: return "an object";
	case JSON_ARRAY: return "an array";
	case JSON_STRING: return "a string";
	case JSON_INTEGER: return "an integer";
	case JSON_REAL: return "a number";
	case JSON_TRUE:
	case JSON_FALSE: return "a boolean";
	default: return "null";
	}
}

/* Depth of nesting, stopping once past max. */
static bool
depth_ok(const json_t *v, int depth)
{
	if (depth > CS_RES_DEPTH_MAX)
		return false;
	size_t i;
	const char *k;
	json_t *e;
	if (json_is_array(v)) {
		json_array_foreach((json_t *)v, i, e) if (!depth_ok(e, depth + 1)) return false;
	} else if (json_is_object(v)) {
		json_object_foreach((json_t *)v, k, e) if (!depth_ok(e, depth + 1)) return false;
	}
	return true;
}

/* get_str's def for a field that must be there. */
static const char required_field[] = "";
#define REQUIRED required_field

/* A string field: absent -> def (NULL for an optional field), a failure when REQUIRED. */
static bool
get_str(dec *d, json_t *obj, const char *where, const char *key, size_t max, const char *def,
	const char **out)
{
	json_t *v = json_object_get(obj, key);
	if (!v) {
		*out = def == REQUIRED ? NULL : def;
		return def == REQUIRED ? bad(d, where, key, "missing") : true;
	}
	if (!json_is_string(v))
		return bad(d, where, key, "%s, not a string", type_name(v));
	size_t len = json_string_length(v);
	if (len > max)
		return bad(d, where, key, "%zu bytes long (at most %zu)", len, max);
	*out = json_string_value(v);
	return true;
}

/* A number in [lo, hi]: absent -> def, or a failure when required. */
static bool
get_num(dec *d, json_t *obj, const char *where, const char *key, bool required, double lo,
	double hi, double def, double *out)
{
	json_t *v = json_object_get(obj, key);
	*out = def;
	if (!v)
		return required ? bad(d, where, key, "missing") : true;
	if (!json_is_number(v))
		return bad(d, where, key, "%s, not a number", type_name(v));
	double x = json_number_value(v);
	if (!isfinite(x))
		return bad(d, where, key, "not a finite number");
	if (x < lo || x > hi)
		return bad(d, where, key, "%g is out of range (accepted: %g to %g)", x, lo, hi);
	*out = x;
	return true;
}

/* An integer in [lo, hi]. */
static bool
get_int(dec *d, json_t *obj, const char *where, const char *key, bool required, long long lo,
	long long hi, long long def, long long *out)
{
	json_t *v = json_object_get(obj, key);
	*out = def;
	if (!v)
		return required ? bad(d, where, key, "missing") : true;
	if (!json_is_integer(v))
		return bad(d, where, key, "%s, not an integer", type_name(v));
	long long x = json_integer_value(v);
	if (x < lo || x > hi)
		return bad(d, where, key, "%lld is out of range (accepted: %lld to %lld)", x, lo,
			   hi);
	*out = x;
	return true;
}

static bool
get_bool(dec *d, json_t *obj, const char *where, const char *key, bool def, bool *out)
{
	json_t *v = json_object_get(obj, key);
	*out = def;
	if (!v)
		return true;
	if (!json_is_boolean(v))
		return bad(d, where, key, "%s, not a boolean", type_name(v));
	*out = json_is_true(v);
	return true;
}

/* An optional object (absent -> NULL). */
static bool
get_obj(dec *d, json_t *obj, const char *where, const char *key, bool required, json_t **out)
{
	json_t *v = json_object_get(obj, key);
	*out = NULL;
	if (!v)
		return required ? bad(d, where, key, "missing") : true;
	if (!json_is_object(v))
		return bad(d, where, key, "%s, not an object", type_name(v));
	*out = v;
	return true;
}

static bool
get_arr(dec *d, json_t *obj, const char *where, const char *key, bool required, size_t max,
	json_t **out)
{
	json_t *v = json_object_get(obj, key);
	*out = NULL;
	if (!v)
		return required ? bad(d, where, key, "missing") : true;
	if (!json_is_array(v))
		return bad(d, where, key, "%s, not an array", type_name(v));
	if (json_array_size(v) > max)
		return bad(d, where, key, "%zu entries (at most %zu)", json_array_size(v), max);
	*out = v;
	return true;
}

static bool
one_of(dec *d, const char *where, const char *key, const char *v, const char *const *set,
       const char *accepted)
{
	for (size_t i = 0; set[i]; i++)
		if (strcmp(v, set[i]) == 0)
			return true;
	return bad(d, where, key, "'%.64s' is not known (accepted: %s)", v, accepted);
}

/* rate or ns_per_op: median > 0 required; q1, q3, ci95 [lo, hi] together or not at all. */
static bool
quant(dec *d, json_t *q, const char *where, cs_res_quant *out)
{
	double big = 1e300;
	if (!get_num(d, q, where, "median", true, 0, big, 0, &out->median))
		return false;
	if (!(out->median > 0))
		return bad(d, where, "median", "0 (a measured quantity is positive)");
	json_t *q1 = json_object_get(q, "q1"), *q3 = json_object_get(q, "q3");
	json_t *ci;
	if (!get_num(d, q, where, "q1", q3 != NULL, 0, big, 0, &out->q1) ||
	    !get_num(d, q, where, "q3", q1 != NULL, 0, big, 0, &out->q3) ||
	    !get_arr(d, q, where, "ci95", false, 2, &ci))
		return false;
	if (ci) {
		char w[128];
		place(w, sizeof w, where, ".ci95");
		json_t *lo = json_array_get(ci, 0), *hi = json_array_get(ci, 1);
		if (json_array_size(ci) != 2)
			return bad(d, w, NULL, "%zu entries (accepted: [low, high])",
				   json_array_size(ci));
		if (!json_is_number(lo) || !json_is_number(hi))
			return bad(d, w, NULL, "not two numbers");
		out->ci_lo = json_number_value(lo);
		out->ci_hi = json_number_value(hi);
		if (!isfinite(out->ci_lo) || !isfinite(out->ci_hi) || out->ci_lo < 0 ||
		    out->ci_hi < out->ci_lo)
			return bad(d, w, NULL, "not 0 <= low <= high");
	}
	out->has_spread = q1 && q3;
	return true;
}

static bool
evidence(dec *d, json_t *ev, const char *where, cs_res_evidence *out)
{
	out->present = true;
	if (!get_bool(d, ev, where, "available", false, &out->available) ||
	    !get_str(d, ev, where, "reason", CS_RES_TEXT_MAX, NULL, &out->reason) ||
	    !get_int(d, ev, where, "samples", false, 0, 1LL << 50, -1, &out->samples) ||
	    !get_int(d, ev, where, "samples_total", false, 0, 1LL << 50, 0, &out->samples_total) ||
	    !get_str(d, ev, where, "objects", CS_RES_TEXT_MAX, NULL, &out->objects) ||
	    !get_int(d, ev, where, "size", false, 0, CS_RES_SIZE_MAX, -1, &out->size))
		return false;
	json_t *classes;
	if (!get_obj(d, ev, where, "classes", false, &classes))
		return false;
	size_t n = json_object_size(classes);
	if (n > 256)
		return bad(d, where, "classes", "%zu entries (at most 256)", n);
	out->classes = n ? calloc(n, sizeof *out->classes) : NULL;
	if (n && !out->classes)
		return bad(d, where, "classes", "out of memory");
	char w[128];
	place(w, sizeof w, where, ".classes");
	const char *k;
	json_t *v;
	json_object_foreach(classes, k, v)
	{
		if (strlen(k) > CS_RES_NAME_MAX)
			return bad(d, w, NULL, "a class name longer than %d bytes",
				   CS_RES_NAME_MAX);
		cs_res_class *c = &out->classes[out->n_classes++];
		c->name = k;
		if (!get_num(d, classes, w, k, true, 0, 1, 0, &c->share))
			return false;
	}
	return true;
}

static const char *const statuses[] = {"ok",	  "wrong", "unsupported", "crashed",
				       "timeout", "error", NULL};
static const char *const units[] = {"B/s", "op/s", NULL};

static bool
op_is_sized(const char *op, long long size)
{
	cs_op o = cs_op_find(op);
	return o == CS_OP_COUNT ? size > 0 : cs_op_sized(o);
}

/* cells[i].repetitions: each an object; an ok one has its median rate and time. */
static bool
repetitions(dec *d, json_t *arr, const char *where, cs_res_cell *c)
{
	c->n_reps = json_array_size(arr);
	c->reps = calloc(c->n_reps + 1, sizeof *c->reps);
	if (!c->reps)
		return bad(d, where, NULL, "out of memory");
	for (size_t k = 0; k < c->n_reps; k++) {
		json_t *r = json_array_get(arr, k);
		cs_res_rep *x = &c->reps[k];
		char w[128];
		snprintf(w, sizeof w, "%s[%zu]", where, k);
		if (!json_is_object(r))
			return bad(d, w, NULL, "%s, not an object", type_name(r));
		if (!get_int(d, r, w, "seed", false, 0, 4294967295LL, 0, &x->seed) ||
		    !get_str(d, r, w, "status", CS_RES_NAME_MAX, REQUIRED, &x->status) ||
		    !one_of(d, w, "status", x->status, statuses,
			    "ok, wrong, unsupported, crashed, timeout, error"))
			return false;
		x->ok = strcmp(x->status, "ok") == 0;
		if (!get_num(d, r, w, "rate", x->ok, 1e-300, 1e300, 0, &x->rate) ||
		    !get_num(d, r, w, "ns_per_op", x->ok, 1e-300, 1e300, 0, &x->ns) ||
		    !get_int(d, r, w, "n_samples", false, 0, CS_RES_SAMPLES_MAX, 0,
			     &x->n_samples) ||
		    !get_str(d, r, w, "detail", CS_RES_TEXT_MAX, NULL, &x->detail))
			return false;
	}
	return true;
}

/* An array of finite numbers, each > 0 (positive) or >= 0. */
static bool
number_array(dec *d, json_t *arr, const char *where, bool positive, double **out, size_t *n)
{
	*n = json_array_size(arr);
	*out = malloc((*n + 1) * sizeof **out);
	if (!*out)
		return bad(d, where, NULL, "out of memory");
	for (size_t k = 0; k < *n; k++) {
		json_t *x = json_array_get(arr, k);
		double v = json_is_real(x) ? json_real_value(x) : json_number_value(x);
		(*out)[k] = v;
		if (json_is_number(x) && isfinite(v) && (positive ? v > 0 : v >= 0))
			continue;
		/* the place is spelled only for the first bad number */
		char wk[128];
		snprintf(wk, sizeof wk, "%s[%zu]", where, k);
		if (!json_is_number(x))
			return bad(d, wk, NULL, "%s, not a number", type_name(x));
		return bad(d, wk, NULL, "not a %s finite number",
			   positive ? "positive" : "non-negative");
	}
	return true;
}

/* An array of samples (ns per op per batch): positive finite numbers. */
static bool
sample_array(dec *d, json_t *arr, const char *where, double **out, size_t *n)
{
	return number_array(d, arr, where, true, out, n);
}

/* The cell's scalar keys, as the field table (fields.c) has them. */
static bool
table(dec *d, json_t *j, const char *w, const cs_res_field *t, size_t n, void *base)
{
	for (size_t i = 0; i < n; i++) {
		const cs_res_field *f = &t[i];
		void *at = (char *)base + f->off;
		long long x;
		bool ok = true;
		switch (f->type) {
		case CS_RES_F_NAME:
		case CS_RES_F_TEXT:
			ok = get_str(d, j, w, f->key,
				     f->type == CS_RES_F_NAME ? CS_RES_NAME_MAX : CS_RES_TEXT_MAX,
				     f->required ? REQUIRED : f->def, (const char **)at);
			break;
		case CS_RES_F_INT:
			ok = get_int(d, j, w, f->key, f->required, f->lo, f->hi,
				     (long long)f->def_num, (long long *)at);
			break;
		case CS_RES_F_SMALL:
			ok = get_int(d, j, w, f->key, f->required, f->lo, f->hi,
				     (long long)f->def_num, &x);
			*(int *)at = (int)x;
			break;
		case CS_RES_F_NUM:
			ok = get_num(d, j, w, f->key, f->required, (double)f->lo, (double)f->hi,
				     f->def_num, (double *)at);
			break;
		case CS_RES_F_BOOL:
			if (f->required && !json_object_get(j, f->key))
				return bad(d, w, f->key, "missing");
			ok = get_bool(d, j, w, f->key, f->def_num != 0, (bool *)at);
			break;
		case CS_RES_F_DOC: break;
		}
		if (!ok)
			return false;
	}
	return true;
}

/* The cell's scalar keys, as the field table (fields.c) has them. */
static bool
scalars(dec *d, json_t *j, const char *w, cs_res_cell *c)
{
	return table(d, j, w, cs_res_cell_fields, cs_res_n_cell_fields, c) &&
	       one_of(d, w, "status", c->status, statuses,
		      "ok, wrong, unsupported, crashed, timeout, error");
}

/* A derived number of a count (insns_per_op, ...): present and equal to
   what the integers give (to a relative 1e-9: the file's decimal text). */
static bool
derived(dec *d, json_t *j, const char *w, const char *key, double want)
{
	double got;
	if (!get_num(d, j, w, key, true, 0, 1e300, 0, &got))
		return false;
	if (fabs(got - want) > 1e-9 * fabs(want))
		return bad(d, w, key, "%.17g, but the counts give %.17g", got, want);
	return true;
}

/* cells[i].count: the exact count of a counted cell (run --count). */
static bool
count(dec *d, json_t *j, const char *w, const cs_res_cell *c, cs_res_count *k)
{
	k->present = true;
	if (!table(d, j, w, cs_res_count_fields, cs_res_n_count_fields, k))
		return false;
	if (!k->exact && (!json_object_get(j, "insns_d1") || !json_object_get(j, "insns_d2")))
		return bad(d, w, json_object_get(j, "insns_d1") ? "insns_d2" : "insns_d1",
			   "missing (a count that is not exact names its two differences)");
	json_t *classes, *per_op;
	if (!get_obj(d, j, w, "classes", true, &classes) ||
	    !get_obj(d, j, w, "classes_per_op", true, &per_op))
		return false;
	size_t n = json_object_size(classes);
	if (n > 256)
		return bad(d, w, "classes", "%zu entries (at most 256)", n);
	if (json_object_size(per_op) != n)
		return bad(d, w, "classes_per_op", "%zu entries, but classes has %zu",
			   json_object_size(per_op), n);
	k->classes = calloc(n + 1, sizeof *k->classes);
	if (!k->classes)
		return bad(d, w, "classes", "out of memory");
	double ops = (double)k->ops;
	char wc[128], wp[128];
	place(wc, sizeof wc, w, ".classes");
	place(wp, sizeof wp, w, ".classes_per_op");
	const char *name;
	json_t *v;
	json_object_foreach(classes, name, v)
	{
		if (strlen(name) > CS_RES_NAME_MAX)
			return bad(d, wc, NULL, "a class name longer than %d bytes",
				   CS_RES_NAME_MAX);
		cs_res_icount *x = &k->classes[k->n_classes++];
		x->name = name;
		if (!get_int(d, classes, wc, name, true, 0, 1LL << 62, 0, &x->n) ||
		    !derived(d, per_op, wp, name, (double)x->n / ops))
			return false;
		x->per_op = (double)x->n / ops;
	}
	k->insns_per_op = (double)k->insns / ops;
	k->mem_per_op = (double)k->mem / ops;
	bool per_byte = k->per_byte = op_is_sized(c->op, c->size) && c->size > 0;
	k->insns_per_byte = per_byte ? k->insns_per_op / (double)c->size : 0;
	if (!derived(d, j, w, "insns_per_op", k->insns_per_op) ||
	    !derived(d, j, w, "mem_per_op", k->mem_per_op) ||
	    (per_byte && !derived(d, j, w, "insns_per_byte", k->insns_per_byte)))
		return false;
	if (!per_byte && json_object_get(j, "insns_per_byte"))
		return bad(d, w, "insns_per_byte", "present for op '%s' of size %lld", c->op,
			   c->size);
	return true;
}

/* What a cell's status and the file's kind ask of its numbers, checked in
   one place for every cell: a timed ok cell has a rate; a counted ok cell
   (a file with a "counting" object) has a count and no rate; a cell that is
   not ok has neither. */
static bool
invariants(dec *d, const char *w, const cs_res_file *f, const cs_res_cell *c, bool has_rate)
{
	bool counting = f->counting.present;
	if (c->count.present && !counting)
		return bad(d, w, "count",
			   "present in a file without a \"counting\" object (only run --count "
			   "counts)");
	if (c->count.present && !c->ok)
		return bad(d, w, "count",
			   "present on a cell whose status is '%s' (only ok cells are counted)",
			   c->status);
	if (counting && c->ok && !c->count.present)
		return bad(d, w, "count", "missing (an ok cell of a counting run has a count)");
	if (counting && has_rate)
		return bad(d, w, "rate",
			   "present on a counted cell (a count is never shown as a rate)");
	if (!counting && c->ok && !has_rate)
		return bad(d, w, "rate", "missing");
	return true;
}

/* An array of strings (each at most max bytes) into *out (n entries). */
static bool
string_array(dec *d, json_t *o, const char *where, const char *key, size_t max, const char ***out,
	     size_t *n)
{
	json_t *a;
	*out = NULL;
	*n = 0;
	if (!get_arr(d, o, where, key, false, 100000, &a))
		return false;
	if (!a)
		return true;
	*out = calloc(json_array_size(a) + 1, sizeof **out);
	if (!*out)
		return bad(d, where, key, "out of memory");
	for (size_t k = 0; k < json_array_size(a); k++) {
		json_t *v = json_array_get(a, k);
		char wk[160];
		snprintf(wk, sizeof wk, "%s%s%s[%zu]", where, *where ? "." : "", key, k);
		if (!json_is_string(v))
			return bad(d, wk, NULL, "%s, not a string", type_name(v));
		if (json_string_length(v) > max)
			return bad(d, wk, NULL, "longer than %zu bytes", max);
		(*out)[(*n)++] = json_string_value(v);
	}
	return true;
}

/* An array of integers in [lo, hi] into *out (n entries). */
static bool
int_array(dec *d, json_t *a, const char *where, long long lo, long long hi, long long **out,
	  size_t *n)
{
	*n = json_array_size(a);
	*out = calloc(*n + 1, sizeof **out);
	if (!*out)
		return bad(d, where, NULL, "out of memory");
	for (size_t k = 0; k < *n; k++) {
		json_t *v = json_array_get(a, k);
		char wk[160];
		snprintf(wk, sizeof wk, "%s[%zu]", where, k);
		if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi)
			return bad(d, wk, NULL, "not an integer in [%lld, %lld]", lo, hi);
		(*out)[k] = json_integer_value(v);
	}
	return true;
}

/* What a run records beside the numbers reports read: --multi's windows and
   per-worker rates, a sign cell's interop verdicts. */
static bool
run_extras(dec *d, json_t *j, const char *w, cs_res_cell *c)
{
	json_t *wins, *rates, *io;
	if (!get_arr(d, j, w, "multi_windows", false, CS_RES_SAMPLES_MAX, &wins) ||
	    !get_arr(d, j, w, "multi_worker_rates", false, 4096, &rates) ||
	    !get_obj(d, j, w, "interop", false, &io))
		return false;
	if (wins) {
		c->windows = calloc(json_array_size(wins) + 1, sizeof *c->windows);
		if (!c->windows)
			return bad(d, w, "multi_windows", "out of memory");
		for (size_t k = 0; k < json_array_size(wins); k++) {
			json_t *x = json_array_get(wins, k), *ops;
			cs_res_window *win = &c->windows[c->n_windows++];
			char wk[128], wo[144];
			snprintf(wk, sizeof wk, "%s.multi_windows[%zu]", w, k);
			snprintf(wo, sizeof wo, "%s.ops", wk);
			if (!json_is_object(x))
				return bad(d, wk, NULL, "%s, not an object", type_name(x));
			if (!get_num(d, x, wk, "ns", true, 0, 1e300, 0, &win->ns) ||
			    !get_arr(d, x, wk, "ops", true, 4096, &ops) ||
			    !int_array(d, ops, wo, 0, 1LL << 62, &win->ops, &win->n_ops))
				return false;
		}
	}
	if (rates) {
		char wr[128];
		snprintf(wr, sizeof wr, "%s.multi_worker_rates", w);
		if (!number_array(d, rates, wr, false, &c->worker_rates, &c->n_worker_rates))
			return false;
	}
	if (io) {
		cs_res_interop *x = &c->interop;
		char wi[128];
		snprintf(wi, sizeof wi, "%s.interop", w);
		x->present = true;
		if (!string_array(d, io, wi, "verified_by", CS_RES_TEXT_MAX, &x->verified_by,
				  &x->n_verified) ||
		    !string_array(d, io, wi, "rejected_by", CS_RES_TEXT_MAX, &x->rejected_by,
				  &x->n_rejected) ||
		    !string_array(d, io, wi, "errors", CS_RES_TEXT_MAX, &x->errors, &x->n_errors) ||
		    !get_bool(d, io, wi, "all_verify", false, &x->all_verify))
			return false;
	}
	return true;
}

/* The timing lane's PMU fields (run --pmu): all or none, only on an ok
   timed cell, per byte exactly for a sized op, equal to per op / size. */
static bool
pmu_fields(dec *d, const char *w, const cs_res_cell *c)
{
	bool any = c->pmu_insns_per_op > 0 || c->pmu_cycles_per_op > 0 ||
		   c->pmu_insns_per_byte > 0 || c->pmu_cycles_per_byte > 0;
	if (!c->pmu_ops)
		return !any || bad(d, w, "pmu_ops", "missing (the other pmu_ fields need it)");
	if (!c->ok || c->count.present)
		return bad(d, w, "pmu_ops", "present on a cell that was not timed ok");
	if (!(c->pmu_insns_per_op > 0) || !(c->pmu_cycles_per_op > 0))
		return bad(d, w,
			   c->pmu_insns_per_op > 0 ? "pmu_cycles_per_op"
						   : "pmu_instructions_per_op",
			   "missing (required with pmu_ops)");
	bool per_byte = c->bytes && c->size > 0;
	double pairs[2][2] = {{c->pmu_insns_per_op, c->pmu_insns_per_byte},
			      {c->pmu_cycles_per_op, c->pmu_cycles_per_byte}};
	const char *keys[2] = {"pmu_instructions_per_byte", "pmu_cycles_per_byte"};
	for (int i = 0; i < 2; i++) {
		if (!per_byte && pairs[i][1] > 0)
			return bad(d, w, keys[i], "present on an op without bytes");
		if (!per_byte)
			continue;
		double want = pairs[i][0] / (double)c->size;
		if (!(fabs(pairs[i][1] - want) <= 1e-9 * want))
			return bad(d, w, keys[i], "%g, but per op / size is %g", pairs[i][1], want);
	}
	return true;
}

/* A cell's agree flag and where it comes from (source, file, line, table). */
static bool
cell_origin(dec *d, json_t *j, const char *w, const cs_res_file *f, cs_res_cell *c)
{
	json_t *agree = json_object_get(j, "agree");
	if (agree && !json_is_boolean(agree))
		return bad(d, w, "agree", "%s, not a boolean", type_name(agree));
	c->agree = agree ? json_is_true(agree) : -1;

	const char *source;
	if (!get_str(d, j, w, "source", CS_RES_NAME_MAX, "measured", &source) ||
	    !one_of(d, w, "source", source, (const char *const[]){"measured", "imported", NULL},
		    "measured, imported"))
		return false;
	c->imported = strcmp(source, "imported") == 0;
	long long table;
	if (!get_str(d, j, w, "file", CS_RES_TEXT_MAX, NULL, &c->file) ||
	    !get_int(d, j, w, "line", c->imported, 1, 1LL << 40, 0, &c->line) ||
	    !get_int(d, j, w, "table", false, 0, (long long)f->n_sources - 1, 0, &table))
		return false;
	if (c->imported && !c->file)
		return bad(d, w, "file", "missing (an imported cell names its file)");
	c->source = (size_t)table;
	return true;
}

/* The cell's rate object and its unit, which follows the kind of operation. */
static bool
cell_rate(dec *d, json_t *rate, const char *w, cs_res_cell *c)
{
	char wr[96];
	const char *unit;
	place(wr, sizeof wr, w, ".rate");
	if (!quant(d, rate, wr, &c->rate) ||
	    !get_str(d, rate, wr, "unit", CS_RES_NAME_MAX, REQUIRED, &unit) ||
	    !one_of(d, wr, "unit", unit, units, "B/s, op/s"))
		return false;
	c->bytes = strcmp(unit, "B/s") == 0;
	/* the unit follows the kind of operation: B/s for a sized op on
	   bytes, op/s for a fixed-size one (size 0; a newer op: any unit) */
	cs_op o = cs_op_find(c->op);
	bool want = o != CS_OP_COUNT && cs_op_sized(o) && c->size > 0;
	if (o != CS_OP_COUNT && c->bytes != want)
		return bad(d, wr, "unit", "'%s' for op '%s' of size %lld (accepted: %s)", unit,
			   c->op, c->size, want ? "B/s" : "op/s");
	return true;
}

/* The cell's ns_per_op object, checked against its rate when it has one. */
static bool
cell_ns(dec *d, json_t *ns, const char *w, bool has_rate, cs_res_cell *c)
{
	char wn[96];
	place(wn, sizeof wn, w, ".ns_per_op");
	if (!quant(d, ns, wn, &c->ns) ||
	    !get_num(d, ns, wn, "mean", false, 0, 1e300, 0, &c->ns_mean) ||
	    !get_num(d, ns, wn, "min", false, 0, 1e300, 0, &c->ns_min) ||
	    !get_num(d, ns, wn, "max", false, 0, 1e300, 0, &c->ns_max))
		return false;
	c->has_ns = true;
	/* one operation's time and the rate say the same thing: ops/s =
	   1e9 / ns (B/s: size bytes per op); --multi N sums N workers'
	   rates. A pair off by 2x or more is not one measurement. */
	if (has_rate && c->rate.median > 0 && c->ns.median > 0) {
		double ops =
			c->bytes && c->size > 0 ? c->rate.median / (double)c->size : c->rate.median;
		double r = ops * c->ns.median / 1e9, m = c->multi > 1 ? c->multi : 1;
		if (r >= 2 * m || r <= 0.5 / m)
			return bad(d, wn, "median",
				   "%.6g ns per op and a rate of %.6g %s disagree (%.3gx; "
				   "accepted: within 2x of 1e9 / ns_per_op)",
				   c->ns.median, c->rate.median, c->bytes ? "B/s" : "op/s", r);
	}
	return true;
}

/* The samples a cell that ended badly kept (partial), when present. */
static bool
cell_partial(dec *d, json_t *j, const char *w, cs_res_cell *c)
{
	json_t *partial, *psamples = NULL;
	if (!get_obj(d, j, w, "partial", false, &partial))
		return false;
	if (partial && (c->ok || c->imported))
		return bad(d, w, "partial",
			   "present on %s (only a cell that ended badly after its first "
			   "samples keeps them as partial)",
			   c->ok ? "an ok cell" : "an imported cell");
	if (partial) {
		char wp[96], ws[112];
		long long n;
		place(wp, sizeof wp, w, ".partial");
		place(ws, sizeof ws, wp, ".samples");
		if (!get_arr(d, partial, wp, "samples", true, CS_RES_SAMPLES_MAX, &psamples) ||
		    !get_int(d, partial, wp, "n_samples", true, 1, CS_RES_SAMPLES_MAX, 0, &n) ||
		    !sample_array(d, psamples, ws, &c->partial, &c->n_partial))
			return false;
		if ((size_t)n != c->n_partial)
			return bad(d, wp, "n_samples", "%lld, but %zu samples", n, c->n_partial);
	}
	return true;
}

/* The cell's exact counts (count), when present. */
static bool
cell_count(dec *d, json_t *j, const char *w, const cs_res_file *f, cs_res_cell *c)
{
	json_t *cnt;
	if (!get_obj(d, j, w, "count", false, &cnt))
		return false;
	if (cnt) {
		char wc[96];
		place(wc, sizeof wc, w, ".count");
		if (!count(d, cnt, wc, c, &c->count))
			return false;
		c->count.profile = f->counting.profile;
		c->count.emulated = f->counting.emulated;
	}
	return true;
}

/* The rest of a cell, each part when present: samples, partial, evidence,
   the run's extras, repetitions. */
static bool
cell_tail(dec *d, json_t *j, const char *w, json_t *samples, json_t *ev, cs_res_cell *c)
{
	if (samples) {
		char ws[96];
		place(ws, sizeof ws, w, ".samples");
		if (!sample_array(d, samples, ws, &c->samples, &c->n_samples))
			return false;
	}
	if (!cell_partial(d, j, w, c))
		return false;
	if (ev) {
		char we[96];
		place(we, sizeof we, w, ".evidence");
		if (!evidence(d, ev, we, &c->ev))
			return false;
	}
	if (!run_extras(d, j, w, c))
		return false;
	json_t *reps;
	if (!get_arr(d, j, w, "repetitions", false, 1000000, &reps))
		return false;
	if (reps) {
		char wr[96];
		place(wr, sizeof wr, w, ".repetitions");
		if (!repetitions(d, reps, wr, c))
			return false;
	}
	return true;
}

static bool
cell(dec *d, json_t *j, size_t i, cs_res_file *f, cs_res_cell *c)
{
	char w[64];
	snprintf(w, sizeof w, "cells[%zu]", i);
	if (!json_is_object(j))
		return bad(d, w, NULL, "%s, not an object", type_name(j));
	if (!scalars(d, j, w, c))
		return false;
	c->ok = strcmp(c->status, "ok") == 0;
	if (!cell_origin(d, j, w, f, c))
		return false;

	/* the numbers: only an ok cell was timed */
	json_t *rate, *ns, *samples, *ev;
	if (!get_obj(d, j, w, "rate", false, &rate) || !get_obj(d, j, w, "ns_per_op", false, &ns) ||
	    !get_arr(d, j, w, "samples", false, CS_RES_SAMPLES_MAX, &samples) ||
	    !get_obj(d, j, w, "evidence", false, &ev))
		return false;
	if (!cell_count(d, j, w, f, c) || !invariants(d, w, f, c, rate != NULL))
		return false;
	if (c->count.present && (ns || samples))
		return bad(d, w, ns ? "ns_per_op" : "samples",
			   "present on a counted cell (a count is never shown as a time)");
	if (!c->ok && (rate || ns || samples))
		return bad(d, w,
			   rate ? "rate"
			   : ns ? "ns_per_op"
				: "samples",
			   "present on a cell whose status is '%s' (only ok cells are timed)",
			   c->status);
	if (c->imported && (samples || ev))
		return bad(d, w, samples ? "samples" : "evidence",
			   "present on an imported cell (imported cells have none)");
	c->bytes = op_is_sized(c->op, c->size);
	if (rate && !cell_rate(d, rate, w, c))
		return false;
	if (!pmu_fields(d, w, c))
		return false;
	if (ns && !cell_ns(d, ns, w, rate != NULL, c))
		return false;
	return cell_tail(d, j, w, samples, ev, c);
}

static bool
library(dec *d, json_t *j, size_t i, cs_res_lib *l)
{
	char w[64];
	snprintf(w, sizeof w, "libraries[%zu]", i);
	if (!json_is_object(j))
		return bad(d, w, NULL, "%s, not an object", type_name(j));
	json_t *cpu;
	if (!table(d, j, w, cs_res_lib_fields, cs_res_n_lib_fields, l) ||
	    !get_obj(d, j, w, "worker_cpu", false, &cpu))
		return false;
	l->error = l->start_error ? l->start_error : l->init_error;
	if (cpu) {
		char wc[96];
		snprintf(wc, sizeof wc, "%s.worker_cpu", w);
		l->worker_cpu.present = true;
		if (!table(d, cpu, wc, cs_res_cpu_fields, cs_res_n_cpu_fields, &l->worker_cpu))
			return false;
	}
	return true;
}

static bool
source(dec *d, json_t *j, size_t i, cs_res_source *s)
{
	char w[64];
	snprintf(w, sizeof w, "sources[%zu]", i);
	if (!json_is_object(j))
		return bad(d, w, NULL, "%s, not an object", type_name(j));
	const char *kind;
	long long multi;
	if (!table(d, j, w, cs_res_source_fields, cs_res_n_source_fields, s) ||
	    !get_str(d, j, w, "source", CS_RES_NAME_MAX, "measured", &kind) ||
	    !one_of(d, w, "source", kind, (const char *const[]){"measured", "imported", NULL},
		    "measured, imported") ||
	    !get_int(d, j, w, "multi", false, 1, 4096, 1, &multi))
		return false;
	s->imported = strcmp(kind, "imported") == 0;
	s->multi = (int)multi;
	return true;
}

/* "config": the table, its arrays, --multi's and --repeat's keys. */
static bool
config(dec *d, json_t *j, cs_res_config *c)
{
	json_t *sizes, *seeds;
	long long cpus;
	/* a config object of precision alone is what the encoder writes for a
	   model without one */
	c->present = json_object_size(j) > (json_object_get(j, "precision") ? 1u : 0u);
	if (!table(d, j, "config", cs_res_config_fields, cs_res_n_config_fields, c) ||
	    !get_arr(d, j, "config", "sizes", false, 100000, &sizes) ||
	    (sizes &&
	     !int_array(d, sizes, "config.sizes", 0, CS_RES_SIZE_MAX, &c->sizes, &c->n_sizes)) ||
	    !string_array(d, j, "config", "launcher", CS_RES_TEXT_MAX, &c->launcher,
			  &c->n_launcher) ||
	    !get_int(d, j, "config", "multi_cpus_allowed", false, 0, 1 << 20, 0, &cpus) ||
	    !get_bool(d, j, "config", "multi_shared", false, &c->multi_shared) ||
	    !get_arr(d, j, "config", "seeds", false, 1000000, &seeds) ||
	    (seeds &&
	     !int_array(d, seeds, "config.seeds", 0, 4294967295LL, &c->seeds, &c->n_seeds)))
		return false;
	c->multi_cpus_allowed = cpus;
	return true;
}

static bool
metadata(dec *d, json_t *r, cs_res_file *f)
{
	json_t *tool, *host, *cpu = NULL, *cfg;
	const char *schema = NULL;
	if (!get_str(d, r, "", "schema", CS_RES_NAME_MAX, REQUIRED, &schema))
		return false;
	if (strcmp(schema, "cryptospeed/1") != 0)
		return bad(d, "", "schema", "'%.64s' (accepted: cryptospeed/1)", schema);
	if (!get_obj(d, r, "", "tool", false, &tool) ||
	    !get_str(d, tool, "tool", "version", CS_RES_NAME_MAX, "", &f->tool_version) ||
	    !get_str(d, r, "", "label", CS_RES_TEXT_MAX, NULL, &f->label) ||
	    !get_str(d, r, "", "started", CS_RES_NAME_MAX, "", &f->started) ||
	    !get_num(d, r, "", "elapsed_s", false, 0, 1e12, 0, &f->elapsed_s) ||
	    !get_bool(d, r, "", "interrupted", false, &f->interrupted) ||
	    !get_obj(d, r, "", "host", false, &host) ||
	    !get_str(d, host, "host", "hostname", CS_RES_NAME_MAX, "", &f->hostname) ||
	    !get_str(d, host, "host", "kernel", CS_RES_NAME_MAX, "", &f->kernel) ||
	    !get_obj(d, host, "host", "cpu", false, &cpu) ||
	    !get_str(d, cpu, "host.cpu", "arch", CS_RES_NAME_MAX, "", &f->cpu_arch) ||
	    !get_str(d, cpu, "host.cpu", "model", CS_RES_NAME_MAX, "", &f->cpu_model) ||
	    !get_str(d, cpu, "host.cpu", "features", CS_RES_TEXT_MAX, "", &f->cpu_features) ||
	    !get_str(d, cpu, "host.cpu", "source", CS_RES_TEXT_MAX, "", &f->cpu_source) ||
	    !get_int(d, cpu, "host.cpu", "cpus", false, 0, 1 << 20, 0, &f->cpus) ||
	    !get_num(d, r, "", "evidence_s", false, 0, 1e12, -1, &f->evidence_s) ||
	    !get_obj(d, r, "", "config", false, &cfg) ||
	    !get_num(d, cfg, "config", "precision", false, 0, 1, 0.01, &f->precision) ||
	    (cfg && !config(d, cfg, &f->config)))
		return false;
	json_t *counting, *imp;
	if (!get_obj(d, r, "", "counting", false, &counting) ||
	    !get_obj(d, r, "", "imported", false, &imp) ||
	    !get_str(d, imp, "imported", "format", CS_RES_NAME_MAX, NULL, &f->import_format) ||
	    !get_str(d, imp, "imported", "file", CS_RES_TEXT_MAX, NULL, &f->import_file) ||
	    !get_str(d, imp, "imported", "note", CS_RES_TEXT_MAX, NULL, &f->import_note))
		return false;
	if (counting) {
		f->counting.present = true;
		if (!table(d, counting, "counting", cs_res_counting_fields,
			   cs_res_n_counting_fields, &f->counting))
			return false;
	}
	json_t *emulation; /* the emulation object: fields.c (count's hook) */
	if (!get_obj(d, r, "", "emulation", false, &emulation))
		return false;
	f->emulation.present = emulation != NULL;
	if (emulation && !table(d, emulation, "emulation", cs_res_emulation_fields,
				cs_res_n_emulation_fields, &f->emulation))
		return false;
	return true;
}

/* A cell's identity: source, row label (lib/path[variant]/mask xN), alg, op, size. */
typedef struct cell_key {
	const char *key; /* the identity as text (in unique_cells' one buffer) */
	size_t off;	 /* its offset in that buffer (the buffer grows) */
	size_t at;	 /* index in cells[] */
} cell_key;

static int
cmp_key(const void *a, const void *b)
{
	const cell_key *x = a, *y = b;
	int c = strcmp(x->key, y->key);
	return c ? c : (x->at > y->at) - (x->at < y->at);
}

/* Two cells of one identity that say different things: which one a report
   shows would be an accident of order, so the file is refused. */
static bool
same_measurement(const cs_res_cell *a, const cs_res_cell *b)
{
	return strcmp(a->status, b->status) == 0 && a->ok == b->ok &&
	       (!a->ok || a->rate.median == b->rate.median) &&
	       a->count.present == b->count.present && a->count.insns == b->count.insns &&
	       a->count.ops == b->count.ops;
}

static bool
unique_cells(const cs_res_file *f, char *why, size_t n)
{
	if (f->n_cells < 2)
		return true;
	/* the keys one after another in one buffer (offsets first: it may move) */
	cell_key *k = malloc(f->n_cells * sizeof *k);
	char *text = NULL;
	size_t used = 0, cap = 0;
	bool oom = !k;
	for (size_t i = 0; !oom && i < f->n_cells; i++) {
		const cs_res_cell *c = &f->cells[i];
		char label[CS_RES_LABEL_MAX], key[CS_RES_LABEL_MAX + 2 * CS_RES_NAME_MAX + 64];
		cs_res_row_label(c, label, sizeof label);
		int len = snprintf(key, sizeof key, "%zu\x1f%s\x1f%s\x1f%s\x1f%lld", c->source,
				   label, c->alg, c->op, c->size);
		size_t need = (size_t)len < sizeof key ? (size_t)len + 1 : sizeof key;
		if (cap - used < need) {
			cap = 2 * cap + need + 65536;
			char *t = realloc(text, cap);
			oom = !t;
			if (oom)
				break;
			text = t;
		}
		memcpy(text + used, key, need - 1);
		text[used + need - 1] = '\0';
		k[i].off = used;
		k[i].at = i;
		used += need;
	}
	if (oom) {
		free(k);
		free(text);
		snprintf(why, n, "%s: out of memory", f->name);
		return false;
	}
	for (size_t i = 0; i < f->n_cells; i++)
		k[i].key = text + k[i].off;
	qsort(k, f->n_cells, sizeof *k, cmp_key);
	bool ok = true;
	for (size_t i = 1; ok && i < f->n_cells; i++) {
		if (strcmp(k[i - 1].key, k[i].key) != 0)
			continue;
		const cs_res_cell *a = &f->cells[k[i - 1].at], *b = &f->cells[k[i].at];
		if (same_measurement(a, b))
			continue;
		char label[CS_RES_LABEL_MAX];
		cs_res_row_label(a, label, sizeof label);
		snprintf(why, n,
			 "%s: cells[%zu] and cells[%zu]: one cell (%s %s %s %lld, source %zu) "
			 "twice with different results (accepted: each cell once)",
			 f->name, k[i - 1].at, k[i].at, label, a->alg, a->op, a->size, a->source);
		ok = false;
	}
	free(k);
	free(text);
	return ok;
}

/* The decoder; shallow: the parser has already bounded the nesting. */
static int
decode(json_t *root, bool shallow, const char *name, cs_res_file *f, char *why, size_t n)
{
	dec d = {.name = name, .why = why, .n = n};
	memset(f, 0, sizeof *f);
	f->name = name;
	f->root = json_incref(root);
	json_t *libs, *sources, *cells;
	if (!json_is_object(root)) {
		bad(&d, "", NULL, "%s, not a cryptospeed/1 result object", type_name(root));
		goto fail;
	}
	if (!shallow && !depth_ok(root, 0)) {
		bad(&d, "", NULL, "nested deeper than %d levels", CS_RES_DEPTH_MAX);
		goto fail;
	}
	if (!metadata(&d, root, f) || !get_arr(&d, root, "", "libraries", false, 100000, &libs) ||
	    !get_arr(&d, root, "", "sources", false, 100000, &sources) ||
	    !get_arr(&d, root, "", "cells", true, CS_RES_CELLS_MAX, &cells))
		goto fail;
	snprintf(f->default_label, sizeof f->default_label, "%s%s%s",
		 *f->hostname ? f->hostname : "?", *f->cpu_model ? " " : "", f->cpu_model);
	size_t nl = json_array_size(libs), ns = json_array_size(sources),
	       nc = json_array_size(cells), i;
	json_t *e;
	f->libs = calloc(nl + 1, sizeof *f->libs);
	f->sources = calloc(ns + 1, sizeof *f->sources);
	f->cells = calloc(nc + 1, sizeof *f->cells);
	if (!f->libs || !f->sources || !f->cells) {
		bad(&d, "", NULL, "out of memory for %zu cells", nc);
		goto fail;
	}
	json_array_foreach(libs, i, e)
	{
		if (!library(&d, e, i, &f->libs[i]))
			goto fail;
		f->n_libs++;
	}
	json_array_foreach(sources, i, e)
	{
		if (!source(&d, e, i, &f->sources[i]))
			goto fail;
		f->n_sources++;
	}
	if (f->n_sources == 0) {
		/* a run: one source, named by its label or host + CPU */
		f->sources[0].label = f->label ? f->label : f->default_label;
		f->sources[0].multi = 1;
		f->n_sources = 1;
	}
	json_array_foreach(cells, i, e)
	{
		f->n_cells++;
		if (!cell(&d, e, i, f, &f->cells[i]))
			goto fail;
	}
	if (!unique_cells(f, why, n) ||
	    cs_res_conform_decode(json_object_get(root, "conformance"), "conformance", f, why, n))
		goto fail;
	return 0;
fail:
	cs_results_free(f);
	return -1;
}

int
cs_results_decode(json_t *root, const char *name, cs_res_file *f, char *why, size_t n)
{
	return decode(root, false, name, f, why, n);
}

/* The parser's message; text that is not JSON at all gets a pointer to import. */
static void
not_json(char *why, size_t n, const char *name, const json_error_t *e)
{
	bool text = e->line == 1 && strstr(e->text, "'[' or '{' expected") != NULL;
	snprintf(why, n, "%s: line %d: not JSON: %s%s", name, e->line, e->text,
		 text ? " (a table printed by openssl speed? cryptospeed import openssl-speed FILE "
			"-o FILE.json reads it)"
		      : "");
}

int
cs_results_load_buffer(const char *buf, size_t len, const char *name, cs_res_file *out, char *why,
		       size_t n)
{
	json_error_t e;
	cs_res_arena *arena;
	bool shallow;
	memset(out, 0, sizeof *out);
	json_t *r = cs_res_parse(buf, len, CS_RES_PARSE_BEST, &e, &arena, &shallow);
	if (!r) {
		cs_res_arena_release(arena);
		not_json(why, n, name, &e);
		return -1;
	}
	/* the tree is never decref'd to 0: its values are the arena's */
	if (decode(r, shallow, name, out, why, n) != 0) {
		cs_res_arena_release(arena);
		return -1;
	}
	out->arena = arena;
	return 0;
}

int
cs_results_load(const char *path, cs_res_file *out, char *why, size_t n)
{
	memset(out, 0, sizeof *out);
	FILE *f = fopen(path, "rb");
	if (!f) {
		/* as jansson's json_load_file says it */
		snprintf(why, n, "%s: unable to open %s: %s", path, path, strerror(errno));
		return -1;
	}
	size_t len = 0, cap = (size_t)1 << 20;
	struct stat st;
	bool stat_ok = fstat(fileno(f), &st) == 0;
	if (stat_ok && S_ISDIR(st.st_mode)) {
		fclose(f);
		snprintf(why, n, "%s: is a directory (accepted: a result file of run or import)",
			 path);
		return -1;
	}
	/* a regular file: one buffer of its size (and a byte more to see its end) */
	if (stat_ok && S_ISREG(st.st_mode) && st.st_size > 0 &&
	    (unsigned long long)st.st_size <= CS_RES_FILE_MAX)
		cap = (size_t)st.st_size + 1;
	char *buf = malloc(cap);
	for (;;) {
		if (buf && len > CS_RES_FILE_MAX) {
			/* /dev/zero, a pipe that never ends: not a result file */
			free(buf);
			fclose(f);
			snprintf(why, n,
				 "%s: larger than %d MiB (accepted: a result file up to %d MiB)",
				 path, CS_RES_FILE_MAX >> 20, CS_RES_FILE_MAX >> 20);
			return -1;
		}
		if (buf && len == cap) {
			cap = cap > CS_RES_FILE_MAX / 2 ? (size_t)CS_RES_FILE_MAX + 1 : cap * 2;
			char *b = realloc(buf, cap);
			if (!b)
				free(buf);
			buf = b;
		}
		if (!buf) {
			fclose(f);
			snprintf(why, n, "%s: out of memory reading it", path);
			return -1;
		}
		size_t got = fread(buf + len, 1, cap - len, f);
		len += got;
		if (got == 0)
			break;
	}
	bool failed = ferror(f);
	int err = errno;
	fclose(f);
	if (failed) {
		free(buf);
		snprintf(why, n, "%s: cannot read it: %s", path, strerror(err));
		return -1;
	}
	int rc = cs_results_load_buffer(buf, len, path, out, why, n);
	free(buf);
	return rc;
}

void
cs_results_free(cs_res_file *f)
{
	for (size_t i = 0; f->cells && i < f->n_cells; i++) {
		free(f->cells[i].samples);
		free(f->cells[i].partial);
		free(f->cells[i].ev.classes);
		free(f->cells[i].count.classes);
		free(f->cells[i].reps);
		free(f->cells[i].interop.verified_by);
		free(f->cells[i].interop.rejected_by);
		free(f->cells[i].interop.errors);
		for (size_t k = 0; f->cells[i].windows && k < f->cells[i].n_windows; k++)
			free(f->cells[i].windows[k].ops);
		free(f->cells[i].windows);
		free(f->cells[i].worker_rates);
	}
	free(f->config.sizes);
	free(f->config.launcher);
	free(f->config.seeds);
	free(f->cells);
	free(f->libs);
	free(f->sources);
	cs_res_conform_free(f);
	if (f->arena)
		cs_res_arena_release(f->arena); /* the document, all at once */
	else
		json_decref(f->root);
	memset(f, 0, sizeof *f);
}

void
cs_res_row_label(const cs_res_cell *c, char *buf, size_t n)
{
	char extra[32] = "";
	if (c->multi > 1)
		snprintf(extra, sizeof extra, " x%d", c->multi);
	bool masked = strcmp(c->mask, "none") != 0;
	snprintf(buf, n, "%s/%s%s%s%s%s%s%s", c->lib, c->path, c->variant ? "[" : "",
		 c->variant ? c->variant : "", c->variant ? "]" : "", masked ? "/" : "",
		 masked ? c->mask : "", extra);
}

int
cs_res_cell_key(const cs_res_cell *c, char *key, size_t n)
{
	char label[CS_RES_LABEL_MAX];
	cs_res_row_label(c, label, sizeof label);
	/* cells of the second and later sources of a file (import tables) stay apart */
	if (c->source > 0)
		return snprintf(key, n, "%s\x1f%s\x1f%s\x1f%lld\x1f%zu", label, c->alg, c->op,
				c->size, (size_t)c->source);
	return snprintf(key, n, "%s\x1f%s\x1f%s\x1f%lld", label, c->alg, c->op, c->size);
}

void
cs_res_cell_name(const cs_res_file *f, const cs_res_cell *c, size_t file, size_t n_files,
		 char *name, size_t n)
{
	char label[CS_RES_LABEL_MAX], prefix[64] = "";
	cs_res_row_label(c, label, sizeof label);
	/* a file of several tables (an import of a post with two machines):
	   each table's cells are named apart, as its own source */
	bool tables = f && f->n_sources > 1;
	if (n_files > 1 && tables)
		snprintf(prefix, sizeof prefix, "[%zu.t%zu] ", file + 1, c->source + 1);
	else if (n_files > 1)
		snprintf(prefix, sizeof prefix, "[%zu] ", file + 1);
	else if (tables)
		snprintf(prefix, sizeof prefix, "[t%zu] ", c->source + 1);
	snprintf(name, n, "%s%s %s %s %lld", prefix, label, c->alg, c->op, c->size);
}
