/* The per-block pipeline model (pipeline.h, docs/estimates.md). */
#include <capstone/capstone.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pipeline.h"
#include "tsv.h"

/* Instructions of one block, at most (qemu's blocks hold up to 512). */
#define PIPE_BLOCK_MAX 1024
/* Register numbers Capstone uses, below this. */
#define PIPE_REGS 1024

static int
kind_of(const cs_pipe_table *t, const char *name)
{
	for (int i = 0; i < t->n_kinds; i++)
		if (strcmp(t->kinds[i].name, name) == 0)
			return i;
	return -1;
}

/* Number the core's pipes: a kind that shares another's begins with its
   pipes (an inner kind is numbered first, whatever the order of lines). */
static void
number_units(cs_pipe_table *t)
{
	t->n_units = 0;
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < t->n_kinds; i++) {
			int in = t->kinds[i].shares;
			if ((in >= 0) != (pass == 1))
				continue;
			int u = 0;
			for (; in >= 0 && u < t->kinds[in].count; u++)
				t->kinds[i].unit[u] = t->kinds[in].unit[u];
			for (; u < t->kinds[i].count; u++)
				t->kinds[i].unit[u] = t->n_units++;
		}
}

int
cs_pipe_table_parse(const char *text, const char *name, cs_pipe_table *t, char *why, size_t n)
{
	memset(t, 0, sizeof *t);
	cs_tsv rd;
	int got;
	if (cs_tsv_begin(&rd, text, name, why, n) != 0)
		return -1;
	while ((got = cs_tsv_next(&rd, why, n)) == 1) {
		char(*f)[CS_TSV_FIELD_SIZE] = rd.f;
		size_t k = rd.n;
		double a = 0, b = 0;
		const char *bad = NULL;
		if (strcmp(f[0], "core") == 0 && k == 4) {
			snprintf(t->core, sizeof t->core, "%.31s", f[1]);
			snprintf(t->version, sizeof t->version, "%.31s", f[2]);
		} else if (strcmp(f[0], "issue") == 0 && k == 4) {
			if (strcmp(f[1], "inorder") != 0 && strcmp(f[1], "ooo") != 0)
				bad = "issue model (accepted: inorder, ooo)";
			else if (cs_tsv_number(&rd, 2, 1, 8, &a) != 0 || a != (int)a)
				bad = "issue width (accepted: 1 to 8)";
			t->inorder = strcmp(f[1], "inorder") == 0;
			t->width = (int)a;
		} else if (strcmp(f[0], "pipe") == 0 && k == 4) {
			if (t->n_kinds == CS_PIPE_KINDS_MAX || kind_of(t, f[1]) >= 0 || !*f[1] ||
			    strlen(f[1]) >= sizeof t->kinds[0].name)
				bad = "pipe name (new, short, at most 16 kinds)";
			else if (cs_tsv_number(&rd, 2, 1, 16, &a) != 0 || a != (int)a)
				bad = "pipe count (accepted: 1 to 16)";
			else {
				snprintf(t->kinds[t->n_kinds].name, sizeof t->kinds[0].name,
					 "%.15s", f[1]);
				t->kinds[t->n_kinds].shares = -1;
				t->kinds[t->n_kinds++].count = (int)a;
			}
		} else if (strcmp(f[0], "share") == 0 && k == 4) {
			int outer = kind_of(t, f[1]), inner = kind_of(t, f[2]);
			if (outer < 0 || inner < 0 || outer == inner ||
			    t->kinds[outer].shares >= 0 || t->kinds[inner].shares >= 0 ||
			    t->kinds[inner].count > t->kinds[outer].count)
				bad = "share (two declared pipes, the second no more than "
				      "the first, each shared once)";
			else
				t->kinds[outer].shares = inner;
		} else if (strcmp(f[0], "error") == 0 && k == 3) {
			if (cs_tsv_number(&rd, 1, 1, 10, &a) != 0)
				bad = "error (accepted: a factor from 1 to 10)";
			t->error = a;
		} else if (strcmp(f[0], "window") == 0 && k == 3) {
			if (cs_tsv_number(&rd, 1, 1, 1024, &a) != 0 || a != (int)a)
				bad = "window (accepted: 1 to 1024)";
			t->window = (int)a;
		} else if (strcmp(f[0], "insn") == 0 && k == 6) {
			cs_pipe_row *r = &t->rows[t->n_rows];
			if (t->n_rows == CS_PIPE_ROWS_MAX || !*f[1] ||
			    strlen(f[1]) >= sizeof r->pattern)
				bad = "pattern (short, at most 256 rows)";
			else if ((r->pipe = kind_of(t, f[2])) < 0)
				bad = "pipe (declare it with a pipe line first)";
			else if (cs_tsv_number(&rd, 3, 0, 100, &a) != 0 ||
				 cs_tsv_number(&rd, 4, 0.25, 100, &b) != 0)
				bad = "latency (0 to 100) or occupancy (0.25 to 100)";
			else {
				for (size_t i = 0; i < t->n_rows; i++)
					if (strcmp(t->rows[i].pattern, f[1]) == 0)
						bad = "pattern given twice";
				snprintf(r->pattern, sizeof r->pattern, "%.31s", f[1]);
				r->latency = a;
				r->occupancy = b;
				if (!bad)
					t->n_rows++;
			}
		} else if (strcmp(f[0], "fuse") == 0 && k == 6) {
			if (t->n_fuse == CS_PIPE_FUSE_MAX)
				bad = "fuse (at most 8)";
			else if (cs_tsv_number(&rd, 3, 0, 100, &a) != 0 ||
				 cs_tsv_number(&rd, 4, 0.25, 100, &b) != 0)
				bad = "fuse latency (0 to 100) or occupancy (0.25 to 100)";
			else {
				t->fuse[t->n_fuse].latency = a;
				t->fuse[t->n_fuse].occupancy = b;
				snprintf(t->fuse[t->n_fuse].first, sizeof t->fuse[0].first, "%.15s",
					 f[1]);
				snprintf(t->fuse[t->n_fuse].second, sizeof t->fuse[0].second,
					 "%.15s", f[2]);
				t->n_fuse++;
			}
		} else
			bad = "record (accepted: core, issue, pipe, share, window, error, "
			      "insn, fuse, each with its fields and a source last)";
		if (!bad && !*f[k - 1])
			bad = "source (every record names its source)";
		if (bad) {
			snprintf(why, n, "%s line %lld: bad %s", name, rd.line, bad);
			return -1;
		}
	}
	if (got < 0)
		return -1;
	if (!*t->core || t->width == 0 || t->n_rows == 0) {
		snprintf(why, n, "%s: needs a core line, an issue line and insn rows", name);
		return -1;
	}
	for (int i = 0; i < t->n_kinds; i++)
		if (t->kinds[i].shares >= 0 && t->kinds[t->kinds[i].shares].shares >= 0) {
			snprintf(why, n, "%s: pipe %s shares %s, which shares another", name,
				 t->kinds[i].name, t->kinds[t->kinds[i].shares].name);
			return -1;
		}
	if (t->window == 0)
		t->window = 128;
	number_units(t);
	return 0;
}

