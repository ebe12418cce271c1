/* The verdict first: what the files answer, before the evidence for it.
   Questions (per algorithm family and size class; which instruction classes
   each library used; the TLS 1.3 handshake), each a ranking under the rules
   of rules.c with ties called ties, and the facts a reader must not miss (a
   library that ran no AES or SHA instructions, a path 3x slower than
   another path of its library, outputs that disagree, conformance). */
#define _GNU_SOURCE
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "conform.h"
#include "escape.h"
#include "handshake.h"
#include "report.h"

#define MAX_LIBS 64
#define SLOW_PATH 3.0 /* a path this much slower than its library's fastest is a fact */

/* ", [2]": the source of a line when there are several (the sources table names them). */
static const char *
tag(const cs_matrix *m, size_t s)
{
	static char buf[32];
	if (m->n_sources < 2)
		return "";
	snprintf(buf, sizeof buf, "[%zu]", s + 1);
	return buf;
}

/* The cell's kind ("aead", "hash"...): the file's, else the catalogue's,
   else "other" (an algorithm this build does not know). */
static const char *
kind_of(const cs_res_cell *c)
{
	if (*c->kind)
		return c->kind;
	const cs_alg *a = cs_alg_find(c->alg);
	return a ? cs_kind_name(a->kind) : "other";
}

/* One line of the verdict. */
typedef struct item {
	bool fact;   /* a fact, else a question's answer */
	char *title; /* "aead, >= 1 KiB" (malloc'd) */
	char *text;  /* the answer (malloc'd) */
} item;

typedef struct items {
	item v[512];
	size_t n;
} items;

static void
add(items *it, bool fact, const char *title, const char *text)
{
	if (it->n < sizeof it->v / sizeof it->v[0])
		it->v[it->n++] = (item){fact, strdup(title), strdup(text)};
}

/* The library of a row label: up to '/' (the part before a build tag stays). */
static void
lib_of(const char *label, char *buf, size_t n)
{
	snprintf(buf, n, "%.*s", (int)strcspn(label, "/"), label);
}

/* A plain row: no mask, no variant, one worker (what the verdict compares). */
static bool
plain(const cs_res_cell *c)
{
	return strcmp(c->mask, "none") == 0 && !c->variant && c->multi <= 1;
}

/* Per library of a question: its best plain cell at each point, the
   geometric mean of best/its rate over the points it has. */
typedef struct lib_score {
	char name[CS_RES_NAME_MAX];
	double log_sum; /* sum of log(best / rate) */
	size_t points;	/* points it has */
	double mean;	/* exp(log_sum / points) */
	bool tied;	/* ties the library before it */
} lib_score;

static int
by_mean(const void *a, const void *b)
{
	const lib_score *x = a, *y = b;
	return (x->mean > y->mean) - (x->mean < y->mean);
}

/* The size classes of a question. */
static const struct {
	const char *name;
	long long lo, hi;
} classes[] = {{"<= 256 B", 1, 256}, {">= 1 KiB", 1024, 1LL << 62}, {"per op", 0, 0}};

static bool
in_class(long long size, size_t k)
{
	return size >= classes[k].lo && size <= classes[k].hi;
}

/* The best ranked plain cell of library lib in block b, source s, size k. */
static const cs_res_cell *
best_of(const cs_matrix *m, const cs_mblock *b, size_t s, size_t k, const char *lib)
{
	const cs_res_cell *best = NULL;
	for (size_t r = 0; r < b->n_rows; r++) {
		const cs_res_cell *c = cs_matrix_at(b, &b->rows[r], s, k);
		char l[CS_RES_NAME_MAX];
		lib_of(b->rows[r].label, l, sizeof l);
		if (c && plain(c) && strcmp(l, lib) == 0 && cs_rules_rankable(m, s, c) &&
		    (!best || c->rate.median > best->rate.median))
			best = c;
	}
	return best;
}

/* Two libraries tie when at every point both have, their best cells' 95%
   intervals overlap. */
