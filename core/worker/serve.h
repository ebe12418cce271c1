/*
 * The requests every worker answers alike (docs/protocol.md), whether it
 * runs on Linux (main.c) or on a bare-metal Cortex-M (mcu/worker.c): the
 * impl lookups, `--list` and `--kat`, the hello's common part, the prepared
 * cells, the count reply, and the request loop. Portable C: no POSIX call,
 * so that the bare-metal build (CS_BARE_METAL, arm-none-eabi newlib) links
 * the same file. What only one platform does (masks, PMU, timed samples,
 * evidence, verify, conform) the caller answers through cs_serve_platform.
 */
#ifndef CS_SERVE_H
#define CS_SERVE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "protocol.h"
#include "worker.h"

/* What the request loop needs from its platform. */
typedef struct cs_serve_platform {
	FILE *out; /* the protocol channel */
	/* prepare calibrates the cell's batch to the request's target time;
	   false (a counting worker): batch 1 */
	bool calibrate;
	/* a sign cell's prepare reply carries one signature of the
	   deterministic message, for the other libraries to verify (interop) */
	bool sign_sample;
	/* A request the loop does not answer itself (it answers prepare, count,
	   release, quit): answers it and returns true; false or NULL: the loop
	   replies an error naming `accepted`. */
	bool (*other)(const cs_msg_request *req);
	const char *accepted; /* the requests this worker answers, for that error */
} cs_serve_platform;

/* The adapter this worker was built with (the generated registry). */
extern const cs_adapter *const cs_worker_adapter;

/* Copy src (NULL: "") into dst of n bytes, cut and terminated. */
void cs_serve_copy(char *dst, size_t n, const char *src);
/* Whether impl can run at all; *why the reason when not (may be NULL). */
bool cs_serve_available(const cs_impl *impl, const char **why);
/* Why an available impl does not run an op: its own why, or a default. */
const char *cs_serve_op_why(const cs_impl *impl);
/* The impl of alg on path, or NULL. */
const cs_impl *cs_serve_find(const char *alg, const char *path);

/* The noop worker's test-only faults: spec is CRYPTOSPEED_FAULT's value
   (MODE[:ALG]), NULL for none. */
void cs_serve_set_fault(const char *spec);
/* Whether the fault `mode` strikes impl. */
bool cs_serve_fault(const cs_impl *impl, const char *mode);
/* Whether impl is exempt from known answers (a harness probe). */
bool cs_serve_kat_exempt(const cs_impl *impl);

/* Why impl will not answer op against a vector or another library's output
   (verify, conform): unavailable, op not provided, or a harness probe that
   computes nothing; NULL when it will. */
const char *cs_serve_refusal(const cs_impl *impl, cs_op op);

/* `--list`: the impls, their ops and availability on stdout; the exit status. */
int cs_serve_list(void);
/* `--kat`: every known answer of the impls of alg and path (NULL: any)
   through them, one line each on stdout; the exit status (0 pass, 1 a wrong
   answer, 2 nothing matches, 77 nothing this library can check). */
int cs_serve_kat(const char *alg, const char *path);

/* The hello's platform-free part: protocol, ABI, library, worker name (from
   argv0), version, build, paths and impls. h was cs_msg_hello_init'ed. */
void cs_serve_hello(cs_msg_hello *h, const char *argv0);
/* Encode msg's line (consumed; NULL: out of memory) onto the channel. */
void cs_serve_send(const cs_serve_platform *p, char *line);

/* The prepared cell with this id, or NULL. */
cs_cell *cs_serve_cell(int64_t id);
/* Answer requests from stdin until quit or end of input, then release every
   cell. */
void cs_serve_requests(const cs_serve_platform *p);

/* Fill a count reply (status ok) from the two differences of a count,
   d1 = c(n2) - c(n1) and d2 = c(n3) - c(n2), over `ops` operations:
   instructions and memory accesses of each, whether every counter of d1
   equals d2's (stable), and the per-class counts (classes[i][k], k below
   n_classes, named by name(k)) summed, the nonzero ones only. */
void cs_serve_count_reply(cs_msg_count_reply *r, uint64_t ops, bool stable, const uint64_t insns[2],
			  const uint64_t mem[2], const uint64_t *const classes[2], int n_classes,
			  const char *(*name)(int k));

#endif