int
cs_pipe_table_load(const char *dir, const char *core, cs_pipe_table *t, char *why, size_t n)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s.pipe.tsv", dir, core);
	char *text;
	if (cs_tsv_read(path, "pipeline table", core, &text, why, n) != 0)
		return -1;
	int rc = cs_pipe_table_parse(text, path, t, why, n);
	free(text);
	return rc;
}

/* The row of an instruction (NULL when none matches): its form with a
   shifted register operand (mnemonic/s), with a 64-bit general register
   first operand (mnemonic/x) or with a 128-bit vector operand (mnemonic/q) first,
   then the mnemonic, then the longest prefix. */
static const cs_pipe_row *
row_of(const cs_pipe_table *t, const char *mnemonic, bool q, bool shifted, bool x)
{
	char key[48];
	const cs_pipe_row *best = NULL;
	size_t best_len = 0;
	snprintf(key, sizeof key, "%s/s", mnemonic);
	for (size_t i = 0; i < t->n_rows; i++)
		if (shifted && strcmp(t->rows[i].pattern, key) == 0)
			return &t->rows[i];
	snprintf(key, sizeof key, "%s/x", mnemonic);
	for (size_t i = 0; i < t->n_rows; i++)
		if (x && strcmp(t->rows[i].pattern, key) == 0)
			return &t->rows[i];
	snprintf(key, sizeof key, "%s/q", mnemonic);
	for (size_t i = 0; i < t->n_rows; i++)
		if (q && strcmp(t->rows[i].pattern, key) == 0)
			return &t->rows[i];
	for (size_t i = 0; i < t->n_rows; i++)
		if (strcmp(t->rows[i].pattern, mnemonic) == 0)
			return &t->rows[i];
	for (size_t i = 0; i < t->n_rows; i++) {
		const char *pat = t->rows[i].pattern;
		size_t len = strlen(pat);
		if (len > 1 && pat[len - 1] == '*' && strncmp(pat, mnemonic, len - 1) == 0 &&
		    len > best_len) {
			best = &t->rows[i];
			best_len = len;
		}
	}
	return best;
}

