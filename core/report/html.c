/* One self-contained HTML page: sources and their metadata, per block a chart
   (inline SVG written here: rate against size, both log scales, one line per
   lib/path and source; a bar per lib/path and source for fixed-size ops), the
   matrix and rank tables, and the hw evidence with its shares. No script, no
   network: a Content-Security-Policy of default-src 'none' says so to the
   browser. Every string from a result file goes through esc(). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "conform.h"
#include "report.h"

#define MISSING "&#8212;"

static const char *const palette[] = {
	"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#e6ab02",
	"#bcbd22", "#17becf", "#393b79", "#637939", "#8c6d31", "#843c39", "#7b4173", "#3182bd"};
static const char *const dashes[] = {"", "6 3", "2 3", "8 3 2 3"};
/* Marker shapes: a series differs in colour AND marker. */
#define N_MARKERS 5
#define N_PALETTE (sizeof palette / sizeof palette[0])
#define N_DASHES (sizeof dashes / sizeof dashes[0])

static const char style[] =
	"body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222}"
	"table{border-collapse:collapse;margin:.5em 0 1.5em}"
	"td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}"
	"th,td:first-child,td.l{text-align:left}"
	"caption{text-align:left;font-weight:bold;padding:.3em 0}"
	"figure{display:inline-block;margin:0 1em 1em 0;vertical-align:top}"
	"figcaption{font-weight:bold}"
	"svg text{font:11px sans-serif}"
	".verdict{margin:.2em 0}"
	".na{color:#999}"
	"#verdict{border:2px solid #333;padding:.2em 1em;max-width:100em}"
	"#verdict{font-size:13px}#verdict h2{margin:.2em 0}#verdict p{margin:.3em 0}"
	"#verdict ul{margin:.2em 0}#verdict li{margin:0}.rules{font-size:12px;color:#444}"
	"table.heat td{text-align:center;min-width:3.2em;padding:1px 3px}"
	"table.heat th{font-size:11px;font-weight:normal}"
	".hbox{max-width:100%;max-height:70vh;overflow:auto}"
	"table.heat tr>:first-child{position:sticky;left:0;background:#fff;z-index:1}"
	".legend{display:flex;align-items:center;gap:.2em;font-size:12px;margin:.3em 0}"
	".legend span{display:inline-block;padding:1px 5px}"
	".qs{display:flex;flex-wrap:wrap;gap:2px 10px}"
	"figure.heat{display:block;margin:0 0 1em}figure.q{margin:0;width:268px}figure.q "
	"figcaption{font-size:12px}"
	"svg.qc text{font:10px sans-serif}svg.qc text.qm{font:bold 9px sans-serif;fill:#fff}svg.qc "
	"text.qd{fill:#333}"
	".qa{font-size:11px;margin:0;color:#444}"
	"code{font-size:12px;word-break:break-all}";

/* "[2] " with several sources. */
static void
source_tag(FILE *f, const cs_matrix *m, size_t s)
{
	if (m->n_sources > 1)
		fprintf(f, "[%zu] ", s + 1);
}

