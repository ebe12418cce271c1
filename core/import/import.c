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
 * starts the next source.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdarg.h>
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "escape.h"
#include "import.h"
#include "results.h"
#include "text.h"
#include "size.h"
#include "workload.h"

#include "cryptospeed/version.h"

#define MAX_LINE 8192 /* a longer line is read by its first 8 KiB */
#define MAX_TOKENS 48 /* a line with more words is prose */
#define MAX_SIZES 16  /* columns of a byte-rate table */
#define MAX_META 4096 /* longest preamble string kept */
#define NAME_LEN 64   /* longest algorithm name kept */

/* Kinds of key-operation rows, as bits of a source's pkey_kinds. */
typedef enum pk_kind {
	PK_RSA,
	PK_DSA,
	PK_ECDSA,
	PK_ECDH,
	PK_EDDSA,
	PK_SM2,
	PK_FFDH,
	PK_KEM,
	PK_SIG,
	PK_NONE
} pk_kind;

/* The key-operation table header last seen: it names the columns. */
typedef enum pk_header { PH_NONE, PH_SIGN_VERIFY, PH_OP, PH_KEM, PH_SIG } pk_header;

/* How a cell's rate is read when its source closes. */
typedef enum cell_fix {
	FIX_NONE,
	FIX_MR_PAIR, /* -mr +F2/+F3/+F4: rate (1.1.1+) or seconds per op (older) */
	FIX_MR_F5    /* -mr +F5: (rate, 1/rate) from 1.1.1, (seconds, 1/seconds) before */
} cell_fix;

/* One imported cell, before the document is written. */
typedef struct icell {
	char alg[NAME_LEN]; /* ours where it matches, else OpenSSL's name */
	char op[12];	    /* seal, open, encrypt, digest, derive, sign, ... */
	char path[12];	    /* "evp", "lowlevel"; "" = by era, when the source closes */
	long long size;	    /* bytes per operation; 0 for op/s cells */
	double rate;	    /* B/s or op/s (raw -mr value until fixed) */
	double alt;	    /* FIX_MR_F5: the second value */
	cell_fix fix;	    /* what finish_source still does to rate */
	bool bytes;	    /* rate in B/s (else op/s) */
	int line;	    /* the table's first line */
	int row_line;	    /* the row's own line */
} icell;

/* One "Doing ... size blocks: N ...'s in T s" measurement. */
typedef struct iprogress {
	char name[NAME_LEN]; /* as speed.c printed it */
	long long size;	     /* block size */
	double rate;	     /* B/s */
	int line;	     /* where it was printed */
} iprogress;

/* The preamble lines, in the order speed.c prints them. */
typedef enum meta { M_VERSION, M_BUILT_ON, M_OPTIONS, M_COMPILER, M_CPUINFO, M_COUNT } meta;

/* One run of openssl speed: its preamble, its tables, its cells. */
typedef struct isource {
	char *meta[M_COUNT];	    /* "OpenSSL 1.0.1t 3 May 2016" (3.x: "OpenSSL 3.0.2"), and
				   what follows "built on:", "options:", "compiler:", "CPUINFO:" */
	int line;		    /* first line of the source */
	int multi;		    /* -multi N (1 = one process) */
	bool decrypt;		    /* -decrypt seen on the command line */
	bool closed;		    /* prose after its tables: the next table is another source */
	bool has_sym;		    /* a byte-rate table (text or -mr) */
	bool has_mr;		    /* -mr rows */
	unsigned pkey_kinds;	    /* bits of pk_kind seen */
	pk_kind pkey_block;	    /* kind of the contiguous key-op rows being read */
	bool clue3, clue_pre3;	    /* wording only 3.x / only before 3.0 prints */
	int mr_rates, mr_times;	    /* votes on what -mr key-op values are */
	int mr_small, mr_large;	    /* -mr key-op values below / above 1 */
	size_t first_cell, n_cells; /* its cells: parser.cells[first_cell..+n_cells) */
	iprogress *progress;	    /* "Doing ..." lines, used when no table follows */
	size_t n_progress, cap_progress; /* used, allocated */
} isource;

/* The state of one import: what was read so far and the table being read. */
typedef struct parser {
	const char *file;		       /* the input's name, as given */
	isource *src;			       /* the sources, the last one open */
	size_t n_src, cap_src;		       /* used, allocated */
	icell *cells;			       /* every source's cells, in order */
	size_t n_cells, cap_cells;	       /* used, allocated */
	enum { T_NONE, T_SYM, T_MRSYM } table; /* byte-rate table being read */
	long long sizes[MAX_SIZES];	       /* its columns, bytes */
	size_t n_sizes;			       /* how many */
	int table_line;			       /* its header's line */
	char wrap_name[NAME_LEN];  /* the row above, when it had fewer values than columns */
	size_t wrap_cols;	   /* how many it had */
	pk_header pk_head;	   /* key-op header above the rows being read */
	int pk_table_line;	   /* its line (or the first row's, without a header) */
	int ctx_multi;		   /* from a command line in the prose, for the next source */
	bool ctx_decrypt;	   /* the same for -decrypt */
	char doing_name[NAME_LEN]; /* a "Doing" line whose result is on the next line */
	long long doing_size;	   /* its block size */
	int doing_line;		   /* its line */
	int first_table_line;	   /* for the error when no row could be read */
	bool oom;		   /* an allocation failed: stop */
	int too_many;		   /* the line of the cell past CS_IMPORT_MAX_CELLS: stop */
	FILE *diag;		   /* where skipped lines are reported, or NULL */
	size_t skipped;		   /* lines (or rows) that could not be read */
} parser;

