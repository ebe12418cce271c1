/* The result file: build it from a run, write it atomically. */
#ifndef CS_RESULTS_H
#define CS_RESULTS_H

#include <jansson.h>

#include "orchestrator.h"

json_t *cs_results_json(const cs_run *run);
/* Row label: lib/path[/mask][xN]. */
void cs_row_label(json_t *cell, char *buf, size_t n);

#endif
