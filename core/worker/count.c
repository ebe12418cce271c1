/* The worker's side of `count` (run --count): a cell's op counted between
   markers of the counting plugin (core/count/count.h). */
#include <alloca.h>
#include <stdio.h>
#include <string.h>

#include "count.h"
#include "protocol.h"
#include "serve.h"
#include "worker.h"

/* Ops of the unused first round: enough for the heap to reach its steady
   state. glibc's calloc never takes from the per-thread cache (tcache) while
   free fills it, up to 7 chunks per size: an op that callocs and frees (a
   library's context per call) finds another free list on each of its first
   7 or so calls, so a count of those calls differs from the next. */
#define WARM_OPS 16

/* Count k ops of the cell into *d: markers around one batch of k. */
static int
count_ops(cs_cell *cell, uint64_t k, int weight, cs_count_snap *d, char *why, size_t why_size)
{
	cs_count_snap a, b;
	cs_status st = CS_OK;
	if (cs_count_read(&a, why, why_size) != 0)
		return -1;
	cs_cell_batch(cell, k, &st);
	if (cs_count_read_w(&b, weight, why, why_size) != 0)
		return -1;
	if (st != CS_OK) {
		snprintf(why, why_size, "operation failed while counting");
		return -1;
	}
	cs_count_diff(&b, &a, d);
	return 0;
}

static const char *
class_name(int k)
{
	return cs_ev_class_name((cs_ev_class)k);
}

static void count_cell(cs_cell *cell, const cs_msg_count *req, cs_msg_count_reply *r);

/* The counted calls run on a stack at the same offset in its page whatever
   the environment and argv above it (their length moves the initial stack
   pointer, and a buffer's alignment can change a memcpy's path). */
void
cs_worker_count(cs_cell *cell, const cs_msg_count *req, cs_msg_count_reply *r)
{
	uintptr_t sp = (uintptr_t)__builtin_frame_address(0);
	volatile char *pad = alloca(sp % 4096 + 64);
	pad[0] = 0;
	count_cell(cell, req, r);
}

static __attribute__((noinline)) void
count_cell(cs_cell *cell, const cs_msg_count *req, cs_msg_count_reply *r)
{
	uint64_t n[3] = {(uint64_t)req->n1, (uint64_t)req->n2,
			 2 * (uint64_t)req->n2 - (uint64_t)req->n1};
	cs_count_snap c[3], d1, d2, last;
	char why[CS_MSG_TEXT];

	r->status = CS_ST_ERROR;
	/* a first round, not used, pays for whatever runs once (the marker's
	   pipe, lazy binding, a library's first-call setup) and brings the heap
	   to its steady state (WARM_OPS) */
	if (count_ops(cell, WARM_OPS, CS_COUNT_W_NONE, &c[0], why, sizeof why) != 0) {
		snprintf(r->error, sizeof r->error, "%s", why);
		return;
	}
	for (int i = 0; i < 3; i++) {
		/* per-block counts (plugin blocks=DIR): c(n3) - c(n1) = d1 + d2 */
		int w = i == 0 ? CS_COUNT_W_MINUS : i == 2 ? CS_COUNT_W_PLUS : CS_COUNT_W_NONE;
		if (count_ops(cell, n[i], w, &c[i], why, sizeof why) != 0) {
			snprintf(r->error, sizeof r->error, "%s", why);
			return;
		}
	}
	if (cs_count_read(&last, why, sizeof why) != 0) {
		snprintf(r->error, sizeof r->error, "%s", why);
		return;
	}
	cs_count_blocks((uint64_t)req->id);
	cs_count_diff(&c[1], &c[0], &d1);
	cs_count_diff(&c[2], &c[1], &d2);
	if (c[1].insns < c[0].insns || c[2].insns < c[1].insns) {
		snprintf(r->error, sizeof r->error,
			 "more ops counted fewer instructions (%llu, %llu, %llu)",
			 (unsigned long long)c[0].insns, (unsigned long long)c[1].insns,
			 (unsigned long long)c[2].insns);
		return;
	}
	const uint64_t insns[2] = {d1.insns, d2.insns}, mem[2] = {d1.mem, d2.mem};
	const uint64_t *const classes[2] = {d1.classes, d2.classes};
	cs_serve_count_reply(r, n[2] - n[0], memcmp(&d1, &d2, sizeof d1) == 0, insns, mem, classes,
			     CS_EV_COUNT, class_name);
	r->forbidden = (int64_t)last.forbidden;
}
