/*
 * The MCU lane's counting plugin (docs/mcu.md): loaded into qemu-system-arm
 * (-plugin cryptospeed-mcu-count.so,out=FILE,costs=TABLE) running a
 * bare-metal Cortex-M worker. Separate from the qemu-user plugin (plugin.c):
 * its marker is an instruction pair, not a syscall (mcu_count.h), and it
 * estimates cycles as well as counting instructions.
 *
 * Each translation block is decoded once with Capstone (Thumb, M-class):
 * every instruction gets its class (thumb2, dsp, fpu), its cost from the
 * core's table (data/costs/mcu/<core>.tsv) and whether it loads or stores;
 * the block's sums are added by one callback when the block runs. The
 * Cortex-M4 is single-issue and in order, so cycles = the sum of the
 * executed instructions' costs, plus a pipeline refill (branch-refill) when
 * a block ends in a branch and the next block is not the one that follows
 * it (the branch was taken). Neighbouring single loads and stores pipeline
 * (load-store-pipelined), within a block.
 *
 * A dual-issue core (the Cortex-M7: the table's optional `dual-issue 2`
 * row) issues an instruction together with the one before it in the block
 * when both take one cycle, the second reads and writes no register the
 * first writes, they need different units (one multiplier, one store port,
 * one FPU, one branch unit and one shifter; two load ports) and neither is
 * single-issue (load/store multiple and double, divide, exclusives, table
 * branches, system instructions) nor the second slot-0-only (SIMD, extend,
 * bit-field, reverse, CLZ, saturate): the pair is charged one cycle. The
 * optional `multiple-regs-per-cycle N` row moves N registers of a load or
 * store multiple per cycle (1 when absent).
 *
 * Arguments:
 *   out=FILE    the counters file (created and truncated here)
 *   costs=FILE  the core's cost table (rule<TAB>cycles<TAB>source lines)
 */
#define _GNU_SOURCE
#include <capstone/capstone.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mcu_count.h"
#include "qemu_api.h"

CS_QEMU_EXPORT int qemu_plugin_version = CS_QEMU_PLUGIN_VERSION;

/* The qemu 7.2 calls this plugin adds to qemu_api.h's (documented in
   include/qemu/qemu-plugin.h). */
enum cs_qemu_cb_flags { CS_QEMU_CB_NO_REGS };
typedef void (*cs_qemu_vcpu_udata_cb_t)(unsigned int vcpu_index, void *userdata);
void qemu_plugin_register_vcpu_tb_exec_cb(struct qemu_plugin_tb *tb, cs_qemu_vcpu_udata_cb_t cb,
					  enum cs_qemu_cb_flags flags, void *userdata);
void qemu_plugin_register_vcpu_insn_exec_cb(struct qemu_plugin_insn *insn,
					    cs_qemu_vcpu_udata_cb_t cb, enum cs_qemu_cb_flags flags,
					    void *userdata);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);

/* The cost rules, in the table's words. */
enum rule {
	R_ALU,
	R_MULTIPLY,
	R_DIVIDE,
	R_LDST,
	R_LDST_PIPE,
	R_LDST_DOUBLE,
	R_LDST_MULTIPLE,
	R_BRANCH_REFILL,
	R_FPU,
	R_FPU_MAC,
	R_FPU_DIVIDE,
	R_FPU_LDST,
	R_DUAL_ISSUE,	 /* optional: 2 = dual issue (absent: 1) */
	R_MULTIPLE_REGS, /* optional: registers of LDM/STM per cycle (absent: 1) */
	R_COUNT
};
static const char *const rule_names[R_COUNT] = {
	"alu",
	"multiply",
	"divide",
	"load-store",
	"load-store-pipelined",
	"load-store-double",
	"load-store-multiple",
	"branch-refill",
	"fpu",
	"fpu-mac",
	"fpu-divide",
	"fpu-load-store",
	"dual-issue",
	"multiple-regs-per-cycle",
};
static unsigned cost[R_COUNT];

/* Registers of an LDM/STM/PUSH/POP/VLDM/VSTM, in cycles. */
static unsigned
multiple_cycles(unsigned n)
{
	unsigned per = cost[R_MULTIPLE_REGS];
	return cost[R_LDST_MULTIPLE] + (n + per - 1) / per;
}