/* One name per architectural register: Capstone names the views of one
   register apart (q0, d0, s0, v0; w1, x1), and a dependency goes through
   whichever view the producer and the consumer use. */
static unsigned
reg_key(unsigned r)
{
	static const unsigned views[] = {ARM64_REG_B0, ARM64_REG_H0, ARM64_REG_S0, ARM64_REG_D0,
					 ARM64_REG_Q0};
	for (size_t i = 0; i < sizeof views / sizeof views[0]; i++)
		if (r >= views[i] && r < views[i] + 32)
			return ARM64_REG_V0 + (r - views[i]);
	if (r >= ARM64_REG_W0 && r <= ARM64_REG_W28)
		return ARM64_REG_X0 + (r - ARM64_REG_W0);
	if (r == ARM64_REG_W29)
		return ARM64_REG_X29;
	if (r == ARM64_REG_W30)
		return ARM64_REG_X30;
	if (r == ARM64_REG_WZR)
		return ARM64_REG_XZR;
	if (r == ARM64_REG_WSP)
		return ARM64_REG_SP;
	return r;
}

/* One decoded instruction of a block. */
typedef struct pipe_insn {
	const cs_pipe_row *row;
	uint16_t rd[24], wr[24];
	uint8_t n_rd, n_wr;
	bool fused;	 /* issues with the previous one (a fusion pair's second) */
	bool first;	 /* a fusion pair's first */
	double pair_lat; /* fused: the pair's latency */
	double pair_occ; /* first: the pair's occupancy of its pipe */
} pipe_insn;

/* The block's instructions; -1 with why when Capstone cannot decode it. */
static int
decode(const cs_pipe_table *t, const uint8_t *code, size_t size, uint64_t addr, pipe_insn *out,
       size_t *n_out, size_t *modelled, char *why, size_t n)
{
	csh h;
	cs_insn *insn = NULL;
	if (cs_open(CS_ARCH_ARM64, CS_MODE_ARM, &h) != CS_ERR_OK) {
		snprintf(why, n, "Capstone: cannot open an AArch64 decoder");
		return -1;
	}
	cs_option(h, CS_OPT_DETAIL, CS_OPT_ON);
	size_t count = cs_disasm(h, code, size, addr, 0, &insn);
	if (count * 4 != size || count > PIPE_BLOCK_MAX) {
		snprintf(why, n, "block at %#llx: %zu of %zu bytes decode",
			 (unsigned long long)addr, count * 4, size);
		if (insn)
			cs_free(insn, count);
		cs_close(&h);
		return -1;
	}
	*modelled = 0;
	for (size_t i = 0; i < count; i++) {
		pipe_insn *p = &out[i];
		memset(p, 0, sizeof *p);
		bool q = strstr(insn[i].op_str, ".16b") || strstr(insn[i].op_str, ".8h") ||
			 strstr(insn[i].op_str, ".4s") || strstr(insn[i].op_str, ".2d") ||
			 insn[i].op_str[0] == 'q';
		/* a general register operand shifted by a nonzero amount
		   (eor x0, x1, x2, ror #18) */
		bool shifted = false;
		const cs_arm64 *a = &insn[i].detail->arm64;
		for (uint8_t k = 0; k < a->op_count; k++)
			if (a->operands[k].type == ARM64_OP_REG &&
			    a->operands[k].shift.type != ARM64_SFT_INVALID &&
			    a->operands[k].shift.value != 0)
				shifted = true;
		bool x = a->op_count > 0 && a->operands[0].type == ARM64_OP_REG &&
			 ((a->operands[0].reg >= ARM64_REG_X0 &&
			   a->operands[0].reg <= ARM64_REG_X28) ||
			  a->operands[0].reg == ARM64_REG_X29 ||
			  a->operands[0].reg == ARM64_REG_X30);
		p->row = row_of(t, insn[i].mnemonic, q, shifted, x);
		if (p->row && p->row->pattern[strlen(p->row->pattern) - 1] != '*')
			(*modelled)++;
		else if (p->row)
			(*modelled)++; /* a group row covers it */
		cs_regs rd, wr;
		uint8_t nr = 0, nw = 0;
		if (cs_regs_access(h, &insn[i], rd, &nr, wr, &nw) == CS_ERR_OK) {
			for (uint8_t k = 0; k < nr && p->n_rd < 24; k++)
				if (reg_key(rd[k]) < PIPE_REGS)
					p->rd[p->n_rd++] = (uint16_t)reg_key(rd[k]);
			for (uint8_t k = 0; k < nw && p->n_wr < 24; k++)
				if (reg_key(wr[k]) < PIPE_REGS)
					p->wr[p->n_wr++] = (uint16_t)reg_key(wr[k]);
		}
		for (size_t f = 0; i > 0 && f < t->n_fuse; f++)
			if (strcmp(insn[i].mnemonic, t->fuse[f].second) == 0 &&
			    strcmp(insn[i - 1].mnemonic, t->fuse[f].first) == 0 &&
			    !out[i - 1].fused && !p->fused) {
				p->fused = true;
				p->pair_lat = t->fuse[f].latency;
				out[i - 1].first = true;
				out[i - 1].pair_occ = t->fuse[f].occupancy;
			}
	}
	*n_out = count;
	cs_free(insn, count);
	cs_close(&h);
	return 0;
}

