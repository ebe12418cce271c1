/* The conformance result file and compare's document: typed both ways. */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "conform_file.h"
#include "fields.h"
#include "parse.h"
#include "results.h"

const char *const cs_conform_outcome_keys[CS_CONFORM_OUTCOMES] = {"passed",
								  "invalid_accepted",
								  "valid_refused",
								  "wrong_output",
								  "acceptable_accepted",
								  "acceptable_refused",
								  "not_applicable",
								  "crashed",
								  "errors"};

bool
cs_conform_has_ids(int o)
{
	return o != CS_CONFORM_PASS && o != CS_CONFORM_NA && o != CS_CONFORM_ACCEPTABLE_OK;
}

bool
cs_conform_is_file(const char *path)
{
	json_t *j = json_load_file(path, 0, NULL);
	const char *s = json_string_value(json_object_get(j, "schema"));
	bool yes = s && strcmp(s, "cryptospeed-conform/1") == 0;
	json_decref(j);
	return yes;
}

static int
row(json_t *r, size_t i, const char *path, cs_conform_row *out, char *why, size_t n)
{
	const char *keys[] = {"lib", "path", "file", "alg"};
	const char **dst[] = {&out->lib, &out->path, &out->file, &out->alg};
	if (!json_is_object(r)) {
		snprintf(why, n, "%s: rows[%zu]: must be an object", path, i);
		return -1;
	}
	for (size_t k = 0; k < 4; k++) {
		*dst[k] = json_string_value(json_object_get(r, keys[k]));
		if (!*dst[k]) {
			snprintf(why, n, "%s: rows[%zu].%s: must be a string", path, i, keys[k]);
			return -1;
		}
	}
	for (int o = 0; o < CS_CONFORM_OUTCOMES; o++) {
		json_t *c = json_object_get(r, cs_conform_outcome_keys[o]);
		if (c && (!json_is_integer(c) || json_integer_value(c) < 0)) {
			snprintf(why, n, "%s: rows[%zu].%s: must be an integer >= 0", path, i,
				 cs_conform_outcome_keys[o]);
			return -1;
		}
		out->count[o] = c ? json_integer_value(c) : 0;
		if (!cs_conform_has_ids(o))
			continue;
		char key[64];
		snprintf(key, sizeof key, "%s_ids", cs_conform_outcome_keys[o]);
		json_t *ids = json_object_get(r, key), *v;
		if (ids && !json_is_array(ids)) {
			snprintf(why, n, "%s: rows[%zu].%s: must be an array", path, i, key);
			return -1;
		}
		out->ids[o] = calloc(json_array_size(ids) + 1, sizeof *out->ids[o]);
		if (!out->ids[o]) {
			snprintf(why, n, "%s: out of memory", path);
			return -1;
		}
		size_t q;
		json_array_foreach(ids, q, v)
		{
			if (!json_is_integer(v)) {
				snprintf(why, n, "%s: rows[%zu].%s[%zu]: must be an integer", path,
					 i, key, q);
				return -1;
			}
			out->ids[o][out->n_ids[o]++] = json_integer_value(v);
		}
	}
	return 0;
}

int
cs_conform_load(const char *path, cs_conform_file *out, char *why, size_t n)
{
	memset(out, 0, sizeof *out);
	json_error_t e;
	json_t *j = cs_res_conform_read(path, &e);
	if (!j) {
		cs_res_conform_read_error(path, &e, why, n);
		return -1;
	}
	out->doc = j;
	const char *schema = json_string_value(json_object_get(j, "schema"));
	json_t *rows = json_object_get(j, "rows");
	if (!schema || strcmp(schema, "cryptospeed-conform/1") != 0 || !json_is_array(rows)) {
		snprintf(why, n,
			 "%s: not a `cryptospeed conform -o` file (schema cryptospeed-conform/1 "
			 "with rows)",
			 path);
		cs_conform_free(out);
		return -1;
	}
	/* the rows checked as report --conform checks them (results/conform.c):
	   counts that match their tcIds, names within bounds, no tcId or row twice */
	cs_res_file checked = {.name = path};
	int bad = cs_res_conform_decode(j, "", &checked, why, n);
	cs_res_conform_free(&checked);
	if (bad) {
		cs_conform_free(out);
		return -1;
	}
	out->vectors = json_string_value(json_object_get(j, "vectors"));
	out->vectors_dir = json_string_value(json_object_get(j, "vectors_dir"));
	out->elapsed_s = json_number_value(json_object_get(j, "elapsed_s"));
	out->rows = calloc(json_array_size(rows) + 1, sizeof *out->rows);
	if (!out->rows) {
		snprintf(why, n, "%s: out of memory", path);
		cs_conform_free(out);
		return -1;
	}
	for (size_t i = 0; i < json_array_size(rows); i++) {
		out->n_rows++;
		if (row(json_array_get(rows, i), i, path, &out->rows[i], why, n) != 0) {
			cs_conform_free(out);
			return -1;
		}
	}
	return 0;
}

void
cs_conform_free(cs_conform_file *f)
{
	for (size_t i = 0; f->rows && i < f->n_rows; i++)
		for (int o = 0; o < CS_CONFORM_OUTCOMES; o++)
			free(f->rows[i].ids[o]);
	free(f->rows);
	json_decref(f->doc);
	memset(f, 0, sizeof *f);
}

int
cs_conform_writer(FILE *f, void *conform_file)
{
	const cs_conform_file *c = conform_file;
	json_t *rows = json_array();
	for (size_t i = 0; i < c->n_rows; i++) {
		const cs_conform_row *r = &c->rows[i];
		json_t *o = json_pack("{ss ss ss ss}", "lib", r->lib, "path", r->path, "file",
				      r->file, "alg", r->alg);
		for (int k = 0; o && k < CS_CONFORM_OUTCOMES; k++) {
			json_object_set_new(o, cs_conform_outcome_keys[k],
					    json_integer((json_int_t)r->count[k]));
			if (cs_conform_has_ids(k)) {
				char key[64];
				snprintf(key, sizeof key, "%s_ids", cs_conform_outcome_keys[k]);
				json_object_set_new(o, key,
						    cs_res_integers(r->ids[k], r->n_ids[k]));
			}
		}
		json_array_append_new(rows, o);
	}
	return cs_res_dump(f, json_pack("{ss ss ss so sf}", "schema", "cryptospeed-conform/1",
					"vectors", c->vectors ? c->vectors : "", "vectors_dir",
					c->vectors_dir ? c->vectors_dir : "", "rows", rows,
					"elapsed_s", c->elapsed_s));
}

static json_t *
changes(const cs_conform_change *c, size_t n)
{
	json_t *a = json_array();
	for (size_t i = 0; i < n; i++)
		json_array_append_new(a, json_pack("{ss ss sI}", "row", c[i].row, "kind", c[i].kind,
						   "tcId", (json_int_t)c[i].tc));
	return a;
}

int
cs_conform_diff_print(FILE *f, const cs_conform_diff *d)
{
	json_t *missing = json_array();
	for (size_t i = 0; i < d->n_missing; i++)
		json_array_append_new(missing, json_string(d->missing[i]));
	return cs_res_dump(f, json_pack("{ss ss ss so so so si}", "schema",
					"cryptospeed-conform-compare/1", "base", d->base, "new",
					d->cur, "conformance", changes(d->worse, d->n_worse),
					"fixed", changes(d->fixed, d->n_fixed), "missing", missing,
					"status", d->status));
}
