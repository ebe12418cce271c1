/* compare: a cell's identity across files, and the comparison (verdict.c)
   as text (the terminal) and as JSON (scripts). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <jansson.h>

#include "conform.h"
#include "escape.h"
#include "report.h"
#include "verdict.h"

static const char *
speed_name(cs_speed s)
{
	static const char *const names[] = {"same", "slower", "faster", "drift", "not compared"};
	return names[s];
}

/* "1234.5 MB/s" or "31734 op/s" */
static void
rate_text(double v, const char *unit, char *buf, size_t n)
{
	if (strcmp(unit, "op/s") == 0)
		snprintf(buf, n, "%.0f op/s", v);
	else
		snprintf(buf, n, "%.1f MB/s", v / 1e6);
}

static void
heading(const cs_comparison *c, FILE *f)
{
	const cs_compare_opts *o = &c->opts;
	if (c->same_run)
		fprintf(f, "compare %s (BASE) -> %s (NEW) in one run of '%s'\n",
			cs_esc_term(o->base_sel), cs_esc_term(o->cur_sel),
			cs_esc_term(c->base_name));
	else
		fprintf(f, "compare BASE '%s' -> NEW '%s'\n", cs_esc_term(c->base_name),
			cs_esc_term(c->cur_name));
	if (c->counting) {
		fprintf(f,
			"%zu cells compared on instruction counts; threshold %.3g%% "
			"(--count-threshold); exact counts: no statistics, no drift reference\n",
			c->counted, o->count_threshold * 100);
		if (c->compared)
			fprintf(f, "%zu timed cells compared; threshold %.3g%%\n", c->compared,
				o->threshold * 100);
		return;
	}
	size_t weak = 0;
	for (size_t i = 0; i < c->n_cells; i++)
		weak += c->cells[i].speed != CS_SPEED_NONE && c->cells[i].weak;
	fprintf(f, "%zu cells compared; threshold %.3g%%; %s\n", c->compared, o->threshold * 100,
		weak ? "WEAK verdicts: fewer than 3 repetitions on a side (run --repeat 5): "
		       "effect and noise only, no test"
		     : "verdicts from repetitions: bootstrap 95% CI of the ratio of medians, "
		       "effect and noise");
	if (c->same_run)
		fprintf(f, "drift: none (one interleaved run)\n");
	else if (!c->drift_ref[0])
		fprintf(f, "drift: no reference cell in both files (noop/noop or openssl/evp "
			   "sha256 digest 8192)\n");
	else
		fprintf(f, "drift: reference %s NEW/BASE %.3f (%+.1f%%)%s\n",
			cs_esc_term(c->drift_ref), c->drift, (c->drift - 1) * 100,
			c->inconclusive ? ": the machine drifted more than the threshold, speed "
					  "verdicts are inconclusive"
					: "");
}

static void
section(const char *title, size_t n, FILE *f)
{
	fprintf(f, "\n%s (%zu)%s\n", title, n, n ? ":" : "");
}