static bool
libs_tie(const cs_matrix *m, const char *kind, size_t cls, const bool *in_group, const char *a,
	 const char *b)
{
	size_t common = 0;
	for (size_t bl = 0; bl < m->n_blocks; bl++) {
		const cs_mblock *B = &m->blocks[bl];
		for (size_t s = 0; s < m->n_sources; s++)
			for (size_t k = 0; in_group[s] && k < B->n_sizes; k++) {
				if (!in_class(B->sizes[k], cls))
					continue;
				const cs_res_cell *x = best_of(m, B, s, k, a),
						  *y = best_of(m, B, s, k, b);
				if (!x || !y || strcmp(kind_of(x), kind) != 0)
					continue;
				common++;
				if (!cs_rules_tie(x, y))
					return false;
			}
	}
	return common > 0;
}

/* One family x size class x ranking group: "1. a (1.00x), =2. b (1.4x), =2. c (1.5x)". */
static void
family_question(items *it, const cs_matrix *m, const char *kind, size_t cls, const bool *in_group,
		const char *group)
{
	lib_score libs[MAX_LIBS];
	size_t n_libs = 0, max_points = 0, n_algs = 0;
	char algs[256] = "";
	for (size_t bl = 0; bl < m->n_blocks; bl++) {
		const cs_mblock *B = &m->blocks[bl];
		bool used = false;
		for (size_t s = 0; s < m->n_sources; s++)
			for (size_t k = 0; in_group[s] && k < B->n_sizes; k++) {
				if (!in_class(B->sizes[k], cls))
					continue;
				/* the point's best rate over every library */
				double top = 0;
				for (size_t r = 0; r < B->n_rows; r++) {
					const cs_res_cell *c = cs_matrix_at(B, &B->rows[r], s, k);
					if (c && plain(c) && cs_rules_rankable(m, s, c) &&
					    strcmp(kind_of(c), kind) == 0)
						top = fmax(top, c->rate.median);
				}
				if (top <= 0)
					continue;
				used = true;
				max_points++;
				for (size_t r = 0; r < B->n_rows; r++) {
					char l[CS_RES_NAME_MAX];
					lib_of(B->rows[r].label, l, sizeof l);
					const cs_res_cell *c = best_of(m, B, s, k, l);
					if (!c || c != cs_matrix_at(B, &B->rows[r], s, k))
						continue; /* each library once per point: its best row */
					size_t i = 0;
					while (i < n_libs && strcmp(libs[i].name, l) != 0)
						i++;
					if (i == n_libs) {
						if (n_libs == MAX_LIBS)
							continue;
						memset(&libs[n_libs], 0, sizeof libs[n_libs]);
						snprintf(libs[n_libs++].name, sizeof libs[i].name,
							 "%s", l);
					}
					libs[i].log_sum += log(top / c->rate.median);
					libs[i].points++;
				}
			}
		if (used && strlen(algs) + strlen(B->alg) + 3 < sizeof algs &&
		    !strstr(algs, B->alg)) {
			size_t len = strlen(algs);
			snprintf(algs + len, sizeof algs - len, "%s%s", n_algs++ ? ", " : "",
				 B->alg);
		}
	}
	if (n_libs < 2)
		return;
	for (size_t i = 0; i < n_libs; i++)
		libs[i].mean = exp(libs[i].log_sum / (double)libs[i].points);
	qsort(libs, n_libs, sizeof *libs, by_mean);
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	if (!f)
		return;
	size_t place = 1;
	for (size_t i = 0; i < n_libs; i++) {
		bool tie =
			i > 0 && libs_tie(m, kind, cls, in_group, libs[i - 1].name, libs[i].name);
		if (!tie)
			place = i + 1;
		bool next_ties = i + 1 < n_libs &&
				 libs_tie(m, kind, cls, in_group, libs[i].name, libs[i + 1].name);
		fprintf(f, "%s%s%zu. %s %.2fx", i ? ", " : "", tie || next_ties ? "=" : "", place,
			libs[i].name, libs[i].mean);
		if (libs[i].points < max_points)
			fprintf(f, " (%zu of %zu)", libs[i].points, max_points);
	}
	fclose(f);
	char title[512];
	snprintf(title, sizeof title, "%s %s (%s)%s%s", kind, classes[cls].name, algs,
		 *group ? ", " : "", group);
	add(it, false, title, text);
	free(text);
}

