/* The result file: build it from a run, write it atomically. */
#ifndef CS_RESULTS_H
#define CS_RESULTS_H

#include <jansson.h>

#include "orchestrator.h"

json_t *cs_results_json(const cs_run *run);
/* Write atomically (temp file + rename). 0 or -1 with errno. */
int cs_results_write(json_t *results, const char *path);
/* Check that path can be written (before measuring). 0 or -1 with a message. */
int cs_results_check_writable(const char *path, char *why, size_t n);
/* Row label: lib/path[/mask][xN]. */
void cs_row_label(json_t *cell, char *buf, size_t n);

#endif
