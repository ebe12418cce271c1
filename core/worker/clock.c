/* The one clock: CLOCK_MONOTONIC_RAW in nanoseconds. */
#define _GNU_SOURCE
#include <time.h>

#include "worker.h"

uint64_t
cs_now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

uint64_t
cs_clock_res_ns(void)
{
	struct timespec ts;
	if (clock_getres(CLOCK_MONOTONIC_RAW, &ts) != 0)
		return 0;
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}