static void
sources(FILE *f, const cs_matrix *m)
{
	fprintf(f, "<h2 id=\"sources\">Sources</h2>\n<table class=\"sources\"><tr><th>#</th>"
		   "<th>label</th><th>file</th><th>machine</th><th>tool</th><th>libraries</th>"
		   "<th>details</th></tr>\n");
	for (size_t s = 0; s < m->n_sources; s++) {
		const cs_msource *src = &m->sources[s];
		const cs_res_file *r = src->file;
		fprintf(f, "<tr><td>%zu</td><td class=\"l\">", s + 1);
		cs_esc_xml(f, src->src->label);
		fputs("</td><td class=\"l\">", f);
		cs_esc_xml(f, r->name);
		if (src->src->imported) {
			fputs(" (imported from ", f);
			cs_esc_xml(f, src->src->file ? src->src->file : "?");
			fprintf(f, " line %lld: one figure per cell, no samples, no evidence)",
				src->src->line);
			fputs("</td><td class=\"l\">", f);
			cs_esc_xml(f, src->src->machine	  ? src->src->machine
				      : src->src->cpuinfo ? src->src->cpuinfo
							  : "");
			fputs("</td><td class=\"l\">", f);
			cs_esc_xml(f, src->src->version ? src->src->version : "");
			fputs("</td><td class=\"l\"></td><td class=\"l\"><code>", f);
			if (src->src->options && *src->src->options) {
				fputs("options: ", f);
				cs_esc_xml(f, src->src->options);
			}
			if (src->src->compiler && *src->src->compiler) {
				fputs(" compiler: ", f);
				cs_esc_xml(f, src->src->compiler);
			}
			fputs("</code></td></tr>\n", f);
			continue;
		}
		fputs("</td><td class=\"l\">", f);
		cs_esc_xml(f, r->hostname);
		fputs(": ", f);
		cs_esc_xml(f, r->cpu_model);
		fputs(" (", f);
		cs_esc_xml(f, r->cpu_arch);
		fprintf(f, ", %lld CPUs), kernel ", r->cpus);
		cs_esc_xml(f, r->kernel);
		fputs("</td><td class=\"l\">cryptospeed ", f);
		cs_esc_xml(f, r->tool_version);
		fputs(", ", f);
		cs_esc_xml(f, r->started);
		fputs("</td><td class=\"l\">", f);
		for (size_t i = 0; i < r->n_libs; i++) {
			const cs_res_lib *l = &r->libs[i];
			fputs(i ? "<br>" : "", f);
			cs_esc_xml(f, l->name);
			if (l->variant) {
				fputs(" [", f);
				cs_esc_xml(f, l->variant);
				fputs("]", f);
			}
			if (l->mask) {
				fputs(" mask ", f);
				cs_esc_xml(f, l->mask);
			}
			fputs(": ", f);
			cs_esc_xml(f, l->error ? l->error : l->version ? l->version : "?");
			if (l->build && *l->build) {
				fputs(" <code>", f);
				cs_esc_xml(f, l->build);
				fputs("</code>", f);
			}
		}
		fputs("</td><td class=\"l\"><code>CPU features: ", f);
		cs_esc_xml(f, r->cpu_features);
		fputs("</code></td></tr>\n", f);
	}
	fputs("</table>\n", f);
}

/* The first figure: per source, rows lib/path x columns (alg op) at the
   block's largest size, each cell its ratio to the best of its column in the
   same ranking (rules.c), coloured from green (the best) to red (>= 8x). */
static void
heat_colour(double ratio, char *buf, size_t n)
{
	double t = fmin(log2(ratio) / 3, 1); /* 0 at 1x, 1 at 8x */
	snprintf(buf, n, "hsl(%.0f,70%%,%.0f%%)", 120 * (1 - t), 80 - 10 * t);
}

