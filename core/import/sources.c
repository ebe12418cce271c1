/* Sources (one per run of openssl speed) and their cells (speed.h): when a
   table starts a new source, what a source decides when it closes (the path
   of bare names, -mr units, repeated table families and cells). */
#define _GNU_SOURCE

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "import.h"
#include "speed.h"

/* "cryptospeed: FILE:LINE: KIND: message" on the diag stream, when there is one. */
static void
say(const parser *p, int line, const char *kind, const char *fmt, va_list ap)
{
	if (!p->diag)
		return;
	char text[512];
	vsnprintf(text, sizeof text, fmt, ap);
	fprintf(p->diag, "cryptospeed: %s:%d: %s: %s\n", cs_esc_term(p->file), line, kind,
		cs_esc_term(text));
}

void
cs_imp_skip(parser *p, int line, const char *fmt, ...)
{
	p->skipped++;
	va_list ap;
	va_start(ap, fmt);
	say(p, line, "skipped", fmt, ap);
	va_end(ap);
}

void
cs_imp_note(parser *p, int line, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	say(p, line, "note", fmt, ap);
	va_end(ap);
}

void *
cs_imp_grow(parser *p, void *items, size_t *cap, size_t n, size_t size, size_t first)
{
	if (n < *cap)
		return items;
	size_t more = *cap ? 2 * *cap : first;
	void *grown = realloc(items, more * size);
	if (!grown) {
		p->oom = true;
		return NULL;
	}
	*cap = more;
	return grown;
}

isource *
cs_imp_cur(parser *p)
{
	return p->n_src ? &p->src[p->n_src - 1] : NULL;
}

bool
cs_imp_has_tables(const isource *s)
{
	return s->has_sym || s->pkey_kinds || s->has_mr;
}

/* The OpenSSL major version, or -1 when the source does not say it. */
static int
version_major(const isource *s)
{
	const char *version = s->meta[M_VERSION];
	if (!version)
		return -1;
	if (cs_imp_starts_with(version, "LibreSSL"))
		return 1; /* a 1.0.1 fork: low-level APIs, the 1.x tables */
	const char *v = strchr(version, ' ');
	return v && isdigit((unsigned char)v[1]) ? atoi(v + 1) : -1;
}

static bool
era3(const isource *s)
{
	int major = version_major(s);
	if (major >= 0)
		return major >= 3;
	return s->clue3 && !s->clue_pre3;
}

static int
cmp_cell_key(const void *a, const void *b)
{
	const icell *x = *(const icell *const *)a, *y = *(const icell *const *)b;
	int c = strcmp(x->alg, y->alg);
	if (!c)
		c = strcmp(x->op, y->op);
	if (!c)
		c = strcmp(x->path, y->path);
	if (!c)
		c = (x->size > y->size) - (x->size < y->size);
	if (!c)
		c = (x->row_line > y->row_line) - (x->row_line < y->row_line);
	return c;
}

/* Same identity: algorithm, operation, path, size. */
bool
cs_imp_same_cell(const icell *a, const icell *b)
{
	return strcmp(a->alg, b->alg) == 0 && strcmp(a->op, b->op) == 0 &&
	       strcmp(a->path, b->path) == 0 && a->size == b->size;
}

/*
 * One cell per (alg, op, path, size) in a source: a later row that gives a
 * cell again is dropped, silently when it says the same, with a message (a
 * skipped line) when it gives another value: which one is right is not ours
 * to pick, and keeping both would make a result file whose cells are not
 * unique (the loader refuses those). The cells after the source's move up.
 */
