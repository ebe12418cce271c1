/* compare, calibrated: pair the cells, decide each from its repetitions, find
   every other kind of change, and the machine's drift (rules: docs/nightly.md). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cellmap.h"
#include "report.h"
#include "results.h"
#include "text.h"
#include "verdict.h"

#define MAX_REPS 256
#define MIN_STRONG 3

static const char *const flag_names[CS_FLAG_COUNT] = {"slower", "hw", "status", "missing"};

/* Cells measured in every nightly run whose change is the machine's, not a library's. */
static const char *const reference_keys[] = {
	"noop/noop sha256 digest 8192",
	"openssl/evp sha256 digest 8192",
	NULL,
};

const cs_compare_opts cs_compare_defaults = {
	.threshold = 0.05,
	.fail_on = (1u << CS_FLAG_COUNT) - 1,
	.across_hosts = false,
	.base_sel = NULL,
	.cur_sel = NULL,
};

const char *
cs_flag_name(cs_flag f)
{
	return f < CS_FLAG_COUNT ? flag_names[f] : "?";
}

int
cs_flag_parse(const char *s, unsigned *bits, char *why, size_t n)
{
	char known[64];
	cs_join(known, sizeof known, flag_names, CS_FLAG_COUNT, sizeof flag_names[0], false, ",");
	*bits = 0;
	while (s && *s) {
		size_t len = strcspn(s, ",");
		int k = 0;
		while (k < CS_FLAG_COUNT &&
		       (strlen(flag_names[k]) != len || strncmp(flag_names[k], s, len) != 0))
			k++;
		if (k == CS_FLAG_COUNT || len == 0) {
			snprintf(why, n, "--fail-on: unknown kind '%.*s' (known: %s)", (int)len, s,
				 known);
			return -1;
		}
		*bits |= 1u << k;
		s += len + (s[len] == ',');
	}
	if (*bits == 0) {
		snprintf(why, n, "--fail-on: empty (known: %s)", known);
		return -1;
	}
	return 0;
}

static const char *
str(json_t *o, const char *k)
{
	const char *s = json_string_value(json_object_get(o, k));
	return s ? s : "";
}

static bool
is_ok(json_t *cell)
{
	return cell && strcmp(str(cell, "status"), "ok") == 0;
}

/* Median rates of the ok repetitions, or the cell's one median. */
static size_t
rep_rates(json_t *cell, double *out, size_t max)
{
	size_t n = 0, i;
	json_t *r;
	if (!is_ok(cell))
		return 0;
	json_array_foreach(json_object_get(cell, "repetitions"), i, r) {
		double v = json_number_value(json_object_get(r, "rate"));
		if (n < max && strcmp(str(r, "status"), "ok") == 0 && v > 0 && isfinite(v))
			out[n++] = v;
	}
	if (n == 0) {
		double v = json_number_value(json_object_get(json_object_get(cell, "rate"), "median"));
		if (v > 0 && isfinite(v))
			out[n++] = v;
	}
	return n;
}

