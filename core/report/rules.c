/* The honest comparison rules, in one place: which cells may be ranked
   against which, and the sentence every ranking prints under itself. Every
   format and the verdict read these functions; none decides on its own.

   1. A ranking holds the cells of one source (one run, or one imported
      table): machines, tools and dates differ between sources. With
      --mix-sources the sources share a ranking (still one per parallelism).
   2. A ranking holds one parallelism: a -multi N / --multi N row counts N
      workers' operations and ranks only with rows of the same N.
   3. An emulated run (qemu-*) is never ranked by time: its cells are listed
      after the ranked ones, marked, without a place or a ratio.
   4. Ties are called ties, pairwise: a cell is never placed below one whose
      95% interval overlaps its own. Cells whose intervals overlap share a
      place ("=2"), and so does a chain of overlaps (a ~ b and b ~ c put a,
      b and c on one place even when a and c do not overlap).
   6. A ranking over several points (sizes, ops) compares only the points
      every ranked library has: the libraries missing one of them are listed
      apart, with what they miss (cs_rules_common).
   5. A client x server pair of the TLS grid (run --tls-grid, path
      "tls>SERVER") is two libraries' cost together: never ranked beside a
      library's own cells (report --view tls-grid shows the pairs). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "tls.h"

static bool mix_sources;

void
cs_rules_set_mix_sources(bool on)
{
	mix_sources = on;
}

bool
cs_rules_mixing(void)
{
	return mix_sources;
}

/* A file written before the "emulation" mark existed: a run whose launcher
   names a program qemu-* anywhere in its words is emulated too. */
static bool
launcher_is_qemu(const cs_res_file *f)
{
	for (size_t i = 0; i < f->config.n_launcher; i++) {
		const char *w = f->config.launcher[i];
		const char *base = w ? strrchr(w, '/') : NULL;
		if (w && strncmp(base ? base + 1 : w, "qemu-", 5) == 0)
			return true;
	}
	return false;
}

bool
cs_rules_emulated(const cs_res_file *f, const cs_res_cell *c)
{
	return (c && c->count.present && c->count.emulated) || f->counting.emulated ||
	       f->emulation.emulated || launcher_is_qemu(f);
}

bool
cs_rules_rankable(const cs_matrix *m, size_t source, const cs_res_cell *c)
{
	return c->ok && !cs_rules_emulated(m->sources[source].file, c) &&
	       !cs_report_tls_grid_server(c);
}

const char *
cs_rules_unranked_word(const cs_res_cell *c)
{
	return cs_report_tls_grid_server(c) ? "pair" : "emulated";
}

cs_rank_group
cs_rules_group(size_t source, const cs_res_cell *c)
{
	return (cs_rank_group){.source = mix_sources ? 0 : source,
			       .multi = c->multi > 1 ? c->multi : 1};
}

int
cs_rules_group_cmp(cs_rank_group a, cs_rank_group b)
{
	if (a.source != b.source)
		return a.source < b.source ? -1 : 1;
	return (a.multi > b.multi) - (a.multi < b.multi);
}

void
cs_rules_group_name(const cs_matrix *m, cs_rank_group g, char *buf, size_t n)
{
	char multi[48] = "";
	if (g.multi > 1)
		snprintf(multi, sizeof multi, "%d workers (-multi %d)", g.multi, g.multi);
	if (mix_sources)
		snprintf(buf, n, "all sources%s%s", *multi ? ", " : "", multi);
	else if (m->n_sources > 1)
		snprintf(buf, n, "[%zu] %s%s%s", g.source + 1, m->sources[g.source].src->label,
			 *multi ? ", " : "", multi);
	else
		snprintf(buf, n, "%s", *multi ? multi : "1 worker");
}

void
cs_rules_interval(const cs_res_cell *c, double *lo, double *hi)
{
	*lo = *hi = c->rate.median;
	if (c->rate.has_spread && c->rate.ci_hi > 0) {
		*lo = fmin(c->rate.ci_lo, c->rate.median);
		*hi = fmax(c->rate.ci_hi, c->rate.median);
	} else if (c->ci95_rel > 0 && isfinite(c->ci95_rel)) {
		*lo = c->rate.median * (1 - c->ci95_rel);
		*hi = c->rate.median * (1 + c->ci95_rel);
	}
}

