/* The "conformance" block of a result file (run --conform) and the rows of a
   `cryptospeed conform -o` file: one decoder for both, walking the field
   tables of fields.c, and its encoder. docs/results-format.md. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "fields.h"
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
		if (row(json_array_get(rows, i), r, f->name, at, why, n))
			return -1;
	}
	return 0;
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

int
cs_res_conform_attach(const char *path, cs_res_file *f, char *why, size_t n)
{
	json_error_t e;
	json_t *doc = json_load_file(path, JSON_REJECT_DUPLICATES, &e);
	if (!doc) {
		snprintf(why, n, "%s: line %d: not JSON: %s", path, e.line, e.text);
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
