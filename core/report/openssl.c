/* The `openssl speed` layout, so our numbers sit next to the tables users
   already publish (apps/speed.c): per source and lib/path a section with the
   version/built on/options/compiler/CPUINFO preamble, the "1000s of bytes per
   second" table with rows named as openssl speed names them (sha256,
   aes-128-gcm, aes-128 cbc for the low-level API), and the ecdh op/s lines.
   openssl-mr is the -mr form: +H:size:... +F:index:name:bytes/s... +F5 for
   ecdh; each section starts with a "# lib/path" comment line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "report.h"

/* What openssl speed calls an algorithm, and for ecdh its curve. */
typedef struct ossl_name {
	const char *alg;      /* ours */
	const char *evp;      /* openssl speed -evp name (the EVP interface) */
	const char *lowlevel; /* its name without -evp, or NULL = same */
	unsigned bits;	      /* ecdh: curve bits, 0 = not ecdh */
	const char *curve;    /* ecdh: openssl's curve name */
	int mr_index;	      /* -mr: the curve's index in openssl speed's table */
} ossl_name;

/* The sign/verify table's rows (openssl speed's "sign verify sign/s
   verify/s"): its text form of the row, and its -mr line. */
typedef struct ossl_pair {
	const char *alg;
	const char *text; /* "rsa 2048 bits", " 256 bits ecdsa (nistp256)" */
	const char *mr;	  /* "+F2:0:2048", "+F4:3:256", "+F6:0:253:Ed25519" */
} ossl_pair;

static const ossl_pair pairs[] = {
	{"rsa-2048", "rsa 2048 bits", "+F2:0:2048"},
	{"ecdsa-p256", " 256 bits ecdsa (nistp256)", "+F4:3:256"},
	{"ed25519", " 253 bits EdDSA (Ed25519)", "+F6:0:253:Ed25519"},
};

static const ossl_pair *
find_pair(const char *alg)
{
	for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
		if (strcmp(pairs[i].alg, alg) == 0)
			return &pairs[i];
	return NULL;
}

/* Only where openssl speed's name differs from ours: the rest are spelled alike
   (sha256, aes-128-gcm, chacha20-poly1305...). */
static const ossl_name names[] = {
	{.alg = "aes-128-cbc", .evp = "aes-128-cbc", .lowlevel = "aes-128 cbc"},
	{.alg = "hmac-sha256", .evp = "hmac(sha256)"},
	{.alg = "x25519", .evp = "x25519", .bits = 253, .curve = "X25519", .mr_index = 16},
	{.alg = "p256", .evp = "p256", .bits = 256, .curve = "nistp256", .mr_index = 3},
};

static const ossl_name *
find_name(const char *alg)
{
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strcmp(names[i].alg, alg) == 0)
			return &names[i];
	return NULL;
}

/* The op openssl speed times for a table row: encrypt, seal, digest. */
static bool
primary_op(const char *op)
{
	return strcmp(op, "encrypt") == 0 || strcmp(op, "seal") == 0 || strcmp(op, "digest") == 0 ||
	       strcmp(op, "mac") == 0;
}

/* The row name: openssl's for its own operation, "name op" for the others. */
static void
row_name(const cs_mblock *b, const cs_res_cell *c, char *buf, size_t n)
{
	const ossl_name *o = find_name(b->alg);
	const char *name = o ? o->evp : b->alg;
	if (o && o->lowlevel && strcmp(c->path, "lowlevel") == 0)
		name = o->lowlevel;
	if (primary_op(b->op) || (o && o->bits && strcmp(b->op, "derive") == 0))
		snprintf(buf, n, "%s", name);
	else
		snprintf(buf, n, "%s %s", name, b->op);
}

/* One section: the rows labelled `label` from source s. */
typedef struct section {
	const cs_matrix *m;
	size_t s;	   /* source */
	const char *label; /* lib/path... */
	bool mr;	   /* -mr form */
} section;

/* This section's row in block b, or NULL when the source has no cell there. */
static const cs_mrow *
row_of(const section *x, const cs_mblock *b)
{
	if (!b->has_source[x->s])
		return NULL;
	for (size_t r = 0; r < b->n_rows; r++)
		if (strcmp(b->rows[r].label, x->label) == 0)
			return b->rows[r].any[x->s] ? &b->rows[r] : NULL;
	return NULL;
}

