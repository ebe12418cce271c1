/* Bencher Metric Format: benchmark name -> measure -> {value, lower_value,
   upper_value}. Names are "lib/path alg op size"; the bounds are the 95% CI
   of the median (over repetition medians when the run had --repeat). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <jansson.h>

#include "exports.h"

/* {value, lower_value, upper_value} of q scaled by k, or of k / q (invert:
   from ns per op to op per s, where the bounds swap). NULL without a value. */
static json_t *
metric(const cs_res_quant *q, double k, bool invert)
{
	double v = q->median, lo = q->ci_lo, hi = q->ci_hi;
	if (!(v > 0))
		return NULL;
	if (invert) {
		double l = hi > 0 ? k / hi : 0, h = lo > 0 ? k / lo : 0;
		v = k / v;
		lo = l;
		hi = h;
	} else {
		v *= k;
		lo *= k;
		hi *= k;
	}
	if (!q->has_spread || !(lo > 0) || !(hi >= lo) || !isfinite(hi) || v < lo || v > hi)
		lo = hi = v;
	return json_pack("{sf sf sf}", "value", v, "lower_value", lo, "upper_value", hi);
}

void
cs_report_bmf(const cs_res_file *const *files, size_t n, cs_view view, FILE *f)
{
	(void)view;
	json_t *out = json_object();
	for (size_t i = 0; i < n; i++) {
		for (size_t k = 0; k < files[i]->n_cells; k++) {
			const cs_res_cell *c = &files[i]->cells[k];
			if (!c->ok)
				continue;
			char name[CS_RES_LABEL_MAX + 3 * CS_RES_NAME_MAX];
			cs_res_cell_name(files[i], c, i, n, name, sizeof name);
			json_t *m = json_object(), *v;
			if (c->has_ns && (v = metric(&c->ns, 1, false)))
				json_object_set_new(m, "latency", v);
			if (c->has_ns && (v = metric(&c->ns, 1e9, true)))
				json_object_set_new(m, "throughput", v);
			else if (!c->bytes && (v = metric(&c->rate, 1, false)))
				json_object_set_new(m, "throughput", v);
			if (c->bytes && (v = metric(&c->rate, 1e-6, false)))
				json_object_set_new(m, "mb-per-second", v);
			if (c->count.present) /* run --count: exact, no bounds */
				json_object_set_new(m, "instructions",
						    json_pack("{sf sf sf}", "value",
							      c->count.insns_per_op, "lower_value",
							      c->count.insns_per_op, "upper_value",
							      c->count.insns_per_op));
			if (c->pmu_ops > 0) { /* run --pmu: a mean over the timed ops */
				json_object_set_new(
					m, "pmu-instructions",
					json_pack("{sf}", "value", c->pmu_insns_per_op));
				json_object_set_new(
					m, "pmu-cycles",
					json_pack("{sf}", "value", c->pmu_cycles_per_op));
			}
			if (json_object_size(m))
				json_object_set_new(out, name, m);
			else
				json_decref(m);
		}
	}
	json_dumpf(out, f, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
	fputc('\n', f);
	json_decref(out);
}
