/* Change points in a series: e-divisive with means (Matteson & James, "A
   Nonparametric Approach for Multiple Change Point Analysis of Multivariate
   Data", JASA 2014), as MongoDB's signal-processing-algorithms and Apache
   Otava (formerly Hunter) use it on nightly performance series: bisect the
   series where the energy distance between the two sides is largest, keep the
   split while a permutation test says it is significant. */
#ifndef CS_CHANGEPOINT_H
#define CS_CHANGEPOINT_H

#include <stddef.h>
#include <stdint.h>

typedef struct cs_cp_options {
	size_t min_size;     /* fewest points on each side of a change point (>= 2) */
	double alpha;	     /* significance level of the permutation test, in (0, 1) */
	size_t permutations; /* permutations per test (>= 1) */
	uint64_t seed;	     /* seed of the permutation generator (same seed, same answer) */
} cs_cp_options;

/* Defaults: min_size 3, alpha 0.01, 499 permutations, seed 1. */
extern const cs_cp_options cs_cp_defaults;

typedef struct cs_changepoint {
	size_t index;  /* first point of the new segment (0 < index < n) */
	double q;      /* the scaled energy distance Q between the two sides */
	double p;      /* permutation p-value: (1 + #permuted Q >= q) / (1 + permutations) */
	double before; /* median of the segment that ends here */
	double after;  /* median of the segment that starts here */
} cs_changepoint;

/*
 * The significant change points of x[0..n), sorted by index, into out (at most
 * max). Returns how many, or -1 on bad arguments or no memory. A series too
 * short for two segments of min_size has none.
 */
int cs_edivisive(const double *x, size_t n, const cs_cp_options *opt, cs_changepoint *out,
		 size_t max);

/* The best split of x[0..n) on its own: Q at each tau in [min_size, n - min_size]
   is written to q[tau] (others 0) when q is not NULL; returns the best tau, 0 when
   n < 2 * min_size. *best_q receives its Q. For tests and plots. */
size_t cs_edivisive_split(const double *x, size_t n, size_t min_size, double *q, double *best_q);

#endif
