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

/* The sections of the verdict, in the order they print. */
enum { SEC_ANSWER, SEC_FACT, SEC_FAMILY, SEC_DERIVED, SEC_N };

/* One ranked library of an answer (the HTML charts draw these). */
typedef struct qlib {
	char name[CS_RES_NAME_MAX];
	double mean, lo, hi; /* geometric means of best / its rate, and of its interval */
	size_t place;	     /* 1 for the fastest; tied libraries share one */
	bool tie;
	char hw[64]; /* cs_report_hw of its cell at the largest point */
} qlib;

/* One line of the verdict. */
typedef struct item {
	int sec;     /* SEC_* */
	char *title; /* "AES-128-GCM <= 256 B" (malloc'd) */
	char *text;  /* the answer (malloc'd) */
	char *line;  /* answers: the text report's line, under 120 characters */
	char *key;   /* answers: the algorithm (data-q in HTML), else NULL */
	qlib *q;     /* answers: the ranked libraries, best first (malloc'd) */
	size_t n_q;
	char *apart; /* answers: libraries listed apart, with what they miss ("" none) */
} item;

typedef struct items {
	item v[512];
	size_t n;
} items;

static void
add(items *it, int sec, const char *title, const char *text)
{
	if (it->n < sizeof it->v / sizeof it->v[0])
		it->v[it->n++] = (item){.sec = sec, .title = strdup(title), .text = strdup(text)};
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
	add(it, SEC_FAMILY, title, text);
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
		 "derived, not measured: TLS 1.3 handshake crypto cost from primitives, x25519 + "
		 "ECDSA P-256, client + server%s%s (--view handshake)",
		 *tag(m, s) ? ", " : "", tag(m, s));
	add(it, SEC_DERIVED, title, text);
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
		add(it, SEC_FACT, tag(m, s), text);
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
		add(it, SEC_FACT, tag(m, s), text);
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
					add(it, SEC_FACT, "interop", text);
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
				add(it, SEC_FACT, "conformance", text);
			}
	}
}

/* ---- the answers: one ranking per algorithm and size class ---- */

/* How an algorithm is named in a question. */
static const struct {
	const char *alg, *name;
} display[] = {
	{"aes-128-gcm", "AES-128-GCM"},
	{"aes-256-gcm", "AES-256-GCM"},
	{"chacha20-poly1305", "ChaCha20-Poly1305"},
	{"aes-128-cbc", "AES-128-CBC"},
	{"aes-256-cbc", "AES-256-CBC"},
	{"sha1", "SHA-1"},
	{"sha256", "SHA-256"},
	{"sha512", "SHA-512"},
	{"x25519", "X25519"},
	{"p256", "P-256 ECDH"},
	{"ed25519", "Ed25519"},
	{"ecdsa-p256", "ECDSA P-256"},
	{"rsa-2048", "RSA-2048"},
	{"hmac-sha256", "HMAC-SHA-256"},
	{"ml-kem-768", "ML-KEM-768"},
	{"ml-dsa-65", "ML-DSA-65"},
};

static const char *
display_name(const char *alg)
{
	for (size_t i = 0; i < sizeof display / sizeof display[0]; i++)
		if (strcmp(display[i].alg, alg) == 0)
			return display[i].name;
	return alg;
}

#define MAX_POINTS 512

/* One question: the cells of algorithm alg (ops in ops, or every op when
   ops is NULL) at the sizes of class cls, in the group's sources. */
typedef struct question {
	const char *key;	/* data-q: "aes-128-gcm", "tls-handshake" */
	const char *title;	/* "AES-128-GCM <= 256 B" */
	const char *alg;	/* the cells' algorithm */
	const char *const *ops; /* NULL-terminated, or NULL for all */
	size_t cls;		/* classes[] index, or (size_t)-1 for every size */
	const char *kind;	/* a family's question: every algorithm of this kind */
	int sec;		/* SEC_ANSWER, or SEC_FAMILY for a family */
} question;

