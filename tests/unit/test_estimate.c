/* The estimator's arithmetic on a hand-made count (exact), the cost table's
   parser and its refusals, and the shipped tables (data/costs). */
#include <string.h>

#include "check.h"
#include "estimate.h"

static const char table_text[] = "# a comment\n"
				 "\n"
				 "scalar\t0.5\tsome manual, sec. 1\n"
				 "neon\t1\tsome manual, sec. 2\n"
				 "armv8-aes\t1.25\tsome manual, sec. 3\n"
				 "memory-access\t0.5\tsome manual, sec. 4\n";

int
main(void)
{
	cs_est_table t;
	char why[512];
	CHECK(cs_est_table_parse(table_text, "test-core", "t.tsv", &t, why, sizeof why) == 0);
	CHECK(t.n_rows == 4);
	CHECK(t.mem_cycles == 0.5);
	CHECK(strcmp(t.core, "test-core") == 0);

	/* 2 ops: 1000 scalar, 400 neon, 80 armv8-aes instructions, 300 accesses:
	   (1000 x 0.5 + 400 x 1 + 80 x 1.25 + 300 x 0.5) / 2 = 1150 / 2 = 575 */
	cs_res_icount classes[] = {
		{"scalar", 1000, 500}, {"neon", 400, 200}, {"armv8-aes", 80, 40}};
	cs_res_count k = {0};
	k.present = true;
	k.ops = 2;
	k.insns = 1480;
	k.mem = 300;
	k.classes = classes;
	k.n_classes = 3;
	double cyc = 0;
	CHECK(cs_est_cycles(&t, &k, &cyc, why, sizeof why) == 0);
	CHECK(cyc == 575.0);
	/* 8192-byte ops at 1200 MHz: 8192 x 1200 / 575 MB/s */
	CHECK_NEAR(cs_est_mbps(cyc, 8192, 1200), 8192.0 * 1200.0 / 575.0, 1e-9);
	CHECK(cs_est_mbps(cyc, 0, 1200) == 0);
	CHECK(cs_est_mbps(0, 16, 1200) == 0);

	/* a class with no row: no estimate, and why names it */
	cs_res_icount sha[] = {{"scalar", 10, 10}, {"armv8-sha2", 4, 4}};
	k.classes = sha;
	k.n_classes = 2;
	k.ops = 1;
	CHECK(cs_est_cycles(&t, &k, &cyc, why, sizeof why) == -1);
	CHECK(strstr(why, "no cost for class 'armv8-sha2'") != NULL);

	/* refusals: no source, a bad number, a class twice, no rows */
	CHECK(cs_est_table_parse("scalar\t0.5\n", "c", "t.tsv", &t, why, sizeof why) == -1);
	CHECK(strstr(why, "t.tsv line 1") != NULL && strstr(why, "source") != NULL);
	CHECK(cs_est_table_parse("scalar\t0.5\t\n", "c", "t.tsv", &t, why, sizeof why) == -1);
	CHECK(cs_est_table_parse("scalar\tfast\tx\n", "c", "t.tsv", &t, why, sizeof why) == -1);
	CHECK(strstr(why, "cycles 'fast'") != NULL);
	CHECK(cs_est_table_parse("scalar\t-1\tx\n", "c", "t.tsv", &t, why, sizeof why) == -1);
	CHECK(cs_est_table_parse("# x\nneon\t1\tx\nneon\t2\ty\n", "c", "t.tsv", &t, why,
				 sizeof why) == -1);
	CHECK(strstr(why, "line 3: class 'neon' twice") != NULL);
	CHECK(cs_est_table_parse("# only comments\n", "c", "t.tsv", &t, why, sizeof why) == -1);

	/* refusals (issue 28): a class at 0 cycles (an all-zero table too), no
	   memory-access row, a byte-order mark, a CRLF line end or a lone CR;
	   memory-access at 0 is a real cost model and loads */
	CHECK(cs_est_table_parse("scalar\t0\tx\nmemory-access\t0.5\tx\n", "c", "t.tsv", &t, why,
				 sizeof why) == -1);
	CHECK(strstr(why, "t.tsv line 1: cycles '0' of 'scalar'") != NULL &&
	      strstr(why, "above 0") != NULL);
	CHECK(cs_est_table_parse("scalar\t0\tx\nneon\t0\tx\nmemory-access\t0\tx\n", "c", "t.tsv",
				 &t, why, sizeof why) == -1);
	CHECK(cs_est_table_parse("scalar\t1\tx\nmemory-access\t0\tx\n", "c", "t.tsv", &t, why,
				 sizeof why) == 0);
	CHECK(t.mem_cycles == 0);
	CHECK(cs_est_table_parse("scalar\t0.5\tx\nneon\t1\tx\n", "c", "t.tsv", &t, why,
				 sizeof why) == -1);
	CHECK(strstr(why, "t.tsv: no 'memory-access' row") != NULL);
	CHECK(cs_est_table_parse("\xEF\xBB\xBFscalar\t1\tx\nmemory-access\t1\tx\n", "c", "t.tsv",
				 &t, why, sizeof why) == -1);
	CHECK(strstr(why, "t.tsv line 1: starts with a UTF-8 byte-order mark") != NULL);
	CHECK(cs_est_table_parse("# c\r\nscalar\t1\tx\r\nmemory-access\t1\tx\r\n", "c", "t.tsv", &t,
				 why, sizeof why) == -1);
	CHECK(strstr(why, "t.tsv line 1: a carriage return (a CRLF line end)") != NULL &&
	      strstr(why, "accepted: LF line ends only") != NULL);
	CHECK(cs_est_table_parse("scalar\t1\tx\nmemory-access\t1\r\tx\n", "c", "t.tsv", &t, why,
				 sizeof why) == -1);
	CHECK(strstr(why, "line 2: a carriage return (mid-line)") != NULL);
	CHECK(cs_est_table_load("/nonexistent", "cortex-a99", &t, why, sizeof why) == -1);
	CHECK(strstr(why, "no cost table for core 'cortex-a99'") != NULL);

	/* the shipped tables load, and price every class an aarch64 count of
	   these cores can hold (armv8-sha512 is not on the A53, A57 or A72) */
	static const char *const cores[] = {"cortex-a53", "cortex-a57", "cortex-a72", NULL};
	static const char *const arm[] = {"scalar",	"neon",	      "armv8-aes", "pmull",
					  "armv8-sha1", "armv8-sha2", NULL};
	for (const char *const *c = cores; *c; c++) {
		CHECK(cs_est_table_load(CS_COSTS_DIR, *c, &t, why, sizeof why) == 0);
		for (const char *const *a = arm; *a; a++) {
			cs_res_icount one[] = {{*a, 1, 1}};
			cs_res_count k1 = {.present = true,
					   .ops = 1,
					   .insns = 1,
					   .classes = one,
					   .n_classes = 1};
			CHECK(cs_est_cycles(&t, &k1, &cyc, why, sizeof why) == 0 && cyc > 0);
		}
	}
	/* the "consistent with" window: the table's error rounded up to 0.05;
	   no table, or one without an error record: the unvalidated window */
	static cs_pipe_table pt;
	memset(&pt, 0, sizeof pt);
	CHECK_NEAR(cs_est_window(NULL), CS_EST_WINDOW_UNVALIDATED, 1e-12);
	CHECK_NEAR(cs_est_window(&pt), CS_EST_WINDOW_UNVALIDATED, 1e-12);
	pt.error = 1.08;
	CHECK_NEAR(cs_est_window(&pt), 1.10, 1e-12);
	pt.error = 1.10;
	CHECK_NEAR(cs_est_window(&pt), 1.10, 1e-12);
	pt.error = 1.11;
	CHECK_NEAR(cs_est_window(&pt), 1.15, 1e-12);
	return check_done("test_estimate");
}
