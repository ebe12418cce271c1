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

int
cs_matrix_build(cs_matrix *m, const cs_res_file *const *files, size_t n_files)
{
	memset(m, 0, sizeof *m);
	cs_index blocks = {0}, rows = {0};
	pending_row *pr = NULL;
	place *pl = NULL;
	size_t n_pr = 0, cap_pr = 0, n_pl = 0, cap_blocks = 0, total = 0;
	size_t *size_cap = NULL; /* per block: capacity of its size list */
	int rc = -1;
	char key[2 * CS_RES_LABEL_MAX];

	for (size_t i = 0; i < n_files; i++) {
		m->n_sources += files[i]->n_sources;
		total += files[i]->n_cells;
	}
	m->sources = calloc(m->n_sources + 1, sizeof *m->sources);
	pl = malloc((total + 1) * sizeof *pl);
	if (!m->sources || !pl)
		goto out;
	size_t base = 0;
	for (size_t i = 0; i < n_files; i++) {
		const cs_res_file *f = files[i];
		for (size_t s = 0; s < f->n_sources; s++)
			m->sources[base + s] = (cs_msource){.file = f, .src = &f->sources[s]};
		for (size_t k = 0; k < f->n_cells; k++) {
			const cs_res_cell *c = &f->cells[k];
			bool found;
			int len = snprintf(key, sizeof key, "%s\x1f%s", c->alg, c->op);
			size_t b = cs_index_put(&blocks, key, (size_t)len, m->n_blocks, &found);
			if (b == CS_INDEX_NONE)
				goto out;
			if (!found) {
				size_t old = cap_blocks;
				if (reserve(&m->blocks, &cap_blocks, m->n_blocks + 1,
					    sizeof *m->blocks))
					goto out;
				if (cap_blocks != old) {
					size_t *q = realloc(size_cap, cap_blocks * sizeof *q);
					if (!q)
						goto out;
					size_cap = q;
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
				size_cap[b] = 0;
				m->n_blocks++;
			}
			cs_mblock *bl = &m->blocks[b];
			/* sizes: appended, sorted and made unique below */
			if (reserve(&bl->sizes, &size_cap[b], bl->n_sizes + 1, sizeof *bl->sizes))
				goto out;
			bl->sizes[bl->n_sizes++] = c->size;
			char label[CS_RES_LABEL_MAX];
			cs_res_row_label(c, label, sizeof label);
			len = snprintf(key, sizeof key, "%zu\x1f%s", b, label);
			size_t r = cs_index_put(&rows, key, (size_t)len, n_pr, &found);
			if (r == CS_INDEX_NONE)
				goto out;
			if (!found) {
				if (reserve(&pr, &cap_pr, n_pr + 1, sizeof *pr))
					goto out;
				pr[n_pr].block = b;
				pr[n_pr].local = bl->n_rows++;
				memcpy(pr[n_pr].label, label, sizeof label);
				n_pr++;
			}
			pl[n_pl++] = (place){.c = c, .source = base + c->source, .row = r};
		}
		base += f->n_sources;
	}
	/* sizes, rows and their cell grids */
	for (size_t b = 0; b < m->n_blocks; b++) {
		cs_mblock *bl = &m->blocks[b];
		bl->n_sizes = cs_report_sort_unique(bl->sizes, bl->n_sizes);
		bl->rows = calloc(bl->n_rows, sizeof *bl->rows);
		bl->has_source = calloc(m->n_sources, sizeof *bl->has_source);
		if (!bl->rows || !bl->has_source)
			goto out;
	}
	for (size_t r = 0; r < n_pr; r++) {
		cs_mblock *bl = &m->blocks[pr[r].block];
		cs_mrow *row = &bl->rows[pr[r].local];
		memcpy(row->label, pr[r].label, sizeof row->label);
		row->cells = calloc(m->n_sources * bl->n_sizes, sizeof *row->cells);
		row->any = calloc(m->n_sources, sizeof *row->any);
		if (!row->cells || !row->any)
			goto out;
	}
	for (size_t i = 0; i < n_pl; i++) {
		const cs_res_cell *c = pl[i].c;
		cs_mblock *bl = &m->blocks[pr[pl[i].row].block];
		cs_mrow *row = &bl->rows[pr[pl[i].row].local];
		long long *hit =
			bsearch(&c->size, bl->sizes, bl->n_sizes, sizeof *bl->sizes, cmp_ll);
		const cs_res_cell **slot =
			&row->cells[pl[i].source * bl->n_sizes + (size_t)(hit - bl->sizes)];
		if (*slot) {
			m->duplicates++;
			continue;
		}
		*slot = c;
		bl->has_source[pl[i].source] = true;
		const cs_res_cell **any = &row->any[pl[i].source];
		if (!*any || (c->ok && c->ev.present && !((*any)->ok && (*any)->ev.present)))
			*any = c;
	}
	if (m->n_blocks)
		qsort(m->blocks, m->n_blocks, sizeof *m->blocks, cmp_block);
	rc = 0;
out:
	free(size_cap);
	free(pr);
	free(pl);
	cs_index_free(&blocks);
	cs_index_free(&rows);
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