/* Classes a library's plain cells ran (>= 10% of samples), per source. */
static void
classes_question(items *it, const cs_matrix *m, size_t s)
{
	char libs[MAX_LIBS][CS_RES_NAME_MAX], used[MAX_LIBS][256];
	size_t n = 0;
	for (size_t bl = 0; bl < m->n_blocks; bl++)
		for (size_t r = 0; r < m->blocks[bl].n_rows; r++) {
			const cs_res_cell *c = m->blocks[bl].rows[r].any[s];
			if (!c || !plain(c) || !c->ev.present || !c->ev.available)
				continue;
			char l[CS_RES_NAME_MAX];
			lib_of(m->blocks[bl].rows[r].label, l, sizeof l);
			size_t i = 0;
			while (i < n && strcmp(libs[i], l) != 0)
				i++;
			if (i == n) {
				if (n == MAX_LIBS)
					continue;
				snprintf(libs[n], sizeof libs[n], "%s", l);
				used[n++][0] = '\0';
			}
			for (size_t k = 0; k < c->ev.n_classes; k++) {
				const char *name = c->ev.classes[k].name;
				size_t len = strlen(used[i]);
				if (c->ev.classes[k].share < 0.10 || strcmp(name, "scalar") == 0 ||
				    strstr(used[i], name) ||
				    len + strlen(name) + 3 >= sizeof used[i])
					continue;
				snprintf(used[i] + len, sizeof used[i] - len, "%s%s",
					 len ? ", " : "", name);
			}
		}
	if (!n)
		return;
	char text[4096] = "", title[256];
	size_t len = 0;
	for (size_t i = 0; i < n && len < sizeof text; i++)
		len += (size_t)snprintf(text + len, sizeof text - len, "%s%s: %s", i ? "; " : "",
					libs[i], *used[i] ? used[i] : "scalar only");
	snprintf(title, sizeof title, "instruction classes each library used%s%s",
		 *tag(m, s) ? ", " : "", tag(m, s));
	add(it, false, title, text);
}

/* The TLS 1.3 handshake's cryptography per row of a measured file, the
   cheapest first (handshake.h derives it from the measured cells). TLS cells
   of their own (engineer tls) add their question here. */
static void
handshake_question(items *it, const cs_matrix *m, size_t s)
{
	const cs_res_file *file = m->sources[s].file;
	if (m->sources[s].src->imported || file->counting.present || cs_rules_emulated(file, NULL))
		return;
	cs_hs_config cfg;
	char why[256];
	if (!cs_hs_config_parse("x25519+ecdsa-p256", &cfg, why, sizeof why))
		return;
	struct {
		char row[CS_RES_LABEL_MAX];
		double us;
	} best[MAX_LIBS];
	size_t n = 0;
	for (size_t bl = 0; bl < m->n_blocks; bl++)
		for (size_t r = 0; r < m->blocks[bl].n_rows; r++) {
			const cs_res_cell *c = m->blocks[bl].rows[r].any[s];
			if (!c || !plain(c))
				continue;
			const char *label = m->blocks[bl].rows[r].label;
			bool seen = false;
			for (size_t i = 0; i < n; i++)
				seen |= strcmp(best[i].row, label) == 0;
			if (seen || n == MAX_LIBS)
				continue;
			cs_hs_cost cost;
			cs_hs_cost_of(file, label, &cfg, &cost);
			if (!cost.client || !cost.server)
				continue;
			snprintf(best[n].row, sizeof best[n].row, "%s", label);
			best[n++].us = cost.client_us + cost.server_us;
		}
	if (n < 1)
		return;
	for (size_t i = 1; i < n; i++)
		for (size_t j = i; j > 0 && best[j].us < best[j - 1].us; j--) {
			__typeof__(best[0]) t = best[j];
			best[j] = best[j - 1];
			best[j - 1] = t;
		}
	char text[2048] = "";
	size_t len = 0;
	for (size_t i = 0; i < n && len < sizeof text; i++)
		len += (size_t)snprintf(text + len, sizeof text - len, "%s%zu. %s %.0f us",
					i ? ", " : "", i + 1, best[i].row, best[i].us);
	char title[256];
	snprintf(title, sizeof title,
		 "TLS 1.3 handshake crypto, x25519 + ECDSA P-256, client + server%s%s (--view "
		 "handshake)",
		 *tag(m, s) ? ", " : "", tag(m, s));
	add(it, false, title, text);
}

