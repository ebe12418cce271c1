/* run --repeat R: R independent repetitions of the whole selection. */
#ifndef CS_REPEAT_H
#define CS_REPEAT_H

#include <stddef.h>

#include "orchestrator.h"
#include "results.h"

/*
 * results holds the first repetition (cs_record_run of a finished run with
 * cfg->seed). Runs repetitions 2..R, each with fresh worker processes (a new
 * cs_run) and its own shuffle seed (cfg->seed + r), then folds them into
 * results (replaced by the folded model): per cell "repetitions" (each one's
 * seed, status, median rate and ns per op, n_samples), and the cell's rate
 * and ns_per_op become the median of the repetition medians with a 95% CI
 * from them; the cell's samples are the repetitions' samples in order
 * (repetition k: its n_samples after those of the repetitions before it,
 * when they were ok). Hardware evidence is gathered in the first repetition
 * only. `status` is the first repetition's exit status; returns the status
 * of the whole (3 disagree / 4 not ok in any repetition), or 128 + N when
 * signal N stopped it (the repetitions finished are kept).
 */
int cs_repeat_more(cs_config *cfg, const cs_worker_file *files, size_t n_files, int repeat,
		   cs_res_file *results, int status);

/*
 * Fold n repetitions (reps[i] measured with seeds[i]) into out, as above:
 * cells are matched by cs_res_cell_key. out owns its data (reps may be freed
 * after); reps[0] is changed on the way. 0, or -1 with why (no memory, or a
 * folded model the reader refuses).
 */
int cs_repeat_fold(cs_res_file *reps, const unsigned *seeds, size_t n, cs_res_file *out, char *why,
		   size_t why_n);

#endif