static void
heatmap(FILE *f, const cs_matrix *m, size_t s)
{
	/* the rows with a ranked cell in this source, in first-seen order */
	const char *rows[256];
	size_t n_rows = 0;
	for (size_t b = 0; b < m->n_blocks; b++)
		for (size_t r = 0; r < m->blocks[b].n_rows; r++) {
			const cs_mblock *B = &m->blocks[b];
			const cs_res_cell *c = cs_matrix_at(B, &B->rows[r], s, B->n_sizes - 1);
			bool seen = false;
			for (size_t i = 0; i < n_rows; i++)
				seen |= strcmp(rows[i], B->rows[r].label) == 0;
			if (c && cs_rules_rankable(m, s, c) && !seen && n_rows < 256)
				rows[n_rows++] = B->rows[r].label;
		}
	if (n_rows < 2)
		return; /* one row is 1.00x everywhere: no comparison to colour */
	fputs("<figure class=\"heat\"><figcaption>", f);
	if (m->n_sources > 1) {
		source_tag(f, m, s);
		cs_esc_xml(f, m->sources[s].src->label);
		fputs(": ", f);
	}
	fputs("each lib/path against the best of its column (1.00x = the best; largest size "
	      "of each algorithm)</figcaption>\n<div class=\"legend\">colour: ",
	      f);
	static const double stops[] = {1, 1.25, 1.5, 2, 3, 4, 6, 8};
	for (size_t i = 0; i < sizeof stops / sizeof stops[0]; i++) {
		char colour[48];
		heat_colour(stops[i], colour, sizeof colour);
		fprintf(f, "<span style=\"background:%s\">%s%gx</span>", colour,
			i + 1 == sizeof stops / sizeof stops[0] ? "&ge; " : "", stops[i]);
	}
	fputs(" (times slower than the best)</div>\n<div class=\"hbox\"><table class=\"heat\">"
	      "<tr><th>lib/path</th>",
	      f);
	for (size_t b = 0; b < m->n_blocks; b++) {
		const cs_mblock *B = &m->blocks[b];
		char size[32] = "";
		if (B->bytes)
			cs_report_size_name(B->sizes[B->n_sizes - 1], size, sizeof size);
		fputs("<th>", f);
		cs_esc_xml(f, B->alg);
		fputs("<br>", f);
		cs_esc_xml(f, B->op);
		fprintf(f, "%s%s</th>", *size ? " " : "", size);
	}
	fputs("</tr>\n", f);
	for (size_t i = 0; i < n_rows; i++) {
		fputs("<tr><td>", f);
		cs_esc_xml(f, rows[i]);
		fputs("</td>", f);
		for (size_t b = 0; b < m->n_blocks; b++) {
			const cs_mblock *B = &m->blocks[b];
			size_t k = B->n_sizes - 1;
			const cs_res_cell *c = NULL;
			double best = 0;
			for (size_t r = 0; r < B->n_rows; r++) {
				const cs_res_cell *x = cs_matrix_at(B, &B->rows[r], s, k);
				if (!x || !cs_rules_rankable(m, s, x))
					continue;
				if (x->multi == 1)
					best = fmax(best, x->rate.median);
				if (strcmp(B->rows[r].label, rows[i]) == 0)
					c = x;
			}
			if (!c || best <= 0 || c->multi != 1) {
				fputs("<td class=\"na\">" MISSING "</td>", f);
				continue;
			}
			char colour[48];
			double ratio = best / c->rate.median;
			heat_colour(ratio, colour, sizeof colour);
			fprintf(f, "<td style=\"background:%s\">%.2fx</td>", colour, ratio);
		}
		fputs("</tr>\n", f);
	}
	fputs("</table></div></figure>\n", f);
}

/* Chart geometry. */
#define W 600
#define H 300
#define L 64  /* left margin: y labels */
#define R 150 /* right margin: the direct labels */
#define T 12
#define B 40 /* bottom margin: x labels */

/* Imported openssl speed tables time openssl's own loop, not ours: their
   series are drawn grey and dashed and named so. */
#define IMPORTED_LOOP "openssl speed loop"
#define MAX_ENDS 128

/* A series' name at the right of a line chart. */
typedef struct end_label {
	double x, y; /* its last point */
	double ly;   /* its label's baseline */
	size_t r, s; /* row and source */
} end_label;

static const char *
series_colour(const cs_matrix *m, size_t r, size_t s)
{
	return m->sources[s].src->imported ? "#666" : palette[r % N_PALETTE];
}

static const char *
series_dash(const cs_matrix *m, size_t s)
{
	return m->sources[s].src->imported ? "5 3" : dashes[s % N_DASHES];
}

static double
mbs(const cs_mblock *b, const cs_res_cell *c)
{
	return c->rate.median / (b->bytes ? 1e6 : 1);
}

/* Marker k at (x, y) in colour c. */
static void
marker(FILE *f, size_t k, double x, double y, const char *c)
{
	switch (k % N_MARKERS) {
	case 0:
		fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\"/>", x, y, c);
		break;
	case 1:
		fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"7\" height=\"7\" fill=\"%s\"/>",
			x - 3.5, y - 3.5, c);
		break;
	case 2: fprintf(f, "<path d=\"M%.1f %.1fl4 7h-8z\" fill=\"%s\"/>", x, y - 4.5, c); break;
	case 3:
		fprintf(f, "<path d=\"M%.1f %.1fl4 4l-4 4l-4-4z\" fill=\"%s\"/>", x, y - 4, c);
		break;
	default:
		fprintf(f,
			"<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"white\" "
			"stroke=\"%s\" stroke-width=\"2\"/>",
			x, y, c);
		break;
	}
}

