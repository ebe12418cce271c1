/* A board's speed estimated from exact counts (report --view estimate,
   docs/estimates.md): a per-core cost table (data/costs/<core>.tsv: cycles
   charged per instruction of each class, each with its published source)
   turns a counted cell into cycles per op, cycles per byte and, at a clock,
   MB/s. With an imported `openssl speed` table, each of its rows gets the
   estimate/table ratio of every counting run given, and the counting run
   (crypto extension or not) whose estimate is nearest. */
#ifndef CS_ESTIMATE_H
#define CS_ESTIMATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "pipeline.h"
#include "results.h"

#define CS_EST_ROWS_MAX 32
#define CS_EST_NAME_MAX 32

/* One row of a cost table. */
typedef struct cs_est_row {
	char key[CS_EST_NAME_MAX]; /* an instruction class ("scalar") or "memory-access" */
	double cycles;		   /* cycles charged per instruction (per access) */
} cs_est_row;

/* A core's cost table. */
typedef struct cs_est_table {
	char core[CS_EST_NAME_MAX];	  /* the core: "cortex-a53" */
	cs_est_row rows[CS_EST_ROWS_MAX]; /* n_rows rows, in the file's order */
	size_t n_rows;
	double mem_cycles; /* the "memory-access" row, 0 when the table has none */
	char path[4096];   /* the file it was read from (cs_est_table_load), else "" */
} cs_est_table;

/* Parse a cost table's text (lines "class<TAB>cycles<TAB>source", '#'
   comments, blank lines) for core; 0, or -1 with why (one line: the file's
   name, the line and what was wrong). Every row needs a source. */
int cs_est_table_parse(const char *text, const char *core, const char *name, cs_est_table *t,
		       char *why, size_t n);
/* Read dir/<core>.tsv; 0, or -1 with why. */
int cs_est_table_load(const char *dir, const char *core, cs_est_table *t, char *why, size_t n);
/* Cycles per op of an exact count: (sum over classes of instructions x the
   class's cycles + memory accesses x mem_cycles) / ops. 0, or -1 with why
   when a class that ran has no row in the table. */
int cs_est_cycles(const cs_est_table *t, const cs_res_count *k, double *cycles, char *why,
		  size_t n);
/* MB/s (10^6 bytes per second) of size-byte ops at cycles per op and mhz. */
double cs_est_mbps(double cycles, long long size, double mhz);

/* One counting file of an estimate, as the orchestrator resolved it. */
typedef struct cs_est_input {
	const cs_res_file *file;   /* the counting run */
	const cs_est_table *table; /* its core's class table: the labelled fallback */
	double mhz;		   /* the clock its estimates use */
	const cs_pipe_table *pipe; /* its core's pipeline table, NULL when none */
	char blocks[4096];	   /* its per-block counts (counting.blocks beside it), "" none */
} cs_est_input;

/* The pipeline model's estimate of counted cell c (pipeline.h): cycles per
   op = sum over its hot blocks of executions x block cycles / ops, from
   the sidecar at path; *share = instructions modelled (a block kept and
   each instruction with a row) / instructions counted. 0, or -1 with why
   (no blocks for the cell, unreadable or malformed file). A share below
   CS_EST_MODEL_MIN is returned too: the caller gives no estimate then. */
int cs_est_model_cell(const cs_pipe_table *t, const char *path, const cs_res_cell *c,
		      double *cycles, double *share, char *why, size_t n);

/* The "consistent with" window of a comparison: a table row within this
   factor of the nearest run's estimate is consistent with its path. It is
   that run's core table's measured error (its `error` record: the worst
   ratio on the published figures the table was not fitted to, see the
   validation in docs/estimates.md) rounded up to 0.05; a table without
   one gets CS_EST_WINDOW_UNVALIDATED. */
#define CS_EST_WINDOW_UNVALIDATED 1.25
double cs_est_window(const cs_pipe_table *t);

/* The share of instructions modelled below which a cell has no estimate. */
#define CS_EST_MODEL_MIN 0.99

/* The estimate view: per counting file, its cells' estimates; then, for the
   imported (and timed) files, each byte-op row of one worker against the
   counting files' openssl cells of the same alg, op and size (path evp
   first). Text only. 0, or -1 when out of memory. */
int cs_report_estimate(const cs_est_input *in, size_t n_in, const cs_res_file *const *tables,
		       size_t n_tables, FILE *f);

/* The estimate's rows in a machine or markup format: "csv" (columns lib,
   path, alg, op, size, profile, core, model, cycles_per_op,
   cycles_per_byte, mb_s, clock_mhz, modelled, class_cycles_per_byte,
   note), "json" (an array of objects with those keys), "markdown" or
   "html" (a table of them); every string escaped for its format. 0, or -1
   when out of memory or the output failed. */
int cs_report_estimate_format(const cs_est_input *in, size_t n_in, const char *fmt, FILE *f);

#endif
