/* Conformance, worker side (core/worker/conform.c). */
#ifndef CS_WORKER_CONFORM_H
#define CS_WORKER_CONFORM_H

#include "protocol.h"

/* Run req's vector through impl (available, with req->op in impl->ops) on a
   fresh context and fill r (its id is the caller's): ok with the output,
   wrong when setup or run refused (error names the status), unsupported
   when the impl cannot take the vector's parameters (a MAC key length),
   error when the request itself is unusable. */
void cs_worker_conform(const cs_impl *impl, const cs_msg_conform *req, cs_msg_conform_reply *r);

#endif
