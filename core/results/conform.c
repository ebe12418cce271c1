/* The "conformance" block of a result file (run --conform) and the rows of a
   `cryptospeed conform -o` file: one decoder for both, walking the field
   tables of fields.c, and its encoder. docs/results-format.md. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include <sys/stat.h>

#include "fields.h"
#include "parse.h"
#include "results.h"

static const char *const ckind_keys[CS_RC_COUNT] = {"passed",
						    "invalid_accepted",
						    "valid_refused",
						    "wrong_output",
						    "acceptable_accepted",
						    "acceptable_refused",
						    "not_applicable",
						    "crashed",
						    "errors"};

const char *
cs_res_ckind_key(cs_res_ckind k)
{
	return ckind_keys[k];
}

bool
cs_res_ckind_has_ids(cs_res_ckind k)
{
	return k != CS_RC_PASSED && k != CS_RC_ACCEPTABLE_ACCEPTED && k != CS_RC_NOT_APPLICABLE;
}

/* "NAME: WHERE.KEY: MSG" into why; always -1. */
static int
bad(char *why, size_t n, const char *name, const char *where, const char *key, const char *msg)
{
	snprintf(why, n, "%s: %s%s%s: %s", name, where, key ? "." : "", key ? key : "", msg);
	return -1;
}

/* The scalar keys of t (names, texts, integers) from j into base. */
static int
table(json_t *j, const cs_res_field *t, size_t nt, void *base, const char *name, const char *where,
      char *why, size_t n)
{
	for (size_t i = 0; i < nt; i++) {
		const cs_res_field *f = &t[i];
		json_t *v = json_object_get(j, f->key);
		void *at = (char *)base + f->off;
		if (f->type == CS_RES_F_DOC)
			continue;
		if (!v) {
			if (f->required)
				return bad(why, n, name, where, f->key, "missing");
			if (f->type == CS_RES_F_INT)
				*(long long *)at = (long long)f->def_num;
			else
				*(const char **)at = f->def;
			continue;
		}
		if (f->type == CS_RES_F_INT) {
			if (!json_is_integer(v) || json_integer_value(v) < f->lo ||
			    json_integer_value(v) > f->hi)
				return bad(why, n, name, where, f->key, "must be an integer >= 0");
			*(long long *)at = (long long)json_integer_value(v);
			continue;
		}
		size_t max = f->type == CS_RES_F_NAME ? CS_RES_NAME_MAX : CS_RES_TEXT_MAX;
		if (!json_is_string(v))
			return bad(why, n, name, where, f->key, "must be a string");
		if (json_string_length(v) > max)
			return bad(why, n, name, where, f->key, "too long");
		*(const char **)at = json_string_value(v);
	}
	return 0;
}

static int
row(json_t *j, cs_res_conform *r, const char *name, const char *where, char *why, size_t n)
{
	if (!json_is_object(j))
		return bad(why, n, name, where, NULL, "must be an object");
	if (table(j, cs_res_conform_fields, cs_res_n_conform_fields, r, name, where, why, n))
		return -1;
	for (int k = 0; k < CS_RC_COUNT; k++) {
		if (!cs_res_ckind_has_ids((cs_res_ckind)k))
			continue;
		char key[64], msg[96];
		snprintf(key, sizeof key, "%s_ids", ckind_keys[k]);
		json_t *ids = json_object_get(j, key);
		size_t want = (size_t)r->n[k];
		if (!ids && want == 0)
			continue;
		if (!json_is_array(ids) || json_array_size(ids) != want) {
			snprintf(msg, sizeof msg, "must be an array of %zu tcIds (%s is %zu)", want,
				 ckind_keys[k], want);
			return bad(why, n, name, where, key, msg);
		}
		r->ids[k] = calloc(want + 1, sizeof *r->ids[k]);
		if (!r->ids[k])
			return bad(why, n, name, where, key, "out of memory");
		for (size_t q = 0; q < want; q++) {
			json_t *v = json_array_get(ids, q);
			if (!json_is_integer(v) || json_integer_value(v) < 0) {
				snprintf(msg, sizeof msg, "[%zu]: must be an integer >= 0", q);
				return bad(why, n, name, where, key, msg);
			}
			r->ids[k][q] = (long long)json_integer_value(v);
		}
	}
	return 0;
}

