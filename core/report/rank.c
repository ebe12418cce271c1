/* The rank view's model: per block and size, the ok cells of every source
   fastest first with their ratio to the best, and a one-line verdict per
   block naming the winner of each run of sizes. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "conform.h"
#include "report.h"

static int
by_rate(const void *a, const void *b)
{
	const cs_rank_entry *x = a, *y = b;
	/* by ranking (rules.c), ranked before not, fastest first, then source and row */
	int g = cs_rules_group_cmp(x->group, y->group);
	if (g)
		return g;
	if (x->ranked != y->ranked)
		return x->ranked ? -1 : 1;
	if (x->ranked && x->c->rate.median != y->c->rate.median)
		return x->c->rate.median > y->c->rate.median ? -1 : 1;
	if (x->source != y->source)
		return x->source < y->source ? -1 : 1;
	return (x->row > y->row) - (x->row < y->row);
}

int
cs_rank_size(const cs_matrix *m, const cs_mblock *b, size_t k, cs_rank *out)
{
	memset(out, 0, sizeof *out);
	out->e = calloc(b->n_rows * m->n_sources + 1, sizeof *out->e);
	if (!out->e)
		return -1;
	for (size_t r = 0; r < b->n_rows; r++)
		for (size_t s = 0; s < m->n_sources; s++) {
			const cs_res_cell *c = cs_matrix_at(b, &b->rows[r], s, k);
			if (!c)
				continue;
			bool ranked = cs_rules_rankable(m, s, c);
			out->e[out->n++] = (cs_rank_entry){.c = c,
							   .source = s,
							   .row = r,
							   .group = cs_rules_group(s, c),
							   .ranked = ranked};
			out->n_ok += ranked;
		}
	if (out->n)
		qsort(out->e, out->n, sizeof *out->e, by_rate);
	/* per group: ratio to its best; places by the tie rule (rules.c) over
	   the group's ranked cells, which sort first in it */
	double *lo = malloc((out->n + 1) * sizeof *lo), *hi = malloc((out->n + 1) * sizeof *hi);
	size_t *place = malloc((out->n + 1) * sizeof *place);
	bool *tie = malloc((out->n + 1) * sizeof *tie);
	if (!lo || !hi || !place || !tie) {
		free(lo);
		free(hi);
		free(place);
		free(tie);
		cs_rank_free(out);
		return -1;
	}
	for (size_t best = 0, i = 0; i < out->n; i++) {
		bool first =
			i == 0 || cs_rules_group_cmp(out->e[i].group, out->e[i - 1].group) != 0;
		out->n_groups += first;
		if (!first)
			continue;
		best = i;
		size_t n = 0;
		while (best + n < out->n && out->e[best + n].ranked &&
		       cs_rules_group_cmp(out->e[best + n].group, out->e[best].group) == 0) {
			cs_rules_interval(out->e[best + n].c, &lo[n], &hi[n]);
			n++;
		}
		cs_rules_places(lo, hi, n, place, tie);
		for (size_t j = 0; j < n; j++) {
			cs_rank_entry *e = &out->e[best + j];
			e->ratio = out->e[best].c->rate.median / e->c->rate.median;
			e->place = place[j];
			e->tie = tie[j];
		}
	}
	free(lo);
	free(hi);
	free(place);
	free(tie);
	return 0;
}

void
cs_rank_free(cs_rank *r)
{
	free(r->e);
	memset(r, 0, sizeof *r);
}

void
cs_rank_label(const cs_matrix *m, const cs_mblock *b, const cs_rank_entry *e, char *buf, size_t n)
{
	const char *label = b->rows[e->row].label;
	if (m->n_sources > 1)
		snprintf(buf, n, "[%zu] %s", e->source + 1, label);
	else
		snprintf(buf, n, "%s", label);
	cs_conform_rank_mark(m, e, buf, n);
}

int
cs_rank_each(const cs_matrix *m, const cs_mblock *b, cs_rank_row_func *fn, void *arg)
{
	for (size_t k = 0; k < b->n_sizes; k++) {
		cs_rank r;
		if (cs_rank_size(m, b, k, &r) != 0)
			return -1;
		char size[32] = "";
		if (b->bytes)
			cs_report_size_name(b->sizes[k], size, sizeof size);
		for (size_t i = 0; i < r.n; i++) {
			const cs_rank_entry *e = &r.e[i];
			char label[CS_RES_LABEL_MAX + 32], hw[256],
				group[CS_RES_LABEL_MAX + 64] = "";
			cs_rank_label(m, b, e, label, sizeof label);
			cs_report_hw(e->c, hw, sizeof hw);
			if (r.n_groups > 1 &&
			    (i == 0 || cs_rules_group_cmp(e->group, r.e[i - 1].group) != 0))
				cs_rules_group_name(m, e->group, group, sizeof group);
			fn(arg, &(cs_rank_row){
					.size = i ? "" : size,
					.group = group,
					.why = e->ranked  ? ""
					       : e->c->ok ? cs_rules_unranked_word(e->c)
							  : cs_report_status_word(e->c->status),
					.tie = e->tie,
					.place = e->place,
					.e = e,
					.label = label,
					.hw = hw,
					.rate = e->c->rate.median / (b->bytes ? 1e6 : 1),
				});
		}
		cs_rank_free(&r);
	}
	return 0;
}