/* One translated block's sums. */
typedef struct block {
	uint64_t start; /* its first instruction's address */
	uint64_t next;	/* the address after its last instruction */
	bool branch;	/* its last instruction may branch */
	uint64_t insns, cycles, mem;
	uint64_t classes[CS_MCU_CLASSES];
	struct block *link; /* every block made, for the exit */
} block;

static struct {
	uint64_t insns, cycles, mem;
	uint64_t classes[CS_MCU_CLASSES];
} counters;
static const block *last; /* the block that ran before this one */
static block *blocks;
static csh capstone;
static int out_fd = -1;

static void
on_block(unsigned int vcpu, void *data)
{
	(void)vcpu;
	const block *b = data;
	if (last && last->branch && last->next != b->start)
		counters.cycles += cost[R_BRANCH_REFILL];
	counters.insns += b->insns;
	counters.cycles += b->cycles;
	counters.mem += b->mem;
	for (int k = 0; k < CS_MCU_CLASSES; k++)
		counters.classes[k] += b->classes[k];
	last = b;
}

/* The marker: the counters as one line at offset 0 of the out file. */
static void
on_marker(unsigned int vcpu, void *data)
{
	(void)vcpu;
	(void)data;
	char line[CS_MCU_LINE_LEN + 1];
	int n = snprintf(line, sizeof line, "%s %020" PRIu64 " %020" PRIu64 " %020" PRIu64,
			 CS_MCU_MAGIC, counters.insns, counters.cycles, counters.mem);
	for (int k = 0; k < CS_MCU_CLASSES && n > 0; k++)
		n += snprintf(line + n, sizeof line - (size_t)n, " %020" PRIu64,
			      counters.classes[k]);
	if (n > 0 && (size_t)n < sizeof line - 1) {
		line[n++] = '\n';
		if (pwrite(out_fd, line, (size_t)n, 0) != n)
			qemu_plugin_outs("cryptospeed-mcu-count: cannot write the counters file\n");
	}
}

static bool
starts(const char *m, const char *const *list)
{
	for (; *list; list++)
		if (strncmp(m, *list, strlen(*list)) == 0)
			return true;
	return false;
}

/* The DSP extension's mnemonics (ARMv7E-M): SIMD32, saturating, the
   halfword and long multiply-accumulates, UMAAL. */
static const char *const dsp_prefixes[] = {
	"sadd8",  "sadd16",  "ssub8",  "ssub16", "sasx",   "ssax",  "qadd",   "qsub",	"qasx",
	"qsax",	  "qdadd",   "qdsub",  "shadd",	 "shsub",  "shasx", "shsax",  "uadd8",	"uadd16",
	"usub8",  "usub16",  "uasx",   "usax",	 "uqadd",  "uqsub", "uqasx",  "uqsax",	"uhadd",
	"uhsub",  "uhasx",   "uhsax",  "usad8",	 "usada8", "sel",   "ssat16", "usat16", "sxtab16",
	"sxtb16", "uxtab16", "uxtb16", "pkhbt",	 "pkhtb",  "smla",  "smlsd",  "smlsld", "smuad",
	"smusd",  "smul",    "smmla",  "smmls",	 "smmul",  "umaal", NULL};

/* Class, cost, memory accesses and branch-ness of one instruction.
   *pipe: the previous instruction was a single load or store. */