void
cs_compare_text(const cs_comparison *c, FILE *f)
{
	heading(c, f);
	static const struct {
		cs_speed speed;
		const char *title;
	} speeds[] = {{CS_SPEED_SLOWER, "slower"},
		      {CS_SPEED_FASTER, "faster"},
		      {CS_SPEED_DRIFT, "slower but within the drift (inconclusive)"}};
	for (size_t s = 0; s < sizeof speeds / sizeof speeds[0]; s++) {
		size_t n = 0;
		for (size_t i = 0; i < c->n_cells; i++)
			n += c->cells[i].speed == speeds[s].speed;
		if ((speeds[s].speed == CS_SPEED_DRIFT || (c->counting && !c->compared)) && n == 0)
			continue;
		section(speeds[s].title, n, f);
		for (size_t i = 0; i < c->n_cells; i++) {
			const cs_cell_cmp *x = &c->cells[i];
			if (x->speed != speeds[s].speed)
				continue;
			char rb[48], rc[48], ci[64] = "";
			rate_text(x->base_rate, x->unit, rb, sizeof rb);
			rate_text(x->cur_rate, x->unit, rc, sizeof rc);
			if (!x->weak)
				snprintf(ci, sizeof ci, " CI [%.3f, %.3f]", x->ci_lo, x->ci_hi);
			fprintf(f,
				"  %-36s %-26s %12s -> %12s  %+6.1f%%%s  noise %.1f%%  reps "
				"%zu/%zu%s\n",
				cs_esc_term(x->label), cs_esc_term(x->what), rb, rc,
				(x->ratio - 1) * 100, ci, x->noise * 100, x->n_base, x->n_cur,
				x->weak	    ? " (weak)"
				: x->paired ? " (paired)"
					    : "");
		}
	}
	if (c->counting) {
		section("count changed", c->count[CS_FLAG_COUNTS], f);
		for (size_t i = 0; i < c->n_cells; i++) {
			const cs_cell_cmp *x = &c->cells[i];
			if (x->count_changed)
				fprintf(f, "  %-36s %-26s %s\n", cs_esc_term(x->label),
					cs_esc_term(x->what), cs_esc_term(x->count_what));
		}
	}
	size_t lost = 0, gained = 0;
	for (size_t i = 0; i < c->n_cells; i++) {
		lost += c->cells[i].hw_lost;
		gained += c->cells[i].hw_gained && !c->cells[i].hw_lost;
	}
	for (int pass = 0; pass < 2; pass++) {
		section(pass ? "hw class gained" : "hw class lost", pass ? gained : lost, f);
		for (size_t i = 0; i < c->n_cells; i++) {
			const cs_cell_cmp *x = &c->cells[i];
			if (pass ? x->hw_gained && !x->hw_lost : x->hw_lost)
				fprintf(f, "  %-36s %-26s %s -> %s\n", cs_esc_term(x->label),
					cs_esc_term(x->what), cs_esc_term(x->hw_base),
					cs_esc_term(x->hw_cur));
		}
	}
	section("status changed (ok -> other)", c->count[CS_FLAG_STATUS], f);
	for (size_t i = 0; i < c->n_cells; i++) {
		const cs_cell_cmp *x = &c->cells[i];
		if (x->status_changed)
			fprintf(f, "  %-36s %-26s ok -> %s%s%s\n", cs_esc_term(x->label),
				cs_esc_term(x->what), cs_esc_term(x->cur ? x->cur->status : "?"),
				x->cur && x->cur->detail ? ": " : "",
				cs_esc_term(x->cur && x->cur->detail ? x->cur->detail : ""));
	}
	section("missing in NEW", c->count[CS_FLAG_MISSING], f);
	for (size_t i = 0; i < c->n_cells; i++)
		if (c->cells[i].base && !c->cells[i].cur)
			fprintf(f, "  %-36s %s\n", cs_esc_term(c->cells[i].label),
				cs_esc_term(c->cells[i].what));
	section("new in NEW", c->new_cells, f);
	for (size_t i = 0; i < c->n_cells; i++)
		if (!c->cells[i].base)
			fprintf(f, "  %-36s %s\n", cs_esc_term(c->cells[i].label),
				cs_esc_term(c->cells[i].what));
	if (!c->same_run) {
		section("library version or build changed", c->n_libs, f);
		for (size_t i = 0; i < c->n_libs; i++)
			fprintf(f, "  %-16s '%s' -> '%s'\n", cs_esc_term(c->libs[i].name),
				cs_esc_term(c->libs[i].base[0] ? c->libs[i].base : "(absent)"),
				cs_esc_term(c->libs[i].cur[0] ? c->libs[i].cur : "(absent)"));
		fprintf(f, "\nhost, CPU or kernel changed: %s\n",
			cs_esc_term(c->host_changes[0] ? c->host_changes : "no"));
	}
	cs_conform_diff_text(c->conform, f);
	fprintf(f, "\nverdict: ");
	if (c->status == 1) {
		fprintf(f, "FAIL (exit 1):");
		for (int k = 0; k < CS_FLAG_COUNT; k++)
			if ((c->opts.fail_on & (1u << k)) && c->count[k])
				fprintf(f, " %zu %s", c->count[k], cs_flag_name((cs_flag)k));
		fputc('\n', f);
	} else if (c->status == 5) {
		fprintf(f,
			"INCONCLUSIVE (exit 5): the reference cell moved %+.1f%% (threshold "
			"%.3g%%); rerun, or compare within one run (--base/--new)\n",
			(c->drift - 1) * 100, c->opts.threshold * 100);
	} else {
		fprintf(f, "ok (exit 0)");
		for (int k = 0; k < CS_FLAG_COUNT; k++)
			if (c->count[k])
				fprintf(f, "; %zu %s not failing (--fail-on)", c->count[k],
					cs_flag_name((cs_flag)k));
		fputc('\n', f);
	}
}