/* The kind of a block's cells ("aead", ...). */
static const char *
block_kind(const cs_matrix *m, const cs_mblock *B)
{
	for (size_t r = 0; r < B->n_rows; r++)
		for (size_t s = 0; s < m->n_sources; s++)
			if (B->rows[r].any[s])
				return kind_of(B->rows[r].any[s]);
	return "other";
}

static bool
op_in(const char *op, const char *const *ops)
{
	for (size_t i = 0; ops && ops[i]; i++)
		if (strcmp(ops[i], op) == 0)
			return true;
	return !ops;
}

static int
by_qmean(const void *a, const void *b)
{
	const qlib *x = a, *y = b;
	return (x->mean > y->mean) - (x->mean < y->mean);
}

/* The points of one question (a size of a block, per source) and each
   library's best cell at each; large, so one static instance serves every
   question. */
typedef struct points {
	char libs[MAX_LIBS][CS_RES_NAME_MAX], pname[MAX_POINTS][96];
	const cs_res_cell *cell[MAX_LIBS][MAX_POINTS]; /* NULL: the library lacks it */
	bool has[MAX_LIBS * MAX_POINTS];
	size_t n_libs, n_points;
	bool ranked[MAX_LIBS], use[MAX_POINTS]; /* cs_rules_common's choice */
	size_t used, last;			/* points used, and the last of them */
} points;

/* Every library's best cell at point p of block B (source s, size k): false
   when no library has one. */
static bool
gather_point(points *pt, const cs_matrix *m, const cs_mblock *B, size_t s, size_t k)
{
	size_t p = pt->n_points;
	bool any = false;
	for (size_t r = 0; r < B->n_rows; r++) {
		char l[CS_RES_NAME_MAX];
		lib_of(B->rows[r].label, l, sizeof l);
		const cs_res_cell *c = best_of(m, B, s, k, l);
		if (!c)
			continue;
		size_t i = 0;
		while (i < pt->n_libs && strcmp(pt->libs[i], l) != 0)
			i++;
		if (i == pt->n_libs) {
			if (pt->n_libs == MAX_LIBS)
				continue;
			snprintf(pt->libs[pt->n_libs++], sizeof pt->libs[0], "%s", l);
		}
		pt->cell[i][p] = c;
		any = true;
	}
	return any;
}

/* The question's points: each size in its class of each block it asks
   about, in each source of the group, named for the "misses" list. */
static void
gather(points *pt, const cs_matrix *m, const bool *in_group, const question *qu)
{
	pt->n_libs = pt->n_points = 0;
	memset(pt->cell, 0, sizeof pt->cell);
	for (size_t bl = 0; bl < m->n_blocks; bl++) {
		const cs_mblock *B = &m->blocks[bl];
		if (qu->kind ? strcmp(block_kind(m, B), qu->kind) != 0
			     : strcmp(B->alg, qu->alg) != 0 || !op_in(B->op, qu->ops))
			continue;
		for (size_t s = 0; s < m->n_sources; s++)
			for (size_t k = 0; in_group[s] && k < B->n_sizes; k++) {
				if (qu->cls != (size_t)-1 && !in_class(B->sizes[k], qu->cls))
					continue;
				if (pt->n_points == MAX_POINTS)
					break;
				if (!gather_point(pt, m, B, s, k))
					continue;
				char size[32] = "";
				if (B->bytes)
					cs_report_size_name(B->sizes[k], size, sizeof size);
				snprintf(pt->pname[pt->n_points], sizeof pt->pname[0],
					 "%.24s%s%.16s%s%s%s%s", qu->kind ? B->alg : "",
					 qu->kind ? " " : "", B->op, *size ? " " : "", size,
					 *tag(m, s) ? " " : "", tag(m, s));
				pt->n_points++;
			}
	}
}

/* The ranked libraries (cs_rules_common), best first with their places:
   malloc'd, NULL on no memory. */
