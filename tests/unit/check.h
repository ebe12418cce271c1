/* Minimal assertions for the unit tests: report every failure, exit 1 at the end. */
#ifndef CS_TEST_CHECK_H
#define CS_TEST_CHECK_H

#include <math.h>
#include <stdio.h>

static int check_failures;

#define CHECK(cond)                                                                                \
	do {                                                                                       \
		if (!(cond)) {                                                                     \
			printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond);                     \
			check_failures++;                                                          \
		}                                                                                  \
	} while (0)

#define CHECK_NEAR(a, b, eps)                                                                      \
	do {                                                                                       \
		double a_ = (a), b_ = (b);                                                         \
		if (!(fabs(a_ - b_) <= (eps))) {                                                   \
			printf("FAIL %s:%d: %s = %.9g, expected %.9g\n", __FILE__, __LINE__, #a,   \
			       a_, b_);                                                            \
			check_failures++;                                                          \
		}                                                                                  \
	} while (0)

static int
check_done(const char *name)
{
	printf("%s: %s\n", name, check_failures ? "FAILED" : "ok");
	return check_failures ? 1 : 0;
}

#endif
