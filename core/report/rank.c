/* The rank view's model: per block and size, the ok cells of every source
   fastest first with their ratio to the best, and a one-line verdict per
   block naming the winner of each run of sizes. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conform.h"
#include "report.h"

static int
by_rate(const void *a, const void *b)
{
	const cs_rank_entry *x = a, *y = b;
	/* ok before not ok, then fastest first, then source and row order (stable) */
	if (x->c->ok != y->c->ok)
		return x->c->ok ? -1 : 1;
	if (x->c->ok && x->c->rate.median != y->c->rate.median)
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
			out->e[out->n++] = (cs_rank_entry){.c = c, .source = s, .row = r};
			out->n_ok += c->ok;
		}
	if (out->n)
		qsort(out->e, out->n, sizeof *out->e, by_rate);
	for (size_t i = 0; i < out->n_ok; i++)
		out->e[i].ratio = out->e[0].c->rate.median / out->e[i].c->rate.median;
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
			char label[CS_RES_LABEL_MAX + 32], hw[256];
			cs_rank_label(m, b, e, label, sizeof label);
			cs_report_hw(e->c, hw, sizeof hw);
			fn(arg, &(cs_rank_row){
					.size = i ? "" : size,
					.place = e->c->ok ? i + 1 : 0,
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

char *
cs_rank_verdict(const cs_matrix *m, const cs_mblock *b)
{
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);
	if (!f)
		return NULL;
	/* per size: the winner's label; runs of equal winners, largest sizes first */
	char(*win)[CS_RES_LABEL_MAX + 32] = calloc(b->n_sizes + 1, sizeof *win);
	cs_rank *ranks = calloc(b->n_sizes + 1, sizeof *ranks);
	bool any = false;
	for (size_t k = 0; win && ranks && k < b->n_sizes; k++) {
		if (cs_rank_size(m, b, k, &ranks[k]) != 0)
			break;
		if (ranks[k].n_ok)
			cs_rank_label(m, b, &ranks[k].e[0], win[k], sizeof win[k]);
	}
	size_t k1 = b->n_sizes;
	while (win && ranks && k1 > 0) {
		k1--;
		if (!ranks[k1].n_ok)
			continue;
		size_t k0 = k1;
		while (k0 > 0 && ranks[k0 - 1].n_ok && strcmp(win[k0 - 1], win[k1]) == 0)
			k0--;
		char range[80], num[48], second[CS_RES_LABEL_MAX + 32];
		range_name(b, k0, k1, range, sizeof range);
		const cs_rank *r = &ranks[k1];
		fprintf(f, "%s%s%s%s", any ? "; " : "", range, *range ? ": " : "", win[k1]);
		if (!any) {
			/* the largest sizes' winner: its rate, and how far ahead of the next library */
			double v = r->e[0].c->rate.median / (b->bytes ? 1e6 : 1);
			if (v >= 100)
				snprintf(num, sizeof num, "%.0f",
					 v); /* a verdict needs no decimals */
			else
				cs_report_number(v, num, sizeof num);
			fprintf(f, " %s %s", num, b->bytes ? "MB/s" : "op/s");
			for (size_t i = 1; i < r->n_ok; i++) {
				if (strcmp(r->e[i].c->lib, r->e[0].c->lib) == 0 &&
				    r->e[i].source == r->e[0].source)
					continue;
				cs_rank_label(m, b, &r->e[i], second, sizeof second);
				fprintf(f, ", %.1fx %s", r->e[i].ratio, second);
				break;
			}
		}
		any = true;
		k1 = k0;
	}
	if (!any)
		fprintf(f, "no ok cell");
	for (size_t k = 0; ranks && k < b->n_sizes; k++)
		cs_rank_free(&ranks[k]);
	free(ranks);
	free(win);
	fclose(f);
	return out;
}
