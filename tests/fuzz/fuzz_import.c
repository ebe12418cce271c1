/*
 * libFuzzer target: the openssl speed importer on arbitrary bytes. It must
 * return OK with a document jansson can write, or BAD with a one-line message
 * naming the input; never crash, leak or read out of bounds.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "import.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	json_t *doc = NULL;
	char err[512];
	err[0] = '\0';
	/* skipped lines are reported too: the message path runs on every input */
	static FILE *null;
	if (!null)
		null = fopen("/dev/null", "w");
	size_t skipped = 0;
	int rc = cs_import_openssl_speed_ex((const char *)data, size, "fuzz.txt", &doc, err,
					    sizeof err, null, &skipped);
	if (rc == CS_IMPORT_OK) {
		char *text = doc ? json_dumps(doc, JSON_COMPACT) : NULL;
		if (!text)
			abort(); /* a document jansson cannot write: invalid UTF-8, NaN */
		free(text);
		json_t *cells = json_object_get(doc, "cells"), *c;
		size_t i;
		/* one cell per (table, alg, op, path, size): a repeat was skipped */
		size_t n_cells = json_array_size(cells);
		for (size_t a = 0; a < n_cells && a < 2000; a++)
			for (size_t b = a + 1; b < n_cells && b < 2000; b++) {
				json_t *x = json_array_get(cells, a), *y = json_array_get(cells, b);
				static const char *const keys[] = {"table", "alg", "op", "path",
								   "size"};
				bool same = true;
				for (size_t k = 0; k < 5 && same; k++)
					same = json_equal(json_object_get(x, keys[k]),
							  json_object_get(y, keys[k]));
				if (same)
					abort();
			}
		json_array_foreach(cells, i, c)
		{
			double r = json_real_value(
				json_object_get(json_object_get(c, "rate"), "median"));
			if (!(r > 0))
				abort(); /* every imported rate is positive and finite */
		}
	} else if (rc == CS_IMPORT_BAD) {
		if (doc || strncmp(err, "fuzz.txt", 8) != 0 || strchr(err, '\n'))
			abort();
	}
	json_decref(doc);
	return 0;
}
