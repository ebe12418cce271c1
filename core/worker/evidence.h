/*
 * Hardware evidence: which CPU instruction classes did a cell really execute?
 *
 * While a cell runs (apart from its timed samples), the worker samples its own
 * program counter with a timer signal, keeps the samples that fall inside the
 * library's code, and decodes a forward window of instructions from each with
 * Capstone. A class is reported for a sample when its window contains at least
 * one instruction of that class. The window is straight-line code: at most
 * CS_EV_WINDOW instructions, within the sample's segment, ending after a
 * return, an unconditional jump or a trap (what follows those is usually
 * another function; conditional branches do not end it, jumps are not
 * followed).
 *
 * Typical use in the worker:
 *
 *	cs_ev_ranges rg;
 *	cs_ev_result ev;
 *	if (cs_ev_ranges_find(objs, &rg, why, sizeof why) == 0 &&
 *	    cs_ev_begin(&ev) == 0) {
 *		... run the cell for a while (untimed) ...
 *		cs_ev_end(&rg, &ev);
 *	}
 *	if (ev.available) share of class c = ev.counts[c] / ev.in_lib
 *
 * Classes (x86-64):
 *   aes-ni   aesenc/aesenclast/aesdec/aesdeclast/aesimc/aeskeygenassist with
 *            xmm operands (legacy, VEX and EVEX xmm forms)
 *   vaes     the same instructions with ymm or zmm operands
 *   pclmul   pclmulqdq/vpclmulqdq on xmm
 *   vpclmul  vpclmulqdq on ymm or zmm
 *   sha-ni   sha1rnds4/sha1nexte/sha1msg1/sha1msg2/sha256rnds2/sha256msg1/
 *            sha256msg2
 *   avx512   any instruction with a zmm or opmask (k) register operand, or
 *            EVEX-encoded (so an EVEX vaesenc zmm is vaes + avx512)
 *   avx2     any instruction with a ymm operand that is not vaes/vpclmul
 *            (AVX1 256-bit forms included; EVEX ymm forms also set avx512)
 * Classes (AArch64):
 *   armv8-aes aese/aesd/aesmc/aesimc;  armv8-sha1 sha1c/p/m/h/su0/su1;
 *   armv8-sha2 sha256h/h2/su0/su1;  armv8-sha512 sha512h/h2/su0/su1;
 *   pmull    pmull/pmull2 of 64-bit polynomials (1q result; the 8-bit
 *            polynomial form is baseline Advanced SIMD and counts as neon)
 *   neon     any other instruction in Capstone's NEON group or with a vector
 *            (v) register operand, including SHA-3 (eor3/bcax/rax1/xar) and SM3/SM4.
 *            Scalar FP (fadd d0, ...) and plain q-register loads/stores
 *            (ldr/ldp q) are not counted.
 * Classes (ARM32, A32 and T32): aese/aesd/aesmc/aesimc, sha1*, sha256*,
 *   vmull.p64 (pmull), and neon = Capstone NEON group or a q register operand
 *   (VFP arithmetic on d registers is not neon).
 *   scalar   set alone when a window shows none of the classes above.
 *
 * Capstone 4.0.2 gaps, filled here from the ISA encoding tables:
 *  - x86: it cannot decode VAES (ymm/zmm), EVEX vpclmulqdq/vaesenc and many
 *    AVX-512 instructions (vpternlogq, EVEX vpshufb, kmovq, IFMA, VNNI,
 *    VBMI2, ...). Where it fails, a small VEX/EVEX/0F38/0F3A length decoder
 *    takes the instruction's length and classes from its prefix, map and
 *    opcode; a byte sequence neither can decode ends the window.
 *  - AArch64: it does not know SHA512H/SHA512H2/SHA512SU0/SHA512SU1 nor the
 *    SHA-3/SM3/SM4 instructions; these are matched by bit pattern (checked before
 *    Capstone) and other undecodable words are skipped (4 bytes).
 *  - ARM32: crypto instructions decode only with CS_MODE_V8, which is used.
 *
 * The sampler keeps process-wide state: one session at a time, started and
 * stopped on the same thread. It uses SIGPROF; the previous SIGPROF action
 * is restored by cs_ev_end.
 */
#ifndef CRYPTOSPEED_EVIDENCE_H
#define CRYPTOSPEED_EVIDENCE_H

#include <stddef.h>
#include <stdint.h>

/* Instructions decoded forward from each sampled PC. */
#define CS_EV_WINDOW 48
/* Requested sampling rate. */
#define CS_EV_HZ 10000
/* Samples kept per session (6.5 s at CS_EV_HZ); later ones only counted in lost. */
#define CS_EV_MAX_SAMPLES 65536

