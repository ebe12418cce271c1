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

/* Median of x[0..n) (not modified; n >= 1): the middle value, or the mean
   of the two middle values. NAN on no memory (n > 256 takes a heap copy). */
double cs_median(const double *x, size_t n);

/*
 * The bootstrap 95% percentile interval of median(b) / median(a), computed
 * exactly: the limit of infinitely many resamples, so no random numbers
 * (each resampled median is the lower one for an even count). Returns 0 and
 * the interval in *lo, *hi; -1 when a side is empty or on no memory.
 */
int cs_bootstrap_median_ratio(const double *a, size_t na, const double *b, size_t nb, double *lo,
			      double *hi);

#endif
