/*
 * What bench/lib_fidelity.sh's bare loops share: a clock and the loop that
 * runs one operation for about a second (256 ops between clock reads) and
 * prints bytes per second. Each loop file defines op() and a setup.
 */
#ifndef CS_BENCH_LIB_LOOP_H
#define CS_BENCH_LIB_LOOP_H

#include <stdio.h>
#include <time.h>

static double
loop_now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC_RAW, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Run op() for about a second; print len * ops / seconds. 1 if an op failed. */
static int
loop_run(int (*op)(void), size_t len)
{
	long n = 0;
	double t0 = loop_now(), t;
	do {
		for (int i = 0; i < 256; i++)
			if (op() != 0)
				return 1;
		n += 256;
		t = loop_now() - t0;
	} while (t < 1.0);
	printf("%.6g\n", (double)len * (double)n / t);
	return 0;
}

#endif
