/* The records of a small tab-separated table: tsv.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tsv.h"

int
cs_tsv_read(const char *path, const char *kind, const char *core, char **text, char *why, size_t n)
{
	*text = NULL;
	FILE *f = fopen(path, "r");
	if (!f) {
		snprintf(why, n, "no %s for core '%s': cannot read %s: %s", kind, core, path,
			 strerror(errno));
		return -1;
	}
	char *buf = malloc(CS_TSV_FILE_MAX + 1);
	size_t len = buf ? fread(buf, 1, CS_TSV_FILE_MAX + 1, f) : 0;
	bool bad = !buf || ferror(f);
	fclose(f);
	if (bad || len > CS_TSV_FILE_MAX) {
		snprintf(why, n, "%s: %s", path,
			 !buf  ? "out of memory"
			 : bad ? "read error"
			       : "larger than 64 KiB");
		free(buf);
		return -1;
	}
	buf[len] = '\0';
	if (strlen(buf) != len) {
		snprintf(why, n, "%s: not a text file (a NUL byte)", path);
		free(buf);
		return -1;
	}
	*text = buf;
	return 0;
}

int
cs_tsv_begin(cs_tsv *r, const char *text, const char *name, char *why, size_t n)
{
	memset(r, 0, sizeof *r);
	r->name = name;
	r->p = text;
	if (strncmp(text, "\xEF\xBB\xBF", 3) == 0) {
		snprintf(why, n,
			 "%s line 1: starts with a UTF-8 byte-order mark (bytes EF BB BF); "
			 "accepted: text without one",
			 name);
		return -1;
	}
	return 0;
}

/* Split line [p, end) at tabs into r's fields. */
static void
split(cs_tsv *r, const char *p, const char *end)
{
	r->n = 0;
	for (;;) {
		const char *tab = memchr(p, '\t', (size_t)(end - p));
		const char *stop = tab ? tab : end;
		size_t len = (size_t)(stop - p);
		if (r->n < CS_TSV_FIELDS_MAX) {
			size_t keep = len < CS_TSV_FIELD_SIZE ? len : CS_TSV_FIELD_SIZE - 1;
			memcpy(r->f[r->n], p, keep);
			r->f[r->n][keep] = '\0';
			r->len[r->n] = len;
		}
		r->n++;
		if (!tab)
			return;
		p = tab + 1;
	}
}

int
cs_tsv_next(cs_tsv *r, char *why, size_t n)
{
	while (*r->p) {
		const char *p = r->p;
		const char *end = strchr(p, '\n');
		if (!end)
			end = p + strlen(p);
		r->p = *end ? end + 1 : end;
		r->line++;
		const char *cr = memchr(p, '\r', (size_t)(end - p));
		if (cr) {
			snprintf(why, n,
				 "%s line %lld: a carriage return (%s); accepted: LF line ends "
				 "only",
				 r->name, r->line, cr + 1 == end ? "a CRLF line end" : "mid-line");
			return -1;
		}
		if (p == end || *p == '#')
			continue;
		split(r, p, end);
		return 1;
	}
	return 0;
}

int
cs_tsv_number(const cs_tsv *r, size_t i, double lo, double hi, double *v)
{
	char *stop = NULL;
	*v = 0;
	if (i >= r->n || i >= CS_TSV_FIELDS_MAX || r->len[i] >= CS_TSV_FIELD_SIZE)
		return -1;
	errno = 0;
	*v = strtod(r->f[i], &stop);
	return stop != r->f[i] && !*stop && !errno && *v >= lo && *v <= hi ? 0 : -1;
}
