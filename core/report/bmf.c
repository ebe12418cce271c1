/* Bencher Metric Format: benchmark name -> measure -> {value, lower_value,
   upper_value}. Names are cell keys; the bounds are the 95% CI of the median
   (over repetition medians when the run had --repeat). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cellmap.h"
#include "exports.h"

/* {value, lower_value, upper_value} from a quantiles object (median, ci95), scaled. */
static json_t *
metric(json_t *q, double scale, int invert)
{
	json_t *ci = json_object_get(q, "ci95");
	double v = json_number_value(json_object_get(q, "median"));
	double lo = json_number_value(json_array_get(ci, 0));
	double hi = json_number_value(json_array_get(ci, 1));
	if (!(v > 0) || !isfinite(v))
		return NULL;
	if (invert) {	/* from ns per op to op per s: the bounds swap */
		v = scale / v;
		double l = hi > 0 ? scale / hi : v, h = lo > 0 ? scale / lo : v;
		lo = l;
		hi = h;
	} else {
		v *= scale;
		lo *= scale;
		hi *= scale;
	}
	if (!(lo > 0) || !(hi >= lo) || !isfinite(hi) || v < lo || v > hi)
		lo = hi = v;
	return json_pack("{sf sf sf}", "value", v, "lower_value", lo, "upper_value", hi);
}

void
cs_report_bmf(json_t *results, FILE *f)
{
	json_t *out = json_object(), *c;
	size_t i;
	json_array_foreach(json_object_get(results, "cells"), i, c) {
		const char *status = json_string_value(json_object_get(c, "status"));
		json_t *ns = json_object_get(c, "ns_per_op"), *rate = json_object_get(c, "rate");
		if (!status || strcmp(status, "ok") != 0 || !ns || !rate)
			continue;
		char key[320];
		cs_cell_key(c, key, sizeof key);
		json_t *m = json_object(), *v;
		if ((v = metric(ns, 1, 0)))
			json_object_set_new(m, "latency", v);
		if ((v = metric(ns, 1e9, 1)))
			json_object_set_new(m, "throughput", v);
		const char *unit = json_string_value(json_object_get(rate, "unit"));
		if (unit && strcmp(unit, "B/s") == 0 && (v = metric(rate, 1e-6, 0)))
			json_object_set_new(m, "mb-per-second", v);
		if (json_object_size(m))
			json_object_set_new(out, key, m);
		else
			json_decref(m);
	}
	json_dumpf(out, f, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
	fputc('\n', f);
	json_decref(out);
}
