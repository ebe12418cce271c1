/* The result file: built from a run, written atomically, read back, reported. */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "orchestrator.h"
#include "report.h"
#include "results.h"
#include "outfile.h"

static int
dump(FILE *f, void *arg)
{
	return json_dumpf(arg, f, JSON_PRESERVE_ORDER);
}

int
main(void)
{
	cs_config cfg = {.precision = 0.01, .budget_s = 0.25, .format = "text", .n_sizes = 1,
			 .sizes = {1000}, .multi = 1, .evidence_size = 8192};
	cs_worker_file file = {.name = "fakelib", .path = "/nowhere"};
	cs_worker w = {.file = &file, .mask = "no-sha", .cpu = -1};
	w.hello = json_pack("{ss ss ss ss}", "version", "Fake 1.2", "build", "-O2",
			    "cpu_info", "", "worker", "cryptospeed-worker-fakelib");
	cs_worker *ws[] = {&w};
	double ns[4] = {100, 110, 90, 105}; /* ns per op: median 102.5 */
	cs_rcell cells[2] = {
		{.w = &w, .path = "p", .alg = &cs_alg_sha256, .op = CS_OP_DIGEST, .size = 1000,
		 .status = "ok", .kat = "pass", .fingerprint = "0123456789abcdef", .batch = 7,
		 .ns = ns, .n = 4, .agree = 1},
		{.w = &w, .path = "p", .alg = &cs_alg_x25519, .op = CS_OP_DERIVE, .status = "wrong",
		 .detail = "RFC 7748 6.1: output differs", .agree = -1},
	};
	cs_summarize(ns, 4, &cells[0].sum);
	cs_run run = {.cfg = &cfg, .workers = ws, .n_workers = 1, .cells = cells, .n_cells = 2,
		      .elapsed_s = 1.5, .started = "2026-01-01T00:00:00Z"};

	json_t *r = cs_results_json(&run);
	char dir[] = "/tmp/cs-test-results.XXXXXX";
	CHECK(mkdtemp(dir) != NULL);
	char path[256], bad[300];
	snprintf(path, sizeof path, "%s/r.json", dir);
	char why[512], target[4096];
	CHECK(cs_outfile_check(path, target, sizeof target, why, sizeof why) == 0);
	snprintf(bad, sizeof bad, "%s/missing/r.json", dir);
	CHECK(cs_outfile_check(bad, target, sizeof target, why, sizeof why) == -1);
	CHECK(strstr(why, "missing/r.json") != NULL);
	CHECK(cs_outfile_write(path, dump, r, why, sizeof why) == 0);
	CHECK(cs_outfile_write(bad, dump, r, why, sizeof why) == -1);
	json_decref(r);

	json_error_t e;
	json_t *back = json_load_file(path, JSON_PRESERVE_ORDER, &e);
	CHECK(back != NULL);
	CHECK(strcmp(json_object_iter_key(json_object_iter(back)), "schema") == 0);
	CHECK(strcmp(json_string_value(json_object_get(back, "schema")), "cryptospeed/1") == 0);
	json_t *c0 = json_array_get(json_object_get(back, "cells"), 0);
	json_t *c1 = json_array_get(json_object_get(back, "cells"), 1);
	CHECK(strcmp(json_string_value(json_object_get(c0, "lib_version")), "Fake 1.2") == 0);
	CHECK(strcmp(json_string_value(json_object_get(c0, "mask")), "no-sha") == 0);
	json_t *rate = json_object_get(c0, "rate");
	/* 1000 B per 102.5 ns */
	CHECK_NEAR(json_real_value(json_object_get(rate, "median")), 1000 / 102.5e-9, 1);
	/* a rate's q1 comes from the time's q3 */
	CHECK(json_real_value(json_object_get(rate, "q1")) <
	      json_real_value(json_object_get(rate, "q3")));
	CHECK(strcmp(json_string_value(json_object_get(rate, "unit")), "B/s") == 0);
	CHECK(json_array_size(json_object_get(c0, "samples")) == 4);
	CHECK_NEAR(json_real_value(json_array_get(json_object_get(c0, "samples"), 2)), 90, 0);
	CHECK(json_is_true(json_object_get(c0, "agree")));
	CHECK(strcmp(json_string_value(json_object_get(c1, "status")), "wrong") == 0);
	CHECK(json_object_get(c1, "rate") == NULL); /* a wrong answer is never timed */
	CHECK(json_object_get(c1, "agree") == NULL);

	/* the text matrix from the re-read file */
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	cs_report_text(back, f);
	fclose(f);
	CHECK(strstr(text, "fakelib/p/no-sha") != NULL);
	CHECK(strstr(text, "9756.1") != NULL); /* 1000 B / 102.5 ns = 9756.1 MB/s */
	CHECK(strstr(text, "wrong") != NULL);
	free(text);
	json_decref(back);
	json_decref(w.hello);
	unlink(path);
	rmdir(dir);
	return check_done("results");
}
