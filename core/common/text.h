/* Small text helpers shared by both processes. */
#ifndef CS_TEXT_H
#define CS_TEXT_H

#include <stdbool.h>
#include <stddef.h>

/*
 * The one bounded join: n items separated by sep into buf (size bytes, always
 * NUL-terminated when size > 0). An item is the string at `items` + i*stride
 * bytes (stride = sizeof(const char *) for an array of strings; for an array
 * of structs whose first member is a char array, pass the struct's size and
 * `by_value` true). When the result does not fit it ends with "...".
 * Returns true when everything fit.
 */
bool cs_join(char *buf, size_t size, const void *items, size_t n, size_t stride, bool by_value,
	     const char *sep);

/* The common case: a NULL-terminated array of strings. */
bool cs_join_strv(char *buf, size_t size, const char *const *strv, const char *sep);

#endif
