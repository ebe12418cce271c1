/*
 * The MCU worker's side of run --count (docs/mcu.md): a cell's op counted
 * between markers of the system-mode counting plugin (core/count/
 * mcu_plugin.c), with the plugin's cycle estimate, and the op's stack
 * high-water (painted stack) and heap peak (the counting allocator).
 *
 * The marker is cs_mcu_mark(): a `movw r12, #0x6370; movt r12, #0x6373`
 * pair the plugin recognises when it translates it (CS_MCU_MARK_*). At each
 * marker the plugin writes its counters, one fixed-length line, at offset 0
 * of the host file the launcher named (--counters PATH, plugin out=PATH);
 * the worker reads that line back through semihosting.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mcu.h"
#include "mcu_count.h"
#include "protocol.h"
#include "serve.h"
#include "worker.h"

#define SYS_OPEN 0x01
#define SYS_READ 0x06
#define SYS_SEEK 0x0A

const char *cs_mcu_counters_path;
static int counters_fd = -1;

/* The marker: the instruction pair the plugin watches for. */
__attribute__((noinline)) static void
cs_mcu_mark(void)
{
	__asm__ volatile("movw r12, #0x6370\n\tmovt r12, #0x6373" ::: "r12", "memory");
}

typedef struct snap {
	uint64_t insns, cycles, mem;
	uint64_t classes[CS_MCU_CLASSES];
} snap;

static int
parse_u64(const char **p, uint64_t *v)
{
	uint64_t x = 0;
	int n = 0;
	while (**p == ' ')
		(*p)++;
	while (**p >= '0' && **p <= '9' && n < 20) {
		x = x * 10 + (uint64_t)(**p - '0');
		(*p)++;
		n++;
	}
	*v = x;
	return n == 20 ? 0 : -1;
}

static int
read_snap(snap *s, char *why, size_t why_size)
{
	static char line[CS_MCU_LINE_LEN + 1];
	if (!cs_mcu_counters_path) {
		snprintf(why, why_size, "not started by the MCU launcher (no --counters FILE)");
		return -1;
	}
	if (counters_fd < 0) {
		struct {
			const char *name;
			int mode;
			int len;
		} o = {cs_mcu_counters_path, 0 /* "r" */, (int)strlen(cs_mcu_counters_path)};
		counters_fd = cs_mcu_semihost(SYS_OPEN, &o);
		if (counters_fd < 0) {
			snprintf(why, why_size, "cannot open the counters file %s",
				 cs_mcu_counters_path);
			return -1;
		}
	}
	cs_mcu_mark();
	int seek[2] = {counters_fd, 0};
	int rd[3] = {counters_fd, (int)(uintptr_t)line, CS_MCU_LINE_LEN};
	if (cs_mcu_semihost(SYS_SEEK, seek) != 0 || cs_mcu_semihost(SYS_READ, rd) != 0) {
		snprintf(why, why_size, "no counters line: not running under the counting plugin");
		return -1;
	}
	line[CS_MCU_LINE_LEN] = '\0';
	const char *p = line;
	if (strncmp(p, CS_MCU_MAGIC, strlen(CS_MCU_MAGIC)) != 0) {
		snprintf(why, why_size, "malformed counters line");
		return -1;
	}
	p += strlen(CS_MCU_MAGIC);
	int bad = parse_u64(&p, &s->insns) | parse_u64(&p, &s->cycles) | parse_u64(&p, &s->mem);
	for (int k = 0; k < CS_MCU_CLASSES; k++)
		bad |= parse_u64(&p, &s->classes[k]);
	if (bad) {
		snprintf(why, why_size, "malformed counters line");
		return -1;
	}
	return 0;
}

static void
diff(const snap *b, const snap *a, snap *d)
{
	d->insns = b->insns - a->insns;
	d->cycles = b->cycles - a->cycles;
	d->mem = b->mem - a->mem;
	for (int k = 0; k < CS_MCU_CLASSES; k++)
		d->classes[k] = b->classes[k] - a->classes[k];
}

/* k ops of the cell between two markers, into *d; also the stack and the
   heap the k ops used at most. */
static int
count_ops(cs_cell *cell, uint64_t k, snap *d, long *stack, int64_t *heap, char *why,
	  size_t why_size)
{
	snap a, b;
	cs_status st = CS_OK;
	int64_t live, peak;
	cs_mcu_stack_paint(CS_MCU_STACK_WINDOW);
	cs_heap_begin();
	if (read_snap(&a, why, why_size) != 0)
		return -1;
	cs_cell_batch(cell, k, &st);
	if (read_snap(&b, why, why_size) != 0)
		return -1;
	cs_heap_end(&live, &peak);
	*stack = cs_mcu_stack_used();
	*heap = peak;
	if (st != CS_OK) {
		snprintf(why, why_size, "operation failed while counting");
		return -1;
	}
	if (*stack < 0) {
		snprintf(why, why_size,
			 "the operation used more than the %u bytes of painted stack (its guard "
			 "was written)",
			 CS_MCU_STACK_WINDOW);
		return -1;
	}
	diff(&b, &a, d);
	return 0;
}

static const char *
class_name(int k)
{
	return cs_mcu_class_names[k];
}

void
cs_worker_count(cs_cell *cell, const cs_msg_count *req, cs_msg_count_reply *r)
{
	uint64_t n[3] = {(uint64_t)req->n1, (uint64_t)req->n2,
			 2 * (uint64_t)req->n2 - (uint64_t)req->n1};
	snap c[3], d1, d2, warm;
	long stack = 0, s;
	int64_t heap = 0, h;
	char why[CS_MSG_TEXT];

	r->status = CS_ST_ERROR;
	/* a first round, not used: whatever runs once (the counters file, a
	   library's first-call setup) */
	if (count_ops(cell, 2, &warm, &s, &h, why, sizeof why) != 0) {
		snprintf(r->error, sizeof r->error, "%s", why);
		return;
	}
	for (int i = 0; i < 3; i++) {
		if (count_ops(cell, n[i], &c[i], &s, &h, why, sizeof why) != 0) {
			snprintf(r->error, sizeof r->error, "%s", why);
			return;
		}
		if (s > stack)
			stack = s;
		if (h > heap)
			heap = h;
	}
	diff(&c[1], &c[0], &d1);
	diff(&c[2], &c[1], &d2);
	const uint64_t insns[2] = {d1.insns, d2.insns}, mem[2] = {d1.mem, d2.mem};
	const uint64_t *const classes[2] = {d1.classes, d2.classes};
	cs_serve_count_reply(r, n[2] - n[0], memcmp(&d1, &d2, sizeof d1) == 0, insns, mem, classes,
			     CS_MCU_CLASSES, class_name);
	r->cycles = (int64_t)(d1.cycles + d2.cycles);
	r->stack = (int64_t)stack;
	r->heap = heap;
}
