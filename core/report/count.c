/* The count block of a counting run (run --count, docs/counting.md): exact
   instructions per operation and per byte, memory accesses, the share of
   each instruction class. Cells in the file's order: a count is never ranked
   by time, and an emulated run's timings are never shown as rates. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "report.h"

/* The files of the report being made (cs_report_count_use). */
static const cs_res_file *const *report_files;
static size_t n_report_files;

void
cs_report_count_use(const cs_res_file *const *files, size_t n)
{
	report_files = files;
	n_report_files = n;
}

static bool
same(const char *a, const char *b)
{
	return strcmp(a ? a : "", b ? b : "") == 0;
}

/* Does the space-separated list have the word? */
static bool
has_word(const char *list, const char *word)
{
	size_t n = strlen(word);
	for (const char *p = list ? list : ""; (p = strstr(p, word)) != NULL; p += n)
		if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
			return true;
	return false;
}

/* Features an x86-64 counting run (qemu 7.2 TCG's 'max') does not offer: a
   timed host that has one may run another path than the one counted. */
static const char *const x86_not_counted[] = {"sha_ni",	  "avx512f", "avx512bw",
					      "avx512vl", "vpclmul", NULL};

/* Did the counted workers run what the timed file's host runs: the same
   architecture and the same crypto features (x86-64: none the emulated CPU
   lacks; ARM: the crypto extension present in both or in neither)? */
static bool
same_cpu(const cs_res_file *timed, const cs_res_file *counted)
{
	const cs_res_counting *k = &counted->counting;
	if (!*k->arch || !same(timed->cpu_arch, k->arch))
		return false;
	if (strcmp(k->arch, "x86_64") == 0) {
		for (const char *const *f = x86_not_counted; *f; f++)
			if (has_word(timed->cpu_features, *f))
				return false;
		return true;
	}
	bool masked = (*k->hwcap_clear && strtoul(k->hwcap_clear, NULL, 0) != 0) ||
		      (*k->hwcap2_clear && strtoul(k->hwcap2_clear, NULL, 0) != 0);
	return has_word(timed->cpu_features, "aes") == !masked;
}

/* The "libraries" entry of a cell's worker, or NULL. */
static const cs_res_lib *
lib_of(const cs_res_file *file, const char *name)
{
	for (size_t i = 0; i < file->n_libs; i++)
		if (same(file->libs[i].name, name))
			return &file->libs[i];
	return NULL;
}

/* Was the counted cell made by the timed cell's library build? The same
   worker name and version, the same build flags when both files say them;
   a system library (a name without '@', whatever the host's packages hold)
   only on the same host, a build of libs.sh (name@version) anywhere. */
static bool
same_build(const cs_res_file *timed, const cs_res_cell *t, const cs_res_file *counted,
	   const cs_res_cell *c)
{
	if (!same(c->lib, t->lib) || !same(c->lib_version, t->lib_version))
		return false;
	const cs_res_lib *lt = lib_of(timed, t->lib), *lc = lib_of(counted, c->lib);
	if (!lt || !lc || !same(lt->version, lc->version))
		return false;
	if (lt->build && lc->build && !same(lt->build, lc->build))
		return false;
	if (!strchr(t->lib ? t->lib : "", '@') &&
	    (!*timed->hostname || !same(timed->hostname, counted->hostname)))
		return false;
	return true;
}

const cs_res_count *
cs_report_count_for(const cs_res_cell *cell)
{
	const cs_res_file *timed = NULL;
	for (size_t i = 0; i < n_report_files && !timed; i++) {
		const cs_res_file *f = report_files[i];
		if (!f->counting.present && cell >= f->cells && cell < f->cells + f->n_cells)
			timed = f;
	}
	if (!timed || timed->emulation.emulated)
		return NULL;
	for (size_t i = 0; i < n_report_files; i++) {
		const cs_res_file *f = report_files[i];
		if (!f->counting.present || !same_cpu(timed, f))
			continue;
		for (size_t j = 0; j < f->n_cells; j++) {
			const cs_res_cell *c = &f->cells[j];
			if (c->count.present && c->size == cell->size &&
			    same_build(timed, cell, f, c) && same(c->path, cell->path) &&
			    same(c->mask, cell->mask) && same(c->variant, cell->variant) &&
			    same(c->alg, cell->alg) && same(c->op, cell->op))
				return &c->count;
		}
	}
	return NULL;
}