/* Some row of block B in source s ran a class named like cls (>= 2% of its
   samples): the machine has such instructions for that algorithm. */
static bool
someone_ran(const cs_matrix *m, const cs_mblock *B, size_t s, const char *cls)
{
	(void)m;
	for (size_t r = 0; r < B->n_rows; r++) {
		const cs_res_cell *c = B->rows[r].any[s];
		for (size_t k = 0; c && c->ev.present && k < c->ev.n_classes; k++)
			if (strstr(c->ev.classes[k].name, cls) && c->ev.classes[k].share >= 0.02)
				return true;
	}
	return false;
}

/* A library whose plain cells of some AES (or SHA) algorithm have evidence
   and none ran a class of that family. */
static void
no_instructions_fact(items *it, const cs_matrix *m, size_t s, const char *family, const char *cls)
{
	char libs[MAX_LIBS][CS_RES_NAME_MAX], algs[MAX_LIBS][256];
	bool has[MAX_LIBS];
	size_t n = 0;
	for (size_t bl = 0; bl < m->n_blocks; bl++) {
		const cs_mblock *B = &m->blocks[bl];
		if (!strstr(B->alg, family) || !someone_ran(m, B, s, cls))
			continue; /* only where this machine has the instructions for it */
		for (size_t r = 0; r < B->n_rows; r++) {
			const cs_res_cell *c = B->rows[r].any[s];
			if (!c || !plain(c) || !c->ok || !c->ev.present || !c->ev.available)
				continue;
			char l[CS_RES_NAME_MAX];
			lib_of(B->rows[r].label, l, sizeof l);
			size_t i = 0;
			while (i < n && strcmp(libs[i], l) != 0)
				i++;
			if (i == n) {
				if (n == MAX_LIBS)
					continue;
				snprintf(libs[n], sizeof libs[n], "%s", l);
				algs[n][0] = '\0';
				has[n++] = false;
			}
			for (size_t k = 0; k < c->ev.n_classes; k++)
				has[i] |= strstr(c->ev.classes[k].name, cls) != NULL &&
					  c->ev.classes[k].share >= 0.02;
			size_t len = strlen(algs[i]);
			if (!strstr(algs[i], B->alg) && len + strlen(B->alg) + 3 < sizeof algs[i])
				snprintf(algs[i] + len, sizeof algs[i] - len, "%s%s",
					 len ? ", " : "", B->alg);
		}
	}
	for (size_t i = 0; i < n; i++) {
		if (has[i])
			continue;
		char text[1024];
		snprintf(text, sizeof text,
			 "%.200s ran no %s instructions here (%.700s: evidence shows none)",
			 libs[i], family[0] == 'a' ? "AES" : "SHA", algs[i]);
		add(it, true, tag(m, s), text);
	}
}

/* A path at least SLOW_PATH times slower than another path of its library,
   same source, cell and worker count: the worst case per (lib, slow path). */
