/* The loader's two parsers (core/results/parse.c) give one result: yajl's
   events build the tree jansson's json_loadb builds, byte for byte in
   order and type, and every text one refuses the other refuses with
   jansson's own message. Checked on hand-made edge cases (escapes,
   white space, UTF-8, numbers, duplicates, nesting, trailing bytes), on
   every file of the fuzz seed corpora (CS_CORPUS, or the directories given), and on a
   generated 4,000-cell file, whose decoded model must also equal
   encode -> decode of itself (the encoded text is a fixed point). */
#define _GNU_SOURCE
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "parse.h"
#include "results.h"

/* Both parsers on one text: the same tree (compact, in order) or the same error. */
static void
same_parse(const char *what, const char *buf, size_t len)
{
	json_error_t e1, e2;
	cs_res_arena *a1, *a2;
	bool s1, s2;
	memset(&e1, 0, sizeof e1);
	memset(&e2, 0, sizeof e2);
	json_t *t1 = cs_res_parse(buf, len, CS_RES_PARSE_BEST, &e1, &a1, &s1);
	json_t *t2 = cs_res_parse(buf, len, CS_RES_PARSE_JANSSON, &e2, &a2, &s2);
	if (!t1 || !t2) {
		bool same = !t1 && !t2 && strcmp(e1.text, e2.text) == 0 && e1.line == e2.line &&
			    e1.column == e2.column && e1.position == e2.position;
		if (!same)
			printf("%s: best %s '%s', jansson %s '%s'\n", what,
			       t1 ? "parsed" : "refused", t1 ? "" : e1.text,
			       t2 ? "parsed" : "refused", t2 ? "" : e2.text);
		CHECK(same);
	} else {
		char *d1 = json_dumps(t1, JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_ENCODE_ANY);
		char *d2 = json_dumps(t2, JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_ENCODE_ANY);
		bool same = d1 && d2 && strcmp(d1, d2) == 0;
		if (!same)
			printf("%s: the trees differ\n", what);
		CHECK(same);
		free(d1);
		free(d2);
	}
	cs_res_arena_release(a1);
	cs_res_arena_release(a2);
}

/* Both parsers, then the decoder: the same model (its encoding) or the same message. */
static void
same_load(const char *what, const char *buf, size_t len)
{
	same_parse(what, buf, len);
	char w1[1024] = "", w2[1024] = "";
	cs_res_file f1, f2;
	int r1 = cs_results_load_buffer(buf, len, what, &f1, w1, sizeof w1);
	/* the reference: jansson's tree through the public decoder */
	json_error_t e;
	cs_res_arena *a;
	bool shallow;
	json_t *t = cs_res_parse(buf, len, CS_RES_PARSE_JANSSON, &e, &a, &shallow);
	int r2 = t ? cs_results_decode(t, what, &f2, w2, sizeof w2) : -1;
	if (r1 == 0 && r2 == 0) {
		char *x1 = cs_results_encode_text(&f1), *x2 = cs_results_encode_text(&f2);
		CHECK(x1 && x2 && strcmp(x1, x2) == 0);
		free(x1);
		free(x2);
	} else if (t) {
		if (r1 != r2 || strcmp(w1, w2) != 0)
			printf("%s: '%s' vs '%s'\n", what, w1, w2);
		CHECK(r1 == r2 && strcmp(w1, w2) == 0);
	} else {
		CHECK(r1 != 0);
	}
	if (r1 == 0)
		cs_results_free(&f1);
	if (r2 == 0)
		cs_results_free(&f2);
	cs_res_arena_release(a);
}