/* The count block's columns, in the order every format writes them. */
enum { COL_ROW, COL_ALG, COL_OP, COL_SIZE, COL_INSNS, COL_PER_B, COL_MEM, COL_HW, N_COLS };
static const char *const col_names[N_COLS] = {
	"lib/path", "alg",     "op",	 "size",
	"insns/op", "insns/B", "mem/op", "hw (share of instructions)"};

/* One language's writer of the count block: every string from the file goes
   through that language's escaping (escape.c). */
typedef struct {
	void (*title)(FILE *f, const char *text); /* the block's heading */
	void (*row)(FILE *f, char *const cols[N_COLS], bool header);
	void (*end)(FILE *f, const char *note); /* after the rows */
} count_writer;

static void
text_title(FILE *f, const char *text)
{
	fprintf(f, "%s\n\n", cs_esc_term(text));
}

static void
text_row(FILE *f, char *const c[N_COLS], bool header)
{
	(void)header;
	fprintf(f, "%-28s %-18s %-7s %6s %12s %9s %10s  %s\n", cs_esc_term(c[COL_ROW]),
		cs_esc_term(c[COL_ALG]), cs_esc_term(c[COL_OP]), cs_esc_term(c[COL_SIZE]),
		cs_esc_term(c[COL_INSNS]), cs_esc_term(c[COL_PER_B]), cs_esc_term(c[COL_MEM]),
		cs_esc_term(c[COL_HW]));
}

static void
text_end(FILE *f, const char *note)
{
	fprintf(f, "\n%s\n", note);
}

static void
md_title(FILE *f, const char *text)
{
	fputs("## ", f);
	cs_esc_md(f, text);
	fputs("\n\n", f);
}

static void
md_row(FILE *f, char *const c[N_COLS], bool header)
{
	for (int k = 0; k < N_COLS; k++) {
		fputs("| ", f);
		cs_esc_md(f, c[k]);
		fputc(' ', f);
	}
	fputs("|\n", f);
	if (header) {
		for (int k = 0; k < N_COLS; k++)
			fputs(k >= COL_SIZE && k < COL_HW ? "| ---: " : "| --- ", f);
		fputs("|\n", f);
	}
}

static void
md_end(FILE *f, const char *note)
{
	fputc('\n', f);
	cs_esc_md(f, note);
	fputs("\n\n", f);
}

static void
html_title(FILE *f, const char *text)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
	      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
	      "style-src 'unsafe-inline'\">\n<title>cryptospeed instruction counts</title>\n"
	      "<style>body{font:14px/1.4 system-ui,sans-serif;margin:1.5em}"
	      "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px}"
	      "</style></head><body>\n<h2>",
	      f);
	cs_esc_xml(f, text);
	fputs("</h2>\n<table>\n", f);
}

static void
html_row(FILE *f, char *const c[N_COLS], bool header)
{
	fputs("<tr>", f);
	for (int k = 0; k < N_COLS; k++) {
		fputs(header ? "<th>" : "<td>", f);
		cs_esc_xml(f, c[k]);
		fputs(header ? "</th>" : "</td>", f);
	}
	fputs("</tr>\n", f);
}

static void
html_end(FILE *f, const char *note)
{
	fputs("</table>\n<p>", f);
	cs_esc_xml(f, note);
	fputs("</p>\n</body></html>\n", f);
}

static void
csv_title(FILE *f, const char *text)
{
	(void)f;
	(void)text; /* CSV: one header line, the source in its own column */
}

static const char *csv_source; /* the file's name, the first CSV column */

static void
csv_row(FILE *f, char *const c[N_COLS], bool header)
{
	cs_esc_csv(f, header ? "source" : csv_source);
	for (int k = 0; k < N_COLS; k++) {
		fputc(',', f);
		cs_esc_csv(f, header && k == COL_HW ? "hw" : c[k]);
	}
	fputc('\n', f);
}

