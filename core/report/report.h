/* Every output format reads loaded result files (results.h), through one
   matrix model: blocks per (algorithm, op), rows per lib/path, columns per
   source and size. Nothing here reads JSON, and nothing is cut off. */
#ifndef CS_REPORT_H
#define CS_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "results.h"

/* ---- index.c: a string-keyed hash index ---- */
#define CS_INDEX_NONE ((size_t)-1)

typedef struct cs_index_slot {
	char *key;     /* owned copy, NULL = empty slot */
	size_t len;    /* key bytes */
	uint64_t hash; /* FNV-1a of the key */
	size_t val;    /* the caller's value */
} cs_index_slot;

typedef struct cs_index {
	cs_index_slot *slots; /* cap slots, a power of two */
	size_t cap;	      /* slots allocated */
	size_t n;	      /* keys stored */
} cs_index;

/* The value of key, or val after inserting it (*found says which);
   CS_INDEX_NONE when out of memory. */
size_t cs_index_put(cs_index *x, const char *key, size_t len, size_t val, bool *found);
/* The value of key or CS_INDEX_NONE. */
size_t cs_index_get(const cs_index *x, const char *key, size_t len);
void cs_index_free(cs_index *x);

/* ---- matrix.c: the model every format prints ---- */

/* One column group: a run, or one imported table, of one file. */
typedef struct cs_msource {
	const cs_res_file *file;  /* the file it came from */
	const cs_res_source *src; /* its entry in that file */
} cs_msource;

/* One row: a lib/path[variant][/mask][ xN] in one block. */
typedef struct cs_mrow {
	char label[CS_RES_LABEL_MAX]; /* the row label */
	const cs_res_cell **cells;    /* [source * n_sizes + k], NULL = missing */
	const cs_res_cell **any;      /* per source: its ok cell with evidence, else any */
} cs_mrow;

/* One block: an (algorithm, op) pair. */
typedef struct cs_mblock {
	const char *alg;  /* the cells' name (maybe unknown to this build) */
	const char *op;	  /* the cells' op name */
	bool bytes;	  /* rates in B/s (columns are sizes), else op/s */
	long long *sizes; /* distinct sizes, ascending */
	size_t n_sizes;
	cs_mrow *rows; /* in order of first appearance */
	size_t n_rows;
	bool *has_source; /* per source: some cell of this block comes from it */
	size_t order[3];  /* sort key: catalogue index, op index, first cell */
} cs_mblock;

typedef struct cs_matrix {
	cs_msource *sources; /* every source of every file, in order */
	size_t n_sources;
	cs_mblock *blocks; /* catalogue order, then unknown algorithms as they come */
	size_t n_blocks;
	size_t duplicates; /* cells repeating (source, block, row, size): first kept */
} cs_matrix;

/* 0, or -1 when out of memory. */
int cs_matrix_build(cs_matrix *m, const cs_res_file *const *files, size_t n_files);
void cs_matrix_free(cs_matrix *m);
/* The cell of row r for source s and size column k, or NULL. */
const cs_res_cell *cs_matrix_at(const cs_mblock *b, const cs_mrow *r, size_t s, size_t k);
/* Sort v[0..n) ascending without repeats; returns the new count. */
size_t cs_report_sort_unique(long long *v, size_t n);

/* ---- rank.c: the rank view's model ---- */
/* Which ranking a cell is in (rules.c): cells of different groups are never
   ranked against each other. */
typedef struct cs_rank_group {
	size_t source; /* the source, or 0 for all with --mix-sources */
	int multi;     /* workers counted together (-multi N), 1 = one */
} cs_rank_group;

typedef struct cs_rank_entry {
	const cs_res_cell *c; /* the cell */
	size_t source;	      /* its source */
	size_t row;	      /* its row in the block */
	cs_rank_group group;  /* its ranking */
	bool ranked;	      /* ok and not emulated: has a place and a ratio */
	size_t place;	      /* 1 for its group's fastest, 2, ...; ties share one; 0 unranked */
	bool tie;	      /* shares its place with another entry */
	double ratio;	      /* its group's best rate / this rate (ranked cells), >= 1 */
} cs_rank_entry;

/* One block at one size: per group (in group order), the ranked cells
   fastest first, then the others. */
typedef struct cs_rank {
	cs_rank_entry *e; /* n entries */
	size_t n;
	size_t n_ok;	 /* ranked entries, over every group */
	size_t n_groups; /* distinct groups */
} cs_rank;

/* 0, or -1 when out of memory. */
int cs_rank_size(const cs_matrix *m, const cs_mblock *b, size_t k, cs_rank *out);
void cs_rank_free(cs_rank *r);
/* "[2] openssl/evp" (the source number only with several sources). */
/* The row's label; " !INVALID(N)" after it when its lib/path accepted N
   invalid test vectors of the algorithm (conform.h). */
