/*
 * The counting plugin: loaded into qemu-user (-plugin), it classifies every
 * guest instruction once, when qemu translates it (Capstone, through the
 * evidence classifier: one classifier for sampling and counting), and adds
 * an inline counter increment per class to the translated code. The worker
 * reads the counters at its markers (count.h).
 *
 * Arguments (-plugin cryptospeed-count.so,forbid=0x...):
 *   forbid=MASK  CS_EV_BIT()s of the classes the profile's CPU lacks: their
 *                instructions are also counted in `forbidden`.
 *   trace=FILE   a diagnosis aid (tests/count/pcdiff.py): every instruction
 *                also gets its own counter, and at every marker the plugin
 *                appends to FILE.<pid> the line "marker" and one line "ADDR DELTA"
 *                (hex address, executions since the previous marker) per
 *                instruction that ran; at the first marker it appends the
 *                process's memory map, to name the addresses.
 *   blocks=DIR   per-block execution counts (the pipeline model's input,
 *                docs/estimates.md): every translation block gets its own
 *                counter; a marker's third argument weighs the interval it
 *                ends (0, +1 or -1, CS_COUNT_W_*); the blocks marker
 *                (CS_COUNT_BLOCKS_COOKIE, first argument a cell id) writes
 *                DIR/<id>.blocks: the weighted executions of the blocks that
 *                cover >= 99.9 % of the weighted instructions (count.h).
 *
 * On a 32-bit ARM guest each translation block is decoded in its mode, A32
 * or T32 (arm_is_thumb()).
 */
#define _GNU_SOURCE
#include <capstone/capstone.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "count.h"
#include "evidence.h"
#include "qemu_api.h"

/* The API version this plugin was built against (qemu refuses another). */
CS_QEMU_EXPORT int qemu_plugin_version = CS_QEMU_PLUGIN_VERSION;

/* The counters the translated code increments (one vCPU: the worker counts
   on one thread; the increments are not atomic). */
static struct {
	uint64_t insns;
	uint64_t mem; /* memory-access instructions executed, loads and stores */
	uint64_t forbidden;
	uint64_t classes[CS_EV_COUNT];
} counters;

/* One instruction's own counter (trace mode). */
typedef struct pc_slot {
	uint64_t vaddr; /* guest address */
	uint64_t count; /* executions, incremented by the translated code */
	uint64_t seen;	/* count at the previous marker */
} pc_slot;

/* Trace mode: slots found by address (open addressing), allocated in
   chunks that never move (the translated code holds their addresses). */
#define TRACE_HASH (1u << 20)
#define TRACE_CHUNK 4096
static struct {
	FILE *out;	       /* the trace file, NULL when not tracing */
	pc_slot **hash;	       /* TRACE_HASH entries */
	pc_slot *chunk;	       /* the chunk being filled */
	size_t used;	       /* slots used in chunk */
	pc_slot **all;	       /* every slot, in creation order */
	size_t n_all, cap_all; /* entries in all, allocated */
	unsigned markers;      /* markers seen */
} trace;

/* One translation block's counter (blocks mode). Found by its address and
   length: qemu may translate the same code again (then the same slot). */
typedef struct tb_slot {
	uint64_t vaddr;	 /* guest address of its first instruction */
	uint32_t n;	 /* instructions */
	uint32_t size;	 /* bytes of code */
	uint8_t *code;	 /* the instructions' bytes (malloc'd) */
	int thumb;	 /* 32-bit ARM: decoded as T32 */
	uint64_t count;	 /* entries, incremented by the translated code */
	uint64_t seen;	 /* count at the previous marker */
	int64_t weighed; /* sum of weight x executions per marker interval */
} tb_slot;

#define TB_HASH (1u << 18)
static struct {
	char dir[4096];	       /* where the dump goes; "" when not recording */
	tb_slot **hash;	       /* TB_HASH entries */
	tb_slot *chunk;	       /* the chunk being filled (never moves) */
	size_t used;	       /* slots used in chunk */
	tb_slot **all;	       /* every slot, in creation order */
	size_t n_all, cap_all; /* entries in all, allocated */
} blocks;

static cs_ev_classifier *classifier;
static cs_ev_arch guest_arch;

/* Capstone with operand details, to tell a memory-access instruction
   (`mem`): the guest's architecture (a64 / x86-64 / A32) and T32. */
static struct {
	csh main, thumb;
	int open_main, open_thumb;
} memdec;
static unsigned forbid_mask;

