/* The result file: built from a run, written atomically, read back, reported. */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <time.h>
#include <jansson.h>

#include "check.h"
#include "orchestrator.h"
#include "report.h"
#include "verdict.h"
#include "results.h"
#include "outfile.h"
#include "repeat.h"

static int
dump(FILE *f, void *arg)
{
	return json_dumpf(arg, f, JSON_PRESERVE_ORDER);
}

/* A generated file of n cells (lib l<i%100>, alg a<i/100%20>, size by i/2000):
   every cell ok with 10 samples; cells with i % 200 == 7 are made twice as slow
   when slow is set. */
static json_t *
generated(size_t n, bool slow)
{
	json_t *cells = json_array();
	for (size_t i = 0; i < n; i++) {
		char lib[16], alg[16];
		snprintf(lib, sizeof lib, "l%zu", i % 100);
		snprintf(alg, sizeof alg, "a%zu", i / 100 % 20);
		double k = slow && i % 200 == 7 ? 2 : 1;
		json_t *samples = json_array();
		for (int j = 1; j <= 10; j++)
			json_array_append_new(samples, json_real(k * (100 + j)));
		json_array_append_new(cells, json_pack("{ss ss ss ss sI ss s{sf ss} so}", "lib",
						       lib, "path", "p", "alg", alg, "op", "digest",
						       "size", (json_int_t)(i / 2000 * 16 + 16),
						       "status", "ok", "rate", "median", 1e9 / k,
						       "unit", "B/s", "samples", samples));
	}
	return json_pack("{ss so}", "schema", "cryptospeed/1", "cells", cells);
}

static double
now_s(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Report or compare into a string (the caller frees). */
static char *
capture_text(const cs_res_file *const *files, size_t n)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	cs_report_text(files, n, CS_VIEW_MATRIX, f);
	fclose(f);
	return text;
}

static void
test_index(void)
{
	cs_index x = {0};
	char key[32];
	bool found;
	for (size_t i = 0; i < 10000; i++) {
		int len = snprintf(key, sizeof key, "k%zu", i);
		CHECK(cs_index_put(&x, key, (size_t)len, i, &found) == i && !found);
	}
	/* a second put finds the first value; every key maps to its own */
	CHECK(cs_index_put(&x, "k42", 3, 7, &found) == 42 && found);
	size_t wrong = 0;
	for (size_t i = 0; i < 10000; i++) {
		int len = snprintf(key, sizeof key, "k%zu", i);
		wrong += cs_index_get(&x, key, (size_t)len) != i;
	}
	CHECK(wrong == 0);
	CHECK(cs_index_get(&x, "k10000", 6) == CS_INDEX_NONE);
	CHECK(cs_index_get(&x, "k4", 1) == CS_INDEX_NONE); /* a prefix is another key */
	cs_index_free(&x);
}

/* 20,000 cells compared with a copy where 100 are twice as slow: every cell
   finds its own base (by hash), exactly those 100 are flagged. */
static void
test_compare_big(void)
{
	json_t *a = generated(20000, false), *b = generated(20000, true);
	cs_res_file base, cur;
	char why[512];
	CHECK(cs_results_decode(a, "a.json", &base, why, sizeof why) == 0);
	CHECK(cs_results_decode(b, "b.json", &cur, why, sizeof why) == 0);
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);
	double t0 = now_s();
	cs_comparison cmp;
	CHECK(cs_compare(&base, &cur, &cs_compare_defaults, &cmp, why, sizeof why) == 0);
	double t = now_s() - t0;
	cs_compare_text(&cmp, f);
	fclose(f);
	CHECK(cmp.count[CS_FLAG_SLOWER] == 100 && cmp.compared == 20000 && cmp.status == 1);
	CHECK(strstr(out, "\n20000 cells compared;") != NULL);
	/* a flagged row: l7 a0 (cell 7) at 16 B, 1000.0 -> 500.0 MB/s */
	CHECK(strstr(out, "\n  l7/p ") != NULL);
	CHECK(strstr(out, "1000.0 MB/s ->   500.0 MB/s   -50.0%") != NULL);
	cs_comparison_free(&cmp);
	printf("compare of 20,000 cells: %.0f ms (decoded)\n", t * 1e3);
	free(out);
	cs_results_free(&base);
	cs_results_free(&cur);
	json_decref(a);
	json_decref(b);
}

/* run --repeat's fold on typed models: cells matched by cs_res_cell_key,
   repetition medians, samples in order, a failure in any repetition seen. */