/* A line that could not be read: counted, and reported as "FILE:LINE: skipped: why". */
static void
skip(parser *p, int line, const char *fmt, ...)
{
	p->skipped++;
	if (!p->diag)
		return;
	char why[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	fprintf(p->diag, "cryptospeed: %s:%d: skipped: %s\n", cs_esc_term(p->file), line,
		cs_esc_term(why));
}

/* ---- small text helpers ------------------------------------------------------ */

static bool
starts_with(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

static void
lower_copy(char *dst, size_t n, const char *src)
{
	size_t i = 0;
	for (; src[i] && i + 1 < n; i++)
		dst[i] = (char)tolower((unsigned char)src[i]);
	dst[i] = '\0';
}

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

/* A decimal number with at most one '.', then at most one suffix character
   from `suffixes` (stored in *suffix, 0 when none). */
static bool
parse_decimal(const char *tok, size_t n, const char *suffixes, double *v, char *suffix)
{
	*suffix = 0;
	if (n && strchr(suffixes, tok[n - 1]) && tok[n - 1]) {
		*suffix = tok[n - 1];
		n--;
	}
	if (n == 0 || n > 40)
		return false;
	char buf[48];
	size_t digits = 0, dots = 0;
	for (size_t i = 0; i < n; i++) {
		if (isdigit((unsigned char)tok[i]))
			digits++;
		else if (tok[i] == '.')
			dots++;
		else
			return false;
		buf[i] = tok[i];
	}
	if (digits == 0 || dots > 1)
		return false;
	buf[n] = '\0';
	errno = 0;
	double d = strtod(buf, NULL);
	if (errno || !isfinite(d))
		return false;
	*v = d;
	return true;
}

int
cs_import_parse_rate(const char *tok, size_t n, double *bytes_per_s)
{
	double v;
	char suffix;
	if (!parse_decimal(tok, n, "k", &v, &suffix)) {
		/* a time of 0.00 s makes speed.c print inf or nan: not measured */
		static const char *const none[] = {"inf", "-inf", "nan", "-nan", NULL};
		size_t len = n && tok[n - 1] == 'k' ? n - 1 : n;
		for (size_t i = 0; none[i]; i++)
			if (len == strlen(none[i]) && strncmp(tok, none[i], len) == 0) {
				*bytes_per_s = 0;
				return 0;
			}
		return -1;
	}
	*bytes_per_s = suffix == 'k' ? v * 1000 : v;
	return 0;
}

static bool
parse_int(const char *tok, long long lo, long long hi, long long *out)
{
	if (!isdigit((unsigned char)tok[0]) || strlen(tok) > 12)
		return false;
	char *end;
	errno = 0;
	long long v = strtoll(tok, &end, 10);
	if (errno || *end || v < lo || v > hi)
		return false;
	*out = v;
	return true;
}

/* A number with an optional suffix s (a time) or none (a rate). */
static bool
tok_seconds(const char *tok, double *v)
{
	char suffix;
	return parse_decimal(tok, strlen(tok), "s", v, &suffix) && suffix == 's';
}

static bool
tok_plain(const char *tok, double *v)
{
	char suffix;
	return parse_decimal(tok, strlen(tok), "", v, &suffix);
}

/* A name OpenSSL prints for an algorithm: letters, digits and -_/().,+ */
static bool
plausible_name(const char *tok)
{
	if (!isalpha((unsigned char)tok[0]))
		return false;
	for (const char *c = tok; *c; c++)
		if (!isalnum((unsigned char)*c) && !strchr("-_/().,+", *c))
			return false;
	return true;
}

/* Up to three plausible words separated by single spaces ("aes-128 cbc"). */
static bool
plausible_words(const char *name)
{
	char copy[NAME_LEN];
	if (strlen(name) >= sizeof copy)
		return false;
	snprintf(copy, sizeof copy, "%s", name);
	size_t words = 0;
	for (char *save = NULL, *w = strtok_r(copy, " ", &save); w;
	     w = strtok_r(NULL, " ", &save)) {
		if (++words > 3 || !plausible_name(w))
			return false;
	}
	return words > 0 && name[strlen(name) - 1] != ' ';
}

/* ---- sources and cells ------------------------------------------------------- */

static isource *
cur(parser *p)
{
	return p->n_src ? &p->src[p->n_src - 1] : NULL;
}

static bool
has_tables(const isource *s)
{
	return s->has_sym || s->pkey_kinds || s->has_mr;
}

/* The OpenSSL major version, or -1 when the source does not say it. */
static int
version_major(const isource *s)
{
	const char *version = s->meta[M_VERSION];
	if (!version)
		return -1;
	if (starts_with(version, "LibreSSL"))
		return 1; /* a 1.0.1 fork: low-level APIs, the 1.x tables */
	const char *v = strchr(version, ' ');
	return v && isdigit((unsigned char)v[1]) ? atoi(v + 1) : -1;
}

static bool
era3(const isource *s)
{
	int major = version_major(s);
	if (major >= 0)
		return major >= 3;
	return s->clue3 && !s->clue_pre3;
}

static void add_progress_cells(parser *p, isource *s);
static void skip(parser *p, int line, const char *fmt, ...);

static int
cmp_cell_key(const void *a, const void *b)
{
	const icell *x = *(const icell *const *)a, *y = *(const icell *const *)b;
	int c = strcmp(x->alg, y->alg);
	if (!c)
		c = strcmp(x->op, y->op);
	if (!c)
		c = strcmp(x->path, y->path);
	if (!c)
		c = (x->size > y->size) - (x->size < y->size);
	if (!c)
		c = (x->row_line > y->row_line) - (x->row_line < y->row_line);
	return c;
}

/*
 * One cell per (alg, op, path, size) in a source: a later row that gives a
 * cell again is dropped, silently when it says the same, with a message (a
 * skipped line) when it gives another value: which one is right is not ours
 * to pick, and keeping both would make a result file whose cells are not
 * unique (the loader refuses those). Only for the last source, whose cells
 * are the tail of p->cells.
 */
static void
drop_duplicates(parser *p, isource *s)
{
	if (s->n_cells < 2 || s->first_cell + s->n_cells != p->n_cells)
		return;
	icell **order = malloc(s->n_cells * sizeof *order);
	bool *drop = calloc(s->n_cells, sizeof *drop);
	if (!order || !drop) {
		free(order);
		free(drop);
		p->oom = true;
		return;
	}
	icell *base = &p->cells[s->first_cell];
	for (size_t i = 0; i < s->n_cells; i++)
		order[i] = &base[i];
	qsort(order, s->n_cells, sizeof *order, cmp_cell_key);
	for (size_t i = 1, first = 0; i < s->n_cells; i++) {
		const icell *a = order[first], *b = order[i];
		if (strcmp(a->alg, b->alg) || strcmp(a->op, b->op) || strcmp(a->path, b->path) ||
		    a->size != b->size) {
			first = i;
			continue;
		}
		drop[b - base] = true;
		if (a->rate != b->rate)
			skip(p, b->row_line,
			     "%s %s %s %lld B again, another value than line %d's (accepted: each "
			     "cell once per table)",
			     b->alg, b->op, b->path, b->size, a->row_line);
	}
	size_t kept = 0;
	for (size_t i = 0; i < s->n_cells; i++)
		if (!drop[i])
			base[kept++] = base[i];
	p->n_cells -= s->n_cells - kept;
	s->n_cells = kept;
	free(order);
	free(drop);
}

/* Decide what only the whole source tells: the path of bare names, -mr units. */
static void
finish_source(parser *p, isource *s)
{
	if (!s->has_sym && s->n_progress)
		add_progress_cells(p, s);
	bool e3 = era3(s);
	bool rates;
	if (s->mr_rates && !s->mr_times)
		rates = true;
	else if (s->mr_times && !s->mr_rates)
		rates = false;
	else
		rates = s->mr_large >= s->mr_small;
	for (size_t i = s->first_cell; i < s->first_cell + s->n_cells; i++) {
		icell *c = &p->cells[i];
		if (!c->path[0])
			snprintf(c->path, sizeof c->path, "%s", e3 ? "evp" : "lowlevel");
		if (c->fix == FIX_MR_PAIR && !rates)
			c->rate = c->rate > 0 ? 1 / c->rate : 0;
		if (c->fix == FIX_MR_F5 && rates)
			snprintf(c->path, sizeof c->path, "evp"); /* 1.1.1+: EVP_PKEY_derive */
		if (c->fix == FIX_MR_F5 && !rates)
			c->rate = c->alt;
		c->fix = FIX_NONE;
	}
	drop_duplicates(p, s);
}

static isource *
new_source(parser *p, int line)
{
	if (p->n_src)
		finish_source(p, cur(p));
	if (p->n_src == p->cap_src) {
		size_t cap = p->cap_src ? 2 * p->cap_src : 8;
		isource *n = realloc(p->src, cap * sizeof *n);
		if (!n) {
			p->oom = true;
			return NULL;
		}
		p->src = n;
		p->cap_src = cap;
	}
	isource *s = &p->src[p->n_src++];
	memset(s, 0, sizeof *s);
	s->line = line;
	s->multi = p->ctx_multi > 1 ? p->ctx_multi : 1;
	s->decrypt = p->ctx_decrypt;
	s->pkey_block = PK_NONE;
	s->first_cell = p->n_cells;
	p->ctx_multi = 0;
	p->ctx_decrypt = false;
	return s;
}

/* What is about to be added to a source; decides when the next one starts. */
typedef enum want { W_META, W_SYM, W_PROGRESS, W_PKEY, W_MR } want;

static isource *
source_for(parser *p, want w, pk_kind kind, int line)
{
	isource *s = cur(p);
	bool fresh = !s || s->closed;
	if (!fresh) {
		switch (w) {
		case W_META:
		case W_PROGRESS: fresh = has_tables(s); break;
		case W_SYM: fresh = s->has_sym || s->pkey_kinds; break;
		case W_PKEY: fresh = (s->pkey_kinds & (1u << kind)) && s->pkey_block != kind; break;
		case W_MR: break;
		}
	}
	return fresh ? new_source(p, line) : s;
}

static void
add_cell(parser *p, isource *s, const icell *c)
{
	if (!(c->rate > 0) || !isfinite(c->rate))
		return; /* 0.00: not measured (an algorithm the build left out) */
	if (p->n_cells == CS_IMPORT_MAX_CELLS) {
		p->too_many = c->row_line;
		return;
	}
	if (p->n_cells == p->cap_cells) {
		size_t cap = p->cap_cells ? 2 * p->cap_cells : 256;
		icell *n = realloc(p->cells, cap * sizeof *n);
		if (!n) {
			p->oom = true;
			return;
		}
		p->cells = n;
		p->cap_cells = cap;
	}
	p->cells[p->n_cells++] = *c;
	s->n_cells++;
}

/* ---- names ------------------------------------------------------------------ */

static bool
in_list(const char *s, const char *const *list)
{
	for (size_t i = 0; list[i]; i++)
		if (strcmp(s, list[i]) == 0)
			return true;
	return false;
}

static const char *const hash_names[] = {
	"md2",	     "md4",	  "md5",      "mdc2",	    "sha1",	  "sha224",
	"sha256",    "sha384",	  "sha512",   "sha512-224", "sha512-256", "rmd160",
	"ripemd160", "whirlpool", "sm3",      "blake2s256", "blake2b512", "sha3-224",
	"sha3-256",  "sha3-384",  "sha3-512", "shake128",   "shake256",	  NULL};

/* Names only the 3.x table prints (its low-level rows got EVP names). */
static const char *const names_3x[] = {"des-cbc", "des-ede3", "idea-cbc", "seed-cbc",	  "rc2-cbc",
				       "rc5-cbc", "blowfish", "cast-cbc", "hmac(sha256)", "cmac",
				       "kmac128", "kmac256",  NULL};

/* A byte-rate row's name: alg (spaces become '-'), op, path. */
static void
name_sym(const isource *s, const char *name, icell *c)
{
	char low[NAME_LEN];
	lower_copy(low, sizeof low, name);
	bool space = strchr(low, ' ') != NULL;
	for (char *q = low; *q; q++)
		if (*q == ' ')
			*q = '-';
	snprintf(c->alg, sizeof c->alg, "%s", low);
	/* "aes-128 cbc" is the low-level API; "aes-128-cbc" the EVP one; a bare
	   name ("sha256") is low-level before 3.0 and EVP from 3.0 on */
	snprintf(c->path, sizeof c->path, "%s", space ? "lowlevel" : strchr(low, '-') ? "evp" : "");
	const cs_alg *ours = cs_alg_find(low);
	const char *op;
	if (ours) {
		/* the catalogue's op for what speed.c times: one encryption, one digest */
		cs_op o = ours->kind == CS_AEAD	  ? (s->decrypt ? CS_OP_OPEN : CS_OP_SEAL)
			  : ours->kind == CS_HASH ? CS_OP_DIGEST
						  : CS_OP_ENCRYPT;
		op = o == CS_OP_ENCRYPT && s->decrypt ? "decrypt" : cs_op_name(o);
	} else if (strstr(low, "gcm") || strstr(low, "ccm") || strstr(low, "ocb") ||
		   strstr(low, "siv") || (strstr(low, "poly1305") && strcmp(low, "poly1305") != 0))
		op = s->decrypt ? "open" : "seal";
	else if (in_list(low, hash_names))
		op = "digest";
	else if (starts_with(low, "hmac") || starts_with(low, "cmac") || starts_with(low, "kmac") ||
		 strcmp(low, "ghash") == 0 || strcmp(low, "poly1305") == 0)
		op = "mac";
	else if (strcmp(low, "rand") == 0)
		op = "generate";
	else
		op = s->decrypt ? "decrypt" : "encrypt";
	snprintf(c->op, sizeof c->op, "%s", op);
}

/* An ECDH curve's algorithm: ours when the catalogue has a key exchange of that
   name (x25519), else OpenSSL's selector ("ecdhp384"). */
static void
ecdh_alg(const char *suffix, char *alg, size_t n)
{
	const cs_alg *ours = cs_alg_find(suffix);
	if (ours && ours->kind == CS_KEX)
		snprintf(alg, n, "%s", suffix);
	else
		snprintf(alg, n, "ecdh%.56s", suffix);
}

/* A curve as OpenSSL's speed selectors name it: nistp256 -> p256 (ecdsap256),
   nistk163 -> k163, brainpoolP256r1 -> brp256r1, X25519 -> x25519. */
static void
curve_suffix(const char *curve, char *out, size_t n)
{
	char low[NAME_LEN];
	lower_copy(low, sizeof low, curve);
	size_t len = strlen(low);
	if (starts_with(low, "nist") && len > 5)
		snprintf(out, n, "%s", low + 4);
	else if (starts_with(low, "secp") && len > 6 && strcmp(low + len - 2, "r1") == 0)
		snprintf(out, n, "p%.*s", (int)(len - 6), low + 4);
	else if (starts_with(low, "brainpoolp"))
		snprintf(out, n, "brp%s", low + 10);
	else
		snprintf(out, n, "%s", low);
}

/* The path of a key-op row: EVP for what only exists there (EdDSA, SM2, FFDH,
   KEM, signatures, and ECDH from 1.1.1, whose rows say "bits"); else by era. */
static const char *
pkey_path(pk_kind kind, bool plural_bits)
{
	if (kind == PK_EDDSA || kind == PK_SM2 || kind == PK_FFDH || kind == PK_KEM ||
	    kind == PK_SIG || (kind == PK_ECDH && plural_bits))
		return "evp";
	return "";
}

static void
add_pkey(parser *p, isource *s, const char *alg, const char *op, double rate, const char *path,
	 int table_line, int line)
{
	icell c = {.size = 0, .rate = rate, .bytes = false, .line = table_line, .row_line = line};
	snprintf(c.alg, sizeof c.alg, "%s", alg);
	snprintf(c.op, sizeof c.op, "%s", op);
	snprintf(c.path, sizeof c.path, "%s", path);
	add_cell(p, s, &c);
}

/* ---- key-operation rows ------------------------------------------------------ */

/* The text rows. tok[0..n) is the row; returns true when it was one. */
static bool
pkey_row(parser *p, char **tok, size_t n, int line)
{
	long long bits;
	double t[8], r[8];
	pk_kind kind = PK_NONE;
	char alg[NAME_LEN], suffix[NAME_LEN];
	size_t at; /* first number */
	bool plural = true;

	if (n >= 3 && (strcasecmp(tok[0], "rsa") == 0 || strcasecmp(tok[0], "dsa") == 0) &&
	    parse_int(tok[1], 1, 1000000, &bits) && strcmp(tok[2], "bits") == 0) {
		kind = tolower((unsigned char)tok[0][0]) == 'r' ? PK_RSA : PK_DSA;
		snprintf(alg, sizeof alg, "%s%lld", kind == PK_RSA ? "rsa" : "dsa", bits);
		at = 3;
	} else if (n >= 4 && parse_int(tok[0], 1, 1000000, &bits) &&
		   (strcmp(tok[1], "bit") == 0 || strcmp(tok[1], "bits") == 0)) {
		plural = strcmp(tok[1], "bits") == 0;
		const char *what = tok[2];
		at = 3;
		if (strcasecmp(what, "ffdh") == 0) {
			kind = PK_FFDH;
			snprintf(alg, sizeof alg, "ffdh%lld", bits);
		} else {
			const char *curve = tok[3];
			size_t cl = strlen(curve);
			if (cl < 3 || curve[0] != '(' || curve[cl - 1] != ')' || cl - 2 >= NAME_LEN)
				return false;
			char name[NAME_LEN];
			snprintf(name, sizeof name, "%.*s", (int)(cl - 2), curve + 1);
			if (!plausible_name(name))
				return false;
			curve_suffix(name, suffix, sizeof suffix);
			at = 4;
			if (strcasecmp(what, "ecdsa") == 0) {
				kind = PK_ECDSA;
				snprintf(alg, sizeof alg, "ecdsa%.56s", suffix);
			} else if (strcasecmp(what, "ecdh") == 0) {
				kind = PK_ECDH;
				ecdh_alg(suffix, alg, sizeof alg);
			} else if (strcasecmp(what, "eddsa") == 0) {
				kind = PK_EDDSA;
				snprintf(alg, sizeof alg, "%s", suffix);
			} else if (strcasecmp(what, "sm2") == 0) {
				kind = PK_SM2;
				snprintf(alg, sizeof alg, "sm2");
			} else {
				return false;
			}
		}
	} else if ((p->pk_head == PH_KEM || p->pk_head == PH_SIG) && n == 7 &&
		   plausible_name(tok[0])) {
		kind = p->pk_head == PH_KEM ? PK_KEM : PK_SIG;
		lower_copy(alg, sizeof alg, tok[0]);
		at = 1;
	} else {
		return false;
	}

	/* times (with 's') then as many rates */
	size_t nums = n - at;
	size_t half = nums / 2;
	if (nums % 2 || half == 0 || half > 4)
		return false;
	for (size_t i = 0; i < half; i++)
		if (!tok_seconds(tok[at + i], &t[i]) || !tok_plain(tok[at + half + i], &r[i]))
			return false;
	static const char *const sv[] = {"sign", "verify", "encrypt", "decrypt"};
	static const char *const kem[] = {"keygen", "encaps", "decaps"};
	static const char *const sig[] = {"keygen", "sign", "verify"};
	static const char *const derive[] = {"derive"};
	const char *const *ops;
	size_t want;
	switch (kind) {
	case PK_RSA:
		ops = sv;
		want = half == 4 ? 4 : 2;
		break;
	case PK_ECDH:
	case PK_FFDH:
		ops = derive;
		want = 1;
		break;
	case PK_KEM:
		ops = kem;
		want = 3;
		break;
	case PK_SIG:
		ops = sig;
		want = 3;
		break;
	default:
		ops = sv;
		want = 2;
		break;
	}
	if (half != want)
		return false;

	isource *s = source_for(p, W_PKEY, kind, line);
	if (!s)
		return true;
	if (p->pk_head == PH_NONE && s->pkey_block != kind)
		p->pk_table_line = line; /* rows without their header: a table of their own */
	s->pkey_kinds |= 1u << kind;
	s->pkey_block = kind;
	if (kind == PK_RSA && half == 4)
		s->clue3 = true;
	if (!plural && (kind == PK_ECDSA || kind == PK_ECDH))
		s->clue_pre3 = true;
	int table_line = p->pk_table_line;
	if (!p->first_table_line)
		p->first_table_line = line;
	for (size_t i = 0; i < want; i++)
		add_pkey(p, s, alg, ops[i], r[i], pkey_path(kind, plural), table_line, line);
	return true;
}

/* A key-op header ("sign verify sign/s verify/s", "op op/s", the KEM and
   signature ones); returns how many tokens it took, 0 when none. */
static size_t
pkey_header(parser *p, char **tok, size_t n, int line)
{
	static const struct {
		pk_header head;
		const char *words[9];
	} heads[] = {
		{PH_SIGN_VERIFY,
		 {"sign", "verify", "encrypt", "decrypt", "sign/s", "verify/s", "encr./s",
		  "decr./s", NULL}},
		{PH_SIGN_VERIFY, {"sign", "verify", "sign/s", "verify/s", NULL}},
		{PH_OP, {"op", "op/s", NULL}},
		{PH_KEM, {"keygen", "encaps", "decaps", "keygens/s", "encaps/s", "decaps/s", NULL}},
		{PH_SIG, {"keygen", "signs", "verify", "keygens/s", "sign/s", "verify/s", NULL}},
	};
	for (size_t h = 0; h < sizeof heads / sizeof heads[0]; h++) {
		size_t k = 0;
		while (heads[h].words[k] && k < n && strcmp(tok[k], heads[h].words[k]) == 0)
			k++;
		if (!heads[h].words[k]) {
			p->pk_head = heads[h].head;
			p->pk_table_line = line;
			p->table = T_NONE; /* the byte-rate table above has ended */
			if (!p->first_table_line)
				p->first_table_line = line;
			isource *s = cur(p);
			if (s)
				s->pkey_block = PK_NONE; /* a new table */
			return k;
		}
	}
	return 0;
}

/* ---- byte-rate tables --------------------------------------------------------- */

/* "type 16 bytes 64 bytes ..." (or "| 字节数/算法 | 16 bytes | ..."). */
static bool
sym_header(parser *p, char **tok, size_t n, int line)
{
	long long sizes[MAX_SIZES];
	size_t k = 0;
	for (size_t i = 0; i + 1 < n; i++) {
		long long v;
		if (strcmp(tok[i + 1], "bytes") == 0 && parse_int(tok[i], 1, CS_SIZE_MAX, &v)) {
			if (k == MAX_SIZES)
				return false;
			sizes[k++] = v;
			i++;
		}
	}
	if (k == 0 || (k < 2 && strcmp(tok[0], "type") != 0))
		return false;
	isource *s = source_for(p, W_SYM, PK_NONE, line);
	if (!s)
		return true;
	s->has_sym = true;
	if (sizes[0] == 8)
		s->clue_pre3 = true; /* 0.9.6's first column */
	memcpy(p->sizes, sizes, k * sizeof sizes[0]);
	p->n_sizes = k;
	p->table = T_SYM;
	p->table_line = line;
	if (!p->first_table_line)
		p->first_table_line = line;
	return true;
}

/* The values of one row from column `first` on. */
static void
add_sym_values(parser *p, isource *s, const char *name, const double *v, size_t n, size_t first,
	       int line)
{
	icell c = {.bytes = true, .line = p->table_line, .row_line = line};
	name_sym(s, name, &c);
	if (in_list(c.alg, names_3x))
		s->clue3 = true;
	if (strcmp(c.path, "lowlevel") == 0)
		s->clue_pre3 = true; /* "aes-128 cbc": the 1.x low-level rows */
	/* values fill the columns from the left: a row cut short lost its right end */
	for (size_t i = 0; i < n && first + i < p->n_sizes; i++) {
		c.size = p->sizes[first + i];
		c.rate = v[i];
		add_cell(p, s, &c);
	}
}

/* "aes-128 cbc  41119.87k  46444.71k ..." under a header. */
static bool
sym_row(parser *p, char **tok, size_t n, int line)
{
	double v[MAX_SIZES];
	size_t m = 0;
	while (m < n) {
		const char *t = tok[n - 1 - m];
		double x;
		if (cs_import_parse_rate(t, strlen(t), &x) != 0)
			break;
		if (m == MAX_SIZES)
			return false;
		v[MAX_SIZES - 1 - m] = x;
		m++;
	}
	size_t words = n - m;
	isource *s = cur(p);
	if (!s)
		return false;
	if (words == 0 && m > 0 && p->wrap_name[0] && p->wrap_cols + m <= p->n_sizes) {
		/* the rest of the row above, wrapped by a narrow window or a forum */
		add_sym_values(p, s, p->wrap_name, v + MAX_SIZES - m, m, p->wrap_cols, line);
		p->wrap_cols += m;
		return true;
	}
	if (m == 0 || m > p->n_sizes || words == 0 || words > 3)
		return false;
	char name[NAME_LEN];
	for (size_t i = 0; i < words; i++)
		if (!plausible_name(tok[i]))
			return false;
	if (!cs_join(name, sizeof name, tok, words, sizeof *tok, false, " "))
		return false;
	add_sym_values(p, s, name, v + MAX_SIZES - m, m, 0, line);
	snprintf(p->wrap_name, sizeof p->wrap_name, "%s", m < p->n_sizes ? name : "");
	p->wrap_cols = m;
	return true;
}

/* ---- -mr lines ------------------------------------------------------------------ */

/* Split s at ':' in place into at most max fields. */
static size_t
split_colons(char *s, char **f, size_t max)
{
	size_t n = 0;
	while (n < max) {
		f[n++] = s;
		char *c = strchr(s, ':');
		if (!c)
			break;
		*c = '\0';
		s = c + 1;
	}
	return n;
}

/* A curve of the -mr +F4/+F5 lines, which give an index and bits only. */
static void
mr_curve(long long idx, long long bits, char *out, size_t n)
{
	static const long long p_bits[] = {160, 192, 224, 256, 384, 521};
	static const char *const brp[] = {"brp256r1", "brp256t1", "brp384r1",
					  "brp384t1", "brp512r1", "brp512t1"};
	if (bits == 253)
		snprintf(out, n, "x25519");
	else if (bits == 448)
		snprintf(out, n, "x448");
	else if (idx >= 0 && idx < 6 && p_bits[idx] == bits)
		snprintf(out, n, "p%lld", bits);
	else if (idx >= 6 && idx <= 15 &&
		 (bits == 163 || bits == 233 || bits == 283 || bits == 409 || bits == 571))
		snprintf(out, n, "%c%lld", idx <= 10 ? 'k' : 'b', bits);
	else if (idx >= 6 && idx <= 11 && (bits == 256 || bits == 384 || bits == 512))
		snprintf(out, n, "%s", brp[idx - 6]);
	else
		snprintf(out, n, "%lldbits#%lld", bits, idx);
}

static bool
mr_line(parser *p, char *line_text, int line)
{
	char *f[24] = {NULL};
	size_t n = split_colons(line_text, f, 24);
	const char *tag = f[0];
	long long idx, bits;
	double v[8];
	if (strcmp(tag, "+H") == 0) {
		long long sizes[MAX_SIZES];
		if (n < 2 || n - 1 > MAX_SIZES)
			return false;
		for (size_t i = 1; i < n; i++)
			if (!parse_int(f[i], 1, CS_SIZE_MAX, &sizes[i - 1]))
				return false;
		isource *s = source_for(p, W_SYM, PK_NONE, line);
		if (!s)
			return true;
		s->has_sym = s->has_mr = true;
		memcpy(p->sizes, sizes, (n - 1) * sizeof sizes[0]);
		p->n_sizes = n - 1;
		if (p->n_sizes == 5 && sizes[4] == 8192)
			s->mr_times++; /* 16..8192: up to 1.0.2, key ops in seconds */
		p->table = T_MRSYM;
		p->table_line = line;
		if (!p->first_table_line)
			p->first_table_line = line;
		return true;
	}
	if (strcmp(tag, "+F") == 0) {
		/* +F:k:name:v:v... in bytes per second, no k suffix */
		if (n < 4 || n - 3 > MAX_SIZES || !parse_int(f[1], 0, 1000, &idx) ||
		    strlen(f[2]) >= NAME_LEN || !plausible_words(f[2]))
			return false;
		size_t m = n - 3;
		double vals[MAX_SIZES];
		for (size_t i = 0; i < m; i++)
			if (!tok_plain(f[3 + i], &vals[i]))
				return false;
		isource *s = cur(p);
		if (p->table == T_MRSYM && m > p->n_sizes) {
			skip(p, line,
			     "%zu values for the %zu sizes of the +H line %d (accepted: at most "
			     "one value per size)",
			     m, p->n_sizes, p->table_line);
			return true;
		}
		if (p->table != T_MRSYM) {
			/* no +H above: the sizes every version used for this many columns */
			static const long long mr_sizes[] = {16, 64, 256, 1024, 8192, 16384};
			if (m < 5 || m > 6)
				return false;
			s = source_for(p, W_SYM, PK_NONE, line);
			if (!s)
				return true;
			memcpy(p->sizes, mr_sizes, m * sizeof mr_sizes[0]);
			p->n_sizes = m;
			p->table = T_MRSYM;
			p->table_line = line;
			s->has_sym = true;
		}
		if (!s)
			return false;
		s->has_mr = true;
		add_sym_values(p, s, f[2], vals, m, 0, line);
		return true;
	}
	if (tag[0] != '+' || tag[1] != 'F' || !isdigit((unsigned char)tag[2]))
		return false;
	int which = atoi(tag + 2);
	pk_kind kind;
	size_t first; /* first value field */
	char alg[NAME_LEN], curve[NAME_LEN];
	switch (which) {
	case 2: kind = PK_RSA; break;
	case 3: kind = PK_DSA; break;
	case 4: kind = PK_ECDSA; break;
	case 5: kind = PK_ECDH; break;
	case 6: kind = PK_EDDSA; break;
	case 7: kind = PK_SM2; break;
	case 8: kind = PK_FFDH; break;
	case 9: kind = PK_KEM; break;
	case 10: kind = PK_SIG; break;
	default: return false;
	}
	if (n < 2 || !parse_int(f[1], 0, 1000, &idx))
		return false;
	if (kind == PK_KEM || kind == PK_SIG) {
		first = 2;
		snprintf(alg, sizeof alg, "%s#%lld", kind == PK_KEM ? "kem" : "sig", idx);
	} else {
		if (n < 3 || !parse_int(f[2], 1, 1000000, &bits))
			return false;
		first = 3;
		if (kind == PK_EDDSA || kind == PK_SM2) {
			if (n < 4 || strlen(f[3]) >= NAME_LEN || !plausible_name(f[3]))
				return false;
			if (kind == PK_EDDSA)
				lower_copy(alg, sizeof alg, f[3]);
			else
				snprintf(alg, sizeof alg, "sm2");
			first = 4;
		} else if (kind == PK_RSA || kind == PK_DSA || kind == PK_FFDH) {
			snprintf(alg, sizeof alg, "%s%lld",
				 kind == PK_RSA	  ? "rsa"
				 : kind == PK_DSA ? "dsa"
						  : "ffdh",
				 bits);
		} else {
			mr_curve(idx, bits, curve, sizeof curve);
			if (kind == PK_ECDSA)
				snprintf(alg, sizeof alg, "ecdsa%.56s", curve);
			else
				ecdh_alg(curve, alg, sizeof alg);
		}
	}
	size_t m = n > first ? n - first : 0;
	if (m < 2 || m > 4)
		return false;
	for (size_t i = 0; i < m; i++)
		if (!tok_plain(f[first + i], &v[i]))
			return false;
	isource *s = source_for(p, W_MR, kind, line);
	if (!s)
		return true;
	s->has_mr = true;
	s->pkey_kinds |= 1u << kind;
	if (!p->first_table_line)
		p->first_table_line = line;
	icell c = {.line = line, .row_line = line, .fix = FIX_NONE};
	snprintf(c.alg, sizeof c.alg, "%s", alg);
	snprintf(c.path, sizeof c.path, "%s", pkey_path(kind, false));
	static const char *const sv[] = {"sign", "verify", "encrypt", "decrypt"};
	static const char *const kem[] = {"keygen", "encaps", "decaps"};
	static const char *const sig[] = {"keygen", "sign", "verify"};
	if (kind == PK_ECDH || kind == PK_FFDH) {
		/* the value and its inverse: which is which depends on the era */
		if (m != 2)
			return false;
		snprintf(c.op, sizeof c.op, "derive");
		c.rate = v[0];
		c.alt = v[1];
		c.fix = kind == PK_FFDH ? FIX_NONE : FIX_MR_F5;
		if (kind == PK_ECDH) {
			if (v[0] > v[1])
				s->mr_rates++;
			else if (v[0] < v[1])
				s->mr_times++;
		}
		if (kind == PK_FFDH)
			s->mr_rates++;
		add_cell(p, s, &c);
		return true;
	}
	const char *const *ops = kind == PK_KEM ? kem : kind == PK_SIG ? sig : sv;
	size_t want = kind == PK_KEM || kind == PK_SIG ? 3 : kind == PK_RSA && m == 4 ? 4 : 2;
	if (m != want)
		return false;
	if (kind == PK_RSA && m == 4)
		s->clue3 = true;
	if (kind >= PK_EDDSA || (kind == PK_RSA && m == 4))
		s->mr_rates++; /* only printed by versions that print rates */
	for (size_t i = 0; i < m; i++) {
		snprintf(c.op, sizeof c.op, "%s", ops[i]);
		c.rate = v[i];
		c.fix = kind <= PK_ECDSA ? FIX_MR_PAIR : FIX_NONE;
		if (c.fix == FIX_MR_PAIR) {
			if (v[i] < 1)
				s->mr_small++;
			else
				s->mr_large++;
		}
		add_cell(p, s, &c);
	}
	return true;
}

/* ---- progress lines ------------------------------------------------------------ */

static void
add_progress(parser *p, const char *name, long long size, double count, double secs, int line)
{
	if (!(secs > 0) || !(count > 0))
		return;
	isource *s = cur(p);
	if (s) {
		for (size_t i = 0; i < s->n_progress; i++)
			if (s->progress[i].size == size && strcmp(s->progress[i].name, name) == 0) {
				s = NULL; /* measured again: another run */
				break;
			}
	}
	if (!s || s->closed || has_tables(s))
		s = new_source(p, line);
	if (!s)
		return;
	if (s->n_progress == s->cap_progress) {
		size_t cap = s->cap_progress ? 2 * s->cap_progress : 16;
		iprogress *np = realloc(s->progress, cap * sizeof *np);
		if (!np) {
			p->oom = true;
			return;
		}
		s->progress = np;
		s->cap_progress = cap;
	}
	iprogress *g = &s->progress[s->n_progress++];
	snprintf(g->name, sizeof g->name, "%s", name);
	g->size = size;
	g->rate = count * (double)size / secs;
	g->line = line;
}

/* Without a table, the "Doing" lines are the measurements: one column per size. */
static void
add_progress_cells(parser *p, isource *s)
{
	int first = s->progress[0].line;
	for (size_t i = 0; i < s->n_progress; i++) {
		const iprogress *g = &s->progress[i];
		icell c = {.bytes = true,
			   .line = first,
			   .row_line = g->line,
			   .size = g->size,
			   .rate = g->rate};
		name_sym(s, g->name, &c);
		add_cell(p, s, &c);
	}
}

/* "12345 md5's in 3.00s" / "12345 md5 ops in 3.00s": count and seconds. */
static bool
progress_result(char **tok, size_t n, double *count, double *secs)
{
	long long c;
	if (n < 3 || strcmp(tok[n - 2], "in") != 0 || !parse_int(tok[0], 0, 1LL << 50, &c))
		return false;
	*count = (double)c;
	return tok_seconds(tok[n - 1], secs);
}

/* "Doing NAME [ops] for 3s on 16 size blocks: RESULT" and the old
   "Doing NAME 1000 times on 16 size blocks: RESULT". */
static bool
doing_line(parser *p, char **tok, size_t n, int line)
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
	if (!parse_int(tok[on + 1], 1, CS_SIZE_MAX, &size) || on < 4)
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
		if (!plausible_name(tok[i]))
			return true;
	if (!cs_join(name, sizeof name, tok + 1, end - 1, sizeof *tok, false, " "))
		return true;
	double count, secs;
	if (progress_result(tok + on + 4, n - on - 4, &count, &secs)) {
		add_progress(p, name, size, count, secs, line);
		if (end < on - 2 && cur(p))
			cur(p)->clue3 = true; /* 3.x: "Doing md5 ops for 3s" */
	} else {
		snprintf(p->doing_name, sizeof p->doing_name, "%s", name);
		p->doing_size = size;
		p->doing_line = line;
	}
	return true;
}

/* ---- preamble and prose -------------------------------------------------------- */

/* "OpenSSL 1.0.1t 3 May 2016", "LibreSSL 3.8.2", 3.x "version: 3.0.2". */
static bool
version_line(const char *t, char **out)
{
	const char *v = NULL;
	char buf[MAX_META];
	if (starts_with(t, "OpenSSL ") || starts_with(t, "LibreSSL "))
		v = strchr(t, ' ') + 1;
	else if (starts_with(t, "version: "))
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
	if (starts_with(t, "version: "))
		snprintf(buf, sizeof buf, "OpenSSL %.4000s", v);
	else
		snprintf(buf, sizeof buf, "%.4000s", t);
	*out = dup_trimmed(buf);
	return true;
}

/* Preamble lines; returns true when the line was one. */
static bool
meta_line(parser *p, const char *t, int line)
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
		while (m < M_COUNT && !starts_with(t, prefixes[m]))
			m++;
		if (m == M_COUNT)
			return false;
		value = dup_trimmed(t + strlen(prefixes[m]));
	}
	if (!value) {
		p->oom = true;
		return true;
	}
	isource *s = cur(p);
	if (!s || s->closed || has_tables(s) || s->meta[m])
		s = new_source(p, line);
	if (!s) {
		free(value);
		return true;
	}
	s->meta[m] = value;
	if (m == M_CPUINFO || (m == M_VERSION && starts_with(t, "version: ")))
		s->clue3 = true; /* only 3.x prints these */
	return true;
}

