/* GitHub-flavoured Markdown: the sources, then the matrix or the rank view as
   pipe tables. Every string from a file is escaped: Markdown punctuation with
   a backslash, '<', '>' and '&' as entities, line breaks as spaces. */
#include <stdlib.h>
#include <string.h>

#include "conform.h"
#include "escape.h"
#include "report.h"

#define MISSING "\xe2\x80\x94"

static void
sources(FILE *f, const cs_matrix *m)
{
	fprintf(f, "| # | source | file | machine | libraries |\n|--:|---|---|---|---|\n");
	for (size_t s = 0; s < m->n_sources; s++) {
		const cs_msource *src = &m->sources[s];
		const cs_res_file *r = src->file;
		fprintf(f, "| %zu | ", s + 1);
		cs_esc_md(f, src->src->label);
		fputs(" | ", f);
		cs_esc_md(f, r->name);
		if (src->src->imported) {
			fprintf(f, " (imported from ");
			cs_esc_md(f, src->src->file ? src->src->file : "?");
			fprintf(f, " line %lld) | ", src->src->line);
			cs_esc_md(f, src->src->machine	 ? src->src->machine
				     : src->src->cpuinfo ? src->src->cpuinfo
							 : "");
			fputs(" | ", f);
			cs_esc_md(f, src->src->version ? src->src->version : "");
		} else {
			fputs(" | ", f);
			cs_esc_md(f, r->cpu_model);
			fprintf(f, " (");
			cs_esc_md(f, r->cpu_arch);
			fprintf(f, ", %lld CPUs) | ", r->cpus);
			for (size_t i = 0; i < r->n_libs; i++) {
				bool seen = false;
				for (size_t j = 0; j < i; j++)
					seen |= strcmp(r->libs[j].name, r->libs[i].name) == 0;
				if (seen)
					continue;
				fputs(i ? ", " : "", f);
				cs_esc_md(f, r->libs[i].name);
				fputc(' ', f);
				cs_esc_md(f,
					  r->libs[i].error ? r->libs[i].error : r->libs[i].version);
			}
		}
		fputs(" |\n", f);
	}
}

static void
label_cells(FILE *f, const cs_matrix *m, const char *label, size_t s)
{
	fputs("| ", f);
	cs_esc_md(f, label);
	if (m->n_sources > 1)
		fprintf(f, " | %zu", s + 1);
}

static void
matrix_block(FILE *f, const cs_matrix *m, const cs_mblock *b)
{
	fprintf(f, "\n### ");
	cs_esc_md(f, b->alg);
	fputc(' ', f);
	cs_esc_md(f, b->op);
	fprintf(f, " (%s)\n\n| lib/path%s", b->bytes ? "MB/s" : "op/s",
		m->n_sources > 1 ? " | source" : "");
	for (size_t k = 0; k < b->n_sizes; k++) {
		char size[32];
		cs_report_size_name(b->sizes[k], size, sizeof size);
		fprintf(f, " | %s", b->bytes || b->n_sizes > 1 ? size : "op/s");
	}
	bool conform = cs_conform_in_matrix(m);
	fprintf(f, "%s | hw |\n|---%s", conform ? " | conform" : "",
		m->n_sources > 1 ? "|--:" : "");
	for (size_t k = 0; k < b->n_sizes; k++)
		fputs("|--:", f);
	fputs(conform ? "|---|---|\n" : "|---|\n", f);
	for (size_t r = 0; r < b->n_rows; r++)
		for (size_t s = 0; s < m->n_sources; s++) {
			if (!b->rows[r].any[s]) /* this source has no cell in the row */
				continue;
			label_cells(f, m, b->rows[r].label, s);
			for (size_t k = 0; k < b->n_sizes; k++) {
				const cs_res_cell *c = cs_matrix_at(b, &b->rows[r], s, k);
				char num[48];
				if (!c)
					snprintf(num, sizeof num, MISSING);
				else if (!c->ok)
					snprintf(num, sizeof num, "%s",
						 cs_report_status_word(c->status));
				else
					cs_report_number(c->rate.median / (b->bytes ? 1e6 : 1), num,
							 sizeof num);
				fputs(" | ", f);
				cs_esc_md(f, num);
			}
			char word[64];
			if (conform && !cs_conform_word(m->sources[s].file, b->rows[r].any[s], word,
							sizeof word))
				snprintf(word, sizeof word, MISSING);
			if (conform) {
				fputs(" | ", f);
				cs_esc_md(f, word);
			}
			char hw[256] = MISSING;
			if (b->rows[r].any[s])
				cs_report_hw(b->rows[r].any[s], hw, sizeof hw);
			fputs(" | ", f);
			cs_esc_md(f, hw);
			fputs(" |\n", f);
		}
}