/* Median of x[0..n) (n >= 1, small): sorts a copy. */
static double
median(const double *x, size_t n)
{
	double s[MAX_REPS];
	for (size_t i = 0; i < n; i++) {
		size_t j = i;
		while (j > 0 && s[j - 1] > x[i]) {
			s[j] = s[j - 1];
			j--;
		}
		s[j] = x[i];
	}
	return n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

/* A side's relative spread: half the range of its repetition medians over their
   median; with one repetition, the 95% CI half-width of its batch median. */
static double
spread(json_t *cell, const double *x, size_t n)
{
	if (n >= 2) {
		double lo = x[0], hi = x[0];
		for (size_t i = 1; i < n; i++) {
			lo = fmin(lo, x[i]);
			hi = fmax(hi, x[i]);
		}
		return (hi - lo) / 2 / median(x, n);
	}
	double ci = json_number_value(json_object_get(cell, "ci95_rel"));
	return ci > 0 && isfinite(ci) ? ci : 0;
}

/* The resampled median's distribution over the sorted values s[0..n): with m =
   ceil(n / 2), the lower median of n draws with replacement is <= s[k] when at
   least m draws are, so P(median <= s[k]) = P(Binomial(n, (k+1)/n) >= m). */
static void
median_pmf(size_t n, double *pmf)
{
	size_t m = (n + 1) / 2;
	double prev = 0;
	for (size_t k = 0; k < n; k++) {
		double p = (double)(k + 1) / (double)n, tail = 0;
		for (size_t j = m; j <= n; j++) {
			double lc = lgamma((double)n + 1) - lgamma((double)j + 1) -
				    lgamma((double)(n - j) + 1);
			tail += p >= 1 ? (j == n) : exp(lc + (double)j * log(p) +
							    (double)(n - j) * log1p(-p));
		}
		pmf[k] = tail - prev;
		prev = tail;
	}
}

typedef struct weighted {
	double v, w;
} weighted;

static int
cmp_weighted(const void *a, const void *b)
{
	double x = ((const weighted *)a)->v, y = ((const weighted *)b)->v;
	return (x > y) - (x < y);
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/*
 * The bootstrap 95% percentile CI of median(b) / median(a), computed exactly
 * (the limit of infinitely many resamples, so no random numbers): the two
 * resampled medians are independent, each with the distribution above, and
 * the ratio's distribution is over the na x nb pairs of order statistics.
 * (For an even count the resampled median is the lower one.) -1 on no memory.
 */
static int
bootstrap_ratio(const double *a, size_t na, const double *b, size_t nb, double *lo, double *hi)
{
	double sa[MAX_REPS], sb[MAX_REPS], pa[MAX_REPS], pb[MAX_REPS];
	weighted *pairs = malloc(na * nb * sizeof *pairs);
	if (!pairs)
		return -1;
	memcpy(sa, a, na * sizeof *sa);
	memcpy(sb, b, nb * sizeof *sb);
	qsort(sa, na, sizeof *sa, cmp_double);
	qsort(sb, nb, sizeof *sb, cmp_double);
	median_pmf(na, pa);
	median_pmf(nb, pb);
	size_t n = 0;
	for (size_t i = 0; i < na; i++)
		for (size_t j = 0; j < nb; j++)
			pairs[n++] = (weighted){sb[j] / sa[i], pa[i] * pb[j]};
	qsort(pairs, n, sizeof *pairs, cmp_weighted);
	double cum = 0;
	*lo = pairs[0].v;
	*hi = pairs[n - 1].v;
	bool lo_set = false;
	for (size_t k = 0; k < n; k++) {
		cum += pairs[k].w;
		if (!lo_set && cum > 0.025) {
			*lo = pairs[k].v;
			lo_set = true;
		}
		if (cum >= 0.975) {
			*hi = pairs[k].v;
			break;
		}
	}
	free(pairs);
	return 0;
}

/* The evidence shares of a cell's classes, or NULL without usable evidence. */
static json_t *
classes(json_t *cell)
{
	json_t *ev = json_object_get(cell, "evidence");
	json_t *cls = json_object_get(ev, "classes");
	return json_is_true(json_object_get(ev, "available")) && json_object_size(cls) ? cls : NULL;
}

/*
 * A class is shown in hw from a 10% share of the samples; a share near 10%
 * flickers between runs (mbedtls/psa's aes-ni: 6% to 18% over ~100 samples).
 * So a class is lost when it had at least HW_SHOWN of a's samples and has
 * fewer than HW_GONE of b's: it is gone, not sampled a little less.
 */
#define HW_SHOWN 0.10
#define HW_GONE 0.02

static bool
hw_missing_from(json_t *a, json_t *b)
{
	const char *name;
	json_t *share;
	json_object_foreach(a, name, share) {
		if (strcmp(name, "scalar") == 0 || json_number_value(share) < HW_SHOWN)
			continue;
		if (json_number_value(json_object_get(b, name)) < HW_GONE)
			return true;
	}
	return false;
}

static void
decide(cs_cell_cmp *c, const cs_compare_opts *o)
{
	double xb[MAX_REPS], xc[MAX_REPS];
	c->n_base = rep_rates(c->base, xb, MAX_REPS);
	c->n_cur = rep_rates(c->cur, xc, MAX_REPS);
	c->speed = CS_SPEED_NONE;
	if (c->n_base == 0 || c->n_cur == 0)
		return;
	c->base_rate = median(xb, c->n_base);
	c->cur_rate = median(xc, c->n_cur);
	c->ratio = c->cur_rate / c->base_rate;
	/* the ratio is as uncertain as both sides together */
	c->noise = spread(c->base, xb, c->n_base) + spread(c->cur, xc, c->n_cur);
	c->weak = c->n_base < MIN_STRONG || c->n_cur < MIN_STRONG;
	double effect = fabs(c->ratio - 1);
	c->speed = CS_SPEED_SAME;
	if (effect < o->threshold || effect <= c->noise)
		return;
	if (c->weak) {
		/* one run per side: its batch CI underestimates run-to-run noise */
		if (effect > 2 * c->noise)
			c->speed = c->ratio < 1 ? CS_SPEED_SLOWER : CS_SPEED_FASTER;
		return;
	}
	if (bootstrap_ratio(xb, c->n_base, xc, c->n_cur, &c->ci_lo, &c->ci_hi) != 0)
		return;	/* no memory: no verdict beats a wrong one */
	if (c->ci_hi < 1)
		c->speed = CS_SPEED_SLOWER;
	else if (c->ci_lo > 1)
		c->speed = CS_SPEED_FASTER;
}

/* A same-run selection: "lib[@version][[variant]][/mask]". */
typedef struct selection {
	char lib[96], variant[96], mask[32];
	bool has_variant;
} selection;

static void
parse_selection(const char *s, selection *sel)
{
	memset(sel, 0, sizeof *sel);
	size_t n = strcspn(s, "[/");
	snprintf(sel->lib, sizeof sel->lib, "%.*s", (int)n, s);
	s += n;
	if (*s == '[') {
		size_t v = strcspn(s + 1, "]");
		snprintf(sel->variant, sizeof sel->variant, "%.*s", (int)v, s + 1);
		sel->has_variant = true;
		s += v + 1 + (s[v + 1] == ']');
	}
	snprintf(sel->mask, sizeof sel->mask, "%s", *s == '/' ? s + 1 : "none");
}

static bool
selected(json_t *cell, const selection *sel)
{
	json_t *variant = json_object_get(cell, "variant");
	return strcmp(str(cell, "lib"), sel->lib) == 0 && strcmp(str(cell, "mask"), sel->mask) == 0 &&
	       (sel->has_variant ? variant && strcmp(json_string_value(variant), sel->variant) == 0
				 : !variant);
}

/* The pairing key: the whole cell key, or in same-run mode what is measured
   without who measures it (path, alg, op, size, multi). */
static void
pair_key(json_t *cell, bool same_run, char *buf, size_t n)
{
	if (!same_run) {
		cs_cell_key(cell, buf, n);
		return;
	}
	snprintf(buf, n, "%s x%lld %s %s %lld", str(cell, "path"),
		 (long long)json_integer_value(json_object_get(cell, "multi")), str(cell, "alg"),
		 str(cell, "op"), (long long)json_integer_value(json_object_get(cell, "size")));
}

static void
name_cell(cs_cell_cmp *c, json_t *cell, bool same_run)
{
	if (same_run) {
		json_int_t multi = json_integer_value(json_object_get(cell, "multi"));
		snprintf(c->label, sizeof c->label, "%s%s", str(cell, "path"),
			 multi > 1 ? " xN" : "");
	} else {
		cs_row_label(cell, c->label, sizeof c->label);
	}
	snprintf(c->what, sizeof c->what, "%s %s %lld", str(cell, "alg"), str(cell, "op"),
		 (long long)json_integer_value(json_object_get(cell, "size")));
	const char *unit = str(json_object_get(cell, "rate"), "unit");
	c->unit = strcmp(unit, "op/s") == 0 ? "op/s" : "B/s";
}

static void
host_diff(json_t *base, json_t *cur, cs_comparison *out)
{
	json_t *hb = json_object_get(base, "host"), *hc = json_object_get(cur, "host");
	json_t *cb = json_object_get(hb, "cpu"), *cc = json_object_get(hc, "cpu");
	size_t used = 0;
	struct {
		const char *name;
		json_t *a, *b;
		const char *key;
	} f[] = {{"hostname", hb, hc, "hostname"}, {"kernel", hb, hc, "kernel"},
		 {"cpu features", cb, cc, "features"}};
	for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
		if (strcmp(str(f[i].a, f[i].key), str(f[i].b, f[i].key)) != 0 &&
		    used < sizeof out->host_changes)
			used += (size_t)snprintf(out->host_changes + used,
						 sizeof out->host_changes - used, "%s%s '%s' -> '%s'",
						 used ? "; " : "", f[i].name, str(f[i].a, f[i].key),
						 str(f[i].b, f[i].key));
	if (strcmp(str(cb, "arch"), str(cc, "arch")) || strcmp(str(cb, "model"), str(cc, "model")))
		snprintf(out->cpu_change, sizeof out->cpu_change, "%s %s -> %s %s", str(cb, "arch"),
			 str(cb, "model"), str(cc, "arch"), str(cc, "model"));
	if (out->cpu_change[0] && used < sizeof out->host_changes)
		snprintf(out->host_changes + used, sizeof out->host_changes - used, "%sCPU %.300s",
			 used ? "; " : "", out->cpu_change);
}

/* Library entries (first of each name) whose version or build differs, or gone. */
static int
library_diff(json_t *base, json_t *cur, cs_comparison *out)
{
	json_t *lb = json_object_get(base, "libraries"), *lc = json_object_get(cur, "libraries");
	json_t *e;
	size_t i;
	out->libs = calloc(json_array_size(lb) + json_array_size(lc) + 1, sizeof *out->libs);
	if (!out->libs)
		return -1;
	for (int side = 0; side < 2; side++) {
		json_t *mine = side ? lc : lb, *other = side ? lb : lc;
		json_array_foreach(mine, i, e) {
			const char *name = str(e, "name");
			json_t *o = NULL, *x;
			size_t j, k;
			bool seen = false;
			json_array_foreach(mine, j, x)
				if (j < i && strcmp(str(x, "name"), name) == 0)
					seen = true;
			json_array_foreach(other, k, x)
				if (!o && strcmp(str(x, "name"), name) == 0)
					o = x;
			if (seen || (side == 1 && o))
				continue;
			char a[160], b[160];
			snprintf(a, sizeof a, "%s%s%s", str(e, "version"), *str(e, "build") ? "; " : "",
				 str(e, "build"));
			snprintf(b, sizeof b, "%s%s%s", o ? str(o, "version") : "",
				 o && *str(o, "build") ? "; " : "", o ? str(o, "build") : "");
			if (o && strcmp(a, b) == 0)
				continue;
			cs_lib_change *lc_ = &out->libs[out->n_libs++];
			snprintf(lc_->name, sizeof lc_->name, "%s", name);
			snprintf(lc_->base, sizeof lc_->base, "%s", side ? (o ? b : "") : a);
			snprintf(lc_->cur, sizeof lc_->cur, "%s", side ? a : (o ? b : ""));
		}
	}
	return 0;
}

static void
reference_drift(cs_comparison *out, const cs_cellmap *bmap, const cs_cellmap *cmap)
{
	out->drift = 1;
	for (size_t r = 0; reference_keys[r]; r++) {
		size_t ib = cs_cellmap_get(bmap, reference_keys[r]);
		size_t ic = cs_cellmap_get(cmap, reference_keys[r]);
		if (ib == (size_t)-1 || ic == (size_t)-1)
			continue;
		/* the pair is in cells[ib] (BASE order) */
		cs_cell_cmp *c = &out->cells[ib];
		if (c->speed == CS_SPEED_NONE)
			continue;
		if (!out->drift_ref[0] || fabs(c->ratio - 1) > fabs(out->drift - 1)) {
			out->drift = c->ratio;
			snprintf(out->drift_ref, sizeof out->drift_ref, "%s", reference_keys[r]);
		}
	}
}

int
cs_compare(json_t *base, json_t *cur, const cs_compare_opts *o, const char *base_name,
	   const char *cur_name, cs_comparison *out, char *why, size_t why_size)
{
	memset(out, 0, sizeof *out);
	out->opts = *o;
	out->base_name = base_name;
	out->cur_name = cur_name;
	out->same_run = o->base_sel && o->cur_sel;
	selection sb, sc;
	if (out->same_run) {
		parse_selection(o->base_sel, &sb);
		parse_selection(o->cur_sel, &sc);
	} else {
		host_diff(base, cur, out);
		if (out->cpu_change[0] && !o->across_hosts) {
			snprintf(why, why_size, "'%s' and '%s' were measured on different CPUs (%s) "
				 "(accepted: files from one CPU model and architecture, or "
				 "--across-hosts)", base_name, cur_name, out->cpu_change);
			return 2;
		}
		if (library_diff(base, cur, out) != 0)
			return -1;
	}
	json_t *bcells = json_object_get(base, "cells"), *ccells = json_object_get(cur, "cells");
	size_t nb = json_array_size(bcells), nc = json_array_size(ccells), i;
	json_t *c;
	cs_cellmap bmap = {0}, cmap = {0};
	out->cells = calloc(nb + nc + 1, sizeof *out->cells);
	bool *paired = calloc(nc + 1, sizeof *paired);
	int rc = 0;
	if (!out->cells || !paired || cs_cellmap_init(&bmap, nb) || cs_cellmap_init(&cmap, nc))
		rc = -1;
	/* NEW's cells by key (in same-run mode, only the NEW selection's) */
	json_array_foreach(ccells, i, c) {
		char key[320];
		if (rc || (out->same_run && !selected(c, &sc)))
			continue;
		pair_key(c, out->same_run, key, sizeof key);
		if (cs_cellmap_put(&cmap, key, i) < 0)
			rc = -1;
	}
	json_array_foreach(bcells, i, c) {
		char key[320];
		if (rc || (out->same_run && !selected(c, &sb)))
			continue;
		pair_key(c, out->same_run, key, sizeof key);
		if (cs_cellmap_put(&bmap, key, out->n_cells) != 0)
			continue;	/* a duplicate key: the first one stands */
		size_t at = cs_cellmap_get(&cmap, key);
		cs_cell_cmp *x = &out->cells[out->n_cells++];
		x->base = c;
		x->cur = at == (size_t)-1 ? NULL : json_array_get(ccells, at);
		if (x->cur)
			paired[at] = true;
		name_cell(x, x->cur ? x->cur : c, out->same_run);
	}
	if (!rc && out->same_run && (bmap.n == 0 || cmap.n == 0)) {
		snprintf(why, why_size, "--%s '%s' matches no cell of '%s' (accepted: a library as "
			 "in the result file, e.g. wolfssl@5.7.2, openssl/no-aes, "
			 "openssl[default])", bmap.n ? "new" : "base",
			 bmap.n ? o->cur_sel : o->base_sel, base_name);
		rc = 2;
	}
	size_t n_base_cells = out->n_cells;
	json_array_foreach(ccells, i, c) {
		char key[320];
		if (rc || paired[i] || (out->same_run && !selected(c, &sc)))
			continue;
		pair_key(c, out->same_run, key, sizeof key);
		if (cs_cellmap_get(&cmap, key) != i)
			continue;	/* a duplicate key: the first one stands */
		cs_cell_cmp *x = &out->cells[out->n_cells++];
		x->cur = c;
		name_cell(x, c, out->same_run);
		out->new_cells++;
	}
	for (size_t k = 0; !rc && k < out->n_cells; k++) {
		cs_cell_cmp *x = &out->cells[k];
		decide(x, o);
		if (x->speed != CS_SPEED_NONE)
			out->compared++;
		if (k < n_base_cells && !x->cur) {
			out->count[CS_FLAG_MISSING]++;
			continue;
		}
		if (!x->base)
			continue;
		if (is_ok(x->base) && !is_ok(x->cur)) {
			x->status_changed = true;
			out->count[CS_FLAG_STATUS]++;
		}
		cs_report_hw(x->base, x->hw_base, sizeof x->hw_base);
		cs_report_hw(x->cur, x->hw_cur, sizeof x->hw_cur);
		json_t *cb = classes(x->base), *cc = classes(x->cur);
		if (is_ok(x->base) && is_ok(x->cur) && cb && cc) {
			x->hw_lost = hw_missing_from(cb, cc);
			x->hw_gained = hw_missing_from(cc, cb);
			out->count[CS_FLAG_HW] += x->hw_lost;
		}
	}
	if (!rc && !out->same_run)
		reference_drift(out, &bmap, &cmap);
	else
		out->drift = 1;
	double d = fabs(out->drift - 1);
	out->inconclusive = !rc && !out->same_run && d > o->threshold;
	for (size_t k = 0; !rc && k < out->n_cells; k++) {
		cs_cell_cmp *x = &out->cells[k];
		/* with a drifting machine, only a slowdown far beyond the drift counts */
		if (x->speed == CS_SPEED_SLOWER && out->inconclusive &&
		    x->ratio >= (1 - d) * (1 - 2 * o->threshold))
			x->speed = CS_SPEED_DRIFT;
		out->count[CS_FLAG_SLOWER] += x->speed == CS_SPEED_SLOWER;
		out->faster += x->speed == CS_SPEED_FASTER;
		out->drift_cells += x->speed == CS_SPEED_DRIFT;
	}
	bool failed = false;
	for (int k = 0; k < CS_FLAG_COUNT; k++)
		failed |= (o->fail_on & (1u << k)) && out->count[k] > 0;
	out->status = failed ? 1 : out->inconclusive ? 5 : 0;
	cs_cellmap_free(&bmap);
	cs_cellmap_free(&cmap);
	free(paired);
	if (rc)
		cs_comparison_free(out);
	return rc;
}

void
cs_comparison_free(cs_comparison *c)
{
	free(c->cells);
	free(c->libs);
	c->cells = NULL;
	c->libs = NULL;
	c->n_cells = c->n_libs = 0;
}
