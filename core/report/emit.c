/* The report formats and views by name: the one place the CLI asks. */
#include <stdio.h>
#include <string.h>

#include "report.h"

const char *const cs_report_formats[] = {"text", "json", "csv", "openssl", NULL};
const char *const cs_report_views[] = {"matrix", NULL};

static bool
known(const char *const *set, const char *name)
{
	for (size_t i = 0; set[i]; i++)
		if (strcmp(set[i], name) == 0)
			return true;
	return false;
}

bool
cs_report_format_known(const char *format)
{
	return known(cs_report_formats, format);
}

bool
cs_report_view_known(const char *view)
{
	return known(cs_report_views, view);
}

int
cs_report_emit(const cs_res_file *const *files, size_t n, const char *format, const char *view,
	       FILE *f)
{
	if (!cs_report_format_known(format) || !cs_report_view_known(view))
		return -1;
	if (strcmp(format, "json") == 0) {
		/* one file: itself; several: an array of them */
		json_t *all = json_array();
		for (size_t i = 0; i < n; i++)
			json_array_append(all, files[i]->root);
		json_dumpf(n == 1 ? files[0]->root : all, f, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
		fputc('\n', f);
		json_decref(all);
	} else if (strcmp(format, "csv") == 0) {
		cs_report_csv(files, n, f);
	} else if (strcmp(format, "openssl") == 0) {
		cs_report_openssl(files, n, f);
	} else {
		cs_report_text(files, n, f);
	}
	return 0;
}
