/* cryptospeed history: the rate of every cell across result files in time
   order, with the change points e-divisive means finds, as text, JSON and one
   small SVG per changed cell. */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <jansson.h>

#include "changepoint.h"
#include "escape.h"
#include "outfile.h"
#include "history.h"
#include "report.h"

#define MAX_CP 16

typedef struct hfile {
	const char *path;     /* as given */
	const cs_res_file *r; /* the result file */
	const char *started;  /* its "started" time stamp */
	size_t arg;	      /* position on the command line (ties keep it) */
} hfile;

typedef struct hcell {
	char key[CS_RES_LABEL_MAX + 3 * CS_RES_NAME_MAX]; /* "label alg op size" */
	const cs_res_cell *cell;   /* the cell in the first file that has it (names, unit) */
	double *rate;		   /* per file in time order: rate median, NAN when absent/not ok */
	size_t *at;		   /* rate index -> file index, for the points present */
	size_t n;		   /* points present */
	cs_changepoint cp[MAX_CP]; /* change points (index into the points present) */
	int n_cp;
} hcell;

typedef cs_history_opts hopts;

const cs_history_opts cs_history_defaults = {
	.format = "text",
	.svg_dir = NULL,
	.threshold = 0.05,
	.cp = {.min_size = 3, .alpha = 0.01, .permutations = 499, .seed = 1},
};

static char *why_buf;
static size_t why_len;

static int
fail(int status, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(why_buf, why_len, fmt, ap);
	va_end(ap);
	return status;
}

static int
cmp_file(const void *a, const void *b)
{
	const hfile *x = a, *y = b;
	int c = strcmp(x->started, y->started);
	return c ? c : (x->arg > y->arg) - (x->arg < y->arg);
}

/* Check that every file comes from the first file's host, then sort by time. */
static int
order(hfile *f, size_t n, bool same_cpu)
{
	const cs_res_file *a = f[0].r;
	for (size_t i = 0; i < n; i++) {
		const cs_res_file *b = f[i].r;
		f[i].started = b->started;
		if ((!same_cpu && strcmp(a->hostname, b->hostname)) ||
		    strcmp(a->cpu_model, b->cpu_model) || strcmp(a->cpu_arch, b->cpu_arch))
			return fail(2,
				    "'%s' (host '%s', %s %s) and '%s' (host '%s', %s %s) come "
				    "from different hosts",
				    cs_esc_term(f[0].path), cs_esc_term(a->hostname),
				    cs_esc_term(a->cpu_arch), cs_esc_term(a->cpu_model),
				    cs_esc_term(f[i].path), cs_esc_term(b->hostname),
				    cs_esc_term(b->cpu_arch), cs_esc_term(b->cpu_model));
	}
	/* counts depend on the CPU profile counted, not on the host that ran the
	   emulator: one series holds one profile (as compare refuses two) */
	const cs_res_file *counted = NULL;
	for (size_t i = 0; i < n; i++) {
		const cs_res_file *b = f[i].r;
		if (!b->counting.present)
			continue;
		if (!counted) {
			counted = b;
			continue;
		}
		if (strcmp(counted->counting.profile, b->counting.profile) != 0)
			return fail(2,
				    "'%s' and '%s' were counted on different CPU profiles (%s, %s) "
				    "(accepted: counts of one profile)",
				    cs_esc_term(counted->name), cs_esc_term(b->name),
				    cs_esc_term(counted->counting.profile),
				    cs_esc_term(b->counting.profile));
	}
	qsort(f, n, sizeof *f, cmp_file);
	return 0;
}

/*
 * One run, one point. A run is identified by its host and the time it
 * started ("hostname" + "started", written once by `run`); a file without a
 * start time (an import) by its whole content. Copies of one run (the same
 * file given twice, a renamed copy) keep the first; two files that claim one
 * run but differ are refused (2) rather than averaged or picked from.
 * f is in time order; returns 0 with *n the runs kept.
 */
static int
dedupe(hfile *f, size_t *n)
{
	size_t kept = 0;
	for (size_t i = 0; i < *n; i++) {
		const cs_res_file *b = f[i].r;
		bool dup = false;
		for (size_t j = 0; j < kept && !dup; j++) {
			const cs_res_file *a = f[j].r;
			bool same_id = *a->started && strcmp(a->started, b->started) == 0 &&
				       strcmp(a->hostname, b->hostname) == 0;
			/* equal contents mean equal ids, so contents are compared only
			   for one id or for files without a start time: not n^2 documents */
			bool same_content =
				(same_id || !*a->started || !*b->started) && cs_results_equal(a, b);
			if (same_id && !same_content)
				return fail(2,
					    "'%s' and '%s' are one run (host '%s', started %s) "
					    "with different contents: keep one of them",
					    cs_esc_term(f[j].path), cs_esc_term(f[i].path),
					    cs_esc_term(b->hostname), cs_esc_term(b->started));
			dup = same_id || same_content;
		}
		if (!dup)
			f[kept++] = f[i];
	}
	*n = kept;
	return 0;
}

