/* The matrix model: every cell of every source placed once, by hash, into
   blocks (alg, op) x rows (label) x columns (source, size). Algorithms come
   from the files, ordered as the catalogue when this build knows them. */
#include <stdlib.h>
#include <string.h>

#include "report.h"

/* A row before it is placed in its block. */
typedef struct pending_row {
	size_t block; /* block index */
	size_t local; /* index in the block */
	char label[CS_RES_LABEL_MAX];
} pending_row;

/* Where each cell goes, from the first pass. */
typedef struct place {
	const cs_res_cell *c; /* the cell */
	size_t source;	      /* global source index */
	size_t row;	      /* pending row index */
} place;

static int
cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;
	return (x > y) - (x < y);
}

size_t
cs_report_sort_unique(long long *v, size_t n)
{
	if (n == 0)
		return 0;
	qsort(v, n, sizeof *v, cmp_ll);
	size_t u = 1;
	for (size_t k = 1; k < n; k++)
		if (v[u - 1] != v[k])
			v[u++] = v[k];
	return u;
}

static int
cmp_block(const void *a, const void *b)
{
	const cs_mblock *x = a, *y = b;
	for (int i = 0; i < 3; i++)
		if (x->order[i] != y->order[i])
			return x->order[i] < y->order[i] ? -1 : 1;
	return 0;
}

static size_t
alg_order(const char *alg)
{
	for (size_t a = 0; cs_algs[a]; a++)
		if (strcmp(cs_algs[a]->name, alg) == 0)
			return a;
	return SIZE_MAX;
}

/* Grow *p (of *cap elements of size sz) to hold n. */
static int
reserve(void *p, size_t *cap, size_t n, size_t sz)
{
	if (n <= *cap)
		return 0;
	size_t c = *cap ? *cap * 2 : 16;
	while (c < n)
		c *= 2;
	void *q = realloc(*(void **)p, c * sz);
	if (!q)
		return -1;
	*(void **)p = q;
	*cap = c;
	return 0;
}

/* The matrix under construction: blocks and rows by key, the rows before
   their blocks are complete, and where each cell goes. */
typedef struct builder {
	cs_matrix *m;
	cs_index blocks, rows;
	pending_row *pr;
	size_t n_pr, cap_pr;
	place *pl;
	size_t n_pl;
	size_t cap_blocks;
	size_t *size_cap; /* per block: capacity of its size list */
	char key[2 * CS_RES_LABEL_MAX];
} builder;

/* The block of cell c (alg, op), made when it is the first: its index, or
   CS_INDEX_NONE on no memory. */
static size_t
block_of(builder *x, const cs_res_cell *c)
{
	cs_matrix *m = x->m;
	bool found;
	int len = snprintf(x->key, sizeof x->key, "%s\x1f%s", c->alg, c->op);
	size_t b = cs_index_put(&x->blocks, x->key, (size_t)len, m->n_blocks, &found);
	if (b == CS_INDEX_NONE || found)
		return b;
	size_t old = x->cap_blocks;
	if (reserve(&m->blocks, &x->cap_blocks, m->n_blocks + 1, sizeof *m->blocks))
		return CS_INDEX_NONE;
	if (x->cap_blocks != old) {
		size_t *q = realloc(x->size_cap, x->cap_blocks * sizeof *q);
		if (!q)
			return CS_INDEX_NONE;
		x->size_cap = q;
	}
	cs_mblock *nb = &m->blocks[b];
	memset(nb, 0, sizeof *nb);
	nb->alg = c->alg;
	nb->op = c->op;
	nb->bytes = c->bytes;
	cs_op op = cs_op_find(c->op);
	nb->order[0] = alg_order(c->alg);
	nb->order[1] = (size_t)op;
	nb->order[2] = m->n_blocks;
	x->size_cap[b] = 0;
	m->n_blocks++;
	return b;
}

/* Cell c of source `source`: its size into its block, its row made when
   it is the first, its place noted. 0, -1 on no memory. */
static int
add_cell(builder *x, const cs_res_cell *c, size_t source)
{
	size_t b = block_of(x, c);
	if (b == CS_INDEX_NONE)
		return -1;
	cs_mblock *bl = &x->m->blocks[b];
	/* sizes: appended, sorted and made unique later */
	if (reserve(&bl->sizes, &x->size_cap[b], bl->n_sizes + 1, sizeof *bl->sizes))
		return -1;
	bl->sizes[bl->n_sizes++] = c->size;
	char label[CS_RES_LABEL_MAX];
	cs_res_row_label(c, label, sizeof label);
	int len = snprintf(x->key, sizeof x->key, "%zu\x1f%s", b, label);
	bool found;
	size_t r = cs_index_put(&x->rows, x->key, (size_t)len, x->n_pr, &found);
	if (r == CS_INDEX_NONE)
		return -1;
	if (!found) {
		if (reserve(&x->pr, &x->cap_pr, x->n_pr + 1, sizeof *x->pr))
			return -1;
		x->pr[x->n_pr].block = b;
		x->pr[x->n_pr].local = bl->n_rows++;
		memcpy(x->pr[x->n_pr].label, label, sizeof label);
		x->n_pr++;
	}
	x->pl[x->n_pl++] = (place){.c = c, .source = source, .row = r};
	return 0;
}

