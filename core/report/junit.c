/* compare as JUnit XML (the Ant/Surefire shape CI test tabs read: testsuites >
   testsuite > testcase, with <failure> for what --fail-on fails on and
   <skipped> for cells that could not be compared). */
#include <stdio.h>
#include <string.h>

#include "escape.h"
#include "verdict.h"

/* The first failing reason of a cell under --fail-on, as kind + message; false if none. */
static bool
failure(const cs_comparison *c, const cs_cell_cmp *x, const char **kind, char *msg, size_t n)
{
	unsigned on = c->opts.fail_on;
	if ((on & (1u << CS_FLAG_MISSING)) && x->base && !x->cur) {
		*kind = "missing";
		snprintf(msg, n, "missing in NEW");
	} else if ((on & (1u << CS_FLAG_STATUS)) && x->status_changed) {
		*kind = "status";
		snprintf(msg, n, "ok -> %s%s%.300s", x->cur->status, x->cur->detail ? ": " : "",
			 x->cur->detail ? x->cur->detail : "");
	} else if ((on & (1u << CS_FLAG_HW)) && x->hw_lost) {
		*kind = "hw";
		snprintf(msg, n, "hw class lost: %s -> %s", x->hw_base, x->hw_cur);
	} else if ((on & (1u << CS_FLAG_COUNTS)) && x->count_changed) {
		*kind = "count";
		snprintf(msg, n, "count changed: %.500s (threshold %.3g%%)", x->count_what,
			 c->opts.count_threshold * 100);
	} else if ((on & (1u << CS_FLAG_SLOWER)) && x->speed == CS_SPEED_SLOWER) {
		*kind = "slower";
		snprintf(msg, n, "slower: %+.1f%% (noise %.1f%%, threshold %.3g%%%s)",
			 (x->ratio - 1) * 100, x->noise * 100, c->opts.threshold * 100,
			 x->weak ? ", weak: fewer than 3 repetitions" : "");
	} else {
		return false;
	}
	return true;
}

void
cs_compare_junit(const cs_comparison *c, FILE *f)
{
	size_t failures = 0, skipped = 0;
	char msg[1400];
	const char *kind;
	for (size_t i = 0; i < c->n_cells; i++) {
		failures += failure(c, &c->cells[i], &kind, msg, sizeof msg);
		skipped += !c->cells[i].counted && (c->cells[i].speed == CS_SPEED_NONE ||
						    c->cells[i].speed == CS_SPEED_DRIFT);
	}
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"cryptospeed "
	      "compare\">\n",
	      f);
	fprintf(f, "  <testsuite name=\"");
	cs_esc_xml(f, c->same_run ? c->opts.base_sel : c->base_name);
	fputs(" -> ", f);
	cs_esc_xml(f, c->same_run ? c->opts.cur_sel : c->cur_name);
	fprintf(f, "\" tests=\"%zu\" failures=\"%zu\" errors=\"0\" skipped=\"%zu\">\n", c->n_cells,
		failures, skipped);
	for (size_t i = 0; i < c->n_cells; i++) {
		const cs_cell_cmp *x = &c->cells[i];
		fputs("    <testcase classname=\"", f);
		cs_esc_xml(f, x->label);
		fputs("\" name=\"", f);
		cs_esc_xml(f, x->what);
		fputs("\">", f);
		if (failure(c, x, &kind, msg, sizeof msg)) {
			fprintf(f, "<failure type=\"%s\" message=\"", kind);
			cs_esc_xml(f, msg);
			fputs("\"/>", f);
		} else if (x->speed == CS_SPEED_DRIFT) {
			fputs("<skipped message=\"slower, but within the machine's drift\"/>", f);
		} else if (x->speed == CS_SPEED_NONE && !x->counted) {
			snprintf(msg, sizeof msg, "not compared: BASE %s, NEW %s",
				 x->base ? x->base->status : "absent",
				 x->cur ? x->cur->status : "absent");
			fputs("<skipped message=\"", f);
			cs_esc_xml(f, msg);
			fputs("\"/>", f);
		}
		if (x->counted) {
			snprintf(msg, sizeof msg, "insns/op %.6g -> %.6g, hw %s -> %s", x->base_ipo,
				 x->cur_ipo, x->hw_base, x->hw_cur);
			fputs("<system-out>", f);
			cs_esc_xml(f, msg);
			fputs("</system-out>", f);
		} else if (x->speed != CS_SPEED_NONE) {
			snprintf(msg, sizeof msg,
				 "NEW/BASE %.4f, noise %.1f%%, repetitions %zu/%zu, hw %s -> %s",
				 x->ratio, x->noise * 100, x->n_base, x->n_cur, x->hw_base,
				 x->hw_cur);
			fputs("<system-out>", f);
			cs_esc_xml(f, msg);
			fputs("</system-out>", f);
		}
		fputs("</testcase>\n", f);
	}
	fputs("  </testsuite>\n</testsuites>\n", f);
}
