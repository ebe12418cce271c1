/* Two result files side by side: per cell the rate ratio new/base, a
   Mann-Whitney test on the raw samples, and any change in the hw evidence.
   The summary line is what a nightly regression check reads. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "results.h"
#include "orchestrator.h"

static const char *
str(json_t *c, const char *k)
{
	const char *s = json_string_value(json_object_get(c, k));
	return s ? s : "";
}

static bool
same_cell(json_t *a, json_t *b)
{
	static const char *const keys[] = {"lib", "path", "mask", "alg", "op"};
	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
		if (strcmp(str(a, keys[i]), str(b, keys[i])) != 0)
			return false;
	return json_integer_value(json_object_get(a, "size")) ==
	       json_integer_value(json_object_get(b, "size"));
}

static double *
samples(json_t *c, size_t *n)
{
	json_t *arr = json_object_get(c, "samples");
	*n = json_array_size(arr);
	double *x = malloc((*n + 1) * sizeof *x);
	for (size_t i = 0; x && i < *n; i++)
		x[i] = json_real_value(json_array_get(arr, i));
	return x;
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

int
cs_report_compare(json_t *base, json_t *cur, double threshold, FILE *f)
{
	json_t *bcells = json_object_get(base, "cells"), *ccells = json_object_get(cur, "cells");
	size_t n = json_array_size(ccells), matched = 0, slower = 0, i;
	double *dev = malloc((n + 1) * sizeof *dev);
	json_t *c;
	if (!dev)
		return -1;
	fprintf(f, "%-36s %-18s %-7s %6s %9s %9s %7s %8s  %s\n", "lib/path", "alg", "op", "size",
		"base", "new", "new/base", "p", "hw");
	json_array_foreach(ccells, i, c) {
		size_t j;
		json_t *b, *hit = NULL;
		json_array_foreach(bcells, j, b)
			if (same_cell(b, c))
				hit = b;
		if (!hit || strcmp(str(c, "status"), "ok") || strcmp(str(hit, "status"), "ok"))
			continue;
		double rb = json_real_value(json_object_get(json_object_get(hit, "rate"), "median"));
		double rc = json_real_value(json_object_get(json_object_get(c, "rate"), "median"));
		if (!(rb > 0) || !(rc > 0))
			continue;
		double ratio = rc / rb, u;
		size_t na, nb;
		double *xa = samples(hit, &na), *xb = samples(c, &nb);
		double p = xa && xb ? cs_mann_whitney(xa, na, xb, nb, &u) : -1;
		free(xa);
		free(xb);
		char label[96], hb[96], hc[96], hw[200];
		cs_row_label(c, label, sizeof label);
		cs_report_hw(hit, hb, sizeof hb);
		cs_report_hw(c, hc, sizeof hc);
		if (strcmp(hb, hc) != 0)
			snprintf(hw, sizeof hw, "%s -> %s", hb, hc);
		else
			snprintf(hw, sizeof hw, "%s", hc);
		bool significant = p >= 0 && p < 0.01 && fabs(ratio - 1) > threshold;
		if (significant && ratio < 1)
			slower++;
		const char *unit = strcmp(str(json_object_get(c, "rate"), "unit"), "B/s") ? "op/s" : "MB/s";
		double scale = strcmp(unit, "MB/s") == 0 ? 1e6 : 1;
		fprintf(f, "%-36s %-18s %-7s %6lld %9.1f %9.1f %7.3f%s %8.2g  %s\n", label,
			str(c, "alg"), str(c, "op"),
			(long long)json_integer_value(json_object_get(c, "size")), rb / scale,
			rc / scale, ratio, significant ? (ratio < 1 ? "-" : "+") : " ", p, hw);
		dev[matched++] = fabs(ratio - 1);
	}
	if (matched) {
		qsort(dev, matched, sizeof *dev, cmp_double);
		double med = matched % 2 ? dev[matched / 2]
					 : (dev[matched / 2 - 1] + dev[matched / 2]) / 2;
		fprintf(f, "\n%zu cells compared; median |new/base - 1| = %.2f%%; %zu significantly "
			   "slower (p < 0.01 and more than %.0f%%)\n",
			matched, med * 100, slower, threshold * 100);
	} else {
		fprintf(f, "\nno cells in common\n");
	}
	free(dev);
	return (int)slower;
}
