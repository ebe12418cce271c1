/* Conformance beside speed: the matrix's conform column, the rank view's
   mark, compare's conformance findings, all read from the typed
   "conformance" block (results.h). docs/conformance.md. */
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "conform.h"
#include "escape.h"
#include "verdict.h"

#define MISSING "\xe2\x80\x94"

const char cs_conform_note[] =
	"conform: the Wycheproof test vectors through this lib/path (docs/conformance.md): "
	"pass, or the most serious failure and how many cases: !INVALID (an invalid input "
	"accepted), crashed, error, refused (a valid one refused), wrong (another output).";

/* The kinds that fail a row, the most serious first, with their words. */
static const struct {
	cs_res_ckind k;
	const char *word;
} failing[] = {
	{CS_RC_INVALID_ACCEPTED, "!INVALID"},
	{CS_RC_CRASHED, "crashed"},
	{CS_RC_ERRORS, "error"},
	{CS_RC_VALID_REFUSED, "refused"},
	{CS_RC_WRONG_OUTPUT, "wrong"},
};
#define N_FAILING (sizeof failing / sizeof failing[0])

cs_conform_sum
cs_conform_of(const cs_res_file *f, const cs_res_cell *c)
{
	cs_conform_sum s = {0};
	if (!f || !c || c->variant)
		return s;
	for (size_t i = 0; i < f->n_conform; i++) {
		const cs_res_conform *r = &f->conform[i];
		if (strcmp(r->lib, c->lib) != 0 || strcmp(r->path, c->path) != 0 ||
		    strcmp(r->alg, c->alg) != 0)
			continue;
		s.checked = true;
		for (int k = 0; k < CS_RC_COUNT; k++)
			s.n[k] += r->n[k];
	}
	return s;
}

bool
cs_conform_word(const cs_res_file *f, const cs_res_cell *c, char *buf, size_t n)
{
	cs_conform_sum s = cs_conform_of(f, c);
	snprintf(buf, n, "%s", s.checked ? "pass" : "");
	if (!s.checked)
		return false;
	for (size_t i = 0; i < N_FAILING; i++)
		if (s.n[failing[i].k]) {
			snprintf(buf, n, "%s %lld", failing[i].word, s.n[failing[i].k]);
			break;
		}
	return true;
}

bool
cs_conform_any(const cs_res_file *const *files, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (files[i]->has_conform)
			return true;
	return false;
}

bool
cs_conform_in_matrix(const cs_matrix *m)
{
	for (size_t s = 0; s < m->n_sources; s++)
		if (m->sources[s].file->has_conform)
			return true;
	return false;
}

void
cs_conform_rank_mark(const cs_matrix *m, const cs_rank_entry *e, char *buf, size_t n)
{
	cs_conform_sum s = cs_conform_of(m->sources[e->source].file, e->c);
	size_t len = strlen(buf);
	if (s.n[CS_RC_INVALID_ACCEPTED] && len < n)
		snprintf(buf + len, n - len, " !INVALID(%lld)", s.n[CS_RC_INVALID_ACCEPTED]);
}

void
cs_conform_html_th(FILE *f, const cs_matrix *m)
{
	if (cs_conform_in_matrix(m))
		fputs("<th>conform</th>", f);
}

void
cs_conform_html_td(FILE *f, const cs_matrix *m, const cs_mrow *row, size_t s)
{
	if (!cs_conform_in_matrix(m))
		return;
	char word[64];
	if (!cs_conform_word(m->sources[s].file, row->any[s], word, sizeof word)) {
		fputs("<td class=\"na\">" MISSING "</td>", f);
		return;
	}
	fputs(word[0] == '!' ? "<td class=\"l\"><b>" : "<td class=\"l\">", f);
	cs_esc_xml(f, word);
	fputs(word[0] == '!' ? "</b></td>" : "</td>", f);
}

/* ---- compare ---- */

/* A row's name: "lib/path file alg", lib as given (a renamed build). */
static void
row_name(const cs_res_conform *r, const char *lib, char *buf, size_t n)
{
	snprintf(buf, n, "%s/%s %s %s", lib, r->path, r->file, r->alg);
}

/* How one side's rows are named for pairing: only rows of lib `only` (or
   all), each named with `as` (or its own library renamed by --pair). */
typedef struct side {
	const cs_res_file *f;
	const char *only, *as;
	const cs_compare_opts *o; /* base: --pair renames its builds; NULL for cur */
} side;

/* Whether the side has row i, and its name. */
static bool
side_row(const side *s, size_t i, char *buf, size_t n)
{
	const cs_res_conform *r = &s->f->conform[i];
	if (s->only && strcmp(r->lib, s->only) != 0)
		return false;
	row_name(r, s->as ? s->as : s->o ? cs_compare_paired_lib(s->o, r->lib) : r->lib, buf, n);
	return true;
}

static const cs_res_conform *
find(const side *s, const char *name)
{
	char buf[CS_RES_LABEL_MAX + 2 * CS_RES_NAME_MAX];
	for (size_t i = 0; i < s->f->n_conform; i++)
		if (side_row(s, i, buf, sizeof buf) && strcmp(buf, name) == 0)
			return &s->f->conform[i];
	return NULL;
}

static bool
has_id(const cs_res_conform *r, cs_res_ckind k, long long id)
{
	for (long long i = 0; r && i < r->n[k]; i++)
		if (r->ids[k][i] == id)
			return true;
	return false;
}