/* 32-bit ARM guests: code runs in A32 or T32 (Thumb-2, Debian's default for
   C; OpenSSL's and Nettle's assembly may be either), and the same bytes mean
   other instructions in each. A translation block is in one mode (a mode
   change ends it); arm_is_thumb() finds which. */
static struct {
	cs_ev_classifier *thumb; /* the T32 classifier (classifier is A32) */
	csh a32, t32;		 /* Capstone handles, to read qemu's disassembly */
	int open;		 /* a32 and t32 are open */
} arm;

static cs_ev_arch
arch_of(const char *target)
{
	if (strcmp(target, "x86_64") == 0)
		return CS_EV_X86_64;
	if (strcmp(target, "aarch64") == 0)
		return CS_EV_AARCH64;
	if (strcmp(target, "arm") == 0)
		return CS_EV_ARM32;
	return CS_EV_ARCH_UNKNOWN;
}

/* The slot of vaddr, made on first sight; NULL when out of memory or the
   table is full. */
static pc_slot *
trace_slot(uint64_t vaddr)
{
	size_t h = (size_t)((vaddr * 0x9e3779b97f4a7c15u) >> 44) & (TRACE_HASH - 1);
	for (size_t probe = 0; probe < TRACE_HASH; probe++, h = (h + 1) & (TRACE_HASH - 1)) {
		if (trace.hash[h] && trace.hash[h]->vaddr == vaddr)
			return trace.hash[h];
		if (trace.hash[h])
			continue;
		if (trace.n_all * 2 >= TRACE_HASH)
			return NULL;
		if (!trace.chunk || trace.used == TRACE_CHUNK) {
			trace.chunk = calloc(TRACE_CHUNK, sizeof *trace.chunk);
			trace.used = 0;
			if (!trace.chunk)
				return NULL;
		}
		if (trace.n_all == trace.cap_all) {
			size_t cap = trace.cap_all ? 2 * trace.cap_all : TRACE_CHUNK;
			pc_slot **all = realloc(trace.all, cap * sizeof *all);
			if (!all)
				return NULL;
			trace.all = all;
			trace.cap_all = cap;
		}
		pc_slot *s = &trace.chunk[trace.used++];
		s->vaddr = vaddr;
		trace.hash[h] = s;
		trace.all[trace.n_all++] = s;
		return s;
	}
	return NULL;
}

/* The slot of the block at vaddr of n instructions, made on first sight;
   NULL when out of memory or the table is full. */
static tb_slot *
block_slot(uint64_t vaddr, uint32_t n)
{
	size_t h = (size_t)(((vaddr ^ ((uint64_t)n << 48)) * 0x9e3779b97f4a7c15u) >> 46) &
		   (TB_HASH - 1);
	for (size_t probe = 0; probe < TB_HASH; probe++, h = (h + 1) & (TB_HASH - 1)) {
		tb_slot *s = blocks.hash[h];
		if (s && s->vaddr == vaddr && s->n == n)
			return s;
		if (s)
			continue;
		if (blocks.n_all * 2 >= TB_HASH)
			return NULL;
		if (!blocks.chunk || blocks.used == TRACE_CHUNK) {
			blocks.chunk = calloc(TRACE_CHUNK, sizeof *blocks.chunk);
			blocks.used = 0;
			if (!blocks.chunk)
				return NULL;
		}
		if (blocks.n_all == blocks.cap_all) {
			size_t cap = blocks.cap_all ? 2 * blocks.cap_all : TRACE_CHUNK;
			tb_slot **all = realloc(blocks.all, cap * sizeof *all);
			if (!all)
				return NULL;
			blocks.all = all;
			blocks.cap_all = cap;
		}
		s = &blocks.chunk[blocks.used++];
		s->vaddr = vaddr;
		s->n = n;
		blocks.hash[h] = s;
		blocks.all[blocks.n_all++] = s;
		return s;
	}
	return NULL;
}

/* At a marker (blocks mode): weigh the interval it ends. */
static void
blocks_marker(int64_t weight)
{
	for (size_t i = 0; i < blocks.n_all; i++) {
		tb_slot *s = blocks.all[i];
		s->weighed += weight * (int64_t)(s->count - s->seen);
		s->seen = s->count;
	}
}

/* Heaviest first (weighted instructions), then by address: the same order
   in every run. */
