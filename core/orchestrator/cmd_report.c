/* cryptospeed report: print result files in another format. */
#define _GNU_SOURCE
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "report.h"
#include "text.h"

/* A cryptospeed/1 result file, or cs_usage_error naming the file. */
json_t *
cs_cli_load_results(const char *file)
{
	json_error_t e;
	json_t *r = json_load_file(file, 0, &e);
	const char *schema = r ? json_string_value(json_object_get(r, "schema")) : NULL;
	if (!schema || strcmp(schema, "cryptospeed/1") != 0)
		cs_usage_error("'%s' is not a cryptospeed/1 result file (%s)", file,
			       r ? "wrong schema" : e.text);
	return r;
}

int
cs_cmd_report(int argc, char **argv)
{
	static const struct option options[] = {
		{"help", no_argument, NULL, 'h'},
		{"format", required_argument, NULL, 'f'},
		{NULL, 0, NULL, 0},
	};
	const char *format = "text";
	int c;
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":h", options, NULL)) != -1) {
		switch (c) {
		case 'h':
			puts("usage: cryptospeed report FILE.json [--format text|json|csv|openssl|bmf|gbench]\n"
			     "bmf: Bencher Metric Format; gbench: Google Benchmark JSON");
			return CS_EXIT_OK;
		case 'f': format = optarg; break;
		default: cs_getopt_error("report", c, argv);
		}
	}
	if (optind == argc)
		cs_usage_error("report needs a result file (cryptospeed report FILE.json)");
	if (argc - optind > 1)
		cs_usage_error("unexpected argument '%s' for report (accepted: one FILE, --format F)",
			       argv[optind + 1]);
	if (!cs_report_format_known(format)) {
		char known[256];
		cs_join_strv(known, sizeof known, cs_report_format_names, ", ");
		cs_usage_error("unknown format '%s' (known: %s)", format, known);
	}
	json_t *r = cs_cli_load_results(argv[optind]);
	cs_report_emit(r, format, stdout);
	json_decref(r);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "cryptospeed: cannot write to standard output\n");
		return CS_EXIT_FAILURE;
	}
	return CS_EXIT_OK;
}