void
cs_report_size_name(long long size, char *buf, size_t n)
{
	if (size >= 1024 * 1024 && size % (1024 * 1024) == 0)
		snprintf(buf, n, "%lld MiB", size / (1024 * 1024));
	else if (size >= 1024 && size % 1024 == 0)
		snprintf(buf, n, "%lld KiB", size / 1024);
	else
		snprintf(buf, n, "%lld B", size);
}

/* The sizes k0..k1 of a block as a range: "16 B", "16-256 B"-like, ">= 1 KiB", "all sizes". */
static void
range_name(const cs_mblock *b, size_t k0, size_t k1, char *buf, size_t n)
{
	char lo[32], hi[32];
	cs_report_size_name(b->sizes[k0], lo, sizeof lo);
	cs_report_size_name(b->sizes[k1], hi, sizeof hi);
	if (!b->bytes)
		snprintf(buf, n, "%s", "");
	else if (k0 == 0 && k1 == b->n_sizes - 1)
		snprintf(buf, n, "%s", b->n_sizes == 1 ? lo : "all sizes");
	else if (k1 == b->n_sizes - 1)
		snprintf(buf, n, ">= %s", lo);
	else if (k0 == k1)
		snprintf(buf, n, "%s", lo);
	else if (k0 == 0)
		snprintf(buf, n, "<= %s", hi);
	else
		snprintf(buf, n, "%s to %s", lo, hi);
}

/* The ranked entries of group g in r: from *lo, *n of them (0 when none). */
static void
group_span(const cs_rank *r, cs_rank_group g, size_t *lo, size_t *n)
{
	*lo = *n = 0;
	for (size_t i = 0; i < r->n; i++)
		if (cs_rules_group_cmp(r->e[i].group, g) == 0 && r->e[i].ranked) {
			if (!*n)
				*lo = i;
			(*n)++;
		}
}

/* The first place of a span: its label, and " = label" for each tie. */
static void
winner_name(const cs_matrix *m, const cs_mblock *b, const cs_rank *r, size_t lo, size_t n,
	    char *buf, size_t size)
{
	cs_rank_label(m, b, &r->e[lo], buf, size);
	for (size_t i = lo + 1; i < lo + n && r->e[i].place == 1; i++) {
		char other[CS_RES_LABEL_MAX + 32];
		size_t len = strlen(buf);
		cs_rank_label(m, b, &r->e[i], other, sizeof other);
		snprintf(buf + len, size - len, " = %s", other);
	}
}

#define WIN_MAX (4 * CS_RES_LABEL_MAX)

/* One group's verdict, as the block verdict below writes it. */
static void
group_verdict(FILE *f, const cs_matrix *m, const cs_mblock *b, const cs_rank *ranks,
	      cs_rank_group g, char (*win)[WIN_MAX], size_t *lo, size_t *cnt)
{
	for (size_t k = 0; k < b->n_sizes; k++) {
		group_span(&ranks[k], g, &lo[k], &cnt[k]);
		win[k][0] = '\0';
		if (cnt[k])
			winner_name(m, b, &ranks[k], lo[k], cnt[k], win[k], WIN_MAX);
	}
	bool any = false;
	size_t k1 = b->n_sizes;
	while (k1 > 0) {
		k1--;
		if (!cnt[k1])
			continue;
		size_t k0 = k1;
		while (k0 > 0 && cnt[k0 - 1] && strcmp(win[k0 - 1], win[k1]) == 0)
			k0--;
		char range[80], num[48], second[CS_RES_LABEL_MAX + 32];
		range_name(b, k0, k1, range, sizeof range);
		const cs_rank *r = &ranks[k1];
		const cs_rank_entry *top = &r->e[lo[k1]];
		fprintf(f, "%s%s%s%s", any ? "; " : "", range, *range ? ": " : "", win[k1]);
		if (!any) {
			/* the largest sizes' winner: its rate, and how far ahead of the next library */
			double v = top->c->rate.median / (b->bytes ? 1e6 : 1);
			if (v >= 100)
				snprintf(num, sizeof num, "%.0f",
					 v); /* a verdict needs no decimals */
			else
				cs_report_number(v, num, sizeof num);
			fprintf(f, " %s %s", num, b->bytes ? "MB/s" : "op/s");
			for (size_t i = lo[k1] + 1; i < lo[k1] + cnt[k1]; i++) {
				if (r->e[i].place == 1 ||
				    (strcmp(r->e[i].c->lib, top->c->lib) == 0 &&
				     r->e[i].source == top->source))
					continue;
				cs_rank_label(m, b, &r->e[i], second, sizeof second);
				fprintf(f, ", %s%.1fx %s", r->e[i].tie ? "=" : "", r->e[i].ratio,
					second);
				break;
			}
		}
		any = true;
		k1 = k0;
	}
	if (!any)
		fprintf(f, "no ranked cell");
}

