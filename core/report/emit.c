/* The stdout formats of `run` and `report`, and the views, chosen by name. */
#include <stdlib.h>
#include <string.h>

#include "exports.h"
#include "handshake.h"
#include "tls.h"
#include "report.h"
#include "verdict.h"

typedef void cs_format_fn(const cs_res_file *const *files, size_t n, cs_view view, FILE *f);

/* One file: itself; several: an array of them (written by core/results).
   The rank view: rank.c's JSON. */
static void
format_json(const cs_res_file *const *files, size_t n, cs_view view, FILE *f)
{
	if (view == CS_VIEW_RANK) {
		cs_report_rank_json(files, n, f);
		return;
	}
	cs_results_print_json(f, files, n);
}

/* The one registry of output formats: which of report (and run), compare
   and history print each, and how. */
#define V(v) (1u << (v))
#define ALL_VIEWS                                                                                  \
	(V(CS_VIEW_MATRIX) | V(CS_VIEW_RANK) | V(CS_VIEW_HANDSHAKE) | V(CS_VIEW_EVIDENCE) |        \
	 V(CS_VIEW_TLS) | V(CS_VIEW_TLS_GRID))
static const struct {
	const char *name;
	unsigned views;		/* the report views it prints (bits of cs_view); others exit 2 */
	cs_format_fn *report;	/* report and run; NULL: not theirs */
	cs_compare_fn *compare; /* compare; NULL: not its */
	bool history;		/* history prints it (history.c) */
} formats[] = {
	{"text", ALL_VIEWS | V(CS_VIEW_ESTIMATE) | V(CS_VIEW_FLEET) | V(CS_VIEW_MCU),
	 cs_report_text, cs_compare_text, true},
	{"json", V(CS_VIEW_MATRIX) | V(CS_VIEW_RANK) | V(CS_VIEW_ESTIMATE), format_json,
	 cs_compare_json, true},
	{"csv",
	 V(CS_VIEW_MATRIX) | V(CS_VIEW_RANK) | V(CS_VIEW_EVIDENCE) | V(CS_VIEW_ESTIMATE) |
		 V(CS_VIEW_MCU),
	 cs_report_csv, NULL, false},
	{"openssl", V(CS_VIEW_MATRIX), cs_report_openssl, NULL, false},
	{"openssl-mr", V(CS_VIEW_MATRIX), cs_report_openssl_mr, NULL, false},
	{"markdown",
	 V(CS_VIEW_MATRIX) | V(CS_VIEW_RANK) | V(CS_VIEW_EVIDENCE) | V(CS_VIEW_TLS_GRID) |
		 V(CS_VIEW_ESTIMATE) | V(CS_VIEW_FLEET) | V(CS_VIEW_MCU),
	 cs_report_markdown, cs_compare_markdown, false},
	{"html",
	 V(CS_VIEW_MATRIX) | V(CS_VIEW_RANK) | V(CS_VIEW_EVIDENCE) | V(CS_VIEW_TLS_GRID) |
		 V(CS_VIEW_ESTIMATE) | V(CS_VIEW_MCU),
	 cs_report_html, NULL, false},
	{"bmf", V(CS_VIEW_MATRIX), cs_report_bmf, NULL, false},
	{"gbench", V(CS_VIEW_MATRIX), cs_report_gbench, NULL, false},
	{"junit", 0, NULL, cs_compare_junit, false},
};
#define N_FORMATS (sizeof formats / sizeof formats[0])

/* Views by name, in cs_view order (a new view: its enum value, its name
   here, its bit in the formats that print it). */
const char *const cs_report_view_names[] = {"matrix",	"rank",	    "handshake", "evidence", "tls",
					    "tls-grid", "estimate", "fleet",	 "mcu",	     NULL};

static bool
serves(size_t i, cs_format_for cmd)
{
	return cmd == CS_FOR_REPORT    ? formats[i].report != NULL
	       : cmd == CS_FOR_COMPARE ? formats[i].compare != NULL
				       : formats[i].history;
}

const char *
cs_format_name(cs_format_for cmd, size_t k)
{
	for (size_t i = 0; i < N_FORMATS; i++)
		if (serves(i, cmd) && k-- == 0)
			return formats[i].name;
	return NULL;
}

void
cs_format_names(cs_format_for cmd, const char *sep, char *buf, size_t n)
{
	size_t used = 0;
	buf[0] = '\0';
	for (size_t k = 0; cs_format_name(cmd, k) && used < n; k++) {
		int w = snprintf(buf + used, n - used, "%s%s", k ? sep : "",
				 cs_format_name(cmd, k));
		if (w < 0)
			break;
		used += (size_t)w;
	}
}

