/* The terminal matrix: a block per algorithm and operation, rows lib/path[/mask],
   columns sizes, MB/s (10^6 B/s) or op/s, a hw column from evidence. With
   several sources, each row label is repeated once per source ([1], [2]...). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conform.h"
#include "cpu.h"
#include "escape.h"
#include "report.h"

#define MISSING "\xe2\x80\x94" /* an em dash: no such cell in this source */

/* A block whose rows are all the noop harness probe shows ns per op. */
static bool
all_noop(const cs_mblock *b)
{
	for (size_t r = 0; r < b->n_rows; r++)
		if (strncmp(b->rows[r].label, "noop/", 5) != 0)
			return false;
	return b->n_rows > 0;
}

static double
ns_per_op(const cs_res_cell *c)
{
	if (c->has_ns)
		return c->ns.median;
	return (c->bytes ? (double)c->size : 1) * 1e9 / c->rate.median;
}

static void
cell_text(const cs_res_cell *c, bool ns_unit, double precision, char *buf, size_t n, int *marks)
{
	if (!c->ok) {
		snprintf(buf, n, "%s", cs_report_status_word(c->status));
		return;
	}
	double v = ns_unit ? ns_per_op(c) : c->rate.median / (c->bytes ? 1e6 : 1);
	char num[48];
	cs_report_number(v, num, sizeof num);
	const char *flag = c->agree == 0 ? "!" : "";
	if (c->agree == 0)
		*marks |= 1;
	if (c->imported)
		*marks |= 2;
	double rel = c->ci95_rel;
	if (rel > precision && isfinite(rel))
		snprintf(buf, n, "%s%s±%.0f%%", num, flag, rel * 100 < 1 ? 1 : rel * 100);
	else
		snprintf(buf, n, "%s%s", num, flag);
}

/* Display width of UTF-8 text (± and — are several bytes, one column). */
static int
width(const char *s)
{
	int w = 0;
	for (; *s; s++)
		w += ((unsigned char)*s & 0xc0) != 0x80;
	return w;
}

static void
pad_print(FILE *f, const char *s, int w)
{
	for (int i = width(s); i < w; i++)
		fputc(' ', f);
	fputs(s, f);
}

static void print_pmu(FILE *f, const cs_matrix *m, const cs_mblock *b, int lw);

static void
print_block(FILE *f, const cs_matrix *m, const cs_mblock *b, double precision, int *marks)
{
	bool ns_unit = all_noop(b), multi = m->n_sources > 1;
	int lw = 8;
	char label[CS_RES_LABEL_MAX + 32];
	for (size_t r = 0; r < b->n_rows; r++)
		if (width(cs_esc_term(b->rows[r].label)) + (multi ? 5 : 0) > lw)
			lw = width(cs_esc_term(b->rows[r].label)) + (multi ? 5 : 0);
	fprintf(f, "\n%s %s  (%s)\n", cs_esc_term(b->alg), cs_esc_term(b->op),
		ns_unit	    ? "ns per operation: the harness's own cost"
		: !b->bytes ? "operations per second"
			    : "MB/s = 10^6 bytes per second");
	fprintf(f, "%-*s", lw, "lib/path");
	char head[48];
	for (size_t k = 0; k < b->n_sizes; k++) {
		if (!b->bytes && b->n_sizes == 1)
			snprintf(head, sizeof head, "%s", ns_unit ? "ns/op" : "op/s");
		else
			snprintf(head, sizeof head, "%lld B", b->sizes[k]);
		pad_print(f, head, 13);
	}
	bool conform = cs_conform_in_matrix(m);
	if (conform)
		pad_print(f, "conform", 13);
	fprintf(f, "  hw\n");
	for (size_t r = 0; r < b->n_rows; r++) {
		const cs_mrow *row = &b->rows[r];
		for (size_t s = 0; s < m->n_sources; s++) {
			if (!b->rows[r].any[s]) /* this source has no cell in the row */
				continue;
			if (multi)
				snprintf(label, sizeof label, "[%zu] %s", s + 1,
					 cs_esc_term(row->label));
			else
				snprintf(label, sizeof label, "%s", cs_esc_term(row->label));
			fprintf(f, "%s", label);
			for (int i = width(label); i < lw; i++)
				fputc(' ', f);
			for (size_t k = 0; k < b->n_sizes; k++) {
				const cs_res_cell *c = cs_matrix_at(b, row, s, k);
				char text[80] = MISSING;
				if (c)
					cell_text(c, ns_unit, precision, text, sizeof text, marks);
				pad_print(f, text, 13);
			}
			char word[64] = MISSING;
			if (conform &&
			    !cs_conform_word(m->sources[s].file, row->any[s], word, sizeof word))
				snprintf(word, sizeof word, MISSING);
			if (conform)
				pad_print(f, word, 13);
			char hw[256] = MISSING;
			if (row->any[s])
				cs_report_hw(row->any[s], hw, sizeof hw);
			fprintf(f, "  %s\n", cs_esc_term(hw));
		}
	}
	print_pmu(f, m, b, lw);
}

