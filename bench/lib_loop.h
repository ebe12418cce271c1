/*
 * What bench/lib_fidelity.sh's bare loops share: a clock and the loop that
 * runs one operation for about a second and prints bytes per second. The
 * ops run in batches of about a millisecond and the rate is the median
 * batch's, as cryptospeed reports the median of its timed batches: on a
 * shared machine a batch the scheduler interrupted is an outlier for both.
 * Each loop file defines the op and its setup.
 */
#ifndef CS_BENCH_LIB_LOOP_H
#define CS_BENCH_LIB_LOOP_H

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define LOOP_MAX_BATCHES 4096

static double
loop_now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC_RAW, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int
loop_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* Run op() for about a second; print len / (the median batch's seconds per
   op). 1 if an op failed. */
static int
loop_run(int (*op)(void), size_t len)
{
	static double per_op[LOOP_MAX_BATCHES];
	long batch = 1;
	/* the batch size: double until a batch takes a millisecond */
	for (;;) {
		double t0 = loop_now();
		for (long i = 0; i < batch; i++)
			if (op() != 0)
				return 1;
		if (loop_now() - t0 >= 1e-3 || batch >= (1L << 24))
			break;
		batch *= 2;
	}
	int n = 0;
	double start = loop_now();
	while (n < LOOP_MAX_BATCHES && loop_now() - start < 1.0) {
		double t0 = loop_now();
		for (long i = 0; i < batch; i++)
			if (op() != 0)
				return 1;
		per_op[n++] = (loop_now() - t0) / (double)batch;
	}
	qsort(per_op, (size_t)n, sizeof per_op[0], loop_cmp);
	double m = n % 2 ? per_op[n / 2] : (per_op[n / 2 - 1] + per_op[n / 2]) / 2;
	printf("%.6g\n", (double)len / m);
	return 0;
}

#endif
