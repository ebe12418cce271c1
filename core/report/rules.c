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
   4. Ties are called ties: two cells whose 95% intervals of the median
      overlap share a place ("=2").
   5. A client x server pair of the TLS grid (run --tls-grid, path
      "tls>SERVER") is two libraries' cost together: never ranked beside a
      library's own cells (report --view tls-grid shows the pairs). */
#include <math.h>
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

/* The interval of a cell's median rate: its 95% CI when the file has one,
   else median * (1 +- ci95_rel), else the point itself (imported cells). */
static void
interval(const cs_res_cell *c, double *lo, double *hi)
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
	interval(a, &alo, &ahi);
	interval(b, &blo, &bhi);
	return alo <= bhi && blo <= ahi;
}

const char *
cs_rules_text(void)
{
	return mix_sources
		       ? "Rules: sources mixed (--mix-sources); one ranking per parallelism "
			 "(-multi N ranks with -multi N only); emulated runs listed, never ranked "
			 "by time; =N: a tie (the 95% intervals overlap)."
		       : "Rules: one ranking per source and per parallelism (-multi N ranks with "
			 "-multi N only); imported and measured cells never ranked together "
			 "(--mix-sources to mix); emulated runs listed, never ranked by time; =N: "
			 "a "
			 "tie (the 95% intervals overlap).";
}