/* A timed cell's rate, or a counted cell's instructions per operation. */
static double
rate_of(const cs_res_cell *cell)
{
	if (cell->count.present)
		return cell->count.insns_per_op;
	return cell->ok && cell->rate.median > 0 ? cell->rate.median : NAN;
}

/* Counts are exact: every step between two consecutive points of at least
   COUNT_STEP is a change point (no statistics, p = 0). */
#define COUNT_STEP 0.001

/* Every cell of every file, keyed; rates per file in time order. */
static hcell *
collect(hfile *f, size_t nf, size_t *n_cells)
{
	cs_index map = {0};
	hcell *cells = NULL;
	size_t n = 0, cap = 0;
	for (size_t i = 0; i < nf; i++) {
		for (size_t j = 0; j < f[i].r->n_cells; j++) {
			const cs_res_cell *c = &f[i].r->cells[j];
			char key[CS_RES_LABEL_MAX + 3 * CS_RES_NAME_MAX];
			int len = cs_res_cell_key(c, key, sizeof key);
			/* a count and a rate of one cell are two series */
			if (c->count.present && len > 0 && (size_t)len + 7 < sizeof key)
				len += snprintf(key + len, sizeof key - (size_t)len, " count");
			bool found;
			if (n == cap) {
				cap = cap ? 2 * cap : 64;
				hcell *more = realloc(cells, cap * sizeof *cells);
				if (!more)
					goto oom;
				cells = more;
			}
			size_t at = cs_index_put(&map, key, (size_t)len, n, &found);
			if (at == CS_INDEX_NONE)
				goto oom;
			if (!found) {
				hcell *h = &cells[n++];
				memset(h, 0, sizeof *h);
				char label[CS_RES_LABEL_MAX];
				cs_res_row_label(c, label, sizeof label);
				snprintf(h->key, sizeof h->key, "%s %s %s %lld%s", label, c->alg,
					 c->op, c->size, c->count.present ? " count" : "");
				h->cell = c;
				h->rate = malloc(nf * sizeof(double));
				h->at = malloc(nf * sizeof(size_t));
				if (!h->rate || !h->at)
					goto oom;
				for (size_t k = 0; k < nf; k++)
					h->rate[k] = NAN;
			}
			cells[at].rate[i] = rate_of(c);
		}
	}
	cs_index_free(&map);
	*n_cells = n;
	return cells;
oom:
	cs_index_free(&map);
	for (size_t k = 0; k < n; k++)
		free(cells[k].rate), free(cells[k].at);
	free(cells);
	return NULL;
}

/* Change points over the points present, kept when the step is at least the threshold. */
static int
detect(hcell *c, size_t nf, const hopts *o)
{
	double *x = malloc((nf + 1) * sizeof *x);
	cs_changepoint cp[MAX_CP];
	if (!x)
		return -1;
	c->n = 0;
	for (size_t i = 0; i < nf; i++)
		if (!isnan(c->rate[i])) {
			c->at[c->n] = i;
			x[c->n++] = c->rate[i];
		}
	if (c->cell->count.present) {
		c->n_cp = 0;
		for (size_t i = 1; i < c->n && c->n_cp < MAX_CP; i++)
			if (x[i - 1] > 0 ? fabs(x[i] / x[i - 1] - 1) >= COUNT_STEP : x[i] > 0)
				c->cp[c->n_cp++] = (cs_changepoint){
					.index = i, .before = x[i - 1], .after = x[i], .p = 0};
		free(x);
		return 0;
	}
	int k = cs_edivisive(x, c->n, &o->cp, cp, MAX_CP);
	free(x);
	if (k < 0)
		return -1;
	c->n_cp = 0;
	for (int i = 0; i < k; i++)
		if (cp[i].before > 0 && fabs(cp[i].after / cp[i].before - 1) >= o->threshold)
			c->cp[c->n_cp++] = cp[i];
	return 0;
}

static const char *
unit_of(const hcell *c, double *scale)
{
	if (c->cell->count.present) {
		*scale = 1;
		return "insns/op";
	}
	*scale = c->cell->bytes ? 1e6 : 1;
	return c->cell->bytes ? "MB/s" : "op/s";
}

