/* Option values, parsed strictly, and the one-line usage error. */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "cli.h"

const char cs_exit_status_help[] =
	"exit status:\n"
	"  0  every cell ok (compare: nothing flagged)\n"
	"  1  operational error: I/O, no worker could start, stdout not written;\n"
	"     compare: a regression flagged (see --fail-on)\n"
	"  2  bad input: an option, a selection that matches no cell, a malformed file\n"
	"  3  libraries disagree on the same input (cells marked '!');\n"
	"     conform, run --conform: a library accepted an invalid test vector\n"
	"  4  some cells wrong, crashed, timeout or error, or a selected worker could not\n"
	"     start; the others measured and written (import: lines it could not read);\n"
	"     conform: a valid vector refused or answered wrong, or a vector crashed\n"
	"  5  compare: inconclusive, the machine drifted (reference cell)\n"
	"  128+N  stopped by signal N (SIGINT, SIGTERM, SIGHUP): what was measured is written\n";

void
cs_usage_error(const char *fmt, ...)
{
	va_list ap;
	char msg[4096], safe[4096];
	fflush(stdout);
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	/* a message names values from files and arguments: no control character of
	   theirs reaches the terminal */
	fprintf(stderr, "cryptospeed: %s\n", cs_esc_term_buf(safe, sizeof safe, msg));
	exit(CS_EXIT_USAGE);
}

void
cs_getopt_error(const char *cmd, int c, char **argv)
{
	extern int optind, optopt;
	const char *arg = argv[optind - 1];
	if (c == ':')
		cs_usage_error("%s needs a value (see cryptospeed %s --help)", arg, cmd);
	if (arg && strncmp(arg, "--", 2) == 0) {
		/* a known long option given "=VALUE" that takes none: optopt is its val */
		const char *eq = strchr(arg, '=');
		if (eq && optopt)
			cs_usage_error("%.*s takes no value (see cryptospeed %s --help)",
				       (int)(eq - arg), arg, cmd);
		cs_usage_error("unknown option '%s' for %s (see cryptospeed %s --help)", arg, cmd,
			       cmd);
	}
	if (optopt > 0 && optopt < 256)
		cs_usage_error("unknown option '-%c' for %s (see cryptospeed %s --help)", optopt,
			       cmd, cmd);
	cs_usage_error("unknown option '%s' for %s (see cryptospeed %s --help)", arg ? arg : "?",
		       cmd, cmd);
}

int
cs_getopt(int argc, char **argv, const char *optstring, const struct option *o, const char *cmd)
{
	opterr = 0;
	int c = getopt_long(argc, argv, optstring, o, NULL);
	if (c == '?' || c == ':')
		cs_getopt_error(cmd, c, argv);
	return c;
}

long long
cs_parse_int(const char *opt, const char *s, long long lo, long long hi, const char *accepted)
{
	const char *p = s;
	if (*p == '-' && lo < 0)
		p++;
	bool digits = *p != '\0';
	for (const char *q = p; *q; q++)
		digits &= isdigit((unsigned char)*q) != 0;
	char *end;
	errno = 0;
	long long v = digits ? strtoll(s, &end, 10) : 0;
	if (!digits || errno || *end || v < lo || v > hi)
		cs_usage_error("%s '%s' is not valid (accepted: %s)", opt, s, accepted);
	return v;
}

double
cs_parse_double(const char *opt, const char *s, double lo, double hi, bool lo_open,
		const char *accepted)
{
	char *end;
	errno = 0;
	/* strtod also takes hex, "inf" and "nan": only decimal notation here */
	bool plain = *s != '\0' && strspn(s, "0123456789.eE+-") == strlen(s);
	double v = plain ? strtod(s, &end) : 0;
	if (!plain || errno || end == s || *end || !isfinite(v) || v > hi || v < lo ||
	    (lo_open && v == lo))
		cs_usage_error("%s '%s' is not valid (accepted: %s)", opt, s, accepted);
	return v;
}

void
cs_parse_list(const char *opt, const char *s, cs_list *out)
{
	int rc = cs_list_split(s, out);
	if (rc == -2 || (rc == 0 && out->n == 0))
		cs_usage_error("%s '%s' has an empty item (accepted: a comma-separated list, "
			       "no item empty)",
			       opt, s);
	if (rc != 0)
		cs_usage_error("%s '%.40s...' is too long (accepted: up to %d items, %zu "
			       "characters)",
			       opt, s, CS_MAX_LIST, sizeof out->buf - 1);
}

void
cs_parse_launcher(cs_config *cfg, const char *s)
{
	char *save = NULL;
	size_t n = 0;
	if (strlen(s) >= sizeof cfg->launcher_buf)
		cs_usage_error("--launcher '%.40s...' is too long (accepted: up to %zu characters)",
			       s, sizeof cfg->launcher_buf - 1);
	memcpy(cfg->launcher_buf, s, strlen(s) + 1);
	for (char *t = strtok_r(cfg->launcher_buf, " \t", &save); t;
	     t = strtok_r(NULL, " \t", &save)) {
		if (n == sizeof cfg->launcher / sizeof cfg->launcher[0] - 1)
			cs_usage_error("--launcher '%s' has too many words (accepted: up to %zu)",
				       s, sizeof cfg->launcher / sizeof cfg->launcher[0] - 1);
		cfg->launcher[n++] = t;
	}
	if (n == 0)
		cs_usage_error("--launcher '%s' is empty (accepted: a command and its arguments)",
			       s);
	cfg->launcher[n] = NULL;
}

int
cs_list_split(const char *s, cs_list *out)
{
	out->n = 0;
	size_t len = strlen(s);
	if (len >= sizeof out->buf)
		return -1;
	memcpy(out->buf, s, len + 1);
	if (len == 0)
		return -2;
	for (char *item = out->buf;;) {
		char *comma = strchr(item, ',');
		if (comma)
			*comma = '\0';
		if (*item == '\0')
			return -2;
		if (out->n == CS_MAX_LIST)
			return -1;
		out->item[out->n++] = item;
		if (!comma)
			return 0;
		item = comma + 1;
	}
}

bool
cs_list_has(const cs_list *l, const char *s)
{
	for (size_t i = 0; i < l->n; i++)
		if (strcmp(l->item[i], s) == 0)
			return true;
	return false;
}
