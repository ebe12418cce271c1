/* The stdout formats of `run` and `report`, chosen by name. */
#include <string.h>

#include "exports.h"
#include "report.h"

typedef void cs_format_fn(json_t *results, FILE *f);

static void
format_json(json_t *results, FILE *f)
{
	json_dumpf(results, f, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
	fputc('\n', f);
}

static const struct {
	const char *name;
	cs_format_fn *fn;
} formats[] = {
	{"text", cs_report_text},
	{"json", format_json},
	{"csv", cs_report_csv},
	{"openssl", cs_report_openssl},
	{"bmf", cs_report_bmf},
	{"gbench", cs_report_gbench},
};

const char *const cs_report_format_names[] = {"text", "json", "csv", "openssl", "bmf",
						  "gbench", NULL};

bool
cs_report_format_known(const char *name)
{
	for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
		if (strcmp(formats[i].name, name) == 0)
			return true;
	return false;
}

int
cs_report_emit(json_t *results, const char *format, FILE *f)
{
	for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
		if (strcmp(formats[i].name, format) == 0) {
			formats[i].fn(results, f);
			return 0;
		}
	return -1;
}
