/* report --view mcu (mcu.c, docs/mcu.md "The MCU view"): the counting runs
   of MCU boards (run --count --board stm32f407 ...) as one table per board
   and library build, with a verdict line per question. */
#ifndef CS_MCU_VIEW_H
#define CS_MCU_VIEW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "results.h"

/* r is an MCU board's counting run: its counted cells carry cycles. */
bool cs_mcu_file(const cs_res_file *r);

/* The view in format text, markdown, csv or html; clock_mhz[i] is file i's
   board clock (0: none, no us/op). Files that are not an MCU board's
   counting run are named as left out. 0. */
int cs_report_mcu(const cs_res_file *const *files, size_t n, const unsigned *clock_mhz,
		  const char *format, FILE *f);

#endif
