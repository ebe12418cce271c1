/*
 * The ML-KEM-768 and ML-DSA-65 known answers of vectors.c are the Wycheproof
 * test cases they name, byte for byte: each vector's source says which file
 * and tcId (data/wycheproof/, the trimmed copies shipped with the notice);
 * this test finds that case and compares every field the vector holds, and
 * checks every case shipped in those files is used by some vector.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "workload.h"

#ifndef CS_VECTORS
#error "CS_VECTORS: the data/wycheproof directory"
#endif

/* How many vectors named each shipped case, by file and tcId. */
typedef struct pq_file {
	const char *name; /* file name without .json */
	json_t *doc;	  /* the parsed file */
	int used[256];	  /* times a vector named tcId i */
} pq_file;

static pq_file files[] = {
	{"mlkem_768_keygen_seed_test", NULL, {0}},
	{"mlkem_768_encaps_test", NULL, {0}},
	{"mlkem_768_test", NULL, {0}},
	{"mldsa_65_sign_seed_test", NULL, {0}},
	{"mldsa_65_verify_test", NULL, {0}},
};
#define N_FILES (sizeof files / sizeof files[0])

/* The case with this tcId, and its group. */
static json_t *
find_case(pq_file *f, long tcid, json_t **group)
{
	size_t gi, ti;
	json_t *g, *t;
	json_array_foreach(json_object_get(f->doc, "testGroups"), gi, g)
	{
		json_array_foreach(json_object_get(g, "tests"), ti, t)
		{
			if (json_integer_value(json_object_get(t, "tcId")) == tcid) {
				*group = g;
				return t;
			}
		}
	}
	return NULL;
}

/* A field of the case (or, when absent there, of its group) equals hex. */
static void
same(const char *what, json_t *t, json_t *g, const char *key, const char *hex)
{
	json_t *v = json_object_get(t, key);
	if (!v)
		v = json_object_get(g, key);
	const char *s = json_string_value(v);
	if (!s || !hex || strcmp(s, hex) != 0) {
		printf("FAIL: %s: %s differs from the Wycheproof file\n", what, key);
		check_failures++;
	}
}

/* Every "<file> tcId <n>" the source names, checked against the vector. */
static void
check_vector(const cs_alg *alg, const cs_kat *k)
{
	size_t named = 0;
	for (size_t i = 0; i < N_FILES; i++) {
		const char *at = k->source;
		size_t len = strlen(files[i].name);
		while ((at = strstr(at, files[i].name)) != NULL) {
			at += len;
			long tcid;
			if (strncmp(at, " tcId ", 6) != 0 || sscanf(at + 6, "%ld", &tcid) != 1)
				continue;
			json_t *g = NULL, *t = find_case(&files[i], tcid, &g);
			CHECK(t != NULL);
			if (!t)
				continue;
			named++;
			if (tcid >= 0 && tcid < 256)
				files[i].used[tcid]++;
			CHECK(strcmp(json_string_value(json_object_get(t, "result")), "valid") ==
			      0);
			if (alg->kind == CS_KEM) {
				if (json_object_get(t, "seed"))
					same(k->source, t, g, "seed", k->key);
				same(k->source, t, g, "ek", k->pub);
				if (json_object_get(t, "m"))
					same(k->source, t, g, "m", k->nonce);
				if (json_object_get(t, "c"))
					same(k->source, t, g, "c", k->in);
				if (json_object_get(t, "K"))
					same(k->source, t, g, "K", k->out);
			} else {
				if (json_object_get(g, "privateSeed"))
					same(k->source, t, g, "privateSeed", k->key);
				same(k->source, t, g, "publicKey", k->pub);
				same(k->source, t, g, "msg", k->in);
				same(k->source, t, g, "sig", k->out);
				/* the empty context the impls sign with */
				const char *ctx = json_string_value(json_object_get(t, "ctx"));
				CHECK(!ctx || !ctx[0]);
			}
		}
	}
	if (named == 0)
		printf("FAIL: %s: names no shipped Wycheproof case\n", k->source), check_failures++;
	/* ML-DSA: deterministic signing, rnd = 32 zero bytes */
	if (alg->kind == CS_SIG)
		CHECK(k->nonce && strspn(k->nonce, "0") == 2 * alg->nonce_len &&
		      strlen(k->nonce) == 2 * alg->nonce_len);
}

int
main(void)
{
	char path[1024];
	for (size_t i = 0; i < N_FILES; i++) {
		json_error_t err;
		snprintf(path, sizeof path, "%s/%s.json", CS_VECTORS, files[i].name);
		files[i].doc = json_load_file(path, 0, &err);
		if (!files[i].doc)
			printf("FAIL: %s: %s\n", path, err.text), check_failures++;
	}
	if (check_failures)
		return check_done("pq_vectors");
	const cs_alg *algs[] = {&cs_alg_ml_kem_768, &cs_alg_ml_dsa_65};
	for (size_t a = 0; a < 2; a++)
		for (const cs_kat *k = algs[a]->kats; k->source; k++)
			check_vector(algs[a], k);
	/* nothing shipped that no vector uses */
	for (size_t i = 0; i < N_FILES; i++) {
		size_t gi, ti;
		json_t *g, *t;
		json_array_foreach(json_object_get(files[i].doc, "testGroups"), gi, g)
		{
			json_array_foreach(json_object_get(g, "tests"), ti, t)
			{
				long id = (long)json_integer_value(json_object_get(t, "tcId"));
				if (id < 0 || id >= 256 || !files[i].used[id])
					printf("FAIL: %s tcId %ld is shipped but no vector uses "
					       "it\n",
					       files[i].name, id),
						check_failures++;
			}
		}
		json_decref(files[i].doc);
	}
	return check_done("pq_vectors");
}