static void
drop_duplicates(parser *p, size_t src)
{
	isource *s = &p->src[src];
	if (s->n_cells < 2)
		return;
	icell **order = malloc(s->n_cells * sizeof *order);
	bool *drop = calloc(s->n_cells, sizeof *drop);
	if (!order || !drop) {
		free(order);
		free(drop);
		p->oom = true;
		return;
	}
	icell *base = &p->cells[s->first_cell];
	for (size_t i = 0; i < s->n_cells; i++)
		order[i] = &base[i];
	qsort(order, s->n_cells, sizeof *order, cmp_cell_key);
	for (size_t i = 1, first = 0; i < s->n_cells; i++) {
		const icell *a = order[first], *b = order[i];
		if (!cs_imp_same_cell(a, b)) {
			first = i;
			continue;
		}
		drop[b - base] = true;
		if (a->rate != b->rate)
			cs_imp_skip(p, b->row_line,
				    "%s %s %s %lld B again, another value than line %d's "
				    "(accepted: each "
				    "cell once per table)",
				    b->alg, b->op, b->path, b->size, a->row_line);
	}
	size_t kept = 0;
	for (size_t i = 0; i < s->n_cells; i++)
		if (!drop[i])
			base[kept++] = base[i];
	size_t gone = s->n_cells - kept, after = s->first_cell + s->n_cells;
	memmove(&p->cells[after - gone], &p->cells[after], (p->n_cells - after) * sizeof *p->cells);
	p->n_cells -= gone;
	s->n_cells = kept;
	for (size_t i = src + 1; i < p->n_src; i++)
		p->src[i].first_cell -= gone;
	free(order);
	free(drop);
}

/* A new empty source at the end (no finishing of the one before). */
static isource *
push_source(parser *p, int line)
{
	isource *grown = cs_imp_grow(p, p->src, &p->cap_src, p->n_src, sizeof *grown, 8);
	if (!grown)
		return NULL;
	p->src = grown;
	isource *s = &p->src[p->n_src++];
	memset(s, 0, sizeof *s);
	s->line = line;
	s->multi = 1;
	s->pkey_block = PK_NONE;
	s->first_cell = p->n_cells;
	return s;
}

/*
 * The rule for 3.4+'s keygen tables: a table family (KEM, then signatures)
 * that times again an operation an earlier family of the same run timed
 * (rsa2048 sign in the classic and the signature table, rsa2048 keygen in
 * the KEM and the signature table) becomes a source of its own, with the
 * run's preamble and its table named in the label. Never one cell with two
 * values; a family that repeats nothing stays in the run's source.
 */
static void
split_families(parser *p, size_t src)
{
	isource *s = &p->src[src];
	if (s->n_cells < 2 || s->first_cell + s->n_cells != p->n_cells)
		return;
	icell *base = &p->cells[s->first_cell];
	size_t n = s->n_cells, count[G_COUNT] = {0};
	bool own[G_COUNT] = {false};
	for (size_t i = 0; i < n; i++)
		count[base[i].group]++;
	for (int g = G_KEM; g < G_COUNT; g++) {
		for (size_t i = 0; i < n && !own[g]; i++)
			for (size_t j = 0; base[i].group == g && j < n && !own[g]; j++)
				own[g] = base[j].group < g && cs_imp_same_cell(&base[i], &base[j]);
	}
	if (!own[G_KEM] && !own[G_SIG])
		return;
	/* the families that stay first (in order), then each one split off */
	icell *sorted = malloc(n * sizeof *sorted);
	if (!sorted) {
		p->oom = true;
		return;
	}
	size_t at = 0;
	for (int pass = 0; pass < 2; pass++)
		for (int g = 0; g < G_COUNT; g++)
			for (size_t i = 0; own[g] == (pass == 1) && i < n; i++)
				if (base[i].group == g)
					sorted[at++] = base[i];
	memcpy(base, sorted, n * sizeof *sorted);
	free(sorted);
	size_t next = s->first_cell;
	for (int g = 0; g < G_COUNT; g++)
		if (!own[g])
			next += count[g];
	s->n_cells = next - s->first_cell;
	for (int g = G_KEM; g < G_COUNT; g++) {
		if (!own[g])
			continue;
		isource *t = push_source(p, p->cells[next].line);
		if (!t)
			return;
		const isource *from = &p->src[src];
		for (meta m = M_VERSION; m < M_COUNT; m++)
			if (from->meta[m] && !(t->meta[m] = strdup(from->meta[m])))
				p->oom = true;
		if (from->run_opts && !(t->run_opts = strdup(from->run_opts)))
			p->oom = true;
		if (from->variant && !(t->variant = strdup(from->variant)))
			p->oom = true;
		t->kid_first = p->n_kids;
		t->multi = from->multi;
		t->has_mr = from->has_mr;
		t->pkey_kinds = from->pkey_kinds;
		t->clue3 = from->clue3;
		t->clue_pre3 = from->clue_pre3;
		t->group = g;
		t->first_cell = next;
		t->n_cells = count[g];
		t->closed = true;
		next += count[g];
	}
}

