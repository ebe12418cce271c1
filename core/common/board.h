/*
 * The boards: the one table of the devices `run --count --board B` stands
 * for and reports estimate (core/common/board.c). Every other place that
 * needs a board (the counting profiles, `run --help` and so the man page,
 * the shell completion, `list --boards`, scripts/mcu_size.sh, the reports'
 * fallback for files that record no board) reads this table.
 */
#ifndef CS_BOARD_H
#define CS_BOARD_H

#include <stdbool.h>
#include <stddef.h>

typedef struct cs_board {
	const char *name;	  /* the --board value: "rpi4" */
	const char *profile;	  /* the counting profile it runs on (orchestrator/count.c) */
	const char *about;	  /* the board, its SoC and core, for people */
	unsigned clock_mhz;	  /* the core clock estimates use */
	const char *clock_source; /* how that clock is known, and what could move it */
	unsigned flash_kib;	  /* MCU boards: the part's flash (0 on other boards) */
	unsigned ram_kib;	  /* MCU boards: the part's on-chip RAM */
} cs_board;

/* Every board, in the order --help lists them. */
extern const cs_board cs_boards[];
extern const size_t cs_n_boards;

/* The board named `name`, or NULL. */
const cs_board *cs_board_find(const char *name);

/* The first board of the table that runs on `profile` (what a file counted
   with --cpu PROFILE is estimated at), or NULL when no board does. */
const cs_board *cs_board_of_profile(const char *profile);

/* The boards' names joined by ", " into buf ("nanopi-r2s, rpi3, ..."): the
   MCU boards (flash_kib > 0) when mcu is set, the others when other is. */
void cs_board_names(char *buf, size_t size, bool mcu, bool other);

#endif