/* A line chart's scales: log2 of the size across, decades of MB/s up. */
typedef struct axes {
	double x0, x1, y0, y1;
} axes;

static double
axis_x(const axes *a, long long size)
{
	return L + (W - L - R) * (log2((double)(size > 0 ? size : 1)) - a->x0) / (a->x1 - a->x0);
}

static double
axis_y(const axes *a, double mbs)
{
	return T + (H - T - B) * (1 - (log10(mbs) - a->y0) / (a->y1 - a->y0));
}

/* The scales of block b's chart (rates from lo to hi), and the chart's
   axes, decade grid lines and size ticks. */
static axes
line_axes(FILE *f, const cs_mblock *b, double lo, double hi)
{
	axes a = {.x0 = log2((double)(b->sizes[0] > 0 ? b->sizes[0] : 1)),
		  .x1 = log2((double)(b->sizes[b->n_sizes - 1] > 0 ? b->sizes[b->n_sizes - 1] : 1)),
		  .y0 = floor(log10(lo)),
		  .y1 = ceil(log10(hi))};
	if (a.y1 <= a.y0)
		a.y1 = a.y0 + 1;
	if (a.x1 <= a.x0)
		a.x1 = a.x0 + 1;
	for (double d = a.y0; d <= a.y1; d++) {
		double y = T + (H - T - B) * (1 - (d - a.y0) / (a.y1 - a.y0));
		fprintf(f,
			"<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>"
			"<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%g</text>\n",
			L, y, W - R, y, L - 4, y + 4, pow(10, d));
	}
	/* size ticks from the largest down; a label closer than 52 px to the
	   one drawn after it is left out (its grid line stays) */
	double drawn = INFINITY;
	for (size_t k = b->n_sizes; k-- > 0;) {
		char size[32];
		cs_report_size_name(b->sizes[k], size, sizeof size);
		double x = axis_x(&a, b->sizes[k]);
		fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/>", x,
			T, x, H - B);
		if (drawn - x >= 52) {
			fprintf(f,
				"<text class=\"tick\" x=\"%.1f\" y=\"%d\" "
				"text-anchor=\"%s\">%s</text>",
				x, H - B + 14,
				k == 0		      ? "start"
				: k + 1 == b->n_sizes ? "end"
						      : "middle",
				size);
			drawn = x;
		}
		fputc('\n', f);
	}
	fprintf(f,
		"<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">input size (log scale)</text>"
		"<text x=\"12\" y=\"%d\" transform=\"rotate(-90 12 %d)\" "
		"text-anchor=\"middle\">MB/s (log scale)</text>\n",
		(W + L) / 2, H - 6, (H - B) / 2, (H - B) / 2);
	return a;
}

/* The series of row r in source s: its line, then its markers; false when
   it has no ok cell. *end: its last point. */
static bool
line_series(FILE *f, const cs_matrix *m, const cs_mblock *b, const axes *a, size_t r, size_t s,
	    size_t series, end_label *end)
{
	bool any = false;
	for (size_t k = 0; k < b->n_sizes; k++) {
		const cs_res_cell *c = cs_matrix_at(b, &b->rows[r], s, k);
		if (!c || !c->ok)
			continue;
		if (!any) {
			fprintf(f,
				"<polyline fill=\"none\" stroke-width=\"1.8\" "
				"stroke=\"%s\" stroke-dasharray=\"%s\" points=\"",
				series_colour(m, r, s), series_dash(m, s));
			any = true;
		}
		fprintf(f, "%.1f,%.1f ", axis_x(a, c->size), axis_y(a, mbs(b, c)));
	}
	if (!any)
		return false;
	fputs("\"><title>", f);
	source_tag(f, m, s);
	cs_esc_xml(f, b->rows[r].label);
	if (m->sources[s].src->imported)
		fputs(" (" IMPORTED_LOOP ")", f);
	fputs("</title></polyline>\n", f);
	/* the markers, and the series' name at its last point */
	double lx = 0, ly = 0;
	for (size_t k = 0; k < b->n_sizes; k++) {
		const cs_res_cell *c = cs_matrix_at(b, &b->rows[r], s, k);
		if (!c || !c->ok)
			continue;
		lx = axis_x(a, c->size);
		ly = axis_y(a, mbs(b, c));
		marker(f, series, lx, ly, series_colour(m, r, s));
	}
	*end = (end_label){.x = lx, .y = ly, .r = r, .s = s};
	return true;
}