/* A command line in the prose ("openssl speed -multi 4 -evp aes-128-gcm"):
   -multi and -decrypt hold for the next table. */
static bool
command_line(parser *p, char **tok, size_t n)
{
	bool speed = false;
	for (size_t i = 0; i < n; i++)
		speed |= strcmp(tok[i], "speed") == 0;
	if (!speed)
		return false;
	bool any = false;
	for (size_t i = 0; i < n; i++) {
		long long m;
		if (strcmp(tok[i], "-multi") == 0 && i + 1 < n &&
		    parse_int(tok[i + 1], 1, 4096, &m)) {
			p->ctx_multi = (int)m;
			any = true;
		} else if (strcmp(tok[i], "-decrypt") == 0) {
			p->ctx_decrypt = true;
			any = true;
		}
	}
	return any;
}

/* "Forked child 3" and "Got: +F:... from 3": -multi's own lines. */
static bool
multi_line(parser *p, char **tok, size_t n, int line)
{
	long long child;
	if (n == 3 && strcmp(tok[0], "Forked") == 0 && strcmp(tok[1], "child") == 0 &&
	    parse_int(tok[2], 0, 4095, &child)) {
		isource *s = cur(p);
		if (!s || s->closed || has_tables(s))
			s = new_source(p, line);
		if (s && s->multi < child + 1)
			s->multi = (int)child + 1;
		return true;
	}
	if (n >= 4 && strcmp(tok[0], "Got:") == 0 && strcmp(tok[n - 2], "from") == 0 &&
	    parse_int(tok[n - 1], 0, 4095, &child)) {
		isource *s = cur(p);
		if (s && s->multi < child + 1)
			s->multi = (int)child + 1;
		return true;
	}
	return false;
}

