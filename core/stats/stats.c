/* Order statistics: quantiles, the median's confidence interval, Mann-Whitney U,
   the median of a few values and the exact bootstrap interval of a ratio of medians. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

double
cs_quantile_sorted(const double *s, size_t n, double p)
{
	if (n == 0)
		return 0;
	double h = (double)(n - 1) * p;
	size_t lo = (size_t)floor(h);
	if (lo + 1 >= n)
		return s[n - 1];
	return s[lo] + (h - (double)lo) * (s[lo + 1] - s[lo]);
}

int
cs_summarize(const double *x, size_t n, cs_summary *out)
{
	memset(out, 0, sizeof *out);
	if (n == 0)
		return 0;
	double *s = malloc(n * sizeof *s);
	if (!s)
		return -1;
	memcpy(s, x, n * sizeof *s);
	qsort(s, n, sizeof *s, cmp_double);
	out->n = n;
	out->min = s[0];
	out->max = s[n - 1];
	out->q1 = cs_quantile_sorted(s, n, 0.25);
	out->median = cs_quantile_sorted(s, n, 0.5);
	out->q3 = cs_quantile_sorted(s, n, 0.75);
	/* The ranks j < k with P(X_(j) <= median <= X_(k)) >= 95%, from the
	   binomial(n, 1/2) distribution of how many samples fall below the
	   median, in its normal approximation (1-based ranks). */
	double half = 1.959964 * sqrt((double)n) / 2;
	double j = floor((double)n / 2 - half), k = ceil((double)n / 2 + 1 + half);
	size_t jj = j < 1 ? 1 : (size_t)j, kk = k > (double)n ? n : (size_t)k;
	out->ci_lo = s[jj - 1];
	out->ci_hi = s[kk - 1];
	free(s);
	return 0;
}

double
cs_ci_rel_halfwidth(const cs_summary *s)
{
	if (s->n == 0 || s->median <= 0)
		return INFINITY;
	return (s->ci_hi - s->ci_lo) / 2 / s->median;
}

typedef struct ranked {
	double v;
	int side;
} ranked;

static int
cmp_ranked(const void *a, const void *b)
{
	return cmp_double(&((const ranked *)a)->v, &((const ranked *)b)->v);
}

double
cs_mann_whitney(const double *a, size_t na, const double *b, size_t nb, double *u)
{
	size_t n = na + nb;
	if (na == 0 || nb == 0)
		return -1;
	ranked *r = malloc(n * sizeof *r);
	if (!r)
		return -1;
	for (size_t i = 0; i < na; i++)
		r[i] = (ranked){a[i], 0};
	for (size_t i = 0; i < nb; i++)
		r[na + i] = (ranked){b[i], 1};
	qsort(r, n, sizeof *r, cmp_ranked);
	double rank_sum_a = 0, tie_term = 0;
	for (size_t i = 0; i < n;) {
		size_t j = i;
		while (j + 1 < n && r[j + 1].v == r[i].v)
			j++;
		double t = (double)(j - i + 1), avg = ((double)i + (double)j) / 2 + 1;
		for (size_t m = i; m <= j; m++)
			if (r[m].side == 0)
				rank_sum_a += avg;
		tie_term += t * t * t - t;
		i = j + 1;
	}
	free(r);
	double dna = (double)na, dnb = (double)nb, dn = (double)n;
	double ua = rank_sum_a - dna * (dna + 1) / 2;
	*u = ua;
	double mean = dna * dnb / 2;
	double var = dna * dnb / 12 * ((dn + 1) - tie_term / (dn * (dn - 1)));
	if (var <= 0)
		return 1;
	double z = (fabs(ua - mean) - 0.5) / sqrt(var);
	if (z < 0)
		z = 0;
	return erfc(z / sqrt(2));
}

#define SMALL 256 /* cs_median sorts up to this many values on the stack */

/* Insertion sort of x[0..n) into s: a few values, as repetitions are. */
static void
sort_small(const double *x, size_t n, double *s)
{
	for (size_t i = 0; i < n; i++) {
		size_t j = i;
		while (j > 0 && s[j - 1] > x[i]) {
			s[j] = s[j - 1];
			j--;
		}
		s[j] = x[i];
	}
}

double
cs_median(const double *x, size_t n)
{
	double small[SMALL], *s = n <= SMALL ? small : malloc(n * sizeof *s);
	if (!s)
		return NAN;
	sort_small(x, n, s);
	double m = n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
	if (s != small)
		free(s);
	return m;
}

/* The resampled median's distribution over the sorted values s[0..n): with m =
   ceil(n / 2), the lower median of n draws with replacement is <= s[k] when at
   least m draws are, so P(median <= s[k]) = P(Binomial(n, (k+1)/n) >= m). */
static void
median_pmf(size_t n, double *pmf)
{
	size_t m = (n + 1) / 2;
	double prev = 0;
	for (size_t k = 0; k < n; k++) {
		double p = (double)(k + 1) / (double)n, tail = 0;
		for (size_t j = m; j <= n; j++) {
			double lc = lgamma((double)n + 1) - lgamma((double)j + 1) -
				    lgamma((double)(n - j) + 1);
			tail += p >= 1 ? (j == n)
				       : exp(lc + (double)j * log(p) + (double)(n - j) * log1p(-p));
		}
		pmf[k] = tail - prev;
		prev = tail;
	}
}

typedef struct weighted {
	double v, w;
} weighted;

static int
cmp_weighted(const void *a, const void *b)
{
	return cmp_double(&((const weighted *)a)->v, &((const weighted *)b)->v);
}

/* The two resampled medians are independent, each with the distribution of
   median_pmf, so the ratio's distribution is over the na x nb pairs of
   order statistics. */
int
cs_bootstrap_median_ratio(const double *a, size_t na, const double *b, size_t nb, double *lo,
			  double *hi)
{
	if (na == 0 || nb == 0)
		return -1;
	double *sa = malloc(2 * (na + nb) * sizeof *sa);
	weighted *pairs = malloc(na * nb * sizeof *pairs);
	if (!sa || !pairs) {
		free(sa);
		free(pairs);
		return -1;
	}
	double *sb = sa + na, *pa = sb + nb, *pb = pa + na;
	memcpy(sa, a, na * sizeof *sa);
	memcpy(sb, b, nb * sizeof *sb);
	qsort(sa, na, sizeof *sa, cmp_double);
	qsort(sb, nb, sizeof *sb, cmp_double);
	median_pmf(na, pa);
	median_pmf(nb, pb);
	size_t n = 0;
	for (size_t i = 0; i < na; i++)
		for (size_t j = 0; j < nb; j++)
			pairs[n++] = (weighted){sb[j] / sa[i], pa[i] * pb[j]};
	qsort(pairs, n, sizeof *pairs, cmp_weighted);
	double cum = 0;
	*lo = pairs[0].v;
	*hi = pairs[n - 1].v;
	int lo_set = 0;
	for (size_t k = 0; k < n; k++) {
		cum += pairs[k].w;
		if (!lo_set && cum > 0.025) {
			*lo = pairs[k].v;
			lo_set = 1;
		}
		if (cum >= 0.975) {
			*hi = pairs[k].v;
			break;
		}
	}
	free(pairs);
	free(sa);
	return 0;
}
