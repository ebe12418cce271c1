/* The `openssl speed` layout, so our numbers sit next to the tables users
   already publish: 1000s of bytes per second, one line per lib/path alg op. */
#include <stdio.h>
#include <string.h>

#include "report.h"
#include "results.h"
#include "orchestrator.h"

#define MAX_COLS 32

static void
print_line(FILE *f, json_t *cells, const char *label, const char *alg, const char *op,
	   const long long *sizes, size_t n_cols)
{
	for (size_t k = 0; k < n_cols; k++) {
		size_t i;
		json_t *c, *hit = NULL;
		json_array_foreach(cells, i, c) {
			char l[96];
			cs_row_label(c, l, sizeof l);
			if (strcmp(l, label) == 0 && cs_report_cell_is(c, alg, op) &&
			    json_integer_value(json_object_get(c, "size")) == sizes[k])
				hit = c;
		}
		const char *st = hit ? json_string_value(json_object_get(hit, "status")) : NULL;
		if (!hit)
			fprintf(f, " %12s", "-");
		else if (strcmp(st, "ok") != 0)
			fprintf(f, " %12s", cs_report_status_word(st));
		else
			fprintf(f, " %11.2fk", json_real_value(json_object_get(
				json_object_get(hit, "rate"), "median")) / 1000);
	}
	fputc('\n', f);
}

static void
block(FILE *f, json_t *cells, bool kex)
{
	long long sizes[MAX_COLS];
	size_t n_cols = 0;
	for (size_t a = 0; cs_algs[a]; a++) {
		for (int op = 0; op < CS_OP_COUNT; op++) {
			if ((cs_op_unit((cs_op)op) == CS_UNIT_OPS) != kex)
				continue;
			long long s[MAX_COLS];
			size_t n = cs_report_sizes(cells, cs_algs[a]->name, cs_op_name((cs_op)op), s,
						   MAX_COLS);
			for (size_t i = 0; i < n; i++)
				cs_report_set_add(sizes, &n_cols, MAX_COLS, s[i]);
		}
	}
	if (n_cols == 0)
		return;
	if (kex) {
		fprintf(f, "\n%-40s %12s\n", "operation", "op/s");
	} else {
		fprintf(f, "The 'numbers' are in 1000s of bytes per second processed.\n");
		fprintf(f, "%-40s", "type");
		for (size_t k = 0; k < n_cols; k++) {
			char h[32];
			snprintf(h, sizeof h, "%lld bytes", sizes[k]);
			fprintf(f, " %12s", h);
		}
		fputc('\n', f);
	}
	for (size_t a = 0; cs_algs[a]; a++) {
		for (int op = 0; op < CS_OP_COUNT; op++) {
			if ((cs_op_unit((cs_op)op) == CS_UNIT_OPS) != kex)
				continue;
			const char *opn = cs_op_name((cs_op)op);
			char seen[64][96];
			size_t n_seen = 0, i;
			json_t *c;
			json_array_foreach(cells, i, c) {
				if (!cs_report_cell_is(c, cs_algs[a]->name, opn))
					continue;
				char l[96];
				cs_row_label(c, l, sizeof l);
				bool dup = false;
				for (size_t s = 0; s < n_seen; s++)
					dup |= strcmp(seen[s], l) == 0;
				if (dup || n_seen == 64)
					continue;
				snprintf(seen[n_seen++], sizeof seen[0], "%s", l);
				char label[200];
				snprintf(label, sizeof label, "%s %s %s", l, cs_algs[a]->name, opn);
				if (kex) {
					const char *st = json_string_value(json_object_get(c, "status"));
					if (strcmp(st, "ok") == 0)
						fprintf(f, "%-40s %12.1f\n", label, json_real_value(
							json_object_get(json_object_get(c, "rate"), "median")));
					else
						fprintf(f, "%-40s %12s\n", label, cs_report_status_word(st));
				} else {
					fprintf(f, "%-40s", label);
					print_line(f, cells, l, cs_algs[a]->name, opn, sizes, n_cols);
				}
			}
		}
	}
}

void
cs_report_openssl(json_t *results, FILE *f)
{
	json_t *cells = json_object_get(results, "cells");
	block(f, cells, false);
	block(f, cells, true);
}
