/* E-divisive with means: energy-distance bisection plus a permutation test. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "changepoint.h"
#include "stats.h"

const cs_cp_options cs_cp_defaults = {
	.min_size = 3,
	.alpha = 0.01,
	.permutations = 499,
	.seed = 1,
};

/* splitmix64: a small, well-mixed generator; the same seed gives the same test. */
static uint64_t
next_random(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15u);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

static void
shuffle(double *x, size_t n, uint64_t *state)
{
	for (size_t i = n; i > 1; i--) {
		size_t j = (size_t)(next_random(state) % i);
		double t = x[i - 1];
		x[i - 1] = x[j];
		x[j] = t;
	}
}

/*
 * Q(tau) = m k / (m + k) * (2/(m k) B - 2/(m (m-1)) WL - 2/(k (k-1)) WR) with
 * m = tau, k = n - tau, B the sum of |x_i - x_j| across the split and WL, WR the
 * sums of pairwise distances within each side (alpha = 1 in the paper). WL and
 * WR are built incrementally and B is the total minus both, so a split costs
 * O(n^2) however many taus it tries. wl and wr hold n + 1 doubles each.
 */
static size_t
best_split(const double *x, size_t n, size_t min_size, double *wl, double *wr, double *q,
	   double *best_q)
{
	*best_q = 0;
	if (min_size < 2 || n < 2 * min_size)
		return 0;
	wl[0] = 0;
	for (size_t t = 0; t < n; t++) {
		double row = 0;
		for (size_t i = 0; i < t; i++)
			row += fabs(x[i] - x[t]);
		wl[t + 1] = wl[t] + row;
	}
	wr[n] = 0;
	for (size_t t = n; t-- > 0;) {
		double row = 0;
		for (size_t j = t + 1; j < n; j++)
			row += fabs(x[t] - x[j]);
		wr[t] = wr[t + 1] + row;
	}
	double total = wl[n];
	size_t best = 0;
	for (size_t tau = min_size; tau + min_size <= n; tau++) {
		double m = (double)tau, k = (double)(n - tau);
		double across = total - wl[tau] - wr[tau];
		double e = 2 * across / (m * k) - 2 * wl[tau] / (m * (m - 1)) -
			   2 * wr[tau] / (k * (k - 1));
		double v = m * k / (m + k) * e;
		if (q)
			q[tau] = v;
		if (best == 0 || v > *best_q) {
			best = tau;
			*best_q = v;
		}
	}
	return best;
}

size_t
cs_edivisive_split(const double *x, size_t n, size_t min_size, double *q, double *best_q)
{
	double *w = malloc(2 * (n + 1) * sizeof *w);
	*best_q = 0;
	if (!w)
		return 0;
	if (q)
		memset(q, 0, n * sizeof *q);
	size_t tau = best_split(x, n, min_size, w, w + n + 1, q, best_q);
	free(w);
	return tau;
}

static int
cmp_size(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	return (x > y) - (x < y);
}

/* The best split over every segment between the known change points cuts[0..nc)
   (sorted, with 0 and n at the ends). Returns its absolute index, 0 when none. */
static size_t
best_over_segments(const double *x, const size_t *cuts, size_t nc, size_t min_size, double *wl,
		   double *wr, double *best_q)
{
	size_t where = 0;
	*best_q = -INFINITY;
	for (size_t s = 0; s + 1 < nc; s++) {
		double q;
		size_t len = cuts[s + 1] - cuts[s];
		size_t tau = best_split(x + cuts[s], len, min_size, wl, wr, NULL, &q);
		if (tau && q > *best_q) {
			*best_q = q;
			where = cuts[s] + tau;
		}
	}
	return where;
}

static double
segment_median(const double *x, size_t lo, size_t hi, double *scratch)
{
	cs_summary s;
	memcpy(scratch, x + lo, (hi - lo) * sizeof *scratch);
	if (cs_summarize(scratch, hi - lo, &s) != 0)
		return NAN;
	return s.median;
}

int
cs_edivisive(const double *x, size_t n, const cs_cp_options *opt, cs_changepoint *out, size_t max)
{
	if (!opt || opt->min_size < 2 || !(opt->alpha > 0 && opt->alpha < 1) ||
	    opt->permutations < 1 || (n && !x))
		return -1;
	for (size_t i = 0; i < n; i++)
		if (!isfinite(x[i]))
			return -1;
	size_t max_cuts = n / opt->min_size + 2;
	size_t *cuts = malloc(max_cuts * sizeof *cuts);
	double *work = malloc((3 * n + 2) * sizeof *work);
	double *qs = malloc(max_cuts * sizeof *qs), *ps = malloc(max_cuts * sizeof *ps);
	size_t *found = malloc(max_cuts * sizeof *found);
	if (!cuts || !work || !qs || !ps || !found) {
		free(cuts), free(work), free(qs), free(ps), free(found);
		return -1;
	}
	double *wl = work, *wr = work + n + 1, *perm = work + 2 * n + 2;
	uint64_t rng = opt->seed;
	size_t nc = 2, nf = 0;
	cuts[0] = 0;
	cuts[1] = n;
	while (nc < max_cuts) {
		double q;
		size_t tau = best_over_segments(x, cuts, nc, opt->min_size, wl, wr, &q);
		if (tau == 0)
			break;
		/* Permutation test (as the paper and its MongoDB/Otava uses): shuffle
		   each segment on its own, keeping the change points known so far,
		   and count how often the best Q of the shuffled series reaches q. */
		size_t reach = 0;
		for (size_t r = 0; r < opt->permutations; r++) {
			memcpy(perm, x, n * sizeof *perm);
			for (size_t s = 0; s + 1 < nc; s++)
				shuffle(perm + cuts[s], cuts[s + 1] - cuts[s], &rng);
			double pq;
			best_over_segments(perm, cuts, nc, opt->min_size, wl, wr, &pq);
			reach += pq >= q;
		}
		double p = (double)(reach + 1) / (double)(opt->permutations + 1);
		if (p > opt->alpha)
			break;
		found[nf] = tau;
		qs[nf] = q;
		ps[nf] = p;
		nf++;
		cuts[nc++] = tau;
		qsort(cuts, nc, sizeof *cuts, cmp_size);
	}
	/* report in index order, each with the medians of its two neighbouring segments */
	size_t k = 0;
	for (size_t c = 1; c + 1 < nc && k < max; c++) {
		size_t f = 0;
		while (found[f] != cuts[c])
			f++;
		out[k] = (cs_changepoint){
			.index = cuts[c],
			.q = qs[f],
			.p = ps[f],
			.before = segment_median(x, cuts[c - 1], cuts[c], perm),
			.after = segment_median(x, cuts[c], cuts[c + 1], perm),
		};
		k++;
	}
	free(cuts), free(work), free(qs), free(ps), free(found);
	return (int)k;
}
