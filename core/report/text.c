/* The terminal matrix: a block per algorithm and operation, rows lib/path[/mask],
   columns sizes, MB/s (10^6 B/s) or op/s, a hw column from evidence. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "results.h"
#include "orchestrator.h"

#define MAX_ROWS 256
#define MAX_COLS 32

bool
cs_report_cell_is(json_t *cell, const char *alg, const char *op)
{
	const char *a = json_string_value(json_object_get(cell, "alg"));
	const char *o = json_string_value(json_object_get(cell, "op"));
	return a && o && strcmp(a, alg) == 0 && strcmp(o, op) == 0;
}

void
cs_report_set_add(long long *out, size_t *n, size_t max, long long v)
{
	size_t k = 0;
	while (k < *n && out[k] < v)
		k++;
	if ((k < *n && out[k] == v) || *n == max)
		return;
	memmove(out + k + 1, out + k, (*n - k) * sizeof *out);
	out[k] = v;
	(*n)++;
}

size_t
cs_report_sizes(json_t *cells, const char *alg, const char *op, long long *out, size_t max)
{
	size_t n = 0, i;
	json_t *c;
	json_array_foreach(cells, i, c)
		if (cs_report_cell_is(c, alg, op))
			cs_report_set_add(out, &n, max, json_integer_value(json_object_get(c, "size")));
	return n;
}

void
cs_report_hw(json_t *cell, char *buf, size_t n)
{
	json_t *ev = json_object_get(cell, "evidence");
	buf[0] = '\0';
	if (!ev) {
		snprintf(buf, n, "-");
		return;
	}
	if (!json_is_true(json_object_get(ev, "available"))) {
		snprintf(buf, n, "unavailable");
		return;
	}
	json_t *classes = json_object_get(ev, "classes");
	const char *name;
	json_t *share;
	size_t used = 0;
	/* classes making up at least 10% of in-library samples; scalar only alone */
	json_object_foreach(classes, name, share) {
		if (json_real_value(share) < 0.10 || strcmp(name, "scalar") == 0)
			continue;
		int w = snprintf(buf + used, n - used, "%s%s", used ? "+" : "", name);
		if (w < 0 || (size_t)w >= n - used)
			break;
		used += (size_t)w;
	}
	if (!used)
		snprintf(buf, n, "%s", json_object_size(classes) ? "scalar" : "no samples");
}

const char *
cs_report_status_word(const char *status)
{
	if (!status || !*status)
		return "?";
	if (strcmp(status, "unsupported") == 0)
		return "n/a";
	if (strcmp(status, "crashed") == 0)
		return "crash";
	return status; /* wrong, timeout, error */
}

static void
format_number(double v, char *buf, size_t n)
{
	if (v >= 10000)
		snprintf(buf, n, "%.0f", v);
	else if (v >= 100)
		snprintf(buf, n, "%.1f", v);
	else if (v >= 1)
		snprintf(buf, n, "%.2f", v);
	else
		snprintf(buf, n, "%.3f", v);
}

typedef struct row {
	char label[96];
	json_t *cells[MAX_COLS]; /* by column */
	json_t *any;
} row;

static bool
all_noop(row *rows, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const char *lib = json_string_value(json_object_get(rows[i].any, "lib"));
		if (!lib || strcmp(lib, "noop") != 0)
			return false;
	}
	return n > 0;
}

static void
cell_text(json_t *c, bool kex, bool ns_unit, double precision, char *buf, size_t n, int *marks)
{
	const char *status = json_string_value(json_object_get(c, "status"));
	if (!status || strcmp(status, "ok") != 0) {
		snprintf(buf, n, "%s", cs_report_status_word(status));
		return;
	}
	double v;
	if (ns_unit)
		v = json_real_value(json_object_get(json_object_get(c, "ns_per_op"), "median"));
	else
		v = json_real_value(json_object_get(json_object_get(c, "rate"), "median")) /
		    (kex ? 1 : 1e6);
	char num[32];
	format_number(v, num, sizeof num);
	double rel = json_real_value(json_object_get(c, "ci95_rel"));
	json_t *agree = json_object_get(c, "agree");
	const char *flag = json_is_false(agree) ? "!" : "";
	if (json_is_false(agree))
		*marks |= 1;
	if (rel > precision && isfinite(rel))
		snprintf(buf, n, "%s%s±%.0f%%", num, flag, rel * 100 < 1 ? 1 : rel * 100);
	else
		snprintf(buf, n, "%s%s", num, flag);
}

/* Display width of UTF-8 text (the ± sign is two bytes, one column). */
static int
width(const char *s)
{
	int w = 0;
	for (; *s; s++)
		w += ((unsigned char)*s & 0xc0) != 0x80;
	return w;
}

static void
pad_print(FILE *f, const char *s, int w)
{
	for (int i = width(s); i < w; i++)
		fputc(' ', f);
	fputs(s, f);
}

