/*
 * run --count: the counting lane (docs/counting.md). Workers run under
 * qemu-user with the counting plugin (core/count), on a CPU profile that
 * stands for a board; each cell's op is counted in instructions, by class.
 */
#ifndef CS_ORCH_COUNT_H
#define CS_ORCH_COUNT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "board.h"
#include "orchestrator.h"

/* A CPU profile: what qemu emulates and what the libraries are told. */
typedef struct cs_count_profile {
	const char *name;	    /* --cpu value: "cortex-a53", "cortex-a53-nocrypto" */
	const char *about;	    /* the core and its features, for people */
	const char *arch;	    /* guest architecture: "x86_64", "aarch64" */
	const char *qemu;	    /* the qemu-user program */
	const char *qemu_cpu;	    /* its -cpu model */
	unsigned long hwcap_clear;  /* AT_HWCAP bits the worker's getauxval clears */
	unsigned long hwcap2_clear; /* AT_HWCAP2 bits */
	unsigned forbid;	    /* CS_EV_BIT()s of classes the CPU lacks */
	/* MCU profiles (docs/mcu.md): bare-metal workers under qemu-system-arm */
	const char *machine; /* its qemu-system-arm -M machine; NULL = a qemu-user profile */
	const char *costs;   /* the cycle table: data/costs/mcu/<costs>.tsv */
} cs_count_profile;

/* Ops of the two counted runs (the "counting" object's n1 and n2). */
#define CS_COUNT_N1 1
#define CS_COUNT_N2 2

/* One cell's count (owned by its cs_rcell). */
typedef struct cs_count_cell {
	int64_t ops;					/* operations counted */
	int64_t insns;					/* instructions over them */
	int64_t mem;					/* memory accesses over them */
	cs_msg_count_class classes[CS_MSG_MAX_CLASSES]; /* instructions per class over them */
	size_t n_classes;
	bool exact;	  /* both differences were equal (else a mean: keygen, sign) */
	int64_t insns_d1; /* instructions of the first difference */
	int64_t insns_d2; /* of the second */
	int64_t cycles;	  /* MCU boards: estimated core cycles over the ops (0 = none) */
	int64_t stack;	  /* MCU boards: most stack bytes a batch of ops used (0 = none) */
	int64_t heap;	  /* MCU boards: most heap bytes a batch of ops held */
} cs_count_cell;

/* The --cpu value's profile, or NULL (a board's: cs_board_find's profile). */
const cs_count_profile *cs_count_profile_find(const char *cpu);

/* Names of the profiles ("x86-64, cortex-a53, ..."). */
void cs_count_profile_names(char *buf, size_t size);

/*
 * Make cfg a counting run on profile p: check the instruments (qemu-user,
 * the plugin next to cryptospeed, the workers for p's architecture) and exit
 * CS_EXIT_USAGE saying what to install or build when one is missing; then
 * set the launcher, the environment masks and the prepare settings. board is
 * the board counted for (--board, or the profile's first board for --cpu;
 * NULL when it has none): its clock goes into the result file. Returns
 * the directory to take the workers from (NULL: the usual places).
 */
const char *cs_count_configure(cs_config *cfg, const cs_count_profile *p, const cs_board *board);

/* Count a prepared cell (runner.c's visit): final status, c->count set. */
void cs_count_visit(cs_run *run, cs_rcell *c);

/* The result file's "count" and "counting" objects are made by record.c
   (the result model, core/results). */

/* The run's "emulation" object is made by record.c too: whenever a launcher
   word is a program named qemu-* (timed or counted). */

/* The cost table a counting file of profile p is for, as the result file
   records it: the pipeline table's core name and version ("cortex-a72 1"),
   an MCU profile's cycle table ("mcu/cortex-m4.tsv"), or "" when the core
   has no pipeline table (or it does not load). */
void cs_count_table_name(const cs_count_profile *p, char *buf, size_t size);

/* The count block of the text matrix. */
void cs_count_print(const cs_run *run, FILE *f);

/* The plugin argument that records per-block counts (",blocks=DIR"), ""
   when none: the recorded launcher leaves it out (a temporary name). */
const char *cs_count_blocks_arg(void);

/* Write the counted ok cells' per-block counts to path (the sidecar a
   counting result file names, format in docs/estimates.md). 0, or -1 with
   why. */
int cs_count_blocks_write(const cs_run *run, const char *path, char *why, size_t why_size);

/* Remove the plugin's temporary directory. */
void cs_count_blocks_cleanup(void);

#endif
