/* The stdout formats of `run` and `report`, and the views, chosen by name. */
#include <string.h>

#include "exports.h"
#include "handshake.h"
#include "report.h"

typedef void cs_format_fn(const cs_res_file *const *files, size_t n, cs_view view, FILE *f);

/* One file: itself; several: an array of them. */
static void
format_json(const cs_res_file *const *files, size_t n, cs_view view, FILE *f)
{
	(void)view;
	json_t *all = json_array();
	for (size_t i = 0; i < n; i++)
		json_array_append(all, files[i]->root);
	json_dumpf(n == 1 ? files[0]->root : all, f, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
	fputc('\n', f);
	json_decref(all);
}

static const struct {
	const char *name;
	cs_format_fn *fn;
} formats[] = {
	{"text", cs_report_text},
	{"json", format_json},
	{"csv", cs_report_csv},
	{"openssl", cs_report_openssl},
	{"openssl-mr", cs_report_openssl_mr},
	{"markdown", cs_report_markdown},
	{"html", cs_report_html},
	{"bmf", cs_report_bmf},
	{"gbench", cs_report_gbench},
};

const char *const cs_report_format_names[] = {"text",	  "json", "csv", "openssl", "openssl-mr",
					      "markdown", "html", "bmf", "gbench",  NULL};
const char *const cs_report_view_names[] = {"matrix", "rank", "handshake", NULL};

bool
cs_report_format_known(const char *name)
{
	for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
		if (strcmp(formats[i].name, name) == 0)
			return true;
	return false;
}

cs_view
cs_report_view_find(const char *name)
{
	for (int v = 0; v < CS_VIEW_COUNT; v++)
		if (strcmp(cs_report_view_names[v], name) == 0)
			return (cs_view)v;
	return CS_VIEW_COUNT;
}

int
cs_report_emit(const cs_res_file *const *files, size_t n, const char *format, cs_view view, FILE *f)
{
	/* the handshake view is text whatever the format (its default configurations) */
	if (view == CS_VIEW_HANDSHAKE && cs_report_format_known(format))
		return cs_report_handshake(files, n, NULL, f);
	for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
		if (strcmp(formats[i].name, format) == 0 && view < CS_VIEW_COUNT) {
			formats[i].fn(files, n, view, f);
			return 0;
		}
	return -1;
}
