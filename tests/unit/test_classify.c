/*
 * Unit test of the hardware-evidence module (core/worker/evidence.c):
 * instruction classification of fixed byte sequences, then PC sampling.
 * Exit 0 = pass, 1 = a failure (one line per failed assertion), 77 = the
 * sampling half could not run here (classification still checked).
 *
 * The bytes were produced with GNU as (x86-64), aarch64-linux-gnu-as and
 * arm-linux-gnueabihf-as and read back with objdump; the instruction text is
 * in the comment next to each.
 */
#define _GNU_SOURCE

#include "evidence.h"

#include <capstone/capstone.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define B(c) CS_EV_BIT(CS_EV_##c)
#define CODE(...) (const uint8_t[]){__VA_ARGS__}, sizeof((const uint8_t[]){__VA_ARGS__})

typedef struct tcase {
	const char *text; /* the instructions */
	const uint8_t *code;
	size_t len;
	unsigned want; /* exact class set */
} tcase;

static int failures;

static void
fail(const char *fmt, const char *a, const char *b)
{
	printf("FAIL: ");
	printf(fmt, a, b);
	printf("\n");
	failures++;
}

static const char *
mask_str(unsigned mask, char *buf, size_t size)
{
	size_t n = 0;

	buf[0] = '\0';
	if (mask == 0)
		snprintf(buf, size, "(none)");
	for (unsigned c = 0; c < CS_EV_COUNT && n + 1 < size; c++)
		if (mask & CS_EV_BIT(c))
			n += (size_t)snprintf(buf + n, size - n, "%s%s", n ? "," : "",
					      cs_ev_class_name((cs_ev_class)c));
	return buf;
}

static void
check_cases(const char *arch_name, cs_ev_arch arch, const tcase *t, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned got = cs_ev_classify(arch, t[i].code, t[i].len, 0x1000, CS_EV_WINDOW);
		char g[200], w[200], what[160];

		if (got != t[i].want) {
			snprintf(what, sizeof what, "%s '%s'", arch_name, t[i].text);
			snprintf(g, sizeof g, "got {%s}", mask_str(got, w, sizeof w));
			mask_str(t[i].want, w, sizeof w);
			fail("%s: %s", what, g);
			printf("      want {%s}\n", w);
		}
	}
}

static void
test_names(void)
{
	static const char *const want[CS_EV_COUNT] = {
		"aes-ni", "vaes",      "pclmul",     "vpclmul",	   "sha-ni",	   "avx512",
		"avx2",	  "armv8-aes", "armv8-sha1", "armv8-sha2", "armv8-sha512", "pmull",
		"neon",	  "scalar",    "sse",	     "bmi2-adx",
	};

	for (unsigned c = 0; c < CS_EV_COUNT; c++)
		if (strcmp(cs_ev_class_name((cs_ev_class)c), want[c]) != 0)
			fail("class name %s, want %s", cs_ev_class_name((cs_ev_class)c), want[c]);
	if (strcmp(cs_ev_class_name(CS_EV_COUNT), "unknown") != 0)
		fail("class name of CS_EV_COUNT is %s, want %s", cs_ev_class_name(CS_EV_COUNT),
		     "unknown");
#if defined(__x86_64__)
	if (cs_ev_host_arch() != CS_EV_X86_64)
		fail("cs_ev_host_arch() %s on %s", "is not CS_EV_X86_64", "x86-64");
#elif defined(__aarch64__)
	if (cs_ev_host_arch() != CS_EV_AARCH64)
		fail("cs_ev_host_arch() %s on %s", "is not CS_EV_AARCH64", "aarch64");
#endif
}

