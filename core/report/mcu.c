/* report --view mcu: per MCU board, per library build, the figures that
   decide a microcontroller's library in one table (cycles per op and per
   byte, microseconds at the board's clock, stack and heap), then one verdict
   line per question (docs/mcu.md "The MCU view"). */
#include "board.h"
#include "mcu.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "report.h"

typedef enum { TEXT, MARKDOWN, CSV, HTML } mcu_fmt;

static const char *const cols[] = {"board",	"lib/path", "alg",   "op",	"size",	  "status",
				   "cycles/op", "cycles/B", "us/op", "stack B", "heap B", NULL};

bool
cs_mcu_file(const cs_res_file *r)
{
	if (!r->counting.present)
		return false;
	for (size_t i = 0; i < r->n_cells; i++)
		if (r->cells[i].count.present && r->cells[i].count.cycles > 0)
			return true;
	return false;
}

/* One text field. */
static void
field(FILE *f, mcu_fmt g, size_t k, const char *s, int width)
{
	switch (g) {
	case TEXT: fprintf(f, "%s%-*s", k ? " " : "", width, cs_esc_term(s)); break;
	case MARKDOWN:
		fputs(k ? " | " : "| ", f);
		cs_esc_md(f, s);
		break;
	case CSV:
		fputs(k ? "," : "", f);
		cs_esc_csv(f, s);
		break;
	case HTML:
		fputs(k ? "<td>" : "<tr><td>", f);
		cs_esc_xml(f, s);
		fputs("</td>", f);
		break;
	}
}

static void
row_end(FILE *f, mcu_fmt g)
{
	fputs(g == MARKDOWN ? " |\n" : g == HTML ? "</tr>\n" : "\n", f);
}

static const int widths[] = {10, 34, 18, 9, 6, 11, 12, 9, 10, 8, 8};

static void
header(FILE *f, mcu_fmt g)
{
	if (g == HTML)
		fputs("<table>\n<tr>", f);
	for (size_t k = 0; cols[k]; k++) {
		if (g == HTML) {
			fprintf(f, "<th>%s</th>", cols[k]);
			continue;
		}
		field(f, g, k, cols[k], widths[k]);
	}
	row_end(f, g);
	if (g == MARKDOWN) {
		for (size_t k = 0; cols[k]; k++)
			fputs(k ? "---|" : "|---|", f);
		fputc('\n', f);
	}
}

static double
cycles_per_op(const cs_res_cell *c)
{
	return c->count.ops > 0 ? (double)c->count.cycles / (double)c->count.ops : 0;
}

static void
row(FILE *f, mcu_fmt g, const char *board, const cs_res_cell *c, unsigned clock_mhz)
{
	char label[CS_RES_LABEL_MAX], size[24], cyc[32] = "", cpb[32] = "", us[32] = "",
						stack[24] = "", heap[24] = "";
	cs_res_row_label(c, label, sizeof label);
	snprintf(size, sizeof size, "%lld", c->size);
	bool ok = strcmp(c->status, "ok") == 0 && c->count.present && c->count.cycles > 0;
	if (ok) {
		double cpo = cycles_per_op(c);
		cs_report_number(cpo, cyc, sizeof cyc);
		if (c->size > 0)
			cs_report_number(cpo / (double)c->size, cpb, sizeof cpb);
		if (clock_mhz)
			cs_report_number(cpo / clock_mhz, us, sizeof us);
		snprintf(stack, sizeof stack, "%lld", c->count.stack);
		snprintf(heap, sizeof heap, "%lld", c->count.heap);
	}
	const char *v[] = {board, label, c->alg, c->op, size, c->status, cyc, cpb, us, stack, heap};
	for (size_t k = 0; k < sizeof v / sizeof v[0]; k++)
		field(f, g, k, g == TEXT && !*v[k] && k >= 6 ? "-" : v[k], widths[k]);
	row_end(f, g);
}

/* The board's name as a reader knows it: the counting object's board text
   up to its first comma ("STM32F407-class Cortex-M4F at 168 MHz (...)"). */
static void
board_text(const cs_res_file *r, char *buf, size_t n)
{
	const char *b =
		r->counting.board && *r->counting.board ? r->counting.board : r->counting.profile;
	size_t len = strcspn(b ? b : "", ",(");
	while (len && b[len - 1] == ' ')
		len--;
	snprintf(buf, n, "%.*s", (int)len, b ? b : "");
}

/* Prose (a verdict line, a note) in the format's running text. */
static void
prose(FILE *f, mcu_fmt g, const char *s)
{
	if (g == CSV)
		return; /* the table is the CSV file */
	if (g == MARKDOWN)
		cs_esc_md(f, s);
	else if (g == HTML) {
		fputs("<p>", f);
		cs_esc_xml(f, s);
		fputs("</p>", f);
	} else
		fputs(cs_esc_term(s), f);
	fputc('\n', f);
}

/* The cell of r for (alg, op) at its largest size with a cycle count that
   is lowest (best) or has the least stack: the question's answer. */