static int
add(cs_conform_diff *d, size_t *cap, const char *row, const char *kind, long long tc, bool fixed)
{
	if (d->n == *cap) {
		size_t c = *cap ? 2 * *cap : 32;
		cs_conform_finding *f = realloc(d->f, c * sizeof *f);
		if (!f)
			return -1;
		d->f = f;
		*cap = c;
	}
	cs_conform_finding *x = &d->f[d->n++];
	snprintf(x->row, sizeof x->row, "%s", row);
	x->kind = kind;
	x->tc = tc;
	x->fixed = fixed;
	if (fixed)
		d->fixed++;
	else
		d->worse++;
	return 0;
}

/* The failing ids of a not in b, as findings (or fixed ones). */
static int
ids_not_in(cs_conform_diff *d, size_t *cap, const char *name, const cs_res_conform *a,
	   const cs_res_conform *b, bool fixed)
{
	for (size_t i = 0; i < N_FAILING; i++) {
		cs_res_ckind k = failing[i].k;
		for (long long q = 0; q < a->n[k]; q++)
			if (!has_id(b, k, a->ids[k][q]) &&
			    add(d, cap, name, cs_res_ckind_key(k), a->ids[k][q], fixed))
				return -1;
	}
	return 0;
}

cs_conform_diff *
cs_conform_diff_build(const cs_res_file *base, const cs_res_file *cur, const char *base_lib,
		      const char *cur_lib, const cs_compare_opts *o)
{
	cs_conform_diff *d = calloc(1, sizeof *d);
	if (!d)
		return NULL;
	side b = {base, base_lib, cur_lib, o}, c = {cur, cur_lib, NULL, NULL};
	size_t nb = 0, nc = 0;
	char name[CS_RES_LABEL_MAX + 2 * CS_RES_NAME_MAX];
	for (size_t i = 0; i < base->n_conform; i++)
		nb += side_row(&b, i, name, sizeof name);
	for (size_t i = 0; i < cur->n_conform; i++)
		nc += side_row(&c, i, name, sizeof name);
	if (!base->has_conform || !cur->has_conform || (base_lib && (!nb || !nc))) {
		/* said when one side has a block (or, in one run, one selection has
		   rows): files without any stay as they were */
		if (base->has_conform || cur->has_conform)
			d->why_not = !base->has_conform	 ? "BASE has none"
				     : !cur->has_conform ? "NEW has none"
				     : !nb		 ? "BASE's selection has no row"
							 : "NEW's selection has no row";
		return d;
	}
	d->compared = true;
	size_t cap = 0;
	for (int pass = 0; pass < 2; pass++) /* findings first, then the fixed */
		for (size_t i = 0; i < cur->n_conform; i++) {
			if (!side_row(&c, i, name, sizeof name))
				continue;
			const cs_res_conform *r = &cur->conform[i];
			const cs_res_conform *br = find(&b, name);
			if (pass == 0 ? ids_not_in(d, &cap, name, r, br, false) != 0
				      : br && ids_not_in(d, &cap, name, br, r, true) != 0) {
				cs_conform_diff_free(d);
				return NULL;
			}
		}
	for (size_t i = 0; i < base->n_conform; i++) {
		if (side_row(&b, i, name, sizeof name) && !find(&c, name) &&
		    add(d, &cap, name, "row missing", -1, false)) {
			cs_conform_diff_free(d);
			return NULL;
		}
	}
	return d;
}

void
cs_conform_diff_free(cs_conform_diff *d)
{
	if (d)
		free(d->f);
	free(d);
}

void
cs_conform_diff_text(const cs_conform_diff *d, FILE *f)
{
	if (!d)
		return;
	if (!d->compared) {
		if (d->why_not)
			fprintf(f,
				"\nconformance: not compared (a conformance block: %s; run "
				"--conform)\n",
				d->why_not);
		return;
	}
	for (int fixed = 0; fixed < 2; fixed++) {
		fprintf(f, "\n%s (%zu)%s\n",
			fixed ? "conformance fixed in NEW"
			      : "conformance: test vectors failing in NEW, not in BASE",
			fixed ? d->fixed : d->worse, (fixed ? d->fixed : d->worse) ? ":" : "");
		for (size_t i = 0; i < d->n; i++) {
			const cs_conform_finding *x = &d->f[i];
			if (x->fixed != (fixed != 0))
				continue;
			fprintf(f, "  %-50s %s", cs_esc_term(x->row), cs_esc_term(x->kind));
			if (x->tc >= 0)
				fprintf(f, " tcId %lld", x->tc);
			fputc('\n', f);
		}
	}
}

json_t *
cs_conform_diff_json(const cs_conform_diff *d)
{
	if (!d || !d->compared)
		return json_pack("{sb ss}", "compared", false, "why_not",
				 !d ? "out of memory"
				 : d->why_not
					 ? d->why_not
					 : "neither side has a conformance block (run --conform)");
	json_t *worse = json_array(), *fixed = json_array();
	for (size_t i = 0; i < d->n; i++) {
		const cs_conform_finding *x = &d->f[i];
		json_t *e = json_pack("{ss ss}", "row", x->row, "kind", x->kind);
		if (x->tc >= 0)
			json_object_set_new(e, "tcId", json_integer((json_int_t)x->tc));
		json_array_append_new(x->fixed ? fixed : worse, e);
	}
	return json_pack("{sb so so}", "compared", true, "failing", worse, "fixed", fixed);
}
