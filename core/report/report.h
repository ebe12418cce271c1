/* Helpers shared by the report formats: they all read the result JSON. */
#ifndef CS_REPORT_H
#define CS_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <jansson.h>

/* The distinct values of an integer field of cells matching (alg, op), sorted. */
size_t cs_report_sizes(json_t *cells, const char *alg, const char *op, long long *out, size_t max);
/* The hw summary of a cell's evidence: "sha-ni", "aes-ni+pclmul", "scalar", "?" (none). */
void cs_report_hw(json_t *cell, char *buf, size_t n);
/* Short word for a non-ok status as shown in a matrix. */
const char *cs_report_status_word(const char *status);

#endif