/* Decide what only the whole source tells: the path of bare names, -mr units. */
void
cs_imp_finish_source(parser *p, isource *s)
{
	if (!s->has_sym && s->n_progress)
		cs_imp_add_progress_cells(p, s);
	if (s->n_kid && s->first_cell + s->n_cells == p->n_cells)
		cs_imp_add_kid_cells(p, s);
	bool e3 = era3(s);
	bool rates;
	if (s->mr_rates && !s->mr_times)
		rates = true;
	else if (s->mr_times && !s->mr_rates)
		rates = false;
	else
		rates = s->mr_large >= s->mr_small;
	for (size_t i = s->first_cell; i < s->first_cell + s->n_cells; i++) {
		icell *c = &p->cells[i];
		if (!c->path[0])
			snprintf(c->path, sizeof c->path, "%s", e3 ? "evp" : "lowlevel");
		if (c->fix == FIX_MR_PAIR && !rates)
			c->rate = c->rate > 0 ? 1 / c->rate : 0;
		if (c->fix == FIX_MR_F5 && rates)
			snprintf(c->path, sizeof c->path, "evp"); /* 1.1.1+: EVP_PKEY_derive */
		if (c->fix == FIX_MR_F5 && !rates)
			c->rate = c->alt;
		c->fix = FIX_NONE;
	}
	size_t src = (size_t)(s - p->src), n_before = p->n_src;
	split_families(p, src);
	for (size_t i = p->n_src; i-- > src;)
		if (i == src || i >= n_before)
			drop_duplicates(p, i);
}

isource *
cs_imp_new_source(parser *p, int line)
{
	if (p->n_src)
		cs_imp_finish_source(p, cs_imp_cur(p));
	isource *s = push_source(p, line);
	if (!s)
		return NULL;
	s->multi = p->ctx_multi > 1 ? p->ctx_multi : 1;
	s->decrypt = p->ctx_decrypt;
	if (p->ctx_opts[0] && !(s->run_opts = strdup(p->ctx_opts + 1)))
		p->oom = true;
	if (p->ctx_variant[0] && !(s->variant = strdup(p->ctx_variant)))
		p->oom = true;
	s->kid_first = p->n_kids;
	p->ctx_multi = 0;
	p->ctx_decrypt = false;
	p->ctx_opts[0] = p->ctx_variant[0] = '\0';
	return s;
}

isource *
cs_imp_source_for(parser *p, want w, pk_kind kind, int line)
{
	isource *s = cs_imp_cur(p);
	bool fresh = !s || s->closed;
	if (!fresh) {
		switch (w) {
		case W_META:
		case W_PROGRESS: fresh = cs_imp_has_tables(s); break;
		case W_SYM: fresh = s->has_sym || s->pkey_kinds; break;
		case W_PKEY: fresh = (s->pkey_kinds & (1u << kind)) && s->pkey_block != kind; break;
		case W_MR: break;
		}
	}
	return fresh ? cs_imp_new_source(p, line) : s;
}

void
cs_imp_add_cell(parser *p, isource *s, const icell *c)
{
	if (!(c->rate > 0) || !isfinite(c->rate))
		return; /* 0.00: not measured (an algorithm the build left out) */
	if (p->n_cells == CS_IMPORT_MAX_CELLS) {
		p->too_many = c->row_line;
		return;
	}
	icell *grown = cs_imp_grow(p, p->cells, &p->cap_cells, p->n_cells, sizeof *grown, 256);
	if (!grown)
		return;
	p->cells = grown;
	p->cells[p->n_cells++] = *c;
	s->n_cells++;
}