static qlib *
rank_points(points *pt, size_t *n_q)
{
	size_t n_libs = pt->n_libs, n_points = pt->n_points;
	for (size_t l = 0; l < n_libs; l++)
		for (size_t p = 0; p < n_points; p++)
			pt->has[l * n_points + p] = pt->cell[l][p] != NULL;
	cs_rules_common(pt->has, n_libs, n_points, pt->ranked, pt->use);
	qlib *q = calloc(n_libs, sizeof *q);
	double lo[MAX_LIBS], hi[MAX_LIBS];
	size_t place[MAX_LIBS];
	bool tie[MAX_LIBS];
	if (!q)
		return NULL;
	pt->used = pt->last = 0;
	for (size_t p = 0; p < n_points; p++)
		if (pt->use[p]) {
			pt->used++;
			pt->last = p;
		}
	*n_q = 0;
	for (size_t l = 0; l < n_libs; l++) {
		if (!pt->ranked[l])
			continue;
		qlib *x = &q[(*n_q)++];
		snprintf(x->name, sizeof x->name, "%.*s", (int)sizeof x->name - 1, pt->libs[l]);
		for (size_t p = 0; p < n_points; p++) {
			if (!pt->use[p])
				continue;
			double top = 0, clo, chi;
			for (size_t o = 0; o < n_libs; o++)
				if (pt->ranked[o])
					top = fmax(top, pt->cell[o][p]->rate.median);
			cs_rules_interval(pt->cell[l][p], &clo, &chi);
			x->mean += log(top / pt->cell[l][p]->rate.median);
			x->lo += log(top / fmax(chi, 1e-300));
			x->hi += log(top / fmax(clo, 1e-300));
		}
		x->mean = exp(x->mean / (double)pt->used);
		x->lo = exp(x->lo / (double)pt->used);
		x->hi = exp(x->hi / (double)pt->used);
		cs_report_hw(pt->cell[l][pt->last], x->hw, sizeof x->hw);
	}
	qsort(q, *n_q, sizeof *q, by_qmean);
	for (size_t i = 0; i < *n_q; i++) {
		lo[i] = q[i].lo;
		hi[i] = q[i].hi;
	}
	cs_rules_places(lo, hi, *n_q, place, tie);
	for (size_t i = 0; i < *n_q; i++) {
		q[i].place = place[i];
		q[i].tie = tie[i];
	}
	return q;
}

/* The libraries apart, with the points they miss; returns how many. */
static size_t
print_apart(FILE *fa, const points *pt)
{
	size_t n_apart = 0;
	for (size_t l = 0; l < pt->n_libs; l++) {
		if (pt->ranked[l])
			continue;
		fprintf(fa, "%s%s (misses", n_apart++ ? "; " : "", pt->libs[l]);
		size_t miss = 0;
		for (size_t p = 0; p < pt->n_points; p++)
			if (pt->use[p] && !pt->cell[l][p] && miss++ < 3)
				fprintf(fa, "%s %s", miss > 1 ? "," : "", pt->pname[p]);
		if (miss > 3)
			fprintf(fa, " and %zu more", miss - 3);
		fputc(')', fa);
	}
	return n_apart;
}

/* The answer's text: the places, the points, the libraries apart. */
static void
print_places(FILE *ft, const qlib *q, size_t n_q, size_t used, size_t n_apart, const char *apart)
{
	for (size_t i = 0; i < n_q; i++)
		fprintf(ft, "%s%s%zu %s %.2fx", i ? ", " : "", q[i].tie ? "=" : "", q[i].place,
			q[i].name, q[i].mean);
	if (n_q < 2)
		fprintf(ft, "%sno ranking (fewer than two libraries have these points)",
			n_q ? "; " : "");
	fprintf(ft, " [%zu point%s]", used, used == 1 ? "" : "s");
	if (n_apart)
		fprintf(ft, "; apart: %s", apart);
}

/* The text report's line: title, then as many places as fit in 118
   characters. */
