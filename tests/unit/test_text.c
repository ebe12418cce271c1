/* cs_join: bounded, separators, the ellipsis when it does not fit. */
#include <string.h>

#include "check.h"
#include "cpu.h"
#include "text.h"

struct named {
	char name[8];
	int other;
};

int
main(void)
{
	const char *const v[] = {"alpha", "beta", "gamma", NULL};
	char buf[64];
	CHECK(cs_join_strv(buf, sizeof buf, v, ", "));
	CHECK(strcmp(buf, "alpha, beta, gamma") == 0);

	/* too small: never overflows, ends with "...", reports false */
	char small[10];
	memset(small, 'x', sizeof small);
	CHECK(!cs_join_strv(small, sizeof small, v, ", "));
	CHECK(strlen(small) < sizeof small);
	CHECK(strcmp(small + strlen(small) - 3, "...") == 0);

	/* tiny buffers */
	char one[1];
	CHECK(!cs_join_strv(one, sizeof one, v, ","));
	CHECK(one[0] == '\0');
	char three[3];
	CHECK(!cs_join_strv(three, sizeof three, v, ","));
	CHECK(strlen(three) < 3);

	/* an array of structs with the name first */
	struct named s[2] = {{"x", 1}, {"yz", 2}};
	CHECK(cs_join(buf, sizeof buf, s, 2, sizeof s[0], true, "|"));
	CHECK(strcmp(buf, "x|yz") == 0);

	/* nothing */
	const char *const none[] = {NULL};
	CHECK(cs_join_strv(buf, sizeof buf, none, ", "));
	CHECK(buf[0] == '\0');
	/* CPU brand strings as CPUID and /proc/cpuinfo pad them */
	char model[] = "   Intel(R) Xeon(R) CPU  \t E5-2680 0 @ 2.70GHz   ";
	cs_cpu_squeeze(model);
	CHECK(strcmp(model, "Intel(R) Xeon(R) CPU E5-2680 0 @ 2.70GHz") == 0);
	char blank[] = "   ";
	cs_cpu_squeeze(blank);
	CHECK(blank[0] == '\0');
	return check_done("test_text");
}