static void
print_block(FILE *f, json_t *cells, const char *alg, const char *op, bool kex, double precision,
	    int *marks)
{
	long long sizes[MAX_COLS];
	size_t n_cols = kex ? 1 : cs_report_sizes(cells, alg, op, sizes, MAX_COLS);
	if (kex)
		sizes[0] = 0;
	static row rows[MAX_ROWS];
	size_t n_rows = 0, i;
	json_t *c;
	json_array_foreach(cells, i, c) {
		if (!cs_report_cell_is(c, alg, op))
			continue;
		char label[96];
		cs_row_label(c, label, sizeof label);
		size_t r = 0;
		while (r < n_rows && strcmp(rows[r].label, label) != 0)
			r++;
		if (r == n_rows) {
			if (n_rows == MAX_ROWS)
				continue;
			memset(&rows[r], 0, sizeof rows[r]);
			snprintf(rows[r].label, sizeof rows[r].label, "%s", label);
			rows[r].any = c;
			n_rows++;
		}
		long long size = json_integer_value(json_object_get(c, "size"));
		for (size_t k = 0; k < n_cols; k++)
			if (sizes[k] == size)
				rows[r].cells[k] = c;
		const char *st = json_string_value(json_object_get(c, "status"));
		if (st && strcmp(st, "ok") == 0 && json_object_get(c, "evidence"))
			rows[r].any = c;
	}
	if (n_rows == 0)
		return;
	bool ns_unit = all_noop(rows, n_rows);
	int lw = 8;
	for (size_t r = 0; r < n_rows; r++)
		if ((int)strlen(rows[r].label) > lw)
			lw = (int)strlen(rows[r].label);
	fprintf(f, "\n%s %s  (%s)\n", alg, op,
		ns_unit ? "ns per operation: the harness's own cost"
		: kex ? "operations per second" : "MB/s = 10^6 bytes per second");
	fprintf(f, "%-*s", lw, "lib/path");
	char head[32];
	for (size_t k = 0; k < n_cols; k++) {
		if (kex)
			snprintf(head, sizeof head, "%s", ns_unit ? "ns/op" : "op/s");
		else
			snprintf(head, sizeof head, "%lld B", sizes[k]);
		pad_print(f, head, 13);
	}
	fprintf(f, "  hw\n");
	for (size_t r = 0; r < n_rows; r++) {
		fprintf(f, "%-*s", lw, rows[r].label);
		for (size_t k = 0; k < n_cols; k++) {
			char text[48] = "-";
			if (rows[r].cells[k])
				cell_text(rows[r].cells[k], kex, ns_unit, precision, text, sizeof text,
					  marks);
			pad_print(f, text, 13);
		}
		char hw[96];
		cs_report_hw(rows[r].any, hw, sizeof hw);
		fprintf(f, "  %s\n", hw);
	}
}

void
cs_report_text(json_t *results, FILE *f)
{
	json_t *cells = json_object_get(results, "cells");
	json_t *host = json_object_get(results, "host");
	json_t *cpu = json_object_get(host, "cpu");
	json_t *cfg = json_object_get(results, "config");
	double precision = json_real_value(json_object_get(cfg, "precision"));
	fprintf(f, "cryptospeed %s on %s (%s, %lld CPUs)\n",
		json_string_value(json_object_get(json_object_get(results, "tool"), "version")),
		json_string_value(json_object_get(cpu, "model")),
		json_string_value(json_object_get(cpu, "arch")),
		(long long)json_integer_value(json_object_get(cpu, "cpus")));
	json_t *libs = json_object_get(results, "libraries"), *l;
	size_t i;
	json_array_foreach(libs, i, l) {
		/* each library build once (masks, variants, --multi share it), errors always */
		const char *name = json_string_value(json_object_get(l, "name"));
		const char *err = json_string_value(json_object_get(l, "error"));
		if (!err)
			err = json_string_value(json_object_get(l, "init_error"));
		bool seen = false;
		size_t j;
		json_t *m;
		json_array_foreach(libs, j, m) {
			if (j >= i)
				break;
			seen |= strcmp(json_string_value(json_object_get(m, "name")), name) == 0;
		}
		if (seen && !err)
			continue;
		fprintf(f, "  %-16s %s\n", name,
			err ? err : json_string_value(json_object_get(l, "version")));
	}
	int marks = 0;
	for (size_t a = 0; cs_algs[a]; a++)
		for (int op = 0; op < CS_OP_COUNT; op++)
			if (cs_algs[a]->ops & CS_OPBIT(op))
				print_block(f, cells, cs_algs[a]->name, cs_op_name((cs_op)op),
					    cs_op_unit((cs_op)op) == CS_UNIT_OPS, precision, &marks);
	fprintf(f, "\nmedian of timed batches; ±N%%: the 95%% confidence interval of the median is "
		   "wider than the %.0f%% target.\n", precision * 100);
	fprintf(f, "n/a: this library/path has no such call; wrong: failed its known-answer "
		   "vectors, not timed.\n");
	if (marks)
		fprintf(f, "!: this cell's output disagrees with the other libraries on the same "
			   "input.\n");
	if (json_is_true(json_object_get(results, "interrupted")))
		fprintf(f, "interrupted: the numbers above are what was measured before the signal.\n");
}
