/*
 * The parser of `openssl speed` output (import.h), shared by the files of
 * core/import/ that read it; nothing outside core/import/ includes this.
 *
 *   import.c   the line loop: which reader takes a line; the entry points
 *   lex.c      tokens: numbers, rates, names, the shape of a row
 *   sources.c  sources (one per run of openssl speed) and their cells
 *   bytes.c    byte-rate tables ("type 16 bytes ...") and their row names
 *   pkey.c     key-operation tables (rsa, dsa, ecdsa, ecdh, EdDSA, ffdh, KEM, signatures)
 *   mr.c       the -mr machine-readable lines (+H, +F, +F2 .. +F10)
 *   multi.c    -multi: "Forked child", the children's "Got: +F..." lines
 *   prose.c    the preamble, "Doing ..." progress lines, command lines in prose
 *   machine.c  the machine a post names (cpuinfo, uname -a, a board)
 *   model.c    the parsed tables as the result model, and the labels
 */
#ifndef CS_IMPORT_SPEED_H
#define CS_IMPORT_SPEED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

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

/* The byte-rate table being read: none, text ("type 16 bytes ..."), -mr (+H). */
typedef enum table_kind { T_NONE, T_SYM, T_MRSYM } table_kind;

/* The state of one import: what was read so far and the table being read. */
typedef struct parser {
	const char *file;	    /* the input's name, as given */
	isource *src;		    /* the sources, the last one open */
	size_t n_src, cap_src;	    /* used, allocated */
	icell *cells;		    /* every source's cells, in order */
	size_t n_cells, cap_cells;  /* used, allocated */
	table_kind table;	    /* byte-rate table being read */
	long long sizes[MAX_SIZES]; /* its columns, bytes */
	size_t n_sizes;		    /* how many */
	int table_line;		    /* its header's line */
	char wrap_name[NAME_LEN];   /* the row above, when it had fewer values than columns */
	size_t wrap_cols;	    /* how many it had */
	pk_header pk_head;	    /* key-op header above the rows being read */
	int pk_table_line;	    /* its line (or the first row's, without a header) */
	int ctx_multi;		    /* from a command line in the prose, for the next source */
	bool ctx_decrypt;	    /* the same for -decrypt */
	char ctx_opts[256];	    /* the same for -engine, -provider, -propquery, -async_jobs */
	char ctx_variant[128];	    /* the cells' variant they make ("engine=ID", provider NAME) */
	icell *kids;		    /* -multi: the children's "Got: +F..." values, summed */
	size_t n_kids, cap_kids;    /* used, allocated */
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

/* What is about to be added to a source; decides when the next one starts. */
typedef enum want { W_META, W_SYM, W_PROGRESS, W_PKEY, W_MR } want;

/* ---- lex.c: tokens ---------------------------------------------------------- */

bool cs_imp_starts_with(const char *s, const char *prefix);
/* src lower case into dst (n bytes, NUL-terminated) */
void cs_imp_lower_copy(char *dst, size_t n, const char *src);
/* a decimal integer in [lo, hi], no sign, at most 12 characters */
bool cs_imp_parse_int(const char *tok, long long lo, long long hi, long long *out);
/* "inf", "-nan", "infs", "nank": what speed.c prints for a division by zero */
bool cs_imp_inf_token(const char *tok);
/* "0.000708s" (a time; an inf time is 0) */
bool cs_imp_tok_seconds(const char *tok, double *v);
/* "1413.1": a decimal number without suffix */
bool cs_imp_tok_plain(const char *tok, double *v);
/* a name OpenSSL prints for an algorithm: a letter, then letters, digits and -_/().,+ */
bool cs_imp_plausible_name(const char *tok);
/* one to three plausible names separated by single spaces ("aes-128 cbc") */
bool cs_imp_plausible_words(const char *name);
/* split s at ':' in place into at most max fields; returns how many */
size_t cs_imp_split_colons(char *s, char **f, size_t max);
/* a line of only spaces and table rules (" \t|-:+=") */
bool cs_imp_blank_or_rule(const char *t);
/* split s at spaces in place into at most max tokens (*too_many when more) */
size_t cs_imp_tokenize(char *s, char **tok, size_t max, bool *too_many);
/* tabs, table pipes and no-break spaces (U+00A0) to spaces, in place */
void cs_imp_normalize(char *s);
/* a token someone meant as a number (a digit, maybe a sign, a decimal comma, a unit) */
bool cs_imp_numberish(const char *s);
/* a line shaped like a table row: a name of one to four words, then values */
bool cs_imp_row_shaped(char **tok, size_t n);
/* the first value of a row-shaped line that no column of any table takes, or NULL */
const char *cs_imp_bad_value(char **tok, size_t n);

/* ---- sources.c: sources and cells ---------------------------------------------- */

/* a line that could not be read: counted, and said as "FILE:LINE: skipped: why" */
void cs_imp_skip(parser *p, int line, const char *fmt, ...);
/* what the import assumed or recovered: said as "FILE:LINE: note: what", not counted */
void cs_imp_note(parser *p, int line, const char *fmt, ...);
/* room for one more of the n items (size bytes each) at items, whose capacity
   is *cap (first when 0, then doubled): items, or where they moved; NULL
   (p->oom set) when out of memory */
void *cs_imp_grow(parser *p, void *items, size_t *cap, size_t n, size_t size, size_t first);
/* the open (last) source, or NULL before the first */
isource *cs_imp_cur(parser *p);
bool cs_imp_has_tables(const isource *s);
/* the same identity: algorithm, operation, path, size */
bool cs_imp_same_cell(const icell *a, const icell *b);
/* decide what only the whole source tells (the path of bare names, -mr units),
   split off repeated table families, drop repeated cells */
void cs_imp_finish_source(parser *p, isource *s);
/* finish the open source and start the next, with the prose's command-line context */
isource *cs_imp_new_source(parser *p, int line);
/* the source that what w adds goes to: the open one, or a new one */
isource *cs_imp_source_for(parser *p, want w, pk_kind kind, int line);
/* c into s, unless its rate is 0 (not measured); the cell limit is checked */
void cs_imp_add_cell(parser *p, isource *s, const icell *c);

/* ---- bytes.c: byte-rate tables --------------------------------------------------- */

/* a byte-rate row's name as printed -> c's alg (names.c), op and path */
void cs_imp_name_sym(const isource *s, const char *name, icell *c);
/* "type 16 bytes 64 bytes ..." */
bool cs_imp_sym_header(parser *p, char **tok, size_t n, int line);
/* a byte-rate table (T_SYM, T_MRSYM) of the k sizes in s from line on */
void cs_imp_begin_table(parser *p, isource *s, table_kind table, const long long *sizes, size_t k,
			int line);
/* the n values v of the row name, from column first on */
void cs_imp_add_sym_values(parser *p, isource *s, const char *name, const double *v, size_t n,
			   size_t first, int line);
/* "aes-128 cbc  41119.87k  46444.71k ..." under a header */
bool cs_imp_sym_row(parser *p, char **tok, size_t n, int line);
/* a byte-rate row with no header above (a trimmed paste) */
bool cs_imp_headerless_row(parser *p, char **tok, size_t n, int line);

/* ---- pkey.c: key-operation tables -------------------------------------------------- */

/* alg (n bytes) = the name a cell gets for OpenSSL's selector (names.c) */
void cs_imp_map_alg(char *alg, size_t n, const char *selector);
/* "evp" for what only exists there, else "" (by era, when the source closes) */
const char *cs_imp_pkey_path(pk_kind kind, bool plural_bits);
/* the operations a key-op row of kind times, given its number of values (rsa: 2, or
   4 from 3.2); *n how many */
const char *const *cs_imp_pkey_ops(pk_kind kind, size_t values, size_t *n);
/* a text row ("rsa 2048 bits 0.000708s ..."); true when it was one */
bool cs_imp_pkey_row(parser *p, char **tok, size_t n, int line);
/* a key-op header ("sign verify sign/s verify/s", ...); the tokens it took, 0 when none */
size_t cs_imp_pkey_header(parser *p, char **tok, size_t n, int line);

/* ---- mr.c, multi.c: -mr and -multi ------------------------------------------------- */

/* the curve of a -mr +F4/+F5 line, from its index and bits ("p256", "x25519") */
void cs_imp_mr_curve(long long idx, long long bits, char *out, size_t n);
/* one -mr line (line_text is split in place); false when it is none */
bool cs_imp_mr_line(parser *p, char *line_text, int line);
/* -multi: the cells the summary lacks, from the children's values */
void cs_imp_add_kid_cells(parser *p, isource *s);
/* "Forked child 3", "Got: +F:... from 3" */
bool cs_imp_multi_line(parser *p, char **tok, size_t n, int line);

/* ---- prose.c: preamble, progress, command lines -------------------------------------- */

/* one "Doing ... size blocks: N ...'s in T s" measurement */
void cs_imp_add_progress(parser *p, const char *name, long long size, double count, double secs,
			 int line);
/* without a table, the "Doing" lines are the measurements */
void cs_imp_add_progress_cells(parser *p, isource *s);
/* "12345 md5's in 3.00s": count and seconds */
bool cs_imp_progress_result(char **tok, size_t n, double *count, double *secs);
bool cs_imp_doing_line(parser *p, char **tok, size_t n, int line);
/* "OpenSSL 1.0.1t ...", "built on:", "options:", "compiler:", "CPUINFO:" */
bool cs_imp_meta_line(parser *p, const char *t, int line);
/* "openssl speed -multi 4 ...": options for the next table */
bool cs_imp_command_line(parser *p, char **tok, size_t n);

/* ---- machine.c, model.c ---------------------------------------------------------- */

/* a machine named on line t (cpuinfo, uname -a, a board in prose) */
void cs_imp_clue_line(parser *p, const char *t, int line);
/* the machine source src ran on, from the clues; "" when nothing is named */
void cs_imp_source_machine(const parser *p, size_t src, char *out, size_t n);
/* the parsed tables as a new cryptospeed/1 document, or NULL when out of memory */
struct json_t *cs_imp_document(const parser *p);

#endif