static void
test_fold(void)
{
	const char *one = "{\"schema\":\"cryptospeed/1\",\"elapsed_s\":1.5,\"cells\":["
			  "{\"lib\":\"l\",\"path\":\"p\",\"alg\":\"sha256\",\"op\":\"digest\","
			  "\"size\":16,\"status\":\"ok\",\"n_samples\":2,"
			  "\"rate\":{\"median\":1e8,\"unit\":\"B/s\"},"
			  "\"ns_per_op\":{\"median\":160,\"min\":150},\"samples\":[150,170]},"
			  "{\"lib\":\"l\",\"path\":\"p\",\"alg\":\"x25519\",\"op\":\"derive\","
			  "\"size\":0,\"status\":\"ok\",\"n_samples\":1,"
			  "\"rate\":{\"median\":10,\"unit\":\"op/s\"},"
			  "\"ns_per_op\":{\"median\":1e8},\"samples\":[1e8]}]}";
	const char *two = "{\"schema\":\"cryptospeed/1\",\"elapsed_s\":2,\"cells\":["
			  "{\"lib\":\"l\",\"path\":\"p\",\"alg\":\"x25519\",\"op\":\"derive\","
			  "\"size\":0,\"status\":\"crashed\",\"detail\":\"signal 9\"},"
			  "{\"lib\":\"l\",\"path\":\"p\",\"alg\":\"sha256\",\"op\":\"digest\","
			  "\"size\":16,\"status\":\"ok\",\"n_samples\":1,"
			  "\"rate\":{\"median\":3.2e8,\"unit\":\"B/s\"},"
			  "\"ns_per_op\":{\"median\":50},\"samples\":[50]}]}";
	cs_res_file reps[2], out;
	char why[512];
	if (cs_results_load_buffer(one, strlen(one), "one", &reps[0], why, sizeof why) != 0 ||
	    cs_results_load_buffer(two, strlen(two), "two", &reps[1], why, sizeof why) != 0) {
		printf("FAIL: %s\n", why);
		check_failures++;
		return;
	}
	unsigned seeds[] = {7, 8};
	int rc = cs_repeat_fold(reps, seeds, 2, &out, why, sizeof why);
	CHECK(rc == 0);
	if (rc != 0 || out.n_cells != 2) {
		printf("  fold: %s\n", rc ? why : "not 2 cells");
		return;
	}
	CHECK(out.n_cells == 2 && out.config.repeat == 2 && out.config.n_seeds == 2);
	CHECK(out.config.seeds && out.config.seeds[1] == 8);
	CHECK(out.elapsed_s == 3.5);
	const cs_res_cell *a = &out.cells[0], *b = &out.cells[1];
	/* ok in both: the median of the two medians, every sample in order */
	CHECK(a->ok && a->n_reps == 2 && a->reps[1].seed == 8 && a->reps[1].rate == 3.2e8);
	CHECK(a->rate.median == 2.1e8 && a->n_samples == 3 && a->samples[2] == 50);
	CHECK(a->n_measured == 3 && a->ns_min == 0);
	/* crashed in the second: never a rate, its ok samples kept as partial */
	CHECK(!b->ok && strcmp(b->status, "crashed") == 0);
	CHECK(b->detail && strcmp(b->detail, "repetition 2: signal 9") == 0);
	CHECK(!b->samples && b->n_partial == 1 && b->partial[0] == 1e8);
	CHECK(b->n_reps == 2 && !b->reps[1].ok && strcmp(b->reps[1].detail, "signal 9") == 0);
	cs_results_free(&out);
	cs_results_free(&reps[0]);
	cs_results_free(&reps[1]);
}

/* The run as the document run writes: the recorded model, encoded. */
static json_t *
run_json(const cs_run *run)
{
	cs_res_file f;
	char why[512];
	if (cs_record_run(run, &f, why, sizeof why) != 0) {
		fprintf(stderr, "%s\n", why);
		return NULL;
	}
	json_t *j = cs_results_encode(&f);
	cs_results_free(&f);
	return j;
}