/* The series' names in the right margin, in the order of their last
   points, spread 13 px apart so that none covers another. */
static void
end_labels(FILE *f, const cs_matrix *m, const cs_mblock *b, end_label *ends, size_t n_ends)
{
	for (size_t i = 1; i < n_ends; i++)
		for (size_t j = i; j > 0 && ends[j].y < ends[j - 1].y; j--) {
			end_label t = ends[j];
			ends[j] = ends[j - 1];
			ends[j - 1] = t;
		}
	for (size_t i = 0; i < n_ends; i++) {
		ends[i].ly = ends[i].y + 4;
		if (i && ends[i].ly < ends[i - 1].ly + 13)
			ends[i].ly = ends[i - 1].ly + 13;
	}
	/* pushed below the chart: the stack moves up from the bottom */
	for (size_t i = n_ends; i-- > 0;) {
		double cap = i + 1 == n_ends ? H - 4 : ends[i + 1].ly - 13;
		if (ends[i].ly > cap)
			ends[i].ly = cap;
	}
	for (size_t i = 0; i < n_ends; i++) {
		const char *c = series_colour(m, ends[i].r, ends[i].s);
		fprintf(f,
			"<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"%s\" "
			"stroke-width=\"0.5\"/><text class=\"end\" x=\"%d\" y=\"%.1f\" "
			"fill=\"%s\">",
			ends[i].x + 4, ends[i].y, W - R + 4, ends[i].ly - 4, c, W - R + 6,
			ends[i].ly, c);
		source_tag(f, m, ends[i].s);
		cs_esc_xml(f, b->rows[ends[i].r].label);
		if (m->sources[ends[i].s].src->imported)
			fputs(" (" IMPORTED_LOOP ")", f);
		fputs("</text>\n", f);
	}
}

/* Lines of rate against size, log-log. */
static void
line_chart(FILE *f, const cs_matrix *m, const cs_mblock *b, double lo, double hi)
{
	axes a = line_axes(f, b, lo, hi);
	size_t series = 0, n_ends = 0;
	end_label ends[MAX_ENDS];
	for (size_t r = 0; r < b->n_rows; r++)
		for (size_t s = 0; s < m->n_sources; s++) {
			end_label end;
			if (!line_series(f, m, b, &a, r, s, series, &end))
				continue;
			if (n_ends < MAX_ENDS)
				ends[n_ends++] = end;
			series++;
		}
	end_labels(f, m, b, ends, n_ends);
}

/* Bars for a block of one size: one per lib/path and source, linear scale. */
#define BAR_LABEL 190 /* width of the bar labels */
#define BAR_NUM 70    /* room for the number after a bar */

