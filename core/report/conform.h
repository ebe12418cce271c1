/* Conformance beside speed (docs/conformance.md): a result file's
   "conformance" block (run --conform, report --conform) read for the
   matrix's conform column, the rank view's mark on a lib/path that accepted
   invalid input, and compare's conformance findings. */
#ifndef CS_REPORT_CONFORM_H
#define CS_REPORT_CONFORM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "report.h"

/* The block's rows of one lib/path and algorithm, summed over vector files. */
typedef struct cs_conform_sum {
	bool checked;		  /* some row covers it */
	long long n[CS_RC_COUNT]; /* cases per outcome */
} cs_conform_sum;

/* The rows of f for cell c's lib, path and algorithm. A row with a variant
   (a provider or engine) was not run: never checked. */
cs_conform_sum cs_conform_of(const cs_res_file *f, const cs_res_cell *c);
/* The matrix's word for cell c of f: "pass", "!INVALID 18", "refused 2",
   "wrong 1", "crashed 1", "error 1" (the most serious kind first); false and
   "" when not checked. */
bool cs_conform_word(const cs_res_file *f, const cs_res_cell *c, char *buf, size_t n);
/* Whether some file has a conformance block (the formats add their column). */
bool cs_conform_any(const cs_res_file *const *files, size_t n);
/* Whether the matrix's files have a conformance block. */
bool cs_conform_in_matrix(const cs_matrix *m);
/* The rank view's mark: appends " !INVALID(N)" to buf (a rank label) when
   the entry's lib/path accepted N invalid vectors of the block's algorithm. */
void cs_conform_rank_mark(const cs_matrix *m, const cs_rank_entry *e, char *buf, size_t n);
/* The HTML matrix's conform header cell and a row's cell (nothing when the
   files have no conformance block). */
void cs_conform_html_th(FILE *f, const cs_matrix *m);
void cs_conform_html_td(FILE *f, const cs_matrix *m, const cs_mrow *row, size_t s);
/* The footnote the text and Markdown matrices print under a conform column. */
extern const char cs_conform_note[];

/* ---- compare: conformance changes between two files ---- */

/* One conformance finding of compare. */
typedef struct cs_conform_finding {
	char row[CS_RES_LABEL_MAX + 2 * CS_RES_NAME_MAX]; /* "lib/path file alg" */
	const char *kind; /* the outcome ("invalid_accepted", ...) or "row missing" */
	long long tc;	  /* the tcId, -1 for a missing row */
	bool fixed;	  /* failing in BASE and not in NEW (not a finding) */
} cs_conform_finding;

typedef struct cs_conform_diff {
	bool compared;	       /* both files have a conformance block */
	cs_conform_finding *f; /* n of them: the findings, then the fixed */
	size_t n;	       /* entries in f */
	size_t worse;	       /* findings: failing in NEW and not in BASE, rows missing */
	size_t fixed;	       /* fixed in NEW */
	const char *why_not;   /* not compared: which side has no block, else NULL */
} cs_conform_diff;

/* Compare the blocks of base and cur; a malloc'd diff (NULL when out of
   memory). Its worse count is compare's conformance kind. Rows pair by
   library build, path, vector file and algorithm: base_lib and cur_lib
   given (one run's two selections, compare --base/--new), base's rows of
   base_lib against cur's rows of cur_lib; else a base row's library renamed
   by --pair (o, cs_compare_paired_lib), the others by name. */
struct cs_compare_opts;
cs_conform_diff *cs_conform_diff_build(const cs_res_file *base, const cs_res_file *cur,
				       const char *base_lib, const char *cur_lib,
				       const struct cs_compare_opts *o);
void cs_conform_diff_free(cs_conform_diff *d);
/* compare's text section and its JSON object. */
void cs_conform_diff_text(const cs_conform_diff *d, FILE *f);
struct json_t *cs_conform_diff_json(const cs_conform_diff *d);

#endif