/* The instruction classes (cs_ev_class, CS_EV_BIT): core/common/evclass.h,
   which the orchestrator reads without this header. Included by its path so
   the counting plugin (core/count), which compiles evidence.c with this
   folder's headers only, finds it too. */
#include "../common/evclass.h"

typedef enum cs_ev_arch {
	CS_EV_X86_64,
	CS_EV_AARCH64,
	CS_EV_ARM32,	   /* A32 ("ARM mode") */
	CS_EV_THUMB,	   /* T32 (Thumb-2; Debian armhf compiles C in this mode) */
	CS_EV_ARCH_UNKNOWN /* a host we cannot sample or decode */
} cs_ev_arch;

/* "aes-ni", "vaes", ..., "scalar"; "unknown" outside the enum. */
const char *cs_ev_class_name(cs_ev_class c);

/* The architecture this file was compiled for (ARM32 for any 32-bit ARM). */
cs_ev_arch cs_ev_host_arch(void);

/*
 * Decode forward from code[0] (which sits at address addr), at most
 * max_insns instructions and len bytes, and return the CS_EV_BIT()s of the
 * classes seen; CS_EV_BIT(CS_EV_SCALAR) alone when none of the others.
 * Returns 0 only when Capstone cannot decode arch at all. Pure function.
 */
unsigned cs_ev_classify(cs_ev_arch arch, const uint8_t *code, size_t len, uint64_t addr,
			size_t max_insns);

/* A decoder kept open for many single instructions (the counting plugin
   classifies every instruction it translates). */
typedef struct cs_ev_classifier cs_ev_classifier;

/* Open one for arch; NULL when Capstone cannot decode it (why filled). */
cs_ev_classifier *cs_ev_classifier_new(cs_ev_arch arch, char *why, size_t why_size);

/* The classes (CS_EV_BIT()s) of the one instruction at code[0..len), as
   cs_ev_classify(arch, code, len, addr, 1) would say them. */
unsigned cs_ev_classify_one(cs_ev_classifier *k, const uint8_t *code, size_t len, uint64_t addr);

void cs_ev_classifier_free(cs_ev_classifier *k);

typedef struct cs_ev_result {
	int available;	  /* 0: sampling or decoding unavailable, see reason */
	char reason[160]; /* why not available, else "" */
	char source
		[64]; /* how the PC was sampled, e.g. "timer_create(CLOCK_MONOTONIC) 10000 Hz, this thread" */
	unsigned samples; /* PC samples kept and examined */
	unsigned lost;	  /* samples beyond CS_EV_MAX_SAMPLES: counted here, not examined */
	unsigned in_lib;  /* of samples, those whose PC lay inside the ranges */
	unsigned counts[CS_EV_COUNT]; /* of in_lib samples, how many windows showed each class */
} cs_ev_result;

/* Executable address ranges of the library under test. */
typedef struct cs_ev_ranges {
	size_t n; /* ranges used in r[] */
	struct {
		uintptr_t lo, hi; /* [lo, hi) */
	} r[32];
	char what[256]; /* which objects: their paths, or "main executable <path>" */
} cs_ev_ranges;

/*
 * Find the executable PT_LOAD segments of the loaded objects whose path
 * contains one of `objects` (NULL-terminated substrings, e.g.
 * {"libcrypto.so", NULL}) via dl_iterate_phdr. When none matches (a static
 * build) or objects is NULL, use the main executable's executable segments.
 * Returns 0, or -1 with why filled.
 */
int cs_ev_ranges_find(const char *const *objects, cs_ev_ranges *out, char *why, size_t why_size);

/*
 * Start sampling this thread's program counter: a SIGPROF timer at CS_EV_HZ
 * into a buffer allocated here; the handler only stores the PC from its
 * ucontext. Clocks tried in order: CLOCK_MONOTONIC directed at this thread
 * (a high-resolution timer; CPU-time clocks only fire on the scheduler tick,
 * 250 Hz on a typical kernel, so the two fallbacks need 40x longer runs for
 * as many samples), CLOCK_THREAD_CPUTIME_ID, setitimer(ITIMER_PROF).
 * Clears *res. Returns 0, or -1 with res->available = 0 and res->reason set.
 */
int cs_ev_begin(cs_ev_result *res);

/* Samples taken so far in the session cs_ev_begin started (0 when none). */
unsigned cs_ev_taken(void);

/*
 * Stop sampling and restore SIGPROF, then for each kept sample inside ranges
 * (NULL: none) decode a CS_EV_WINDOW-instruction window bounded to its range
 * and fill res. Does nothing more when cs_ev_begin failed.
 */
void cs_ev_end(const cs_ev_ranges *ranges, cs_ev_result *res);

#endif
