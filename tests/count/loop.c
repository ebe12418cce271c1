/*
 * A known loop for the counting plugin's test: 4 instructions per iteration
 * (one AES round instruction, one load, a decrement and a branch). Counted at
 * 100 and 1100 iterations; the difference must be exactly 4000 instructions,
 * 1000 memory accesses and 1000 AES instructions (aes-ni on x86-64,
 * armv8-aes on AArch64). Prints the difference as "name=value" words.
 */
#include <stdint.h>
#include <stdio.h>

#include "count.h"

static void
loop(uint64_t k)
{
	uint64_t slot = 7, v;
#if defined(__x86_64__)
	__asm__ volatile("1:\n\t"
			 ".byte 0x66, 0x0f, 0x38, 0xdc, 0xc1\n\t" /* aesenc %xmm1, %xmm0 */
			 "mov (%2), %1\n\t"
			 "dec %0\n\t"
			 "jnz 1b"
			 : "+r"(k), "=&r"(v)
			 : "r"(&slot)
			 : "xmm0", "memory", "cc");
#elif defined(__aarch64__)
	__asm__ volatile("1:\n\t"
			 ".inst 0x4e284820\n\t" /* aese v0.16b, v1.16b */
			 "ldr %1, [%2]\n\t"
			 "subs %0, %0, #1\n\t"
			 "b.ne 1b"
			 : "+r"(k), "=&r"(v)
			 : "r"(&slot)
			 : "v0", "memory", "cc");
#else
#error "the counting loop test is written for x86-64 and AArch64"
#endif
}

static int
count(uint64_t k, cs_count_snap *d)
{
	cs_count_snap a, b;
	char why[256];
	if (cs_count_read(&a, why, sizeof why) != 0) {
		fprintf(stderr, "count-loop: %s\n", why);
		return -1;
	}
	loop(k);
	if (cs_count_read(&b, why, sizeof why) != 0) {
		fprintf(stderr, "count-loop: %s\n", why);
		return -1;
	}
	cs_count_diff(&b, &a, d);
	return 0;
}

int
main(void)
{
	cs_count_snap d1, d2, d;
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
