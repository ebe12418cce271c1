/* cryptospeed compare: BASE and NEW result files, or two selections of one
   file, cell by cell (core/report/verdict.c). */
#define _GNU_SOURCE
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "conform_compare.h"
#include "escape.h"
#include "report.h"
#include "verdict.h"

static const char usage[] =
	"usage: cryptospeed compare BASE.json NEW.json [options]\n"
	"       cryptospeed compare FILE.json --base SEL --new SEL [options]\n"
	"Cell by cell: the rate NEW/BASE decided from repetitions (run --repeat; with\n"
	"fewer than 3 per side the verdict is weak: effect and noise only), and every\n"
	"other change: hw class lost or gained, status ok -> other, cells missing or\n"
	"new, library version or build, host/CPU/kernel. A reference cell (noop/noop or\n"
	"openssl/evp sha256 digest 8192) measures the machine's drift.\n"
	"SEL (same-run mode, one interleaved run): a library as in the file\n"
	"(wolfssl@5.7.2), with a mask (openssl/no-aes) or a provider (openssl[default]).\n\n"
	"Counting runs (run --count) are compared on exact counts: any change of\n"
	"instructions per op or of a class by at least --count-threshold is a finding\n"
	"(count changed), a class gone to zero is hw class lost; no statistics, no drift.\n\n"
	"  --threshold PCT    minimum effect (default 5)\n"
	"  --count-threshold PCT  counted cells: minimum change (default 0.1)\n"
	"  --fail-on KINDS    what exits 1: slower,hw,status,missing,conformance,count\n"
	"                     (default: all)\n"
	"  --across-hosts     allow files from different CPU models or architectures\n"
	"  --conform C.json   a `cryptospeed conform -o` file (may be given again): its\n"
	"                     rows join both sides' conformance blocks, as report\n"
	"                     --conform (one run's --base/--new: each selection's rows)\n"
	"  --base-table N, --new-table N  a file of several tables (an import of a\n"
	"                     post with several machines, each its own source): only\n"
	"                     table N; without them, two files of as many tables pair\n"
	"                     table by table, and other numbers of tables exit 2\n"
	"  --pair OLD=NEW     two files: BASE's library build OLD is NEW's build NEW\n"
	"                     (cells and conformance rows; may be given again); other\n"
	"                     builds pair by their name (lib[@version][+config])\n"
	"  --format F         text, markdown, junit, json (default: text)\n\n"
	"exit: 0 nothing flagged; 1 a kind of --fail-on flagged; 2 bad input, or\n"
	"different CPUs without --across-hosts; 5 inconclusive: the reference cell moved\n"
	"more than the threshold and nothing was flagged beyond the drift.\n"
	"Result files of run --conform (a conformance block on both sides), and two\n"
	"`cryptospeed conform -o` files: the test vectors failing in NEW and not in\n"
	"BASE (kind conformance), the ones fixed, the rows missing.\n";

/* What `cryptospeed compare` was asked for, from its command line. */
struct compare_args {
	cs_compare_opts o;
	cs_compare_fn *emit;
	const char *format;
	const char *conform[16];
	size_t n_conform;
};

/* --pair OLD=NEW (arg, split in place) into o's pairs. */
static void
compare_pair(cs_compare_opts *o, char *arg)
{
	char *eq = strchr(arg, '=');
	if (!eq || eq == arg || !eq[1] || strchr(eq + 1, '='))
		cs_usage_error("--pair '%s': expected OLD=NEW, two library builds "
			       "as the files name them "
			       "(nettle@3.10.2=nettle@3.10.3)",
			       arg);
	if (o->n_pairs == CS_COMPARE_PAIRS)
		cs_usage_error("--pair '%s': at most %d pairs", arg, CS_COMPARE_PAIRS);
	*eq = '\0';
	for (size_t k = 0; k < o->n_pairs; k++)
		if (strcmp(o->pair_old[k], arg) == 0)
			cs_usage_error("--pair '%s': paired twice", arg);
	o->pair_old[o->n_pairs] = arg;
	o->pair_new[o->n_pairs++] = eq + 1;
}

/* --format NAME into a's writer and format name. */
static void
compare_format(struct compare_args *a, const char *name)
{
	a->emit = cs_format_compare(name);
	if (!a->emit) {
		char known[128];
		cs_format_names(CS_FOR_COMPARE, ", ", known, sizeof known);
		cs_usage_error("unknown format '%s' for compare (known: %s)", name, known);
	}
	a->format = name;
}

