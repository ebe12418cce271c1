/* compare, calibrated: pair the cells, decide each from its repetitions, find
   every other kind of change, and the machine's drift (rules: docs/nightly.md). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "results.h"
#include "stats.h"
#include "text.h"
#include "conform.h"
#include "verdict.h"

#define MAX_REPS 256
#define MIN_STRONG 3

static const char *const flag_names[CS_FLAG_COUNT] = {"slower",	 "hw",		"status",
						      "missing", "conformance", "count"};

/* Cells measured in every nightly run whose change is the machine's, not a library's. */
static const struct {
	const char *label, *what;
} reference_cells[] = {
	{"noop/noop", "sha256 digest 8192"},
	{"openssl/evp", "sha256 digest 8192"},
};

const cs_compare_opts cs_compare_defaults = {
	.threshold = 0.05,
	.fail_on = (1u << CS_FLAG_COUNT) - 1,
	.across_hosts = false,
	.base_sel = NULL,
	.cur_sel = NULL,
	.count_threshold = 0.001,
};

const char *
cs_flag_name(cs_flag f)
{
	return f < CS_FLAG_COUNT ? flag_names[f] : "?";
}

int
cs_flag_parse(const char *s, unsigned *bits, char *why, size_t n)
{
	char known[96];
	cs_join(known, sizeof known, flag_names, CS_FLAG_COUNT, sizeof flag_names[0], false, ",");
	*bits = 0;
	while (s && *s) {
		size_t len = strcspn(s, ",");
		int k = 0;
		while (k < CS_FLAG_COUNT &&
		       (strlen(flag_names[k]) != len || strncmp(flag_names[k], s, len) != 0))
			k++;
		if (len == 0 || (s[len] == ',' && s[len + 1] == '\0')) {
			snprintf(why, n, "--fail-on: an empty kind in the list (known: %s)", known);
			return -1;
		}
		if (k == CS_FLAG_COUNT) {
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

static bool
is_ok(const cs_res_cell *cell)
{
	return cell && cell->ok;
}

/* Median rates of the ok repetitions, or the cell's one median. */
static size_t
rep_rates(const cs_res_cell *cell, double *out, size_t max)
{
	size_t n = 0;
	if (!is_ok(cell))
		return 0;
	for (size_t i = 0; i < cell->n_reps && n < max; i++)
		if (cell->reps[i].ok)
			out[n++] = cell->reps[i].rate;
	if (n == 0)
		out[n++] = cell->rate.median;
	return n;
}

/* A side's relative spread: half the range of its repetition medians over their
   median; with one repetition, the 95% CI half-width of its batch median. */
static double
spread(const cs_res_cell *cell, const double *x, size_t n)
{
	if (n >= 2) {
		double lo = x[0], hi = x[0];
		for (size_t i = 1; i < n; i++) {
			lo = fmin(lo, x[i]);
			hi = fmax(hi, x[i]);
		}
		return (hi - lo) / 2 / cs_median(x, n);
	}
	return cell->ci95_rel > 0 ? cell->ci95_rel : 0;
}

/* The cell has usable evidence: classes with their shares. */
static bool
has_classes(const cs_res_cell *cell)
{
	return cell->ev.present && cell->ev.available && cell->ev.n_classes > 0;
}

static double
share_of(const cs_res_evidence *ev, const char *name)
{
	for (size_t i = 0; i < ev->n_classes; i++)
		if (strcmp(ev->classes[i].name, name) == 0)
			return ev->classes[i].share;
	return 0;
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
hw_missing_from(const cs_res_evidence *a, const cs_res_evidence *b)
{
	for (size_t i = 0; i < a->n_classes; i++) {
		const cs_res_class *k = &a->classes[i];
		if (strcmp(k->name, "scalar") != 0 && k->share >= HW_SHOWN &&
		    share_of(b, k->name) < HW_GONE)
			return true;
	}
	return false;
}

/*
 * Same run: repetition k of both selections ran in the same interleaved pass
 * (same seed), so the ratio within each repetition cancels what that pass did
 * to the machine. The ratios of the repetitions, or 0 when they do not pair.
 */
static size_t
paired_ratios(const cs_res_cell *b, const cs_res_cell *c, double *out, size_t max)
{
	if (!is_ok(b) || !is_ok(c) || b->n_reps != c->n_reps || b->n_reps > max)
		return 0;
	for (size_t k = 0; k < b->n_reps; k++) {
		if (!b->reps[k].ok || !c->reps[k].ok || b->reps[k].seed != c->reps[k].seed)
			return 0;
		out[k] = c->reps[k].rate / b->reps[k].rate;
	}
	return b->n_reps;
}

/*
 * Same run, R >= 3 paired ratios (NEW / BASE within each repetition), the
 * margin sign rule: slower when their median is at most 1 - t and every one
 * is below 1 - t/2 (t the threshold); faster, the mirror image in log scale:
 * the median at least 1 / (1 - t) and every one above 1 / (1 - t/2). With no
 * change the two builds are exchangeable within a pair, so r and 1/r are
 * alike: with q the chance that one ratio is beyond the margin either way
 * and repetitions independent, a false flag has probability at most
 * 2 (q/2)^R (0.2 % at R = 5 even when q = 1/2), and never more than 2^(1-R)
 * (all R on one side) whatever the noise. Noise common to both sides of a
 * pair (the machine's state in that pass) cancels in the ratio.
 */
cs_speed
cs_paired_verdict(const double *r, size_t n, double threshold)
{
	if (n < MIN_STRONG || n > MAX_REPS)
		return CS_SPEED_SAME;
	double m = cs_median(r, n), lo = r[0], hi = r[0];
	for (size_t k = 1; k < n; k++) {
		lo = fmin(lo, r[k]);
		hi = fmax(hi, r[k]);
	}
	double half = threshold / 2;
	if (m <= 1 - threshold && hi < 1 - half)
		return CS_SPEED_SLOWER;
	if (m * (1 - threshold) >= 1 && lo * (1 - half) > 1)
		return CS_SPEED_FASTER;
	return CS_SPEED_SAME;
}

static void
decide(cs_cell_cmp *c, const cs_compare_opts *o, bool same_run)
{
	double xb[MAX_REPS], xc[MAX_REPS], r[MAX_REPS];
	static const double one = 1;
	c->n_base = rep_rates(c->base, xb, MAX_REPS);
	c->n_cur = rep_rates(c->cur, xc, MAX_REPS);
	c->speed = CS_SPEED_NONE;
	if (c->n_base == 0 || c->n_cur == 0)
		return;
	c->base_rate = cs_median(xb, c->n_base);
	c->cur_rate = cs_median(xc, c->n_cur);
	size_t np = same_run ? paired_ratios(c->base, c->cur, r, MAX_REPS) : 0;
	c->paired = np > 0;
	if (c->paired) {
		/* the median of the paired ratios, as uncertain as their own spread */
		c->ratio = cs_median(r, np);
		c->noise = np >= 2 ? spread(c->cur, r, np)
				   : spread(c->base, xb, 1) + spread(c->cur, xc, 1);
	} else {
		c->ratio = c->cur_rate / c->base_rate;
		/* the ratio is as uncertain as both sides together */
		c->noise = spread(c->base, xb, c->n_base) + spread(c->cur, xc, c->n_cur);
	}
	c->weak = c->n_base < MIN_STRONG || c->n_cur < MIN_STRONG;
	double effect = fabs(c->ratio - 1);
	c->speed = CS_SPEED_SAME;
	if (c->paired && !c->weak) {
		/* the bootstrap CI is reported; the verdict is the margin sign rule */
		if (cs_bootstrap_median_ratio(&one, 1, r, np, &c->ci_lo, &c->ci_hi) == 0)
			c->speed = cs_paired_verdict(r, np, o->threshold);
		return;
	}
	if (effect < o->threshold || effect <= c->noise)
		return;
	if (c->weak) {
		/* one run per side: its batch CI underestimates run-to-run noise */
		if (effect > 2 * c->noise)
			c->speed = c->ratio < 1 ? CS_SPEED_SLOWER : CS_SPEED_FASTER;
		return;
	}
	int b = cs_bootstrap_median_ratio(xb, c->n_base, xc, c->n_cur, &c->ci_lo, &c->ci_hi);
	if (b != 0)
		return; /* no memory: no verdict beats a wrong one */
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
selected(const cs_res_cell *cell, const selection *sel)
{
	return strcmp(cell->lib, sel->lib) == 0 && strcmp(cell->mask, sel->mask) == 0 &&
	       (sel->has_variant ? cell->variant && strcmp(cell->variant, sel->variant) == 0
				 : !cell->variant);
}

/* Is the cell in the table chosen for its side (--base-table, --new-table)? */
static bool
in_table(const cs_res_cell *c, size_t table)
{
	return table == 0 || c->source == table - 1;
}

/* One side's tables against the other's: a table chosen must exist; a file
   of several tables beside one of another number of tables pairs nothing
   certain (which machine is BASE?), so the user names one. 0, or 2 with why. */
static int
check_tables(const cs_res_file *f, size_t table, const char *opt, const cs_res_file *other,
	     size_t other_table, char *why, size_t n)
{
	if (table > f->n_sources) {
		snprintf(why, n, "%s %zu: '%s' has %zu table%s (accepted: 1..%zu)", opt, table,
			 f->name, f->n_sources, f->n_sources == 1 ? "" : "s", f->n_sources);
		return 2;
	}
	size_t mine = table ? 1 : f->n_sources, theirs = other_table ? 1 : other->n_sources;
	if (mine > 1 && mine != theirs) {
		snprintf(why, n,
			 "'%s' holds %zu tables (one source each) and '%s' %zu: which is compared "
			 "with which? (accepted: %s N, one table of it; or two files of as many "
			 "tables, paired in order)",
			 f->name, mine, other->name, theirs, opt);
		return 2;
	}
	return 0;
}

/* BASE's library build name as NEW calls it (--pair OLD=NEW), else itself. */
const char *
cs_compare_paired_lib(const cs_compare_opts *o, const char *lib)
{
	for (size_t i = 0; i < o->n_pairs; i++)
		if (strcmp(o->pair_old[i], lib) == 0)
			return o->pair_new[i];
	return lib;
}

/* The pairing key: the whole cell key (a BASE cell's library renamed by
   --pair), or in same-run mode what is measured without who measures it
   (path, alg, op, size, multi). Returns its length. */
static int
pair_key(const cs_res_cell *cell, bool same_run, char *buf, size_t n, const cs_compare_opts *o,
	 bool is_base)
{
	if (!same_run) {
		const char *lib = is_base ? cs_compare_paired_lib(o, cell->lib) : cell->lib;
		bool one_table = is_base ? o->base_table : o->cur_table;
		if (lib == cell->lib && !one_table)
			return cs_res_cell_key(cell, buf, n);
		cs_res_cell renamed = *cell;
		renamed.lib = lib;
		if (one_table)
			renamed.source = 0; /* the one table chosen pairs as the other side's */
		return cs_res_cell_key(&renamed, buf, n);
	}
	return snprintf(buf, n, "%s\x1f%d\x1f%s\x1f%s\x1f%lld", cell->path, cell->multi, cell->alg,
			cell->op, cell->size);
}

static void
name_cell(cs_cell_cmp *c, const cs_res_cell *cell, bool same_run)
{
	if (same_run)
		snprintf(c->label, sizeof c->label, "%s%s", cell->path,
			 cell->multi > 1 ? " xN" : "");
	else
		cs_res_row_label(cell, c->label, sizeof c->label);
	snprintf(c->what, sizeof c->what, "%s %s %lld", cell->alg, cell->op, cell->size);
	c->unit = cell->bytes ? "B/s" : "op/s";
}

static void
host_diff(const cs_res_file *base, const cs_res_file *cur, cs_comparison *out)
{
	size_t used = 0;
	const struct {
		const char *name, *a, *b;
	} f[] = {{"hostname", base->hostname, cur->hostname},
		 {"kernel", base->kernel, cur->kernel},
		 {"cpu features", base->cpu_features, cur->cpu_features}};
	for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
		if (strcmp(f[i].a, f[i].b) != 0 && used < sizeof out->host_changes)
			used += (size_t)snprintf(out->host_changes + used,
						 sizeof out->host_changes - used,
						 "%s%s '%.200s' -> '%.200s'", used ? "; " : "",
						 f[i].name, f[i].a, f[i].b);
	if (strcmp(base->cpu_arch, cur->cpu_arch) || strcmp(base->cpu_model, cur->cpu_model))
		snprintf(out->cpu_change, sizeof out->cpu_change, "%.32s %.120s -> %.32s %.120s",
			 base->cpu_arch, base->cpu_model, cur->cpu_arch, cur->cpu_model);
	if (out->cpu_change[0] && used < sizeof out->host_changes)
		snprintf(out->host_changes + used, sizeof out->host_changes - used, "%sCPU %.300s",
			 used ? "; " : "", out->cpu_change);
}

static void
lib_text(const cs_res_lib *l, char *buf, size_t n)
{
	snprintf(buf, n, "%.100s%s%.50s", l && l->version ? l->version : "",
		 l && l->build && *l->build ? "; " : "", l && l->build ? l->build : "");
}

static const cs_res_lib *
lib_named(const cs_res_file *f, const char *name, size_t before)
{
	for (size_t i = 0; i < f->n_libs && i < before; i++)
		if (strcmp(f->libs[i].name, name) == 0)
			return &f->libs[i];
	return NULL;
}

/* Library entries (first of each name) whose version or build differs, or gone. */
static int
library_diff(const cs_res_file *base, const cs_res_file *cur, cs_comparison *out)
{
	out->libs = calloc(base->n_libs + cur->n_libs + 1, sizeof *out->libs);
	if (!out->libs)
		return -1;
	for (int side = 0; side < 2; side++) {
		const cs_res_file *mine = side ? cur : base, *other = side ? base : cur;
		for (size_t i = 0; i < mine->n_libs; i++) {
			const cs_res_lib *e = &mine->libs[i];
			const cs_res_lib *o = lib_named(other, e->name, other->n_libs);
			if (lib_named(mine, e->name, i) || (side == 1 && o))
				continue; /* not its first entry, or seen from BASE */
			char a[160], b[160];
			lib_text(e, a, sizeof a);
			lib_text(o, b, sizeof b);
			if (o && strcmp(a, b) == 0)
				continue;
			cs_lib_change *x = &out->libs[out->n_libs++];
			snprintf(x->name, sizeof x->name, "%s", e->name);
			snprintf(x->base, sizeof x->base, "%s", side ? "" : a);
			snprintf(x->cur, sizeof x->cur, "%s", side ? a : o ? b : "");
		}
	}
	return 0;
}

static void
reference_drift(cs_comparison *out)
{
	out->drift = 1;
	for (size_t r = 0; r < sizeof reference_cells / sizeof reference_cells[0]; r++) {
		const cs_cell_cmp *c = NULL;
		for (size_t k = 0; k < out->n_cells && !c; k++)
			if (strcmp(out->cells[k].label, reference_cells[r].label) == 0 &&
			    strcmp(out->cells[k].what, reference_cells[r].what) == 0)
				c = &out->cells[k];
		if (!c || c->speed == CS_SPEED_NONE)
			continue;
		if (!out->drift_ref[0] || fabs(c->ratio - 1) > fabs(out->drift - 1)) {
			out->drift = c->ratio;
			snprintf(out->drift_ref, sizeof out->drift_ref, "%s %s",
				 reference_cells[r].label, reference_cells[r].what);
		}
	}
}

/* A class's instructions per op in a count, 0 when it did not run. */
static double
class_per_op(const cs_res_count *k, const char *name)
{
	for (size_t i = 0; i < k->n_classes; i++)
		if (strcmp(k->classes[i].name, name) == 0)
			return k->classes[i].per_op;
	return 0;
}

/* Append "; what a -> b (+x%)" to the cell's count text. */
static void
count_note(cs_cell_cmp *x, const char *what, double a, double b, const char *tail)
{
	size_t n = strlen(x->count_what);
	if (a > 0)
		snprintf(x->count_what + n, sizeof x->count_what - n,
			 "%s%s %.6g -> %.6g (%+.2f%%)%s", n ? "; " : "", what, a, b,
			 (b / a - 1) * 100, tail);
	else
		snprintf(x->count_what + n, sizeof x->count_what - n, "%s%s %.6g -> %.6g%s",
			 n ? "; " : "", what, a, b, tail);
}

/* Two counts of one cell: exact numbers, so no statistics: any relative
   change of the total or of a class of at least the threshold is a finding;
   a class that ran in BASE and not in NEW is an hw class lost. */
static void
decide_count(cs_cell_cmp *x, const cs_compare_opts *o)
{
	const cs_res_count *a = &x->base->count, *b = &x->cur->count;
	x->counted = true;
	x->base_ipo = a->insns_per_op;
	x->cur_ipo = b->insns_per_op;
	bool moved = a->insns_per_op > 0
			     ? fabs(b->insns_per_op / a->insns_per_op - 1) >= o->count_threshold
			     : b->insns_per_op > 0;
	if (moved)
		count_note(x, "insns/op", a->insns_per_op, b->insns_per_op, "");
	x->count_changed = moved;
	for (int pass = 0; pass < 2; pass++) {
		const cs_res_count *k = pass ? b : a;
		for (size_t i = 0; i < k->n_classes; i++) {
			const char *name = k->classes[i].name;
			if (pass && class_per_op(a, name) > 0)
				continue; /* compared in the first pass */
			double pa = class_per_op(a, name), pb = class_per_op(b, name);
			bool lost = pa > 0 && pb == 0;
			bool changed = pa > 0 ? fabs(pb / pa - 1) >= o->count_threshold : pb > 0;
			if (lost)
				x->hw_lost = true;
			else if (pa == 0 && pb > 0)
				x->hw_gained = true;
			if (changed) {
				x->count_changed = true;
				count_note(x, name, pa, pb, lost ? " lost" : "");
			}
		}
	}
}

/* Two files: one kind (timed or counted), one CPU model (or --across-hosts)
   and tables that pair; records the host and library changes. 0, 2 with
   why, -1 on no memory. */
static int
check_files(const cs_res_file *base, const cs_res_file *cur, const cs_compare_opts *o,
	    cs_comparison *out, char *why, size_t why_size)
{
	host_diff(base, cur, out);
	out->counting = base->counting.present || cur->counting.present;
	if (base->counting.present != cur->counting.present) {
		/* an instruction count is not a time: nothing to pair */
		snprintf(why, why_size,
			 "'%s' is a %s run and '%s' a %s run: a count and a time do not "
			 "compare (accepted: two timed files, or two counting files of "
			 "one profile)",
			 base->name, base->counting.present ? "counting" : "timed", cur->name,
			 cur->counting.present ? "counting" : "timed");
		return 2;
	}
	if (base->counting.present && cur->counting.present &&
	    strcmp(base->counting.profile, cur->counting.profile) != 0 && !o->across_hosts) {
		snprintf(why, why_size,
			 "'%s' and '%s' were counted on different CPU profiles (%s, %s) "
			 "(accepted: counts of one profile, or --across-hosts)",
			 base->name, cur->name, base->counting.profile, cur->counting.profile);
		return 2;
	}
	/* a count does not depend on the machine that ran the emulator */
	if (out->cpu_change[0] && !o->across_hosts && !out->counting) {
		snprintf(why, why_size,
			 "'%s' and '%s' were measured on different CPUs (%s) "
			 "(accepted: files from one CPU model and architecture, or "
			 "--across-hosts)",
			 base->name, cur->name, out->cpu_change);
		return 2;
	}
	int t = check_tables(base, o->base_table, "--base-table", cur, o->cur_table, why, why_size);
	if (!t)
		t = check_tables(cur, o->cur_table, "--new-table", base, o->base_table, why,
				 why_size);
	if (t)
		return t;
	return library_diff(base, cur, out) != 0 ? -1 : 0;
}

/* The pairing of BASE's cells with NEW's: the selections (same run), the
   cells by key on each side, and which of NEW's cells have a BASE. */
typedef struct pairing {
	const cs_res_file *base, *cur;
	const cs_compare_opts *o;
	bool same_run;
	selection sb, sc;
	cs_index bidx, cidx;
	bool *paired; /* per NEW cell */
	size_t n_sel_base, n_sel_cur;
	size_t n_base_cells; /* out->cells from BASE (the rest are NEW's new cells) */
	char key[CS_RES_LABEL_MAX + 3 * CS_RES_NAME_MAX];
} pairing;

/* Is the cell on its side's selection (same run) or chosen table? */
static bool
on_side(const pairing *p, const cs_res_cell *c, bool is_base)
{
	if (p->same_run)
		return selected(c, is_base ? &p->sb : &p->sc);
	return in_table(c, is_base ? p->o->base_table : p->o->cur_table);
}

/* NEW's cells by key (in same-run mode, only the NEW selection's); a
   repeated key keeps its first cell. 0, -1 on no memory. */
static int
index_new(pairing *p)
{
	bool found;
	for (size_t i = 0; i < p->cur->n_cells; i++) {
		const cs_res_cell *c = &p->cur->cells[i];
		if (!on_side(p, c, false))
			continue;
		p->n_sel_cur++;
		int len = pair_key(c, p->same_run, p->key, sizeof p->key, p->o, false);
		if (cs_index_put(&p->cidx, p->key, (size_t)len, i, &found) == CS_INDEX_NONE)
			return -1;
	}
	return 0;
}

/* A comparison per BASE cell (the first of a key), with NEW's cell of its
   key when there is one. 0, -1 on no memory. */
static int
pair_base(pairing *p, cs_comparison *out)
{
	bool found;
	for (size_t i = 0; i < p->base->n_cells; i++) {
		const cs_res_cell *c = &p->base->cells[i];
		if (!on_side(p, c, true))
			continue;
		p->n_sel_base++;
		int len = pair_key(c, p->same_run, p->key, sizeof p->key, p->o, true);
		if (cs_index_put(&p->bidx, p->key, (size_t)len, i, &found) == CS_INDEX_NONE)
			return -1;
		if (found)
			continue; /* a repeated key: the first cell stands */
		size_t at = cs_index_get(&p->cidx, p->key, (size_t)len);
		cs_cell_cmp *x = &out->cells[out->n_cells++];
		x->base = c;
		x->cur = at == CS_INDEX_NONE ? NULL : &p->cur->cells[at];
		if (x->cur)
			p->paired[at] = true;
		name_cell(x, x->cur ? x->cur : c, p->same_run);
	}
	p->n_base_cells = out->n_cells;
	return 0;
}

/* Something to compare: each selection matches a cell, and a cell is on
   both sides. 0, or 2 with why. */
static int
check_common(const pairing *p, const cs_comparison *out, char *why, size_t why_size)
{
	const cs_compare_opts *o = p->o;
	if (p->same_run && (p->n_sel_base == 0 || p->n_sel_cur == 0)) {
		snprintf(why, why_size,
			 "--%s '%s' matches no cell of '%s' (accepted: a library as "
			 "in the result file, e.g. wolfssl@5.7.2, openssl/no-aes, "
			 "openssl[default])",
			 p->n_sel_base ? "new" : "base", p->n_sel_base ? o->cur_sel : o->base_sel,
			 p->base->name);
		return 2;
	}
	size_t n_paired = 0;
	for (size_t k = 0; k < out->n_cells; k++)
		n_paired += out->cells[k].cur != NULL;
	if (n_paired > 0)
		return 0;
	/* nothing in common: no verdict, neither "no regression" nor "all missing" */
	if (p->same_run)
		snprintf(why, why_size,
			 "--base '%s' and --new '%s' have no cell in common in '%s' (the "
			 "same algorithm, operation and size, measured for both)",
			 o->base_sel, o->cur_sel, p->base->name);
	else
		snprintf(why, why_size,
			 "'%s' and '%s' have no cell in common (the same library, path, "
			 "mask, algorithm, operation and size in both)",
			 p->base->name, p->cur->name);
	return 2;
}

/* NEW's cells without a BASE (the first of a key), after BASE's. */
static void
add_new_cells(pairing *p, cs_comparison *out)
{
	for (size_t i = 0; i < p->cur->n_cells; i++) {
		const cs_res_cell *c = &p->cur->cells[i];
		if (p->paired[i] || !on_side(p, c, false))
			continue;
		int len = pair_key(c, p->same_run, p->key, sizeof p->key, p->o, false);
		if (cs_index_get(&p->cidx, p->key, (size_t)len) != i)
			continue; /* a repeated key: the first cell stands */
		cs_cell_cmp *x = &out->cells[out->n_cells++];
		x->cur = c;
		name_cell(x, c, p->same_run);
		out->new_cells++;
	}
}

/* The cells paired, BASE's first then NEW's new ones: 0, 2 with why, -1 on
   no memory. */
static int
pair_cells(pairing *p, cs_comparison *out, char *why, size_t why_size)
{
	out->cells = calloc(p->base->n_cells + p->cur->n_cells + 1, sizeof *out->cells);
	p->paired = calloc(p->cur->n_cells + 1, sizeof *p->paired);
	if (!out->cells || !p->paired || index_new(p) != 0 || pair_base(p, out) != 0)
		return -1;
	int rc = check_common(p, out, why, why_size);
	if (!rc)
		add_new_cells(p, out);
	return rc;
}

/* Each cell's verdicts: speed, missing, status, and counts or hw classes. */
static void
judge_cells(cs_comparison *out, const cs_compare_opts *o, size_t n_base_cells)
{
	for (size_t k = 0; k < out->n_cells; k++) {
		cs_cell_cmp *x = &out->cells[k];
		bool counts =
			x->base && x->cur && (x->base->count.present || x->cur->count.present);
		if (counts)
			x->speed = CS_SPEED_NONE; /* counts are never timings */
		else
			decide(x, o, out->same_run);
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
		if (x->base->count.present && x->cur && x->cur->count.present) {
			decide_count(x, o);
			out->counted++;
			out->count[CS_FLAG_COUNTS] += x->count_changed;
			out->count[CS_FLAG_HW] += x->hw_lost;
		} else if (is_ok(x->base) && is_ok(x->cur) && has_classes(x->base) &&
			   has_classes(x->cur)) {
			x->hw_lost = hw_missing_from(&x->base->ev, &x->cur->ev);
			x->hw_gained = hw_missing_from(&x->cur->ev, &x->base->ev);
			out->count[CS_FLAG_HW] += x->hw_lost;
		}
	}
}

/* The machine's drift from the reference cells (two timed files), and the
   slowdowns it may explain; then the tallies of speed verdicts. */
static void
weigh_drift(cs_comparison *out, const cs_compare_opts *o)
{
	if (!out->same_run && !out->counting)
		reference_drift(out); /* counts do not drift */
	double d = fabs(out->drift - 1);
	out->inconclusive = !out->same_run && d > o->threshold;
	for (size_t k = 0; k < out->n_cells; k++) {
		cs_cell_cmp *x = &out->cells[k];
		/* with a drifting machine, only a slowdown far beyond the drift counts */
		if (x->speed == CS_SPEED_SLOWER && out->inconclusive &&
		    x->ratio >= (1 - d) * (1 - 2 * o->threshold))
			x->speed = CS_SPEED_DRIFT;
		out->count[CS_FLAG_SLOWER] += x->speed == CS_SPEED_SLOWER;
		out->faster += x->speed == CS_SPEED_FASTER;
		out->drift_cells += x->speed == CS_SPEED_DRIFT;
	}
}

int
cs_compare(const cs_res_file *base, const cs_res_file *cur, const cs_compare_opts *o,
	   cs_comparison *out, char *why, size_t why_size)
{
	memset(out, 0, sizeof *out);
	out->opts = *o;
	out->base_name = base->name;
	out->cur_name = cur->name;
	out->same_run = o->base_sel && o->cur_sel;
	out->counting = base->counting.present;
	pairing p = {.base = base, .cur = cur, .o = o, .same_run = out->same_run};
	int rc = 0;
	if (out->same_run) {
		parse_selection(o->base_sel, &p.sb);
		parse_selection(o->cur_sel, &p.sc);
	} else {
		rc = check_files(base, cur, o, out, why, why_size);
		if (rc)
			return rc;
	}
	rc = pair_cells(&p, out, why, why_size);
	if (!rc)
		judge_cells(out, o, p.n_base_cells);
	out->drift = 1;
	if (!rc)
		weigh_drift(out, o);
	/* conformance in every mode: the two selections' rows of one file, or
	   the two files' rows (a build renamed by --pair) */
	if (!rc) {
		const char *bl = out->same_run ? p.sb.lib : NULL;
		const char *cl = out->same_run ? p.sc.lib : NULL;
		if (!(out->conform = cs_conform_diff_build(base, cur, bl, cl, o)))
			rc = -1;
	}
	out->count[CS_FLAG_CONFORMANCE] = out->conform ? out->conform->worse : 0;
	bool failed = false;
	for (int k = 0; k < CS_FLAG_COUNT; k++)
		failed |= (o->fail_on & (1u << k)) && out->count[k] > 0;
	out->status = failed ? 1 : out->inconclusive ? 5 : 0;
	cs_index_free(&p.bidx);
	cs_index_free(&p.cidx);
	free(p.paired);
	if (rc)
		cs_comparison_free(out);
	return rc;
}

void
cs_comparison_free(cs_comparison *c)
{
	free(c->cells);
	free(c->libs);
	cs_conform_diff_free(c->conform);
	c->conform = NULL;
	c->cells = NULL;
	c->libs = NULL;
	c->n_cells = c->n_libs = 0;
}