static void
slow_path_facts(items *it, const cs_matrix *m, size_t s)
{
	struct {
		char slow[CS_RES_LABEL_MAX], fast[CS_RES_LABEL_MAX], where[128];
		double ratio;
	} worst[MAX_LIBS * 4];
	size_t n = 0;
	for (size_t bl = 0; bl < m->n_blocks; bl++) {
		const cs_mblock *B = &m->blocks[bl];
		for (size_t k = 0; k < B->n_sizes; k++)
			for (size_t r = 0; r < B->n_rows; r++) {
				const cs_res_cell *a = cs_matrix_at(B, &B->rows[r], s, k);
				if (!a || !plain(a) || !cs_rules_rankable(m, s, a))
					continue;
				for (size_t q = 0; q < B->n_rows; q++) {
					const cs_res_cell *b = cs_matrix_at(B, &B->rows[q], s, k);
					if (!b || q == r || !plain(b) ||
					    !cs_rules_rankable(m, s, b) ||
					    strcmp(a->lib, b->lib) != 0 ||
					    b->rate.median < SLOW_PATH * a->rate.median ||
					    cs_rules_tie(a, b))
						continue;
					double ratio = b->rate.median / a->rate.median;
					size_t i = 0;
					while (i < n &&
					       strcmp(worst[i].slow, B->rows[r].label) != 0)
						i++;
					if (i == n) {
						if (n == sizeof worst / sizeof worst[0])
							continue;
						worst[n++].ratio = 0;
					}
					if (ratio <= worst[i].ratio)
						continue;
					char size[32] = "";
					if (B->bytes)
						cs_report_size_name(B->sizes[k], size, sizeof size);
					worst[i].ratio = ratio;
					snprintf(worst[i].slow, sizeof worst[i].slow, "%s",
						 B->rows[r].label);
					snprintf(worst[i].fast, sizeof worst[i].fast, "%s",
						 B->rows[q].label);
					snprintf(worst[i].where, sizeof worst[i].where, "%s %s%s%s",
						 B->alg, B->op, *size ? " " : "", size);
				}
			}
	}
	for (size_t i = 0; i < n; i++) {
		char text[640];
		snprintf(text, sizeof text, "%.200s is up to %.1fx slower than %.200s (%.120s)",
			 worst[i].slow, worst[i].ratio, worst[i].fast, worst[i].where);
		add(it, true, tag(m, s), text);
	}
}

/* Outputs that disagree with the other libraries (interop), and rows that
   failed conformance (run --conform, report --conform: conform.c). */
static void
agreement_facts(items *it, const cs_matrix *m)
{
	for (size_t bl = 0; bl < m->n_blocks; bl++) {
		const cs_mblock *B = &m->blocks[bl];
		for (size_t r = 0; r < B->n_rows; r++)
			for (size_t s = 0; s < m->n_sources; s++)
				for (size_t k = 0; k < B->n_sizes; k++) {
					const cs_res_cell *c = cs_matrix_at(B, &B->rows[r], s, k);
					if (!c || c->agree != 0)
						continue;
					char text[512];
					snprintf(text, sizeof text,
						 "%.200s: its %.100s %.100s output disagrees with "
						 "the other "
						 "libraries' on the same input",
						 B->rows[r].label, B->alg, B->op);
					add(it, true, "interop", text);
					k = B->n_sizes; /* once per row */
				}
	}
	/* conformance (conform.h): a lib/path whose vectors did not all pass */
	for (size_t bl = 0; bl < m->n_blocks; bl++) {
		const cs_mblock *B = &m->blocks[bl];
		for (size_t r = 0; r < B->n_rows; r++)
			for (size_t s = 0; s < m->n_sources; s++) {
				const cs_res_cell *c = B->rows[r].any[s];
				char word[96], text[512];
				if (!c ||
				    !cs_conform_word(m->sources[s].file, c, word, sizeof word) ||
				    strcmp(word, "pass") == 0)
					continue;
				snprintf(text, sizeof text,
					 "%.200s failed %.100s test vectors: %.90s",
					 B->rows[r].label, B->alg, word);
				add(it, true, "conformance", text);
			}
	}
}