/* The options into a; true after --help (printed). */
static bool
compare_parse(int argc, char **argv, struct compare_args *a)
{
	enum {
		OPT_THRESHOLD = 256,
		OPT_FAIL_ON,
		OPT_ACROSS,
		OPT_FORMAT,
		OPT_BASE,
		OPT_NEW,
		OPT_COUNT_THRESHOLD,
		OPT_PAIR,
		OPT_CONFORM,
		OPT_BASE_TABLE,
		OPT_NEW_TABLE
	};
	static const struct option options[] = {
		{"help", no_argument, NULL, 'h'},
		{"threshold", required_argument, NULL, OPT_THRESHOLD},
		{"count-threshold", required_argument, NULL, OPT_COUNT_THRESHOLD},
		{"fail-on", required_argument, NULL, OPT_FAIL_ON},
		{"across-hosts", no_argument, NULL, OPT_ACROSS},
		{"format", required_argument, NULL, OPT_FORMAT},
		{"base", required_argument, NULL, OPT_BASE},
		{"new", required_argument, NULL, OPT_NEW},
		{"pair", required_argument, NULL, OPT_PAIR},
		{"conform", required_argument, NULL, OPT_CONFORM},
		{"base-table", required_argument, NULL, OPT_BASE_TABLE},
		{"new-table", required_argument, NULL, OPT_NEW_TABLE},
		{NULL, 0, NULL, 0},
	};
	const size_t max_conform = sizeof a->conform / sizeof a->conform[0];
	cs_compare_opts *o = &a->o;
	char why[1024];
	int c;
	optind = 1;
	while ((c = cs_getopt(argc, argv, ":h", options, "compare")) != -1) {
		switch (c) {
		case 'h': fputs(usage, stdout); return true;
		case OPT_THRESHOLD:
			o->threshold = cs_parse_double("--threshold", optarg, 0, 100, false,
						       "a percentage in [0, 100]") /
				       100;
			break;
		case OPT_COUNT_THRESHOLD:
			o->count_threshold = cs_parse_double("--count-threshold", optarg, 0, 100,
							     false, "a percentage in [0, 100]") /
					     100;
			break;
		case OPT_FAIL_ON:
			if (cs_flag_parse(optarg, &o->fail_on, why, sizeof why) != 0)
				cs_usage_error("%s", why);
			break;
		case OPT_ACROSS: o->across_hosts = true; break;
		case OPT_BASE: o->base_sel = optarg; break;
		case OPT_NEW: o->cur_sel = optarg; break;
		case OPT_BASE_TABLE:
		case OPT_NEW_TABLE:
			*(c == OPT_BASE_TABLE ? &o->base_table : &o->cur_table) =
				(size_t)cs_parse_int(c == OPT_BASE_TABLE ? "--base-table"
									 : "--new-table",
						     optarg, 1, 100000, "a table number from 1");
			break;
		case OPT_CONFORM:
			if (a->n_conform == max_conform)
				cs_usage_error("--conform '%s': at most %zu files", optarg,
					       max_conform);
			a->conform[a->n_conform++] = optarg;
			break;
		case OPT_PAIR: compare_pair(o, optarg); break;
		case OPT_FORMAT: compare_format(a, optarg); break;
		}
	}
	return false;
}

/* The options checked against each other and the file count; true when one
   file's two selections are compared (--base/--new). */
static bool
compare_check(int argc, const cs_compare_opts *o)
{
	bool same_run = o->base_sel || o->cur_sel;
	if (same_run && !(o->base_sel && o->cur_sel))
		cs_usage_error("--%s needs --%s too (cryptospeed compare FILE.json --base SEL "
			       "--new SEL)",
			       o->base_sel ? "base" : "new", o->base_sel ? "new" : "base");
	if (same_run && (o->base_table || o->cur_table))
		cs_usage_error("--%s-table with --base/--new (accepted: with two files)",
			       o->base_table ? "base" : "new");
	if (same_run && o->n_pairs)
		cs_usage_error("--pair with --base/--new (accepted: --pair with two files; one "
			       "run's selections are paired already)");
	int want = same_run ? 1 : 2;
	if (argc - optind != want)
		cs_usage_error("compare needs %s, got %d (see cryptospeed compare --help)",
			       same_run ? "one result file with --base/--new"
					: "two result files (BASE.json NEW.json)",
			       argc - optind);
	return same_run;
}

int
cs_cmd_compare(int argc, char **argv)
{
	struct compare_args a = {
		.o = cs_compare_defaults, .emit = cs_compare_text, .format = "text"};
	char why[1024];
	if (compare_parse(argc, argv, &a))
		return CS_EXIT_OK;
	bool same_run = compare_check(argc, &a.o);
	if (!same_run && cs_is_conform_file(argv[optind]) && cs_is_conform_file(argv[optind + 1])) {
		if (a.n_conform)
			cs_usage_error("--conform with two conform files (accepted: --conform "
				       "beside result files)");
		return cs_conform_compare(argv[optind], argv[optind + 1], a.o.fail_on, a.format);
	}
	cs_res_file base, cur;
	cs_cli_load_results(argv[optind], &base);
	if (!same_run)
		cs_cli_load_results(argv[optind + 1], &cur);
	for (size_t k = 0; k < a.n_conform; k++)
		for (int side = 0; side < (same_run ? 1 : 2); side++)
			if (cs_res_conform_attach(a.conform[k], side ? &cur : &base, why,
						  sizeof why) != 0)
				cs_usage_error("--conform %s", why);
	cs_comparison cmp;
	int rc = cs_compare(&base, same_run ? &base : &cur, &a.o, &cmp, why, sizeof why);
	if (rc == 0) {
		a.emit(&cmp, stdout);
		rc = cmp.status;
		cs_comparison_free(&cmp);
	} else if (rc == 2) {
		char safe[2048];
		fprintf(stderr, "cryptospeed: %s\n", cs_esc_term_buf(safe, sizeof safe, why));
	} else {
		fprintf(stderr, "cryptospeed: out of memory\n");
		rc = CS_EXIT_FAILURE;
	}
	cs_results_free(&base);
	if (!same_run)
		cs_results_free(&cur);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "cryptospeed: cannot write to standard output\n");
		return CS_EXIT_FAILURE;
	}
	return rc;
}
