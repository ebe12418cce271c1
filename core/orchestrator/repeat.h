/* run --repeat R: R independent repetitions of the whole selection. */
#ifndef CS_REPEAT_H
#define CS_REPEAT_H

#include <stddef.h>
#include <jansson.h>

#include "orchestrator.h"

/*
 * results holds the first repetition (cs_results_json of a finished run with
 * cfg->seed). Runs repetitions 2..R, each with fresh worker processes (a new
 * cs_run) and its own shuffle seed (cfg->seed + r), then folds them into
 * results: per cell "repetitions" (each one's seed, status, median rate and ns
 * per op, n_samples), and the cell's rate and ns_per_op become the median of
 * the repetition medians with a 95% CI from them; the cell's "samples" are the
 * repetitions' samples in order (repetition k: its n_samples after those of
 * the repetitions before it, when they were ok). Hardware evidence is gathered in
 * the first repetition only. `status` is the first repetition's exit status;
 * returns the status of the whole (3 disagree / 4 not ok in any repetition),
 * or 128 + N when signal N stopped it (the repetitions finished are kept).
 */
int cs_repeat_more(cs_config *cfg, const cs_worker_file *files, size_t n_files, int repeat,
		   json_t *results, int status);

/*
 * Fold a list of per-repetition result files into the first (results[0]),
 * as above; seeds[i] is repetition i's seed. For cs_repeat_more and tests.
 * 0, or -1 on no memory.
 */
int cs_repeat_fold(json_t **results, const unsigned *seeds, size_t n);

#endif