static void
classify(const cs_insn *in, int *cls, unsigned *cyc, unsigned *mem, bool *branch, bool *pipe)
{
	const char *m = in->mnemonic;
	const cs_arm *arm = &in->detail->arm;
	bool single = false;
	bool pc_written = false;
	for (uint8_t i = 0; i < in->detail->regs_write_count; i++)
		pc_written |= in->detail->regs_write[i] == ARM_REG_PC;
	for (uint8_t i = 0; i < arm->op_count; i++)
		pc_written |= arm->operands[i].type == ARM_OP_REG &&
			      arm->operands[i].reg == ARM_REG_PC &&
			      (arm->operands[i].access & CS_AC_WRITE);
	*cls = 0;
	*mem = 0;
	*cyc = cost[R_ALU];
	if (m[0] == 'v') {
		*cls = 2;
		if (starts(m, (const char *const[]){"vldm", "vstm", "vpush", "vpop", NULL})) {
			unsigned n = 0;
			for (uint8_t i = 0; i < arm->op_count; i++)
				n += arm->operands[i].type == ARM_OP_REG &&
				     arm->operands[i].reg != ARM_REG_SP && !(i == 0 && m[1] != 'p');
			*cyc = multiple_cycles(n);
			*mem = n;
		} else if (starts(m, (const char *const[]){"vldr", "vstr", NULL})) {
			*cyc = cost[R_FPU_LDST];
			*mem = 1;
		} else if (starts(m, (const char *const[]){"vdiv", "vsqrt", NULL})) {
			*cyc = cost[R_FPU_DIVIDE];
		} else if (starts(m, (const char *const[]){"vmla", "vmls", "vnmla", "vnmls", "vfma",
							   "vfms", "vfnma", "vfnms", NULL})) {
			*cyc = cost[R_FPU_MAC];
		} else {
			*cyc = cost[R_FPU];
		}
	} else if (starts(m, dsp_prefixes)) {
		*cls = 1;
		*cyc = cost[R_MULTIPLY];
	} else if (starts(m, (const char *const[]){"ldm", "stm", "push", "pop", NULL})) {
		unsigned n = 0;
		bool pushpop = m[0] == 'p';
		for (uint8_t i = pushpop ? 0 : 1; i < arm->op_count; i++)
			n += arm->operands[i].type == ARM_OP_REG;
		*cyc = multiple_cycles(n);
		*mem = n;
	} else if (starts(m, (const char *const[]){"ldrd", "strd", NULL})) {
		*cyc = cost[R_LDST_DOUBLE];
		*mem = 2;
	} else if (starts(m, (const char *const[]){"ldr", "str", "lda", "stl", NULL})) {
		*cyc = *pipe ? cost[R_LDST_PIPE] : cost[R_LDST];
		*mem = 1;
		single = !pc_written;
	} else if (starts(m, (const char *const[]){"sdiv", "udiv", NULL})) {
		*cyc = cost[R_DIVIDE];
	} else if (starts(m, (const char *const[]){"mul", "mla", "mls", "umull", "smull", "umlal",
						   "smlal", NULL})) {
		*cyc = cost[R_MULTIPLY];
	}
	*pipe = single;
	*branch = pc_written || starts(m, (const char *const[]){"b", "cbz", "cbnz", NULL});
	/* "b" prefixes bfc, bfi, bic, bkpt: not branches */
	if (starts(m, (const char *const[]){"bfc", "bfi", "bic", "bkpt", NULL}) && !pc_written)
		*branch = false;
}

/* What an instruction needs to issue, for the dual-issue rule. */
enum {
	U_SINGLE = 1u << 0, /* issues alone */
	U_SLOT0 = 1u << 1,  /* only as the first of a pair */
	U_SHIFT = 1u << 2,  /* the one shifter: shifted operand, wide immediate */
	U_MAC = 1u << 3,
	U_LOAD = 1u << 4, /* two load ports: not a conflict */
	U_STORE = 1u << 5,
	U_BRANCH = 1u << 6,
	U_FPU = 1u << 7,
};
#define U_ONE_EACH (U_SHIFT | U_MAC | U_STORE | U_BRANCH | U_FPU)

static unsigned
issue_units(const cs_insn *in, int cls, bool branch)
{
	const char *m = in->mnemonic;
	const cs_arm *arm = &in->detail->arm;
	unsigned u = 0;
	if (starts(m, (const char *const[]){"ldm",  "stm",   "push",  "pop",   "ldrd", "strd",
					    "sdiv", "udiv",  "ldrex", "strex", "tbb",  "tbh",
					    "vldm", "vstm",  "vpush", "vpop",  "mrs",  "msr",
					    "dmb",  "dsb",   "isb",   "svc",   "bkpt", "udf",
					    "cps",  "wfi",   "wfe",   "clrex", "vmrs", "vmsr",
					    "vdiv", "vsqrt", NULL}))
		return U_SINGLE;
	if (branch && !starts(m, (const char *const[]){"b", "cbz", "cbnz", NULL}))
		return U_SINGLE; /* pop {pc}, ldr pc, mov pc */
	for (uint8_t i = 0; i < arm->op_count; i++) {
		if (arm->operands[i].shift.type != ARM_SFT_INVALID &&
		    arm->operands[i].shift.value != 0)
			u |= U_SHIFT;
		if (arm->operands[i].type == ARM_OP_IMM && cls == 0 && !branch &&
		    (arm->operands[i].imm < 0 || arm->operands[i].imm > 255) &&
		    !starts(m, (const char *const[]){"ldr", "str", "lda", "stl", "movw", "movt",
						     "vldr", "vstr", NULL}))
			u |= U_SHIFT;
	}
	if (branch)
		return u | U_BRANCH;
	if (m[0] == 'v')
		return u | (starts(m, (const char *const[]){"vldr", NULL})   ? U_LOAD
			    : starts(m, (const char *const[]){"vstr", NULL}) ? U_STORE
									     : U_FPU);
	if (starts(m, (const char *const[]){"ldr", "lda", NULL}))
		return u | U_LOAD;
	if (starts(m, (const char *const[]){"str", "stl", NULL}))
		return u | U_STORE;
	if (starts(m, (const char *const[]){"mul", "mla", "mls", "umull", "smull", "umlal", "smlal",
					    "smla", "smlsd", "smlsld", "smuad", "smusd", "smul",
					    "smmla", "smmls", "smmul", "umaal", NULL}))
		return u | U_MAC;
	if (cls == 1 ||
	    starts(m, (const char *const[]){"sxt", "uxt", "rev", "rbit", "bfc", "bfi", "ubfx",
					    "sbfx", "clz", "usat", "ssat", NULL}))
		return u | U_SLOT0 | U_SHIFT;
	return u;
}

