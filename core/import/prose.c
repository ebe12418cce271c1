/* The text around the tables: the preamble ("OpenSSL 1.0.1t ...", "built on:"
   ...), the "Doing ..." progress lines, and a command line in the prose whose
   options hold for the next table (speed.h). */
#define _GNU_SOURCE

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "size.h"
#include "speed.h"
#include "text.h"

static char *
dup_trimmed(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	size_t n = strnlen(s, MAX_META);
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	return strndup(s, n);
}

void
cs_imp_add_progress(parser *p, const char *name, long long size, double count, double secs,
		    int line)
{
	if (!(secs > 0) || !(count > 0))
		return;
	isource *s = cs_imp_cur(p);
	if (s) {
		for (size_t i = 0; i < s->n_progress; i++)
			if (s->progress[i].size == size && strcmp(s->progress[i].name, name) == 0) {
				s = NULL; /* measured again: another run */
				break;
			}
	}
	if (!s || s->closed || cs_imp_has_tables(s))
		s = cs_imp_new_source(p, line);
	if (!s)
		return;
	iprogress *grown =
		cs_imp_grow(p, s->progress, &s->cap_progress, s->n_progress, sizeof *grown, 16);
	if (!grown)
		return;
	s->progress = grown;
	iprogress *g = &s->progress[s->n_progress++];
	snprintf(g->name, sizeof g->name, "%s", name);
	g->size = size;
	g->rate = count * (double)size / secs;
	g->line = line;
}

/* Without a table, the "Doing" lines are the measurements: one column per size. */
void
cs_imp_add_progress_cells(parser *p, isource *s)
{
	int first = s->progress[0].line;
	for (size_t i = 0; i < s->n_progress; i++) {
		const iprogress *g = &s->progress[i];
		icell c = {.bytes = true,
			   .line = first,
			   .row_line = g->line,
			   .size = g->size,
			   .rate = g->rate};
		cs_imp_name_sym(s, g->name, &c);
		cs_imp_add_cell(p, s, &c);
	}
}

/* "12345 md5's in 3.00s" / "12345 md5 ops in 3.00s": count and seconds. */
bool
cs_imp_progress_result(char **tok, size_t n, double *count, double *secs)
{
	long long c;
	if (n < 3 || strcmp(tok[n - 2], "in") != 0 || !cs_imp_parse_int(tok[0], 0, 1LL << 50, &c))
		return false;
	*count = (double)c;
	return cs_imp_tok_seconds(tok[n - 1], secs);
}

/* "Doing NAME [ops] for 3s on 16 size blocks: RESULT" and the old
   "Doing NAME 1000 times on 16 size blocks: RESULT". */
bool
cs_imp_doing_line(parser *p, char **tok, size_t n, int line)
{
	if (n < 6 || strcmp(tok[0], "Doing") != 0)
		return false;
	size_t on = 0;
	for (size_t i = 2; i + 3 < n; i++)
		if (strcmp(tok[i], "on") == 0 && strcmp(tok[i + 2], "size") == 0 &&
		    strcmp(tok[i + 3], "blocks:") == 0) {
			on = i;
			break;
		}
	if (!on) {
		/* a key-op progress line ("Doing 2048 bit private rsa's for 10s: ..."):
		   the table after it has the numbers */
		return true;
	}
	long long size;
	if (!cs_imp_parse_int(tok[on + 1], 1, CS_SIZE_MAX, &size) || on < 4)
		return true;
	/* the name ends before "for Ns" or "N times", and before 3.x's "ops" */
	size_t end = on - 2;
	if (strcmp(tok[on - 2], "for") != 0 && strcmp(tok[on - 1], "times") != 0)
		return true;
	if (end > 1 && strcmp(tok[end - 1], "ops") == 0)
		end--;
	if (end <= 1)
		return true;
	char name[NAME_LEN];
	for (size_t i = 1; i < end; i++)
		if (!cs_imp_plausible_name(tok[i]))
			return true;
	if (!cs_join(name, sizeof name, tok + 1, end - 1, sizeof *tok, false, " "))
		return true;
	double count, secs;
	if (cs_imp_progress_result(tok + on + 4, n - on - 4, &count, &secs)) {
		cs_imp_add_progress(p, name, size, count, secs, line);
		if (end < on - 2 && cs_imp_cur(p))
			cs_imp_cur(p)->clue3 = true; /* 3.x: "Doing md5 ops for 3s" */
	} else {
		snprintf(p->doing_name, sizeof p->doing_name, "%s", name);
		p->doing_size = size;
		p->doing_line = line;
	}
	return true;
}

