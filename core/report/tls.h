/* The TLS view (report --view tls): per TLS configuration and library, the
   measured handshakes, resumptions, records and heap per connection. */
#ifndef CS_REPORT_TLS_H
#define CS_REPORT_TLS_H

#include <stdio.h>

#include "results.h"

/* Text, whatever the format asked for; 0, or 1 when no file holds a TLS cell
   (then it says so). */
int cs_report_tls(const cs_res_file *const *files, size_t n, FILE *f);

/* The client x server grid (report --view tls-grid; run --tls-grid made its
   cells: path "tls>SERVER"): per TLS configuration, connections per second
   of each client (row) with each server (column) or the status the pair
   ended with, then every failure with its reason, then each ok pair's CPU
   and heap per connection, client and server apart. format: text, markdown
   or html. 0, or 1 when no file holds a grid cell (then it says so). */
int cs_report_tls_grid(const cs_res_file *const *files, size_t n, const char *format, FILE *f);

/* A cell of the grid (path "tls>SERVER"): its server's worker name, else
   NULL. */
const char *cs_report_tls_grid_server(const cs_res_cell *c);

#endif