/* Edge cases where a fast parser could disagree with jansson. */
static void
test_edges(void)
{
	static const char *const texts[] = {
		"{}",
		"[]",
		" \t\r\n{ \"a\" : [ 1 , 2.5 , -0 , -0.0 , 1e2 , 1E+2 , 1.5e-3 , true , false , "
		"null ] } \n",
		"\f{}",
		"{}\v",
		"{\"a\":\"\\u00e9\\ud83d\\ude00\"}",
		"{\"a\":\"\\ud800\"}",
		"{\"a\":\"\\udc00x\"}",
		"{\"a\":\"\\ud800\\u0041\"}",
		"{\"a\":\"x\\u0000y\"}",
		"{\"a\\u0000\":1}",
		"{\"a\":\"\\\\u0041\"}",
		"{\"a\":\"\\\"\\\\\\/\\b\\f\\n\\r\\t\"}",
		"{\"a\":\"\xc3\xa9\xe2\x80\x94\xf0\x9f\x98\x80\"}",
		"{\"a\":\"\xc0\x80\"}",
		"{\"a\":\"\xed\xa0\x80\"}",
		"{\"a\":\"\xf5\x80\x80\x80\"}",
		"{\"a\":\"\xf4\x90\x80\x80\"}",
		"{\"\xc0\xaf\":1}",
		"{\"a\":\"\x80\"}",
		"{\"a\":\"tab\there\"}",
		"{\"a\":1,\"a\":2}",
		"{\"a\":{\"b\":1,\"b\":1}}",
		"{\"a\":1}x",
		"{\"a\":1} {}",
		"{\"a\":1}\n\n\n",
		"{\"a\":01}",
		"{\"a\":-}",
		"{\"a\":1.}",
		"{\"a\":.5}",
		"{\"a\":1e}",
		"{\"a\":+1}",
		"{\"a\":9223372036854775807}",
		"{\"a\":9223372036854775808}",
		"{\"a\":-9223372036854775808}",
		"{\"a\":-9223372036854775809}",
		"{\"a\":1e308}",
		"{\"a\":1e309}",
		"{\"a\":-1e309}",
		"{\"a\":1e-400}",
		"{\"a\":0.1000000000000000055511151231257827021181583404541015625000000000001}",
		"{\"a\":NaN}",
		"{\"a\":Infinity}",
		"{\"a\":[1,]}",
		"{\"a\":1,}",
		"{\"a\" 1}",
		"{'a':1}",
		"{\"a\":1 /* c */}",
		"\"top\"",
		"42",
		"true",
		"",
		"   ",
		"\xef\xbb\xbf{}",
		"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]",
		"{\"a\":[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]}",
		"{\"a\":[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]}",
		"{\"schema\":\"cryptospeed/1\",\"cells\":[]}",
		"{\"schema\":\"cryptospeed/"
		"1\",\"cells\":[{\"lib\":\"l\",\"path\":\"p\",\"alg\":\"a\","
		"\"op\":\"digest\",\"size\":16,\"status\":\"ok\",\"rate\":{\"median\":1,\"unit\":"
		"\"B/s\"},\"samples\":[1,2,0]}]}",
		"{\"schema\":\"cryptospeed/"
		"1\",\"cells\":[{\"lib\":\"l\",\"path\":\"p\",\"alg\":\"a\","
		"\"op\":\"digest\",\"size\":16,\"status\":\"ok\",\"rate\":{\"median\":1,\"unit\":"
		"\"B/s\"},\"samples\":[1,2,\"3\"]}]}",
	};
	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
		char what[32];
		snprintf(what, sizeof what, "edge %zu", i);
		same_load(what, texts[i], strlen(texts[i]));
	}
	/* every byte inside a string, and as white space before the text */
	for (int c = 1; c < 256; c++) {
		char t[16], what[32];
		snprintf(t, sizeof t, "{\"a\":\"%c\"}", c);
		snprintf(what, sizeof what, "byte %d in a string", c);
		same_load(what, t, strlen(t));
		snprintf(t, sizeof t, "%c{}", c);
		snprintf(what, sizeof what, "byte %d before", c);
		same_load(what, t, strlen(t));
	}
	/* a NUL byte inside and after the text */
	static const char nul[] = "{\"a\":\"x\0y\"}";
	same_load("raw NUL", nul, sizeof nul - 1);
	static const char after[] = "{\"a\":1}\0";
	same_load("NUL after", after, sizeof after - 1);
}

static char *
slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	char *buf = NULL;
	size_t cap = 0;
	*len = 0;
	for (;;) {
		if (cap - *len < 4096) {
			cap = cap ? 2 * cap : 65536;
			buf = realloc(buf, cap);
		}
		size_t got = fread(buf + *len, 1, cap - *len, f);
		*len += got;
		if (got == 0)
			break;
	}
	fclose(f);
	return buf;
}

/* Every file of a seed corpus directory (and its subdirectories). */
static size_t
test_corpus(const char *dir)
{
	DIR *d = opendir(dir);
	CHECK(d != NULL);
	if (!d)
		return 0;
	size_t n = 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		char path[4096];
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		DIR *sub = opendir(path);
		if (sub) {
			closedir(sub);
			n += test_corpus(path);
			continue;
		}
		size_t len;
		char *buf = slurp(path, &len);
		CHECK(buf != NULL);
		if (buf)
			same_load(path, buf, len);
		free(buf);
		n++;
	}
	closedir(d);
	return n;
}

/* A large file as a run writes it: every cell with 30 samples,
   quartiles, evidence; some not ok, some with repetitions or partial samples. */
