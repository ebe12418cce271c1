/* Several boards side by side (report --view fleet, docs/arm-boards.md "A
   fleet"): each board's measured rate (a timed result file) beside its
   estimate from exact counts (a counting run x its core's cost table at the
   board's clock, estimate.h) where both exist, and their ratio: the check
   every estimate needs. A file's board is its --label (run --label, the LAVA
   job's board), else a counting run's profile, else host + CPU. */
#ifndef CS_FLEET_H
#define CS_FLEET_H

#include <stddef.h>
#include <stdio.h>

#include "estimate.h"
#include "results.h"

/* The board a file stands for in the fleet view. */
const char *cs_fleet_board(const cs_res_file *r);

/* The fleet view in format "text" or "markdown": files are every file given
   (timed, counted or imported); est the counting files whose estimates
   could be resolved (a cost table and a clock), n_est of them. A counting
   file without one shows no estimate (said under the table). 0, or -1 when
   out of memory. */
int cs_report_fleet(const cs_res_file *const *files, size_t n, const cs_est_input *est,
		    size_t n_est, const char *format, FILE *f);

#endif
