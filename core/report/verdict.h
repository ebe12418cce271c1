/*
 * compare, calibrated: BASE and NEW result files (or two selections of one
 * file) cell by cell, with a verdict per cell from repetitions, and every kind
 * of change a nightly job must see, each in its own section. The rules are in
 * docs/nightly.md; the formats are text, Markdown (job summary, PR comment),
 * JUnit XML (CI test tabs) and JSON.
 */
#ifndef CS_VERDICT_H
#define CS_VERDICT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "results.h"

/* What can make compare exit 1 (--fail-on); each a bit of cs_compare_opts.fail_on. */
typedef enum cs_flag {
	CS_FLAG_SLOWER,	     /* a cell slower beyond threshold, noise and test */
	CS_FLAG_HW,	     /* a cell lost an instruction class (hw) */
	CS_FLAG_STATUS,	     /* a cell ok in BASE is not ok in NEW */
	CS_FLAG_MISSING,     /* a cell of BASE is not in NEW */
	CS_FLAG_CONFORMANCE, /* a test vector failing in NEW that passed in BASE (conform.h) */
	CS_FLAG_COUNTS,	     /* a counted cell's instructions/op or a class changed (run --count) */
	CS_FLAG_COUNT
} cs_flag;

/* "slower", "hw", "status", "missing", "conformance", "count". */
const char *cs_flag_name(cs_flag f);
/* Parse "slower,hw" into a bit set; -1 naming the bad word in why. */
int cs_flag_parse(const char *s, unsigned *bits, char *why, size_t n);

/* The verdict on one cell's speed. */
typedef enum cs_speed {
	CS_SPEED_SAME, /* no change beyond threshold, noise and test */
	CS_SPEED_SLOWER,
	CS_SPEED_FASTER,
	CS_SPEED_DRIFT, /* slower, but not beyond the machine's drift: inconclusive */
	CS_SPEED_NONE,	/* not compared (not ok on a side, or missing) */
} cs_speed;

/* The same-run verdict on n paired ratios r (NEW / BASE per repetition, n >= 3):
   the margin sign rule of docs/nightly.md; CS_SPEED_SAME when n < 3. */
cs_speed cs_paired_verdict(const double *r, size_t n, double threshold);

typedef struct cs_cell_cmp {
	char label
		[CS_RES_LABEL_MAX]; /* lib/path[variant]/mask of NEW's cell (BASE's when missing) */
	char what[2 * CS_RES_NAME_MAX + 32]; /* "alg op size" */
	const cs_res_cell *base, *cur; /* the cells (borrowed); NULL when absent on that side */
	double base_rate, cur_rate;    /* median rates (of repetition medians) */
	const char *unit;	       /* "B/s" or "op/s" */
	double ratio;		       /* cur_rate / base_rate (> 1 faster) */
	double ci_lo, ci_hi;	       /* 95% bootstrap CI of the ratio (strong verdicts), else 0 */
	double noise;		       /* noise floor: the sum of both sides' relative spreads */
	size_t n_base, n_cur;	       /* ok repetitions per side */
	bool weak;		       /* fewer than 3 repetitions on a side: effect + noise only */
	bool paired;		       /* same run: decided from the ratio within each repetition */
	cs_speed speed;
	char hw_base[256], hw_cur[256]; /* hw summaries ("-" without evidence) */
	bool hw_lost,
		hw_gained; /* a class with >= 10% of BASE's samples under 2% in NEW / the reverse */
	bool status_changed; /* ok in BASE, something else in NEW */
	bool counted;	     /* both sides counted (run --count): compared on counts, not time */
	double base_ipo, cur_ipo; /* counted: instructions per operation */
	bool count_changed;	  /* counted: total or a class moved by >= count_threshold */
	char count_what[512];	  /* counted and changed: "insns/op 3303 -> 3336 (+1.00%); ..." */
} cs_cell_cmp;