/* One instruction's registers, read and written (Capstone's list, with the
   flags). */
typedef struct regs {
	cs_regs read, write;
	uint8_t n_read, n_write;
} regs;

static bool
shares(const uint16_t *a, uint8_t na, const uint16_t *b, uint8_t nb)
{
	for (uint8_t i = 0; i < na; i++)
		for (uint8_t j = 0; j < nb; j++)
			if (a[i] == b[j])
				return true;
	return false;
}

/* Can b issue in the same cycle as a, the instruction before it? */
static bool
pairs(unsigned ua, const regs *ra, unsigned ub, const regs *rb)
{
	if ((ua | ub) & U_SINGLE || ub & U_SLOT0 || ua & U_BRANCH)
		return false;
	if (ua & ub & U_ONE_EACH)
		return false;
	return !shares(rb->read, rb->n_read, ra->write, ra->n_write) &&
	       !shares(rb->write, rb->n_write, ra->write, ra->n_write);
}

static void
on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	(void)id;
	size_t n = qemu_plugin_tb_n_insns(tb);
	block *b = calloc(1, sizeof *b);
	if (!b || n == 0) {
		free(b);
		return;
	}
	b->start = qemu_plugin_tb_vaddr(tb);
	bool pipe = false;
	/* the instruction before, for dual issue: its units, registers, cost;
	   open = it may take a second instruction into its cycle */
	regs r[2];
	unsigned prev_units = U_SINGLE, prev_cyc = 0;
	bool open = false;
	int cur = 0;
	for (size_t i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
		const uint8_t *code = qemu_plugin_insn_data(insn);
		size_t size = qemu_plugin_insn_size(insn);
		uint64_t addr = qemu_plugin_insn_vaddr(insn);
		b->next = addr + size;
		b->insns++;
		if (size == 4 && (unsigned)(code[0] | code[1] << 8) == CS_MCU_MARK_HW1 &&
		    (unsigned)(code[2] | code[3] << 8) == CS_MCU_MARK_HW2)
			qemu_plugin_register_vcpu_insn_exec_cb(insn, on_marker, CS_QEMU_CB_NO_REGS,
							       NULL);
		cs_insn *in = NULL;
		int cls = 0;
		unsigned cyc = cost[R_ALU], mem = 0;
		bool branch = false;
		unsigned units = U_SINGLE;
		if (cs_disasm(capstone, code, size, addr, 1, &in) == 1) {
			classify(in, &cls, &cyc, &mem, &branch, &pipe);
			if (cost[R_DUAL_ISSUE] == 2) {
				regs *rc = &r[cur];
				if (cs_regs_access(capstone, in, rc->read, &rc->n_read, rc->write,
						   &rc->n_write) == CS_ERR_OK)
					units = issue_units(in, cls, branch);
			}
			cs_free(in, 1);
		} else {
			pipe = false;
		}
		if (open && cyc == 1 && prev_cyc == 1 &&
		    pairs(prev_units, &r[cur ^ 1], units, &r[cur])) {
			cyc = 0; /* in the cycle of the one before */
			open = false;
		} else {
			open = !(units & U_SINGLE);
		}
		prev_units = units;
		prev_cyc = cyc == 0 ? 1 : cyc;
		cur ^= 1;
		b->classes[cls]++;
		b->cycles += cyc;
		b->mem += mem;
		b->branch = branch; /* the last instruction's, in the end */
	}
	b->link = blocks;
	blocks = b;
	qemu_plugin_register_vcpu_tb_exec_cb(tb, on_block, CS_QEMU_CB_NO_REGS, b);
}

