/* The pipeline model (core/report/pipeline.c): the cycles of small AArch64
   blocks on a tiny table, in order and out of order, with and without
   AESE+AESMC fusion; a table without sources is refused; every shipped
   table loads; blocks on the shipped Cortex-A76 table, worked out by hand
   from its rows. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "pipeline.h"

#define TABLE(issue, fuse)                                                                         \
	"core\tt\t1\ttest\n"                                                                       \
	"issue\t" issue "\ttest\n"                                                                 \
	"pipe\tint\t2\ttest\n"                                                                     \
	"pipe\tf0\t1\ttest\n"                                                                      \
	"insn\tadd\tint\t1\t1\ttest\n"                                                             \
	"insn\taese\tf0\t3\t1\ttest\n"                                                             \
	"insn\taesmc\tf0\t3\t1\ttest\n" fuse

/* Little-endian words into bytes. */
static size_t
code_of(const uint32_t *w, size_t n, uint8_t *out)
{
	for (size_t i = 0; i < n; i++)
		for (int b = 0; b < 4; b++)
			out[4 * i + (size_t)b] = (uint8_t)(w[i] >> (8 * b));
	return 4 * n;
}

/* One execution of the block w[0..n) on table t. */
static double
cycles_on(const cs_pipe_table *t, const uint32_t *w, size_t n, size_t *modelled)
{
	char why[256];
	uint8_t code[64];
	double c = -1;
	size_t insns = 0;
	size_t size = code_of(w, n, code);
	if (cs_pipe_block(t, "a64", code, size, 0x1000, &c, &insns, modelled, why, sizeof why) != 0)
		printf("block: %s\n", why);
	CHECK(insns == n);
	return c;
}

static double
cycles(const char *table, const uint32_t *w, size_t n, size_t *modelled)
{
	cs_pipe_table t;
	char why[256];
	uint8_t code[64];
	double c = -1;
	size_t insns = 0;
	if (cs_pipe_table_parse(table, "test", &t, why, sizeof why) != 0) {
		printf("table: %s\n", why);
		return -1;
	}
	size_t size = code_of(w, n, code);
	if (cs_pipe_block(&t, "a64", code, size, 0x1000, &c, &insns, modelled, why, sizeof why) !=
	    0)
		printf("block: %s\n", why);
	CHECK(insns == n);
	return c;
}