static void
preamble(FILE *f, const section *x, const cs_res_cell *any)
{
	const cs_msource *src = &x->m->sources[x->s];
	const cs_res_file *r = src->file;
	if (src->src->imported) {
		fprintf(f, "version: %s\n",
			cs_esc_term(src->src->version ? src->src->version : "?"));
		fprintf(f, "built on: %s\n",
			cs_esc_term(src->src->built_on ? src->src->built_on : "?"));
		fprintf(f, "options: %s\n",
			cs_esc_term(src->src->options ? src->src->options : "?"));
		fprintf(f, "compiler: %s\n",
			cs_esc_term(src->src->compiler ? src->src->compiler : "?"));
		fprintf(f, "CPUINFO: %s\n",
			cs_esc_term(src->src->cpuinfo ? src->src->cpuinfo : "?"));
		return;
	}
	const char *build = NULL;
	for (size_t i = 0; i < r->n_libs; i++)
		if (strcmp(r->libs[i].name, any->lib) == 0 && r->libs[i].build)
			build = r->libs[i].build;
	fprintf(f, "version: %s (%s, measured by cryptospeed %s)\n",
		cs_esc_term(*any->lib_version ? any->lib_version : "?"), cs_esc_term(x->label),
		cs_esc_term(r->tool_version));
	fprintf(f, "built on: ? (measured %s)\n", cs_esc_term(*r->started ? r->started : "?"));
	fprintf(f, "options: median of timed batches, mask %s%s\n", cs_esc_term(any->mask),
		any->multi > 1 ? ", multi" : "");
	fprintf(f, "compiler: %s\n", cs_esc_term(build && *build ? build : "?"));
	fprintf(f, "CPUINFO: %s (%s); %s\n", cs_esc_term(*r->cpu_model ? r->cpu_model : "?"),
		cs_esc_term(r->cpu_arch), cs_esc_term(r->cpu_features));
}

/* The sign and verify cells of block bl's algorithm are both ok in this
   section: the sign/verify table holds them. */
static bool
pair_printed(const cs_matrix *m, const section *x, const cs_mblock *bl)
{
	size_t ok = 0;
	for (size_t o = 0; o < m->n_blocks; o++) {
		const cs_mblock *b = &m->blocks[o];
		if (strcmp(b->alg, bl->alg) != 0 ||
		    (strcmp(b->op, "sign") != 0 && strcmp(b->op, "verify") != 0))
			continue;
		const cs_mrow *r = row_of(x, b);
		const cs_res_cell *c = r ? cs_matrix_at(b, r, x->s, 0) : NULL;
		ok += c && c->ok;
	}
	return ok == 2;
}

/* The section's columns: the sizes of its sized rows, sorted, malloc'd
   (NULL on no memory); *any its first cell, NULL when it has none. */
static long long *
section_columns(const section *x, const cs_res_cell **any, size_t *n_cols)
{
	const cs_matrix *m = x->m;
	size_t cap = 0;
	*any = NULL;
	*n_cols = 0;
	for (size_t b = 0; b < m->n_blocks; b++) {
		const cs_mrow *row = row_of(x, &m->blocks[b]);
		if (!row)
			continue;
		if (!*any)
			*any = row->any[x->s];
		if (m->blocks[b].bytes)
			cap += m->blocks[b].n_sizes;
	}
	if (!*any)
		return NULL;
	long long *sizes = malloc((cap + 1) * sizeof *sizes);
	if (!sizes)
		return NULL;
	for (size_t b = 0; b < m->n_blocks; b++) {
		const cs_mblock *bl = &m->blocks[b];
		if (bl->bytes && row_of(x, bl))
			for (size_t k = 0; k < bl->n_sizes; k++)
				sizes[(*n_cols)++] = bl->sizes[k];
	}
	*n_cols = cs_report_sort_unique(sizes, *n_cols);
	return sizes;
}