void cs_rank_label(const cs_matrix *m, const cs_mblock *b, const cs_rank_entry *e, char *buf,
		   size_t n);
/* One row of the rank view, as cs_rank_each hands it to a format. */
typedef struct cs_rank_row {
	const char *size; /* "1 KiB" on a size's first row; "" on the others and for op blocks */
	const char
		*group;	 /* the ranking's name on its first row when a size has several, else "" */
	const char *why; /* unranked: the status word or "emulated"; "" when ranked */
	bool tie;	 /* the place is shared ("=2") */
	size_t place;	 /* 1 for the fastest, 2, ...; 0 when the cell is not ok */
	const cs_rank_entry *e; /* the entry: its cell, source, row and ratio */
	const char *label;	/* cs_rank_label's text */
	const char *hw;		/* cs_report_hw's text */
	double rate;		/* MB/s (byte ops) or op/s; meaningful when the cell is ok */
} cs_rank_row;
/* A format's writer of one rank row. */
typedef void cs_rank_row_func(void *arg, const cs_rank_row *row);
/* Per size of block b, fastest first, each row to fn; 0, or -1 when out of
   memory (the rows of the sizes before are written). */
int cs_rank_each(const cs_matrix *m, const cs_mblock *b, cs_rank_row_func *fn, void *arg);
/* The block's verdict, e.g. ">= 1 KiB: openssl/evp 3288 MB/s, 2.2x sodium/sodium;
   16 B: nettle/nettle" (malloc'd; NULL when out of memory). */
char *cs_rank_verdict(const cs_matrix *m, const cs_mblock *b);
/* "16 B", "1 KiB", "16 KiB", "1000 B". */
void cs_report_size_name(long long size, char *buf, size_t n);

/* ---- rules.c: the honest comparison rules (one place) ---- */
/* report --mix-sources: sources (imported and measured) share a ranking. */
void cs_rules_set_mix_sources(bool on);
bool cs_rules_mixing(void);
/* The cell was timed under an emulator (never ranked by time). */
bool cs_rules_emulated(const cs_res_file *f, const cs_res_cell *c);
/* The cell has a place in its ranking: ok, not emulated, not a TLS grid pair. */
bool cs_rules_rankable(const cs_matrix *m, size_t source, const cs_res_cell *c);
/* Why an ok cell has no place: "pair" (a TLS grid pair) or "emulated". */
const char *cs_rules_unranked_word(const cs_res_cell *c);
/* The ranking of a cell of source s. */
cs_rank_group cs_rules_group(size_t source, const cs_res_cell *c);
/* Order of groups: source, then parallelism. */
int cs_rules_group_cmp(cs_rank_group a, cs_rank_group b);
/* "[2] board", "[1] run, 4 workers (-multi 4)", "1 worker". */
void cs_rules_group_name(const cs_matrix *m, cs_rank_group g, char *buf, size_t n);
/* The interval of a cell's median rate: its 95% CI when the file has one,
   else median * (1 +- ci95_rel), else the point itself (imported cells). */
void cs_rules_interval(const cs_res_cell *c, double *lo, double *hi);
/* Places of n items sorted best first, each with its interval [lo, hi]
   (containing its value): items whose intervals overlap share a place, and
   so do chains of overlaps (a ~ b, b ~ c: a, b, c share one even when a and
   c do not overlap); an item between two members of a group shares it too.
   place[i] is 1 + the items before its group; tie[i] when its group has
   several. 0, or -1 when out of memory. */
int cs_rules_places(const double *lo, const double *hi, size_t n, size_t *place, bool *tie);
/* Which points a ranking over several points compares, and which libraries
   it ranks: has[l * n_points + p] says library l has point p. use[p]: the
   points anyone has; when fewer than two libraries have all of them, the
   points the two libraries with the most points have in common.
   ranked[l]: l has every used point (the others are listed apart). */
void cs_rules_common(const bool *has, size_t n_libs, size_t n_points, bool *ranked, bool *use);
/* The tie and common-point rule in one line (under 120 characters), printed
   under each per-question ranking. */
const char *cs_rules_tie_text(void);
/* Two cells' 95% intervals of the median overlap (a tie). */
bool cs_rules_tie(const cs_res_cell *a, const cs_res_cell *b);
/* The rules, one paragraph, printed under every ranking. */
const char *cs_rules_text(void);

/* ---- words.c: shared helpers ---- */
/* The hw summary of a cell's evidence: "sha-ni", "aes-ni+pclmul", "scalar", "-" (none). */
void cs_report_hw(const cs_res_cell *cell, char *buf, size_t n);
/* ---- count.c: a counting run's count block (run --count) ---- */
/* In format (text, markdown, html: a page of its own, csv); -1 for a format
   that has no count block. */
int cs_report_count(const cs_res_file *file, const char *format, FILE *f);
/* Can format print a counting file (beside timed files when with_timed)?
   false with the one line why (the caller exits 2). */