static int
heavier(const void *a, const void *b)
{
	const tb_slot *x = *(tb_slot *const *)a, *y = *(tb_slot *const *)b;
	int64_t wx = x->weighed * (int64_t)x->n, wy = y->weighed * (int64_t)y->n;
	if (wx != wy)
		return wx > wy ? -1 : 1;
	if (x->vaddr != y->vaddr)
		return x->vaddr < y->vaddr ? -1 : 1;
	return x->n < y->n ? -1 : x->n > y->n;
}

/* The blocks marker: write DIR/<id>.blocks (format in count.h), then start
   again from zero. */
static void
blocks_dump(uint64_t id)
{
	char path[4200];
	int64_t total = 0, kept = 0;
	size_t n_kept = 0;
	tb_slot **order = blocks.n_all ? malloc(blocks.n_all * sizeof *order) : NULL;
	if (blocks.n_all && !order)
		return;
	size_t n = 0;
	for (size_t i = 0; i < blocks.n_all; i++)
		if (blocks.all[i]->weighed > 0) {
			order[n++] = blocks.all[i];
			total += blocks.all[i]->weighed * (int64_t)blocks.all[i]->n;
		}
	if (n)
		qsort(order, n, sizeof *order, heavier);
	/* the hot blocks: kept * 1000 >= total * 999 */
	for (; n_kept < n && kept * 1000 < total * 999; n_kept++)
		kept += order[n_kept]->weighed * (int64_t)order[n_kept]->n;
	snprintf(path, sizeof path, "%s/%" PRIu64 ".blocks", blocks.dir, id);
	FILE *f = fopen(path, "w");
	if (f) {
		fprintf(f, "%s %" PRId64 " %zu %" PRId64 "\n", CS_COUNT_BLOCKS_MAGIC, total, n_kept,
			kept);
		for (size_t i = 0; i < n_kept; i++) {
			tb_slot *s = order[i];
			fprintf(f, "%" PRIx64 " %" PRId64 " %" PRIu32 " %s ", s->vaddr, s->weighed,
				s->n,
				guest_arch == CS_EV_AARCH64  ? "a64"
				: guest_arch == CS_EV_X86_64 ? "x86"
				: s->thumb		     ? "t32"
							     : "a32");
			for (uint32_t b = 0; b < s->size; b++)
				fprintf(f, "%02x", s->code[b]);
			fputc('\n', f);
		}
		fclose(f);
	}
	free(order);
	for (size_t i = 0; i < blocks.n_all; i++)
		blocks.all[i]->weighed = 0;
}

/* At a marker (trace mode): what ran since the previous one. */
static void
trace_marker(void)
{
	if (trace.markers++ == 0) {
		FILE *maps = fopen("/proc/self/maps", "r");
		char line[512];
		while (maps && fgets(line, sizeof line, maps))
			fprintf(trace.out, "map %s", line);
		if (maps)
			fclose(maps);
	}
	fprintf(trace.out, "marker\n");
	for (size_t i = 0; i < trace.n_all; i++) {
		pc_slot *s = trace.all[i];
		if (s->count != s->seen)
			fprintf(trace.out, "%" PRIx64 " %" PRIu64 "\n", s->vaddr,
				s->count - s->seen);
		s->seen = s->count;
	}
	fflush(trace.out);
}

/* Does Capstone in handle h decode code[0..4) at addr to the mnemonic that
   starts qemu's disassembly text? */
static int
arm_mnemonic_is(csh h, const uint8_t *code, uint64_t addr, const char *text)
{
	cs_insn *insn = NULL;
	int same = 0;
	while (*text == ' ' || *text == '\t')
		text++;
	if (cs_disasm(h, code, 4, addr, 1, &insn) == 1) {
		size_t len = strlen(insn->mnemonic);
		same = strncmp(text, insn->mnemonic, len) == 0 &&
		       (text[len] == ' ' || text[len] == '\t' || text[len] == '\0');
	}
	if (insn)
		cs_free(insn, 1);
	return same;
}

/* Is this translation block T32? A 2-byte instruction, or one at an address
   that is not a multiple of 4, is T32 only; a 4-byte instruction whose
   first halfword is not a 32-bit T32 prefix (0b11101, 0b11110, 0b11111 in
   its top bits) is A32 only. For a block of 4-byte words that could be
   either (a lone bl: frequent), qemu's own disassembly of its first
   instruction (made in the mode the CPU is in) is matched against
   Capstone's in each mode; T32 when that too cannot tell. */