/* ---- the line loop ---------------------------------------------------------------- */

static bool
blank_or_rule(const char *t)
{
	for (; *t; t++)
		if (!strchr(" \t|-:+=", *t))
			return false;
	return true;
}

static size_t
tokenize(char *s, char **tok, size_t max, bool *too_many)
{
	size_t n = 0;
	*too_many = false;
	for (char *c = s; *c;) {
		while (*c == ' ')
			c++;
		if (!*c)
			break;
		if (n == max) {
			*too_many = true;
			break;
		}
		tok[n++] = c;
		while (*c && *c != ' ')
			c++;
		if (*c)
			*c++ = '\0';
	}
	return n;
}

/* Spaces for tabs, table pipes and no-break spaces (U+00A0, pasted from web pages). */
static void
normalize(char *s)
{
	for (char *c = s; *c; c++) {
		if (*c == '\t' || *c == '|' || *c == '\v' || *c == '\f')
			*c = ' ';
		else if ((unsigned char)c[0] == 0xc2 && (unsigned char)c[1] == 0xa0) {
			c[0] = ' ';
			c[1] = ' ';
		}
	}
}

/* Does this token look like a number someone meant (a digit, maybe a sign,
   a decimal comma, a unit)? */
static bool
numberish(const char *s)
{
	bool digit = false;
	for (const char *c = s; *c; c++) {
		if (isdigit((unsigned char)*c))
			digit = true;
		else if (!strchr("+-.,kKmMsSeE%", *c))
			return false;
	}
	return digit;
}