static cs_rank_row_func rank_row;
static void
rank_row(void *arg, const cs_rank_row *row)
{
	FILE *f = arg;
	if (*row->group) {
		fprintf(f, "| %s | | **", row->size);
		cs_esc_md(f, row->group);
		fputs("** | | | |\n", f);
	}
	fprintf(f, "| %s | ", *row->group ? "" : row->size);
	if (row->place)
		fprintf(f, "%s%zu", row->tie ? "=" : "", row->place);
	fputs(" | ", f);
	cs_esc_md(f, row->label);
	if (row->place) {
		char num[48];
		cs_report_number(row->rate, num, sizeof num);
		fprintf(f, " | %s | %.2fx | ", num, row->e->ratio);
	} else {
		fputs(" | ", f);
		cs_esc_md(f, row->why);
		fputs(" | | ", f);
	}
	cs_esc_md(f, row->hw);
	fputs(" |\n", f);
}

static void
rank_block(FILE *f, const cs_matrix *m, const cs_mblock *b)
{
	char *verdict = cs_rank_verdict(m, b);
	fprintf(f, "\n### ");
	cs_esc_md(f, b->alg);
	fputc(' ', f);
	cs_esc_md(f, b->op);
	fprintf(f, "\n\n**");
	cs_esc_md(f, verdict ? verdict : "out of memory");
	fprintf(f, "**\n\n| size | # | lib/path | %s | vs best | hw |\n|--:|--:|---|--:|--:|---|\n",
		b->bytes ? "MB/s" : "op/s");
	free(verdict);
	cs_rank_each(m, b, rank_row, f);
	fprintf(f, "\n%s\n", cs_rules_text());
}

void
cs_report_markdown(const cs_res_file *const *files, size_t n, cs_view view, FILE *f)
{
	if (view == CS_VIEW_EVIDENCE) {
		cs_report_evidence(files, n, "markdown", f);
		return;
	}
	cs_matrix m;
	if (cs_matrix_build(&m, files, n) != 0) {
		fprintf(f, "out of memory\n");
		return;
	}
	cs_report_summary(&m, "markdown", f);
	fprintf(f, "\n## Sources\n\n");
	sources(f, &m);
	fprintf(f, "\n## %s\n", view == CS_VIEW_RANK ? "Ranking" : "Matrix");
	if (view == CS_VIEW_RANK)
		fprintf(f,
			"\nPer size, fastest first; *vs best* is the fastest rate divided by this "
			"one. MB/s = 10^6 bytes per second.\n");
	bool imported = false;
	for (size_t s = 0; s < m.n_sources; s++)
		imported |= m.sources[s].src->imported;
	for (size_t b = 0; b < m.n_blocks; b++) {
		if (view == CS_VIEW_RANK)
			rank_block(f, &m, &m.blocks[b]);
		else
			matrix_block(f, &m, &m.blocks[b]);
	}
	fprintf(f,
		"\nMedian of timed batches. n/a: no such call in this library/path; wrong: "
		"failed its known-answer vectors, not timed; " MISSING ": no such cell in this "
		"source.%s\n",
		imported ? " Imported tables are one figure per cell from another "
			   "tool: no samples, no interval, no hw evidence."
			 : "");
	if (cs_conform_in_matrix(&m))
		fprintf(f, "\n%s\n",
			view == CS_VIEW_RANK ? "!INVALID(N): this lib/path accepted N invalid "
					       "Wycheproof test vectors of the algorithm "
					       "(docs/conformance.md)."
					     : cs_conform_note);
	cs_matrix_free(&m);
}
