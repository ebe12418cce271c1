/*
 * libFuzzer target: the openssl speed importer on arbitrary bytes. It must
 * return OK with a document jansson can write, or BAD with a one-line message
 * naming the input; never crash, leak or read out of bounds.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	json_t *doc = NULL;
	char err[512];
	err[0] = '\0';
	int rc = cs_import_openssl_speed((const char *)data, size, "fuzz.txt", &doc, err,
					 sizeof err);
	if (rc == CS_IMPORT_OK) {
		char *text = doc ? json_dumps(doc, JSON_COMPACT) : NULL;
		if (!text)
			abort(); /* a document jansson cannot write: invalid UTF-8, NaN */
		free(text);
		json_t *cells = json_object_get(doc, "cells"), *c;
		size_t i;
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