/* A line shaped like a table row: a name of one to four words, then values. */
static bool
row_shaped(char **tok, size_t n)
{
	if (n < 2 || !plausible_name(tok[0]) || !numberish(tok[n - 1]))
		return false;
	size_t values = 0;
	for (size_t i = 0; i < n; i++)
		values += numberish(tok[i]);
	return n - values <= 4 && values * 2 >= n;
}

/* The first value of a row-shaped line that no column of any table takes. */
static const char *
bad_value(char **tok, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		double v;
		long long k;
		if (!numberish(tok[i]))
			continue;
		if (cs_import_parse_rate(tok[i], strlen(tok[i]), &v) != 0 &&
		    !tok_seconds(tok[i], &v) && !tok_plain(tok[i], &v) &&
		    !parse_int(tok[i], 0, 1LL << 40, &k))
			return tok[i];
	}
	return NULL;
}

static void
one_line(parser *p, char *raw, int line)
{
	char *t = raw;
	while (*t == ' ' || *t == '\t' || *t == '>')
		t++; /* indentation, "> " of a quoted post */
	if (blank_or_rule(t))
		return;
	/* a result on the line after its "Doing ... blocks: " */
	char work[MAX_LINE];
	char *tok[MAX_TOKENS];
	bool too_many;
	snprintf(work, sizeof work, "%s", t);
	normalize(work);
	size_t n = tokenize(work, tok, MAX_TOKENS, &too_many);
	if (p->doing_name[0]) {
		double count, secs;
		char name[NAME_LEN];
		snprintf(name, sizeof name, "%s", p->doing_name);
		p->doing_name[0] = '\0';
		if (!too_many && progress_result(tok, n, &count, &secs)) {
			add_progress(p, name, p->doing_size, count, secs, p->doing_line);
			return;
		}
	}
	bool in_table = p->table != T_NONE || p->pk_head != PH_NONE ||
			(cur(p) && cur(p)->pkey_block != PK_NONE && !cur(p)->closed);
	if (t[0] == '+' && (t[1] == 'H' || t[1] == 'F' || t[1] == 'D' || t[1] == 'R')) {
		char mr[MAX_LINE];
		snprintf(mr, sizeof mr, "%s", t);
		size_t len = strlen(mr);
		while (len && (mr[len - 1] == ' ' || mr[len - 1] == '\t'))
			mr[--len] = '\0';
		if (t[1] == 'D' || t[1] == 'R')
			return; /* -mr progress: the +F lines carry the results */
		if (mr_line(p, mr, line))
			return;
		if (t[1] == 'H' || (t[1] == 'F' && (t[2] == ':' || isdigit((unsigned char)t[2])))) {
			skip(p, line,
			     "a -mr line that could not be read (accepted: +H:size:..., "
			     "+F:n:name:rate:..., +F2..+F10 with their fields)");
			return;
		}
	}
	if (meta_line(p, t, line)) {
		p->table = T_NONE;
		p->pk_head = PH_NONE;
		return;
	}
	if (starts_with(t, "The 'numbers' are in 1000s of bytes"))
		return;
	if (!too_many) {
		if (p->table == T_SYM && sym_row(p, tok, n, line))
			return;
		p->wrap_name[0] = '\0';
		if (sym_header(p, tok, n, line))
			return;
		size_t h = pkey_header(p, tok, n, line);
		if (h) {
			if (h < n)
				pkey_row(p, tok + h, n - h, line);
			return;
		}
		if (pkey_row(p, tok, n, line)) {
			p->table = T_NONE;
			return;
		}
		if (doing_line(p, tok, n, line) || multi_line(p, tok, n, line))
			return;
	}
	if (in_table && !too_many && row_shaped(tok, n)) {
		/* a row of the table that could not be read: said, and the table goes on */
		const char *bad = bad_value(tok, n);
		if (bad)
			skip(p, line,
			     "'%.40s' is not a value of an openssl speed table (accepted: "
			     "1234.56k, "
			     "9795.82, 0.00, 0.000123s)",
			     bad);
		else if (p->table == T_SYM)
			skip(p, line,
			     "a row that does not fit the table of line %d (%zu sizes; accepted: "
			     "a name and at most one value per size)",
			     p->table_line, p->n_sizes);
		else
			skip(p, line, "a row that does not fit the table above it");
		return;
	}
	/* prose: a table above it is complete */
	p->table = T_NONE;
	p->pk_head = PH_NONE;
	bool command = !too_many && command_line(p, tok, n);
	isource *s = cur(p);
	if (s && (has_tables(s) || (command && s->n_progress)))
		s->closed = true;
	if (s)
		s->pkey_block = PK_NONE;
}