bool
cs_rules_tie(const cs_res_cell *a, const cs_res_cell *b)
{
	double alo, ahi, blo, bhi;
	cs_rules_interval(a, &alo, &ahi);
	cs_rules_interval(b, &blo, &bhi);
	return alo <= bhi && blo <= ahi;
}

static size_t
root(size_t *up, size_t i)
{
	while (up[i] != i)
		i = up[i] = up[up[i]];
	return i;
}

int
cs_rules_places(const double *lo, const double *hi, size_t n, size_t *place, bool *tie)
{
	size_t *up = malloc((n + 1) * sizeof *up);
	if (!up)
		return -1;
	for (size_t i = 0; i < n; i++)
		up[i] = i;
	/* every overlapping pair joins its two groups (a chain joins too) */
	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n; j++)
			if (lo[i] <= hi[j] && lo[j] <= hi[i])
				up[root(up, j)] = root(up, i);
	/* a group spans from its first to its last member, and every item
	   between them shares its place (nothing is placed below a member it
	   stands between) */
	size_t start = 0;
	while (start < n) {
		size_t end = start;
		for (size_t j = start + 1; j < n; j++)
			for (size_t i = start; i <= end; i++)
				if (root(up, i) == root(up, j)) {
					end = j;
					break;
				}
		for (size_t i = start; i <= end; i++) {
			place[i] = start + 1;
			tie[i] = end > start;
		}
		start = end + 1;
	}
	free(up);
	return 0;
}

void
cs_rules_common(const bool *has, size_t n_libs, size_t n_points, bool *ranked, bool *use)
{
	size_t *count = calloc(n_libs + 1, sizeof *count);
	for (size_t p = 0; p < n_points; p++) {
		use[p] = false;
		for (size_t l = 0; l < n_libs; l++)
			use[p] |= has[l * n_points + p];
	}
	size_t complete = 0, first = n_libs, second = n_libs;
	for (size_t l = 0; l < n_libs; l++) {
		size_t c = 0;
		bool all = true;
		for (size_t p = 0; p < n_points; p++) {
			c += has[l * n_points + p];
			all &= !use[p] || has[l * n_points + p];
		}
		if (count)
			count[l] = c;
		complete += all && c > 0;
		if (!count)
			continue;
		if (first == n_libs || c > count[first]) {
			second = first;
			first = l;
		} else if (second == n_libs || c > count[second]) {
			second = l;
		}
	}
	/* fewer than two libraries have every point: the points the two
	   libraries with the most points have in common */
	if (complete < 2 && count && second < n_libs)
		for (size_t p = 0; p < n_points; p++)
			use[p] = has[first * n_points + p] && has[second * n_points + p];
	for (size_t l = 0; l < n_libs; l++) {
		bool all = true, any = false;
		for (size_t p = 0; p < n_points; p++) {
			all &= !use[p] || has[l * n_points + p];
			any |= use[p];
		}
		ranked[l] = all && any;
	}
	free(count);
}

const char *
cs_rules_tie_text(void)
{
	return "Ties: 95% intervals overlap, directly or by a chain (a~b, b~c: a=b=c); "
	       "only the points all ranked libraries have.";
}

const char *
cs_rules_text(void)
{
	return mix_sources
		       ? "Rules: sources mixed (--mix-sources); one ranking per parallelism "
			 "(-multi N ranks with -multi N only); emulated runs listed, never ranked "
			 "by time; =N: a tie (95% intervals overlap, directly or through a chain a "
			 "~ b ~ c)."
		       : "Rules: one ranking per source and per parallelism (-multi N ranks with "
			 "-multi N only); imported and measured cells never ranked together "
			 "(--mix-sources to mix); emulated runs listed, never ranked by time; =N: "
			 "a "
			 "tie (95% intervals overlap, directly or through a chain a ~ b ~ c).";
}
