/* cryptospeed: the orchestrator's command line; each subcommand in cmd_<name>.c. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "board.h"
#include "cli.h"
#include "report.h"

#include "cryptospeed/version.h"

typedef int cs_cmd_fn(int argc, char **argv);

static const struct {
	const char *name;
	cs_cmd_fn *fn;
	const char *summary;
} commands[] = {
	{"run", cs_cmd_run, "measure and print the matrix (cryptospeed run --help)"},
	{"list", cs_cmd_list, "the workers found: versions, paths x algorithms, CPU"},
	{"report", cs_cmd_report, "print a result file in another format"},
	{"compare", cs_cmd_compare, "BASE and NEW (or two selections of one run): every change"},
	{"history", cs_cmd_history, "result files of one host over time: series, change points"},
	{"conform", cs_cmd_conform, "the Wycheproof test vectors through every library x path"},
	{"import", cs_cmd_import, "openssl-speed FILE -o OUT.json: pasted tables as results"},
};

static void
print_help(FILE *f)
{
	fputs("usage: cryptospeed COMMAND [options]\n\ncommands:\n", f);
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		fprintf(f, "  %-9s%s\n", commands[i].name, commands[i].summary);
	fputs("  help     the help of a command (cryptospeed help run)\n"
	      "\n  --version  print the version\n"
	      "Workers are found in CRYPTOSPEED_WORKER_PATH, in ../libexec/cryptospeed from\n"
	      "this program's directory (installed), or next to this program (the build).\n\n",
	      f);
	fputs(cs_exit_status_help, f);
}

/*
 * The one rule for standard output: whatever a command returns, output that
 * could not be written (a full disk, a closed pipe, >/dev/full) is never a
 * success. A status that already says something went wrong is kept.
 */
static bool stdout_checked;

static int
checked_stdout(int rc)
{
	stdout_checked = true;
	if (fflush(stdout) != 0 || ferror(stdout)) {
		if (rc == CS_EXIT_OK) {
			fprintf(stderr, "cryptospeed: cannot write to standard output\n");
			rc = CS_EXIT_FAILURE;
		}
	}
	return rc;
}

static void
at_exit_stdout(void)
{
	/* exit(0) from inside a command (its --help): the same rule */
	if (!stdout_checked && (fflush(stdout) != 0 || ferror(stdout))) {
		fprintf(stderr, "cryptospeed: cannot write to standard output\n");
		_exit(CS_EXIT_FAILURE);
	}
}

#define MAX_WORKERS 64

/* cryptospeed --complete WHAT: one word a line, for the shell completion and
   the tests that walk a registry (commands, algs, libs; formats: report's,
   compare-formats: compare's, views: report's --view); 2 for anything else.
   Not in --help. */
static int
complete(const char *what)
{
	if (strcmp(what, "commands") == 0) {
		for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
			puts(commands[i].name);
		puts("help");
		return CS_EXIT_OK;
	}
	if (strcmp(what, "algs") == 0) {
		for (size_t i = 0; cs_algs[i]; i++)
			puts(cs_algs[i]->name);
		return CS_EXIT_OK;
	}
	if (strcmp(what, "libs") == 0) {
		static cs_worker_file files[MAX_WORKERS];
		size_t n = cs_find_workers(files, MAX_WORKERS);
		for (size_t i = 0; i < n; i++)
			puts(files[i].name);
		return CS_EXIT_OK;
	}
	if (strcmp(what, "formats") == 0 || strcmp(what, "compare-formats") == 0) {
		cs_format_for cmd = what[0] == 'f' ? CS_FOR_REPORT : CS_FOR_COMPARE;
		for (size_t k = 0; cs_format_name(cmd, k); k++)
			puts(cs_format_name(cmd, k));
		return CS_EXIT_OK;
	}
	if (strcmp(what, "boards") == 0) {
		for (size_t i = 0; i < cs_n_boards; i++)
			puts(cs_boards[i].name);
		return CS_EXIT_OK;
	}
	if (strcmp(what, "views") == 0) {
		for (size_t i = 0; cs_report_view_names[i]; i++)
			puts(cs_report_view_names[i]);
		return CS_EXIT_OK;
	}
	cs_usage_error("--complete '%s': unknown (accepted: commands, algs, libs, boards, "
		       "formats, compare-formats, views)",
		       what);
}

int
main(int argc, char **argv)
{
	if (argc < 2) {
		print_help(stderr);
		return CS_EXIT_USAGE;
	}
	atexit(at_exit_stdout);
	const char *cmd = argv[1];
	if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "version") == 0) {
		printf("cryptospeed %s\n", CS_VERSION);
		return checked_stdout(CS_EXIT_OK);
	}
	if (strcmp(cmd, "--complete") == 0) {
		if (argc != 3)
			cs_usage_error("--complete takes one argument (accepted: commands, algs, "
				       "boards, "
				       "libs, formats, compare-formats, views)");
		return checked_stdout(complete(argv[2]));
	}
	if (strcmp(cmd, "help") == 0 && argc > 2) {
		for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
			if (strcmp(argv[2], commands[i].name) == 0) {
				char *help_argv[] = {argv[2], "--help", NULL};
				return checked_stdout(commands[i].fn(2, help_argv));
			}
		char known[256] = "";
		for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
			strcat(known, i ? ", " : "");
			strcat(known, commands[i].name);
		}
		cs_usage_error("help '%s': unknown command (known: %s)", argv[2], known);
	}
	if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
		print_help(stdout);
		return checked_stdout(CS_EXIT_OK);
	}
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		if (strcmp(cmd, commands[i].name) == 0)
			return checked_stdout(commands[i].fn(argc - 1, argv + 1));
	char known[256] = "";
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
		strcat(known, commands[i].name);
		strcat(known, ", ");
	}
	cs_usage_error("unknown command '%s' (known: %s--help, --version)", cmd, known);
}