bool cs_report_count_format(const char *format, bool with_timed, char *why, size_t n);
/* The files of one report: a counting file among them gives the hw column of
   the timed files of the same architecture its exact class counts
   (cs_report_count_for). Kept until the next call. */
void cs_report_count_use(const cs_res_file *const *files, size_t n);
/* The exact count of a timed cell's twin in a counting file given to
   cs_report_count_use: the same library build, path, mask, variant, alg, op
   and size, counted for the timed file's CPU architecture; NULL when none. */
const cs_res_count *cs_report_count_for(const cs_res_cell *cell);
/* The hw text of an exact count: every class that ran, with its share. */
void cs_report_hw_count(const cs_res_count *k, char *buf, size_t n);
/* Short word for a non-ok status as shown in a matrix. */
const char *cs_report_status_word(const char *status);
/* A number for a table: no decimals from 10000, one from 100, two from 1, else three. */
void cs_report_number(double v, char *buf, size_t n);

/* ---- emit.c: formats and views by name ---- */
typedef enum cs_view {
	CS_VIEW_MATRIX,	   /* blocks of lib/path x size */
	CS_VIEW_RANK,	   /* per alg x op x size, fastest first */
	CS_VIEW_HANDSHAKE, /* TLS 1.3 handshake cost per lib/path (handshake.h) */
	CS_VIEW_EVIDENCE,  /* per cell with evidence or a count: each class's share */
	CS_VIEW_TLS,	   /* measured TLS handshakes, records, heap (tls.h) */
	CS_VIEW_TLS_GRID,  /* the TLS client x server grid (tls.h) */
	CS_VIEW_ESTIMATE,  /* a board's speed from counts (estimate.h; report prints it) */
	CS_VIEW_FLEET,	   /* boards side by side, measured and estimated (fleet.h; report) */
	CS_VIEW_MCU,	   /* MCU boards: cycles, stack, heap per build (mcu.h; report) */
	CS_VIEW_COUNT
} cs_view;

/* The commands that print a format (one registry in emit.c for all three). */
typedef enum cs_format_for {
	CS_FOR_REPORT,	/* report and run */
	CS_FOR_COMPARE, /* compare */
	CS_FOR_HISTORY	/* history */
} cs_format_for;
/* The k-th format of a command, NULL past the last. */
const char *cs_format_name(cs_format_for cmd, size_t k);
/* A command's formats joined by sep ("text, json, ..."), for messages and --help. */
void cs_format_names(cs_format_for cmd, const char *sep, char *buf, size_t n);
bool cs_format_known(cs_format_for cmd, const char *name);
/* Names of the views, NULL-terminated (messages, --help). */
extern const char *const cs_report_view_names[];
/* CS_VIEW_COUNT when unknown. */
cs_view cs_report_view_find(const char *name);
/* The format prints the view; else false, why: "--view handshake --format
   csv: not available (format csv prints: matrix, rank, evidence)". */
bool cs_report_pair_check(const char *format, cs_view view, char *why, size_t n);
/* Can format print these files (a counting file among them: count.c)? false
   with the one line why (the caller exits 2 before printing anything). */
bool cs_report_emit_check(const cs_res_file *const *files, size_t n, const char *format, char *why,
			  size_t why_n);
/* Print files in the named format and view; -1 when the format is unknown,
   -2 when it does not print that view or these files (the message on stderr). */
int cs_report_emit(const cs_res_file *const *files, size_t n, const char *format, cs_view view,
		   FILE *f);

/* ---- rank.c: the rank view as JSON (report --view rank --format json) ---- */
void cs_report_rank_json(const cs_res_file *const *files, size_t n, FILE *f);
/* ---- evidence.c: the evidence view (each class's share per cell) ---- */
void cs_report_evidence(const cs_res_file *const *files, size_t n, const char *format, FILE *f);
/* ---- verdict first (summary.c): the questions the files answer, their
   rankings and the facts not to miss; text, markdown or html ---- */
void cs_report_summary(const cs_matrix *m, const char *format, FILE *f);

/* ---- the formats (each prints the views emit.c registers for it) ---- */
void cs_report_text(const cs_res_file *const *files, size_t n, cs_view view, FILE *f);
void cs_report_csv(const cs_res_file *const *files, size_t n, cs_view view, FILE *f);
void cs_report_openssl(const cs_res_file *const *files, size_t n, cs_view view, FILE *f);
void cs_report_openssl_mr(const cs_res_file *const *files, size_t n, cs_view view, FILE *f);
void cs_report_markdown(const cs_res_file *const *files, size_t n, cs_view view, FILE *f);
void cs_report_html(const cs_res_file *const *files, size_t n, cs_view view, FILE *f);
/* Cells of cur against base; returns how many are significantly slower, -1 out of memory. */

#endif
