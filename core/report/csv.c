/* One line per cell, for spreadsheets and plotting scripts (RFC 4180: a
   field with a comma, quote or line break is quoted, quotes doubled). */
#include <stdio.h>
#include <string.h>

#include "conform.h"
#include "escape.h"
#include "report.h"

/* One field and the separator after it. */
static void
field(FILE *f, const char *s, char sep)
{
	cs_esc_csv(f, s);
	fputc(sep, f);
}

/* The rank view: one line per rank row. */
typedef struct rank_out {
	FILE *f;			   /* where */
	const cs_mblock *b;		   /* the block */
	char group[CS_RES_LABEL_MAX + 64]; /* the current ranking's name */
} rank_out;

static cs_rank_row_func rank_line;
static void
rank_line(void *arg, const cs_rank_row *row)
{
	rank_out *o = arg;
	if (*row->group || *row->size || !o->group[0])
		snprintf(o->group, sizeof o->group, "%s", *row->group ? row->group : "-");
	field(o->f, o->b->alg, ',');
	field(o->f, o->b->op, ',');
	fprintf(o->f, "%lld,", row->e->c->size);
	field(o->f, o->group, ',');
	if (row->place)
		fprintf(o->f, "%zu,%s,", row->place, row->tie ? "true" : "false");
	else
		fputs(",,", o->f);
	field(o->f, row->label, ',');
	if (row->place)
		fprintf(o->f, "%s,%.6g,%.4f,", row->e->c->bytes ? "B/s" : "op/s",
			row->e->c->rate.median, row->e->ratio);
	else
		fputs(",,,", o->f);
	field(o->f, row->why, ',');
	field(o->f, row->hw, '\n');
}

static void
rank_csv(const cs_res_file *const *files, size_t n, FILE *f)
{
	cs_matrix m;
	if (cs_matrix_build(&m, files, n) != 0)
		return;
	fputs("alg,op,size,ranking,place,tie,lib_path,rate_unit,rate_median,vs_best,unranked,hw\n",
	      f);
	for (size_t b = 0; b < m.n_blocks; b++) {
		rank_out o = {.f = f, .b = &m.blocks[b]};
		cs_rank_each(&m, &m.blocks[b], rank_line, &o);
	}
	cs_matrix_free(&m);
}

void
cs_report_csv(const cs_res_file *const *files, size_t n, cs_view view, FILE *f)
{
	if (view == CS_VIEW_RANK) {
		rank_csv(files, n, f);
		return;
	}
	if (view == CS_VIEW_EVIDENCE) {
		cs_report_evidence(files, n, "csv", f);
		return;
	}
	/* conform columns only when a file has a conformance block: the others'
	   layout is unchanged */
	bool conform = cs_conform_any(files, n);
	fprintf(f,
		"lib,lib_version,path,mask,alg,op,size,status,rate_unit,rate_median,rate_q1,"
		"rate_q3,ns_per_op_median,ci95_rel,n_samples,fingerprint,agree,hw,ns_per_op_mean,"
		"source%s\n",
		conform ? ",conform,conform_invalid_accepted" : "");
	for (size_t i = 0; i < n; i++) {
		const cs_res_file *r = files[i];
		for (size_t k = 0; k < r->n_cells; k++) {
			const cs_res_cell *c = &r->cells[k];
			char hw[256];
			cs_report_hw(c, hw, sizeof hw);
			field(f, c->lib, ',');
			field(f, c->lib_version, ',');
			field(f, c->path, ',');
			field(f, c->mask, ',');
			field(f, c->alg, ',');
			field(f, c->op, ',');
			fprintf(f, "%lld,", c->size);
			field(f, c->status, ',');
			if (c->ok) {
				fprintf(f, "%s,%.6g,", c->bytes ? "B/s" : "op/s", c->rate.median);
				if (c->rate.has_spread)
					fprintf(f, "%.6g,%.6g,", c->rate.q1, c->rate.q3);
				else
					fprintf(f, ",,");
				if (c->has_ns)
					fprintf(f, "%.6g,", c->ns.median);
				else
					fprintf(f, ",");
				if (c->ci95_rel >= 0)
					fprintf(f, "%.4g,", c->ci95_rel);
				else
					fprintf(f, ",");
				fprintf(f, "%zu,", c->n_samples);
			} else {
				fprintf(f, ",,,,,,,");
			}
			field(f, c->fingerprint, ',');
			fprintf(f, "%s,", c->agree < 0 ? "" : c->agree ? "true" : "false");
			field(f, hw, ',');
			if (c->has_ns && c->ns_mean > 0)
				fprintf(f, "%.6g", c->ns_mean);
			fputc(',', f);
			field(f, r->sources[c->source].label, conform ? ',' : '\n');
			if (conform) {
				char word[64];
				cs_conform_word(r, c, word, sizeof word);
				cs_conform_sum sum = cs_conform_of(r, c);
				field(f, word, ',');
				if (sum.checked)
					fprintf(f, "%lld", sum.n[CS_RC_INVALID_ACCEPTED]);
				fputc('\n', f);
			}
		}
	}
}