/* ---- the document ------------------------------------------------------------------ */

/* Length of the valid UTF-8 sequence at s (n bytes left), 0 when invalid. */
static size_t
utf8_len(const unsigned char *s, size_t n)
{
	unsigned char c = s[0];
	size_t len = c < 0x80		  ? 1
		     : (c & 0xe0) == 0xc0 ? 2
		     : (c & 0xf0) == 0xe0 ? 3
		     : (c & 0xf8) == 0xf0 ? 4
					  : 0;
	if (len == 0 || len > n)
		return 0;
	for (size_t k = 1; k < len; k++)
		if ((s[k] & 0xc0) != 0x80)
			return 0;
	if (len == 2 && c < 0xc2)
		return 0; /* overlong */
	if (len == 3 && ((c == 0xe0 && s[1] < 0xa0) || (c == 0xed && s[1] >= 0xa0)))
		return 0; /* overlong, surrogate */
	if (len == 4 && (c > 0xf4 || (c == 0xf0 && s[1] < 0x90) || (c == 0xf4 && s[1] >= 0x90)))
		return 0;
	return len;
}

/* s with '?' for each byte of an invalid UTF-8 sequence, malloc'd; *copy is
   NULL when s is valid as it is (no copy needed). -1 when out of memory. */
static int
utf8_fixed(const char *s, char **copy)
{
	size_t n = strlen(s), i = 0;
	const unsigned char *u = (const unsigned char *)s;
	size_t len;
	*copy = NULL;
	while (i < n && (len = utf8_len(u + i, n - i)) > 0)
		i += len;
	if (i == n)
		return 0;
	char *out = malloc(n + 1);
	if (!out)
		return -1;
	memcpy(out, s, i);
	while (i < n) {
		len = utf8_len(u + i, n - i);
		if (len == 0) {
			out[i++] = '?';
			continue;
		}
		memcpy(out + i, s + i, len);
		i += len;
	}
	out[n] = '\0';
	*copy = out;
	return 0;
}

