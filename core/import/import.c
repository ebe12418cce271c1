/*
 * Import of `openssl speed` output (the document: import.h). What each
 * OpenSSL era prints, from apps/speed.c:
 *
 *   preamble   "OpenSSL 1.0.1t 3 May 2016" (3.x: "version: 3.0.2"), "built on: ...",
 *              "options:...", "compiler: ...", 3.x "CPUINFO: ..."
 *   byte rates "type 16 bytes 64 bytes ..." (0.9.6: 8 bytes first, 1.1.0+: 16384 last),
 *              then "name v v v" where "123.45k" is 1000s of bytes/s and a value
 *              under 10000 is printed without the k, in bytes/s
 *   key ops    "rsa 2048 bits 0.000708s 0.000020s 1413.1 49000.0" (sign verify
 *              sign/s verify/s; 3.2+ adds encrypt decrypt), "256 bit(s) ecdsa
 *              (nistp256) ...", "253 bits ecdh (X25519) 0.0001s 20000.0",
 *              "253 bits EdDSA (Ed25519) ...", "2048 bits ffdh ...", 3.5 KEM/signature
 *   progress   "Doing md5 for 3s on 16 size blocks: 1234567 md5's in 3.00s"
 *              (3.x: "Doing md5 ops for 3s ...: N md5 ops in 3.00s")
 *   -mr        "+H:16:64:...", "+F:k:name:B/s:...", "+F2:k:bits:a:b" ... (key-op
 *              values are seconds per op up to 1.1.0, ops per second from 1.1.1)
 *   -multi N   "Forked child 0", "Got: +F:... from 0", then the summed table
 *
 * The parser reads line by line, once. Every table goes to a source (one run of
 * openssl speed); prose between tables, a new preamble or a repeated table
 * starts the next source. The readers of each kind of line are in the files
 * speed.h lists; this file is the line loop and the entry points.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "import.h"
#include "results.h"
#include "speed.h"

static void
one_line(parser *p, char *raw, int line)
{
	char *t = raw;
	while (*t == ' ' || *t == '\t' || *t == '>')
		t++; /* indentation, "> " of a quoted post */
	if (cs_imp_blank_or_rule(t))
		return;
	cs_imp_clue_line(p, t, line);
	/* a result on the line after its "Doing ... blocks: " */
	char work[MAX_LINE];
	char *tok[MAX_TOKENS];
	bool too_many;
	snprintf(work, sizeof work, "%s", t);
	cs_imp_normalize(work);
	size_t n = cs_imp_tokenize(work, tok, MAX_TOKENS, &too_many);
	if (p->doing_name[0]) {
		double count, secs;
		char name[NAME_LEN];
		snprintf(name, sizeof name, "%s", p->doing_name);
		p->doing_name[0] = '\0';
		if (!too_many && cs_imp_progress_result(tok, n, &count, &secs)) {
			cs_imp_add_progress(p, name, p->doing_size, count, secs, p->doing_line);
			return;
		}
	}
	bool in_table =
		p->table != T_NONE || p->pk_head != PH_NONE ||
		(cs_imp_cur(p) && cs_imp_cur(p)->pkey_block != PK_NONE && !cs_imp_cur(p)->closed);
	if (t[0] == '+' && (t[1] == 'H' || t[1] == 'F' || t[1] == 'D' || t[1] == 'R')) {
		char mr[MAX_LINE];
		snprintf(mr, sizeof mr, "%s", t);
		size_t len = strlen(mr);
		while (len && (mr[len - 1] == ' ' || mr[len - 1] == '\t'))
			mr[--len] = '\0';
		if (t[1] == 'D' || t[1] == 'R')
			return; /* -mr progress: the +F lines carry the results */
		if (cs_imp_mr_line(p, mr, line))
			return;
		if (t[1] == 'H' || (t[1] == 'F' && (t[2] == ':' || isdigit((unsigned char)t[2])))) {
			cs_imp_skip(p, line,
				    "a -mr line that could not be read (accepted: +H:size:..., "
				    "+F:n:name:rate:..., +F2..+F10 with their fields)");
			return;
		}
	}
	if (cs_imp_meta_line(p, t, line)) {
		p->table = T_NONE;
		p->pk_head = PH_NONE;
		return;
	}
	if (cs_imp_starts_with(t, "The 'numbers' are in 1000s of bytes"))
		return;
	if (!too_many) {
		if (p->table == T_SYM && cs_imp_sym_row(p, tok, n, line))
			return;
		p->wrap_name[0] = '\0';
		if (cs_imp_sym_header(p, tok, n, line))
			return;
		if (p->table != T_SYM && cs_imp_headerless_row(p, tok, n, line))
			return;
		size_t h = cs_imp_pkey_header(p, tok, n, line);
		if (h) {
			if (h < n)
				cs_imp_pkey_row(p, tok + h, n - h, line);
			return;
		}
		if (cs_imp_pkey_row(p, tok, n, line)) {
			p->table = T_NONE;
			return;
		}
		if (cs_imp_doing_line(p, tok, n, line) || cs_imp_multi_line(p, tok, n, line))
			return;
	}
	if (in_table && !too_many && cs_imp_row_shaped(tok, n)) {
		/* a row of the table that could not be read: said, and the table goes on */
		const char *bad = cs_imp_bad_value(tok, n);
		if (bad)
			cs_imp_skip(p, line,
				    "'%.40s' is not a value of an openssl speed table (accepted: "
				    "1234.56k, "
				    "9795.82, 0.00, 0.000123s)",
				    bad);
		else if (p->table == T_SYM)
			cs_imp_skip(p, line,
				    "a row that does not fit the table of line %d (%zu sizes; "
				    "accepted: "
				    "a name and at most one value per size)",
				    p->table_line, p->n_sizes);
		else
			cs_imp_skip(p, line, "a row that does not fit the table above it");
		return;
	}
	/* prose: a table above it is complete */
	p->table = T_NONE;
	p->pk_head = PH_NONE;
	bool command = !too_many && cs_imp_command_line(p, tok, n);
	isource *s = cs_imp_cur(p);
	if (s && (cs_imp_has_tables(s) || (command && s->n_progress)))
		s->closed = true;
	if (s)
		s->pkey_block = PK_NONE;
}

