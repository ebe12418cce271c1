/* compare's same-run verdict (the margin sign rule, docs/nightly.md "The
   wall-time duet"): synthetic repetitions, exact, no timing. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "results.h"
#include "verdict.h"

#define R 5

/* The machine's state per repetition, common to both builds of a pair: this
   machine runs the same code at two speeds from run to run (AES-GCM 8192 B
   at 2.9 or 4.6 GB/s), so a repetition is in the slow or the fast mode. */
static const double mode[R] = {1.0, 4.6 / 2.9, 1.0, 4.6 / 2.9, 4.6 / 2.9};
/* Each side's own jitter per repetition (within +-1 %). */
static const double jitter_base[R] = {1.01, 0.99, 1.0, 1.005, 0.995};
static const double jitter_new[R] = {0.995, 1.01, 0.99, 1.0, 1.008};

/* One same-run file: libraries "base" and "new", one cell each (sha256 digest
   16), repetition k at rate 1e8 x mode[k] x jitter (x shift for "new"). */
static char *
same_run_file(double shift)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	fputs("{\"schema\":\"cryptospeed/1\",\"cells\":[", f);
	for (int side = 0; side < 2; side++) {
		double rate[R];
		for (int k = 0; k < R; k++)
			rate[k] = 1e8 * mode[k] * (side ? shift * jitter_new[k] : jitter_base[k]);
		fprintf(f,
			"%s{\"lib\":\"%s\",\"path\":\"p\",\"alg\":\"sha256\",\"op\":\"digest\","
			"\"size\":16,\"status\":\"ok\",\"n_samples\":%d,"
			"\"rate\":{\"median\":%.17g,\"unit\":\"B/s\"},"
			"\"ns_per_op\":{\"median\":%.17g},\"repetitions\":[",
			side ? "," : "", side ? "new" : "base", R, rate[2], 16e9 / rate[2]);
		for (int k = 0; k < R; k++)
			fprintf(f,
				"%s{\"seed\":%d,\"status\":\"ok\",\"rate\":%.17g,"
				"\"ns_per_op\":%.17g,\"n_samples\":1}",
				k ? "," : "", 40 + k, rate[k], 16e9 / rate[k]);
		fputs("]}", f);
	}
	fputs("]}", f);
	fclose(f);
	return text;
}

/* compare FILE --base base --new new: the one cell's verdict. */
static cs_speed
same_run_verdict(double shift, bool *paired)
{
	char *text = same_run_file(shift);
	cs_res_file file;
	char why[512];
	cs_speed speed = CS_SPEED_NONE;
	if (cs_results_load_buffer(text, strlen(text), "duet.json", &file, why, sizeof why) != 0) {
		printf("FAIL: %s\n", why);
		check_failures++;
		free(text);
		return speed;
	}
	cs_compare_opts o = cs_compare_defaults;
	o.base_sel = "base";
	o.cur_sel = "new";
	cs_comparison cmp;
	if (cs_compare(&file, &file, &o, &cmp, why, sizeof why) == 0) {
		CHECK(cmp.n_cells == 1);
		speed = cmp.cells[0].speed;
		*paired = cmp.cells[0].paired;
		cs_comparison_free(&cmp);
	} else {
		printf("FAIL: %s\n", why);
		check_failures++;
	}
	cs_results_free(&file);
	free(text);
	return speed;
}

/* A 10 % slowdown under bimodal noise common to both builds: flagged slower;
   the same builds (A/A) under that noise: not flagged; a 10 % speed-up:
   faster. Unpaired, the mode (x1.59) would swamp both. */
static void
test_bimodal(void)
{
	bool paired = false;
	CHECK(same_run_verdict(0.9, &paired) == CS_SPEED_SLOWER);
	CHECK(paired);
	CHECK(same_run_verdict(1.0, &paired) == CS_SPEED_SAME);
	CHECK(same_run_verdict(1.0 / 0.9, &paired) == CS_SPEED_FASTER);
	CHECK(same_run_verdict(0.97, &paired) == CS_SPEED_SAME); /* under the 5 % threshold */
}

/* The rule itself, at the default threshold 5 %. */
static void
test_rule(void)
{
	const double t = 0.05;
	const double down[R] = {0.90, 0.91, 0.89, 0.92, 0.90};
	CHECK(cs_paired_verdict(down, R, t) == CS_SPEED_SLOWER);
	/* one repetition within the margin (0.98 >= 0.975): not flagged */
	const double one_in[R] = {0.90, 0.91, 0.98, 0.92, 0.90};
	CHECK(cs_paired_verdict(one_in, R, t) == CS_SPEED_SAME);
	/* every ratio below 1 - t/2 but the median not below 1 - t */
	const double small[R] = {0.96, 0.96, 0.96, 0.97, 0.90};
	CHECK(cs_paired_verdict(small, R, t) == CS_SPEED_SAME);
	/* an outlier the other way, however large, breaks the sign run */
	const double mixed[R] = {0.90, 0.91, 1.60, 0.92, 0.90};
	CHECK(cs_paired_verdict(mixed, R, t) == CS_SPEED_SAME);
	/* the mirror image in log scale: 1 / 0.9 each way */
	double up[R];
	for (int k = 0; k < R; k++)
		up[k] = 1 / down[k];
	CHECK(cs_paired_verdict(up, R, t) == CS_SPEED_FASTER);
	/* fewer than three pairs: never a verdict from this rule */
	CHECK(cs_paired_verdict(down, 2, t) == CS_SPEED_SAME);
}

/* The stated false-positive rate, exactly: under no change each ratio is
   below the margin (0.9), within it (1) or above it (1/0.9), the two tails
   alike (q/2 each); over all 3^R patterns the flagged ones weigh exactly
   2 (q/2)^R, and with q = 1 (every ratio beyond the margin, the worst case)
   2 of the 2^R sign patterns are flagged: 2^(1-R). */
static void
test_false_positive_rate(void)
{
	const double t = 0.05, value[3] = {0.9, 1.0, 1 / 0.9};
	const double qs[] = {1.0, 0.5, 0.2};
	for (size_t qi = 0; qi < sizeof qs / sizeof qs[0]; qi++) {
		double q = qs[qi], p[3] = {q / 2, 1 - q, q / 2}, flagged = 0;
		int n_flagged = 0;
		for (int code = 0; code < 243; code++) { /* 3^5 */
			double r[R], w = 1;
			for (int k = 0, c = code; k < R; k++, c /= 3) {
				r[k] = value[c % 3];
				w *= p[c % 3];
			}
			if (cs_paired_verdict(r, R, t) != CS_SPEED_SAME) {
				flagged += w;
				n_flagged++;
			}
		}
		CHECK(n_flagged == 2); /* all below, all above */
		CHECK_NEAR(flagged, 2 * pow(q / 2, R), 1e-15);
	}
	CHECK_NEAR(2 * pow(0.5 / 2, R), 0.001953125, 1e-15); /* 0.2 % at q = 1/2 */
}

int
main(void)
{
	test_rule();
	test_false_positive_rate();
	test_bimodal();
	return check_done("test_verdict");
}
