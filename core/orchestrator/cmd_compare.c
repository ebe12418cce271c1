/* cryptospeed compare: BASE and NEW result files, cell by cell. */
#define _GNU_SOURCE
#include <getopt.h>
#include <stdio.h>

#include "cli.h"
#include "report.h"

void cs_cli_load_results(const char *file, cs_res_file *out);

int
cs_cmd_compare(int argc, char **argv)
{
	static const struct option options[] = {
		{"help", no_argument, NULL, 'h'},
		{"threshold", required_argument, NULL, 't'},
		{NULL, 0, NULL, 0},
	};
	double threshold = 0.05;
	int c;
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":h", options, NULL)) != -1) {
		switch (c) {
		case 'h':
			puts("usage: cryptospeed compare BASE.json NEW.json [--threshold PCT]\n"
			     "Per cell: rate new/base, Mann-Whitney p on the raw samples, hw change.\n"
			     "Exit 1 when a cell is slower by more than PCT% (default 5) with p < 0.01.");
			return CS_EXIT_OK;
		case 't':
			threshold = cs_parse_double("--threshold", optarg, 0, 100, false,
						    "a percentage in [0, 100]") / 100;
			break;
		default: cs_getopt_error("compare", c, argv);
		}
	}
	if (argc - optind != 2)
		cs_usage_error("compare needs two result files (cryptospeed compare BASE.json "
			       "NEW.json), got %d", argc - optind);
	cs_res_file base, cur;
	cs_cli_load_results(argv[optind], &base);
	cs_cli_load_results(argv[optind + 1], &cur);
	int slower = cs_report_compare(&base, &cur, threshold, stdout);
	cs_results_free(&base);
	cs_results_free(&cur);
	if (slower < 0) {
		fprintf(stderr, "cryptospeed: out of memory\n");
		return CS_EXIT_FAILURE;
	}
	return slower > 0 ? CS_EXIT_FAILURE : CS_EXIT_OK;
}
