/*
 * The per-block pipeline model (report --view estimate, docs/estimates.md):
 * a core's table (data/costs/<core>.pipe.tsv) and the cycles of one
 * execution of a basic block on that core.
 *
 * A table is text, one record per line, fields separated by tabs, every
 * record ending with its source; '#' starts a comment line:
 *
 *   core   NAME  VERSION                  the core and the table's version
 *   issue  inorder|ooo  WIDTH  SOURCE     issue model and instructions/cycle
 *   pipe   NAME  COUNT  SOURCE            an execution pipe kind and how many
 *   insn   PATTERN  PIPE  LATENCY  OCCUPANCY  SOURCE
 *   fuse   FIRST  SECOND  LATENCY  OCCUPANCY  SOURCE
 *          a pair issued together as one (AESE+AESMC): LATENCY from the
 *          first's inputs to the second's result, OCCUPANCY of the first's
 *          pipe by the pair
 *
 * PATTERN is a mnemonic ("aese"), a mnemonic with "/q" (the form with a
 * 128-bit vector register operand: "add/q"), or a prefix ending in '*'
 * ("ld1*"); the most specific row wins (mnemonic/q, mnemonic, the longest
 * prefix). OCCUPANCY: cycles the instruction holds its pipe (1 = fully
 * pipelined). A single-issue in-order core is `issue inorder 1`.
 *
 * Block cycles: in-order cores issue in program order, up to WIDTH per
 * cycle, each when its operands are ready and a pipe of its kind is free;
 * out-of-order cores take max(resource bound, loop-carried dependency
 * chain). Both are computed on the block repeated (the second execution's
 * cycles), which is what a hot loop does.
 */
#ifndef CS_PIPELINE_H
#define CS_PIPELINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define CS_PIPE_ROWS_MAX 256
#define CS_PIPE_KINDS_MAX 16
#define CS_PIPE_FUSE_MAX 8

/* One instruction group. */
typedef struct cs_pipe_row {
	char pattern[32]; /* mnemonic, mnemonic/q, or prefix* */
	int pipe;	  /* index into kinds */
	double latency;	  /* cycles to its result */
	double occupancy; /* cycles it holds its pipe */
} cs_pipe_row;

/* One core's table. */
typedef struct cs_pipe_table {
	char core[32];	  /* "cortex-a53" */
	char version[32]; /* the table's version */
	bool inorder;	  /* in-order issue (else out of order) */
	int width;	  /* instructions issued per cycle */
	struct {
		char name[16];
		int count;
	} kinds[CS_PIPE_KINDS_MAX];
	int n_kinds;
	cs_pipe_row rows[CS_PIPE_ROWS_MAX];
	size_t n_rows;
	struct {
		char first[16], second[16];
		double latency;	  /* the pair's, inputs to result */
		double occupancy; /* cycles the pair holds the first's pipe */
	} fuse[CS_PIPE_FUSE_MAX];
	size_t n_fuse;
} cs_pipe_table;

/* Parse a table's text; 0, or -1 with why (name, line, what was wrong). */
int cs_pipe_table_parse(const char *text, const char *name, cs_pipe_table *t, char *why, size_t n);

/* Read dir/<core>.pipe.tsv; 0, or -1 with why. */
int cs_pipe_table_load(const char *dir, const char *core, cs_pipe_table *t, char *why, size_t n);

/* One execution of the block (code, size bytes of "a64" instructions at
   addr) on t's core: *cycles, and *modelled of its *insns instructions had
   a row of their own. 0, or -1 with why (undecodable code). */
int cs_pipe_block(const cs_pipe_table *t, const char *mode, const uint8_t *code, size_t size,
		  uint64_t addr, double *cycles, size_t *insns, size_t *modelled, char *why,
		  size_t n);

#endif