static void
verdicts(FILE *f, mcu_fmt g, const cs_res_file *r, const char *board)
{
	for (size_t i = 0; i < r->n_cells; i++) {
		const cs_res_cell *q = &r->cells[i];
		if (!q->count.present || q->count.cycles <= 0)
			continue;
		/* one line per (alg, op): at the first cell of it, at its largest size */
		bool first = true;
		long long size = q->size;
		for (size_t j = 0; j < r->n_cells; j++) {
			const cs_res_cell *o = &r->cells[j];
			if (strcmp(o->alg, q->alg) != 0 || strcmp(o->op, q->op) != 0 ||
			    !o->count.present || o->count.cycles <= 0)
				continue;
			if (j < i)
				first = false;
			if (o->size > size)
				size = o->size;
		}
		if (!first)
			continue;
		const cs_res_cell *best = NULL, *second = NULL, *low = NULL;
		size_t builds = 0;
		for (size_t j = 0; j < r->n_cells; j++) {
			const cs_res_cell *o = &r->cells[j];
			if (strcmp(o->alg, q->alg) != 0 || strcmp(o->op, q->op) != 0 ||
			    o->size != size || !o->count.present || o->count.cycles <= 0 ||
			    strcmp(o->status, "ok") != 0)
				continue;
			builds++;
			if (!best || cycles_per_op(o) < cycles_per_op(best)) {
				second = best;
				best = o;
			} else if (!second || cycles_per_op(o) < cycles_per_op(second))
				second = o;
			if (!low || o->count.stack < low->count.stack)
				low = o;
		}
		if (!best)
			continue;
		char bl[CS_RES_LABEL_MAX], sl[CS_RES_LABEL_MAX], ll[CS_RES_LABEL_MAX], line[2048],
			num[32], ratio[CS_RES_LABEL_MAX + 64] = "";
		cs_res_row_label(best, bl, sizeof bl);
		cs_res_row_label(low, ll, sizeof ll);
		double cpo = cycles_per_op(best);
		cs_report_number(size > 0 ? cpo / (double)size : cpo, num, sizeof num);
		if (second) {
			cs_res_row_label(second, sl, sizeof sl);
			double x = cycles_per_op(second) / cpo;
			if (x >= 1.005)
				snprintf(ratio, sizeof ratio, ", %.2fx fewer cycles than %s", x,
					 sl);
			else
				snprintf(ratio, sizeof ratio, ", within 0.5 %% of %s", sl);
		}
		char sz[32] = "";
		if (size > 0)
			snprintf(sz, sizeof sz, " %lld B", size);
		snprintf(line, sizeof line,
			 "On %s: %s %s%s: fastest of %zu %s: %s, %s cycles/%s%s; least stack %s "
			 "(%lld B).",
			 board, q->alg, q->op, sz, builds, builds == 1 ? "build" : "builds", bl,
			 num, size > 0 ? "B" : "op", ratio, ll, low->count.stack);
		prose(f, g, line);
	}
}

int
cs_report_mcu(const cs_res_file *const *files, size_t n, const unsigned *clock_mhz,
	      const char *format, FILE *f)
{
	mcu_fmt g = strcmp(format, "markdown") == 0 ? MARKDOWN
		    : strcmp(format, "csv") == 0    ? CSV
		    : strcmp(format, "html") == 0   ? HTML
						    : TEXT;
	if (g == HTML)
		fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
		      "<title>cryptospeed: MCU boards</title></head><body>\n"
		      "<h1>MCU boards</h1>\n",
		      f);
	size_t shown = 0;
	for (size_t i = 0; i < n; i++)
		shown += cs_mcu_file(files[i]);
	if (!shown) {
		char boards[256], line[400];
		cs_board_names(boards, sizeof boards, true, false);
		snprintf(line, sizeof line,
			 "No MCU board's counting run among the files (run --count --board B, B "
			 "one of %s).",
			 boards);
		prose(f, g, line);
	}
	if (g == CSV || shown)
		header(f, g);
	for (size_t i = 0; i < n; i++) {
		if (!cs_mcu_file(files[i]))
			continue;
		for (size_t k = 0; k < files[i]->n_cells; k++)
			row(f, g, files[i]->counting.profile ? files[i]->counting.profile : "",
			    &files[i]->cells[k], clock_mhz[i]);
	}
	if (g == HTML && shown)
		fputs("</table>\n", f);
	if (g != CSV && shown)
		fputc('\n', f);
	for (size_t i = 0; i < n; i++) {
		if (!cs_mcu_file(files[i]))
			continue;
		char board[256];
		board_text(files[i], board, sizeof board);
		verdicts(f, g, files[i], board);
	}
	if (shown)
		prose(f, g,
		      "cycles: exact instruction counts under qemu-system-arm times the core's "
		      "cost table (an estimate: no flash wait states, no caches); us/op at the "
		      "board's clock; stack and heap: exact, the most one batch of operations "
		      "used. "
		      "Flash and RAM of an image: scripts/mcu_size.sh --board BOARD BUILD_DIR.");
	for (size_t i = 0; i < n; i++)
		if (!cs_mcu_file(files[i])) {
			char line[512];
			snprintf(line, sizeof line,
				 "Not an MCU board's counting run, left out: %s.",
				 files[i]->default_label);
			prose(f, g, line);
		}
	if (g == HTML)
		fputs("</body></html>\n", f);
	return 0;
}