static void
at_exit(qemu_plugin_id_t id, void *data)
{
	(void)id;
	(void)data;
	while (blocks) {
		block *b = blocks;
		blocks = b->link;
		free(b);
	}
	cs_close(&capstone);
	if (out_fd >= 0)
		close(out_fd);
}

/* The cost table: every rule once, cycles 1..1000. */
static int
read_costs(const char *path, char *why, size_t n)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		snprintf(why, n, "cannot open the cost table %s", path);
		return -1;
	}
	bool seen[R_COUNT] = {false};
	char line[1024];
	int rc = 0, ln = 0;
	while (rc == 0 && fgets(line, sizeof line, f)) {
		ln++;
		if (line[0] == '#' || line[0] == '\n')
			continue;
		char *tab = strchr(line, '\t');
		char *end;
		int r = -1;
		if (tab) {
			*tab = '\0';
			for (int k = 0; k < R_COUNT; k++)
				if (strcmp(line, rule_names[k]) == 0)
					r = k;
		}
		unsigned long v = tab ? strtoul(tab + 1, &end, 10) : 0;
		unsigned long most = r == R_DUAL_ISSUE ? 2 : r == R_MULTIPLE_REGS ? 4 : 1000;
		if (r < 0 || seen[r] || v < 1 || v > most || *end != '\t') {
			snprintf(why, n,
				 "%s:%d: not 'rule<TAB>cycles<TAB>source' with a known rule "
				 "once and cycles 1..1000 (dual-issue 1..2, "
				 "multiple-regs-per-cycle 1..4)",
				 path, ln);
			rc = -1;
			break;
		}
		seen[r] = true;
		cost[r] = (unsigned)v;
	}
	fclose(f);
	if (!seen[R_DUAL_ISSUE])
		cost[R_DUAL_ISSUE] = 1;
	if (!seen[R_MULTIPLE_REGS])
		cost[R_MULTIPLE_REGS] = 1;
	for (int k = 0; rc == 0 && k < R_DUAL_ISSUE; k++)
		if (!seen[k]) {
			snprintf(why, n, "%s: no row for '%s'", path, rule_names[k]);
			rc = -1;
		}
	return rc;
}

CS_QEMU_EXPORT int
qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc, char **argv)
{
	const char *out = NULL, *costs = NULL;
	char why[512];
	if (!info->system_emulation || strcmp(info->target_name, "arm") != 0) {
		qemu_plugin_outs("cryptospeed-mcu-count: for qemu-system-arm only\n");
		return -1;
	}
	for (int i = 0; i < argc; i++) {
		if (strncmp(argv[i], "out=", 4) == 0)
			out = argv[i] + 4;
		else if (strncmp(argv[i], "costs=", 6) == 0)
			costs = argv[i] + 6;
		else {
			snprintf(why, sizeof why,
				 "cryptospeed-mcu-count: unknown argument '%s' (accepted: "
				 "out=FILE, "
				 "costs=FILE)\n",
				 argv[i]);
			qemu_plugin_outs(why);
			return -1;
		}
	}
	if (!out || !costs) {
		qemu_plugin_outs("cryptospeed-mcu-count: needs out=FILE and costs=FILE\n");
		return -1;
	}
	if (read_costs(costs, why, sizeof why - 1) != 0) {
		strcat(why, "\n");
		qemu_plugin_outs(why);
		return -1;
	}
	out_fd = open(out, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (out_fd < 0) {
		qemu_plugin_outs("cryptospeed-mcu-count: cannot create the counters file\n");
		return -1;
	}
	if (cs_open(CS_ARCH_ARM, CS_MODE_THUMB | CS_MODE_MCLASS, &capstone) != CS_ERR_OK) {
		qemu_plugin_outs("cryptospeed-mcu-count: Capstone has no Thumb M-class decoder\n");
		return -1;
	}
	cs_option(capstone, CS_OPT_DETAIL, CS_OPT_ON);
	qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
	qemu_plugin_register_atexit_cb(id, at_exit, NULL);
	return 0;
}