static void
parser_free(parser *p)
{
	for (size_t i = 0; i < p->n_src; i++) {
		isource *s = &p->src[i];
		for (meta m = M_VERSION; m < M_COUNT; m++)
			free(s->meta[m]);
		free(s->run_opts);
		free(s->variant);
		free(s->progress);
	}
	free(p->src);
	free(p->cells);
	free(p->kids);
	free(p->clues);
}

int
cs_import_openssl_speed(const char *text, size_t len, const char *file_name, json_t **out,
			char *err, size_t err_size)
{
	return cs_import_openssl_speed_ex(text, len, file_name, out, err, err_size, NULL, NULL);
}

int
cs_import_openssl_speed_ex(const char *text, size_t len, const char *file_name, json_t **out,
			   char *err, size_t err_size, FILE *diag, size_t *skipped)
{
	*out = NULL;
	if (skipped)
		*skipped = 0;
	parser p;
	memset(&p, 0, sizeof p);
	p.file = file_name;
	p.diag = diag;
	char raw[MAX_LINE];
	int line = 0;
	for (size_t pos = 0; pos < len;) {
		const char *nl = memchr(text + pos, '\n', len - pos);
		size_t end = nl ? (size_t)(nl - text) : len;
		size_t n = end - pos;
		line++;
		const char *nul = memchr(text + pos, '\0', n);
		if (nul) {
			snprintf(err, err_size,
				 "%s:%d: not text: a NUL byte at column %zu (accepted: "
				 "the text output of openssl speed)",
				 file_name, line, (size_t)(nul - (text + pos)) + 1);
			parser_free(&p);
			return CS_IMPORT_BAD;
		}
		if (n >= sizeof raw) {
			/* never read by a part: its cut end could look like anything */
			cs_imp_skip(&p, line, "%zu bytes long (accepted: lines up to %zu bytes)", n,
				    sizeof raw - 1);
			pos = nl ? end + 1 : len;
			continue;
		}
		size_t keep = n;
		memcpy(raw, text + pos, keep);
		raw[keep] = '\0';
		if (keep && raw[keep - 1] == '\r')
			raw[keep - 1] = '\0';
		one_line(&p, raw, line);
		if (p.oom || p.too_many)
			break;
		pos = nl ? end + 1 : len;
	}
	if (p.n_src)
		cs_imp_finish_source(&p, cs_imp_cur(&p));
	if (p.too_many) {
		snprintf(err, err_size,
			 "%s:%d: more than %d cells: not a pasted page (accepted: up to %d cells "
			 "of openssl speed tables in one file)",
			 file_name, p.too_many, CS_IMPORT_MAX_CELLS, CS_IMPORT_MAX_CELLS);
		parser_free(&p);
		return CS_IMPORT_BAD;
	}
	if (p.oom) {
		snprintf(err, err_size, "%s: out of memory", file_name);
		parser_free(&p);
		return CS_IMPORT_IO;
	}
	if (p.n_cells == 0) {
		if (p.first_table_line)
			snprintf(err, err_size,
				 "%s:%d: a table of openssl speed with no readable row "
				 "or only 0.00 in it (accepted: rows like 'aes-128-gcm 35875.57k "
				 "47015.41k ...' under the 'type 16 bytes ...' line)",
				 file_name, p.first_table_line);
		else
			snprintf(err, err_size,
				 "%s:%d: no openssl speed table in %d line%s (accepted: "
				 "the output of openssl speed 0.9.6 to 3.x, text or -mr, with any "
				 "prose around it)",
				 file_name, line ? line : 1, line, line == 1 ? "" : "s");
		parser_free(&p);
		return CS_IMPORT_BAD;
	}
	if (skipped)
		*skipped = p.skipped;
	*out = cs_imp_document(&p);
	parser_free(&p);
	if (!*out) {
		snprintf(err, err_size, "%s: out of memory", file_name);
		return CS_IMPORT_IO;
	}
	return CS_IMPORT_OK;
}