/* run --pmu: the block's rows again with the timing lane's own counters,
   instructions:u / cycles:u per op (the mean over the timed batches), when a
   cell of the block has them. */
static void
print_pmu(FILE *f, const cs_matrix *m, const cs_mblock *b, int lw)
{
	bool any = false;
	for (size_t r = 0; r < b->n_rows && !any; r++)
		for (size_t s = 0; s < m->n_sources && !any; s++)
			for (size_t k = 0; k < b->n_sizes && !any; k++) {
				const cs_res_cell *c = cs_matrix_at(b, &b->rows[r], s, k);
				any = c && c->pmu_ops > 0;
			}
	if (!any)
		return;
	fprintf(f, "PMU: instructions:u / cycles:u per op (this machine's counters, timed "
		   "batches)\n");
	fprintf(f, "%-*s", lw, "lib/path");
	char text[112];
	for (size_t k = 0; k < b->n_sizes; k++) {
		snprintf(text, sizeof text, "%lld B", b->sizes[k]);
		pad_print(f, b->bytes || b->n_sizes > 1 ? text : "per op", 22);
	}
	fputc('\n', f);
	for (size_t r = 0; r < b->n_rows; r++) {
		const cs_mrow *row = &b->rows[r];
		for (size_t s = 0; s < m->n_sources; s++) {
			if (!row->any[s])
				continue;
			char label[CS_RES_LABEL_MAX + 32];
			if (m->n_sources > 1)
				snprintf(label, sizeof label, "[%zu] %s", s + 1,
					 cs_esc_term(row->label));
			else
				snprintf(label, sizeof label, "%s", cs_esc_term(row->label));
			fprintf(f, "%s", label);
			for (int i = width(label); i < lw; i++)
				fputc(' ', f);
			for (size_t k = 0; k < b->n_sizes; k++) {
				const cs_res_cell *c = cs_matrix_at(b, row, s, k);
				char in[48], cy[48];
				snprintf(text, sizeof text, MISSING);
				if (c && c->pmu_ops > 0) {
					cs_report_number(c->pmu_insns_per_op, in, sizeof in);
					cs_report_number(c->pmu_cycles_per_op, cy, sizeof cy);
					snprintf(text, sizeof text, "%s / %s", in, cy);
				}
				pad_print(f, text, 22);
			}
			fputc('\n', f);
		}
	}
}

/* One rank row to a text table whose lib/path column is lw wide. */
typedef struct rank_out {
	FILE *f; /* where */
	int lw;	 /* lib/path column width */
} rank_out;

static cs_rank_row_func print_rank_row;
static void
print_rank_row(void *arg, const cs_rank_row *row)
{
	const rank_out *o = arg;
	char num[48], ratio[32];
	if (row->place) {
		cs_report_number(row->rate, num, sizeof num);
		snprintf(ratio, sizeof ratio, "%.2fx", row->e->ratio);
	} else {
		snprintf(num, sizeof num, "%s", row->why);
		snprintf(ratio, sizeof ratio, "-");
	}
	if (*row->group)
		fprintf(o->f, "  %-9s %s:\n", row->size, cs_esc_term(row->group));
	fprintf(o->f, "  %-9s ", *row->group ? "" : row->size);
	char place[24] = "";
	if (row->place)
		snprintf(place, sizeof place, "%s%zu", row->tie ? "=" : "", row->place);
	fprintf(o->f, "%3s", place);
	const char *label = cs_esc_term(row->label);
	fprintf(o->f, "  %s", label);
	for (int w = width(label); w < o->lw; w++)
		fputc(' ', o->f);
	fprintf(o->f, " %12s %8s  %s\n", num, ratio, cs_esc_term(row->hw));
}

/* The rank view of one block: per size, fastest first, ratio to the best, hw. */
static void
print_rank(FILE *f, const cs_matrix *m, const cs_mblock *b)
{
	int lw = 8;
	for (size_t r = 0; r < b->n_rows; r++)
		if (width(cs_esc_term(b->rows[r].label)) + (m->n_sources > 1 ? 5 : 0) > lw)
			lw = width(cs_esc_term(b->rows[r].label)) + (m->n_sources > 1 ? 5 : 0);
	if (cs_conform_in_matrix(m))
		lw += 14; /* room for " !INVALID(N)" */
	char *verdict = cs_rank_verdict(m, b);
	fprintf(f, "\n%s %s: %s\n", cs_esc_term(b->alg), cs_esc_term(b->op),
		cs_esc_term(verdict ? verdict : "out of memory"));
	free(verdict);
	fprintf(f, "  %-9s %3s  %-*s %12s %8s  %s\n", b->bytes ? "size" : "", "#", lw, "lib/path",
		b->bytes ? "MB/s" : "op/s", "vs best", "hw");
	cs_rank_each(m, b, print_rank_row, &(rank_out){.f = f, .lw = lw});
	fprintf(f, "  %s\n", cs_rules_text());
}

