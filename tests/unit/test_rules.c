/* The honest ranking rules (core/report/rules.c) on synthetic cells: ties
   by overlapping intervals, pairwise and through a chain; a ranking over
   several points compares only the points every ranked library has, the
   others listed apart with what they miss; and the verdict's answers follow
   both. */
#define _GNU_SOURCE /* open_memstream */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "report.h"

/* A cell with its median rate and 95% interval (B/s when size > 0). */
static json_t *
cell(const char *lib, const char *alg, const char *op, long long size, double rate, double lo,
     double hi)
{
	json_t *c = json_pack("{ss ss ss ss sI ss ss}", "lib", lib, "path", "p", "alg", alg, "op",
			      op, "size", (json_int_t)size, "status", "ok", "mask", "none");
	json_object_set_new(c, "rate",
			    json_pack("{sf ss sf sf s[ff]}", "median", rate, "unit",
				      size ? "B/s" : "op/s", "q1", rate, "q3", rate, "ci95", lo,
				      hi));
	return c;
}

int
main(void)
{
	/* places: a ~ b, b ~ c, a !~ c: one place for all three; d apart */
	{
		double lo[] = {95, 88, 80, 40}, hi[] = {105, 97, 90, 50};
		size_t place[4];
		bool tie[4];
		CHECK(cs_rules_places(lo, hi, 4, place, tie) == 0);
		CHECK(place[0] == 1 && place[1] == 1 && place[2] == 1 && place[3] == 4);
		CHECK(tie[0] && tie[1] && tie[2] && !tie[3]);
	}
	/* no overlap at all: 1, 2, 3 */
	{
		double lo[] = {9, 6, 3}, hi[] = {10, 7, 4};
		size_t place[3];
		bool tie[3];
		CHECK(cs_rules_places(lo, hi, 3, place, tie) == 0);
		CHECK(place[0] == 1 && place[1] == 2 && place[2] == 3 && !tie[0] && !tie[2]);
	}
	/* a wide interval reaching past its neighbour: a ~ c, b between them
	   is placed with them (never below c, which overlaps a) */
	{
		double lo[] = {50, 80, 40}, hi[] = {100, 84, 60};
		size_t place[3];
		bool tie[3];
		CHECK(cs_rules_places(lo, hi, 3, place, tie) == 0);
		CHECK(place[0] == 1 && place[1] == 1 && place[2] == 1);
	}
	/* the case: fetch [54.81, 78.13] ties botan [66.53, 69.22]
	   even when a faster cell overlaps fetch but not botan */
	{
		double lo[] = {74, 54.81, 66.53, 59}, hi[] = {90, 78.13, 69.22, 62};
		size_t place[4];
		bool tie[4];
		CHECK(cs_rules_places(lo, hi, 4, place, tie) == 0);
		CHECK(place[1] == place[2] && tie[2]);
	}
	/* common points: a and b have all three, c misses one */
	{
		bool has[] = {1, 1, 1, 1, 1, 1, 1, 0, 1}, ranked[3], use[3];
		cs_rules_common(has, 3, 3, ranked, use);
		CHECK(ranked[0] && ranked[1] && !ranked[2]);
		CHECK(use[0] && use[1] && use[2]);
	}
	/* nobody has every point: the two with the most, over what they share */
	{
		bool has[] = {1, 1, 1, 0, /**/ 0, 1, 1, 1, /**/ 1, 0, 0, 0}, ranked[3], use[4];
		cs_rules_common(has, 3, 4, ranked, use);
		CHECK(!use[0] && use[1] && use[2] && !use[3]);
		CHECK(ranked[0] && ranked[1] && !ranked[2]);
	}
	CHECK(strlen(cs_rules_tie_text()) < 120);

	/* the verdict on synthetic cells: x25519 keygen and derive for a, b, c
	   (a ~ b, b ~ c, a !~ c at both ops), and d with keygen only */
	json_t *cells = json_array();
	const char *ops[] = {"keygen", "derive"};
	for (int o = 0; o < 2; o++) {
		json_array_append_new(cells, cell("a", "x25519", ops[o], 0, 100, 95, 105));
		json_array_append_new(cells, cell("b", "x25519", ops[o], 0, 92, 88, 97));
		json_array_append_new(cells, cell("c", "x25519", ops[o], 0, 85, 80, 90));
		json_array_append_new(cells, cell("e", "x25519", ops[o], 0, 40, 38, 42));
	}
	json_array_append_new(cells, cell("d", "x25519", "keygen", 0, 500, 490, 510));
	json_t *doc = json_pack("{ss so}", "schema", "cryptospeed/1", "cells", cells);
	cs_res_file file;
	char bad[512];
	int loaded = cs_results_decode(doc, "crafted", &file, bad, sizeof bad);
	CHECK(loaded == 0);
	if (loaded != 0) {
		printf("%s\n", bad);
		return check_done("rules");
	}
	const cs_res_file *files[] = {&file};
	cs_matrix m;
	CHECK(cs_matrix_build(&m, files, 1) == 0);
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	cs_report_summary(&m, "text", out);
	fclose(out);
	printf("%s", text);
	/* d is fastest at keygen but misses derive: listed apart, not first */
	CHECK(strstr(text, "X25519 ") != NULL);
	CHECK(strstr(text, "=1 a 1.00x, =1 b 1.09x, =1 c 1.18x, 4 e 2.50x") != NULL);
	CHECK(strstr(text, "1 apart") != NULL);
	CHECK(strstr(text, "1 d ") == NULL);
	CHECK(strstr(text, cs_rules_tie_text()) != NULL);
	for (char *line = text; line && *line;) {
		char *nl = strchr(line, '\n');
		size_t n = nl ? (size_t)(nl - line) : strlen(line);
		CHECK(n < 120);
		line = nl ? nl + 1 : NULL;
	}
	free(text);
	/* markdown: the full answer names what d misses */
	text = NULL;
	out = open_memstream(&text, &len);
	cs_report_summary(&m, "markdown", out);
	fclose(out);
	CHECK(strstr(text, "apart: d (misses derive)") != NULL);
	free(text);
	/* the rank view at one point follows the same rule */
	for (size_t b = 0; b < m.n_blocks; b++) {
		cs_rank r;
		CHECK(cs_rank_size(&m, &m.blocks[b], 0, &r) == 0);
		bool keygen = strcmp(m.blocks[b].op, "keygen") == 0;
		CHECK(r.n == (keygen ? 5u : 4u));
		/* keygen: d 1, a = b = c 2, e 5; derive: a = b = c 1, e 4 */
		size_t want[] = {1, 2, 2, 2, 5}, *w = keygen ? want : want + 1;
		for (size_t i = 0; i < r.n && i < 5; i++)
			CHECK(r.e[i].place == (keygen ? w[i] : (i < 3 ? 1 : 4)));
		cs_rank_free(&r);
	}
	cs_matrix_free(&m);
	cs_results_free(&file);
	json_decref(doc);
	return check_done("rules");
}