static int
cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;
	return (x > y) - (x < y);
}

/* A tcId is one case: it has one outcome in a row. -1 naming the first tcId
   listed twice (in one list or under two outcomes). */
static int
unique_ids(const cs_res_conform *r, const char *name, const char *where, char *why, size_t n)
{
	size_t total = 0;
	for (int k = 0; k < CS_RC_COUNT; k++)
		if (r->ids[k])
			total += (size_t)r->n[k];
	if (total < 2)
		return 0;
	long long *all = malloc(total * sizeof *all);
	if (!all)
		return bad(why, n, name, where, NULL, "out of memory");
	size_t used = 0;
	for (int k = 0; k < CS_RC_COUNT; k++)
		for (long long q = 0; r->ids[k] && q < r->n[k]; q++)
			all[used++] = r->ids[k][q];
	qsort(all, used, sizeof *all, cmp_ll);
	for (size_t i = 1; i < used; i++)
		if (all[i] == all[i - 1]) {
			char msg[96];
			snprintf(msg, sizeof msg,
				 "tcId %lld listed twice (a case has one outcome in a row)",
				 all[i]);
			free(all);
			return bad(why, n, name, where, NULL, msg);
		}
	free(all);
	return 0;
}

static int
cmp_rows(const void *a, const void *b)
{
	const cs_res_conform *x = *(const cs_res_conform *const *)a,
			     *y = *(const cs_res_conform *const *)b;
	int c = strcmp(x->lib, y->lib);
	c = c ? c : strcmp(x->path, y->path);
	c = c ? c : strcmp(x->file, y->file);
	return c ? c : strcmp(x->alg, y->alg);
}

/* One row per library build x path x vector file x algorithm in a block: a
   second one would be summed or hide the first. */
static int
unique_rows(const cs_res_conform *rows, size_t nr, const char *name, const char *where, char *why,
	    size_t n)
{
	if (nr < 2)
		return 0;
	const cs_res_conform **v = malloc(nr * sizeof *v);
	if (!v)
		return bad(why, n, name, where, "rows", "out of memory");
	for (size_t i = 0; i < nr; i++)
		v[i] = &rows[i];
	qsort(v, nr, sizeof *v, cmp_rows);
	for (size_t i = 1; i < nr; i++)
		if (cmp_rows(&v[i], &v[i - 1]) == 0) {
			char msg[4 * CS_RES_NAME_MAX + 96];
			snprintf(msg, sizeof msg,
				 "the row %s/%s %s %s is there twice (one row per library, path, "
				 "vector file and algorithm)",
				 v[i]->lib, v[i]->path, v[i]->file, v[i]->alg);
			free(v);
			return bad(why, n, name, where, "rows", msg);
		}
	free(v);
	return 0;
}

int
cs_res_conform_decode(json_t *block, const char *where, cs_res_file *f, char *why, size_t n)
{
	if (!block)
		return 0;
	if (!json_is_object(block))
		return bad(why, n, f->name, where, NULL, "must be an object");
	const char *vectors = "";
	cs_res_file meta = {0};
	if (table(block, cs_res_conformance_fields, cs_res_n_conformance_fields, &meta, f->name,
		  where, why, n))
		return -1;
	vectors = meta.conform_vectors;
	json_t *rows = json_object_get(block, "rows");
	if (!json_is_array(rows))
		return bad(why, n, f->name, where, "rows", rows ? "must be an array" : "missing");
	size_t add = json_array_size(rows);
	cs_res_conform *all = realloc(f->conform, (f->n_conform + add + 1) * sizeof *all);
	if (!all)
		return bad(why, n, f->name, where, "rows", "out of memory");
	f->conform = all;
	f->has_conform = true;
	if (!f->conform_vectors || !*f->conform_vectors)
		f->conform_vectors = vectors;
	for (size_t i = 0; i < add; i++) {
		char at[96];
		snprintf(at, sizeof at, "%s%srows[%zu]", where, *where ? "." : "", i);
		cs_res_conform *r = &f->conform[f->n_conform++];
		memset(r, 0, sizeof *r);
		if (row(json_array_get(rows, i), r, f->name, at, why, n) ||
		    unique_ids(r, f->name, at, why, n))
			return -1;
	}
	return unique_rows(f->conform + f->n_conform - add, add, f->name, where, why, n);
}

