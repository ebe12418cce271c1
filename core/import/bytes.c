/* Byte-rate tables ("type 16 bytes 64 bytes ...", then "name v v v ...") and
   the names, operations and paths of their rows (speed.h). */
#include <stdio.h>
#include <string.h>

#include "import.h"
#include "size.h"
#include "speed.h"
#include "text.h"
#include "workload.h"

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
	cs_imp_lower_copy(low, n, name);
	for (char *q = low; *q; q++)
		if (*q == ' ')
			*q = '-';
}

/* A byte-rate row's name: alg (names.c), op, path. */
void
cs_imp_name_sym(const isource *s, const char *name, icell *c)
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
	else if (cs_imp_starts_with(alg, "hmac") || cs_imp_starts_with(alg, "cmac") ||
		 cs_imp_starts_with(alg, "kmac") || strcmp(alg, "ghash") == 0 ||
		 strcmp(alg, "poly1305") == 0)
		op = "mac";
	else if (strcmp(alg, "rand") == 0)
		op = "generate";
	else
		op = s->decrypt ? "decrypt" : "encrypt";
	snprintf(c->op, sizeof c->op, "%s", op);
}

/* "type 16 bytes 64 bytes ..." (or "| 字节数/算法 | 16 bytes | ..."). */
bool
cs_imp_sym_header(parser *p, char **tok, size_t n, int line)
{
	long long sizes[MAX_SIZES];
	size_t k = 0;
	for (size_t i = 0; i + 1 < n; i++) {
		long long v;
		if (strcmp(tok[i + 1], "bytes") == 0 &&
		    cs_imp_parse_int(tok[i], 1, CS_SIZE_MAX, &v)) {
			if (k == MAX_SIZES)
				return false;
			sizes[k++] = v;
			i++;
		}
	}
	if (k == 0 || (k < 2 && strcmp(tok[0], "type") != 0))
		return false;
	isource *s = cs_imp_source_for(p, W_SYM, PK_NONE, line);
	if (!s)
		return true;
	if (sizes[0] == 8)
		s->clue_pre3 = true; /* 0.9.6's first column */
	cs_imp_begin_table(p, s, T_SYM, sizes, k, line);
	return true;
}

void
cs_imp_begin_table(parser *p, isource *s, table_kind table, const long long *sizes, size_t k,
		   int line)
{
	s->has_sym = true;
	memcpy(p->sizes, sizes, k * sizeof sizes[0]);
	p->n_sizes = k;
	p->table = table;
	p->table_line = line;
	if (!p->first_table_line)
		p->first_table_line = line;
}

/* The values of one row from column `first` on. */
void
cs_imp_add_sym_values(parser *p, isource *s, const char *name, const double *v, size_t n,
		      size_t first, int line)
{
	icell c = {.bytes = true, .line = p->table_line, .row_line = line};
	cs_imp_name_sym(s, name, &c);
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
		cs_imp_add_cell(p, s, &c);
	}
}

/* A row with a value that is no rate between rates ("sha256 1234.56k
   12.3.4k 5678.90k ..."): its name, then only number-like tokens. The rates
   keep their columns, the bad one is named and left out; false when the
   line is not shaped so (prose, a name alone). */
static bool
sym_row_with_bad_value(parser *p, isource *s, char **tok, size_t n, int line)
{
	size_t w = 0;
	while (w < n && w < 3 && cs_imp_plausible_name(tok[w]) && !cs_imp_numberish(tok[w]))
		w++;
	if (w == 0 || n - w == 0 || n - w > p->n_sizes)
		return false;
	double v[MAX_SIZES];
	bool good[MAX_SIZES];
	size_t n_good = 0;
	const char *bad = NULL;
	for (size_t i = w; i < n; i++) {
		if (!cs_imp_numberish(tok[i]) && !cs_imp_inf_token(tok[i]))
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
			cs_imp_add_sym_values(p, s, name, &v[i], 1, i, line);
	cs_imp_skip(p, line,
		    "'%.20s' in the row '%.40s' is not a rate (accepted: 1234.56k, 9795.82): that "
		    "value is left out, the row's other %zu value%s kept",
		    bad, name, n_good, n_good == 1 ? " is" : "s are");
	p->wrap_name[0] = '\0';
	p->wrap_cols = 0;
	return true;
}

/* "aes-128 cbc  41119.87k  46444.71k ..." under a header. */
bool
cs_imp_sym_row(parser *p, char **tok, size_t n, int line)
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
	isource *s = cs_imp_cur(p);
	if (!s)
		return false;
	for (size_t i = words; i < n; i++)
		if (cs_imp_inf_token(tok[i])) {
			cs_imp_note(p, line,
				    "'%.20s' in this row: a value openssl speed could not compute "
				    "(a "
				    "-multi summary); taken from the children's +F lines when the "
				    "paste "
				    "has them",
				    tok[i]);
			break;
		}
	if (words == 0 && m > 0 && p->wrap_name[0] && p->wrap_cols + m <= p->n_sizes) {
		/* the rest of the row above, wrapped by a narrow window or a forum */
		cs_imp_add_sym_values(p, s, p->wrap_name, v + MAX_SIZES - m, m, p->wrap_cols, line);
		p->wrap_cols += m;
		return true;
	}
	if (m == 0 || m > p->n_sizes || words == 0 || words > 3)
		return sym_row_with_bad_value(p, s, tok, n, line);
	char name[NAME_LEN];
	for (size_t i = 0; i < words; i++)
		if (!cs_imp_plausible_name(tok[i]))
			return sym_row_with_bad_value(p, s, tok, n, line);
	if (!cs_join(name, sizeof name, tok, words, sizeof *tok, false, " "))
		return false;
	cs_imp_add_sym_values(p, s, name, v + MAX_SIZES - m, m, 0, line);
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
bool
cs_imp_headerless_row(parser *p, char **tok, size_t n, int line)
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
		if (!cs_imp_plausible_name(tok[i]))
			return false;
	static const long long sizes[] = {16, 64, 256, 1024, 8192, 16384};
	isource *s = cs_imp_source_for(p, W_SYM, PK_NONE, line);
	if (!s)
		return true;
	cs_imp_begin_table(p, s, T_SYM, sizes, m, line);
	cs_imp_note(p, line,
		    "rows without their 'type 16 bytes ...' line (a trimmed paste): the %zu "
		    "columns "
		    "read as 16 to %lld bytes, what openssl speed prints for %zu values",
		    m, sizes[m - 1], m);
	return cs_imp_sym_row(p, tok, n, line);
}