static void
test_x86(void)
{
	const tcase t[] = {
		{"sha256rnds2 %xmm0,%xmm2,%xmm1", CODE(0x0f, 0x38, 0xcb, 0xca), B(SHANI)},
		{"aesenc %xmm2,%xmm1", CODE(0x66, 0x0f, 0x38, 0xdc, 0xca), B(AESNI)},
		{"vaesenc %ymm2,%ymm3,%ymm1", CODE(0xc4, 0xe2, 0x65, 0xdc, 0xca), B(VAES)},
		{"vaesenc %zmm2,%zmm3,%zmm1", CODE(0x62, 0xf2, 0x65, 0x48, 0xdc, 0xca),
		 B(VAES) | B(AVX512)},
		{"pclmulqdq $0x11,%xmm2,%xmm1", CODE(0x66, 0x0f, 0x3a, 0x44, 0xca, 0x11),
		 B(PCLMUL)},
		{"vpclmulqdq $0,%ymm2,%ymm3,%ymm1", CODE(0xc4, 0xe3, 0x65, 0x44, 0xca, 0x00),
		 B(VPCLMUL)},
		{"add %rbx,%rax; mov %rax,%rcx; rol $7,%ecx; xor %ecx,%edx",
		 CODE(0x48, 0x01, 0xd8, 0x48, 0x89, 0xc1, 0xc1, 0xc1, 0x07, 0x31, 0xca), B(SCALAR)},
		/* VEX xmm form is plain AES-NI */
		{"vaesenc %xmm2,%xmm3,%xmm1", CODE(0xc4, 0xe2, 0x61, 0xdc, 0xca), B(AESNI)},
		/* EVEX xmm forms: AES-NI/PCLMUL by width, avx512 by encoding */
		{"vaesenc %xmm18,%xmm3,%xmm1", CODE(0x62, 0xb2, 0x65, 0x08, 0xdc, 0xca),
		 B(AESNI) | B(AVX512)},
		{"vpclmulqdq $1,%xmm18,%xmm3,%xmm1", CODE(0x62, 0xb3, 0x65, 0x08, 0x44, 0xca, 0x01),
		 B(PCLMUL) | B(AVX512)},
		/* memory operands, SIB and disp8/disp8*N */
		{"vaesenc 0x20(%rsi,%rax,8),%ymm3,%ymm1",
		 CODE(0xc4, 0xe2, 0x65, 0xdc, 0x4c, 0xc6, 0x20), B(VAES)},
		{"vpclmulqdq $0x10,0x40(%rdx),%zmm3,%zmm1",
		 CODE(0x62, 0xf3, 0x65, 0x48, 0x44, 0x4a, 0x01, 0x10), B(VPCLMUL) | B(AVX512)},
		{"sha1rnds4 $3,%xmm1,%xmm2", CODE(0x0f, 0x3a, 0xcc, 0xd1, 0x03), B(SHANI)},
		{"sha256msg2 (%rax),%xmm2", CODE(0x0f, 0x38, 0xcd, 0x10), B(SHANI)},
		{"aeskeygenassist $1,%xmm1,%xmm2", CODE(0x66, 0x0f, 0x3a, 0xdf, 0xd1, 0x01),
		 B(AESNI)},
		{"vpaddq %ymm1,%ymm2,%ymm3", CODE(0xc5, 0xed, 0xd4, 0xd9), B(AVX2)},
		{"vpaddd %xmm17,%xmm2,%xmm3", CODE(0x62, 0xb1, 0x6d, 0x08, 0xfe, 0xd9), B(AVX512)},
		{"vpaddd %xmm1,%xmm2,%xmm3{%k1}", CODE(0x62, 0xf1, 0x6d, 0x09, 0xfe, 0xd9),
		 B(AVX512)},
		{"vmovdqu8 (%rsi),%zmm1", CODE(0x62, 0xf1, 0x7f, 0x48, 0x6f, 0x0e), B(AVX512)},
		{"kmovq %k1,%rax", CODE(0xc4, 0xe1, 0xfb, 0x93, 0xc1), B(AVX512)},
		/* Capstone 4 cannot decode vpternlogq: the fallback must keep the window in step */
		{"vpternlogq $0x96,%zmm2,%zmm3,%zmm1; aesenc %xmm2,%xmm1",
		 CODE(0x62, 0xf3, 0xe5, 0x48, 0x25, 0xca, 0x96, 0x66, 0x0f, 0x38, 0xdc, 0xca),
		 B(AVX512) | B(AESNI)},
		{"vaesenc %ymm2,%ymm3,%ymm1; vpaddq %ymm1,%ymm2,%ymm3",
		 CODE(0xc4, 0xe2, 0x65, 0xdc, 0xca, 0xc5, 0xed, 0xd4, 0xd9), B(VAES) | B(AVX2)},
		/* the window ends at a return or an unconditional jump, not at a conditional one */
		{"ret; aesenc %xmm2,%xmm1", CODE(0xc3, 0x66, 0x0f, 0x38, 0xdc, 0xca), B(SCALAR)},
		{"jmp .+2; aesenc %xmm2,%xmm1", CODE(0xeb, 0x00, 0x66, 0x0f, 0x38, 0xdc, 0xca),
		 B(SCALAR)},
		{"jne .; aesenc %xmm2,%xmm1", CODE(0x75, 0xfe, 0x66, 0x0f, 0x38, 0xdc, 0xca),
		 B(AESNI)},
		/* 128-bit SSE/AVX without a crypto instruction is "sse" (issue 30:
		   a slide from SIMD to scalar code shows) */
		{"vpxor %xmm1,%xmm2,%xmm3; movdqu (%rsi),%xmm0",
		 CODE(0xc5, 0xe9, 0xef, 0xd9, 0xf3, 0x0f, 0x6f, 0x06), B(SSE)},
		/* mulx %rbx,%rcx,%rax (BMI2) */
		{"mulx %rbx,%rcx,%rax", CODE(0xc4, 0xe2, 0xf3, 0xf6, 0xc3), B(BMI2_ADX)},
	};
	/* add %rbx,%rax; aesenc %xmm2,%xmm1 */
	static const uint8_t two[] = {0x48, 0x01, 0xd8, 0x66, 0x0f, 0x38, 0xdc, 0xca};

	check_cases("x86-64", CS_EV_X86_64, t, sizeof t / sizeof t[0]);
	if (cs_ev_classify(CS_EV_X86_64, two, sizeof two, 0, 1) != B(SCALAR))
		fail("x86-64 %s: %s", "max_insns 1 over 'add; aesenc'",
		     "window not bounded by max_insns");
	if (cs_ev_classify(CS_EV_X86_64, two, sizeof two, 0, 2) != B(AESNI))
		fail("x86-64 %s: %s", "max_insns 2 over 'add; aesenc'",
		     "second instruction not classified");
	if (cs_ev_classify(CS_EV_X86_64, two, 3, 0, CS_EV_WINDOW) != B(SCALAR))
		fail("x86-64 %s: %s", "len 3 over 'add; aesenc'", "window not bounded by len");
	if (cs_ev_classify(CS_EV_X86_64, two, 0, 0, CS_EV_WINDOW) != B(SCALAR))
		fail("x86-64 %s: %s", "len 0", "is not scalar");
}

