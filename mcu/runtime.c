/*
 * The bare-metal runtime of an MCU worker (docs/mcu.md): the vector table
 * and reset (FPU on, .bss zeroed, newlib's semihosting handles, the command
 * line from the host), a fault handler that says what faulted and exits, the
 * worker's clock, the counting allocator (heap peak) and the painted stack
 * (stack high-water).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mcu.h"
#include "worker.h"

extern uint32_t __bss_start__[], __bss_end__[], __stack_top[];
extern void initialise_monitor_handles(void);
extern void __libc_init_array(void);
int main(int argc, char **argv);

/* ---------- semihosting ---------- */

int
cs_mcu_semihost(int op, void *arg)
{
	register int r0 __asm__("r0") = op;
	register void *r1 __asm__("r1") = arg;
	__asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
	return r0;
}

#define SYS_WRITE0 0x04
#define SYS_CLOCK 0x10
#define SYS_GET_CMDLINE 0x15
#define SYS_EXIT_EXTENDED 0x20
#define ADP_STOPPED_APPLICATION_EXIT 0x20026

void
cs_mcu_exit(int status)
{
	fflush(stdout);
	fflush(stderr);
	uint32_t block[2] = {ADP_STOPPED_APPLICATION_EXIT, (uint32_t)status};
	cs_mcu_semihost(SYS_EXIT_EXTENDED, block);
	for (;;)
		;
}

/* ---------- faults ---------- */

static void
say_hex(const char *what, uint32_t v)
{
	char buf[48];
	static const char hex[] = "0123456789abcdef";
	size_t n = strlen(what);
	memcpy(buf, what, n);
	buf[n++] = '0';
	buf[n++] = 'x';
	for (int i = 7; i >= 0; i--)
		buf[n++] = hex[(v >> (4 * i)) & 15];
	buf[n++] = ' ';
	buf[n] = '\0';
	cs_mcu_semihost(SYS_WRITE0, buf);
}

/* Every fault: one line on the host's stderr (the fault, its status
   registers, the faulting PC from the stacked frame), exit status 3: the
   orchestrator sees a dead worker, the cell is `crashed`. */
static void
fault_report(uint32_t *frame)
{
	volatile uint32_t *scb = (volatile uint32_t *)0xE000ED00u;
	cs_mcu_semihost(SYS_WRITE0, (void *)"worker: fault (HardFault) ");
	say_hex("CFSR=", scb[0x28 / 4]);
	say_hex("HFSR=", scb[0x2C / 4]);
	say_hex("PC=", frame[6]);
	cs_mcu_semihost(SYS_WRITE0, (void *)"\n");
	uint32_t block[2] = {ADP_STOPPED_APPLICATION_EXIT, 3};
	cs_mcu_semihost(SYS_EXIT_EXTENDED, block);
	for (;;)
		;
}

__attribute__((naked)) static void
fault_handler(void)
{
	__asm__ volatile("tst lr, #4\n"
			 "ite eq\n"
			 "mrseq r0, msp\n"
			 "mrsne r0, psp\n"
			 "b fault_entry\n");
}

void fault_entry(uint32_t *frame);
void
fault_entry(uint32_t *frame)
{
	fault_report(frame);
}

/* ---------- reset ---------- */

/* newlib's __libc_init_array calls _init (crti.o's, left out with the
   start files): nothing to do here. */
void _init(void);
void _fini(void);
void
_init(void)
{
}
void
_fini(void)
{
}

#define CMDLINE_MAX 512
#define ARGV_MAX 16

void cs_mcu_reset(void);

void
cs_mcu_reset(void)
{
	/* CP10 and CP11 full access: the hard-float code's FPU */
	volatile uint32_t *cpacr = (volatile uint32_t *)0xE000ED88u;
	*cpacr |= 0xFu << 20;
	__asm__ volatile("dsb\n isb" ::: "memory");
	for (uint32_t *p = __bss_start__; p < __bss_end__; p++)
		*p = 0;
	initialise_monitor_handles();
	__libc_init_array();

	static char cmdline[CMDLINE_MAX];
	static char *argv[ARGV_MAX + 1];
	struct {
		char *buf;
		int len;
	} block = {cmdline, (int)sizeof cmdline - 1};
	int argc = 0;
	if (cs_mcu_semihost(SYS_GET_CMDLINE, &block) == 0) {
		cmdline[block.len] = '\0';
		char *save = NULL;
		for (char *t = strtok_r(cmdline, " ", &save); t && argc < ARGV_MAX;
		     t = strtok_r(NULL, " ", &save))
			argv[argc++] = t;
	}
	if (argc == 0)
		argv[argc++] = "worker";
	argv[argc] = NULL;
	cs_mcu_exit(main(argc, argv));
}

typedef void (*cs_vector)(void);
__attribute__((section(".vectors"), used)) static const cs_vector vectors[16] = {
	(cs_vector)(uintptr_t)__stack_top,
	cs_mcu_reset,
	fault_handler, /* NMI */
	fault_handler, /* HardFault */
	fault_handler, /* MemManage */
	fault_handler, /* BusFault */
	fault_handler, /* UsageFault */
};

/* ---------- clock ---------- */

/* Centiseconds of the host (semihosting SYS_CLOCK): enough for the
   standalone modes; a counted cell reads no clock. */
