/* Helpers of the import tests (static inline: each test uses some of them). */
#ifndef CS_TEST_IMPORT_H
#define CS_TEST_IMPORT_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "check.h"
#include "import.h"

/* The one cell of source src with these keys; NULL (and a failure) unless exactly one. */
static inline json_t *
find(json_t *doc, long long src, const char *path, const char *alg, const char *op, long long size)
{
	json_t *found = NULL, *c;
	size_t i, n = 0;
	json_array_foreach(json_object_get(doc, "cells"), i, c)
	{
		if (json_integer_value(json_object_get(c, "table")) != src ||
		    strcmp(json_string_value(json_object_get(c, "alg")), alg) != 0 ||
		    strcmp(json_string_value(json_object_get(c, "op")), op) != 0 ||
		    json_integer_value(json_object_get(c, "size")) != size ||
		    (path && strcmp(json_string_value(json_object_get(c, "path")), path) != 0))
			continue;
		found = c;
		n++;
	}
	if (n != 1)
		printf("  %lld %s %s %s %lld: %zu cells\n", src, path ? path : "*", alg, op, size,
		       n);
	return n == 1 ? found : NULL;
}

/* The rate of that cell, -1 when there is none. */
static inline double
rate(json_t *doc, long long src, const char *path, const char *alg, const char *op, long long size)
{
	json_t *c = find(doc, src, path, alg, op, size);
	return c ? json_real_value(json_object_get(json_object_get(c, "rate"), "median")) : -1;
}

static inline const char *
src_str(json_t *doc, size_t src, const char *key)
{
	return json_string_value(
		json_object_get(json_array_get(json_object_get(doc, "sources"), src), key));
}

static inline long long
src_int(json_t *doc, size_t src, const char *key)
{
	return json_integer_value(
		json_object_get(json_array_get(json_object_get(doc, "sources"), src), key));
}

static inline size_t
n_sources(json_t *doc)
{
	return json_array_size(json_object_get(doc, "sources"));
}

static inline size_t
n_cells(json_t *doc)
{
	return json_array_size(json_object_get(doc, "cells"));
}

static inline json_t *
import_text(const char *text, int want_rc, char *err, size_t n)
{
	json_t *doc = NULL;
	err[0] = '\0';
	int rc = cs_import_openssl_speed(text, strlen(text), "paste.txt", &doc, err, n);
	CHECK(rc == want_rc);
	if (rc != want_rc)
		printf("  rc %d (%s) for:\n%s\n", rc, err, text);
	CHECK((rc == CS_IMPORT_OK) == (doc != NULL));
	return doc;
}

static inline json_t *
import_file(const char *name)
{
	char path[1024], err[1024];
	snprintf(path, sizeof path, "%s/%s", CS_IMPORT_DATA, name);
	json_t *doc = NULL;
	int rc = cs_import_openssl_speed_file(path, &doc, err, sizeof err);
	CHECK(rc == CS_IMPORT_OK);
	if (rc != CS_IMPORT_OK)
		printf("  %s\n", err);
	/* every document is one jansson can write (valid UTF-8, no NaN) */
	char *dump = doc ? json_dumps(doc, 0) : NULL;
	CHECK(!doc || dump);
	free(dump);
	return doc;
}

#endif