static void
test_aarch64(void)
{
	/* little-endian instruction words */
	const tcase t[] = {
		{"sha256h q0, q1, v2.4s (5e024020)", CODE(0x20, 0x40, 0x02, 0x5e), B(ARMV8_SHA2)},
		{"aese v0.16b, v1.16b (4e284820)", CODE(0x20, 0x48, 0x28, 0x4e), B(ARMV8_AES)},
		{"aesmc v0.16b, v0.16b (4e286800)", CODE(0x00, 0x68, 0x28, 0x4e), B(ARMV8_AES)},
		{"pmull v0.1q, v1.1d, v2.1d (0ee2e020)", CODE(0x20, 0xe0, 0xe2, 0x0e), B(PMULL)},
		{"sha1c q0, s1, v2.4s (5e020020)", CODE(0x20, 0x00, 0x02, 0x5e), B(ARMV8_SHA1)},
		{"add v0.4s, v1.4s, v2.4s (4ea28420)", CODE(0x20, 0x84, 0xa2, 0x4e), B(NEON)},
		{"add x0, x1, x2; eor x3, x4, x5; ror x6, x7, #13",
		 CODE(0x20, 0x00, 0x02, 0x8b, 0x83, 0x00, 0x05, 0xca, 0xe6, 0x34, 0xc7, 0x93),
		 B(SCALAR)},
		{"pmull2 v0.1q, v1.2d, v2.2d (4ee2e020)", CODE(0x20, 0xe0, 0xe2, 0x4e), B(PMULL)},
		/* 8-bit polynomial multiply is baseline Advanced SIMD */
		{"pmull v0.8h, v1.8b, v2.8b (0e22e020)", CODE(0x20, 0xe0, 0x22, 0x0e), B(NEON)},
		{"aesd v0.16b, v1.16b (4e285820)", CODE(0x20, 0x58, 0x28, 0x4e), B(ARMV8_AES)},
		{"aesimc v0.16b, v1.16b (4e287820)", CODE(0x20, 0x78, 0x28, 0x4e), B(ARMV8_AES)},
		{"sha1h s0, s1 (5e280820)", CODE(0x20, 0x08, 0x28, 0x5e), B(ARMV8_SHA1)},
		{"sha256su0 v0.4s, v1.4s (5e282820)", CODE(0x20, 0x28, 0x28, 0x5e), B(ARMV8_SHA2)},
		/* ARMv8.2 SHA-512 and SHA-3: matched by bit pattern (Capstone 4 cannot decode them) */
		{"sha512h q0, q1, v2.2d (ce628020)", CODE(0x20, 0x80, 0x62, 0xce), B(ARMV8_SHA512)},
		{"sha512h2 q0, q1, v2.2d (ce628420)", CODE(0x20, 0x84, 0x62, 0xce),
		 B(ARMV8_SHA512)},
		{"sha512su0 v0.2d, v1.2d (cec08020)", CODE(0x20, 0x80, 0xc0, 0xce),
		 B(ARMV8_SHA512)},
		{"sha512su1 v0.2d, v1.2d, v2.2d (ce628820)", CODE(0x20, 0x88, 0x62, 0xce),
		 B(ARMV8_SHA512)},
		{"sha512h q0, q1, v2.2d; aese v0.16b, v1.16b",
		 CODE(0x20, 0x80, 0x62, 0xce, 0x20, 0x48, 0x28, 0x4e),
		 B(ARMV8_SHA512) | B(ARMV8_AES)},
		{"eor3 v0.16b, v1.16b, v2.16b, v3.16b (ce020c20)", CODE(0x20, 0x0c, 0x02, 0xce),
		 B(NEON)},
		{"rax1 v0.2d, v1.2d, v2.2d (ce628c20)", CODE(0x20, 0x8c, 0x62, 0xce), B(NEON)},
		{"ld1 {v0.16b}, [x0] (4c407000)", CODE(0x00, 0x70, 0x40, 0x4c), B(NEON)},
		/* the window ends at ret/retaa/b, not at b.cond */
		{"ret (d65f03c0); aese v0.16b, v1.16b",
		 CODE(0xc0, 0x03, 0x5f, 0xd6, 0x20, 0x48, 0x28, 0x4e), B(SCALAR)},
		{"retaa (d65f0bff); aese v0.16b, v1.16b",
		 CODE(0xff, 0x0b, 0x5f, 0xd6, 0x20, 0x48, 0x28, 0x4e), B(SCALAR)},
		{"b . (14000000); aese v0.16b, v1.16b",
		 CODE(0x00, 0x00, 0x00, 0x14, 0x20, 0x48, 0x28, 0x4e), B(SCALAR)},
		{"b.eq . (54000000); aese v0.16b, v1.16b",
		 CODE(0x00, 0x00, 0x00, 0x54, 0x20, 0x48, 0x28, 0x4e), B(ARMV8_AES)},
		/* q-register load/store pairs and scalar FP are not counted as NEON */
		{"ldp q0, q1, [x1]; fadd d0, d1, d2",
		 CODE(0x20, 0x04, 0x40, 0xad, 0x20, 0x28, 0x62, 0x1e), B(SCALAR)},
	};

	check_cases("aarch64", CS_EV_AARCH64, t, sizeof t / sizeof t[0]);
}