static int
arm_is_thumb(struct qemu_plugin_tb *tb, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
		if (qemu_plugin_insn_size(insn) != 4 || (qemu_plugin_insn_vaddr(insn) & 3u) != 0)
			return 1;
	}
	for (size_t i = 0; i < n; i++) {
		const uint8_t *code = qemu_plugin_insn_data(qemu_plugin_tb_get_insn(tb, i));
		if ((code[1] >> 3) < 0x1du)
			return 0;
	}
	if (n == 0 || !arm.open)
		return 1;
	struct qemu_plugin_insn *first = qemu_plugin_tb_get_insn(tb, 0);
	char *text = qemu_plugin_insn_disas(first);
	int thumb = 1;
	if (text) {
		const uint8_t *code = qemu_plugin_insn_data(first);
		uint64_t addr = qemu_plugin_insn_vaddr(first);
		int a = arm_mnemonic_is(arm.a32, code, addr, text);
		int t = arm_mnemonic_is(arm.t32, code, addr, text);
		thumb = !(a && !t);
		free(text);
	}
	return thumb;
}

/* Does the instruction read or write memory? An explicit memory operand
   (not lea, a nop or a prefetch hint), or an implicit stack or string
   access (push, pop, call, ret, movs...; ARM's ldm/stm/push/pop). */
static int
accesses_memory(csh h, const uint8_t *code, size_t size, uint64_t addr)
{
	cs_insn *insn = NULL;
	int mem = 0;
	if (cs_disasm(h, code, size, addr, 1, &insn) != 1)
		return 0;
	const char *m = insn->mnemonic;
	const cs_detail *d = insn->detail;
	if (guest_arch == CS_EV_X86_64) {
		static const char *const implicit[] = {"push", "pop",	"call",	 "ret",
						       "movs", "stos",	"lods",	 "cmps",
						       "scas", "enter", "leave", NULL};
		for (size_t i = 0; d && i < d->x86.op_count; i++)
			if (d->x86.operands[i].type == X86_OP_MEM)
				mem = 1;
		if (strcmp(m, "lea") == 0 || strncmp(m, "nop", 3) == 0 ||
		    strncmp(m, "prefetch", 8) == 0)
			mem = 0;
		for (size_t i = 0; implicit[i]; i++)
			if (strncmp(m, implicit[i], strlen(implicit[i])) == 0 ||
			    (strncmp(m, "rep", 3) == 0 && strstr(m, implicit[i])))
				mem = 1;
	} else if (guest_arch == CS_EV_AARCH64) {
		for (size_t i = 0; d && i < d->arm64.op_count; i++)
			if (d->arm64.operands[i].type == ARM64_OP_MEM)
				mem = 1;
		if (strncmp(m, "prfm", 4) == 0 || strncmp(m, "prfum", 5) == 0)
			mem = 0;
	} else {
		for (size_t i = 0; d && i < d->arm.op_count; i++)
			if (d->arm.operands[i].type == ARM_OP_MEM)
				mem = 1;
		static const char *const implicit[] = {"ldm",  "stm",	"push", "pop", "vldm",
						       "vstm", "vpush", "vpop", NULL};
		for (size_t i = 0; implicit[i]; i++)
			if (strncmp(m, implicit[i], strlen(implicit[i])) == 0)
				mem = 1;
		if (strncmp(m, "pld", 3) == 0 || strncmp(m, "pli", 3) == 0)
			mem = 0;
	}
	cs_free(insn, 1);
	return mem;
}

