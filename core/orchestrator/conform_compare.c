/*
 * compare for two `cryptospeed conform` files (-o, "cryptospeed-conform/1"):
 * per library/path x file x algorithm, the test vectors failing in NEW that
 * did not fail in BASE (the `conformance` kind of --fail-on), the ones fixed,
 * and the rows missing in NEW (`missing`). docs/conformance.md. The files
 * are read and the JSON document written by core/results/conform.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "conform_file.h"
#include "conform_compare.h"

/* The outcomes that fail a vector (compare's `conformance` kind). */
static const int failing[] = {CS_CONFORM_INVALID_ACCEPTED, CS_CONFORM_VALID_REFUSED,
			      CS_CONFORM_WRONG_OUTPUT, CS_CONFORM_CRASHED, CS_CONFORM_ERROR};
#define N_FAILING (sizeof failing / sizeof failing[0])

bool
cs_is_conform_file(const char *path)
{
	return cs_conform_is_file(path);
}

/* The file, checked; exits 2 naming the first bad place. */
static void
load(const char *path, cs_conform_file *f)
{
	char why[1024];
	if (cs_conform_load(path, f, why, sizeof why) != 0)
		cs_usage_error("%s", why);
}

/* "lib/path file alg" of each row (names[i] for rows[i]). */
static char (*row_names(const cs_conform_file *f))[256]
{
	char(*names)[256] = calloc(f->n_rows + 1, sizeof *names);
	if (!names) {
		fputs("cryptospeed: out of memory\n", stderr);
		exit(CS_EXIT_FAILURE);
	}
	for (size_t i = 0; i < f->n_rows; i++)
		snprintf(names[i], sizeof names[i], "%s/%s %s %s", f->rows[i].lib, f->rows[i].path,
			 f->rows[i].file, f->rows[i].alg);
	return names;
}

static const cs_conform_row *
find(const cs_conform_file *f, char (*names)[256], const char *name)
{
	for (size_t i = 0; i < f->n_rows; i++)
		if (strcmp(names[i], name) == 0)
			return &f->rows[i];
	return NULL;
}

static bool
has(const cs_conform_row *r, int o, long long v)
{
	for (size_t i = 0; r && i < r->n_ids[o]; i++)
		if (r->ids[o][i] == v)
			return true;
	return false;
}

/* Outcome o's ids of a not in b, appended to (*out, *n). */
static void
diff(const cs_conform_row *a, const cs_conform_row *b, int o, const char *name,
     cs_conform_change **out, size_t *n)
{
	for (size_t i = 0; i < a->n_ids[o]; i++) {
		if (b && has(b, o, a->ids[o][i]))
			continue;
		cs_conform_change *more = realloc(*out, (*n + 1) * sizeof *more);
		if (!more) {
			fputs("cryptospeed: out of memory\n", stderr);
			exit(CS_EXIT_FAILURE);
		}
		*out = more;
		(*out)[(*n)++] = (cs_conform_change){
			.row = name, .kind = cs_conform_outcome_keys[o], .tc = a->ids[o][i]};
	}
}

static void
print_changes(const char *title, const cs_conform_change *c, size_t n)
{
	printf("%s: %zu\n", title, n);
	for (size_t i = 0; i < n; i++)
		printf("  %s  %s  tcId %lld\n", c[i].row, c[i].kind, c[i].tc);
}

int
cs_conform_compare(const char *base_path, const char *cur_path, unsigned fail_on,
		   const char *format)
{
	if (strcmp(format, "text") != 0 && strcmp(format, "json") != 0)
		cs_usage_error("unknown format '%s' for comparing conform files (known: text, "
			       "json)",
			       format);
	cs_conform_file base, cur;
	load(base_path, &base);
	load(cur_path, &cur);
	char(*bnames)[256] = row_names(&base), (*cnames)[256] = row_names(&cur);
	cs_conform_diff d = {.base = base_path, .cur = cur_path};
	d.missing = calloc(base.n_rows + 1, sizeof *d.missing);
	if (!d.missing) {
		fputs("cryptospeed: out of memory\n", stderr);
		exit(CS_EXIT_FAILURE);
	}
	for (size_t i = 0; i < cur.n_rows; i++) {
		const cs_conform_row *r = &cur.rows[i], *b = find(&base, bnames, cnames[i]);
		for (size_t k = 0; k < N_FAILING; k++) {
			diff(r, b, failing[k], cnames[i], &d.worse, &d.n_worse);
			if (b)
				diff(b, r, failing[k], cnames[i], &d.fixed, &d.n_fixed);
		}
	}
	for (size_t i = 0; i < base.n_rows; i++)
		if (!find(&cur, cnames, bnames[i]))
			d.missing[d.n_missing++] = bnames[i];
	int status = CS_EXIT_OK;
	if ((d.n_worse && (fail_on & (1u << CS_FLAG_CONFORMANCE))) ||
	    (d.n_missing && (fail_on & (1u << CS_FLAG_MISSING))))
		status = CS_EXIT_FAILURE;
	d.status = status;
	if (strcmp(format, "json") == 0) {
		cs_conform_diff_print(stdout, &d);
	} else {
		printf("conformance: BASE %s, NEW %s\n", base_path, cur_path);
		print_changes("failing in NEW, not in BASE (conformance)", d.worse, d.n_worse);
		print_changes("fixed in NEW", d.fixed, d.n_fixed);
		printf("rows missing in NEW (missing): %zu\n", d.n_missing);
		for (size_t i = 0; i < d.n_missing; i++)
			printf("  %s\n", d.missing[i]);
	}
	free(d.worse);
	free(d.fixed);
	free(d.missing);
	free(bnames);
	free(cnames);
	cs_conform_free(&base);
	cs_conform_free(&cur);
	return status;
}