static void
bar_chart(FILE *f, const cs_matrix *m, const cs_mblock *b, double hi, size_t n_bars, int height)
{
	double bh = (double)(height - T - B) / (double)(n_bars ? n_bars : 1);
	size_t i = 0;
	for (size_t r = 0; r < b->n_rows; r++)
		for (size_t s = 0; s < m->n_sources; s++) {
			const cs_res_cell *c = cs_matrix_at(b, &b->rows[r], s, 0);
			if (!c || !c->ok)
				continue;
			double w = (W - R - BAR_LABEL - BAR_NUM) * mbs(b, c) / hi;
			double y = T + bh * (double)i;
			char num[48];
			cs_report_number(mbs(b, c), num, sizeof num);
			fprintf(f,
				"<rect x=\"%d\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
				"fill=\"%s\" fill-opacity=\"%s\"><title>",
				BAR_LABEL, y + 1, w, bh - 2, palette[r % N_PALETTE],
				s % 2 ? "0.55" : "0.9");
			source_tag(f, m, s);
			cs_esc_xml(f, b->rows[r].label);
			fprintf(f, ": %s %s</title></rect><text x=\"%.1f\" y=\"%.1f\">%s</text>\n",
				num, b->bytes ? "MB/s" : "op/s", BAR_LABEL + 4 + w, y + bh / 2 + 4,
				num);
			fprintf(f, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">", BAR_LABEL - 4,
				y + bh / 2 + 4);
			source_tag(f, m, s);
			cs_esc_xml(f, b->rows[r].label);
			fputs("</text>\n", f);
			i++;
		}
	char size[32];
	cs_report_size_name(b->sizes[0], size, sizeof size);
	fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">", (W + BAR_LABEL) / 2,
		height - 6);
	if (b->bytes)
		fprintf(f, "MB/s at %s", size);
	else
		fputs("operations per second", f);
	fputs("</text>\n", f);
}

static void
chart(FILE *f, const cs_matrix *m, const cs_mblock *b)
{
	double lo = INFINITY, hi = 0;
	size_t n_ok = 0;
	for (size_t r = 0; r < b->n_rows; r++)
		for (size_t s = 0; s < m->n_sources; s++)
			for (size_t k = 0; k < b->n_sizes; k++) {
				const cs_res_cell *c = cs_matrix_at(b, &b->rows[r], s, k);
				if (!c || !c->ok)
					continue;
				lo = fmin(lo, mbs(b, c));
				hi = fmax(hi, mbs(b, c));
				n_ok++;
			}
	bool bars = b->n_sizes == 1;
	/* legend rows under the plot: one per series */
	size_t n_series = 0;
	for (size_t r = 0; r < b->n_rows; r++)
		for (size_t s = 0; s < m->n_sources; s++)
			n_series += b->rows[r].any[s] != NULL;
	/* bars get a row each (no label over another); lines have one plot */
	int height = bars && T + B + 16 * (int)n_ok > H ? T + B + 16 * (int)n_ok : H;
	(void)n_series; /* series are labelled where they end: no legend */
	fputs("<figure class=\"chart\"><figcaption>", f);
	cs_esc_xml(f, b->alg);
	fputc(' ', f);
	cs_esc_xml(f, b->op);
	fprintf(f,
		"</figcaption>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
		"height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\">\n"
		"<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
		"stroke=\"#888\"/>\n",
		W, height, W, height, bars ? BAR_LABEL : L, T, W - R - (bars ? BAR_LABEL : L),
		height - T - B);
	if (n_ok == 0)
		fprintf(f, "<text x=\"%d\" y=\"%d\">no ok cell</text>\n", L + 10, T + 20);
	else if (bars)
		bar_chart(f, m, b, hi, n_ok, height);
	else
		line_chart(f, m, b, lo, hi);
	fputs("</svg></figure>\n", f);
}

static void
block_title(FILE *f, const cs_mblock *b, const char *tag, const char *unit)
{
	fprintf(f, "<table class=\"%s\"><caption>", tag);
	cs_esc_xml(f, b->alg);
	fputc(' ', f);
	cs_esc_xml(f, b->op);
	fprintf(f, " (%s)</caption>\n", unit);
}