uint64_t
cs_now_ns(void)
{
	int cs = cs_mcu_semihost(SYS_CLOCK, NULL);
	return cs < 0 ? 0 : (uint64_t)cs * 10000000u;
}

uint64_t
cs_clock_res_ns(void)
{
	return 10000000u;
}

/* ---------- the counting allocator ---------- */

/* Each block carries a header in the 16 bytes before it (keeping 8- and
   16-byte alignment): a cookie, its size and its offset from what the
   allocator returned (posix_memalign's blocks start further in). */
#define HDR 16u
#define COOKIE 0x63736d68u

typedef struct hdr {
	uint32_t cookie;
	uint32_t size;
	uint32_t offset;
	uint32_t pad;
} hdr;

void *__real_malloc(size_t n);
void __real_free(void *p);
void *__wrap_malloc(size_t n);
void __wrap_free(void *p);
void *__wrap_calloc(size_t n, size_t m);
void *__wrap_realloc(void *p, size_t n);
int posix_memalign(void **out, size_t align, size_t n);
int sched_yield(void);

static int64_t heap_live, heap_peak, heap_base;
static bool heap_on;

static void *
place(uint8_t *raw, uint8_t *p, size_t n)
{
	hdr h = {COOKIE, (uint32_t)n, (uint32_t)(p - raw), 0};
	memcpy(p - HDR, &h, sizeof h);
	heap_live += (int64_t)n;
	if (heap_live > heap_peak)
		heap_peak = heap_live;
	return p;
}

void *
__wrap_malloc(size_t n)
{
	if (n > UINT32_MAX - 64)
		return NULL;
	uint8_t *raw = __real_malloc(n + HDR);
	return raw ? place(raw, raw + HDR, n) : NULL;
}

int
posix_memalign(void **out, size_t align, size_t n)
{
	if (align < sizeof(void *) || (align & (align - 1)) || align > 4096)
		return 22; /* EINVAL */
	if (n > UINT32_MAX - 64 - align)
		return 12; /* ENOMEM */
	uint8_t *raw = __real_malloc(n + HDR + align);
	if (!raw)
		return 12;
	uintptr_t p = ((uintptr_t)raw + HDR + align - 1) & ~(uintptr_t)(align - 1);
	*out = place(raw, (uint8_t *)p, n);
	return 0;
}

static hdr
header(void *p)
{
	hdr h;
	memcpy(&h, (uint8_t *)p - HDR, sizeof h);
	if (h.cookie != COOKIE) {
		cs_mcu_semihost(0x04, (void *)"worker: free() of a block not from malloc\n");
		cs_mcu_exit(3);
	}
	return h;
}

void
__wrap_free(void *p)
{
	if (!p)
		return;
	hdr h = header(p);
	heap_live -= (int64_t)h.size;
	memset((uint8_t *)p - HDR, 0, HDR);
	__real_free((uint8_t *)p - h.offset);
}

void *
__wrap_calloc(size_t n, size_t m)
{
	if (m && n > SIZE_MAX / m)
		return NULL;
	void *p = __wrap_malloc(n * m);
	if (p)
		memset(p, 0, n * m);
	return p;
}

void *
__wrap_realloc(void *p, size_t n)
{
	if (!p)
		return __wrap_malloc(n);
	if (n == 0) {
		__wrap_free(p);
		return NULL;
	}
	hdr h = header(p);
	void *q = __wrap_malloc(n);
	if (!q)
		return NULL;
	memcpy(q, p, h.size < n ? h.size : n);
	__wrap_free(p);
	return q;
}

/* jansson's hash seed yields while it waits: one core, nothing to wait for */
int
sched_yield(void)
{
	return 0;
}

bool
cs_heap_available(void)
{
	return true;
}

void
cs_heap_begin(void)
{
	heap_on = true;
	heap_base = heap_live;
	heap_peak = heap_live;
}

void
cs_heap_end(int64_t *live_bytes, int64_t *peak_bytes)
{
	*live_bytes = heap_live - heap_base;
	*peak_bytes = heap_peak - heap_base;
	heap_on = false;
}

int64_t
cs_heap_live(void)
{
	return heap_on ? heap_live - heap_base : 0;
}

/* the MCU's allocator counts in the one process there is: no probe */
void
cs_heap_probe(cs_cell *cell)
{
	(void)cell;
}

/* ---------- the painted stack ---------- */

#define PAINT 0xC5C5C5C5u

static uint32_t *paint_lo, *paint_hi;

/* Paint `bytes` below the stack pointer (everything below it is free: the
   ARM procedure call standard has no red zone). What the caller runs next
   writes its frames down from its own stack pointer, a few words above. */
__attribute__((noinline)) void
cs_mcu_stack_paint(size_t bytes)
{
	uintptr_t sp;
	__asm__ volatile("mov %0, sp" : "=r"(sp));
	paint_hi = (uint32_t *)(sp & ~(uintptr_t)7);
	paint_lo = paint_hi - bytes / 4;
	for (volatile uint32_t *p = paint_lo; p < paint_hi; p++)
		*p = PAINT;
}

long
cs_mcu_stack_used(void)
{
	if (!paint_lo)
		return -1;
	if (paint_lo[0] != PAINT || paint_lo[1] != PAINT)
		return -1; /* the guard words at the bottom were written */
	uint32_t *p = paint_lo;
	while (p < paint_hi && *p == PAINT)
		p++;
	return (long)((uintptr_t)paint_hi - (uintptr_t)p);
}