/* A rate for reading: whole numbers from 10000 up, else 4 significant digits. */
static void
put_rate(FILE *out, double v, const char *after)
{
	fprintf(out, v >= 1e4 ? "%.0f%s" : "%.4g%s", v, after);
}

static void
print_text(FILE *out, const hfile *f, size_t nf, hcell *cells, size_t n, const hopts *o)
{
	const cs_res_file *h = f[0].r;
	size_t changed = 0;
	for (size_t i = 0; i < n; i++)
		changed += cells[i].n_cp > 0;
	fprintf(out, "history of %zu result file%s from host '%s' (%s, %s), %s .. %s\n", nf,
		nf == 1 ? "" : "s", cs_esc_term(h->hostname), cs_esc_term(h->cpu_arch),
		cs_esc_term(h->cpu_model), cs_esc_term(f[0].started),
		cs_esc_term(f[nf - 1].started));
	bool timed = false, counted = false; /* the files' kinds: each states its rule */
	for (size_t i = 0; i < nf; i++) {
		counted |= f[i].r->counting.present;
		timed |= !f[i].r->counting.present;
	}
	if (timed || !counted)
		fprintf(out,
			"change points%s: e-divisive means, permutation test p <= %g (%zu "
			"permutations), segments >= %zu points, steps >= %g%%\n",
			counted ? " of timed series" : "", o->cp.alpha, o->cp.permutations,
			o->cp.min_size, o->threshold * 100);
	if (counted)
		fprintf(out,
			"change points%s: exact counts, every step of insns/op >= %g%% from "
			"one run to the next (no statistics)\n",
			timed ? " of count series" : "", COUNT_STEP * 100);
	fprintf(out, "%zu cells, %zu with a change point\n", n, changed);
	/* changed cells first, then the others; each with its whole series */
	for (int pass = 0; pass < 2; pass++) {
		for (size_t i = 0; i < n; i++) {
			hcell *c = &cells[i];
			if ((pass == 0) != (c->n_cp > 0))
				continue;
			double scale;
			const char *unit = unit_of(c, &scale);
			fprintf(out, "\n%s (%s)%s\n  ", cs_esc_term(c->key), unit,
				c->n_cp ? "" : ": no change point");
			for (size_t k = 0, cp = 0; k < nf; k++) {
				bool here = cp < (size_t)c->n_cp && c->at[c->cp[cp].index] == k;
				fprintf(out, "%s", here ? "| " : "");
				cp += here;
				if (isnan(c->rate[k]))
					fprintf(out, "- ");
				else
					put_rate(out, c->rate[k] / scale, " ");
			}
			fputc('\n', out);
			for (int k = 0; k < c->n_cp; k++) {
				const cs_changepoint *p = &c->cp[k];
				const hfile *at = &f[c->at[p->index]];
				fprintf(out, "  change at #%zu (%s, %s): ", c->at[p->index],
					cs_esc_term(at->started), cs_esc_term(at->path));
				put_rate(out, p->before / scale, " -> ");
				put_rate(out, p->after / scale, " ");
				fprintf(out, "%s (%+.1f%%), p = %.3g\n", unit,
					(p->after / p->before - 1) * 100, p->p);
			}
		}
	}
}

static json_t *
json_out(const hfile *f, size_t nf, hcell *cells, size_t n, const hopts *o)
{
	json_t *files = json_array(), *jc = json_array();
	for (size_t i = 0; i < nf; i++)
		json_array_append_new(
			files, json_pack("{ss ss}", "path", f[i].path, "started", f[i].started));
	for (size_t i = 0; i < n; i++) {
		hcell *c = &cells[i];
		json_t *rates = json_array(), *cps = json_array();
		for (size_t k = 0; k < nf; k++)
			json_array_append_new(rates, isnan(c->rate[k]) ? json_null()
								       : json_real(c->rate[k]));
		for (int k = 0; k < c->n_cp; k++) {
			const cs_changepoint *p = &c->cp[k];
			size_t at = c->at[p->index];
			json_array_append_new(
				cps, json_pack("{sI ss ss sf sf sf sf sf}", "index", (json_int_t)at,
					       "file", f[at].path, "started", f[at].started,
					       "before", p->before, "after", p->after, "change",
					       p->after / p->before - 1, "p", p->p, "q", p->q));
		}
		const cs_res_cell *cell = c->cell;
		json_t *e =
			json_pack("{ss ss ss ss ss ss sI ss so so}", "key", c->key, "lib",
				  cell->lib, "path", cell->path, "mask", cell->mask, "alg",
				  cell->alg, "op", cell->op, "size", (json_int_t)cell->size, "unit",
				  cell->count.present ? "insns/op"
				  : cell->bytes	      ? "B/s"
						      : "op/s",
				  "rates", rates, "change_points", cps);
		json_array_append_new(jc, e);
	}
	const cs_res_file *h = f[0].r;
	return json_pack("{ss s{ss ss ss ss} s{ss sf sI sI sf} so so}", "schema",
			 "cryptospeed-history/1", "host", "hostname", h->hostname, "kernel",
			 h->kernel, "arch", h->cpu_arch, "model", h->cpu_model, "method", "name",
			 "e-divisive means", "alpha", o->cp.alpha, "permutations",
			 (json_int_t)o->cp.permutations, "min_size", (json_int_t)o->cp.min_size,
			 "threshold", o->threshold, "files", files, "cells", jc);
}