static void
answer_line(char *line, size_t size, const char *title, const qlib *q, size_t n_q, size_t n_apart)
{
	int len = snprintf(line, size, "%-26s", title);
	char tail[64] = "";
	if (n_apart)
		snprintf(tail, sizeof tail, "; %zu apart", n_apart);
	for (size_t i = 0; i < n_q && len < (int)size; i++) {
		char one[CS_RES_NAME_MAX + 40];
		snprintf(one, sizeof one, "%s%s%zu %s %.2fx", i ? ", " : " ", q[i].tie ? "=" : "",
			 q[i].place, q[i].name, q[i].mean);
		char more[32];
		snprintf(more, sizeof more, ", +%zu", n_q - i);
		if (len + strlen(one) + strlen(more) + strlen(tail) > 116) {
			len += snprintf(line + len, size - (size_t)len, "%s", more);
			break;
		}
		len += snprintf(line + len, size - (size_t)len, "%s", one);
	}
	if (n_q < 2 && len < (int)size)
		len += snprintf(line + len, size - (size_t)len, "%s",
				n_q ? " (alone on these points)" : " no ranking");
	if (len < (int)size)
		snprintf(line + len, size - (size_t)len, "%s", tail);
}

/* The answer to one question, under the rules of rules.c: the points every
   ranked library has, places by overlapping intervals, the others apart. */
static void
answer(items *it, const cs_matrix *m, const bool *in_group, const char *group, const question *qu)
{
	static points pt;
	gather(&pt, m, in_group, qu);
	if (!pt.n_points || pt.n_libs < 2)
		return; /* one library alone answers no question of "which is faster" */
	size_t n_q = 0;
	qlib *q = rank_points(&pt, &n_q);
	if (!q)
		return;
	char *apart = NULL, *text = NULL;
	size_t alen = 0, tlen = 0;
	FILE *fa = open_memstream(&apart, &alen), *ft = open_memstream(&text, &tlen);
	if (!fa || !ft) {
		if (fa)
			fclose(fa);
		if (ft)
			fclose(ft);
		free(apart);
		free(text);
		free(q);
		return;
	}
	size_t n_apart = print_apart(fa, &pt);
	fclose(fa);
	print_places(ft, q, n_q, pt.used, n_apart, apart);
	fclose(ft);
	char title[256];
	snprintf(title, sizeof title, "%s%s%s", qu->title, *group ? ", " : "", group);
	char line[160];
	answer_line(line, sizeof line, title, q, n_q, n_apart);
	if (it->n < sizeof it->v / sizeof it->v[0]) {
		item *x = &it->v[it->n++];
		*x = (item){.sec = qu->sec,
			    .title = strdup(title),
			    .text = text,
			    .line = strdup(line),
			    .key = strdup(qu->key),
			    .q = q,
			    .n_q = n_q,
			    .apart = apart};
		return;
	}
	free(text);
	free(apart);
	free(q);
}

/* The TLS questions from measured TLS cells: the headline configuration
   (the first TLS algorithm present), its handshakes and its records. */
static void
tls_answers(items *it, const cs_matrix *m, const bool *in_group, const char *group)
{
	static const char *const hs[] = {"handshake", NULL}, *const rec[] = {"send", "recv", NULL};
	for (size_t bl = 0; bl < m->n_blocks; bl++) {
		const cs_mblock *B = &m->blocks[bl];
		const cs_alg *a = cs_alg_find(B->alg);
		if (!a || a->kind != CS_TLS)
			continue;
		char t1[160], t2[160];
		snprintf(t1, sizeof t1, "TLS handshake (%s)", B->alg);
		snprintf(t2, sizeof t2, "TLS records (%s)", B->alg);
		size_t before = it->n;
		answer(it, m, in_group, group,
		       &(question){.key = "tls-handshake",
				   .title = t1,
				   .alg = B->alg,
				   .ops = hs,
				   .cls = (size_t)-1});
		answer(it, m, in_group, group,
		       &(question){.key = "tls-records",
				   .title = t2,
				   .alg = B->alg,
				   .ops = rec,
				   .cls = (size_t)-1});
		if (it->n > before)
			return;
	}
	/* said, not left out: no measured TLS cell in these files (imported
	   openssl speed tables never run TLS: nothing to say for them) */
	bool measured = false;
	for (size_t s = 0; s < m->n_sources; s++)
		measured |= in_group[s] && !m->sources[s].src->imported;
	if (measured && it->n < sizeof it->v / sizeof it->v[0]) {
		item *x = &it->v[it->n++];
		char title[160];
		snprintf(title, sizeof title, "TLS handshake%s%s", *group ? ", " : "", group);
		const char *no = "not measured in these files (run --alg tls)";
		char line[260];
		snprintf(line, sizeof line, "%-26s %s", title, no);
		*x = (item){.sec = SEC_ANSWER,
			    .title = strdup(title),
			    .text = strdup(no),
			    .line = strdup(line),
			    .key = strdup("tls-handshake"),
			    .apart = strdup("")};
	}
}

