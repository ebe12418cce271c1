/* cryptospeed history: result files of one host over time (core/report/history.c). */
#define _GNU_SOURCE
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "history.h"
#include "report.h"

static const char usage[] =
	"usage: cryptospeed history FILE.json... [--format text|json] [--svg DIR]\n"
	"       [--threshold PCT] [--min-size N] [--same-cpu]\n"
	"Result files from one host, put in time order (their 'started' time): per cell\n"
	"the series of rates and its change points, found by e-divisive means (the\n"
	"method of MongoDB's and Apache Otava's change-point detection) with a\n"
	"permutation test (p <= 0.01, 499 permutations). A change point is reported\n"
	"when the medians of the segments on each side differ by at least PCT%\n"
	"(default 5); each segment has at least N points (default 3). --svg DIR writes\n"
	"one small chart per changed cell. Files from different hosts: exit 2;\n"
	"--same-cpu takes one CPU model and architecture as one host, whatever the\n"
	"hostname (CI runners).\n";

int
cs_cmd_history(int argc, char **argv)
{
	static const struct option options[] = {
		{"help", no_argument, NULL, 'h'},
		{"format", required_argument, NULL, 'f'},
		{"svg", required_argument, NULL, 's'},
		{"threshold", required_argument, NULL, 't'},
		{"min-size", required_argument, NULL, 'm'},
		{"same-cpu", no_argument, NULL, 'c'},
		{NULL, 0, NULL, 0},
	};
	cs_history_opts o = cs_history_defaults;
	int c;
	optind = 1;
	while ((c = cs_getopt(argc, argv, ":h", options, "history")) != -1) {
		switch (c) {
		case 'h': fputs(usage, stdout); return CS_EXIT_OK;
		case 'f':
			if (!cs_format_known(CS_FOR_HISTORY, optarg)) {
				char known[128];
				cs_format_names(CS_FOR_HISTORY, ", ", known, sizeof known);
				cs_usage_error("unknown format '%s' for history (known: %s)",
					       optarg, known);
			}
			o.format = optarg;
			break;
		case 's': o.svg_dir = optarg; break;
		case 'c': o.same_cpu = true; break;
		case 't':
			o.threshold = cs_parse_double("--threshold", optarg, 0, 100, false,
						      "a percentage in [0, 100]") /
				      100;
			break;
		case 'm':
			o.cp.min_size = (size_t)cs_parse_int("--min-size", optarg, 2, 1000,
							     "2..1000 points");
			break;
		}
	}
	size_t n = (size_t)(argc - optind);
	if (n == 0)
		cs_usage_error("history needs result files (cryptospeed history DIR/*.json)");
	cs_res_file *files = calloc(n, sizeof *files);
	const cs_res_file **ptrs = calloc(n, sizeof *ptrs);
	if (!files || !ptrs) {
		free(files);
		free(ptrs);
		fprintf(stderr, "cryptospeed: out of memory\n");
		return CS_EXIT_FAILURE;
	}
	for (size_t i = 0; i < n; i++) {
		cs_cli_load_results(argv[optind + (int)i], &files[i]);
		ptrs[i] = &files[i];
	}
	char why[1024] = "";
	int rc = cs_history(ptrs, n, &o, stdout, why, sizeof why);
	for (size_t i = 0; i < n; i++)
		cs_results_free(&files[i]);
	free(files);
	free(ptrs);
	if (rc) {
		fflush(stdout);
		fprintf(stderr, "cryptospeed: history: %s%s\n", why,
			rc == CS_EXIT_USAGE ? " (accepted: result files from one host; --same-cpu: "
					      "from one CPU model)"
					    : "");
		return rc;
	}
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "cryptospeed: cannot write to standard output\n");
		return CS_EXIT_FAILURE;
	}
	return CS_EXIT_OK;
}
