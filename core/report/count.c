/* The count block of a counting run (run --count, docs/counting.md): exact
   instructions per operation and per byte, memory accesses, the share of
   each instruction class. Cells in the file's order: a count is never ranked
   by time, and an emulated run's timings are never shown as rates. */
#include <stdio.h>
#include <string.h>

#include "escape.h"
#include "report.h"

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
