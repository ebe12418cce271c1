/*
 * The orchestrator's command line: one file per subcommand (cmd_<name>.c),
 * the shared option parsing (options.c) and the exit statuses.
 */
#ifndef CS_CLI_H
#define CS_CLI_H

#include <getopt.h>
#include <stdbool.h>
#include <stddef.h>

#include "orchestrator.h"
#include "results.h"

/* Exit statuses: one table, shown by `cryptospeed --help` and the README. */
enum {
	CS_EXIT_OK = 0,		  /* every cell ok (compare: nothing flagged) */
	CS_EXIT_FAILURE = 1,	  /* operational error: I/O, no worker could start, stdout;
				     compare: a regression flagged */
	CS_EXIT_USAGE = 2,	  /* bad input: options, a selection matching no cell, a bad file */
	CS_EXIT_DISAGREE = 3,	  /* libraries disagree on the same input; conform: an
				     invalid vector accepted */
	CS_EXIT_NOT_OK = 4,	  /* some cells wrong/crashed/timeout/error; the rest measured */
	CS_EXIT_INCONCLUSIVE = 5, /* compare: the reference cell drifted */
};

/* The table above as text, for --help and the docs. */
extern const char cs_exit_status_help[];

/* One line "cryptospeed: <message>" on stderr, then exit(CS_EXIT_USAGE). */
_Noreturn void cs_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * Strict option values: the whole string must be the number (no fraction for
 * an integer, no trailing junk, no hex, no sign unless lo < 0); out of range
 * or malformed = cs_usage_error naming the option, the value and `accepted`.
 */
long long cs_parse_int(const char *opt, const char *s, long long lo, long long hi,
		       const char *accepted);
/* lo_open: lo itself is refused. */
double cs_parse_double(const char *opt, const char *s, double lo, double hi, bool lo_open,
		       const char *accepted);
/* A comma-separated list: no empty item ("a,,b", "a,", ""), at most CS_MAX_LIST. */
void cs_parse_list(const char *opt, const char *s, cs_list *out);
/* --launcher 'CMD ARGS': split on blanks into cfg->launcher. */
void cs_parse_launcher(cs_config *cfg, const char *s);

/*
 * getopt_long's errors as our one line: call with the value getopt_long
 * returned for '?' or ':' (optstring must start with ':'). `cmd` names the
 * subcommand for "see cryptospeed CMD --help".
 */
_Noreturn void cs_getopt_error(const char *cmd, int c, char **argv);
/*
 * getopt_long with those errors: the next option of a subcommand's argv (set
 * optind = 1 before the first call), or -1 at the end; a missing value or an
 * unknown option is cs_getopt_error naming `cmd` and never returns.
 */
int cs_getopt(int argc, char **argv, const char *optstring, const struct option *o,
	      const char *cmd);

/* A cryptospeed/1 result file, typed and checked, or cs_usage_error naming
   the file and the first bad place (cmd_report.c). */
void cs_cli_load_results(const char *file, cs_res_file *out);
/* The cost tables (report --view estimate, run --count --board):
   CRYPTOSPEED_COSTS_DIR, else an installed cryptospeed's
   ../share/cryptospeed/costs, else the source tree's data/costs
   (cmd_report.c); buf holds it when it is not the environment's. */
const char *cs_costs_dir(char *buf, size_t n);

/* The subcommands: argc/argv start at the subcommand's own name. */
int cs_cmd_run(int argc, char **argv);
int cs_cmd_list(int argc, char **argv);
int cs_cmd_report(int argc, char **argv);
int cs_cmd_compare(int argc, char **argv);
int cs_cmd_history(int argc, char **argv);
int cs_cmd_import(int argc, char **argv);
int cs_cmd_conform(int argc, char **argv);
/* run --conform: the Wycheproof vectors through the plain worker of each of
   files (noop aside), for cfg's algorithms and paths; the "conformance" block
   into the model f (replaced by a copy that owns it). Returns conform's status (0, 3 invalid accepted, 4 a valid case
   refused, wrong or crashed; 2 a malformed vector file). */
int cs_conform_into(const cs_config *cfg, const cs_worker_file *files, size_t n, cs_res_file *f);
/* run --conform, before measuring: every vector file reads; 0, or -1 with
   the file and its first bad place in why. */
int cs_conform_check_vectors(char *why, size_t n);

#endif