static char *
big_file(size_t n)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	fprintf(f, "{\"schema\":\"cryptospeed/1\",\"tool\":{\"version\":\"0.1\"},\"host\":{"
		   "\"hostname\":\"h\",\"cpu\":{\"model\":\"m\",\"cpus\":2}},\"libraries\":[{"
		   "\"name\":\"lib\\\"q\",\"version\":\"1 \\u00e9\"}],\"cells\":[");
	for (size_t i = 0; i < n; i++) {
		const char *status = i % 97 == 3 ? "crashed" : i % 13 == 5 ? "unsupported" : "ok";
		fprintf(f,
			"%s{\"lib\":\"lib%zu\",\"path\":\"evp\",\"alg\":\"aes-128-gcm\",\"kind\":"
			"\"aead\",\"op\":\"seal\",\"size\":%d,\"status\":\"%s\"",
			i ? "," : "", i / 12, 16 << (i % 12), status);
		if (strcmp(status, "ok") == 0) {
			double m = 100.0 + (double)(i % 1000) / 7.0;
			double sz = (double)(16 << (i % 12)); /* B/s: size bytes per op */
			fprintf(f,
				",\"rate\":{\"median\":%.17g,\"q1\":%.17g,\"q3\":%.17g,\"ci95\":[%."
				"17g,%.17g],\"unit\":\"B/"
				"s\"},\"ns_per_op\":{\"median\":%.17g,\"mean\":"
				"%.17g},\"ci95_rel\":0.0123,\"batch\":%zu,\"kat\":\"pass\","
				"\"agree\":"
				"true,\"evidence\":{\"available\":true,\"classes\":{\"aes-ni\":0."
				"25,"
				"\"scalar\":0.75},\"samples\":110},\"samples\":[",
				sz * 1e9 / m, sz * 0.9e9 / m, sz * 1.1e9 / m, sz * 0.95e9 / m,
				sz * 1.05e9 / m, m, m * 1.01, 1000 + i);
			for (int k = 0; k < 30; k++)
				fprintf(f, "%s%.17g", k ? "," : "", m * (1 + (double)k / 1e3));
			fprintf(f, "]");
			if (i % 11 == 0)
				fprintf(f,
					",\"repetitions\":[{\"seed\":1,\"status\":\"ok\",\"rate\":%"
					".17g,"
					"\"ns_per_op\":%.17g,\"n_samples\":15},{\"seed\":2,"
					"\"status\":"
					"\"timeout\"}]",
					1e9 / m, m);
		} else if (strcmp(status, "crashed") == 0) {
			fprintf(f,
				",\"detail\":\"signal 9\",\"partial\":{\"n_samples\":2,\"samples\":"
				"[1.5,2.25]}");
		}
		fprintf(f, "}");
	}
	fprintf(f, "]}\n");
	fclose(f);
	return text;
}

static void
test_big(void)
{
	size_t n = 4000;
	char *text = big_file(n);
	size_t len = strlen(text);
	same_load("big", text, len);
	cs_res_file a, b;
	char why[1024];
	CHECK(cs_results_load_buffer(text, len, "big.json", &a, why, sizeof why) == 0);
	CHECK(a.n_cells == n);
	char *one = cs_results_encode_text(&a);
	CHECK(one != NULL);
	CHECK(cs_results_load_buffer(one, strlen(one), "one.json", &b, why, sizeof why) == 0);
	char *two = cs_results_encode_text(&b);
	CHECK(two != NULL && strcmp(one, two) == 0); /* decode = decode . encode . decode */
	/* and the model itself: cell by cell */
	CHECK(b.n_cells == n);
	for (size_t i = 0; i < n && i < b.n_cells; i++) {
		const cs_res_cell *x = &a.cells[i], *y = &b.cells[i];
		CHECK(strcmp(x->lib, y->lib) == 0 && strcmp(x->status, y->status) == 0 &&
		      x->size == y->size && x->ok == y->ok && x->n_samples == y->n_samples &&
		      x->n_partial == y->n_partial && x->n_reps == y->n_reps &&
		      x->rate.median == y->rate.median && x->ns.median == y->ns.median &&
		      x->ev.n_classes == y->ev.n_classes);
		for (size_t k = 0; k < x->n_samples && k < y->n_samples; k++)
			CHECK(x->samples[k] == y->samples[k]);
		if (check_failures)
			break;
	}
	CHECK(a.n_cells == n && a.cells[3].n_partial == 2 && a.cells[0].n_samples == 30 &&
	      a.cells[0].n_reps == 2 && a.cells[5].ok == false);
	free(one);
	free(two);
	cs_results_free(&a);
	cs_results_free(&b);
	free(text);
}

int
main(int argc, char **argv)
{
	test_edges();
	size_t files = 0;
	for (int i = 1; i < argc; i++)
		files += test_corpus(argv[i]);
	if (argc == 1)
		files += test_corpus(CS_CORPUS);
	test_big();
	printf("%zu corpus files\n", files);
	return check_done("test_results_parse");
}