/* Sizes sorted and unique, rows and their cell grids. 0, -1 on no memory. */
static int
make_grids(builder *x)
{
	cs_matrix *m = x->m;
	for (size_t b = 0; b < m->n_blocks; b++) {
		cs_mblock *bl = &m->blocks[b];
		bl->n_sizes = cs_report_sort_unique(bl->sizes, bl->n_sizes);
		bl->rows = calloc(bl->n_rows, sizeof *bl->rows);
		bl->has_source = calloc(m->n_sources, sizeof *bl->has_source);
		if (!bl->rows || !bl->has_source)
			return -1;
	}
	for (size_t r = 0; r < x->n_pr; r++) {
		cs_mblock *bl = &m->blocks[x->pr[r].block];
		cs_mrow *row = &bl->rows[x->pr[r].local];
		memcpy(row->label, x->pr[r].label, sizeof row->label);
		row->cells = calloc(m->n_sources * bl->n_sizes, sizeof *row->cells);
		row->any = calloc(m->n_sources, sizeof *row->any);
		if (!row->cells || !row->any)
			return -1;
	}
	return 0;
}

/* Each cell into its grid slot (a second cell of one slot is a duplicate),
   and each row's representative cell per source. */
static void
place_cells(builder *x)
{
	cs_matrix *m = x->m;
	for (size_t i = 0; i < x->n_pl; i++) {
		const place *p = &x->pl[i];
		const cs_res_cell *c = p->c;
		cs_mblock *bl = &m->blocks[x->pr[p->row].block];
		cs_mrow *row = &bl->rows[x->pr[p->row].local];
		long long *hit =
			bsearch(&c->size, bl->sizes, bl->n_sizes, sizeof *bl->sizes, cmp_ll);
		const cs_res_cell **slot =
			&row->cells[p->source * bl->n_sizes + (size_t)(hit - bl->sizes)];
		if (*slot) {
			m->duplicates++;
			continue;
		}
		*slot = c;
		bl->has_source[p->source] = true;
		const cs_res_cell **any = &row->any[p->source];
		if (!*any || (c->ok && c->ev.present && !((*any)->ok && (*any)->ev.present)))
			*any = c;
	}
}

int
cs_matrix_build(cs_matrix *m, const cs_res_file *const *files, size_t n_files)
{
	memset(m, 0, sizeof *m);
	builder x = {.m = m};
	size_t total = 0;
	int rc = -1;
	for (size_t i = 0; i < n_files; i++) {
		m->n_sources += files[i]->n_sources;
		total += files[i]->n_cells;
	}
	m->sources = calloc(m->n_sources + 1, sizeof *m->sources);
	x.pl = malloc((total + 1) * sizeof *x.pl);
	if (!m->sources || !x.pl)
		goto out;
	size_t base = 0;
	for (size_t i = 0; i < n_files; i++) {
		const cs_res_file *f = files[i];
		for (size_t s = 0; s < f->n_sources; s++)
			m->sources[base + s] = (cs_msource){.file = f, .src = &f->sources[s]};
		for (size_t k = 0; k < f->n_cells; k++)
			if (add_cell(&x, &f->cells[k], base + f->cells[k].source) != 0)
				goto out;
		base += f->n_sources;
	}
	if (make_grids(&x) != 0)
		goto out;
	place_cells(&x);
	if (m->n_blocks)
		qsort(m->blocks, m->n_blocks, sizeof *m->blocks, cmp_block);
	rc = 0;
out:
	free(x.size_cap);
	free(x.pr);
	free(x.pl);
	cs_index_free(&x.blocks);
	cs_index_free(&x.rows);
	if (rc != 0)
		cs_matrix_free(m);
	return rc;
}

void
cs_matrix_free(cs_matrix *m)
{
	for (size_t b = 0; m->blocks && b < m->n_blocks; b++) {
		cs_mblock *bl = &m->blocks[b];
		for (size_t r = 0; bl->rows && r < bl->n_rows; r++) {
			free(bl->rows[r].cells);
			free(bl->rows[r].any);
		}
		free(bl->rows);
		free(bl->sizes);
		free(bl->has_source);
	}
	free(m->blocks);
	free(m->sources);
	memset(m, 0, sizeof *m);
}

const cs_res_cell *
cs_matrix_at(const cs_mblock *b, const cs_mrow *r, size_t s, size_t k)
{
	return r->cells[s * b->n_sizes + k];
}