/* The section's heading (and preamble), and its sizes' header line. */
static void
section_head(FILE *f, const section *x, const cs_res_cell *any, const long long *sizes,
	     size_t n_cols)
{
	const cs_matrix *m = x->m;
	if (x->mr) {
		fprintf(f, "# %s (%s)\n", cs_esc_term(x->label),
			cs_esc_term(m->sources[x->s].src->label));
	} else {
		fprintf(f, "\n%s  [%s]\n", cs_esc_term(x->label),
			cs_esc_term(m->sources[x->s].src->label));
		preamble(f, x, any);
	}
	if (!n_cols)
		return;
	if (x->mr) {
		fprintf(f, "+H");
		for (size_t k = 0; k < n_cols; k++)
			fprintf(f, ":%lld", sizes[k]);
	} else {
		fprintf(f, "The 'numbers' are in 1000s of bytes per second processed.\n");
		fprintf(f, "type        ");
		for (size_t k = 0; k < n_cols; k++)
			fprintf(f, " %7lld bytes", sizes[k]);
	}
	fputc('\n', f);
}

/* One sized row's values under the section's columns. */
static void
sized_values(FILE *f, const section *x, const cs_mblock *bl, const cs_mrow *row,
	     const long long *sizes, size_t n_cols)
{
	for (size_t k = 0, j = 0; k < n_cols; k++) {
		while (j < bl->n_sizes && bl->sizes[j] < sizes[k])
			j++;
		const cs_res_cell *c = j < bl->n_sizes && bl->sizes[j] == sizes[k]
					       ? cs_matrix_at(bl, row, x->s, j)
					       : NULL;
		double v = c && c->ok ? c->rate.median : 0;
		if (x->mr)
			fprintf(f, ":%.2f", v); /* openssl writes 0.00 for what it did not run */
		else if (!c)
			fprintf(f, " %11s\xe2\x80\x94 ", ""); /* an em dash: one column */
		else if (!c->ok)
			fprintf(f, " %12s ", cs_report_status_word(c->status));
		else if (v > 10000)
			fprintf(f, " %11.2fk", v / 1e3);
		else
			fprintf(f, " %11.2f ", v);
	}
	fputc('\n', f);
}

/* The sized rows (bytes per second), one per block with a cell that ran. */
static void
sized_rows(FILE *f, const section *x, const long long *sizes, size_t n_cols)
{
	const cs_matrix *m = x->m;
	size_t index = 0;
	for (size_t b = 0; b < m->n_blocks; b++) {
		const cs_mblock *bl = &m->blocks[b];
		const cs_mrow *row = row_of(x, bl);
		if (!bl->bytes || !row)
			continue;
		/* a row none of whose cells ran: openssl speed prints no such row */
		bool ran = false;
		for (size_t k = 0; k < bl->n_sizes; k++) {
			const cs_res_cell *c = cs_matrix_at(bl, row, x->s, k);
			ran |= c && c->ok;
		}
		if (!ran)
			continue;
		char name[2 * CS_RES_NAME_MAX + 8];
		row_name(bl, row->any[x->s], name, sizeof name);
		if (x->mr) {
			/* ':' separates -mr fields: a name holding one would forge values */
			for (char *c = name; *c; c++)
				if (*c == ':')
					*c = '_';
			fprintf(f, "+F:%zu:%s", index++, cs_esc_term(name));
		} else
			fprintf(f, "%-13s", cs_esc_term(name));
		sized_values(f, x, bl, row, sizes, n_cols);
	}
}

/* The sign/verify table: a row where both halves are ok. */
static void
sign_verify_rows(FILE *f, const section *x)
{
	const cs_matrix *m = x->m;
	bool head = false;
	for (size_t b = 0; b < m->n_blocks; b++) {
		const cs_mblock *bl = &m->blocks[b];
		const cs_mrow *row = row_of(x, bl);
		const ossl_pair *pr = find_pair(bl->alg);
		if (bl->bytes || !row || !pr || strcmp(bl->op, "sign") != 0)
			continue;
		const cs_res_cell *sg = cs_matrix_at(bl, row, x->s, 0), *vf = NULL;
		for (size_t o = 0; o < m->n_blocks; o++)
			if (strcmp(m->blocks[o].alg, bl->alg) == 0 &&
			    strcmp(m->blocks[o].op, "verify") == 0) {
				const cs_mrow *vr = row_of(x, &m->blocks[o]);
				vf = vr ? cs_matrix_at(&m->blocks[o], vr, x->s, 0) : NULL;
			}
		if (!sg || !vf || !sg->ok || !vf->ok)
			continue;
		double rs = sg->rate.median, rv = vf->rate.median;
		if (x->mr) {
			fprintf(f, "%s:%f:%f\n", pr->mr, rs, rv);
			continue;
		}
		if (!head)
			fprintf(f, "%30ssign    verify    sign/s verify/s\n", " ");
		head = true;
		fprintf(f, "%-29s %8.6fs %8.6fs %8.1f %8.1f\n", pr->text, 1 / rs, 1 / rv, rs, rv);
	}
}

