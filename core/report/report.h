/* Helpers shared by the report formats: they all read the result JSON. */
#ifndef CS_REPORT_H
#define CS_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <jansson.h>

/* true when the cell measures (alg, op). */
bool cs_report_cell_is(json_t *cell, const char *alg, const char *op);
/* Insert v into the sorted set out[0..*n) (at most max); no duplicates. */
void cs_report_set_add(long long *out, size_t *n, size_t max, long long v);
/* The distinct sizes of the cells measuring (alg, op), sorted. */
size_t cs_report_sizes(json_t *cells, const char *alg, const char *op, long long *out, size_t max);
/* The hw summary of a cell's evidence: "sha-ni", "aes-ni+pclmul", "scalar", "?" (none). */
void cs_report_hw(json_t *cell, char *buf, size_t n);
/* Short word for a non-ok status as shown in a matrix. */
const char *cs_report_status_word(const char *status);

/* The formats. */
/* Names of the stdout formats, NULL-terminated (for messages and --help). */
extern const char *const cs_report_format_names[];
bool cs_report_format_known(const char *name);
/* Print results in the named format; -1 when the name is unknown. */
int cs_report_emit(json_t *results, const char *format, FILE *f);
void cs_report_text(json_t *results, FILE *f);
void cs_report_csv(json_t *results, FILE *f);
void cs_report_openssl(json_t *results, FILE *f);
/* Cells of cur against base; returns how many are significantly slower. */
int cs_report_compare(json_t *base, json_t *cur, double threshold, FILE *f);

#endif