static void
print_header(FILE *f, const cs_res_file *r)
{
	char model[CS_RES_NAME_MAX + 1];
	snprintf(model, sizeof model, "%s", r->cpu_model);
	cs_cpu_squeeze(model);
	if (*r->cpu_model || *r->cpu_arch)
		fprintf(f, "cryptospeed %s on %s (%s, %lld CPUs)\n", cs_esc_term(r->tool_version),
			cs_esc_term(model), cs_esc_term(r->cpu_arch), r->cpus);
	else
		fprintf(f, "%s: no host facts (imported tables carry their own)\n",
			cs_esc_term(r->name));
	for (size_t i = 0; i < r->n_libs; i++) {
		/* each library build once (masks, variants, --multi share it), errors always */
		const cs_res_lib *l = &r->libs[i];
		bool seen = false;
		for (size_t j = 0; j < i; j++)
			seen |= strcmp(r->libs[j].name, l->name) == 0;
		if (seen && !l->error)
			continue;
		fprintf(f, "  %-16s %s\n", cs_esc_term(l->name),
			cs_esc_term(l->error	 ? l->error
				    : l->version ? l->version
						 : "?"));
	}
}

void
cs_report_text(const cs_res_file *const *files, size_t n, cs_view view, FILE *f)
{
	if (view == CS_VIEW_EVIDENCE) {
		cs_report_evidence(files, n, "text", f);
		return;
	}
	cs_matrix m;
	if (cs_matrix_build(&m, files, n) != 0) {
		fprintf(f, "out of memory\n");
		return;
	}
	for (size_t i = 0; i < n; i++)
		print_header(f, files[i]);
	fputc('\n', f);
	cs_report_summary(&m, "text", f);
	if (m.n_sources > 1) {
		fprintf(f, "\nsources:\n");
		for (size_t s = 0; s < m.n_sources; s++) {
			const cs_msource *src = &m.sources[s];
			fprintf(f, "  [%zu] %s  (%s", s + 1, cs_esc_term(src->src->label),
				cs_esc_term(src->file->name));
			if (src->src->imported)
				fprintf(f, ", imported from %s line %lld",
					cs_esc_term(src->src->file ? src->src->file : "?"),
					src->src->line);
			fprintf(f, ")\n");
		}
	}
	double precision = n ? files[0]->precision : 0.01;
	int marks = 0;
	for (size_t b = 0; b < m.n_blocks; b++) {
		if (view == CS_VIEW_RANK)
			print_rank(f, &m, &m.blocks[b]);
		else
			print_block(f, &m, &m.blocks[b], precision, &marks);
	}
	if (view == CS_VIEW_RANK)
		fprintf(f, "\nvs best: the fastest rate at that size divided by this one; the "
			   "verdict names the fastest per run of sizes.\n");
	fprintf(f,
		"\nmedian of timed batches; ±N%%: the 95%% confidence interval of the median is "
		"wider than the %.0f%% target.\n",
		precision * 100);
	fprintf(f, "n/a: this library/path has no such call; wrong: failed its known-answer "
		   "vectors, not timed.\n");
	if (m.n_sources > 1)
		fprintf(f, MISSING ": this source has no such cell.\n");
	if (view != CS_VIEW_RANK && cs_conform_in_matrix(&m))
		fprintf(f, "%s\n", cs_conform_note);
	if (view == CS_VIEW_RANK && cs_conform_in_matrix(&m))
		fprintf(f, "!INVALID(N): this lib/path accepted N invalid Wycheproof test vectors "
			   "of the algorithm (docs/conformance.md).\n");
	if (marks & 1)
		fprintf(f, "!: this cell's output disagrees with the other libraries on the same "
			   "input.\n");
	if (marks & 2)
		fprintf(f, "imported cells are one figure from another tool: no samples, no "
			   "interval, no hw evidence.\n");
	if (m.duplicates)
		fprintf(f,
			"%zu duplicate cells (same source, row, size) were not shown: the "
			"first of each is.\n",
			m.duplicates);
	for (size_t i = 0; i < n; i++)
		if (files[i]->interrupted)
			fprintf(f,
				"interrupted (%s): the numbers above are what was measured "
				"before the signal.\n",
				files[i]->name);
	cs_matrix_free(&m);
}
