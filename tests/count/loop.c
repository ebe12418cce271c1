/*
 * A known loop for the counting plugin's test: 4 instructions per iteration
 * (one AES round instruction, one load, a decrement and a branch). Counted at
 * 100 and 1100 iterations; the difference must be exactly 4000 instructions,
 * 1000 memory-access instructions (on AArch64 the load is an ldp of two
 * registers, two 8-byte accesses: still one instruction) and 1000 AES
 * instructions (aes-ni on x86-64,
 * armv8-aes on AArch64 and 32-bit ARM). Prints the difference as
 * "name=value" words. On 32-bit ARM the loop is T32 (Thumb-2, as Debian
 * compiles C), or A32 with the argument "a32": the plugin must tell the two
 * modes apart to decode them.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "count.h"

static void
loop(uint64_t k)
{
	uint64_t slot[2] = {7, 8}, v;
#if defined(__x86_64__)
	__asm__ volatile("1:\n\t"
			 ".byte 0x66, 0x0f, 0x38, 0xdc, 0xc1\n\t" /* aesenc %xmm1, %xmm0 */
			 "mov (%2), %1\n\t"
			 "dec %0\n\t"
			 "jnz 1b"
			 : "+r"(k), "=&r"(v)
			 : "r"(slot)
			 : "xmm0", "memory", "cc");
#elif defined(__aarch64__)
	uint64_t v2;
	__asm__ volatile("1:\n\t"
			 ".inst 0x4e284820\n\t" /* aese v0.16b, v1.16b */
			 "ldp %1, %2, [%3]\n\t"
			 "subs %0, %0, #1\n\t"
			 "b.ne 1b"
			 : "+r"(k), "=&r"(v), "=&r"(v2)
			 : "r"(slot)
			 : "v0", "memory", "cc");
#elif defined(__arm__) && defined(__thumb2__)
	unsigned long n = (unsigned long)k, w;
	(void)v;
	__asm__ volatile("1:\n\t"
			 ".inst.w 0xffb00302\n\t" /* aese.8 q0, q1 (T32) */
			 "ldr %1, [%2]\n\t"
			 "subs %0, %0, #1\n\t"
			 "bne 1b"
			 : "+l"(n), "=&l"(w)
			 : "l"(slot)
			 : "q0", "memory", "cc");
#else
#error "the counting loop test is written for x86-64, AArch64 and 32-bit ARM (Thumb-2)"
#endif
}

#if defined(__arm__)
/* The same loop in A32 ("ARM mode"). */
__attribute__((target("arm"), noinline)) static void
loop_a32(uint64_t k)
{
	unsigned long n = (unsigned long)k, w, slot = 7;
	__asm__ volatile("1:\n\t"
			 ".inst 0xf3b00302\n\t" /* aese.8 q0, q1 (A32) */
			 "ldr %1, [%2]\n\t"
			 "subs %0, %0, #1\n\t"
			 "bne 1b"
			 : "+r"(n), "=&r"(w)
			 : "r"(&slot)
			 : "q0", "memory", "cc");
}
#endif

#if defined(__x86_64__)
/* x86-64 "simd": per iteration one SSE instruction (pxor), one BMI2 (mulx),
   a decrement and a branch: sse=1000 bmi2-adx=1000 scalar=2000. */
static void
loop_simd(uint64_t k)
{
	uint64_t hi, lo, a = 3;
	__asm__ volatile("1:\n\t"
			 "pxor %%xmm2, %%xmm2\n\t"
			 "mulx %3, %1, %2\n\t"
			 "dec %0\n\t"
			 "jnz 1b"
			 : "+r"(k), "=&r"(lo), "=&r"(hi)
			 : "r"(a), "d"(a)
			 : "xmm2", "cc");
}
#endif

static void (*loop_fn)(uint64_t) = loop;

static int
count(uint64_t k, cs_count_snap *d)
{
	cs_count_snap a, b;
	char why[256];
	if (cs_count_read(&a, why, sizeof why) != 0) {
		fprintf(stderr, "count-loop: %s\n", why);
		return -1;
	}
	loop_fn(k);
	if (cs_count_read(&b, why, sizeof why) != 0) {
		fprintf(stderr, "count-loop: %s\n", why);
		return -1;
	}
	cs_count_diff(&b, &a, d);
	return 0;
}

int
main(int argc, char **argv)
{
	cs_count_snap d1, d2, d;
#if defined(__arm__)
	if (argc > 1 && strcmp(argv[1], "a32") == 0)
		loop_fn = loop_a32;
#endif
#if defined(__x86_64__)
	if (argc > 1 && strcmp(argv[1], "simd") == 0)
		loop_fn = loop_simd;
#endif
	if (argc > 1 && loop_fn == loop) {
		fprintf(stderr,
			"count-loop: argument '%s' (accepted: a32 on 32-bit ARM, simd on x86-64)\n",
			argv[1]);
		return 2;
	}
	/* the first count pays for first calls (lazy binding): not used */
	if (count(100, &d) != 0 || count(100, &d1) != 0 || count(1100, &d2) != 0)
		return 2;
	cs_count_diff(&d2, &d1, &d);
	printf("insns=%llu mem=%llu forbidden=%llu", (unsigned long long)d.insns,
	       (unsigned long long)d.mem, (unsigned long long)d.forbidden);
	for (int c = 0; c < CS_EV_COUNT; c++)
		if (d.classes[c])
			printf(" %s=%llu", cs_ev_class_name((cs_ev_class)c),
			       (unsigned long long)d.classes[c]);
	printf("\n");
	return 0;
}