static void
on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	(void)id;
	size_t n = qemu_plugin_tb_n_insns(tb);
	cs_ev_classifier *k = classifier;
	int thumb = guest_arch == CS_EV_ARM32 && arm_is_thumb(tb, n);
	if (thumb)
		k = arm.thumb;
	if (blocks.dir[0] && n > 0) {
		struct qemu_plugin_insn *first = qemu_plugin_tb_get_insn(tb, 0);
		tb_slot *s = block_slot(qemu_plugin_insn_vaddr(first), (uint32_t)n);
		if (s && !s->code) {
			size_t size = 0;
			for (size_t i = 0; i < n; i++)
				size += qemu_plugin_insn_size(qemu_plugin_tb_get_insn(tb, i));
			s->code = malloc(size ? size : 1);
			if (s->code) {
				size_t off = 0;
				for (size_t i = 0; i < n; i++) {
					struct qemu_plugin_insn *in =
						qemu_plugin_tb_get_insn(tb, i);
					memcpy(s->code + off, qemu_plugin_insn_data(in),
					       qemu_plugin_insn_size(in));
					off += qemu_plugin_insn_size(in);
				}
				s->size = (uint32_t)size;
				s->thumb = thumb;
			}
		}
		if (s)
			qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64,
								 &s->count, 1);
	}
	for (size_t i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
		const uint8_t *code = qemu_plugin_insn_data(insn);
		size_t size = qemu_plugin_insn_size(insn);
		unsigned mask = cs_ev_classify_one(k, code, size, qemu_plugin_insn_vaddr(insn));

		if (mask == 0)
			mask = CS_EV_BIT(CS_EV_SCALAR);
		qemu_plugin_register_vcpu_insn_exec_inline(insn, QEMU_PLUGIN_INLINE_ADD_U64,
							   &counters.insns, 1);
		pc_slot *slot = trace.out ? trace_slot(qemu_plugin_insn_vaddr(insn)) : NULL;
		if (slot)
			qemu_plugin_register_vcpu_insn_exec_inline(insn, QEMU_PLUGIN_INLINE_ADD_U64,
								   &slot->count, 1);
		for (unsigned c = 0; c < CS_EV_COUNT; c++)
			if (mask & CS_EV_BIT(c))
				qemu_plugin_register_vcpu_insn_exec_inline(
					insn, QEMU_PLUGIN_INLINE_ADD_U64, &counters.classes[c], 1);
		if (mask & forbid_mask)
			qemu_plugin_register_vcpu_insn_exec_inline(insn, QEMU_PLUGIN_INLINE_ADD_U64,
								   &counters.forbidden, 1);
		/* memory-access instructions (not qemu's accesses, which are
		   pieces of at most 8 bytes: an ldp is one instruction) */
		csh mh = thumb ? memdec.thumb : memdec.main;
		if ((thumb ? memdec.open_thumb : memdec.open_main) &&
		    accesses_memory(mh, code, size, qemu_plugin_insn_vaddr(insn)))
			qemu_plugin_register_vcpu_insn_exec_inline(insn, QEMU_PLUGIN_INLINE_ADD_U64,
								   &counters.mem, 1);
	}
}

/* Write the counters line to fd (the whole line or nothing useful). */
static void
write_counters(int fd)
{
	char line[64 + 24 * (3 + CS_EV_COUNT)];
	/* fixed width: the worker parses a line inside its counted region, so
	   its cost must not depend on the values */
	int len = snprintf(line, sizeof line, "%s %020" PRIu64 " %020" PRIu64 " %020" PRIu64,
			   CS_COUNT_MAGIC, counters.insns, counters.mem, counters.forbidden);
	for (unsigned c = 0; c < CS_EV_COUNT && len > 0 && (size_t)len < sizeof line; c++)
		len += snprintf(line + len, sizeof line - (size_t)len, " %020" PRIu64,
				counters.classes[c]);
	if (len <= 0 || (size_t)len + 1 >= sizeof line)
		return;
	line[len++] = '\n';
	size_t off = 0;
	while (off < (size_t)len) {
		ssize_t w = write(fd, line + off, (size_t)len - off);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return;
		off += (size_t)w;
	}
}

static void
on_syscall(qemu_plugin_id_t id, unsigned int vcpu, int64_t num, uint64_t a1, uint64_t a2,
	   uint64_t a3, uint64_t a4, uint64_t a5, uint64_t a6, uint64_t a7, uint64_t a8)
{
	(void)id, (void)vcpu, (void)a3, (void)a4, (void)a5, (void)a6, (void)a7, (void)a8;
	if (num == CS_COUNT_SYSCALL && a2 == CS_COUNT_COOKIE && a1 < 1u << 20) {
		if (trace.out)
			trace_marker();
		if (blocks.dir[0])
			blocks_marker(a3 == CS_COUNT_W_PLUS ? 1 : a3 == CS_COUNT_W_MINUS ? -1 : 0);
		write_counters((int)a1);
	}
	if (num == CS_COUNT_SYSCALL && a2 == CS_COUNT_BLOCKS_COOKIE && blocks.dir[0])
		blocks_dump(a1);
}

static void
at_exit(qemu_plugin_id_t id, void *data)
{
	(void)id, (void)data;
	cs_ev_classifier_free(classifier);
	classifier = NULL;
	cs_ev_classifier_free(arm.thumb);
	arm.thumb = NULL;
	if (arm.open) {
		cs_close(&arm.a32);
		cs_close(&arm.t32);
		arm.open = 0;
	}
	if (trace.out)
		fclose(trace.out);
	trace.out = NULL;
	if (memdec.open_main)
		cs_close(&memdec.main);
	if (memdec.open_thumb)
		cs_close(&memdec.thumb);
	memdec.open_main = memdec.open_thumb = 0;
}