/* One library entry that differs (version or build flags). */
typedef struct cs_lib_change {
	char name[CS_RES_NAME_MAX];
	char base[160], cur[160]; /* "version; build" on each side ("" when absent) */
} cs_lib_change;

/* The most --pair OLD=NEW of one compare. */
#define CS_COMPARE_PAIRS 16

typedef struct cs_compare_opts {
	double threshold;	/* minimum effect, relative (0.05) */
	unsigned fail_on;	/* bits (1u << cs_flag) that make exit 1 */
	bool across_hosts;	/* compare files of different CPU models/architectures */
	const char *base_sel;	/* same-run mode: BASE rows of the one file ("wolfssl@5.7.2",
				   "openssl/no-aes", "openssl[default]"), else NULL */
	const char *cur_sel;	/* same-run mode: NEW rows */
	double count_threshold; /* counted cells: a finding from this relative change (0.001) */
	/* two files: --pair OLD=NEW, BASE's library build OLD is paired with
	   NEW's build NEW (cells and conformance rows); others by name */
	const char *pair_old[CS_COMPARE_PAIRS], *pair_new[CS_COMPARE_PAIRS];
	size_t n_pairs;
	/* two files: --base-table N / --new-table N, only that table (source,
	   1-based) of a file of several (an import of a post with several
	   machines); 0: every table, paired table by table */
	size_t base_table, cur_table;
} cs_compare_opts;

/* BASE's library build name as NEW calls it (--pair OLD=NEW), else lib. */
const char *cs_compare_paired_lib(const cs_compare_opts *o, const char *lib);

/* Defaults: 5%, fail on every kind, same host only, two files. */
extern const cs_compare_opts cs_compare_defaults;

typedef struct cs_comparison {
	cs_compare_opts opts;
	const char *base_name, *cur_name; /* files (or selections) for the headings */
	cs_cell_cmp *cells;		  /* BASE's cells in order, then NEW's new cells */
	size_t n_cells;
	size_t compared;	     /* cells with a speed verdict */
	size_t count[CS_FLAG_COUNT]; /* flagged, per kind */
	size_t faster, new_cells, drift_cells;
	bool same_run;	     /* two selections of one file: drift cancels */
	bool counting;	     /* a side is a counting run: counts compared, no drift */
	size_t counted;	     /* cells compared on counts */
	double drift;	     /* reference cell NEW/BASE ratio farthest from 1; 1 when none */
	char drift_ref[160]; /* which reference cell, "" when none was in both */
	bool inconclusive;   /* |drift - 1| > threshold */
	cs_lib_change *libs; /* library version / build changes */
	size_t n_libs;
	char host_changes[1024]; /* "hostname a -> b; kernel x -> y; ..." or "" */
	char cpu_change[320];	 /* arch or CPU model differs ("" when not) */
	int status;		 /* exit status: 0, 1 (flagged in fail_on), 5 (inconclusive) */
	struct cs_conform_diff *conform; /* conformance changes (conform.h), NULL in one run */
} cs_comparison;

/*
 * Compare base and cur (cur == base in same-run mode, with opts->base_sel and
 * cur_sel). Returns 0 and fills out (its cells point into base and cur); 2
 * when the files are from different CPU models or architectures and
 * !opts->across_hosts, or a selection matches no cell (why says which, and
 * what would be accepted); -1 on no memory.
 */
int cs_compare(const cs_res_file *base, const cs_res_file *cur, const cs_compare_opts *opts,
	       cs_comparison *out, char *why, size_t why_size);
void cs_comparison_free(cs_comparison *c);

/* The formats. */
/* A comparison printed in one format. */
typedef void cs_compare_fn(const cs_comparison *c, FILE *f);
/* compare's printer of the named format (the registry in emit.c), or NULL. */
cs_compare_fn *cs_format_compare(const char *name);
void cs_compare_text(const cs_comparison *c, FILE *f);
void cs_compare_markdown(const cs_comparison *c, FILE *f);
void cs_compare_junit(const cs_comparison *c, FILE *f);
void cs_compare_json(const cs_comparison *c, FILE *f);

#endif
