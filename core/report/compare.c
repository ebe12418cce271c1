/* Two result files side by side: per cell the rate ratio new/base, a
   Mann-Whitney test on the raw samples, and any change in the hw evidence.
   The base's cells are indexed by hash (row label, alg, op, size), so the
   cost is linear in the number of cells. The summary line is what a nightly
   regression check reads. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "stats.h"

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static int
cell_key(const cs_res_cell *c, char *key, size_t n)
{
	char label[CS_RES_LABEL_MAX];
	cs_res_row_label(c, label, sizeof label);
	return snprintf(key, n, "%s\x1f%s\x1f%s\x1f%lld", label, c->alg, c->op, c->size);
}

int
cs_report_compare(const cs_res_file *base, const cs_res_file *cur, double threshold, FILE *f)
{
	size_t matched = 0, slower = 0;
	double *dev = malloc((cur->n_cells + 1) * sizeof *dev);
	cs_index idx = {0};
	char key[CS_RES_LABEL_MAX + 3 * CS_RES_NAME_MAX];
	if (!dev)
		return -1;
	for (size_t i = 0; i < base->n_cells; i++) {
		bool found;
		int len = cell_key(&base->cells[i], key, sizeof key);
		if (cs_index_put(&idx, key, (size_t)len, i, &found) == CS_INDEX_NONE) {
			free(dev);
			cs_index_free(&idx);
			return -1;
		}
	}
	/* another machine: the ratios say how the machines differ, not the builds */
	bool other_machine = strcmp(base->cpu_arch, cur->cpu_arch) != 0 ||
			     strcmp(base->cpu_model, cur->cpu_model) != 0;
	if (other_machine)
		fprintf(f, "note: base ran on %s (%s), new on %s (%s): the ratios compare machines, "
			   "not builds (cryptospeed report BASE NEW shows them side by side)\n",
			*base->cpu_model ? base->cpu_model : "?", *base->cpu_arch ? base->cpu_arch : "?",
			*cur->cpu_model ? cur->cpu_model : "?", *cur->cpu_arch ? cur->cpu_arch : "?");
	fprintf(f, "%-36s %-18s %-7s %6s %9s %9s %7s %8s  %s\n", "lib/path", "alg", "op", "size",
		"base", "new", "new/base", "p", "hw");
	for (size_t i = 0; i < cur->n_cells; i++) {
		const cs_res_cell *c = &cur->cells[i];
		int len = cell_key(c, key, sizeof key);
		size_t j = cs_index_get(&idx, key, (size_t)len);
		if (j == CS_INDEX_NONE)
			continue;
		const cs_res_cell *hit = &base->cells[j];
		if (!c->ok || !hit->ok)
			continue;
		double rb = hit->rate.median, rc = c->rate.median;
		double ratio = rc / rb, u;
		double p = hit->n_samples && c->n_samples
				   ? cs_mann_whitney(hit->samples, hit->n_samples, c->samples,
						     c->n_samples, &u)
				   : -1;
		char label[CS_RES_LABEL_MAX], hb[256], hc[256], hw[520];
		cs_res_row_label(c, label, sizeof label);
		cs_report_hw(hit, hb, sizeof hb);
		cs_report_hw(c, hc, sizeof hc);
		if (strcmp(hb, hc) != 0)
			snprintf(hw, sizeof hw, "%s -> %s", hb, hc);
		else
			snprintf(hw, sizeof hw, "%s", hc);
		bool significant = p >= 0 && p < 0.01 && fabs(ratio - 1) > threshold;
		if (significant && ratio < 1)
			slower++;
		double scale = c->bytes ? 1e6 : 1;
		fprintf(f, "%-36s %-18s %-7s %6lld %9.1f %9.1f %7.3f%s %8.2g  %s\n", label, c->alg,
			c->op, c->size, rb / scale, rc / scale, ratio,
			significant ? (ratio < 1 ? "-" : "+") : " ", p, hw);
		dev[matched++] = fabs(ratio - 1);
	}
	if (matched) {
		qsort(dev, matched, sizeof *dev, cmp_double);
		double med = matched % 2 ? dev[matched / 2]
					 : (dev[matched / 2 - 1] + dev[matched / 2]) / 2;
		fprintf(f, "\n%zu cells compared; median |new/base - 1| = %.2f%%; %zu significantly "
			   "slower (p < 0.01 and more than %.0f%%)\n",
			matched, med * 100, slower, threshold * 100);
		if (other_machine)
			fprintf(f, "(different machines: see the note above)\n");
	} else {
		fprintf(f, "\nno cells in common\n");
	}
	free(dev);
	cs_index_free(&idx);
	return (int)slower;
}