char *
cs_rank_verdict(const cs_matrix *m, const cs_mblock *b)
{
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);
	if (!f)
		return NULL;
	char(*win)[WIN_MAX] = calloc(b->n_sizes + 1, sizeof *win);
	cs_rank *ranks = calloc(b->n_sizes + 1, sizeof *ranks);
	size_t *lo = calloc(b->n_sizes + 1, sizeof *lo), *cnt = calloc(b->n_sizes + 1, sizeof *cnt);
	cs_rank_group *groups = calloc(b->n_rows * m->n_sources + 1, sizeof *groups);
	size_t n_groups = 0;
	bool ok = win && ranks && lo && cnt && groups;
	for (size_t k = 0; ok && k < b->n_sizes; k++) {
		if (cs_rank_size(m, b, k, &ranks[k]) != 0)
			break;
		/* the groups with a ranked cell at some size, in group order */
		for (size_t i = 0; i < ranks[k].n; i++) {
			const cs_rank_entry *e = &ranks[k].e[i];
			size_t g = 0;
			while (g < n_groups && cs_rules_group_cmp(groups[g], e->group) < 0)
				g++;
			if (!e->ranked ||
			    (g < n_groups && !cs_rules_group_cmp(groups[g], e->group)))
				continue;
			memmove(&groups[g + 1], &groups[g], (n_groups - g) * sizeof *groups);
			groups[g] = e->group;
			n_groups++;
		}
	}
	for (size_t g = 0; ok && g < n_groups; g++) {
		if (n_groups > 1) {
			char name[CS_RES_LABEL_MAX + 64];
			cs_rules_group_name(m, groups[g], name, sizeof name);
			fprintf(f, "%s%s: ", g ? " | " : "", name);
		}
		group_verdict(f, m, b, ranks, groups[g], win, lo, cnt);
	}
	if (ok && !n_groups)
		fprintf(f, "no ranked cell");
	for (size_t k = 0; ranks && k < b->n_sizes; k++)
		cs_rank_free(&ranks[k]);
	free(ranks);
	free(win);
	free(lo);
	free(cnt);
	free(groups);
	fclose(f);
	return out;
}

/* report --view rank --format json: one object per row of the text view. */
static cs_rank_row_func json_row;
static void
json_row(void *arg, const cs_rank_row *row)
{
	json_t *rows = arg;
	const cs_res_cell *c = row->e->c;
	char group[CS_RES_LABEL_MAX + 64];
	json_t *o = json_pack("{s:I,s:s,s:i,s:s}", "size", (json_int_t)c->size, "label", row->label,
			      "place", (int)row->place, "hw", row->hw);
	json_object_set_new(o, "tie", json_boolean(row->tie));
	json_object_set_new(o, "status", json_string(c->status));
	if (row->place) {
		json_object_set_new(o, "rate", json_real(c->rate.median));
		json_object_set_new(o, "unit", json_string(c->bytes ? "B/s" : "op/s"));
		json_object_set_new(o, "vs_best", json_real(row->e->ratio));
	} else {
		json_object_set_new(o, "unranked", json_string(row->why));
	}
	json_object_set_new(o, "source", json_integer((json_int_t)row->e->source + 1));
	json_object_set_new(o, "multi", json_integer(row->e->group.multi));
	json_array_append_new(rows, o);
	(void)group;
}

void
cs_report_rank_json(const cs_res_file *const *files, size_t n, FILE *f)
{
	cs_matrix m;
	if (cs_matrix_build(&m, files, n) != 0) {
		fprintf(f, "out of memory\n");
		return;
	}
	json_t *blocks = json_array();
	for (size_t b = 0; b < m.n_blocks; b++) {
		json_t *rows = json_array();
		char *verdict = cs_rank_verdict(&m, &m.blocks[b]);
		cs_rank_each(&m, &m.blocks[b], json_row, rows);
		json_array_append_new(blocks, json_pack("{s:s,s:s,s:s,s:o}", "alg", m.blocks[b].alg,
							"op", m.blocks[b].op, "verdict",
							verdict ? verdict : "", "rows", rows));
		free(verdict);
	}
	json_t *doc =
		json_pack("{s:s,s:s,s:b,s:o}", "schema", "cryptospeed-rank/1", "rules",
			  cs_rules_text(), "mix_sources", cs_rules_mixing(), "blocks", blocks);
	json_dumpf(doc, f, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
	fputc('\n', f);
	json_decref(doc);
	cs_matrix_free(&m);
}
