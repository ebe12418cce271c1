/* The evidence view: per cell that has hw evidence (PC samples by
   instruction class) or an exact count (run --count), each class's share,
   one column per class, in text, Markdown, CSV or HTML. A class a cell did
   not run shows 0; a cell without evidence is not listed. */
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "report.h"

#define MAX_CLASSES 64

/* The class columns: every class of every listed cell, first seen first. */
typedef struct columns {
	const char *name[MAX_CLASSES];
	size_t n;
} columns;

/* A counted cell, or the cell of the size the evidence was taken at (a run
   attaches its row's one evidence to every size of the row). */
static bool
listed(const cs_res_cell *c)
{
	return c->count.present || (c->ev.present && c->ev.available && c->ev.n_classes > 0 &&
				    (c->ev.size < 0 || c->ev.size == c->size));
}

static void
add_class(columns *k, const char *name)
{
	for (size_t i = 0; i < k->n; i++)
		if (strcmp(k->name[i], name) == 0)
			return;
	if (k->n < MAX_CLASSES)
		k->name[k->n++] = name;
}

/* The cell's share of class name in percent: of the in-library samples, or
   of the counted instructions. */
static double
share(const cs_res_cell *c, const char *name)
{
	if (c->count.present) {
		for (size_t i = 0; i < c->count.n_classes; i++)
			if (strcmp(c->count.classes[i].name, name) == 0 && c->count.insns > 0)
				return 100.0 * (double)c->count.classes[i].n /
				       (double)c->count.insns;
		return 0;
	}
	for (size_t i = 0; i < c->ev.n_classes; i++)
		if (strcmp(c->ev.classes[i].name, name) == 0)
			return 100.0 * c->ev.classes[i].share;
	return 0;
}

typedef enum style { TEXT, MARKDOWN, CSV, HTML } style;

static void
put(FILE *f, style st, const char *s)
{
	switch (st) {
	case TEXT: fputs(cs_esc_term(s), f); break;
	case MARKDOWN: cs_esc_md(f, s); break;
	case CSV: cs_esc_csv(f, s); break;
	case HTML: cs_esc_xml(f, s); break;
	}
}

static const char *const opens[] = {"", "| ", "", "<tr><td class=\"l\">"};
static const char *const seps[] = {"  ", " | ", ",", "</td><td>"};
static const char *const closes[] = {"\n", " |\n", "\n", "</td></tr>\n"};

static void
header(FILE *f, style st, const columns *k, bool counted)
{
	static const char *const head[] = {"alg op", "lib/path", "size", "MB/s or op/s", "samples"};
	if (st == HTML)
		fputs("<table class=\"evidence\">\n<tr><th>", f);
	else
		fputs(opens[st], f);
	for (size_t i = 0; i < 5; i++) {
		if (i)
			fputs(st == HTML ? "</th><th>" : seps[st], f);
		put(f, st, i == 4 && counted ? "samples or insns/op" : head[i]);
	}
	for (size_t i = 0; i < k->n; i++) {
		fputs(st == HTML ? "</th><th>" : seps[st], f);
		char name[96];
		snprintf(name, sizeof name, "%s %%", k->name[i]);
		put(f, st, name);
	}
	fputs(st == HTML ? "</th></tr>\n" : closes[st], f);
	if (st == MARKDOWN) {
		fputs("|---|---|--:|--:|--:", f);
		for (size_t i = 0; i < k->n; i++)
			fputs("|--:", f);
		fputs("|\n", f);
	}
}

void
cs_report_evidence(const cs_res_file *const *files, size_t n, const char *format, FILE *f)
{
	style st = strcmp(format, "markdown") == 0 ? MARKDOWN
		   : strcmp(format, "csv") == 0	   ? CSV
		   : strcmp(format, "html") == 0   ? HTML
						   : TEXT;
	cs_matrix m;
	if (cs_matrix_build(&m, files, n) != 0) {
		fprintf(f, "out of memory\n");
		return;
	}
	columns k = {.n = 0};
	bool counted = false;
	size_t rows = 0;
	for (size_t b = 0; b < m.n_blocks; b++) {
		const cs_mblock *bl = &m.blocks[b];
		for (size_t r = 0; r < bl->n_rows; r++)
			for (size_t s = 0; s < m.n_sources; s++)
				for (size_t z = 0; z < bl->n_sizes; z++) {
					const cs_res_cell *c = cs_matrix_at(bl, &bl->rows[r], s, z);
					if (!c || !listed(c))
						continue;
					rows++;
					counted |= c->count.present;
					if (c->count.present)
						for (size_t i = 0; i < c->count.n_classes; i++)
							add_class(&k, c->count.classes[i].name);
					else
						for (size_t i = 0; i < c->ev.n_classes; i++)
							add_class(&k, c->ev.classes[i].name);
				}
	}
	if (st == HTML)
		fputs("<h2 id=\"evidence\">Hardware evidence</h2>\n", f);
	header(f, st, &k, counted);
	for (size_t b = 0; b < m.n_blocks; b++) {
		const cs_mblock *bl = &m.blocks[b];
		char what[2 * CS_RES_NAME_MAX + 2];
		snprintf(what, sizeof what, "%s %s", bl->alg, bl->op);
		for (size_t r = 0; r < bl->n_rows; r++)
			for (size_t s = 0; s < m.n_sources; s++)
				for (size_t z = 0; z < bl->n_sizes; z++) {
					const cs_res_cell *c = cs_matrix_at(bl, &bl->rows[r], s, z);
					if (!c || !listed(c))
						continue;
					char label[CS_RES_LABEL_MAX + 16], num[64];
					if (m.n_sources > 1)
						snprintf(label, sizeof label, "[%zu] %.400s", s + 1,
							 bl->rows[r].label);
					else
						snprintf(label, sizeof label, "%s",
							 bl->rows[r].label);
					fputs(opens[st], f);
					put(f, st, what);
					fputs(seps[st], f);
					put(f, st, label);
					fputs(seps[st], f);
					snprintf(num, sizeof num, "%lld", c->size);
					put(f, st, num);
					fputs(seps[st], f);
					if (c->ok && !c->count.present)
						cs_report_number(c->rate.median /
									 (c->bytes ? 1e6 : 1),
								 num, sizeof num);
					else
						snprintf(num, sizeof num, "%s",
							 c->count.present ? "counted" : c->status);
					put(f, st, num);
					fputs(seps[st], f);
					if (c->count.present)
						snprintf(num, sizeof num, "%.1f insns/op",
							 c->count.insns_per_op);
					else
						snprintf(num, sizeof num, "%lld", c->ev.samples);
					put(f, st, num);
					for (size_t i = 0; i < k.n; i++) {
						double v = share(c, k.name[i]);
						snprintf(num, sizeof num, "%.*f",
							 v > 0 && v < 1 ? 2 : 0, v);
						fputs(seps[st], f);
						put(f, st, num);
					}
					fputs(closes[st], f);
				}
	}
	if (st == HTML)
		fputs("</table>\n", f);
	if (st != CSV) {
		const char *note =
			rows ? "Share of each cell's in-library PC samples (or, counted, of its "
			       "instructions) per instruction class, in percent; evidence is taken "
			       "at the run's --evidence-size."
			     : "No cell has hw evidence or a count (run with evidence, or run "
			       "--count).";
		fputs(st == HTML ? "<p>" : "\n", f);
		put(f, st, note);
		fputs(st == HTML ? "</p>\n" : "\n", f);
	}
	cs_matrix_free(&m);
}
