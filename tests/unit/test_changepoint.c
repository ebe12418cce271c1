/* E-divisive: a planted step is found where it was planted; noise alone gives none. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "changepoint.h"
#include "check.h"

/* Normal noise from a fixed seed (Box-Muller over a 64-bit LCG). */
static uint64_t lcg = 12345;

static double
uniform(void)
{
	lcg = lcg * 6364136223846793005u + 1442695040888963407u;
	return ((double)(lcg >> 11) + 0.5) / 9007199254740992.0;
}

static double
normal(void)
{
	return sqrt(-2 * log(uniform())) * cos(2 * 3.141592653589793 * uniform());
}

/* n rates around 1000 with 2% noise; from index step on, times factor. */
static void
series(double *x, size_t n, size_t step, double factor)
{
	for (size_t i = 0; i < n; i++)
		x[i] = 1000 * (i >= step ? factor : 1) * (1 + 0.02 * normal());
}

int
main(void)
{
	double x[60];
	cs_changepoint cp[8];

	/* a 20% slowdown planted at 25 of 40 */
	series(x, 40, 25, 0.8);
	int k = cs_edivisive(x, 40, &cs_cp_defaults, cp, 8);
	CHECK(k == 1);
	CHECK(k >= 1 && cp[0].index == 25);
	CHECK(k >= 1 && cp[0].p <= cs_cp_defaults.alpha);
	CHECK(k >= 1 && cp[0].before > 950 && cp[0].before < 1050);
	CHECK(k >= 1 && cp[0].after > 750 && cp[0].after < 850);

	/* the same step near an end, with the smallest segment allowed */
	series(x, 30, 27, 0.8);
	k = cs_edivisive(x, 30, &cs_cp_defaults, cp, 8);
	CHECK(k == 1 && cp[0].index == 27);

	/* two steps: down at 15, back up at 35 */
	for (size_t i = 0; i < 50; i++)
		x[i] = 1000 * (i >= 15 && i < 35 ? 0.8 : 1) * (1 + 0.02 * normal());
	k = cs_edivisive(x, 50, &cs_cp_defaults, cp, 8);
	CHECK(k == 2 && cp[0].index == 15 && cp[1].index == 35);

	/* flat noisy series, several fixed seeds: no change point */
	for (int trial = 0; trial < 5; trial++) {
		series(x, 60, 60, 1);
		k = cs_edivisive(x, 60, &cs_cp_defaults, cp, 8);
		CHECK(k == 0);
	}

	/* same seed, same answer; an outlier alone is not a change point */
	series(x, 40, 40, 1);
	x[20] = 2000;
	k = cs_edivisive(x, 40, &cs_cp_defaults, cp, 8);
	CHECK(k == 0);

	/* the split statistic peaks at the step */
	double q[40], best;
	series(x, 40, 10, 1.2);
	CHECK(cs_edivisive_split(x, 40, 3, q, &best) == 10);
	CHECK(best > 0 && q[10] == best && q[0] == 0);

	/* too short for two segments; bad options refused */
	CHECK(cs_edivisive(x, 5, &cs_cp_defaults, cp, 8) == 0);
	cs_cp_options bad = cs_cp_defaults;
	bad.min_size = 1;
	CHECK(cs_edivisive(x, 40, &bad, cp, 8) == -1);
	x[3] = NAN;
	CHECK(cs_edivisive(x, 40, &cs_cp_defaults, cp, 8) == -1);
	return check_done("test_changepoint");
}