bool
cs_format_known(cs_format_for cmd, const char *name)
{
	for (size_t i = 0; i < N_FORMATS; i++)
		if (serves(i, cmd) && strcmp(formats[i].name, name) == 0)
			return true;
	return false;
}

cs_compare_fn *
cs_format_compare(const char *name)
{
	for (size_t i = 0; i < N_FORMATS; i++)
		if (formats[i].compare && strcmp(formats[i].name, name) == 0)
			return formats[i].compare;
	return NULL;
}

cs_view
cs_report_view_find(const char *name)
{
	for (int v = 0; v < CS_VIEW_COUNT; v++)
		if (strcmp(cs_report_view_names[v], name) == 0)
			return (cs_view)v;
	return CS_VIEW_COUNT;
}

bool
cs_report_pair_check(const char *format, cs_view view, char *why, size_t n)
{
	for (size_t i = 0; i < N_FORMATS; i++)
		if (formats[i].report && strcmp(formats[i].name, format) == 0 &&
		    view < CS_VIEW_COUNT) {
			if (formats[i].views & V(view))
				return true;
			char ok[128] = "";
			size_t used = 0;
			for (int v = 0; v < CS_VIEW_COUNT && used < sizeof ok; v++)
				if (formats[i].views & V(v))
					used += (size_t)snprintf(ok + used, sizeof ok - used,
								 "%s%s", used ? ", " : "",
								 cs_report_view_names[v]);
			snprintf(why, n,
				 "--view %s --format %s: not available (format %s prints: %s)",
				 cs_report_view_names[view], format, format, ok);
			return false;
		}
	snprintf(why, n, "unknown format '%s' or view", format);
	return false;
}

/* A counting file in this format shows its count block (json and the
   exports carry counts themselves). */
static bool
counts_as_block(const char *format)
{
	return strcmp(format, "json") != 0 && strcmp(format, "bmf") != 0 &&
	       strcmp(format, "gbench") != 0;
}

bool
cs_report_emit_check(const cs_res_file *const *files, size_t n, const char *format, char *why,
		     size_t why_n)
{
	size_t counted = 0;
	for (size_t k = 0; k < n; k++)
		counted += files[k]->counting.present;
	return counted == 0 || cs_report_count_format(format, counted < n, why, why_n);
}

int
cs_report_emit(const cs_res_file *const *files, size_t n, const char *format, cs_view view, FILE *f)
{
	cs_report_count_use(files, n); /* hw from exact counts (count.c) */
	char why[256];
	if (!cs_report_pair_check(format, view, why, sizeof why) ||
	    !cs_report_emit_check(files, n, format, why, sizeof why)) {
		fprintf(stderr, "cryptospeed: %s\n", why);
		return -2;
	}
	/* the handshake view (text only): its default configurations */
	if (view == CS_VIEW_HANDSHAKE)
		return cs_report_handshake(files, n, NULL, f);
	if (view == CS_VIEW_TLS)
		return cs_report_tls(files, n, f) < 0 ? -1 : 0;
	if (view == CS_VIEW_TLS_GRID)
		return cs_report_tls_grid(files, n, format, f) < 0 ? -1 : 0;
	if (view == CS_VIEW_ESTIMATE) { /* needs cost tables and clocks: cmd_report.c */
		fprintf(stderr, "cryptospeed: --view estimate: only `report` prints it\n");
		return -2;
	}
	if (view == CS_VIEW_FLEET || view == CS_VIEW_MCU) { /* needs boards' clocks too */
		fprintf(stderr, "cryptospeed: --view %s: only `report` prints it\n",
			cs_report_view_names[view]);
		return -2;
	}
	for (size_t i = 0; i < N_FORMATS; i++)
		if (formats[i].report && strcmp(formats[i].name, format) == 0 &&
		    view < CS_VIEW_COUNT) {
			if (!counts_as_block(format)) {
				formats[i].report(files, n, view, f);
				return 0;
			}
			/* a counting run: its count block (never rates, never ranked
			   by time); the timed files in the format asked for */
			const cs_res_file **timed = calloc(n + 1, sizeof *timed);
			if (!timed)
				return -1;
			size_t n_timed = 0;
			for (size_t k = 0; k < n; k++) {
				if (files[k]->counting.present) {
					if (cs_report_count(files[k], format, f) != 0) {
						free(timed);
						return -2;
					}
				} else
					timed[n_timed++] = files[k];
			}
			if (n_timed)
				formats[i].report(timed, n_timed, view, f);
			free(timed);
			return 0;
		}
	return -1;
}
