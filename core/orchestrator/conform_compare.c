/*
 * compare for two `cryptospeed conform` files (-o, "cryptospeed-conform/1"):
 * per library/path x file x algorithm, the test vectors failing in NEW that
 * did not fail in BASE (the `conformance` kind of --fail-on), the ones fixed,
 * and the rows missing in NEW (`missing`). docs/conformance.md.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "conform_compare.h"

static const char *const failing[] = {"invalid_accepted", "valid_refused", "wrong_output",
				      "crashed", "errors"};
#define N_FAILING (sizeof failing / sizeof failing[0])

bool
cs_is_conform_file(const char *path)
{
	json_t *j = json_load_file(path, 0, NULL);
	const char *s = json_string_value(json_object_get(j, "schema"));
	bool yes = s && strcmp(s, "cryptospeed-conform/1") == 0;
	json_decref(j);
	return yes;
}

/* The file's rows, checked: each an object with lib, path, file, alg and the
   failing kinds' id lists; exits 2 naming the first bad place. */
static json_t *
load(const char *path)
{
	json_error_t e;
	json_t *j = json_load_file(path, 0, &e);
	if (!j)
		cs_usage_error("%s: line %d: %s", path, e.line, e.text);
	json_t *rows = json_object_get(j, "rows");
	if (!json_is_array(rows))
		cs_usage_error("%s: rows: must be an array", path);
	size_t i;
	json_t *r;
	json_array_foreach(rows, i, r)
	{
		const char *keys[] = {"lib", "path", "file", "alg"};
		for (size_t k = 0; k < 4; k++)
			if (!json_is_string(json_object_get(r, keys[k])))
				cs_usage_error("%s: rows[%zu].%s: must be a string", path, i,
					       keys[k]);
		for (size_t k = 0; k < N_FAILING; k++) {
			char key[64];
			snprintf(key, sizeof key, "%s_ids", failing[k]);
			json_t *ids = json_object_get(r, key);
			size_t q;
			json_t *v;
			if (!json_is_array(ids))
				cs_usage_error("%s: rows[%zu].%s: must be an array", path, i, key);
			json_array_foreach(ids, q, v) if (!json_is_integer(v)) cs_usage_error(
				"%s: rows[%zu].%s[%zu]: must be an integer", path, i, key, q);
		}
	}
	json_incref(rows);
	json_decref(j);
	return rows;
}

static void
row_name(json_t *r, char *buf, size_t n)
{
	snprintf(buf, n, "%s/%s %s %s", json_string_value(json_object_get(r, "lib")),
		 json_string_value(json_object_get(r, "path")),
		 json_string_value(json_object_get(r, "file")),
		 json_string_value(json_object_get(r, "alg")));
}

static json_t *
find(json_t *rows, const char *name)
{
	size_t i;
	json_t *r;
	char buf[256];
	json_array_foreach(rows, i, r)
	{
		row_name(r, buf, sizeof buf);
		if (strcmp(buf, name) == 0)
			return r;
	}
	return NULL;
}

static bool
has(json_t *ids, json_int_t v)
{
	size_t i;
	json_t *x;
	json_array_foreach(ids, i, x) if (json_integer_value(x) == v) return true;
	return false;
}

/* ids of a not in b, appended to out as {"row", "kind", "tcId"}. */
static size_t
diff(json_t *a, json_t *b, const char *name, const char *kind, json_t *out)
{
	size_t n = 0, i;
	json_t *x;
	json_array_foreach(a, i, x)
	{
		if (b && has(b, json_integer_value(x)))
			continue;
		json_array_append_new(out, json_pack("{ss ss sI}", "row", name, "kind", kind,
						     "tcId", json_integer_value(x)));
		n++;
	}
	return n;
}

static void
print_list(const char *title, json_t *list)
{
	printf("%s: %zu\n", title, json_array_size(list));
	size_t i;
	json_t *x;
	json_array_foreach(list, i, x)
	{
		if (json_is_string(x))
			printf("  %s\n", json_string_value(x));
		else
			printf("  %s  %s  tcId %lld\n",
			       json_string_value(json_object_get(x, "row")),
			       json_string_value(json_object_get(x, "kind")),
			       (long long)json_integer_value(json_object_get(x, "tcId")));
	}
}

int
cs_conform_compare(const char *base_path, const char *cur_path, unsigned fail_on,
		   const char *format)
{
	if (strcmp(format, "text") != 0 && strcmp(format, "json") != 0)
		cs_usage_error("unknown format '%s' for comparing conform files (known: text, "
			       "json)",
			       format);
	json_t *base = load(base_path), *cur = load(cur_path);
	json_t *worse = json_array(), *fixed = json_array(), *missing = json_array();
	size_t i;
	json_t *r;
	char name[256], key[64];
	json_array_foreach(cur, i, r)
	{
		row_name(r, name, sizeof name);
		json_t *b = find(base, name);
		for (size_t k = 0; k < N_FAILING; k++) {
			snprintf(key, sizeof key, "%s_ids", failing[k]);
			json_t *bids = b ? json_object_get(b, key) : NULL;
			diff(json_object_get(r, key), bids, name, failing[k], worse);
			if (b)
				diff(bids, json_object_get(r, key), name, failing[k], fixed);
		}
	}
	json_array_foreach(base, i, r)
	{
		row_name(r, name, sizeof name);
		if (!find(cur, name))
			json_array_append_new(missing, json_string(name));
	}
	int status = CS_EXIT_OK;
	if ((json_array_size(worse) && (fail_on & (1u << CS_FLAG_CONFORMANCE))) ||
	    (json_array_size(missing) && (fail_on & (1u << CS_FLAG_MISSING))))
		status = CS_EXIT_FAILURE;
	if (strcmp(format, "json") == 0) {
		json_t *doc = json_pack("{ss ss ss sO sO sO si}", "schema",
					"cryptospeed-conform-compare/1", "base", base_path, "new",
					cur_path, "conformance", worse, "fixed", fixed, "missing",
					missing, "status", status);
		json_dumpf(doc, stdout, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
		putchar('\n');
		json_decref(doc);
	} else {
		printf("conformance: BASE %s, NEW %s\n", base_path, cur_path);
		print_list("failing in NEW, not in BASE (conformance)", worse);
		print_list("fixed in NEW", fixed);
		print_list("rows missing in NEW (missing)", missing);
	}
	json_decref(worse);
	json_decref(fixed);
	json_decref(missing);
	json_decref(base);
	json_decref(cur);
	return status;
}