static void
test_arm32(void)
{
	const tcase a32[] = {
		{"aese.8 q0, q1 (f3b00302)", CODE(0x02, 0x03, 0xb0, 0xf3), B(ARMV8_AES)},
		{"aesmc.8 q0, q0 (f3b00380)", CODE(0x80, 0x03, 0xb0, 0xf3), B(ARMV8_AES)},
		{"sha1c.32 q0, q1, q2 (f2020c44)", CODE(0x44, 0x0c, 0x02, 0xf2), B(ARMV8_SHA1)},
		{"sha256h.32 q0, q1, q2 (f3020c44)", CODE(0x44, 0x0c, 0x02, 0xf3), B(ARMV8_SHA2)},
		{"vmull.p64 q0, d1, d2 (f2a10e02)", CODE(0x02, 0x0e, 0xa1, 0xf2), B(PMULL)},
		{"vmull.p8 q0, d1, d2 (f2810e02)", CODE(0x02, 0x0e, 0x81, 0xf2), B(NEON)},
		{"vmull.s32 q0, d1, d2[0] (f2a10a42)", CODE(0x42, 0x0a, 0xa1, 0xf2), B(NEON)},
		{"vadd.i32 q0, q1, q2 (f2220844)", CODE(0x44, 0x08, 0x22, 0xf2), B(NEON)},
		{"vadd.f64 d0, d1, d2 (ee310b02)", CODE(0x02, 0x0b, 0x31, 0xee), B(SCALAR)},
		{"add r0, r1, r2; eor r0, r0, r1, ror #7; ror r3, r3, #5",
		 CODE(0x02, 0x00, 0x81, 0xe0, 0xe1, 0x03, 0x20, 0xe0, 0xe3, 0x32, 0xa0, 0xe1),
		 B(SCALAR)},
		/* the window ends where the code returns, not at a conditional return */
		{"bx lr (e12fff1e); aese.8 q0, q1",
		 CODE(0x1e, 0xff, 0x2f, 0xe1, 0x02, 0x03, 0xb0, 0xf3), B(SCALAR)},
		{"pop {r4, pc} (e8bd8010); aese.8 q0, q1",
		 CODE(0x10, 0x80, 0xbd, 0xe8, 0x02, 0x03, 0xb0, 0xf3), B(SCALAR)},
		{"ldr pc, [sp], #4 (e49df004); aese.8 q0, q1",
		 CODE(0x04, 0xf0, 0x9d, 0xe4, 0x02, 0x03, 0xb0, 0xf3), B(SCALAR)},
		{"bxne lr (112fff1e); aese.8 q0, q1",
		 CODE(0x1e, 0xff, 0x2f, 0x11, 0x02, 0x03, 0xb0, 0xf3), B(ARMV8_AES)},
	};
	/* T32: halfwords little-endian, the first halfword first */
	const tcase t32[] = {
		{"aese.8 q0, q1 (ffb0 0302)", CODE(0xb0, 0xff, 0x02, 0x03), B(ARMV8_AES)},
		{"sha256h.32 q0, q1, q2 (ff02 0c44)", CODE(0x02, 0xff, 0x44, 0x0c), B(ARMV8_SHA2)},
		{"vmull.p64 q0, d1, d2 (efa1 0e02)", CODE(0xa1, 0xef, 0x02, 0x0e), B(PMULL)},
		{"vmull.s32 q0, d1, d2[0] (efa1 0a42)", CODE(0xa1, 0xef, 0x42, 0x0a), B(NEON)},
		{"adds r0, r1, r2; eors r0, r1; add.w r0, r1, r2; eor.w r0, r0, r1, ror #7",
		 CODE(0x88, 0x18, 0x48, 0x40, 0x01, 0xeb, 0x02, 0x00, 0x80, 0xea, 0xf1, 0x10),
		 B(SCALAR)},
		{"adds r0, r1, r2; aese.8 q0, q1", CODE(0x88, 0x18, 0xb0, 0xff, 0x02, 0x03),
		 B(ARMV8_AES)},
		{"bx lr (4770); aese.8 q0, q1", CODE(0x70, 0x47, 0xb0, 0xff, 0x02, 0x03),
		 B(SCALAR)},
	};

	check_cases("arm32", CS_EV_ARM32, a32, sizeof a32 / sizeof a32[0]);
	check_cases("thumb", CS_EV_THUMB, t32, sizeof t32 / sizeof t32[0]);
}