static void
collect(items *it, const cs_matrix *m)
{
	/* the ranking groups of the questions: each source, or all with --mix-sources */
	size_t n_groups = cs_rules_mixing() ? 1 : m->n_sources;
	bool *in = calloc(m->n_sources + 1, sizeof *in);
	if (!in)
		return;
	const char *kinds[32];
	size_t n_kinds = 0;
	for (size_t bl = 0; bl < m->n_blocks; bl++)
		for (size_t r = 0; r < m->blocks[bl].n_rows; r++)
			for (size_t s = 0; s < m->n_sources; s++) {
				const cs_res_cell *c = m->blocks[bl].rows[r].any[s];
				bool seen = false;
				for (size_t i = 0; c && i < n_kinds; i++)
					seen |= strcmp(kinds[i], kind_of(c)) == 0;
				if (c && !seen && n_kinds < 32)
					kinds[n_kinds++] = kind_of(c);
			}
	for (size_t g = 0; g < n_groups; g++) {
		for (size_t s = 0; s < m->n_sources; s++)
			in[s] = cs_rules_mixing() || s == g;
		char group[CS_RES_LABEL_MAX + 16] = "";
		if (n_groups > 1)
			snprintf(group, sizeof group, "[%zu]", g + 1);
		else if (cs_rules_mixing() && m->n_sources > 1)
			snprintf(group, sizeof group, "all sources");
		for (size_t k = 0; k < n_kinds; k++)
			for (size_t c = 0; c < sizeof classes / sizeof classes[0]; c++)
				family_question(it, m, kinds[k], c, in, group);
	}
	for (size_t s = 0; s < m->n_sources; s++) {
		classes_question(it, m, s);
		handshake_question(it, m, s);
	}
	for (size_t s = 0; s < m->n_sources; s++) {
		no_instructions_fact(it, m, s, "aes", "aes");
		no_instructions_fact(it, m, s, "sha", "sha");
		slow_path_facts(it, m, s);
		if (cs_rules_emulated(m->sources[s].file, NULL))
			add(it, true, tag(m, s),
			    "this source ran under an emulator: its cells are listed, never ranked "
			    "by time");
	}
	agreement_facts(it, m);
	free(in);
}

void
cs_report_summary(const cs_matrix *m, const char *format, FILE *f)
{
	items *it = calloc(1, sizeof *it);
	if (!it)
		return;
	collect(it, m);
	bool md = strcmp(format, "markdown") == 0, html = strcmp(format, "html") == 0;
	static const char *const head[] = {
		"Questions this run answers (plain rows: no mask, no variant, one worker; per "
		"library its fastest path; Nx: geometric mean of best / its rate, 1.00x the best; "
		"=N: a tie, the 95% intervals overlap at every point)",
		"Facts not to miss"};
	if (html)
		fputs("<section id=\"verdict\"><h2>Verdict</h2>\n", f);
	else
		fputs(md ? "## Verdict\n" : "VERDICT\n", f);
	for (int pass = 0; pass < 2; pass++) {
		size_t shown = 0;
		for (size_t i = 0; i < it->n; i++) {
			const item *x = &it->v[i];
			if (x->fact != (pass == 1))
				continue;
			if (!shown++) {
				if (html) {
					fputs("<p class=\"vh\">", f);
					cs_esc_xml(f, head[pass]);
					fputs("</p>\n<ul>\n", f);
				} else if (md) {
					fputs("\n", f);
					cs_esc_md(f, head[pass]);
					fputs(":\n\n", f);
				} else {
					fprintf(f, "%s:\n", head[pass]);
				}
			}
			if (html) {
				fputs("<li>", f);
				if (*x->title) {
					fputs("<b>", f);
					cs_esc_xml(f, x->title);
					fputs("</b>: ", f);
				}
				cs_esc_xml(f, x->text);
				fputs("</li>\n", f);
			} else if (md) {
				fputs("- ", f);
				if (*x->title) {
					fputs("**", f);
					cs_esc_md(f, x->title);
					fputs("**: ", f);
				}
				cs_esc_md(f, x->text);
				fputs("\n", f);
			} else {
				fprintf(f, "  %s%s%s\n", cs_esc_term(x->title),
					*x->title ? ": " : "", cs_esc_term(x->text));
			}
		}
		if (html && shown)
			fputs("</ul>\n", f);
		if (!shown && pass == 1) {
			if (html)
				fprintf(f, "<p class=\"vh\">%s: none stands out.</p>\n", head[1]);
			else
				fprintf(f,
					md ? "\n%s: none stands out.\n" : "%s: none stands out.\n",
					head[1]);
		}
	}
	fputs(html ? "<p class=\"rules\">" : md ? "\n" : "  ", f);
	if (html)
		cs_esc_xml(f, cs_rules_text());
	else if (md)
		cs_esc_md(f, cs_rules_text());
	else
		fputs(cs_rules_text(), f);
	fputs(html ? "</p></section>\n" : "\n", f);
	for (size_t i = 0; i < it->n; i++) {
		free(it->v[i].title);
		free(it->v[i].text);
	}
	free(it);
}