int
cs_import_openssl_speed_file(const char *path, json_t **out, char *err, size_t err_size)
{
	return cs_import_openssl_speed_file_ex(path, out, err, err_size, NULL, NULL);
}

int
cs_import_openssl_speed_file_ex(const char *path, json_t **out, char *err, size_t err_size,
				FILE *diag, size_t *skipped)
{
	*out = NULL;
	bool std_in = strcmp(path, "-") == 0;
	FILE *f = std_in ? stdin : fopen(path, "rb");
	if (std_in)
		path = "stdin";
	if (!f) {
		snprintf(err, err_size, "%s: cannot read: %s (accepted: a readable text file)",
			 path, strerror(errno));
		return CS_IMPORT_BAD;
	}
	size_t cap = 1 << 16, len = 0;
	char *buf = malloc(cap);
	while (buf) {
		if (len == cap) {
			if (cap >= CS_IMPORT_MAX_BYTES) {
				snprintf(err, err_size,
					 "%s:1: larger than %zu MiB (accepted: a pasted "
					 "page of openssl speed output)",
					 path, CS_IMPORT_MAX_BYTES >> 20);
				free(buf);
				if (!std_in)
					fclose(f);
				return CS_IMPORT_BAD;
			}
			char *nb = realloc(buf, cap * 2);
			if (!nb) {
				free(buf);
				buf = NULL;
				break;
			}
			buf = nb;
			cap *= 2;
		}
		size_t got = fread(buf + len, 1, cap - len, f);
		len += got;
		if (got == 0)
			break;
	}
	bool bad = !buf || ferror(f);
	int e = errno;
	if (!std_in)
		fclose(f);
	if (bad) {
		snprintf(err, err_size, "%s: cannot read: %s", path,
			 buf ? strerror(e) : "out of memory");
		free(buf);
		return CS_IMPORT_IO;
	}
	int rc = cs_import_openssl_speed_ex(buf, len, path, out, err, err_size, diag, skipped);
	free(buf);
	return rc;
}

int
cs_import_openssl_speed_typed(const char *path, const char *label, const char *machine,
			      cs_res_file *out, char *err, size_t err_size, FILE *diag,
			      size_t *skipped)
{
	json_t *doc;
	memset(out, 0, sizeof *out);
	int rc = cs_import_openssl_speed_file_ex(path, &doc, err, err_size, diag, skipped);
	if (rc != CS_IMPORT_OK)
		return rc;
	if ((label || machine) && cs_import_name(doc, label, machine) != 0) {
		json_decref(doc);
		snprintf(err, err_size, "%s: out of memory", path);
		return CS_IMPORT_IO;
	}
	/* the reader every subcommand uses checks what import wrote */
	rc = cs_results_decode(doc, strcmp(path, "-") == 0 ? "stdin" : path, out, err, err_size)
		     ? CS_IMPORT_IO
		     : CS_IMPORT_OK;
	json_decref(doc);
	return rc;
}