static void
matrix(FILE *f, const cs_matrix *m, const cs_mblock *b)
{
	block_title(f, b, "matrix", b->bytes ? "MB/s" : "op/s");
	fputs("<tr><th>lib/path</th>", f);
	for (size_t k = 0; k < b->n_sizes; k++) {
		char size[32];
		cs_report_size_name(b->sizes[k], size, sizeof size);
		fprintf(f, "<th>%s</th>", b->bytes || b->n_sizes > 1 ? size : "op/s");
	}
	cs_conform_html_th(f, m);
	fputs("<th>hw</th></tr>\n", f);
	for (size_t r = 0; r < b->n_rows; r++)
		for (size_t s = 0; s < m->n_sources; s++) {
			if (!b->rows[r].any[s]) /* this source has no cell in the row */
				continue;
			fputs("<tr><td>", f);
			source_tag(f, m, s);
			cs_esc_xml(f, b->rows[r].label);
			fputs("</td>", f);
			for (size_t k = 0; k < b->n_sizes; k++) {
				const cs_res_cell *c = cs_matrix_at(b, &b->rows[r], s, k);
				char num[48];
				if (!c) {
					fputs("<td class=\"na\">" MISSING "</td>", f);
					continue;
				}
				if (c->ok)
					cs_report_number(mbs(b, c), num, sizeof num);
				fputs(c->ok ? "<td>" : "<td class=\"na\">", f);
				cs_esc_xml(f, c->ok ? num : cs_report_status_word(c->status));
				fputs("</td>", f);
			}
			cs_conform_html_td(f, m, &b->rows[r], s);
			char hw[256] = MISSING;
			if (b->rows[r].any[s])
				cs_report_hw(b->rows[r].any[s], hw, sizeof hw);
			fputs("<td class=\"l\">", f);
			if (b->rows[r].any[s])
				cs_esc_xml(f, hw);
			else
				fputs(MISSING, f);
			fputs("</td></tr>\n", f);
		}
	fputs("</table>\n", f);
}

static cs_rank_row_func rank_row;
static void
rank_row(void *arg, const cs_rank_row *row)
{
	FILE *f = arg;
	if (*row->group) {
		fprintf(f, "<tr><td>%s</td><td></td><td colspan=\"4\" class=\"l\"><b>", row->size);
		cs_esc_xml(f, row->group);
		fputs("</b></td></tr>\n", f);
	}
	fprintf(f, "<tr><td>%s</td><td>", *row->group ? "" : row->size);
	if (row->place)
		fprintf(f, "%s%zu", row->tie ? "=" : "", row->place);
	fputs("</td><td>", f);
	cs_esc_xml(f, row->label);
	if (row->place) {
		char num[48];
		cs_report_number(row->rate, num, sizeof num);
		fprintf(f, "</td><td>%s</td><td>%.2fx</td><td class=\"l\">", num, row->e->ratio);
	} else {
		fputs("</td><td class=\"na\">", f);
		cs_esc_xml(f, row->why);
		fputs("</td><td></td><td class=\"l\">", f);
	}
	cs_esc_xml(f, row->hw);
	fputs("</td></tr>\n", f);
}

static void
rank(FILE *f, const cs_matrix *m, const cs_mblock *b)
{
	char *verdict = cs_rank_verdict(m, b);
	fputs("<p class=\"verdict\"><b>", f);
	cs_esc_xml(f, b->alg);
	fputc(' ', f);
	cs_esc_xml(f, b->op);
	fputs("</b>: ", f);
	cs_esc_xml(f, verdict ? verdict : "out of memory");
	fputs("</p>\n", f);
	free(verdict);
	block_title(f, b, "rank", "fastest first");
	fprintf(f,
		"<tr><th>size</th><th>#</th><th>lib/path</th><th>%s</th><th>vs best</th>"
		"<th>hw</th></tr>\n",
		b->bytes ? "MB/s" : "op/s");
	cs_rank_each(m, b, rank_row, f);
	fputs("</table>\n<p class=\"rules\">", f);
	cs_esc_xml(f, cs_rules_text());
	fputs("</p>\n", f);
}

