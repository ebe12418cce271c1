/* The TLS view (report --view tls): per TLS configuration and library, the
   measured handshakes, resumptions, records and heap per connection. */
#ifndef CS_REPORT_TLS_H
#define CS_REPORT_TLS_H

#include <stdio.h>

#include "results.h"

/* Text, whatever the format asked for; 0, or 1 when no file holds a TLS cell
   (then it says so). */
int cs_report_tls(const cs_res_file *const *files, size_t n, FILE *f);

#endif