CS_QEMU_EXPORT int
qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc, char **argv)
{
	char why[256];

	guest_arch = arch_of(info->target_name);
	if (guest_arch == CS_EV_ARCH_UNKNOWN) {
		snprintf(why, sizeof why,
			 "cryptospeed-count: guest architecture '%s' (accepted: x86_64, aarch64, "
			 "arm)\n",
			 info->target_name);
		qemu_plugin_outs(why);
		return -1;
	}
	for (int i = 0; i < argc; i++) {
		char *end;
		if (strncmp(argv[i], "forbid=", 7) == 0) {
			errno = 0;
			unsigned long v = strtoul(argv[i] + 7, &end, 0);
			if (errno == 0 && *end == '\0' && end != argv[i] + 7 &&
			    v < CS_EV_BIT(CS_EV_COUNT)) {
				forbid_mask = (unsigned)v;
				continue;
			}
		}
		if (strncmp(argv[i], "trace=", 6) == 0 && argv[i][6] && !trace.out) {
			trace.hash = calloc(TRACE_HASH, sizeof *trace.hash);
			char path[4096];
			snprintf(path, sizeof path, "%s.%ld", argv[i] + 6, (long)getpid());
			trace.out = trace.hash ? fopen(path, "a") : NULL;
			if (trace.out)
				continue;
		}
		if (strncmp(argv[i], "blocks=", 7) == 0 && argv[i][7] &&
		    strlen(argv[i] + 7) < sizeof blocks.dir && !blocks.hash) {
			blocks.hash = calloc(TB_HASH, sizeof *blocks.hash);
			if (blocks.hash) {
				snprintf(blocks.dir, sizeof blocks.dir, "%s", argv[i] + 7);
				continue;
			}
		}
		snprintf(why, sizeof why,
			 "cryptospeed-count: argument '%.80s' (accepted: forbid=MASK, "
			 "trace=FILE, a file that can be written, blocks=DIR)\n",
			 argv[i]);
		qemu_plugin_outs(why);
		return -1;
	}
	classifier = cs_ev_classifier_new(guest_arch, why, sizeof why);
	if (classifier == NULL) {
		qemu_plugin_outs(why);
		return -1;
	}
	if (guest_arch == CS_EV_ARM32) {
		arm.thumb = cs_ev_classifier_new(CS_EV_THUMB, why, sizeof why);
		if (arm.thumb == NULL) {
			qemu_plugin_outs(why);
			return -1;
		}
		if (cs_open(CS_ARCH_ARM, (cs_mode)(CS_MODE_ARM | CS_MODE_V8), &arm.a32) ==
		    CS_ERR_OK) {
			if (cs_open(CS_ARCH_ARM, (cs_mode)(CS_MODE_THUMB | CS_MODE_V8), &arm.t32) ==
			    CS_ERR_OK)
				arm.open = 1;
			else
				cs_close(&arm.a32);
		}
	}
	cs_arch ma = guest_arch == CS_EV_X86_64	   ? CS_ARCH_X86
		     : guest_arch == CS_EV_AARCH64 ? CS_ARCH_ARM64
						   : CS_ARCH_ARM;
	cs_mode mm = guest_arch == CS_EV_X86_64	   ? CS_MODE_64
		     : guest_arch == CS_EV_AARCH64 ? CS_MODE_ARM
						   : (cs_mode)(CS_MODE_ARM | CS_MODE_V8);
	if (cs_open(ma, mm, &memdec.main) == CS_ERR_OK) {
		cs_option(memdec.main, CS_OPT_DETAIL, CS_OPT_ON);
		memdec.open_main = 1;
	}
	if (guest_arch == CS_EV_ARM32 && cs_open(CS_ARCH_ARM, (cs_mode)(CS_MODE_THUMB | CS_MODE_V8),
						 &memdec.thumb) == CS_ERR_OK) {
		cs_option(memdec.thumb, CS_OPT_DETAIL, CS_OPT_ON);
		memdec.open_thumb = 1;
	}
	if (!memdec.open_main) {
		qemu_plugin_outs("cryptospeed-count: Capstone could not open a decoder\n");
		return -1;
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
	qemu_plugin_register_vcpu_syscall_cb(id, on_syscall);
	qemu_plugin_register_atexit_cb(id, at_exit, NULL);
	return 0;
}
