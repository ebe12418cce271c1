/* Formats CI dashboards read, each after its owner's published definition:
   Bencher Metric Format (bencher.dev/docs/reference/bencher-metric-format),
   Google Benchmark JSON (what its tools/compare.py and github-action-benchmark's
   "googlecpp" tool read). The compare exports (JUnit, Markdown) are in verdict.h. */
#ifndef CS_EXPORTS_H
#define CS_EXPORTS_H

#include <stddef.h>
#include <stdio.h>

#include "report.h"

/* The nanoseconds per operation of each ok repetition of an ok cell (`run
   --repeat`), or its one median when it has no repetitions; at most max.
   Returns how many (0: not an ok cell with a time). */
size_t cs_cell_rep_ns(const cs_res_cell *cell, double *out, size_t max);

/* BMF: {"<cell>": {"latency": {value, lower_value, upper_value} (ns),
   "throughput": {...} (op/s), "mb-per-second": {...} for sized cells}}; ok
   cells only; with several files each name starts with "[i] ". */
void cs_report_bmf(const cs_res_file *const *files, size_t n, cs_view view, FILE *f);

/* Google Benchmark JSON: context + one "iteration" run per cell and repetition,
   and mean/median/stddev/cv aggregates when a cell has repetitions. */
void cs_report_gbench(const cs_res_file *const *files, size_t n, cs_view view, FILE *f);

#endif