static void
csv_end(FILE *f, const char *note)
{
	(void)f;
	(void)note;
}

static const struct {
	const char *format;
	count_writer w;
} writers[] = {
	{"text", {text_title, text_row, text_end}},
	{"markdown", {md_title, md_row, md_end}},
	{"html", {html_title, html_row, html_end}},
	{"csv", {csv_title, csv_row, csv_end}},
};

bool
cs_report_count_format(const char *format, bool with_timed, char *why, size_t n)
{
	for (size_t i = 0; i < sizeof writers / sizeof writers[0]; i++)
		if (strcmp(writers[i].format, format) == 0) {
			/* a page or a CSV table holds one kind of table */
			if (with_timed &&
			    (strcmp(format, "html") == 0 || strcmp(format, "csv") == 0)) {
				snprintf(why, n,
					 "--format %s: a counting file and timed files make two "
					 "kinds of table (report them separately, or use text, "
					 "markdown or json)",
					 format);
				return false;
			}
			return true;
		}
	if (strcmp(format, "json") == 0 || strcmp(format, "bmf") == 0 ||
	    strcmp(format, "gbench") == 0)
		return true;
	snprintf(why, n,
		 "--format %s: a counting file has instruction counts, not rates (accepted "
		 "with one: text, markdown, html, csv, json, bmf, gbench)",
		 format);
	return false;
}

int
cs_report_count(const cs_res_file *file, const char *format, FILE *f)
{
	const count_writer *w = NULL;
	for (size_t i = 0; i < sizeof writers / sizeof writers[0] && !w; i++)
		if (strcmp(writers[i].format, format) == 0)
			w = &writers[i].w;
	if (!w)
		return -1;
	const cs_res_counting *k = &file->counting;
	char title[4 * CS_RES_NAME_MAX + 4096];
	size_t used = (size_t)snprintf(title, sizeof title, "instruction counts: %s", k->profile);
	if (*k->board && used < sizeof title)
		used += (size_t)snprintf(title + used, sizeof title - used, " (%s)", k->board);
	if (k->emulated && used < sizeof title)
		used += (size_t)snprintf(title + used, sizeof title - used,
					 ", emulated under %s -cpu %s: counts only, no timing",
					 *k->emulator ? k->emulator : "an emulator",
					 *k->emulated_cpu ? k->emulated_cpu : "?");
	if (used < sizeof title)
		snprintf(title + used, sizeof title - used, "; exact per operation (%s)",
			 file->name);
	csv_source = file->name;
	w->title(f, title);
	w->row(f, (char *const *)col_names, true);
	for (size_t i = 0; i < file->n_cells; i++) {
		const cs_res_cell *c = &file->cells[i];
		char row[CS_RES_LABEL_MAX], size[32], insns[64] = "", per_b[32] = "-", mem[64] = "",
						      hw[512];
		cs_res_row_label(c, row, sizeof row);
		snprintf(size, sizeof size, "%lld", c->size);
		char *cols[N_COLS] = {row,   (char *)c->alg, (char *)c->op, size,
				      insns, per_b,	     mem,	    hw};
		if (!c->count.present) {
			snprintf(insns, sizeof insns, "%s", cs_report_status_word(c->status));
			per_b[0] = '\0';
			snprintf(hw, sizeof hw, "%s", c->detail ? c->detail : "");
		} else {
			const cs_res_count *n = &c->count;
			if (n->per_byte)
				snprintf(per_b, sizeof per_b, "%.2f", n->insns_per_byte);
			snprintf(insns, sizeof insns, "%.*f",
				 n->exact && n->insns % n->ops == 0 ? 0 : 1, n->insns_per_op);
			snprintf(mem, sizeof mem, "%.1f", n->mem_per_op);
			cs_report_hw_count(n, hw, sizeof hw - 32);
			if (!n->exact)
				strcat(hw, " (a mean: random by design)");
		}
		w->row(f, cols, false);
	}
	w->end(f, "noop rows are the harness's own count per operation (the loop and the call), "
		  "included in every other row.");
	return 0;
}