/* Per block, row and source with evidence: every class and its share. */
static void
evidence(FILE *f, const cs_matrix *m)
{
	fputs("<h2 id=\"evidence\">Hardware evidence</h2>\n<p>Share of the in-library PC samples "
	      "in each instruction class (one cell per row, near the evidence size).</p>\n"
	      "<table class=\"evidence\"><tr><th>algorithm</th><th>lib/path</th><th>size</th>"
	      "<th>samples</th><th>classes</th></tr>\n",
	      f);
	for (size_t b = 0; b < m->n_blocks; b++) {
		const cs_mblock *bl = &m->blocks[b];
		for (size_t r = 0; r < bl->n_rows; r++)
			for (size_t s = 0; s < m->n_sources; s++) {
				const cs_res_cell *c = bl->rows[r].any[s];
				if (!c || !c->ev.present)
					continue;
				fputs("<tr><td>", f);
				cs_esc_xml(f, bl->alg);
				fputc(' ', f);
				cs_esc_xml(f, bl->op);
				fputs("</td><td>", f);
				source_tag(f, m, s);
				cs_esc_xml(f, bl->rows[r].label);
				fprintf(f, "</td><td>%lld</td><td>",
					c->ev.size >= 0 ? c->ev.size : c->size);
				if (c->ev.samples >= 0)
					fprintf(f, "%lld", c->ev.samples);
				fputs("</td><td class=\"l\">", f);
				if (!c->ev.available) {
					fputs("unavailable: ", f);
					cs_esc_xml(f, c->ev.reason ? c->ev.reason : "?");
				}
				for (size_t i = 0; c->ev.available && i < c->ev.n_classes; i++) {
					fputs(i ? ", " : "", f);
					cs_esc_xml(f, c->ev.classes[i].name);
					fprintf(f, " %.0f%%", c->ev.classes[i].share * 100);
				}
				fputs("</td></tr>\n", f);
			}
	}
	fputs("</table>\n", f);
}

void
cs_report_html(const cs_res_file *const *files, size_t n, cs_view view, FILE *f)
{
	cs_matrix m;
	if (cs_matrix_build(&m, files, n) != 0) {
		fprintf(f, "out of memory\n");
		return;
	}
	static const char *const titles[] = {"cryptospeed report", "cryptospeed ranking", "",
					     "cryptospeed hardware evidence"};
	fprintf(f,
		"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
		"<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
		"style-src 'unsafe-inline'\">\n<title>%s</title>\n"
		"<style>%s</style></head><body>\n<h1>%s</h1>\n",
		titles[view < 4 ? view : 0], style, titles[view < 4 ? view : 0]);
	if (view == CS_VIEW_EVIDENCE) {
		cs_matrix_free(&m);
		cs_report_evidence(files, n, "html", f);
		fputs("</body></html>\n", f);
		return;
	}
	/* the verdict first, then the heatmap, then the evidence for both */
	cs_report_summary(&m, "html", f);
	fputs("<h2 id=\"heatmap\">Heatmap</h2>\n", f);
	for (size_t s = 0; s < m.n_sources; s++)
		heatmap(f, &m, s);
	fprintf(f, "<p>Rates are medians of timed batches; MB/s = 10<sup>6</sup> bytes per "
		   "second. " MISSING ": this source has no such cell; n/a: no such call in this "
		   "library/path; wrong: failed its known-answer vectors, not timed.</p>\n");
	if (view == CS_VIEW_RANK) {
		/* the rank view: the rankings and their sources, no charts or matrix */
		fputs("<h2 id=\"ranking\">Ranking</h2>\n", f);
		for (size_t b = 0; b < m.n_blocks; b++)
			rank(f, &m, &m.blocks[b]);
		sources(f, &m);
		fputs("</body></html>\n", f);
		cs_matrix_free(&m);
		return;
	}
	fputs("<h2 id=\"charts\">Charts</h2>\n", f);
	for (size_t b = 0; b < m.n_blocks; b++)
		chart(f, &m, &m.blocks[b]);
	fputs("<h2 id=\"ranking\">Ranking</h2>\n", f);
	for (size_t b = 0; b < m.n_blocks; b++)
		rank(f, &m, &m.blocks[b]);
	fputs("<h2 id=\"matrix\">Matrix</h2>\n", f);
	for (size_t b = 0; b < m.n_blocks; b++)
		matrix(f, &m, &m.blocks[b]);
	evidence(f, &m);
	sources(f, &m);
	fputs("</body></html>\n", f);
	cs_matrix_free(&m);
}
