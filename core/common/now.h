/* The monotonic clock in seconds, for deadlines and elapsed times of the
   orchestrator (never for timing a cell: core/worker/clock.c does that). */
#ifndef CS_NOW_H
#define CS_NOW_H

/* CLOCK_MONOTONIC now, in seconds. */
double cs_now_s(void);

#endif