/* Valid UTF-8 for jansson: each byte of an invalid sequence becomes '?'. */
static json_t *
safe_string(const char *s)
{
	char *fixed;
	if (utf8_fixed(s, &fixed) != 0)
		return NULL;
	json_t *j = json_string_nocheck(fixed ? fixed : s); /* checked by utf8_fixed */
	free(fixed);
	return j;
}

static int
set_str(json_t *obj, const char *key, const char *value)
{
	json_t *v = safe_string(value ? value : "");
	return v ? json_object_set_new(obj, key, v) : -1;
}

static const char *
base_name(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash && slash[1] ? slash + 1 : path;
}

/* The strings a document needs beyond the parser's: labels, and copies of
   text that was not valid UTF-8 ('?' for each bad byte). */
typedef struct pool {
	char **text;
	size_t n, cap;
	bool oom;
} pool;

static const char *
pool_add(pool *pl, char *s)
{
	if (s && pl->n == pl->cap) {
		size_t cap = pl->cap ? 2 * pl->cap : 64;
		char **more = realloc(pl->text, cap * sizeof *more);
		if (more) {
			pl->text = more;
			pl->cap = cap;
		}
	}
	if (!s || pl->n == pl->cap) {
		free(s);
		pl->oom = true;
		return "";
	}
	pl->text[pl->n++] = s;
	return s;
}

