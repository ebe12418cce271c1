/* The `openssl speed` layout, so our numbers sit next to the tables users
   already publish: 1000s of bytes per second, one line per lib/path alg op. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

static int
cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;
	return (x > y) - (x < y);
}

static void
block(FILE *f, const cs_matrix *m, bool kex)
{
	/* the union of the sized blocks' sizes: the table's columns */
	size_t n_cols = 0, cap = 0;
	for (size_t b = 0; b < m->n_blocks; b++)
		if (m->blocks[b].bytes != kex)
			cap += m->blocks[b].n_sizes;
	if (cap == 0)
		return;
	long long *sizes = malloc(cap * sizeof *sizes);
	if (!sizes)
		return;
	for (size_t b = 0; b < m->n_blocks; b++)
		if (m->blocks[b].bytes != kex)
			for (size_t k = 0; k < m->blocks[b].n_sizes; k++)
				sizes[n_cols++] = m->blocks[b].sizes[k];
	qsort(sizes, n_cols, sizeof *sizes, cmp_ll);
	size_t u = 0;
	for (size_t k = 0; k < n_cols; k++)
		if (u == 0 || sizes[u - 1] != sizes[k])
			sizes[u++] = sizes[k];
	n_cols = u;
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
	for (size_t b = 0; b < m->n_blocks; b++) {
		const cs_mblock *bl = &m->blocks[b];
		if (bl->bytes == kex)
			continue;
		for (size_t r = 0; r < bl->n_rows; r++) {
			for (size_t s = 0; s < m->n_sources; s++) {
				if (!bl->has_source[s])
					continue;
				char label[2 * CS_RES_LABEL_MAX];
				snprintf(label, sizeof label, "%s %s %s", bl->rows[r].label, bl->alg,
					 bl->op);
				fprintf(f, "%-40s", label);
				for (size_t k = 0, j = 0; k < (kex ? bl->n_sizes : n_cols); k++) {
					while (!kex && j < bl->n_sizes && bl->sizes[j] < sizes[k])
						j++;
					const cs_res_cell *c = NULL;
					if (kex || (j < bl->n_sizes && bl->sizes[j] == sizes[k]))
						c = cs_matrix_at(bl, &bl->rows[r], s, kex ? k : j);
					if (!c)
						fprintf(f, " %12s", "-");
					else if (!c->ok)
						fprintf(f, " %12s", cs_report_status_word(c->status));
					else if (kex)
						fprintf(f, " %12.1f", c->rate.median);
					else
						fprintf(f, " %11.2fk", c->rate.median / 1000);
				}
				fputc('\n', f);
			}
		}
	}
	free(sizes);
}

void
cs_report_openssl(const cs_res_file *const *files, size_t n, cs_view view, FILE *f)
{
	(void)view; /* openssl speed's own layout */
	cs_matrix m;
	if (cs_matrix_build(&m, files, n) != 0) {
		fprintf(f, "out of memory\n");
		return;
	}
	block(f, &m, false);
	block(f, &m, true);
	cs_matrix_free(&m);
}