typedef struct svg_arg {
	const hcell *c; /* the changed cell */
	const hfile *f; /* the files in time order (their dates label the x axis) */
	size_t nf;	/* files (points on the x axis) */
} svg_arg;

/* The date of a file ("2026-03-01" from its "started"), or its number. */
static void
date_of(const hfile *f, size_t i, char *buf, size_t n)
{
	const char *s = f[i].started;
	if (s && strlen(s) >= 10)
		snprintf(buf, n, "%.10s", s);
	else
		snprintf(buf, n, "#%zu", i + 1);
}

/*
 * The SVG's file name: the key's letters, digits, '-' and '.', others as
 * '_', at most 80 bytes of them, then '-' and 16 hex digits of the key's
 * FNV-1a hash, so that every key has its own bounded name whatever its
 * length or characters.
 */
static void
svg_name(const char *key, char *name, size_t size)
{
	uint64_t hash = 1469598103934665603u;
	for (const unsigned char *s = (const unsigned char *)key; *s; s++)
		hash = (hash ^ *s) * 1099511628211u;
	char stem[81];
	size_t k = 0;
	for (const char *s = key; *s && k + 1 < sizeof stem; s++)
		stem[k++] = (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
					    (*s >= '0' && *s <= '9') || *s == '-' || *s == '.'
				    ? *s
				    : '_';
	stem[k] = '\0';
	snprintf(name, size, "%s-%016llx.svg", stem, (unsigned long long)hash);
}

/* One small SVG per changed cell: the rates, the change points, segment medians. */
static int
svg_body(FILE *out, void *arg)
{
	const hcell *c = ((const svg_arg *)arg)->c;
	size_t nf = ((const svg_arg *)arg)->nf;
	double lo = INFINITY, hi = -INFINITY, scale;
	const char *unit = unit_of(c, &scale);
	for (size_t i = 0; i < nf; i++)
		if (!isnan(c->rate[i])) {
			lo = fmin(lo, c->rate[i]);
			hi = fmax(hi, c->rate[i]);
		}
	if (!(hi > lo)) {
		hi = lo * 1.01 + 1;
		lo = lo * 0.99;
	}
	const hfile *files = ((const svg_arg *)arg)->f;
	const double w = 360, h = 152, l = 50, r = 30, t = 22, b = 30;
	double dx = nf > 1 ? (w - l - r) / (double)(nf - 1) : 0;
#define X(i) (l + dx * (double)(i))
#define Y(v) (t + (h - t - b) * (1 - ((v)-lo) / (hi - lo)))
	fprintf(out,
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
		"viewBox=\"0 0 %.0f %.0f\" font-family=\"sans-serif\" font-size=\"10\">\n",
		w, h, w, h);
	fputs("<title>", out);
	cs_esc_xml(out, c->key);
	fputs("</title>\n<text x=\"4\" y=\"12\">", out);
	cs_esc_xml(out, c->key);
	fputs("</text>\n", out);
	fprintf(out,
		"<text x=\"4\" y=\"%.1f\">%.4g</text><text x=\"4\" y=\"%.1f\">%.4g</text>"
		"<text x=\"4\" y=\"%.1f\">%s</text>\n",
		t + 8, hi / scale, h - b, lo / scale, (t + h - b) / 2, unit);
	/* dates on x: the first and last run, and each run after a change */
	for (size_t i = 0; i < nf; i++) {
		bool tick = i == 0 || i + 1 == nf;
		for (int k2 = 0; k2 < c->n_cp; k2++)
			tick |= c->at[c->cp[k2].index] == i;
		if (!tick)
			continue;
		char date[32];
		date_of(files, i, date, sizeof date);
		fprintf(out,
			"<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#888\"/>"
			"<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\">%s</text>\n",
			X(i), h - b, X(i), h - b + 3, X(i), h - b + 13,
			i == 0	      ? "start"
			: i + 1 == nf ? "end"
				      : "middle",
			date);
	}
	fprintf(out, "<polyline fill=\"none\" stroke=\"#36c\" stroke-width=\"1.5\" points=\"");
	for (size_t i = 0; i < nf; i++)
		if (!isnan(c->rate[i]))
			fprintf(out, "%.1f,%.1f ", X(i), Y(c->rate[i]));
	fprintf(out, "\"/>\n");
	size_t seg_start = 0;
	for (int k2 = 0; k2 <= c->n_cp; k2++) {
		size_t end = k2 < c->n_cp ? c->at[c->cp[k2].index] : nf - 1;
		double med = k2 < c->n_cp ? c->cp[k2].before : c->cp[k2 - 1].after;
		fprintf(out,
			"<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#999\"/>\n",
			X(seg_start), Y(med), X(end), Y(med));
		if (k2 < c->n_cp) {
			fprintf(out,
				"<line x1=\"%.1f\" y1=\"%.0f\" x2=\"%.1f\" y2=\"%.0f\" "
				"stroke=\"#c33\" stroke-dasharray=\"4 3\"/>\n",
				X(end) - dx / 2, t, X(end) - dx / 2, h - b);
			fprintf(out, "<text x=\"%.1f\" y=\"%.0f\" fill=\"#c33\">%+.1f%%</text>\n",
				X(end) - dx / 2 + 2, t - 2,
				(c->cp[k2].after / c->cp[k2].before - 1) * 100);
		}
		seg_start = end;
	}
#undef X
#undef Y
	fprintf(out, "</svg>\n");
	return ferror(out) ? -1 : 0;
}

/* The SVG of c in dir, replaced atomically (a symbolic link planted in dir is
   replaced, never written through). */
static int
write_svg(const char *dir, const hcell *c, const hfile *f, size_t nf, char *why, size_t why_size)
{
	char name[128], path[4096];
	svg_name(c->key, name, sizeof name);
	if (snprintf(path, sizeof path, "%s/%s", dir, name) >= (int)sizeof path) {
		snprintf(why, why_size, "--svg '%s': the directory name is too long", dir);
		return -1;
	}
	svg_arg arg = {.c = c, .f = f, .nf = nf};
	return cs_outfile_write(path, svg_body, &arg, why, why_size);
}

int
cs_history(const cs_res_file *const *results, size_t nf, const cs_history_opts *o, FILE *out,
	   char *why, size_t why_size)
{
	hfile *f = calloc(nf + 1, sizeof *f);
	why_buf = why;
	why_len = why_size;
	if (!f)
		return fail(1, "out of memory");
	for (size_t i = 0; i < nf; i++)
		f[i] = (hfile){.path = results[i]->name, .r = results[i], .arg = i};
	int rc = nf ? order(f, nf, o->same_cpu) : 0;
	size_t given = nf;
	if (!rc && nf)
		rc = dedupe(f, &nf);
	if (!rc && nf < given)
		fprintf(stderr,
			"history: %zu of %zu result files are copies of a run given before; "
			"each run counts once\n",
			given - nf, given);
	if (!rc && o->svg_dir && mkdir(o->svg_dir, 0777) != 0 && errno != EEXIST)
		rc = fail(1, "cannot create '%s': %s", o->svg_dir, strerror(errno));
	size_t n = 0;
	hcell *cells = rc ? NULL : collect(f, nf, &n);
	bool any = false;
	for (size_t i = 0; i < nf; i++)
		any |= f[i].r->n_cells > 0;
	if (!rc && !cells && any)
		rc = fail(1, "out of memory");
	for (size_t i = 0; !rc && i < n; i++)
		if (detect(&cells[i], nf, o) != 0)
			rc = fail(1, "out of memory");
	if (!rc && strcmp(o->format, "json") == 0) {
		json_t *j = json_out(f, nf, cells, n, o);
		if (!j || json_dumpf(j, out, JSON_INDENT(1) | JSON_PRESERVE_ORDER) != 0)
			rc = fail(1, "cannot write the JSON");
		fputc('\n', out);
		json_decref(j);
	} else if (!rc && nf) {
		print_text(out, f, nf, cells, n, o);
	}
	for (size_t i = 0; !rc && o->svg_dir && i < n; i++)
		if (cells[i].n_cp && write_svg(o->svg_dir, &cells[i], f, nf, why, why_size) != 0)
			rc = 1;
	for (size_t i = 0; i < n; i++)
		free(cells[i].rate), free(cells[i].at);
	free(cells);
	free(f);
	return rc;
}
