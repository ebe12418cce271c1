/* compare as GitHub-flavoured Markdown: a verdict line and a table of kinds,
   then one table per non-empty section, for $GITHUB_STEP_SUMMARY or a PR
   comment. Long sections end with a line saying how many rows were left out. */
#include <stdio.h>
#include <string.h>

#include "conform.h"
#include "escape.h"
#include "verdict.h"

#define MAX_ROWS 50

static void
rate(FILE *f, double v, const char *unit)
{
	if (strcmp(unit, "op/s") == 0)
		fprintf(f, "%.0f op/s", v);
	else
		fprintf(f, "%.1f MB/s", v / 1e6);
}

typedef bool row_fn(const cs_cell_cmp *x);

static bool
is_slower(const cs_cell_cmp *x)
{
	return x->speed == CS_SPEED_SLOWER;
}
static bool
is_faster(const cs_cell_cmp *x)
{
	return x->speed == CS_SPEED_FASTER;
}
static bool
is_drift(const cs_cell_cmp *x)
{
	return x->speed == CS_SPEED_DRIFT;
}
static bool
is_hw_lost(const cs_cell_cmp *x)
{
	return x->hw_lost;
}
static bool
is_hw_gained(const cs_cell_cmp *x)
{
	return x->hw_gained && !x->hw_lost;
}
static bool
is_status(const cs_cell_cmp *x)
{
	return x->status_changed;
}
static bool
is_missing(const cs_cell_cmp *x)
{
	return x->base && !x->cur;
}
static bool
is_count(const cs_cell_cmp *x)
{
	return x->count_changed;
}
static bool
is_new(const cs_cell_cmp *x)
{
	return !x->base;
}

static void
table(const cs_comparison *c, FILE *f, const char *title, row_fn *want, int kind)
{
	size_t n = 0, shown = 0;
	for (size_t i = 0; i < c->n_cells; i++)
		n += want(&c->cells[i]);
	if (n == 0)
		return;
	fprintf(f, "\n#### %s (%zu)\n\n", title, n);
	if (kind == 0)
		fputs("| cell | BASE | NEW | change | noise | repetitions "
		      "|\n|---|---:|---:|---:|---:|---|\n",
		      f);
	else if (kind == 1)
		fputs("| cell | BASE hw | NEW hw |\n|---|---|---|\n", f);
	else if (kind == 2)
		fputs("| cell | NEW status |\n|---|---|\n", f);
	else if (kind == 3)
		fputs("| cell | change (per op) |\n|---|---|\n", f);
	else
		fputs("| cell |\n|---|\n", f);
	for (size_t i = 0; i < c->n_cells && shown < MAX_ROWS; i++) {
		const cs_cell_cmp *x = &c->cells[i];
		if (!want(x))
			continue;
		shown++;
		fputs("| ", f);
		cs_esc_md(f, x->label);
		fputs(" ", f);
		cs_esc_md(f, x->what);
		fputs(" |", f);
		if (kind == 0) {
			fputc(' ', f);
			rate(f, x->base_rate, x->unit);
			fputs(" | ", f);
			rate(f, x->cur_rate, x->unit);
			fprintf(f, " | %+.1f%% | %.1f%% | %zu / %zu%s |", (x->ratio - 1) * 100,
				x->noise * 100, x->n_base, x->n_cur, x->weak ? " (weak)" : "");
		} else if (kind == 1) {
			fputc(' ', f);
			cs_esc_md(f, x->hw_base);
			fputs(" | ", f);
			cs_esc_md(f, x->hw_cur);
			fputs(" |", f);
		} else if (kind == 2) {
			fputc(' ', f);
			cs_esc_md(f, x->cur->status);
			if (x->cur->detail) {
				fputs(": ", f);
				cs_esc_md(f, x->cur->detail);
			}
			fputs(" |", f);
		} else if (kind == 3) {
			fputc(' ', f);
			cs_esc_md(f, x->count_what);
			fputs(" |", f);
		}
		fputc('\n', f);
	}
	if (shown < n)
		fprintf(f, "\n%zu more rows not shown here: see the JSON or text report.\n",
			n - shown);
}

