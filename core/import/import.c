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
	int group;	    /* the table family: G_CLASSIC, G_KEM, G_SIG */
} icell;

/* Table families of one run: the classic tables, and 3.4+'s keygen/encaps/
   decaps (KEM) and keygen/sign/verify tables, which time some operations of
   the classic ones again (RSA and DSA, key generation). */
enum { G_CLASSIC, G_KEM, G_SIG, G_COUNT };

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
	int group;		    /* a source split off by table family: its G_*, else 0 */
	char *run_opts;		    /* "-engine cryptodev -async_jobs 8": what the command
				       line changed about how the run measured, or NULL */
	char *variant;		    /* the cells' variant ("engine=cryptodev"), or NULL */
	size_t kid_first, n_kid;    /* its children's cells: parser.kids[kid_first..+n_kid) */
	iprogress *progress;	    /* "Doing ..." lines, used when no table follows */
	size_t n_progress, cap_progress; /* used, allocated */
} isource;

/* A machine the text names, and how surely (higher wins). */
typedef struct iclue {
	int line;	/* where */
	int rank;	/* CL_* */
	char text[160]; /* "Raspberry Pi 3", "Cortex-A53", "Intel(R) Xeon(R) ...", "aarch64" */
} iclue;

/* Kinds of clue, in the order they are trusted. */
enum { CL_UNAME, CL_CORE, CL_BOARD, CL_MODEL, CL_COUNT };

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
	char wrap_name[NAME_LEN]; /* the row above, when it had fewer values than columns */
	size_t wrap_cols;	  /* how many it had */
	pk_header pk_head;	  /* key-op header above the rows being read */
	int pk_table_line;	  /* its line (or the first row's, without a header) */
	int ctx_multi;		  /* from a command line in the prose, for the next source */
	bool ctx_decrypt;	  /* the same for -decrypt */
	char ctx_opts[256];	  /* the same for -engine, -provider, -propquery, -async_jobs */
	char ctx_variant[128];	  /* the cells' variant they make ("engine=ID", provider NAME) */
	icell *kids;		  /* -multi: the children's "Got: +F..." values, summed */
	size_t n_kids, cap_kids;  /* used, allocated */
	long long kid_sizes[MAX_SIZES]; /* the children's +H sizes */
	size_t n_kid_sizes;		/* how many */
	iclue *clues;			/* machines named in the text */
	size_t n_clues, cap_clues;	/* used, allocated */
	char doing_name[NAME_LEN];	/* a "Doing" line whose result is on the next line */
	long long doing_size;		/* its block size */
	int doing_line;			/* its line */
	int first_table_line;		/* for the error when no row could be read */
	bool oom;			/* an allocation failed: stop */
	int too_many;			/* the line of the cell past CS_IMPORT_MAX_CELLS: stop */
	FILE *diag;			/* where skipped lines are reported, or NULL */
	size_t skipped;			/* lines (or rows) that could not be read */
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