/* The free pipe of kind that frees first. */
static int
pick_unit(const cs_pipe_table *t, const double *busy, int kind)
{
	int best = t->kinds[kind].unit[0];
	for (int u = 1; u < t->kinds[kind].count && u < 16; u++)
		if (busy[t->kinds[kind].unit[u]] < busy[best])
			best = t->kinds[kind].unit[u];
	return best;
}

/* In order: cycle of each issue over two executions; the second's length. */
static double
inorder_cycles(const cs_pipe_table *t, const pipe_insn *in, size_t count, const cs_pipe_row *other)
{
	static double ready[PIPE_REGS];
	double busy[CS_PIPE_KINDS_MAX * 16];
	memset(ready, 0, sizeof ready);
	memset(busy, 0, sizeof busy);
	double cycle = 0, end1 = 0;
	int slots = 0;
	for (int rep = 0; rep < 2; rep++) {
		for (size_t i = 0; i < count; i++) {
			const cs_pipe_row *r = in[i].row ? in[i].row : other;
			double at = cycle;
			for (uint8_t k = 0; k < in[i].n_rd; k++)
				if (ready[in[i].rd[k]] > at && !in[i].fused)
					at = ready[in[i].rd[k]];
			int unit = pick_unit(t, busy, r->pipe);
			if (!in[i].fused && busy[unit] > at)
				at = busy[unit];
			if (in[i].fused)
				at = cycle; /* issues with its pair's first */
			else if (at > cycle || slots >= t->width) {
				at = at > cycle ? at : cycle + 1;
				slots = 0;
			}
			at = (double)(long long)(at + 0.999);
			if (at > cycle)
				slots = 0;
			cycle = at;
			if (!in[i].fused)
				slots++;
			if (!in[i].fused)
				busy[unit] = at + (in[i].first ? in[i].pair_occ : r->occupancy);
			for (uint8_t k = 0; k < in[i].n_wr; k++)
				ready[in[i].wr[k]] =
					at + (in[i].fused ? in[i].pair_lat : r->latency);
		}
		if (rep == 0)
			end1 = cycle;
	}
	return cycle - end1;
}

/* Out of order: the block repeated OOO_REPS times through a simulated core. */
#define OOO_REPS 8
#define OOO_MAX (OOO_REPS * PIPE_BLOCK_MAX)

/* Where each source of each instruction comes from: the index of its
   producer in the block and whether that is in the previous execution
   (-1: written before the block). */