/* op/s rows: ecdh as openssl prints it, the others by our name (text
   only: openssl speed has no name for them, so -mr has no line) */
static void
op_rows(FILE *f, const section *x)
{
	const cs_matrix *m = x->m;
	bool head = false;
	for (size_t b = 0; b < m->n_blocks; b++) {
		const cs_mblock *bl = &m->blocks[b];
		const cs_mrow *row = row_of(x, bl);
		if (bl->bytes || !row)
			continue;
		const ossl_name *o = find_name(bl->alg);
		bool ecdh = o && o->bits && strcmp(bl->op, "derive") == 0;
		const ossl_pair *pr = find_pair(bl->alg);
		for (size_t k = 0; k < bl->n_sizes; k++) {
			const cs_res_cell *c = cs_matrix_at(bl, row, x->s, k);
			if (!c)
				continue;
			double ops = c->ok ? c->rate.median : 0;
			char name[2 * CS_RES_NAME_MAX + 8];
			row_name(bl, c, name, sizeof name);
			if (x->mr) {
				if (ecdh && c->ok)
					fprintf(f, "+F5:%d:%u:%f:%f\n", o->mr_index, o->bits, ops,
						1 / ops);
				continue;
			}
			if (pr && (strcmp(bl->op, "sign") == 0 || strcmp(bl->op, "verify") == 0) &&
			    pair_printed(m, x, bl))
				continue; /* in the sign/verify table above */
			if (!head)
				fprintf(f, "%30sop      op/s\n", " ");
			head = true;
			char what[2 * CS_RES_NAME_MAX + 32];
			if (ecdh)
				snprintf(what, sizeof what, "%4u bits ecdh (%s)", o->bits,
					 o->curve);
			else
				snprintf(what, sizeof what, "%s", name);
			if (c->ok)
				fprintf(f, "%-29s %8.4fs %8.1f\n", what, 1 / ops, ops);
			else
				fprintf(f, "%-29s %9s %8s\n", what, "",
					cs_report_status_word(c->status));
		}
	}
}

static void
print_section(FILE *f, const section *x)
{
	const cs_res_cell *any;
	size_t n_cols;
	long long *sizes = section_columns(x, &any, &n_cols);
	if (!sizes)
		return;
	section_head(f, x, any, sizes, n_cols);
	sized_rows(f, x, sizes, n_cols);
	sign_verify_rows(f, x);
	op_rows(f, x);
	free(sizes);
}

static void
report(const cs_res_file *const *files, size_t n, FILE *f, bool mr)
{
	cs_matrix m;
	if (cs_matrix_build(&m, files, n) != 0) {
		fprintf(f, "out of memory\n");
		return;
	}
	/* one section per source and row label, in order of first appearance */
	cs_index seen = {0};
	for (size_t s = 0; s < m.n_sources; s++)
		for (size_t b = 0; b < m.n_blocks; b++) {
			if (!m.blocks[b].has_source[s])
				continue;
			for (size_t r = 0; r < m.blocks[b].n_rows; r++) {
				const char *label = m.blocks[b].rows[r].label;
				char key[CS_RES_LABEL_MAX + 24];
				bool found;
				if (!m.blocks[b].rows[r].any[s])
					continue;
				int len = snprintf(key, sizeof key, "%zu\x1f%s", s, label);
				if (cs_index_put(&seen, key, (size_t)len, 0, &found) ==
				    CS_INDEX_NONE)
					goto out;
				if (found)
					continue;
				section x = {.m = &m, .s = s, .label = label, .mr = mr};
				print_section(f, &x);
			}
		}
out:
	cs_index_free(&seen);
	cs_matrix_free(&m);
}

void
cs_report_openssl(const cs_res_file *const *files, size_t n, cs_view view, FILE *f)
{
	(void)view; /* openssl speed's own layout */
	report(files, n, f, false);
}

void
cs_report_openssl_mr(const cs_res_file *const *files, size_t n, cs_view view, FILE *f)
{
	(void)view;
	report(files, n, f, true);
}