/* What the import assumed or recovered: said as "FILE:LINE: note: what", not counted. */
static void
note(parser *p, int line, const char *fmt, ...)
{
	if (!p->diag)
		return;
	char what[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	fprintf(p->diag, "cryptospeed: %s:%d: note: %s\n", cs_esc_term(p->file), line,
		cs_esc_term(what));
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

/* "inf", "infs", "-nan", "nank" ...: what speed.c prints for a division by
   zero (a -multi summary of some 1.1.x and 3.x builds): no number. */
static bool
inf_token(const char *tok)
{
	static const char *const none[] = {"inf", "-inf", "nan", "-nan", NULL};
	size_t len = strlen(tok);
	if (len && (tok[len - 1] == 's' || tok[len - 1] == 'k'))
		len--;
	for (size_t i = 0; none[i]; i++)
		if (len == strlen(none[i]) && strncmp(tok, none[i], len) == 0)
			return true;
	return false;
}

/* A number with an optional suffix s (a time) or none (a rate); a time
   that is no number (inf) is 0: the rate beside it is what counts. */
static bool
tok_seconds(const char *tok, double *v)
{
	char suffix;
	if (inf_token(tok) && tok[strlen(tok) - 1] == 's') {
		*v = 0;
		return true;
	}
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
static void add_kid_cells(parser *p, isource *s);
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

/* Same identity: algorithm, operation, path, size. */
static bool
same_cell(const icell *a, const icell *b)
{
	return strcmp(a->alg, b->alg) == 0 && strcmp(a->op, b->op) == 0 &&
	       strcmp(a->path, b->path) == 0 && a->size == b->size;
}

/*
 * One cell per (alg, op, path, size) in a source: a later row that gives a
 * cell again is dropped, silently when it says the same, with a message (a
 * skipped line) when it gives another value: which one is right is not ours
 * to pick, and keeping both would make a result file whose cells are not
 * unique (the loader refuses those). The cells after the source's move up.
 */
static void
drop_duplicates(parser *p, size_t src)
{
	isource *s = &p->src[src];
	if (s->n_cells < 2)
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
		if (!same_cell(a, b)) {
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
	size_t gone = s->n_cells - kept, after = s->first_cell + s->n_cells;
	memmove(&p->cells[after - gone], &p->cells[after], (p->n_cells - after) * sizeof *p->cells);
	p->n_cells -= gone;
	s->n_cells = kept;
	for (size_t i = src + 1; i < p->n_src; i++)
		p->src[i].first_cell -= gone;
	free(order);
	free(drop);
}

static isource *push_source(parser *p, int line);

/*
 * The rule for 3.4+'s keygen tables: a table family (KEM, then signatures)
 * that times again an operation an earlier family of the same run timed
 * (rsa2048 sign in the classic and the signature table, rsa2048 keygen in
 * the KEM and the signature table) becomes a source of its own, with the
 * run's preamble and its table named in the label. Never one cell with two
 * values; a family that repeats nothing stays in the run's source.
 */
static void
split_families(parser *p, size_t src)
{
	isource *s = &p->src[src];
	if (s->n_cells < 2 || s->first_cell + s->n_cells != p->n_cells)
		return;
	icell *base = &p->cells[s->first_cell];
	size_t n = s->n_cells, count[G_COUNT] = {0};
	bool own[G_COUNT] = {false};
	for (size_t i = 0; i < n; i++)
		count[base[i].group]++;
	for (int g = G_KEM; g < G_COUNT; g++) {
		for (size_t i = 0; i < n && !own[g]; i++)
			for (size_t j = 0; base[i].group == g && j < n && !own[g]; j++)
				own[g] = base[j].group < g && same_cell(&base[i], &base[j]);
	}
	if (!own[G_KEM] && !own[G_SIG])
		return;
	/* the families that stay first (in order), then each one split off */
	icell *sorted = malloc(n * sizeof *sorted);
	if (!sorted) {
		p->oom = true;
		return;
	}
	size_t at = 0;
	for (int pass = 0; pass < 2; pass++)
		for (int g = 0; g < G_COUNT; g++)
			for (size_t i = 0; own[g] == (pass == 1) && i < n; i++)
				if (base[i].group == g)
					sorted[at++] = base[i];
	memcpy(base, sorted, n * sizeof *sorted);
	free(sorted);
	size_t next = s->first_cell;
	for (int g = 0; g < G_COUNT; g++)
		if (!own[g])
			next += count[g];
	s->n_cells = next - s->first_cell;
	for (int g = G_KEM; g < G_COUNT; g++) {
		if (!own[g])
			continue;
		isource *t = push_source(p, p->cells[next].line);
		if (!t)
			return;
		const isource *from = &p->src[src];
		for (meta m = M_VERSION; m < M_COUNT; m++)
			if (from->meta[m] && !(t->meta[m] = strdup(from->meta[m])))
				p->oom = true;
		if (from->run_opts && !(t->run_opts = strdup(from->run_opts)))
			p->oom = true;
		if (from->variant && !(t->variant = strdup(from->variant)))
			p->oom = true;
		t->kid_first = p->n_kids;
		t->multi = from->multi;
		t->has_mr = from->has_mr;
		t->pkey_kinds = from->pkey_kinds;
		t->clue3 = from->clue3;
		t->clue_pre3 = from->clue_pre3;
		t->group = g;
		t->first_cell = next;
		t->n_cells = count[g];
		t->closed = true;
		next += count[g];
	}
}

/* Decide what only the whole source tells: the path of bare names, -mr units. */
static void
finish_source(parser *p, isource *s)
{
	if (!s->has_sym && s->n_progress)
		add_progress_cells(p, s);
	if (s->n_kid && s->first_cell + s->n_cells == p->n_cells)
		add_kid_cells(p, s);
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
	size_t src = (size_t)(s - p->src), n_before = p->n_src;
	split_families(p, src);
	for (size_t i = p->n_src; i-- > src;)
		if (i == src || i >= n_before)
			drop_duplicates(p, i);
}

/* A new empty source at the end (no finishing of the one before). */
static isource *
push_source(parser *p, int line)
{
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
	s->multi = 1;
	s->pkey_block = PK_NONE;
	s->first_cell = p->n_cells;
	return s;
}

static isource *
new_source(parser *p, int line)
{
	if (p->n_src)
		finish_source(p, cur(p));
	isource *s = push_source(p, line);
	if (!s)
		return NULL;
	s->multi = p->ctx_multi > 1 ? p->ctx_multi : 1;
	s->decrypt = p->ctx_decrypt;
	if (p->ctx_opts[0] && !(s->run_opts = strdup(p->ctx_opts + 1)))
		p->oom = true;
	if (p->ctx_variant[0] && !(s->variant = strdup(p->ctx_variant)))
		p->oom = true;
	s->kid_first = p->n_kids;
	p->ctx_multi = 0;
	p->ctx_decrypt = false;
	p->ctx_opts[0] = p->ctx_variant[0] = '\0';
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

/* A byte-rate row's name as printed: lower case, spaces as '-'. */
static void
printed_name(const char *name, char *low, size_t n)
{
	lower_copy(low, n, name);
	for (char *q = low; *q; q++)
		if (*q == ' ')
			*q = '-';
}

/* A byte-rate row's name: alg (names.c), op, path. */
static void
name_sym(const isource *s, const char *name, icell *c)
{
	char low[NAME_LEN], buf[NAME_LEN];
	printed_name(name, low, sizeof low);
	bool space = strchr(name, ' ') != NULL;
	snprintf(c->alg, sizeof c->alg, "%s", cs_import_alg_name(low, buf, sizeof buf));
	/* "aes-128 cbc" is the low-level API; "aes-128-cbc" the EVP one; a bare
	   name ("sha256") is low-level before 3.0 and EVP from 3.0 on */
	snprintf(c->path, sizeof c->path, "%s", space ? "lowlevel" : strchr(low, '-') ? "evp" : "");
	const char *alg = c->alg;
	const cs_alg *ours = cs_alg_find(alg);
	const char *op;
	if (ours) {
		/* the catalogue's op for what speed.c times: one encryption, one digest */
		cs_op o = ours->kind == CS_AEAD	  ? (s->decrypt ? CS_OP_OPEN : CS_OP_SEAL)
			  : ours->kind == CS_HASH ? CS_OP_DIGEST
			  : ours->kind == CS_MAC  ? CS_OP_MAC
						  : CS_OP_ENCRYPT;
		op = o == CS_OP_ENCRYPT && s->decrypt ? "decrypt" : cs_op_name(o);
	} else if (strstr(alg, "gcm") || strstr(alg, "ccm") || strstr(alg, "ocb") ||
		   strstr(alg, "siv") || (strstr(alg, "poly1305") && strcmp(alg, "poly1305") != 0))
		op = s->decrypt ? "open" : "seal";
	else if (in_list(alg, hash_names))
		op = "digest";
	else if (starts_with(alg, "hmac") || starts_with(alg, "cmac") || starts_with(alg, "kmac") ||
		 strcmp(alg, "ghash") == 0 || strcmp(alg, "poly1305") == 0)
		op = "mac";
	else if (strcmp(alg, "rand") == 0)
		op = "generate";
	else
		op = s->decrypt ? "decrypt" : "encrypt";
	snprintf(c->op, sizeof c->op, "%s", op);
}

/* alg = the name a cell gets for OpenSSL's selector (names.c). */
static void
map_alg(char *alg, size_t n, const char *selector)
{
	char sel[NAME_LEN], buf[NAME_LEN];
	snprintf(sel, sizeof sel, "%.*s", NAME_LEN - 1, selector);
	snprintf(alg, n, "%.*s", NAME_LEN - 1, cs_import_alg_name(sel, buf, sizeof buf));
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
add_pkey(parser *p, isource *s, pk_kind kind, const char *alg, const char *op, double rate,
	 const char *path, int table_line, int line)
{
	icell c = {.size = 0, .rate = rate, .bytes = false, .line = table_line, .row_line = line};
	c.group = kind == PK_KEM ? G_KEM : kind == PK_SIG ? G_SIG : G_CLASSIC;
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
		snprintf(suffix, sizeof suffix, "%s%lld", kind == PK_RSA ? "rsa" : "dsa", bits);
		map_alg(alg, sizeof alg, suffix);
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
			char sel[NAME_LEN + 8];
			if (strcasecmp(what, "ecdsa") == 0) {
				kind = PK_ECDSA;
				snprintf(sel, sizeof sel, "ecdsa%.56s", suffix);
				map_alg(alg, sizeof alg, sel);
			} else if (strcasecmp(what, "ecdh") == 0) {
				kind = PK_ECDH;
				snprintf(sel, sizeof sel, "ecdh%.56s", suffix);
				map_alg(alg, sizeof alg, sel);
			} else if (strcasecmp(what, "eddsa") == 0) {
				kind = PK_EDDSA;
				map_alg(alg, sizeof alg, suffix);
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
		lower_copy(suffix, sizeof suffix, tok[0]);
		map_alg(alg, sizeof alg, suffix);
		at = 1;
	} else {
		return false;
	}

	/* times (with 's') then as many rates */
	size_t nums = n - at;
	size_t half = nums / 2;
	if (nums % 2 || half == 0 || half > 4)
		return false;
	bool none = false;
	for (size_t i = 0; i < half; i++) {
		const char *rt = tok[at + half + i];
		if (!tok_seconds(tok[at + i], &t[i]))
			return false;
		none |= inf_token(tok[at + i]);
		if (inf_token(rt) && rt[strlen(rt) - 1] != 's') {
			r[i] = 0;
			none = true;
		} else if (!tok_plain(rt, &r[i])) {
			return false;
		}
	}
	if (none)
		note(p, line,
		     "'inf' or 'nan' in this row: a value openssl speed could not compute "
		     "(a -multi summary); rates that are numbers are read, the others are "
		     "taken from the children's +F lines when the paste has them");
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
		add_pkey(p, s, kind, alg, ops[i], r[i], pkey_path(kind, plural), table_line, line);
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
	char low[NAME_LEN];
	printed_name(name, low, sizeof low);
	if (in_list(low, names_3x))
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

static bool numberish(const char *s);

/* A row with a value that is no rate between rates ("sha256 1234.56k
   12.3.4k 5678.90k ..."): its name, then only number-like tokens. The rates
   keep their columns, the bad one is named and left out; false when the
   line is not shaped so (prose, a name alone). */
static bool
sym_row_with_bad_value(parser *p, isource *s, char **tok, size_t n, int line)
{
	size_t w = 0;
	while (w < n && w < 3 && plausible_name(tok[w]) && !numberish(tok[w]))
		w++;
	if (w == 0 || n - w == 0 || n - w > p->n_sizes)
		return false;
	double v[MAX_SIZES];
	bool good[MAX_SIZES];
	size_t n_good = 0;
	const char *bad = NULL;
	for (size_t i = w; i < n; i++) {
		if (!numberish(tok[i]) && !inf_token(tok[i]))
			return false;
		good[i - w] = cs_import_parse_rate(tok[i], strlen(tok[i]), &v[i - w]) == 0;
		n_good += good[i - w];
		if (!good[i - w] && !bad)
			bad = tok[i];
	}
	char name[NAME_LEN];
	if (!bad || n_good == 0 || !cs_join(name, sizeof name, tok, w, sizeof *tok, false, " "))
		return false;
	for (size_t i = 0; i < n - w; i++)
		if (good[i])
			add_sym_values(p, s, name, &v[i], 1, i, line);
	skip(p, line,
	     "'%.20s' in the row '%.40s' is not a rate (accepted: 1234.56k, 9795.82): that "
	     "value is left out, the row's other %zu value%s kept",
	     bad, name, n_good, n_good == 1 ? " is" : "s are");
	p->wrap_name[0] = '\0';
	p->wrap_cols = 0;
	return true;
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
	for (size_t i = words; i < n; i++)
		if (inf_token(tok[i])) {
			note(p, line,
			     "'%.20s' in this row: a value openssl speed could not compute (a "
			     "-multi summary); taken from the children's +F lines when the paste "
			     "has them",
			     tok[i]);
			break;
		}
	if (words == 0 && m > 0 && p->wrap_name[0] && p->wrap_cols + m <= p->n_sizes) {
		/* the rest of the row above, wrapped by a narrow window or a forum */
		add_sym_values(p, s, p->wrap_name, v + MAX_SIZES - m, m, p->wrap_cols, line);
		p->wrap_cols += m;
		return true;
	}
	if (m == 0 || m > p->n_sizes || words == 0 || words > 3)
		return sym_row_with_bad_value(p, s, tok, n, line);
	char name[NAME_LEN];
	for (size_t i = 0; i < words; i++)
		if (!plausible_name(tok[i]))
			return sym_row_with_bad_value(p, s, tok, n, line);
	if (!cs_join(name, sizeof name, tok, words, sizeof *tok, false, " "))
		return false;
	add_sym_values(p, s, name, v + MAX_SIZES - m, m, 0, line);
	snprintf(p->wrap_name, sizeof p->wrap_name, "%s", m < p->n_sizes ? name : "");
	p->wrap_cols = m;
	return true;
}

/*
 * A trimmed paste: byte-rate rows with no "type 16 bytes ..." line above
 * ("aes-128-gcm 35875.57k 47015.41k ..."): one to three words, then 5 or 6
 * rates, one of them in 1000s ("k"). The columns are the sizes every version
 * since 0.9.7 printed for that many values (16 to 8192, and 16384 from
 * 1.1.0), which is said once per table.
 */
static bool
headerless_row(parser *p, char **tok, size_t n, int line)
{
	size_t m = 0;
	bool k = false;
	while (m < n && m < 7) {
		const char *t = tok[n - 1 - m];
		double x;
		if (cs_import_parse_rate(t, strlen(t), &x) != 0)
			break;
		k |= t[strlen(t) - 1] == 'k';
		m++;
	}
	size_t words = n - m;
	if ((m != 5 && m != 6) || !k || words == 0 || words > 3)
		return false;
	for (size_t i = 0; i < words; i++)
		if (!plausible_name(tok[i]))
			return false;
	static const long long sizes[] = {16, 64, 256, 1024, 8192, 16384};
	isource *s = source_for(p, W_SYM, PK_NONE, line);
	if (!s)
		return true;
	s->has_sym = true;
	memcpy(p->sizes, sizes, m * sizeof sizes[0]);
	p->n_sizes = m;
	p->table = T_SYM;
	p->table_line = line;
	if (!p->first_table_line)
		p->first_table_line = line;
	note(p, line,
	     "rows without their 'type 16 bytes ...' line (a trimmed paste): the %zu columns "
	     "read as 16 to %lld bytes, what openssl speed prints for %zu values",
	     m, sizes[m - 1], m);
	return sym_row(p, tok, n, line);
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
			if (kind == PK_EDDSA) {
				lower_copy(curve, sizeof curve, f[3]);
				map_alg(alg, sizeof alg, curve);
			} else
				snprintf(alg, sizeof alg, "sm2");
			first = 4;
		} else if (kind == PK_RSA || kind == PK_DSA || kind == PK_FFDH) {
			char sel[NAME_LEN];
			snprintf(sel, sizeof sel, "%s%lld",
				 kind == PK_RSA	  ? "rsa"
				 : kind == PK_DSA ? "dsa"
						  : "ffdh",
				 bits);
			map_alg(alg, sizeof alg, sel);
		} else {
			char sel[NAME_LEN + 8];
			mr_curve(idx, bits, curve, sizeof curve);
			snprintf(sel, sizeof sel, "%s%.56s", kind == PK_ECDSA ? "ecdsa" : "ecdh",
				 curve);
			map_alg(alg, sizeof alg, sel);
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
	c.group = kind == PK_KEM ? G_KEM : kind == PK_SIG ? G_SIG : G_CLASSIC;
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
		const char *next = i + 1 < n ? tok[i + 1] : NULL;
		if (strcmp(tok[i], "-multi") == 0 && next && parse_int(next, 1, 4096, &m)) {
			p->ctx_multi = (int)m;
			any = true;
		} else if (strcmp(tok[i], "-decrypt") == 0) {
			p->ctx_decrypt = true;
			any = true;
		} else if (next && ((plausible_name(next) && (strcmp(tok[i], "-engine") == 0 ||
							      strcmp(tok[i], "-provider") == 0 ||
							      strcmp(tok[i], "-propquery") == 0)) ||
				    (strcmp(tok[i], "-async_jobs") == 0 &&
				     parse_int(next, 1, 99999, &m)))) {
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

/* One child's value, summed with the other children's (what -multi's summary is). */
static void
kid_add(parser *p, isource *s, const icell *c)
{
	if (!(c->rate > 0) || !isfinite(c->rate))
		return;
	for (size_t i = s->kid_first; i < s->kid_first + s->n_kid; i++)
		if (same_cell(&p->kids[i], c)) {
			p->kids[i].rate += c->rate;
			return;
		}
	if (s->kid_first + s->n_kid != p->n_kids || p->n_kids >= CS_IMPORT_MAX_CELLS)
		return;
	if (p->n_kids == p->cap_kids) {
		size_t cap = p->cap_kids ? 2 * p->cap_kids : 64;
		icell *nk = realloc(p->kids, cap * sizeof *nk);
		if (!nk) {
			p->oom = true;
			return;
		}
		p->kids = nk;
		p->cap_kids = cap;
	}
	p->kids[p->n_kids++] = *c;
	s->n_kid++;
}

/* The -mr line a -multi child sent ("Got: +F:22:aes-128-gcm:...:... from 0"):
   byte rates (+H, +F) and key ops (+F2 rsa, +F3 dsa, +F4 ecdsa, +F5 ecdh);
   a key-op value under 1 is seconds per op (before 1.1.1). */
static void
kid_line(parser *p, isource *s, const char *payload, int line)
{
	char buf[MAX_LINE];
	char *f[24] = {NULL};
	snprintf(buf, sizeof buf, "%s", payload);
	size_t n = split_colons(buf, f, 24);
	long long idx, bits, v;
	double x[MAX_SIZES];
	icell c = {.line = line, .row_line = line};
	if (strcmp(f[0], "+H") == 0 && n >= 2 && n - 1 <= MAX_SIZES) {
		for (size_t i = 1; i < n; i++)
			if (!parse_int(f[i], 1, CS_SIZE_MAX, &v))
				return;
			else
				p->kid_sizes[i - 1] = v;
		p->n_kid_sizes = n - 1;
		return;
	}
	if (strcmp(f[0], "+F") == 0 && n >= 4 && n - 3 <= p->n_kid_sizes &&
	    parse_int(f[1], 0, 1000, &idx) && strlen(f[2]) < NAME_LEN && plausible_words(f[2])) {
		c.bytes = true;
		name_sym(s, f[2], &c);
		for (size_t i = 3; i < n; i++) {
			if (!tok_plain(f[i], &x[0]))
				return;
			c.size = p->kid_sizes[i - 3];
			c.rate = x[0];
			kid_add(p, s, &c);
		}
		return;
	}
	int which = f[0][0] == '+' && f[0][1] == 'F' ? atoi(f[0] + 2) : 0;
	if (which == 6 || which == 7) {
		/* "+F6:0:253:Ed25519:sign/s:verify/s" (EdDSA), +F7 the same for SM2:
		   a curve's name, then its sign and verify rates */
		if (n != 6 || !parse_int(f[1], 0, 1000, &idx) ||
		    !parse_int(f[2], 1, 1000000, &bits) || strlen(f[3]) >= NAME_LEN ||
		    !plausible_name(f[3]) || !tok_plain(f[4], &x[0]) || !tok_plain(f[5], &x[1]))
			return;
		char low[NAME_LEN];
		lower_copy(low, sizeof low, which == 6 ? f[3] : "sm2");
		map_alg(c.alg, sizeof c.alg, low);
		snprintf(c.path, sizeof c.path, "%s",
			 pkey_path(which == 6 ? PK_EDDSA : PK_SM2, false));
		for (size_t i = 0; i < 2; i++) {
			snprintf(c.op, sizeof c.op, "%s", i ? "verify" : "sign");
			c.rate = x[i] > 0 && x[i] < 1 ? 1 / x[i] : x[i];
			kid_add(p, s, &c);
		}
		return;
	}
	if (which < 2 || which > 5 || n < 5 || !parse_int(f[1], 0, 1000, &idx) ||
	    !parse_int(f[2], 1, 1000000, &bits))
		return;
	size_t m = n - 3;
	for (size_t i = 0; i < m && i < 4; i++)
		if (!tok_plain(f[3 + i], &x[i]))
			return;
	char sel[NAME_LEN + 8], curve[NAME_LEN];
	static const char *const sv[] = {"sign", "verify", "encrypt", "decrypt"};
	if (which == 2 || which == 3)
		snprintf(sel, sizeof sel, "%s%lld", which == 2 ? "rsa" : "dsa", bits);
	else {
		mr_curve(idx, bits, curve, sizeof curve);
		snprintf(sel, sizeof sel, "%s%s", which == 4 ? "ecdsa" : "ecdh", curve);
	}
	map_alg(c.alg, sizeof c.alg, sel);
	snprintf(c.path, sizeof c.path, "%s", which == 5 && bits == 253 ? "evp" : "");
	size_t ops = which == 5 ? 1 : which == 2 && m == 4 ? 4 : 2;
	for (size_t i = 0; i < ops && i < m; i++) {
		snprintf(c.op, sizeof c.op, "%s", which == 5 ? "derive" : sv[i]);
		c.rate = x[i] > 0 && x[i] < 1 ? 1 / x[i] : x[i];
		kid_add(p, s, &c);
	}
}

/* -multi: the cells the summary table lacks (a value it printed as inf, or
   no summary at all) from the sum of the children's lines. */
static void
add_kid_cells(parser *p, isource *s)
{
	size_t added = 0;
	int first = 0;
	char what[NAME_LEN + 16] = "";
	for (size_t k = s->kid_first; k < s->kid_first + s->n_kid; k++) {
		const icell *c = &p->kids[k];
		bool have = false;
		for (size_t i = s->first_cell; i < s->first_cell + s->n_cells && !have; i++)
			have = strcmp(p->cells[i].alg, c->alg) == 0 &&
			       strcmp(p->cells[i].op, c->op) == 0 && p->cells[i].size == c->size;
		if (have)
			continue;
		if (!added++) {
			first = c->row_line;
			snprintf(what, sizeof what, "%s %s", c->alg, c->op);
		}
		add_cell(p, s, c);
	}
	if (added)
		note(p, first,
		     "%zu cell%s (%s%s) the sum of the %d children's +F lines: the summary table "
		     "gave no number for %s",
		     added, added == 1 ? " is" : "s are", what, added > 1 ? ", ..." : "", s->multi,
		     added == 1 ? "it" : "them");
	s->n_kid = 0;
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
		if (!s || s->closed || has_tables(s))
			s = new_source(p, line);
		if (s && s->multi < child + 1)
			s->multi = (int)child + 1;
		if (s && n == 4)
			kid_line(p, s, tok[1], line);
		return true;
	}
	return false;
}

/* ---- the machine a post names -------------------------------------------------- */

static void
add_clue(parser *p, int line, int rank, const char *text, size_t len)
{
	while (len && (text[len - 1] == ' ' || text[len - 1] == '\t'))
		len--;
	while (len && (*text == ' ' || *text == '\t')) {
		text++;
		len--;
	}
	if (!len || p->n_clues >= 256)
		return;
	if (p->n_clues == p->cap_clues) {
		size_t cap = p->cap_clues ? 2 * p->cap_clues : 16;
		iclue *n = realloc(p->clues, cap * sizeof *n);
		if (!n) {
			p->oom = true;
			return;
		}
		p->clues = n;
		p->cap_clues = cap;
	}
	iclue *c = &p->clues[p->n_clues++];
	c->line = line;
	c->rank = rank;
	snprintf(c->text, sizeof c->text, "%.*s", (int)(len < 159 ? len : 159), text);
}

/* Boards and CPUs people name in a post, as a word ("rpi3", "R2S的"). */
static const struct {
	const char *word;  /* lower case */
	const char *board; /* what the source is then said to run on */
} boards[] = {
	{"nanopi r2s", "NanoPi R2S"},
	{"r2s", "NanoPi R2S"},
	{"nanopi r4s", "NanoPi R4S"},
	{"r4s", "NanoPi R4S"},
	{"raspberry pi 3", "Raspberry Pi 3"},
	{"rpi3", "Raspberry Pi 3"},
	{"rpi 3", "Raspberry Pi 3"},
	{"raspberry pi 4", "Raspberry Pi 4"},
	{"rpi4", "Raspberry Pi 4"},
	{"rpi 4", "Raspberry Pi 4"},
	{"raspberry pi 5", "Raspberry Pi 5"},
	{"rpi5", "Raspberry Pi 5"},
	{"rock64", "Pine64 ROCK64"},
	{"rockpro64", "Pine64 RockPro64"},
	{"odroid-c2", "ODROID-C2"},
	{"odroid-n2", "ODROID-N2"},
	{"jetson nano", "NVIDIA Jetson Nano"},
	{"visionfive 2", "StarFive VisionFive 2"},
	{"core2", "Intel Core 2"},
	{"core 2 duo", "Intel Core 2"},
};

/* Arm's CPU part numbers (cpuinfo "CPU part", implementer 0x41). */
static const struct {
	unsigned part;	  /* "CPU part : 0xd03" */
	const char *core; /* its name */
} arm_parts[] = {
	{0xd03, "Cortex-A53"},	{0xd04, "Cortex-A35"},	{0xd05, "Cortex-A55"},
	{0xd07, "Cortex-A57"},	{0xd08, "Cortex-A72"},	{0xd09, "Cortex-A73"},
	{0xd0a, "Cortex-A75"},	{0xd0b, "Cortex-A76"},	{0xd0c, "Neoverse-N1"},
	{0xd0d, "Cortex-A77"},	{0xd40, "Neoverse-V1"}, {0xd41, "Cortex-A78"},
	{0xd46, "Cortex-A510"}, {0xd47, "Cortex-A710"}, {0xd49, "Neoverse-N2"},
};

/* cpuinfo's "model name", "Hardware", "Model", "CPU part"; uname -a; a board
   named in prose. */
static void
clue_line(parser *p, const char *t, int line)
{
	static const char *const model_keys[] = {"model name", "Hardware", "Model", "cpu model",
						 "uarch",      "CPU",	   "cpu",   NULL};
	/* "Board : Raspberry Pi 4", "Machine: ..." as a post heads each table */
	static const char *const board_keys[] = {"Board", "board", "Machine", "machine", NULL};
	for (size_t i = 0; board_keys[i]; i++) {
		size_t k = strlen(board_keys[i]);
		const char *c = t + k;
		if (strncmp(t, board_keys[i], k) != 0)
			continue;
		while (*c == ' ' || *c == '\t')
			c++;
		if (*c == ':') {
			add_clue(p, line, CL_BOARD, c + 1, strlen(c + 1));
			return;
		}
	}
	for (size_t i = 0; model_keys[i]; i++) {
		size_t k = strlen(model_keys[i]);
		if (strncmp(t, model_keys[i], k) != 0)
			continue;
		const char *c = t + k;
		while (*c == ' ' || *c == '\t')
			c++;
		if (*c != ':')
			continue;
		add_clue(p, line, CL_MODEL, c + 1, strlen(c + 1));
		return;
	}
	if (starts_with(t, "CPU part")) {
		const char *c = strchr(t, ':');
		unsigned part;
		if (c && sscanf(c + 1, " %x", &part) == 1)
			for (size_t i = 0; i < sizeof arm_parts / sizeof arm_parts[0]; i++)
				if (arm_parts[i].part == part)
					add_clue(p, line, CL_CORE, arm_parts[i].core,
						 strlen(arm_parts[i].core));
		return;
	}
	/* uname -a: "Linux HOST 5.4.75 #0 SMP ... aarch64 GNU/Linux" */
	const char *gnu = strstr(t, " GNU/Linux");
	if (starts_with(t, "Linux ") && gnu) {
		const char *a = gnu;
		while (a > t && a[-1] != ' ')
			a--;
		add_clue(p, line, CL_UNAME, a, (size_t)(gnu - a));
		return;
	}
	char low[512];
	lower_copy(low, sizeof low, t);
	for (size_t i = 0; i < sizeof boards / sizeof boards[0]; i++) {
		size_t k = strlen(boards[i].word);
		for (const char *at = strstr(low, boards[i].word); at;
		     at = strstr(at + 1, boards[i].word)) {
			bool left = at == low || !isalnum((unsigned char)at[-1]);
			bool right = !isalnum((unsigned char)at[k]);
			if (left && right) {
				add_clue(p, line, CL_BOARD, boards[i].board,
					 strlen(boards[i].board));
				return;
			}
		}
	}
}

/*
 * The machine a source ran on, from the clues: a clue belongs to the first
 * source that starts after it (prose introduces its table), a clue after the
 * last source's start to the last source; a kind of clue the source has none
 * of is the file's when the file names only one. "Board (core or model)", or
 * the model, or the core, or uname's architecture; "" when nothing is named.
 */
static void
source_machine(const parser *p, size_t src, char *out, size_t n)
{
	const char *best[CL_COUNT] = {NULL};
	while (src > 0 && p->src[src].group)
		src--; /* a table split off a run ran where the run ran */
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < p->n_clues; i++) {
			const iclue *c = &p->clues[i];
			size_t owner = p->n_src - 1;
			for (size_t k = 0; k < p->n_src; k++)
				if (p->src[k].line > c->line) {
					owner = k;
					break;
				}
			while (owner > 0 && p->src[owner].group)
				owner--;
			if (pass == 0 && owner == src && !best[c->rank])
				best[c->rank] = c->text;
			if (pass == 1 && !best[c->rank]) {
				bool one = true;
				for (size_t j = 0; j < p->n_clues; j++)
					one &= p->clues[j].rank != c->rank ||
					       strcmp(p->clues[j].text, c->text) == 0;
				if (one)
					best[c->rank] = c->text;
			}
		}
	const char *detail = best[CL_MODEL] ? best[CL_MODEL] : best[CL_CORE];
	if (best[CL_BOARD] && detail)
		snprintf(out, n, "%s (%s)", best[CL_BOARD], detail);
	else if (best[CL_BOARD] || detail)
		snprintf(out, n, "%s", best[CL_BOARD] ? best[CL_BOARD] : detail);
	else
		snprintf(out, n, "%s", best[CL_UNAME] ? best[CL_UNAME] : "");
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
	clue_line(p, t, line);
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
		if (p->table != T_SYM && headerless_row(p, tok, n, line))
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

/* What a table family split off a run is called in its label. */
static const char *const group_names[G_COUNT] = {NULL, "keygen/encaps/decaps table",
						 "keygen/sign/verify table"};

/*
 * A source's label from its keys: "MACHINE, VERSION OPTIONS (FILE:LINE) -multi N,
 * TABLE", or with --label "LABEL #I OPTIONS -multi N, TABLE" (#I when the file
 * has several sources). Every part but the version or label is left out when
 * absent.
 */
static int
compose_label(json_t *src, const char *label, size_t i, size_t n)
{
	char buf[1024], num[32] = "", multi[32] = "", head[600];
	const char *machine = json_string_value(json_object_get(src, "machine"));
	const char *version = json_string_value(json_object_get(src, "version"));
	const char *opts = json_string_value(json_object_get(src, "run_options"));
	const char *table = json_string_value(json_object_get(src, "table_kind"));
	const char *file = json_string_value(json_object_get(src, "file"));
	json_int_t m = json_integer_value(json_object_get(src, "multi"));
	json_int_t line = json_integer_value(json_object_get(src, "line"));
	if (m > 1)
		snprintf(multi, sizeof multi, " -multi %lld", (long long)m);
	if (label) {
		if (n > 1)
			snprintf(num, sizeof num, " #%zu", i + 1);
		snprintf(head, sizeof head, "%.400s%s", label, num);
	} else {
		snprintf(head, sizeof head, "%.160s%s%.200s", machine && *machine ? machine : "",
			 machine && *machine ? ", " : "",
			 version && *version ? version : "openssl speed");
	}
	char where[300] = "";
	if (!label)
		snprintf(where, sizeof where, " (%.200s:%lld)", base_name(file ? file : "?"),
			 (long long)line);
	snprintf(buf, sizeof buf, "%s%s%.200s%s%s%s%.60s", head, opts && *opts ? " " : "",
		 opts ? opts : "", where, multi, table && *table ? ", " : "", table ? table : "");
	return set_str(src, "label", buf);
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
source_model(const parser *p, size_t index, const char *file, pool *pl, cs_res_source *m)
{
	const isource *s = &p->src[index];
	char machine[400];
	source_machine(p, index, machine, sizeof machine);
	char label[512], multi[32] = "";
	if (s->multi > 1)
		snprintf(multi, sizeof multi, " -multi %d", s->multi);
	const char *version = s->meta[M_VERSION];
	snprintf(label, sizeof label, "%.200s (%.200s:%d)%s", version ? version : "openssl speed",
		 base_name(file), s->line, multi);
	/* the preamble lines are written even when absent, as ""; the label is
	   composed from the written keys (compose_label) once encoded */
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
		.machine = machine[0] ? utf8_safe(pl, pool_add(pl, strdup(machine))) : NULL,
		.run_options = utf8_safe(pl, s->run_opts),
		.table_kind = s->group ? group_names[s->group] : NULL,
		.multi = s->multi,
		.format = s->has_mr			? "mr"
			  : s->has_sym || s->pkey_kinds ? "text"
							: "progress",
		.n_cells = (long long)s->n_cells};
}

static void
cell_model(const icell *c, const cs_res_source *src, const char *variant, size_t index, pool *pl,
	   cs_res_cell *m)
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
			   .variant = utf8_safe(pl, variant),
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
		source_model(p, i, p->file, &pl, src);
		for (size_t c = s->first_cell; c < s->first_cell + s->n_cells; c++)
			cell_model(&p->cells[c], src, s->variant, f.n_sources, &pl,
				   &f.cells[f.n_cells++]);
		f.n_sources++;
	}
	if (!pl.oom)
		doc = cs_results_encode(&f);
	if (doc && cs_import_name(doc, NULL, NULL) != 0) {
		json_decref(doc);
		doc = NULL;
	}
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
	return cs_import_name(doc, label, NULL);
}

int
cs_import_name(json_t *doc, const char *label, const char *machine)
{
	json_t *sources = json_object_get(doc, "sources"), *s;
	size_t i, n = json_array_size(sources);
	json_array_foreach(sources, i, s)
	{
		if (machine && set_str(s, "machine", machine) != 0)
			return -1;
		if (compose_label(s, label, i, n) != 0)
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