static void
producers(const pipe_insn *in, size_t count, int16_t (*from)[24], bool (*prev)[24])
{
	static int16_t last[PIPE_REGS];
	for (size_t i = 0; i < PIPE_REGS; i++)
		last[i] = -1;
	for (int rep = 0; rep < 2; rep++)
		for (size_t i = 0; i < count; i++) {
			for (uint8_t k = 0; k < in[i].n_rd; k++) {
				int16_t p = last[in[i].rd[k]];
				if (rep == 1 && (p < 0 || (size_t)p >= i || from[i][k] < 0)) {
					from[i][k] = p;
					prev[i][k] = p >= 0 && (size_t)p >= i;
				} else if (rep == 0) {
					from[i][k] = p;
					prev[i][k] = false;
				}
			}
			for (uint8_t k = 0; k < in[i].n_wr; k++)
				last[in[i].wr[k]] = (int16_t)i;
		}
}

static double
ooo_cycles(const cs_pipe_table *t, const pipe_insn *in, size_t count, const cs_pipe_row *other)
{
	static int16_t from[PIPE_BLOCK_MAX][24];
	static bool prev[PIPE_BLOCK_MAX][24];
	static double done[OOO_MAX]; /* result time, once issued */
	static bool issued[OOO_MAX];
	double busy[CS_PIPE_KINDS_MAX * 16] = {0};
	double finish[OOO_REPS] = {0};
	producers(in, count, from, prev);
	size_t total = OOO_REPS * count, disp = 0, ret = 0;
	memset(issued, 0, total * sizeof issued[0]);
	for (long long c = 0; ret < total && c < 100000000; c++) {
		/* retire in order, then dispatch, WIDTH of each a cycle */
		for (int w = 0; w < t->width && ret < disp && issued[ret] && done[ret] <= c;) {
			size_t i = ret % count;
			if (!in[i].fused)
				w++;
			ret++;
		}
		for (int w = 0; w < t->width && disp < total && disp - ret < (size_t)t->window;) {
			if (!in[disp % count].fused)
				w++;
			disp++;
		}
		for (size_t d = ret; d < disp; d++) {
			size_t i = d % count, rep = d / count;
			if (issued[d] || in[i].fused)
				continue;
			bool ok = true;
			for (uint8_t k = 0; k < in[i].n_rd && ok; k++) {
				if (from[i][k] < 0 || (prev[i][k] && rep == 0))
					continue;
				size_t p =
					(rep - (prev[i][k] ? 1 : 0)) * count + (size_t)from[i][k];
				ok = issued[p] && done[p] <= c;
			}
			const cs_pipe_row *r = in[i].row ? in[i].row : other;
			int unit = pick_unit(t, busy, r->pipe);
			if (!ok || busy[unit] >= c + 1 - 1e-9)
				continue;
			busy[unit] = (busy[unit] > c ? busy[unit] : c) +
				     (in[i].first ? in[i].pair_occ : r->occupancy);
			issued[d] = true;
			done[d] = c + (r->latency > 1 ? r->latency : 1);
			if (in[i].first && d + 1 < total) { /* the pair issues as one */
				issued[d + 1] = true;
				done[d + 1] = c + in[(i + 1) % count].pair_lat;
				done[d] = done[d + 1];
			}
			if (done[d] > finish[rep])
				finish[rep] = done[d];
		}
	}
	for (int r = 1; r < OOO_REPS; r++)
		if (finish[r] < finish[r - 1])
			finish[r] = finish[r - 1];
	return (finish[OOO_REPS - 1] - finish[OOO_REPS / 2 - 1]) / (OOO_REPS / 2);
}

int
cs_pipe_block(const cs_pipe_table *t, const char *mode, const uint8_t *code, size_t size,
	      uint64_t addr, double *cycles, size_t *insns, size_t *modelled, char *why, size_t n)
{
	static pipe_insn in[PIPE_BLOCK_MAX];
	if (strcmp(mode, "a64") != 0) {
		snprintf(why, n, "block at %#llx: %s code (the model reads a64 only)",
			 (unsigned long long)addr, mode);
		return -1;
	}
	size_t count = 0;
	if (decode(t, code, size, addr, in, &count, modelled, why, n) != 0)
		return -1;
	/* an instruction without a row: one cycle on the first pipe */
	static const cs_pipe_row other = {"?", 0, 1, 1};
	*insns = count;
	*cycles = t->inorder ? inorder_cycles(t, in, count, &other)
			     : ooo_cycles(t, in, count, &other);
	return 0;
}