/* Every algorithm's questions, in catalogue order: byte algorithms small
   (<= 256 B) and large (>= 1 KiB), the others per op; TLS first. */
static void
answers(items *it, const cs_matrix *m, const bool *in_group, const char *group)
{
	tls_answers(it, m, in_group, group);
	for (size_t bl = 0; bl < m->n_blocks; bl++) {
		const cs_mblock *B = &m->blocks[bl];
		const cs_alg *a = cs_alg_find(B->alg);
		bool seen = false;
		for (size_t o = 0; o < bl; o++)
			seen |= strcmp(m->blocks[o].alg, B->alg) == 0;
		if (seen || (a && a->kind == CS_TLS))
			continue;
		const char *name = display_name(B->alg);
		char title[160];
		for (size_t c = 0; c < sizeof classes / sizeof classes[0]; c++) {
			if (B->bytes != (c < 2))
				continue;
			if (B->bytes)
				snprintf(title, sizeof title, "%s %s", name, classes[c].name);
			else
				snprintf(title, sizeof title, "%s", name);
			answer(it, m, in_group, group,
			       &(question){.key = B->alg, .title = title, .alg = B->alg, .cls = c});
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
		answers(it, m, in, group);
		for (size_t k = 0; k < n_kinds; k++)
			for (size_t c = 0;
			     strcmp(kinds[k], "tls") != 0 && c < sizeof classes / sizeof classes[0];
			     c++) {
				char title[160];
				snprintf(title, sizeof title, "%s %s", kinds[k], classes[c].name);
				answer(it, m, in, group,
				       &(question){.key = kinds[k],
						   .title = title,
						   .kind = kinds[k],
						   .cls = c,
						   .sec = SEC_FAMILY});
			}
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
			add(it, SEC_FACT, tag(m, s),
			    "this source ran under an emulator: its cells are listed, never ranked "
			    "by time");
	}
	agreement_facts(it, m);
	free(in);
}

/* The instruction class of a library's cell as a one-letter mark on its
   bar: A (AES instructions), S (SHA), V (vector: SSE/AVX/NEON), C (counted),
   - (none seen or no evidence), i (imported). */
static char
hw_mark(const char *hw)
{
	if (strcmp(hw, "imported") == 0)
		return 'i';
	if (strstr(hw, "aes") || strstr(hw, "pmull") || strstr(hw, "pclmul"))
		return 'A';
	if (strstr(hw, "sha"))
		return 'S';
	if (strstr(hw, "avx") || strstr(hw, "sse") || strstr(hw, "neon") || strstr(hw, "asimd") ||
	    strstr(hw, "vec") || strstr(hw, "bmi") || strstr(hw, "adx"))
		return 'V';
	return '-';
}

#define CH_W 268    /* a chart's width */
#define CH_ROW 15   /* a bar's row */
#define CH_NAME 74  /* names end here */
#define CH_BAR0 78  /* bars start here */
#define CH_BARW 100 /* the leader's bar; whiskers end by 1.25 times it */

/* One answer as a small bar chart: a bar per ranked library (speed relative
   to the fastest), its interval as a whisker, the places tied with the
   leader filled like the leader, the class mark on the bar. */
static void
answer_svg(FILE *f, const item *x)
{
	size_t h = CH_ROW * x->n_q + 4;
	fprintf(f, "<svg class=\"qc\" width=\"%d\" height=\"%zu\" role=\"img\">", CH_W, h);
	for (size_t i = 0; i < x->n_q; i++) {
		const qlib *q = &x->q[i];
		double y = 2 + (double)i * CH_ROW, w = CH_BARW / q->mean;
		double wlo = CH_BARW / q->hi, whi = fmin(CH_BARW / q->lo, 1.25 * CH_BARW);
		const char *fill = q->place == 1 ? "#2a7" : q->tie ? "#9bd" : "#bbb";
		fprintf(f, "<text class=\"ql\" x=\"%d\" y=\"%.1f\" text-anchor=\"end\">", CH_NAME,
			y + 10);
		cs_esc_xml(f, q->name);
		fprintf(f,
			"</text><rect x=\"%d\" y=\"%.1f\" width=\"%.1f\" height=\"11\" "
			"fill=\"%s\"><title>",
			CH_BAR0, y, w, fill);
		cs_esc_xml(f, q->name);
		fprintf(f,
			" %.2fx the fastest, 95%% interval %.2fx to %.2fx; instructions: ", q->mean,
			q->lo, q->hi);
		cs_esc_xml(f, q->hw);
		fprintf(f, "</title></rect>");
		fprintf(f, "<path d=\"M%.1f %.1fH%.1fM%.1f %.1fv5M%.1f %.1fv5\" stroke=\"#333\"/>",
			CH_BAR0 + wlo, y + 5.5, CH_BAR0 + whi, CH_BAR0 + wlo, y + 3, CH_BAR0 + whi,
			y + 3);
		/* the mark inside its bar, or just after a bar too short to hold it */
		if (w >= 10)
			fprintf(f, "<text class=\"qm\" x=\"%d\" y=\"%.1f\">%c</text>", CH_BAR0 + 2,
				y + 9.5, hw_mark(q->hw));
		else
			fprintf(f, "<text class=\"qm qd\" x=\"%.1f\" y=\"%.1f\">%c</text>",
				CH_BAR0 + w + 1, y + 9.5, hw_mark(q->hw));
		fprintf(f, "<text class=\"ql\" x=\"%d\" y=\"%.1f\">%s%zu %.2fx</text>",
			CH_BAR0 + CH_BARW * 5 / 4 + 6, y + 10, q->tie ? "=" : "", q->place,
			q->mean);
	}
	fputs("</svg>", f);
}

static void
free_items(items *it)
{
	for (size_t i = 0; i < it->n; i++) {
		free(it->v[i].title);
		free(it->v[i].text);
		free(it->v[i].line);
		free(it->v[i].key);
		free(it->v[i].q);
		free(it->v[i].apart);
	}
	free(it);
}

/* Text lines under 120 characters: "  " then words, continued with "    ". */
static void
wrap(FILE *f, const char *s)
{
	size_t col = 0, width = 116;
	fputs("  ", f);
	while (*s) {
		size_t w = strcspn(s, " ");
		if (col && col + 1 + w > width) {
			fputs("\n    ", f);
			col = 2;
		} else if (col) {
			fputc(' ', f);
			col++;
		}
		fprintf(f, "%.*s", (int)w, s);
		col += w;
		s += w;
		s += strspn(s, " ");
	}
	fputc('\n', f);
}

/* An item as a list line (markdown, html) or a text line. */
static void
print_item(FILE *f, const item *x, bool md, bool html)
{
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
	} else if (x->line && x->sec == SEC_ANSWER) {
		fprintf(f, "  %s\n", cs_esc_term(x->line));
	} else {
		char *all = NULL;
		if (asprintf(&all, "%s%s%s", x->title, *x->title ? ": " : "", x->text) < 0)
			return;
		wrap(f, cs_esc_term(all));
		free(all);
	}
}