void
cs_compare_markdown(const cs_comparison *c, FILE *f)
{
	const char *verdict = c->status == 1   ? "**FAIL**: regressions flagged"
			      : c->status == 5 ? "**INCONCLUSIVE**: the machine drifted"
					       : "**OK**: no regression";
	fprintf(f, "### cryptospeed compare: %s\n\n", verdict);
	if (c->same_run) {
		cs_esc_md(f, c->opts.base_sel);
		fputs(" (BASE) vs ", f);
		cs_esc_md(f, c->opts.cur_sel);
		fputs(" (NEW), one interleaved run of ", f);
		cs_esc_md(f, c->base_name);
		fputs(". ", f);
	} else {
		fputs("BASE ", f);
		cs_esc_md(f, c->base_name);
		fputs(" vs NEW ", f);
		cs_esc_md(f, c->cur_name);
		fputs(". ", f);
	}
	if (c->counting) {
		fprintf(f,
			"%zu cells compared on instruction counts, threshold %.3g%% "
			"(--count-threshold): exact counts, no statistics, no drift.",
			c->counted, c->opts.count_threshold * 100);
		if (c->compared)
			fprintf(f, " %zu timed cells compared, threshold %.3g%%.", c->compared,
				c->opts.threshold * 100);
	} else
		fprintf(f, "%zu cells compared, threshold %.3g%%.", c->compared,
			c->opts.threshold * 100);
	if (c->drift_ref[0]) {
		fputs(" Drift (reference ", f);
		cs_esc_md(f, c->drift_ref);
		fprintf(f, "): %+.1f%%%s.", (c->drift - 1) * 100,
			c->inconclusive ? ", beyond the threshold" : "");
	}
	fputs("\n\n| kind | cells | fails the job |\n|---|---:|---|\n", f);
	bool conform_compared = c->conform && c->conform->compared;
	for (int k = 0; k < CS_FLAG_COUNT; k++)
		if (k == CS_FLAG_CONFORMANCE && !conform_compared)
			fprintf(f, "| %s | not compared | %s |\n", cs_flag_name((cs_flag)k),
				c->opts.fail_on & (1u << k) ? "yes" : "no");
		else if (k != CS_FLAG_COUNTS || c->counting)
			fprintf(f, "| %s | %zu | %s |\n", cs_flag_name((cs_flag)k), c->count[k],
				c->opts.fail_on & (1u << k) ? "yes" : "no");
	fprintf(f, "| faster | %zu | no |\n| new in NEW | %zu | no |\n", c->faster, c->new_cells);
	if (c->drift_cells)
		fprintf(f, "| slower within drift | %zu | no (exit 5) |\n", c->drift_cells);
	table(c, f, "Slower", is_slower, 0);
	table(c, f, "Count changed", is_count, 3);
	table(c, f, "hw class lost", is_hw_lost, 1);
	table(c, f, "Status changed (ok -> other)", is_status, 2);
	table(c, f, "Missing in NEW", is_missing, 3);
	table(c, f, "Slower, within the machine's drift", is_drift, 0);
	table(c, f, "Faster", is_faster, 0);
	table(c, f, "hw class gained", is_hw_gained, 1);
	table(c, f, "New in NEW", is_new, 3);
	if (conform_compared && c->conform->n) {
		fputs("\n#### Conformance: test vectors failing in NEW, not in BASE (and fixed)\n\n"
		      "| row | outcome | tcId | |\n|---|---|---:|---|\n",
		      f);
		for (size_t i = 0; i < c->conform->n; i++) {
			const cs_conform_finding *x = &c->conform->f[i];
			fputs("| ", f);
			cs_esc_md(f, x->row);
			fputs(" | ", f);
			cs_esc_md(f, x->kind);
			if (x->tc >= 0)
				fprintf(f, " | %lld", x->tc);
			else
				fputs(" | ", f);
			fputs(x->fixed ? " | fixed |\n" : " | finding |\n", f);
		}
	}
	if (c->n_libs) {
		fputs("\n#### Library version or build changed\n\n| library | BASE | NEW "
		      "|\n|---|---|---|\n",
		      f);
		for (size_t i = 0; i < c->n_libs; i++) {
			fputs("| ", f);
			cs_esc_md(f, c->libs[i].name);
			fputs(" | ", f);
			cs_esc_md(f, c->libs[i].base[0] ? c->libs[i].base : "(absent)");
			fputs(" | ", f);
			cs_esc_md(f, c->libs[i].cur[0] ? c->libs[i].cur : "(absent)");
			fputs(" |\n", f);
		}
	}
	if (c->host_changes[0]) {
		fputs("\n#### Host, CPU or kernel changed\n\n", f);
		cs_esc_md(f, c->host_changes);
		fputc('\n', f);
	}
}
