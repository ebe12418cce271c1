/* Order statistics for benchmark samples: robust to the outliers a shared
   machine produces (no means, no standard deviations). */
#ifndef CS_STATS_H
#define CS_STATS_H

#include <stddef.h>

typedef struct cs_summary {
	size_t n;
	double min, q1, median, q3, max;
	double ci_lo, ci_hi; /* distribution-free 95% confidence interval of the median */
} cs_summary;

/* Quantile p in [0,1] of sorted x (linear interpolation between order statistics,
   Hyndman-Fan type 7, as R's default and numpy's "linear"). */
double cs_quantile_sorted(const double *sorted, size_t n, double p);

/* Summary of x (not modified). n == 0 gives all zeros. Returns 0, -1 on no memory. */
int cs_summarize(const double *x, size_t n, cs_summary *out);

/* Relative half-width of the median's CI: (ci_hi - ci_lo) / 2 / median. */
double cs_ci_rel_halfwidth(const cs_summary *s);

/* Mann-Whitney U test of a vs b (normal approximation with tie correction,
   two-sided). *u = U statistic of a; returns the p-value, or -1 when a side is empty. */
double cs_mann_whitney(const double *a, size_t na, const double *b, size_t nb, double *u);

#endif