void
cs_report_summary(const cs_matrix *m, const char *format, FILE *f)
{
	items *it = calloc(1, sizeof *it);
	if (!it)
		return;
	collect(it, m);
	bool md = strcmp(format, "markdown") == 0, html = strcmp(format, "html") == 0;
	static const char *const head[SEC_N] = {
		("Answers (each library's fastest plain path; Nx: geometric mean of best / its "
		 "rate; 1.00x the best)"),
		"Facts not to miss", "By family (summary: algorithms merged, same rules)",
		"Derived, not measured (computed from primitive cells; no TLS stack ran it)"};
	if (html)
		fputs("<section id=\"verdict\"><h2>Verdict</h2>\n", f);
	else
		fputs(md ? "## Verdict\n" : "VERDICT\n", f);
	for (int sec = 0; sec < SEC_N; sec++) {
		size_t shown = 0;
		for (size_t i = 0; i < it->n; i++) {
			const item *x = &it->v[i];
			if (x->sec != sec)
				continue;
			if (!shown++) {
				if (html && sec == SEC_ANSWER) {
					fputs("<p class=\"vh\">", f);
					cs_esc_xml(f, head[sec]);
					fputs(". Bars: speed relative to the fastest, whiskers its "
					      "95% "
					      "interval; green the leader, blue tied with others; "
					      "mark: "
					      "A AES, S SHA, V vector instructions, - none seen, i "
					      "imported.</p>\n<div class=\"qs\">\n",
					      f);
				} else if (html) {
					fprintf(f, "<details%s><summary>",
						sec == SEC_FACT ? " open" : "");
					cs_esc_xml(f, head[sec]);
					fputs("</summary>\n<ul>\n", f);
				} else if (md) {
					fputs("\n", f);
					cs_esc_md(f, head[sec]);
					fputs(":\n\n", f);
				} else {
					fprintf(f, "%s:\n", head[sec]);
				}
			}
			if (html && sec == SEC_ANSWER) {
				fputs("<figure class=\"q\" data-q=\"", f);
				cs_esc_xml(f, x->key);
				fputs("\"><figcaption>", f);
				cs_esc_xml(f, x->title);
				fputs("</figcaption>", f);
				if (x->n_q)
					answer_svg(f, x);
				if (!x->n_q || *x->apart) {
					fputs("<p class=\"qa\">", f);
					cs_esc_xml(f, x->n_q ? "apart: " : "");
					cs_esc_xml(f, x->n_q ? x->apart : x->text);
					fputs("</p>", f);
				}
				fputs("</figure>\n", f);
			} else {
				print_item(f, x, md, html);
			}
		}
		if (html && shown)
			fputs(sec == SEC_ANSWER ? "</div>\n" : "</ul></details>\n", f);
		if (sec == SEC_ANSWER) {
			/* the rule of these rankings, in one line under them */
			fputs(html ? "<p class=\"rules\">" : md ? "\n" : "  ", f);
			if (html)
				cs_esc_xml(f, cs_rules_tie_text());
			else if (md)
				cs_esc_md(f, cs_rules_tie_text());
			else
				fputs(cs_rules_tie_text(), f);
			fputs(html ? "</p>\n" : "\n", f);
		}
		if (!shown && sec == SEC_FACT) {
			if (html)
				fprintf(f, "<p class=\"vh\">%s: none stands out.</p>\n", head[sec]);
			else
				fprintf(f,
					md ? "\n%s: none stands out.\n" : "%s: none stands out.\n",
					head[sec]);
		}
	}
	if (html || md) {
		fputs(html ? "<p class=\"rules\">" : "\n", f);
		if (html)
			cs_esc_xml(f, cs_rules_text());
		else
			cs_esc_md(f, cs_rules_text());
		fputs(html ? "</p></section>\n" : "\n", f);
	} else {
		wrap(f, cs_rules_text());
	}
	free_items(it);
}