static double
thread_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double
wall_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static volatile unsigned sink;

/* A loop that stays in this executable: no calls. */
static void
spin_here(double cpu_seconds)
{
	double t0 = thread_seconds(), w0 = wall_seconds();
	unsigned x = 12345u;

	while (thread_seconds() - t0 < cpu_seconds && wall_seconds() - w0 < 10 * cpu_seconds + 2) {
		for (int i = 0; i < 100000; i++) {
			x ^= x << 13;
			x ^= x >> 17;
			x ^= x << 5;
		}
		sink = x;
	}
}

/* memset/memcpy of 1 MiB buffers: libc's string functions. */
static void
spin_libc(double cpu_seconds)
{
	enum { N = 1 << 20 };
	unsigned char *a = malloc(N), *b = malloc(N);
	double t0 = thread_seconds(), w0 = wall_seconds();
	unsigned i = 0;

	if (a == NULL || b == NULL) {
		free(a);
		free(b);
		return;
	}
	while (thread_seconds() - t0 < cpu_seconds && wall_seconds() - w0 < 10 * cpu_seconds + 2) {
		memset(a, (int)(i & 0xffu), N);
		memcpy(b, a, N);
		sink += b[(i * 4099u) & (N - 1)];
		i++;
	}
	free(a);
	free(b);
}

static void
report(const char *label, const cs_ev_ranges *rg, const cs_ev_result *ev)
{
	printf("info: %s: %s; samples %u (lost %u), in_lib %u in %s;", label, ev->source,
	       ev->samples, ev->lost, ev->in_lib, rg->what);
	for (unsigned c = 0; c < CS_EV_COUNT; c++)
		if (ev->counts[c] > 0)
			printf(" %s %u (%.0f%%)", cs_ev_class_name((cs_ev_class)c), ev->counts[c],
			       100.0 * ev->counts[c] / (ev->in_lib ? ev->in_lib : 1));
	printf("\n");
}

