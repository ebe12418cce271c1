/* cryptospeed import: other tools' output as a result file (core/import/). */
#define _GNU_SOURCE
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "escape.h"
#include "import.h"
#include "outfile.h"

static const char help[] =
	"usage: cryptospeed import openssl-speed FILE [-o OUT.json] [--label L] [--machine M]\n"
	"Read the output of openssl speed (0.9.6 to 3.x, text or -mr, -multi, with\n"
	"prose around it: a forum post) and write a cryptospeed/1 result file: one\n"
	"source per table, cells \"source\": \"imported\" with one rate each (no\n"
	"samples, no evidence). FILE - reads stdin; without -o the document goes to\n"
	"stdout.\n"
	"  -o, --output FILE  write it to FILE (never clobbered on failure)\n"
	"  --label L          name the sources in reports: L, or L #1, L #2, ...\n"
	"  --machine M        what the tables ran on (default: what the text names:\n"
	"                     cpuinfo's model name, Hardware or Model, an Arm core\n"
	"                     from CPU part, a board named in the prose, uname -a)\n"
	"  --strict           a line that could not be read fails the import (exit 2)\n"
	"Every line that looks like part of a table but could not be read (a value\n"
	"that is not a number, more values than the table has sizes, a line over\n"
	"8 KiB, a cell given twice with another value) is named on stderr with its\n"
	"line number; the rows after it are still read, and the exit status is 4.\n"
	"What the import assumed (rows with no 'type' line above, a -multi summary\n"
	"value taken from the children's lines) is a 'note:' line on stderr.\n"
	"Names are the catalogue's where the project measures the algorithm\n"
	"(rsa-2048, ecdsa-p256, p256, x25519, hmac-sha256), else openssl speed's\n"
	"(rsa4096, ecdhp384, ecdhx448).\n";

int
cs_cmd_import(int argc, char **argv)
{
	static const struct option options[] = {
		{"help", no_argument, NULL, 'h'},	 {"output", required_argument, NULL, 'o'},
		{"label", required_argument, NULL, 'l'}, {"machine", required_argument, NULL, 'm'},
		{"strict", no_argument, NULL, 's'},	 {NULL, 0, NULL, 0},
	};
	const char *out = NULL, *label = NULL, *machine = NULL;
	bool strict = false;
	int c;
	optind = 1;
	while ((c = cs_getopt(argc, argv, ":ho:", options, "import")) != -1) {
		switch (c) {
		case 'h': fputs(help, stdout); return CS_EXIT_OK;
		case 'o': out = optarg; break;
		case 'l': label = optarg; break;
		case 'm': machine = optarg; break;
		case 's': strict = true; break;
		}
	}
	if (optind == argc || strcmp(argv[optind], "openssl-speed") != 0)
		cs_usage_error("import: unknown format '%s' (accepted: openssl-speed)",
			       optind < argc ? argv[optind] : "");
	if (argc - optind != 2)
		cs_usage_error("import needs one file (cryptospeed import openssl-speed FILE "
			       "-o OUT.json)");
	const char *file = argv[optind + 1];
	char target[4096], why[4200];
	if (out && cs_outfile_check(out, target, sizeof target, why, sizeof why) != 0)
		cs_usage_error("%s", why);

	cs_res_file doc;
	char err[1024];
	size_t skipped = 0;
	int rc = cs_import_openssl_speed_typed(file, label, machine, &doc, err, sizeof err, stderr,
					       &skipped);
	if (rc != CS_IMPORT_OK) {
		char safe[2048];
		fprintf(stderr, "cryptospeed: %s\n", cs_esc_term_buf(safe, sizeof safe, err));
		return rc == CS_IMPORT_BAD ? CS_EXIT_USAGE : CS_EXIT_FAILURE;
	}
	if (skipped && strict) {
		fprintf(stderr,
			"cryptospeed: %zu line%s could not be read (above); --strict writes "
			"nothing\n",
			skipped, skipped == 1 ? "" : "s");
		cs_results_free(&doc);
		return CS_EXIT_USAGE;
	}
	rc = CS_EXIT_OK;
	if (out && cs_outfile_write(target, cs_results_writer, &doc, why, sizeof why) != 0) {
		fprintf(stderr, "cryptospeed: %s\n", why);
		rc = CS_EXIT_FAILURE;
	} else if (!out && (cs_results_writer(stdout, &doc) != 0 || fflush(stdout) != 0)) {
		fprintf(stderr, "cryptospeed: cannot write to standard output\n");
		rc = CS_EXIT_FAILURE;
	}
	cs_results_free(&doc);
	if (rc == CS_EXIT_OK && skipped) {
		fprintf(stderr,
			"cryptospeed: %zu line%s could not be read (above); the rest was "
			"imported\n",
			skipped, skipped == 1 ? "" : "s");
		rc = CS_EXIT_NOT_OK;
	}
	return rc;
}