/* s itself when it is valid UTF-8 (the encoder writes only that), else a
   copy with '?' for each byte of an invalid sequence; NULL stays NULL. */
static const char *
utf8_safe(pool *pl, const char *s)
{
	char *fixed;
	if (!s)
		return NULL;
	if (utf8_fixed(s, &fixed) != 0)
		return pool_add(pl, NULL);
	return fixed ? pool_add(pl, fixed) : s;
}

static void
source_model(const isource *s, const char *file, pool *pl, cs_res_source *m)
{
	char label[512], multi[32] = "";
	if (s->multi > 1)
		snprintf(multi, sizeof multi, " -multi %d", s->multi);
	const char *version = s->meta[M_VERSION];
	snprintf(label, sizeof label, "%.200s (%.200s:%d)%s", version ? version : "openssl speed",
		 base_name(file), s->line, multi);
	/* the preamble lines are written even when absent, as "" */
	*m = (cs_res_source){
		.label = utf8_safe(pl, pool_add(pl, strdup(label))),
		.imported = true,
		.file = utf8_safe(pl, file),
		.line = s->line,
		.version = utf8_safe(pl, version ? version : ""),
		.built_on = utf8_safe(pl, s->meta[M_BUILT_ON] ? s->meta[M_BUILT_ON] : ""),
		.options = utf8_safe(pl, s->meta[M_OPTIONS] ? s->meta[M_OPTIONS] : ""),
		.compiler = utf8_safe(pl, s->meta[M_COMPILER] ? s->meta[M_COMPILER] : ""),
		.cpuinfo = utf8_safe(pl, s->meta[M_CPUINFO] ? s->meta[M_CPUINFO] : ""),
		.multi = s->multi,
		.format = s->has_mr			? "mr"
			  : s->has_sym || s->pkey_kinds ? "text"
							: "progress",
		.n_cells = (long long)s->n_cells};
}

static void
cell_model(const icell *c, const cs_res_source *src, size_t index, pool *pl, cs_res_cell *m)
{
	*m = (cs_res_cell){.imported = true,
			   .source = index,
			   .file = src->file,
			   .line = c->line,
			   .row_line = c->row_line,
			   .lib = "openssl",
			   .lib_version = src->version,
			   .path = utf8_safe(pl, c->path),
			   .mask = "none",
			   .multi = src->multi > 1 ? src->multi : 1,
			   .alg = utf8_safe(pl, c->alg),
			   .kind = "",
			   .op = utf8_safe(pl, c->op),
			   .size = c->size,
			   .status = "ok",
			   .ok = true,
			   .bytes = c->bytes,
			   .rate.median = c->rate,
			   .ci95_rel = -1,
			   .agree = -1,
			   .ev.samples = -1,
			   .ev.size = -1};
}

/* The parsed tables as the result model, written by the one encoder
   (core/results/encode.c). */
static json_t *
document(const parser *p)
{
	pool pl = {0};
	cs_res_file f = {.tool_version = CS_VERSION,
			 .started = "",
			 .hostname = "",
			 .kernel = "",
			 .cpu_arch = "",
			 .cpu_model = "",
			 .cpu_features = "",
			 .cpu_source = "",
			 .precision = 0.01,
			 .evidence_s = -1,
			 .import_format = "openssl-speed",
			 .import_file = utf8_safe(&pl, p->file),
			 .import_note = "rates as openssl speed printed them: one number per cell, "
					"no samples, no confidence interval, no evidence"};
	json_t *doc = NULL;
	f.sources = calloc(p->n_src + 1, sizeof *f.sources);
	f.cells = calloc(p->n_cells + 1, sizeof *f.cells);
	if (!f.sources || !f.cells)
		goto done;
	for (size_t i = 0; i < p->n_src; i++) {
		const isource *s = &p->src[i];
		if (!s->n_cells)
			continue; /* a preamble or prose with no numbers under it */
		cs_res_source *src = &f.sources[f.n_sources];
		source_model(s, p->file, &pl, src);
		for (size_t c = s->first_cell; c < s->first_cell + s->n_cells; c++)
			cell_model(&p->cells[c], src, f.n_sources, &pl, &f.cells[f.n_cells++]);
		f.n_sources++;
	}
	if (!pl.oom)
		doc = cs_results_encode(&f);
done:
	for (size_t i = 0; i < pl.n; i++)
		free(pl.text[i]);
	free(pl.text);
	free(f.sources);
	free(f.cells);
	return doc;
}

static void
parser_free(parser *p)
{
	for (size_t i = 0; i < p->n_src; i++) {
		isource *s = &p->src[i];
		for (meta m = M_VERSION; m < M_COUNT; m++)
			free(s->meta[m]);
		free(s->progress);
	}
	free(p->src);
	free(p->cells);
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
			skip(&p, line, "%zu bytes long (accepted: lines up to %zu bytes)", n,
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
		finish_source(&p, cur(&p));
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
	*out = document(&p);
	parser_free(&p);
	if (!*out) {
		snprintf(err, err_size, "%s: out of memory", file_name);
		return CS_IMPORT_IO;
	}
	return CS_IMPORT_OK;
}

int
cs_import_label(json_t *doc, const char *label)
{
	json_t *sources = json_object_get(doc, "sources"), *s;
	size_t i, n = json_array_size(sources);
	json_array_foreach(sources, i, s)
	{
		char buf[512], num[32] = "", multi[32] = "";
		json_int_t m = json_integer_value(json_object_get(s, "multi"));
		if (n > 1)
			snprintf(num, sizeof num, " #%zu", i + 1);
		if (m > 1)
			snprintf(multi, sizeof multi, " -multi %lld", (long long)m);
		snprintf(buf, sizeof buf, "%.400s%s%s", label, num, multi);
		if (set_str(s, "label", buf) != 0)
			return -1;
	}
	return 0;
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
cs_import_openssl_speed_typed(const char *path, const char *label, cs_res_file *out, char *err,
			      size_t err_size, FILE *diag, size_t *skipped)
{
	json_t *doc;
	memset(out, 0, sizeof *out);
	int rc = cs_import_openssl_speed_file_ex(path, &doc, err, err_size, diag, skipped);
	if (rc != CS_IMPORT_OK)
		return rc;
	if (label && cs_import_label(doc, label) != 0) {
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