static void
check_counts(const char *label, const cs_ev_result *ev)
{
	unsigned sum = 0;

	for (unsigned c = 0; c < CS_EV_COUNT; c++) {
		if (ev->counts[c] > ev->in_lib)
			fail("%s: count of %s exceeds in_lib", label,
			     cs_ev_class_name((cs_ev_class)c));
		sum += ev->counts[c];
	}
	if (sum < ev->in_lib)
		fail("%s: %s", label, "some in-library window got no class at all");
	if (ev->in_lib > ev->samples)
		fail("%s: %s", label, "in_lib exceeds samples");
}

/* Returns 0 when sampling ran, 77 when it is unavailable here. */
static int
test_sampling(void)
{
	static const char *const libc_objs[] = {"libc.so", NULL};
	static const char *const none_objs[] = {"no-such-object-cryptospeed", NULL};
	cs_ev_ranges rg;
	cs_ev_result ev, ev2;
	struct sigaction sa;
	char why[200], num[32];

	if (cs_ev_ranges_find(libc_objs, &rg, why, sizeof why) != 0) {
		fail("cs_ev_ranges_find(libc.so): %s%s", why, "");
		return 0;
	}
	if (rg.n == 0 || strstr(rg.what, "libc.so") == NULL)
		fail("cs_ev_ranges_find(libc.so) found '%s'%s", rg.what, "");

	if (cs_ev_begin(&ev) != 0) {
		printf("skip: sampling unavailable: %s\n", ev.reason);
		return 77;
	}
	if (cs_ev_begin(&ev2) == 0 || ev2.available)
		fail("%s%s", "a second cs_ev_begin during a session succeeded", "");
	/* the fallback CPU-time timers tick at CONFIG_HZ (100..1000 Hz): run longer */
	spin_libc(strstr(ev.source, "CLOCK_MONOTONIC") != NULL ? 0.3 : 1.0);
	cs_ev_end(&rg, &ev);
	report("memset/memcpy 1 MiB in libc", &rg, &ev);
	if (!ev.available)
		fail("sampling libc: unavailable after the run: %s%s", ev.reason, "");
	snprintf(num, sizeof num, "%u", ev.samples);
	if (ev.samples <= 50)
		fail("sampling libc: %s samples, want > 50 (source %s)", num, ev.source);
	if (ev.in_lib == 0)
		fail("sampling libc: %s%s", "no sample inside libc", "");
	check_counts("sampling libc", &ev);

	if (sigaction(SIGPROF, NULL, &sa) != 0 || sa.sa_handler != SIG_DFL)
		fail("%s%s", "SIGPROF action not restored to SIG_DFL after cs_ev_end", "");

	/* no object matches: the main executable, here this test program */
	if (cs_ev_ranges_find(none_objs, &rg, why, sizeof why) != 0) {
		fail("cs_ev_ranges_find(no match): %s%s", why, "");
		return 0;
	}
	if (strncmp(rg.what, "main executable ", 16) != 0)
		fail("cs_ev_ranges_find(no match) found '%s'%s", rg.what, "");
	if (cs_ev_begin(&ev) != 0) {
		fail("second session: %s%s", ev.reason, "");
		return 0;
	}
	spin_here(0.1);
	cs_ev_end(&rg, &ev);
	report("xorshift loop in the main executable", &rg, &ev);
	if (ev.in_lib == 0)
		fail("sampling main executable: %s%s", "no sample inside it", "");
	check_counts("sampling main executable", &ev);

	/* ending a session that never began changes nothing */
	memset(&ev2, 0, sizeof ev2);
	cs_ev_end(&rg, &ev2);
	if (ev2.samples != 0 || ev2.in_lib != 0)
		fail("%s%s", "cs_ev_end without cs_ev_begin filled counts", "");
	return 0;
}

int
main(void)
{
	int sampling;

	test_names();
	test_x86();
	if (cs_support(CS_ARCH_ARM64))
		test_aarch64();
	else
		printf("note: this Capstone has no AArch64 support; AArch64 cases not run\n");
	if (cs_support(CS_ARCH_ARM))
		test_arm32();
	else
		printf("note: this Capstone has no ARM support; ARM32 cases not run\n");
	sampling = test_sampling();
	if (failures > 0) {
		printf("%d assertion(s) failed\n", failures);
		return 1;
	}
	return sampling == 77 ? 77 : 0;
}