json_t *
cs_res_conform_encode(const cs_res_file *f)
{
	if (!f->has_conform)
		return NULL;
	json_t *block = json_object(), *rows = json_array();
	if (f->conform_vectors && *f->conform_vectors)
		json_object_set_new(block, "vectors", json_string(f->conform_vectors));
	for (size_t i = 0; i < f->n_conform; i++) {
		const cs_res_conform *r = &f->conform[i];
		json_t *j = json_pack("{ss ss ss ss}", "lib", r->lib, "path", r->path, "file",
				      r->file, "alg", r->alg);
		for (int k = 0; k < CS_RC_COUNT; k++) {
			json_object_set_new(j, ckind_keys[k], json_integer((json_int_t)r->n[k]));
			if (!cs_res_ckind_has_ids((cs_res_ckind)k))
				continue;
			char key[64];
			json_t *ids = json_array();
			snprintf(key, sizeof key, "%s_ids", ckind_keys[k]);
			for (long long q = 0; q < r->n[k]; q++)
				json_array_append_new(ids, json_integer((json_int_t)r->ids[k][q]));
			json_object_set_new(j, key, ids);
		}
		json_array_append_new(rows, j);
	}
	json_object_set_new(block, "rows", rows);
	return block;
}

json_t *
cs_res_conform_read(const char *path, json_error_t *e)
{
	return json_load_file(path, JSON_REJECT_DUPLICATES, e);
}

void
cs_res_conform_read_error(const char *path, const json_error_t *e, char *why, size_t n)
{
	struct stat st;
	if (stat(path, &st) != 0)
		snprintf(why, n, "%s: cannot read: %s", path, strerror(errno));
	else if (S_ISDIR(st.st_mode))
		snprintf(why, n, "%s: is a directory (give a `cryptospeed conform -o` file)", path);
	else if (e->line < 1)
		snprintf(why, n, "%s: cannot read: %s", path, e->text);
	else
		snprintf(why, n, "%s: line %d: not JSON: %s", path, e->line, e->text);
}

int
cs_res_conform_attach(const char *path, cs_res_file *f, char *why, size_t n)
{
	json_error_t e;
	json_t *doc = cs_res_conform_read(path, &e);
	if (!doc) {
		cs_res_conform_read_error(path, &e, why, n);
		return -1;
	}
	const char *schema = json_string_value(json_object_get(doc, "schema"));
	if (!schema || strcmp(schema, "cryptospeed-conform/1") != 0) {
		snprintf(why, n,
			 "%s: schema: not a `cryptospeed conform -o` file (accepted: "
			 "cryptospeed-conform/1)",
			 path);
		json_decref(doc);
		return -1;
	}
	if (!f->conform_docs)
		f->conform_docs = json_array();
	json_array_append_new(f->conform_docs, doc); /* the rows' strings live in it */
	const char *name = f->name;
	f->name = path;
	int rc = cs_res_conform_decode(doc, "", f, why, n);
	f->name = name;
	return rc;
}

void
cs_res_conform_free(cs_res_file *f)
{
	for (size_t i = 0; f->conform && i < f->n_conform; i++)
		for (int k = 0; k < CS_RC_COUNT; k++)
			free(f->conform[i].ids[k]);
	free(f->conform);
	json_decref(f->conform_docs);
	f->conform = NULL;
	f->conform_docs = NULL;
	f->n_conform = 0;
	f->has_conform = false;
}
