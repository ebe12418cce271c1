/* History: per cell the series of rates over result files from one host, in
   time order, and its change points (core/stats/changepoint.h). */
#ifndef CS_HISTORY_H
#define CS_HISTORY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "changepoint.h"
#include "results.h"

typedef struct cs_history_opts {
	const char *format;  /* "text" or "json" */
	const char *svg_dir; /* write one SVG per changed cell there, or NULL */
	double threshold;    /* smallest |after/before - 1| reported as a change */
	bool same_cpu;	     /* one host = one CPU model and arch, any hostname (CI runners) */
	cs_cp_options cp;    /* the change-point test */
} cs_history_opts;

/* Defaults: text, no SVG, 5%, hostname checked, cs_cp_defaults. */
extern const cs_history_opts cs_history_defaults;

/*
 * results[0..n): loaded result files (named by their name). Puts them in time
 * order (their "started"), then writes the report to out and the SVGs.
 * Returns 0; 2 when the files come from different hosts (why names both files);
 * 1 on I/O or memory errors (why says which).
 */
int cs_history(const cs_res_file *const *results, size_t n, const cs_history_opts *o, FILE *out,
	       char *why, size_t why_size);

#endif
