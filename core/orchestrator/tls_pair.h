/* The TLS client x server grid (run --tls-grid): tls_pair.c. */
#ifndef CS_TLS_PAIR_H
#define CS_TLS_PAIR_H

#include "orchestrator.h"

/* After the run's cells: one cell per TLS configuration of the run and
   ordered pair of its TLS libraries (client worker, server worker), appended
   to run->cells. Returns how many pairs failed (error, wrong, timeout,
   crashed), or -1 out of memory. */
int cs_tls_grid(cs_run *run);

#endif