int
main(void)
{
	/* add x0..x3, #1: independent; add x0, x0, #1 four times: a chain */
	static const uint32_t indep[] = {0x91000400, 0x91000421, 0x91000442, 0x91000463};
	static const uint32_t chain[] = {0x91000400, 0x91000400, 0x91000400, 0x91000400};
	/* aese v0.16b, v1.16b; aesmc v0.16b, v0.16b; twice */
	static const uint32_t aes[] = {0x4e284820, 0x4e286800, 0x4e284820, 0x4e286800};
	size_t m = 0;

	/* in order, dual issue: 4 independent adds in 2 cycles, a chain in 4 */
	CHECK_NEAR(cycles(TABLE("inorder\t2", ""), indep, 4, &m), 2, 1e-9);
	CHECK(m == 4);
	CHECK_NEAR(cycles(TABLE("inorder\t2", ""), chain, 4, &m), 4, 1e-9);
	/* single issue (a Cortex-M-like table): one per cycle */
	CHECK_NEAR(cycles(TABLE("inorder\t1", ""), indep, 4, &m), 4, 1e-9);
	/* out of order, 3 wide, 2 integer pipes: resource bound 2; the chain 4 */
	CHECK_NEAR(cycles(TABLE("ooo\t3", ""), indep, 4, &m), 2, 1e-9);
	CHECK_NEAR(cycles(TABLE("ooo\t3", ""), chain, 4, &m), 4, 1e-9);
	/* a CBC-like chain of two AES rounds: 4 x latency 3 unfused; fused
	   pairs of latency 2: 2 x 2 */
	CHECK_NEAR(cycles(TABLE("inorder\t2", ""), aes, 4, &m), 12, 1e-9);
	CHECK_NEAR(cycles(TABLE("inorder\t2", "fuse\taese\taesmc\t2\t1\ttest\n"), aes, 4, &m), 4,
		   1e-9);
	CHECK_NEAR(cycles(TABLE("ooo\t3", ""), aes, 4, &m), 12, 1e-9);
	CHECK_NEAR(cycles(TABLE("ooo\t3", "fuse\taese\taesmc\t2\t1\ttest\n"), aes, 4, &m), 4, 1e-9);
	/* one register, two names: add v0.4s then sha256h q0 (the same
	   register) chain 3 + 6; add w0 then add x0 chain 1 + 1 */
	static const uint32_t sha[] = {0x4ea18400, 0x5e104040};
	static const uint32_t wx[] = {0x11000400, 0x91000400};
	CHECK_NEAR(cycles(TABLE("ooo\t3", "insn\tadd/q\tf0\t3\t1\ttest\n"
					  "insn\tsha256h\tf0\t6\t2\ttest\n"),
			  sha, 2, &m),
		   9, 1e-9);
	CHECK_NEAR(cycles(TABLE("ooo\t3", ""), wx, 2, &m), 2, 1e-9);
	/* an instruction without a row is not modelled */
	static const uint32_t eor[] = {0xca010000}; /* eor x0, x0, x1 */
	cycles(TABLE("inorder\t2", ""), eor, 1, &m);
	CHECK(m == 0);

	/* shared pipes (share): an F0-only uop and two F0/F1 uops, all
	   independent (each writes what it reads, latency 1): 3 uops on 2
	   pipes take 1.5 cycles a repetition; without the share line the core
	   would have 3 pipes and take 1 */
	static const uint32_t mix[] = {0x4e284820, 0x6e241c62, 0x6e271cc5};
#define SHARED(share)                                                                              \
	"core\tt\t1\ttest\nissue\tooo\t4\ttest\n"                                                  \
	"pipe\tf0\t1\ttest\npipe\tfp\t2\ttest\n" share "insn\taese\tf0\t1\t1\ttest\n"              \
	"insn\teor/q\tfp\t1\t1\ttest\n"
	CHECK_NEAR(cycles(SHARED("share\tfp\tf0\ttest\n"), mix, 3, &m), 1.5, 1e-9);
	CHECK_NEAR(cycles(SHARED(""), mix, 3, &m), 1, 1e-9);
	/* the window: a 20-cycle chain (udiv x0, x0, x1) and 8 independent
	   adds repeated: out of order the adds overlap the chain (20 a
	   repetition); a window of 2 lets at most one add past the udiv */
	static const uint32_t div[] = {0x9ac10800, 0x91000442, 0x91000463, 0x91000484, 0x910004a5,
				       0x910004c6, 0x910004e7, 0x91000508, 0x91000529};
#define WINDOW(w)                                                                                  \
	"core\tt\t1\ttest\nissue\tooo\t4\ttest\n" w "pipe\tint\t1\ttest\n"                         \
	"insn\tudiv\tint\t20\t1\ttest\ninsn\tadd\tint\t1\t1\ttest\n"
	CHECK_NEAR(cycles(WINDOW(""), div, 9, &m), 20, 1e-9);
	CHECK(cycles(WINDOW("window\t2\ttest\n"), div, 9, &m) > 20.5);
	/* forms: eor x0, x0, x1, ror #18 takes the /s row (latency 2 on a
	   pipe of its own), the plain form the mnemonic's; ror x0 takes the
	   /x row, ror w0 the mnemonic's */
	static const uint32_t eor_s[] = {0xcac14800, 0xcac14800};
	static const uint32_t eor_p[] = {0xca010000, 0xca010000};
	static const uint32_t ror_x[] = {0x93c00400, 0x93c00400};
	static const uint32_t ror_w[] = {0x13800400, 0x13800400};
#define FORMS                                                                                      \
	"core\tt\t1\ttest\nissue\tooo\t3\ttest\npipe\tint\t2\ttest\npipe\tm\t1\ttest\n"            \
	"insn\teor\tint\t1\t1\ttest\ninsn\teor/s\tm\t2\t1\ttest\n"                                 \
	"insn\tror\tint\t1\t1\ttest\ninsn\tror/x\tm\t3\t1\ttest\n"
	CHECK_NEAR(cycles(FORMS, eor_s, 2, &m), 4, 1e-9);
	CHECK_NEAR(cycles(FORMS, eor_p, 2, &m), 2, 1e-9);
	CHECK_NEAR(cycles(FORMS, ror_x, 2, &m), 6, 1e-9);
	CHECK_NEAR(cycles(FORMS, ror_w, 2, &m), 2, 1e-9);

	/* every record needs its source; unknown records and pipes are refused */
	cs_pipe_table t;
	char why[256];
	CHECK(cs_pipe_table_parse("core\tt\t1\n", "x", &t, why, sizeof why) != 0);
	CHECK(strstr(why, "x line 1") != NULL);
	CHECK(cs_pipe_table_parse("core\tt\t1\ts\nissue\tinorder\t2\ts\ninsn\tadd\tnone\t1\t1\ts\n",
				  "x", &t, why, sizeof why) != 0);
	CHECK(cs_pipe_table_parse("bogus\tt\ts\n", "x", &t, why, sizeof why) != 0);
	/* the shared reader's refusals (core/report/tsv.c): a byte-order mark, CRLF */
	CHECK(cs_pipe_table_parse("\xEF\xBB\xBF"
				  "core\tt\t1\ts\n",
				  "x", &t, why, sizeof why) != 0);
	CHECK(strstr(why, "x line 1: starts with a UTF-8 byte-order mark") != NULL);
	CHECK(cs_pipe_table_parse("core\tt\t1\ts\r\nissue\tinorder\t2\ts\r\n", "x", &t, why,
				  sizeof why) != 0);
	CHECK(strstr(why, "x line 1: a carriage return (a CRLF line end)") != NULL);
	/* share: both pipes declared, the inner one no larger; error: a factor */
	CHECK(cs_pipe_table_parse("core\tt\t1\ts\nissue\tooo\t3\ts\npipe\tfp\t2\ts\n"
				  "share\tfp\tf0\ts\ninsn\tadd\tfp\t1\t1\ts\n",
				  "x", &t, why, sizeof why) != 0);
	CHECK(strstr(why, "x line 4: bad share") != NULL);
	CHECK(cs_pipe_table_parse("core\tt\t1\ts\nissue\tooo\t3\ts\nerror\t0.9\ts\n"
				  "pipe\tfp\t2\ts\ninsn\tadd\tfp\t1\t1\ts\n",
				  "x", &t, why, sizeof why) != 0);
	CHECK(strstr(why, "x line 3: bad error") != NULL);
	/* the shipped tables load */
	CHECK(cs_pipe_table_load(CS_COSTS_DIR, "cortex-a53", &t, why, sizeof why) == 0 &&
	      t.inorder && t.width == 2);
	CHECK(cs_pipe_table_load(CS_COSTS_DIR, "cortex-a72", &t, why, sizeof why) == 0 &&
	      !t.inorder && t.width == 3);
	CHECK(cs_pipe_table_load(CS_COSTS_DIR, "cortex-a57", &t, why, sizeof why) == 0 &&
	      !t.inorder && t.width == 3);
	/* F0 is one of the A57's two FP pipes: the f0 kind's pipe is the fp
	   kind's first */
	CHECK(t.n_units == 8 && t.error >= 1); /* I0 I1 M B L S F0 F1 */

	/* every shipped <core>.pipe.tsv parses, its core line naming the file */
	DIR *d = opendir(CS_COSTS_DIR);
	CHECK(d != NULL);
	size_t shipped = 0;
	for (struct dirent *e; d && (e = readdir(d));) {
		size_t len = strlen(e->d_name);
		const char *ext = ".pipe.tsv";
		if (len <= strlen(ext) || strcmp(e->d_name + len - strlen(ext), ext) != 0)
			continue;
		char core[256];
		snprintf(core, sizeof core, "%.*s", (int)(len - strlen(ext)), e->d_name);
		int rc = cs_pipe_table_load(CS_COSTS_DIR, core, &t, why, sizeof why);
		if (rc != 0)
			printf("%s: %s\n", e->d_name, why);
		CHECK(rc == 0 && strcmp(t.core, core) == 0);
		shipped++;
	}
	if (d)
		closedir(d);
	CHECK(shipped >= 4);

	/* the Cortex-A76 table (LLVM's Neoverse N1 model): out of order, 8 wide,
	   a window of 128 */
	CHECK(cs_pipe_table_load(CS_COSTS_DIR, "cortex-a76", &t, why, sizeof why) == 0 &&
	      !t.inorder && t.width == 8 && t.window == 128);
	/* six independent adds (add xN, xN, #1, N = 0..5): each a chain of
	   latency 1 across executions, but the integer pipes bind: add is
	   "int 1 1" and int has 3 pipes (S0, S1, M), so 6 / 3 = 2 cycles */
	static const uint32_t add6[] = {0x91000400, 0x91000421, 0x91000442,
					0x91000463, 0x91000484, 0x910004a5};
	CHECK_NEAR(cycles_on(&t, add6, 6, &m), 2, 1e-9);
	CHECK(m == 6);
	/* a CBC-like chain of two fused AES pairs (aes[] above): the fuse row
	   aese+aesmc has latency 2 (aese 2, less aesmc's 2-cycle read advance,
	   plus aesmc 2), so 2 x 2 = 4 cycles */
	CHECK_NEAR(cycles_on(&t, aes, 4, &m), 4, 1e-9);
	CHECK(m == 4);
	/* four independent fused pairs (aese vN, v1; aesmc vN, vN; N = 2..5):
	   each pair holds the one f0 pipe (V0) for 1 cycle and chains on
	   itself with latency 2: max(4 x 1, 2) = 4 cycles (unfused, two V0 uops
	   a pair: 8) */
	static const uint32_t aes4[] = {0x4e284822, 0x4e286842, 0x4e284823, 0x4e286863,
					0x4e284824, 0x4e286884, 0x4e284825, 0x4e2868a5};
	CHECK_NEAR(cycles_on(&t, aes4, 8, &m), 4, 1e-9);
	return check_done("test_pipeline");
}
