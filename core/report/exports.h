/* Formats CI dashboards read, each after its owner's published definition:
   Bencher Metric Format (bencher.dev/docs/reference/bencher-metric-format),
   Google Benchmark JSON (what its tools/compare.py and github-action-benchmark's
   "googlecpp" tool read). The compare exports (JUnit, Markdown) are in verdict.h. */
#ifndef CS_EXPORTS_H
#define CS_EXPORTS_H

#include <stddef.h>
#include <stdio.h>
#include <jansson.h>

/* The nanoseconds per operation of each repetition of an ok cell (`run
   --repeat`), or its one median when the file has no repetitions; at most max.
   Returns how many (0: the cell has no valid timing). */
size_t cs_cell_rep_ns(json_t *cell, double *out, size_t max);

/* BMF: {"<cell key>": {"throughput": {value, lower_value, upper_value} (op/s),
   "latency": {...} (ns), "mb-per-second": {...} for sized cells}}; ok cells only. */
void cs_report_bmf(json_t *results, FILE *f);

/* Google Benchmark JSON: context + one "iteration" run per cell and repetition,
   and mean/median/stddev/cv aggregates when a cell has repetitions. */
void cs_report_gbench(json_t *results, FILE *f);

#endif