void
cs_compare_json(const cs_comparison *c, FILE *f)
{
	json_t *cells = json_array(), *counts = json_object(), *libs = json_array();
	for (int k = 0; k < CS_FLAG_COUNT; k++)
		if (k == CS_FLAG_CONFORMANCE && !(c->conform && c->conform->compared))
			json_object_set_new(counts, cs_flag_name((cs_flag)k),
					    json_null()); /* not compared: no count, not 0 */
		else if (k != CS_FLAG_COUNTS || c->counting)
			json_object_set_new(counts, cs_flag_name((cs_flag)k),
					    json_integer((json_int_t)c->count[k]));
	json_object_set_new(counts, "faster", json_integer((json_int_t)c->faster));
	json_object_set_new(counts, "new", json_integer((json_int_t)c->new_cells));
	json_object_set_new(counts, "drift", json_integer((json_int_t)c->drift_cells));
	for (size_t i = 0; i < c->n_cells; i++) {
		const cs_cell_cmp *x = &c->cells[i];
		json_t *e = json_pack("{ss ss ss ss ss}", "label", x->label, "what", x->what,
				      "status_base", x->base ? x->base->status : "absent",
				      "status_new", x->cur ? x->cur->status : "absent", "speed",
				      speed_name(x->speed));
		if (x->speed != CS_SPEED_NONE) {
			json_object_set_new(e, "base_rate", json_real(x->base_rate));
			json_object_set_new(e, "new_rate", json_real(x->cur_rate));
			json_object_set_new(e, "unit", json_string(x->unit));
			json_object_set_new(e, "ratio", json_real(x->ratio));
			json_object_set_new(e, "noise", json_real(x->noise));
			json_object_set_new(
				e, "repetitions",
				json_pack("[II]", (json_int_t)x->n_base, (json_int_t)x->n_cur));
			json_object_set_new(e, "weak", json_boolean(x->weak));
			json_object_set_new(e, "paired", json_boolean(x->paired));
			if (!x->weak && x->ci_hi > 0)
				json_object_set_new(e, "ratio_ci95",
						    json_pack("[ff]", x->ci_lo, x->ci_hi));
		}
		if (x->counted)
			json_object_set_new(e, "count",
					    json_pack("{sf sf sb ss}", "base_insns_per_op",
						      x->base_ipo, "new_insns_per_op", x->cur_ipo,
						      "changed", x->count_changed, "what",
						      x->count_what));
		if (x->base && x->cur)
			json_object_set_new(e, "hw",
					    json_pack("{ss ss sb sb}", "base", x->hw_base, "new",
						      x->hw_cur, "lost", x->hw_lost, "gained",
						      x->hw_gained));
		json_array_append_new(cells, e);
	}
	for (size_t i = 0; i < c->n_libs; i++)
		json_array_append_new(libs, json_pack("{ss ss ss}", "name", c->libs[i].name, "base",
						      c->libs[i].base, "new", c->libs[i].cur));
	json_t *out = json_pack(
		"{ss ss ss si sb sf so so so ss}", "schema", "cryptospeed-compare/1", "base",
		c->same_run ? c->opts.base_sel : c->base_name, "new",
		c->same_run ? c->opts.cur_sel : c->cur_name, "status", c->status, "same_run",
		c->same_run, "threshold", c->opts.threshold, "counts", counts, "libraries_changed",
		libs, "cells", cells, "host_changes", c->host_changes);
	json_object_set_new(out, "drift",
			    c->drift_ref[0]
				    ? json_pack("{ss sf sb}", "reference", c->drift_ref, "ratio",
						c->drift, "inconclusive", c->inconclusive)
				    : json_null());
	json_object_set_new(out, "conformance", cs_conform_diff_json(c->conform));
	json_dumpf(out, f, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
	fputc('\n', f);
	json_decref(out);
}
