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
 *   share  NAME  INNER  SOURCE            INNER's pipes are the first of NAME's
 *          (an F0-only crypto uop and an F0/F1 NEON uop contend for F0)
 *   window N  SOURCE                      out of order: instructions in flight
 *          (the reorder buffer; 128 when not given)
 *   error  R  SOURCE                      the model's worst error on published
 *          figures it was not fitted to (a factor: 1.08); the estimate's
 *          "consistent with" window is R rounded up to 0.05
 *   insn   PATTERN  PIPE  LATENCY  OCCUPANCY  SOURCE
 *   fuse   FIRST  SECOND  LATENCY  OCCUPANCY  SOURCE
 *          a pair issued together as one (AESE+AESMC): LATENCY from the
 *          first's inputs to the second's result, OCCUPANCY of the first's
 *          pipe by the pair
 *
 * PATTERN is a mnemonic ("aese"), a mnemonic with "/q" (the form with a
 * 128-bit vector register operand: "add/q"), a mnemonic with "/s" (the
 * form with a general register operand shifted by a nonzero amount:
 * "eor/s" is eor x0, x1, x2, ror #18), a mnemonic with "/x" (the form
 * whose first operand is a 64-bit general register: "ror/x" is ror x0,
 * x1, #28),
 * or a prefix ending in '*' ("ld1*"); the most specific row wins
 * (mnemonic/s, mnemonic/x, mnemonic/q, mnemonic, the longest
 * prefix). OCCUPANCY: cycles the instruction holds its pipe (1 = fully
 * pipelined). A single-issue in-order core is `issue inorder 1`.
 *
 * Block cycles: in-order cores issue in program order, up to WIDTH per
 * cycle, each when its operands are ready and a pipe of its kind is free
 * (the block run twice, the second execution's cycles). Out-of-order cores
 * are simulated cycle by cycle on the block repeated 8 times: up to WIDTH
 * instructions a cycle enter a window of N, the oldest whose operands are
 * ready issue to a free pipe of their kind, and they retire in order; the
 * block's cycles are the steady state (the last 4 executions' average).
 * Both are what a hot loop does.
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
	char pattern[32]; /* mnemonic, mnemonic/q, /s, /x, or prefix* */
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
		int shares;   /* the kind whose pipes are this one's first, or -1 */
		int unit[16]; /* this kind's pipes, numbered over the core */
	} kinds[CS_PIPE_KINDS_MAX];
	int n_kinds;
	int n_units;  /* pipes of the core, shared ones counted once */
	int window;   /* out of order: instructions in flight */
	double error; /* the worst held-out error on published figures (a
			      factor, at least 1); 0 when the table gives none */
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