int
main(void)
{
	cs_config cfg = {.precision = 0.01,
			 .budget_s = 0.25,
			 .format = "text",
			 .n_sizes = 1,
			 .sizes = {1000},
			 .multi = 1,
			 .evidence_size = 8192};
	cs_worker_file file = {.name = "fakelib", .path = "/nowhere"};
	cs_worker w = {.file = &file, .mask = "no-sha", .cpu = -1};
	snprintf(w.info.version, sizeof w.info.version, "Fake 1.2");
	snprintf(w.info.build, sizeof w.info.build, "-O2");
	snprintf(w.info.worker, sizeof w.info.worker, "cryptospeed-worker-fakelib");
	w.has_hello = true;
	cs_worker *ws[] = {&w};
	double ns[4] = {100, 110, 90, 105}; /* ns per op: median 102.5 */
	cs_rcell cells[2] = {
		{.w = &w,
		 .path = "p",
		 .alg = &cs_alg_sha256,
		 .op = CS_OP_DIGEST,
		 .size = 1000,
		 .status = "ok",
		 .kat = "pass",
		 .fingerprint = "0123456789abcdef",
		 .batch = 7,
		 .ns = ns,
		 .n = 4,
		 .agree = 1},
		{.w = &w,
		 .path = "p",
		 .alg = &cs_alg_x25519,
		 .op = CS_OP_DERIVE,
		 .status = "wrong",
		 .detail = "RFC 7748 6.1: output differs",
		 .agree = -1},
	};
	cs_summarize(ns, 4, &cells[0].sum);
	cs_run run = {.cfg = &cfg,
		      .workers = ws,
		      .n_workers = 1,
		      .cells = cells,
		      .n_cells = 2,
		      .elapsed_s = 1.5,
		      .started = "2026-01-01T00:00:00Z"};

	json_t *r = run_json(&run);
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
	cs_res_file typed;
	char err[512];
	CHECK(cs_results_decode(back, path, &typed, err, sizeof err) == 0);
	const cs_res_file *one = &typed;
	cs_report_text(&one, 1, CS_VIEW_MATRIX, f);
	fclose(f);

	/* the typed form holds what was written */
	CHECK(typed.n_cells == 2 && typed.n_libs == 1 && typed.n_sources == 1);
	const cs_res_cell *t0 = &typed.cells[0], *t1 = &typed.cells[1];
	CHECK(strcmp(t0->lib, "fakelib") == 0 && strcmp(t0->mask, "no-sha") == 0);
	CHECK(strcmp(t0->lib_version, "Fake 1.2") == 0 && strcmp(t0->alg, "sha256") == 0);
	CHECK(t0->ok && t0->bytes && t0->size == 1000 && t0->n_samples == 4);
	CHECK_NEAR(t0->rate.median, 1000 / 102.5e-9, 1);
	CHECK(t0->rate.has_spread && t0->rate.q1 < t0->rate.q3);
	CHECK_NEAR(t0->samples[2], 90, 0);
	CHECK(t0->agree == 1 && t0->batch == 7 && !t0->imported);
	CHECK(!t1->ok && t1->agree == -1 && strcmp(t1->status, "wrong") == 0);
	CHECK(strcmp(t1->detail, "RFC 7748 6.1: output differs") == 0);
	CHECK(strcmp(typed.libs[0].name, "fakelib") == 0 &&
	      strcmp(typed.libs[0].version, "Fake 1.2") == 0);
	/* no --label: the source is named by host and CPU model */
	CHECK(strcmp(typed.sources[0].label, typed.default_label) == 0);
	CHECK(strstr(typed.default_label, typed.cpu_model) != NULL);

	/* run --label names the source; the file says it at the top level */
	cfg.label = "board <1>";
	json_t *labelled = run_json(&run);
	cfg.label = NULL;
	CHECK(strcmp(json_string_value(json_object_get(labelled, "label")), "board <1>") == 0);
	cs_res_file lf;
	CHECK(cs_results_decode(labelled, "l.json", &lf, err, sizeof err) == 0);
	CHECK(strcmp(lf.label, "board <1>") == 0 && strcmp(lf.sources[0].label, "board <1>") == 0);
	cs_results_free(&lf);
	json_decref(labelled);

	/* two sources side by side: each row once per source, missing cells marked */
	json_t *other = json_deep_copy(back);
	json_array_remove(json_object_get(other, "cells"), 0); /* no sha256 cell there */
	json_object_set_new(other, "label", json_string("board"));
	cs_res_file second;
	CHECK(cs_results_decode(other, "other.json", &second, err, sizeof err) == 0);
	CHECK(strcmp(second.sources[0].label, "board") == 0);
	const cs_res_file *two[] = {&typed, &second};
	cs_matrix m;
	CHECK(cs_matrix_build(&m, two, 2) == 0);
	CHECK(m.n_sources == 2 && m.n_blocks == 2);
	CHECK(strcmp(m.blocks[0].alg, "sha256") == 0); /* catalogue order */
	CHECK(m.blocks[0].has_source[0] && !m.blocks[0].has_source[1]);
	CHECK(m.blocks[1].has_source[0] && m.blocks[1].has_source[1]);
	CHECK(cs_matrix_at(&m.blocks[1], &m.blocks[1].rows[0], 1, 0) == &second.cells[0]);
	cs_matrix_free(&m);
	char *both = capture_text(two, 2);
	CHECK(strstr(both, "[2] board  (other.json)") != NULL);
	CHECK(strstr(both, "[1] fakelib/p/no-sha") != NULL && strstr(both, "[2] fakelib/p/no-sha"));
	free(both);
	cs_results_free(&second);
	json_decref(other);
	cs_results_free(&typed);
	CHECK(strstr(text, "fakelib/p/no-sha") != NULL);
	CHECK(strstr(text, "9756.1") != NULL); /* 1000 B / 102.5 ns = 9756.1 MB/s */
	CHECK(strstr(text, "wrong") != NULL);
	free(text);
	json_decref(back);
	unlink(path);
	rmdir(dir);
	test_index();
	test_fold();
	test_compare_big();
	return check_done("results");
}
