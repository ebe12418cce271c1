/* The count block of a counting run (run --count, docs/counting.md): exact
   instructions per operation and per byte, memory accesses, the share of
   each instruction class. Cells in the file's order: a count is never ranked
   by time, and an emulated run's timings are never shown as rates. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "report.h"

/* The files of the report being made (cs_report_count_use). */
static const cs_res_file *const *report_files;
static size_t n_report_files;

void
cs_report_count_use(const cs_res_file *const *files, size_t n)
{
	report_files = files;
	n_report_files = n;
}

static bool
same(const char *a, const char *b)
{
	return strcmp(a ? a : "", b ? b : "") == 0;
}

/* Does the space-separated list have the word? */
static bool
has_word(const char *list, const char *word)
{
	size_t n = strlen(word);
	for (const char *p = list ? list : ""; (p = strstr(p, word)) != NULL; p += n)
		if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
			return true;
	return false;
}

/* Features an x86-64 counting run (qemu 7.2 TCG's 'max') does not offer: a
   timed host that has one may run another path than the one counted. */
static const char *const x86_not_counted[] = {"sha_ni",	  "avx512f", "avx512bw",
					      "avx512vl", "vpclmul", NULL};

/* Did the counted workers run what the timed file's host runs: the same
   architecture and the same crypto features (x86-64: none the emulated CPU
   lacks; ARM: the crypto extension present in both or in neither)? */
static bool
same_cpu(const cs_res_file *timed, const cs_res_file *counted)
{
	const cs_res_counting *k = &counted->counting;
	if (!*k->arch || !same(timed->cpu_arch, k->arch))
		return false;
	if (strcmp(k->arch, "x86_64") == 0) {
		for (const char *const *f = x86_not_counted; *f; f++)
			if (has_word(timed->cpu_features, *f))
				return false;
		return true;
	}
	bool masked = (*k->hwcap_clear && strtoul(k->hwcap_clear, NULL, 0) != 0) ||
		      (*k->hwcap2_clear && strtoul(k->hwcap2_clear, NULL, 0) != 0);
	return has_word(timed->cpu_features, "aes") == !masked;
}

const cs_res_count *
cs_report_count_for(const cs_res_cell *cell)
{
	const cs_res_file *timed = NULL;
	for (size_t i = 0; i < n_report_files && !timed; i++) {
		const cs_res_file *f = report_files[i];
		if (!f->counting.present && cell >= f->cells && cell < f->cells + f->n_cells)
			timed = f;
	}
	if (!timed || timed->emulation.emulated)
		return NULL;
	for (size_t i = 0; i < n_report_files; i++) {
		const cs_res_file *f = report_files[i];
		if (!f->counting.present || !same_cpu(timed, f))
			continue;
		for (size_t j = 0; j < f->n_cells; j++) {
			const cs_res_cell *c = &f->cells[j];
			if (c->count.present && c->size == cell->size && same(c->lib, cell->lib) &&
			    same(c->path, cell->path) && same(c->mask, cell->mask) &&
			    same(c->variant, cell->variant) && same(c->alg, cell->alg) &&
			    same(c->op, cell->op))
				return &c->count;
		}
	}
	return NULL;
}

void
cs_report_count(const cs_res_file *file, FILE *f)
{
	const cs_res_counting *k = &file->counting;
	fprintf(f, "instruction counts: %s", cs_esc_term(k->profile));
	if (*k->board)
		fprintf(f, " (%s)", cs_esc_term(k->board));
	if (k->emulated)
		fprintf(f, ", emulated under %s -cpu %s: counts only, no timing",
			cs_esc_term(*k->emulator ? k->emulator : "an emulator"),
			cs_esc_term(*k->emulated_cpu ? k->emulated_cpu : "?"));
	fprintf(f, "; exact per operation (%s)\n", cs_esc_term(file->name));
	fprintf(f, "\n%-28s %-18s %-7s %6s %12s %9s %10s  %s\n", "lib/path", "alg", "op", "size",
		"insns/op", "insns/B", "mem/op", "hw (share of instructions)");
	for (size_t i = 0; i < file->n_cells; i++) {
		const cs_res_cell *c = &file->cells[i];
		char row[CS_RES_LABEL_MAX], hw[512];
		cs_res_row_label(c, row, sizeof row);
		if (!c->count.present) {
			fprintf(f, "%-28s %-18s %-7s %6lld %12s  %s\n", cs_esc_term(row),
				cs_esc_term(c->alg), cs_esc_term(c->op), c->size,
				cs_report_status_word(c->status),
				cs_esc_term(c->detail ? c->detail : ""));
			continue;
		}
		const cs_res_count *n = &c->count;
		char per_byte[32] = "-";
		if (n->per_byte)
			snprintf(per_byte, sizeof per_byte, "%.2f", n->insns_per_byte);
		cs_report_hw_count(n, hw, sizeof hw);
		fprintf(f, "%-28s %-18s %-7s %6lld %12.*f %9s %10.1f  %s%s\n", cs_esc_term(row),
			cs_esc_term(c->alg), cs_esc_term(c->op), c->size,
			n->exact && n->insns % n->ops == 0 ? 0 : 1, n->insns_per_op, per_byte,
			n->mem_per_op, hw, n->exact ? "" : " (a mean: random by design)");
	}
	fprintf(f, "\nnoop rows are the harness's own count per operation (the loop and the "
		   "call), included in every other row.\n");
}