/* "OpenSSL 1.0.1t 3 May 2016", "LibreSSL 3.8.2", 3.x "version: 3.0.2". */
static bool
version_line(const char *t, char **out)
{
	const char *v = NULL;
	char buf[MAX_META];
	if (cs_imp_starts_with(t, "OpenSSL ") || cs_imp_starts_with(t, "LibreSSL "))
		v = strchr(t, ' ') + 1;
	else if (cs_imp_starts_with(t, "version: "))
		v = t + 9;
	if (!v || !isdigit((unsigned char)v[0]))
		return false;
	/* a version number: digits and two dots, then letters (1.0.1t, 0.9.8zh) */
	const char *c = v;
	int dots = 0;
	while (isdigit((unsigned char)*c) || *c == '.')
		dots += *c++ == '.';
	if (dots != 2)
		return false;
	while (isalpha((unsigned char)*c) || *c == '-')
		c++;
	if (*c && *c != ' ')
		return false;
	if (cs_imp_starts_with(t, "version: "))
		snprintf(buf, sizeof buf, "OpenSSL %.4000s", v);
	else
		snprintf(buf, sizeof buf, "%.4000s", t);
	*out = dup_trimmed(buf);
	return true;
}

/* Preamble lines; returns true when the line was one. */
bool
cs_imp_meta_line(parser *p, const char *t, int line)
{
	static const char *const prefixes[M_COUNT] = {
		[M_BUILT_ON] = "built on:",
		[M_OPTIONS] = "options:",
		[M_COMPILER] = "compiler:",
		[M_CPUINFO] = "CPUINFO:",
	};
	char *value = NULL;
	meta m = M_VERSION;
	if (!version_line(t, &value)) {
		m = M_BUILT_ON;
		while (m < M_COUNT && !cs_imp_starts_with(t, prefixes[m]))
			m++;
		if (m == M_COUNT)
			return false;
		value = dup_trimmed(t + strlen(prefixes[m]));
	}
	if (!value) {
		p->oom = true;
		return true;
	}
	isource *s = cs_imp_cur(p);
	if (!s || s->closed || cs_imp_has_tables(s) || s->meta[m])
		s = cs_imp_new_source(p, line);
	if (!s) {
		free(value);
		return true;
	}
	s->meta[m] = value;
	if (m == M_CPUINFO || (m == M_VERSION && cs_imp_starts_with(t, "version: ")))
		s->clue3 = true; /* only 3.x prints these */
	return true;
}

/* A command line in the prose ("openssl speed -multi 4 -evp aes-128-gcm"):
   -multi and -decrypt hold for the next table. */
bool
cs_imp_command_line(parser *p, char **tok, size_t n)
{
	bool speed = false;
	for (size_t i = 0; i < n; i++)
		speed |= strcmp(tok[i], "speed") == 0;
	if (!speed)
		return false;
	bool any = false;
	for (size_t i = 0; i < n; i++) {
		long long m;
		const char *next = i + 1 < n ? tok[i + 1] : NULL;
		if (strcmp(tok[i], "-multi") == 0 && next && cs_imp_parse_int(next, 1, 4096, &m)) {
			p->ctx_multi = (int)m;
			any = true;
		} else if (strcmp(tok[i], "-decrypt") == 0) {
			p->ctx_decrypt = true;
			any = true;
		} else if (next &&
			   ((cs_imp_plausible_name(next) &&
			     (strcmp(tok[i], "-engine") == 0 || strcmp(tok[i], "-provider") == 0 ||
			      strcmp(tok[i], "-propquery") == 0)) ||
			    (strcmp(tok[i], "-async_jobs") == 0 &&
			     cs_imp_parse_int(next, 1, 99999, &m)))) {
			/* how the run measured: part of its label; an engine or a
			   provider also names the cells' variant, as run --variant does */
			size_t used = strlen(p->ctx_opts);
			snprintf(p->ctx_opts + used, sizeof p->ctx_opts - used, " %s %.60s", tok[i],
				 next);
			used = strlen(p->ctx_variant);
			if (strcmp(tok[i], "-engine") == 0)
				snprintf(p->ctx_variant + used, sizeof p->ctx_variant - used,
					 "%sengine=%.50s", used ? "," : "", next);
			else if (strcmp(tok[i], "-provider") == 0)
				snprintf(p->ctx_variant + used, sizeof p->ctx_variant - used,
					 "%s%.50s", used ? "," : "", next);
			any = true;
			i++;
		}
	}
	return any;
}
