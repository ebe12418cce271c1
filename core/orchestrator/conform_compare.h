/* compare for two conform files (core/orchestrator/conform_compare.c). */
#ifndef CS_CONFORM_COMPARE_H
#define CS_CONFORM_COMPARE_H

#include <stdbool.h>

#include "verdict.h"

/* Whether the file is a `cryptospeed conform -o` file (its schema). */
bool cs_is_conform_file(const char *path);
/* Compare two of them on stdout in format (text or json): the vectors
   failing in NEW and not in BASE (kind conformance), fixed ones, rows
   missing in NEW. Exit status: 1 when a kind of fail_on was found, else 0;
   a malformed file or another format is cs_usage_error. */
int cs_conform_compare(const char *base, const char *cur, unsigned fail_on, const char *format);

#endif
