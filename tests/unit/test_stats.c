/* Statistics: quantiles, the median's CI, Mann-Whitney U, against values worked
   out by hand. */
#include <stdlib.h>

#include "check.h"
#include "stats.h"

int
main(void)
{
	cs_summary s;
	/* 1..10: type-7 quantiles are 3.25, 5.5, 7.75 */
	double x[10] = {10, 2, 9, 4, 5, 6, 7, 8, 3, 1};
	CHECK(cs_summarize(x, 10, &s) == 0);
	CHECK(s.n == 10);
	CHECK_NEAR(s.median, 5.5, 1e-12);
	CHECK_NEAR(s.q1, 3.25, 1e-12);
	CHECK_NEAR(s.q3, 7.75, 1e-12);
	CHECK_NEAR(s.min, 1, 0);
	CHECK_NEAR(s.max, 10, 0);
	/* n = 10: ranks floor(5 - 3.099) = 1 and ceil(6 + 3.099) = 10 */
	CHECK_NEAR(s.ci_lo, 1, 0);
	CHECK_NEAR(s.ci_hi, 10, 0);
	CHECK(x[0] == 10); /* input untouched */

	/* n = 100 of 1..100: ranks floor(50 - 9.8) = 40, ceil(51 + 9.8) = 61 */
	double y[100];
	for (int i = 0; i < 100; i++)
		y[i] = 100 - i;
	cs_summarize(y, 100, &s);
	CHECK_NEAR(s.median, 50.5, 1e-12);
	CHECK_NEAR(s.ci_lo, 40, 0);
	CHECK_NEAR(s.ci_hi, 61, 0);
	CHECK_NEAR(cs_ci_rel_halfwidth(&s), 10.5 / 50.5, 1e-12);

	/* the CI narrows as samples of a fixed spread accumulate */
	double z[400];
	for (int i = 0; i < 400; i++)
		z[i] = 1000 + (i * 37 % 101);
	cs_summary a, b;
	cs_summarize(z, 40, &a);
	cs_summarize(z, 400, &b);
	CHECK(cs_ci_rel_halfwidth(&b) < cs_ci_rel_halfwidth(&a));

	/* one sample, and none */
	double one = 42;
	cs_summarize(&one, 1, &s);
	CHECK_NEAR(s.median, 42, 0);
	CHECK_NEAR(s.q1, 42, 0);
	cs_summarize(NULL, 0, &s);
	CHECK(s.n == 0);
	CHECK(isinf(cs_ci_rel_halfwidth(&s)));

	/* Mann-Whitney: fully separated samples of 5 and 5: U = 0; variance
	   25/12 * 11, continuity-corrected z = 12 / sqrt(var), p = 0.01219 */
	double lo[5] = {1, 2, 3, 4, 5}, hi[5] = {6, 7, 8, 9, 10};
	double u;
	double p = cs_mann_whitney(lo, 5, hi, 5, &u);
	CHECK_NEAR(u, 0, 0);
	CHECK_NEAR(p, 0.01219, 5e-5);
	p = cs_mann_whitney(hi, 5, lo, 5, &u);
	CHECK_NEAR(u, 25, 0);
	/* identical samples: no evidence of a difference */
	p = cs_mann_whitney(lo, 5, lo, 5, &u);
	CHECK_NEAR(p, 1, 1e-9);
	/* ties: {1,2,2,3} vs {2,3,3,4}: rank sum 13, U = 3; tie-corrected variance
	   16/12 * (9 - 48/56), z = 4.5 / sqrt(var), p = 0.17203 */
	double t1[4] = {1, 2, 2, 3}, t2[4] = {2, 3, 3, 4};
	p = cs_mann_whitney(t1, 4, t2, 4, &u);
	CHECK_NEAR(u, 3, 0);
	CHECK_NEAR(p, 0.17203, 5e-5);
	CHECK(cs_mann_whitney(lo, 0, hi, 5, &u) < 0);

	/* the median of a few values: the middle one, or the mean of two */
	double odd[3] = {3, 1, 2}, even[4] = {4, 1, 3, 2};
	CHECK_NEAR(cs_median(odd, 3), 2, 0);
	CHECK_NEAR(cs_median(even, 4), 2.5, 0);
	CHECK_NEAR(cs_median(odd, 1), 3, 0);

	/* the exact bootstrap of median({1, 2, 3}) / median({1}): the resampled
	   lower median of 3 draws is 1, 2, 3 with 7/27, 13/27, 7/27, so the 95%
	   interval is [1, 3]; one value per side is a point */
	double unit = 1, bl, bh;
	CHECK(cs_bootstrap_median_ratio(&unit, 1, odd, 3, &bl, &bh) == 0);
	CHECK_NEAR(bl, 1, 0);
	CHECK_NEAR(bh, 3, 0);
	CHECK(cs_bootstrap_median_ratio(&unit, 1, odd + 2, 1, &bl, &bh) == 0);
	CHECK_NEAR(bl, 2, 0);
	CHECK_NEAR(bh, 2, 0);
	CHECK(cs_bootstrap_median_ratio(&unit, 0, odd, 3, &bl, &bh) < 0);
	return check_done("stats");
}
