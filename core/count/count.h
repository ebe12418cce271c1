/*
 * The counting lane's contract between a worker and the counting plugin
 * (core/count/plugin.c, loaded into qemu-user with -plugin).
 *
 * The worker marks a point of its execution by calling the syscall
 * CS_COUNT_SYSCALL(fd, CS_COUNT_COOKIE). No kernel has that number; qemu-user
 * shows it to the plugin before it answers ENOSYS, and the plugin writes the
 * counters as they stand to the host fd `fd` (qemu-user maps guest fds 1:1)
 * as one line:
 *
 *   cs-count 1 <insns> <mem> <forbidden> <class 0> ... <class N-1>
 *
 * every number 20 decimal digits, zero-padded (parsing it costs the same
 * whatever the values). insns: instructions executed so far; mem: memory-
 * access instructions executed (loads and stores; an ldp or an ld1 of four
 * registers is one, as a push or a call on x86: the plugin's Capstone
 * decode, not qemu's accesses of at most 8 bytes); forbidden: instructions executed of a class the plugin was
 * told the CPU lacks (its `forbid` argument); then one count per class of
 * cs_ev_class (evidence.h), in enum order (an instruction with two classes,
 * e.g. EVEX vaesenc zmm = vaes + avx512, counts in both).
 */
#ifndef CS_COUNT_H
#define CS_COUNT_H

/* The marker syscall's number: above every architecture's table. */
#define CS_COUNT_SYSCALL 25459
/* Its second argument: anything else is not a marker. */
#define CS_COUNT_COOKIE 0x63736370
/* A marker's third argument: the weight of the interval it ends in the
   per-block counts (plugin argument blocks=DIR). */
#define CS_COUNT_W_NONE 0
#define CS_COUNT_W_PLUS 1
#define CS_COUNT_W_MINUS 2
/*
 * The blocks marker: CS_COUNT_SYSCALL(id, CS_COUNT_BLOCKS_COOKIE). With
 * blocks=DIR, the plugin writes DIR/<id>.blocks:
 *
 *   cs-blocks 1 <weighted insns> <blocks kept> <their weighted insns>
 *   <hex address> <executions> <instructions> <a64|a32|t32|x86> <hex bytes>
 *
 * one line per translation block, heaviest first (executions x
 * instructions, then address), as many as cover >= 99.9 % of the weighted
 * instructions; executions = sum over the marker intervals of weight x
 * entries (CS_COUNT_W_*). Then every weight sum starts again from zero.
 */
#define CS_COUNT_BLOCKS_COOKIE 0x63736262
#define CS_COUNT_BLOCKS_MAGIC "cs-blocks 1"
/* First word and version of a counters line. */
#define CS_COUNT_MAGIC "cs-count 1"

#include <stdint.h>

#include "evidence.h"

/* The counters at one marker (the worker's side: snap.c). */
typedef struct cs_count_snap {
	uint64_t insns;		       /* instructions executed */
	uint64_t mem;		       /* memory-access instructions, loads and stores */
	uint64_t forbidden;	       /* instructions of a class the CPU lacks */
	uint64_t classes[CS_EV_COUNT]; /* instructions per class (cs_ev_class) */
} cs_count_snap;

/*
 * Read the counters now (the marker syscall, then the plugin's line from a
 * pipe opened once). Returns 0, or -1 with why filled: not running under the
 * counting plugin (the syscall came back with no line), or a malformed line.
 */
int cs_count_read(cs_count_snap *out, char *why, size_t why_size);

/* The same, the marker weighing the interval it ends (CS_COUNT_W_*). */
int cs_count_read_w(cs_count_snap *out, int weight, char *why, size_t why_size);

/* Ask the plugin for the per-block counts of the weighed intervals
   (DIR/<id>.blocks; nothing when it records no blocks). */
void cs_count_blocks(uint64_t id);

/* d = b - a, counter by counter. */
void cs_count_diff(const cs_count_snap *b, const cs_count_snap *a, cs_count_snap *d);

#endif
