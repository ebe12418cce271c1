/* The -mr lines ("+H:16:64:...", "+F:k:name:B/s:...", "+F2:k:bits:a:b" ...):
   one handler per record kind, picked from a table (speed.h). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "size.h"
#include "speed.h"

/* A curve of the -mr +F4/+F5 lines, which give an index and bits only. */
void
cs_imp_mr_curve(long long idx, long long bits, char *out, size_t n)
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

/* How a key-op record (+F2 .. +F10) names its algorithm. */
typedef enum mr_naming {
	MR_BY_INDEX, /* PREFIX#IDX, no bits field: +F9 "kem#0", +F10 "sig#1" */
	MR_BY_BITS,  /* PREFIX BITS as a selector: +F2 rsa2048, +F3 dsa1024, +F8 ffdh2048 */
	MR_BY_CURVE, /* PREFIX and the curve of IDX and BITS: +F4 ecdsap256, +F5 ecdhx25519 */
	MR_BY_FIELD, /* the curve named in the fourth field, lower case: +F6 "Ed25519" */
	MR_FIXED     /* PREFIX itself, after a name field: +F7 sm2 */
} mr_naming;

typedef struct mr_record mr_record;

/* Reads the n fields f of one record of kind r; false when they are not one. */
typedef bool mr_read(parser *p, const mr_record *r, char **f, size_t n, int line);

/* One kind of -mr record. */
struct mr_record {
	const char *tag;    /* "+H", "+F"; NULL for the key-op records, found by number */
	int number;	    /* N of +FN (key-op records) */
	mr_read *read;	    /* its reader */
	pk_kind kind;	    /* key-op records: what they time */
	mr_naming naming;   /* key-op records: how their algorithm is named */
	const char *prefix; /* the selector's prefix ("rsa", "ecdsa", "kem") */
};

static mr_read mr_sizes, mr_rates, mr_keyop;

static const mr_record records[] = {
	{.tag = "+H", .read = mr_sizes},
	{.tag = "+F", .read = mr_rates},
	{.number = 2, .read = mr_keyop, .kind = PK_RSA, .naming = MR_BY_BITS, .prefix = "rsa"},
	{.number = 3, .read = mr_keyop, .kind = PK_DSA, .naming = MR_BY_BITS, .prefix = "dsa"},
	{.number = 4, .read = mr_keyop, .kind = PK_ECDSA, .naming = MR_BY_CURVE, .prefix = "ecdsa"},
	{.number = 5, .read = mr_keyop, .kind = PK_ECDH, .naming = MR_BY_CURVE, .prefix = "ecdh"},
	{.number = 6, .read = mr_keyop, .kind = PK_EDDSA, .naming = MR_BY_FIELD},
	{.number = 7, .read = mr_keyop, .kind = PK_SM2, .naming = MR_FIXED, .prefix = "sm2"},
	{.number = 8, .read = mr_keyop, .kind = PK_FFDH, .naming = MR_BY_BITS, .prefix = "ffdh"},
	{.number = 9, .read = mr_keyop, .kind = PK_KEM, .naming = MR_BY_INDEX, .prefix = "kem"},
	{.number = 10, .read = mr_keyop, .kind = PK_SIG, .naming = MR_BY_INDEX, .prefix = "sig"},
};

bool
cs_imp_mr_line(parser *p, char *line_text, int line)
{
	char *f[24] = {NULL};
	size_t n = cs_imp_split_colons(line_text, f, 24);
	const char *tag = f[0];
	/* +FN: the number as atoi reads it ("+F02" is +F2) */
	int number = tag[0] == '+' && tag[1] == 'F' && isdigit((unsigned char)tag[2])
			     ? atoi(tag + 2)
			     : 0;
	for (size_t i = 0; i < sizeof records / sizeof records[0]; i++) {
		const mr_record *r = &records[i];
		if (r->tag ? strcmp(tag, r->tag) == 0 : number == r->number)
			return r->read(p, r, f, n, line);
	}
	return false;
}

/* "+H:16:64:...": the sizes of the +F lines that follow. */
static bool
mr_sizes(parser *p, const mr_record *r, char **f, size_t n, int line)
{
	(void)r;
	long long sizes[MAX_SIZES];
	if (n < 2 || n - 1 > MAX_SIZES)
		return false;
	for (size_t i = 1; i < n; i++)
		if (!cs_imp_parse_int(f[i], 1, CS_SIZE_MAX, &sizes[i - 1]))
			return false;
	isource *s = cs_imp_source_for(p, W_SYM, PK_NONE, line);
	if (!s)
		return true;
	s->has_mr = true;
	cs_imp_begin_table(p, s, T_MRSYM, sizes, n - 1, line);
	if (p->n_sizes == 5 && sizes[4] == 8192)
		s->mr_times++; /* 16..8192: up to 1.0.2, key ops in seconds */
	return true;
}

/* "+F:k:name:v:v...": a byte-rate row, in bytes per second, no k suffix. */
static bool
mr_rates(parser *p, const mr_record *r, char **f, size_t n, int line)
{
	(void)r;
	long long idx;
	if (n < 4 || n - 3 > MAX_SIZES || !cs_imp_parse_int(f[1], 0, 1000, &idx) ||
	    strlen(f[2]) >= NAME_LEN || !cs_imp_plausible_words(f[2]))
		return false;
	size_t m = n - 3;
	double vals[MAX_SIZES];
	for (size_t i = 0; i < m; i++)
		if (!cs_imp_tok_plain(f[3 + i], &vals[i]))
			return false;
	isource *s = cs_imp_cur(p);
	if (p->table == T_MRSYM && m > p->n_sizes) {
		cs_imp_skip(p, line,
			    "%zu values for the %zu sizes of the +H line %d (accepted: at most "
			    "one value per size)",
			    m, p->n_sizes, p->table_line);
		return true;
	}
	if (p->table != T_MRSYM) {
		/* no +H above: the sizes every version used for this many columns */
		static const long long usual[] = {16, 64, 256, 1024, 8192, 16384};
		if (m < 5 || m > 6)
			return false;
		s = cs_imp_source_for(p, W_SYM, PK_NONE, line);
		if (!s)
			return true;
		memcpy(p->sizes, usual, m * sizeof usual[0]);
		p->n_sizes = m;
		p->table = T_MRSYM;
		p->table_line = line;
		s->has_sym = true;
	}
	if (!s)
		return false;
	s->has_mr = true;
	cs_imp_add_sym_values(p, s, f[2], vals, m, 0, line);
	return true;
}

/* The algorithm of the key-op record r ("+F4:IDX:BITS:..."): its name in alg
   (n bytes); returns the first value field, 0 when the fields are not r's. */
static size_t
mr_keyop_name(const mr_record *r, char **f, size_t n, char *alg, size_t size)
{
	long long idx, bits;
	char curve[NAME_LEN], sel[NAME_LEN + 8];
	if (n < 2 || !cs_imp_parse_int(f[1], 0, 1000, &idx))
		return 0;
	if (r->naming == MR_BY_INDEX) {
		snprintf(alg, size, "%s#%lld", r->prefix, idx);
		return 2;
	}
	if (n < 3 || !cs_imp_parse_int(f[2], 1, 1000000, &bits))
		return 0;
	switch (r->naming) {
	case MR_BY_FIELD:
	case MR_FIXED:
		if (n < 4 || strlen(f[3]) >= NAME_LEN || !cs_imp_plausible_name(f[3]))
			return 0;
		if (r->naming == MR_FIXED) {
			snprintf(alg, size, "%s", r->prefix);
			return 4;
		}
		cs_imp_lower_copy(curve, sizeof curve, f[3]);
		cs_imp_map_alg(alg, size, curve);
		return 4;
	case MR_BY_BITS: snprintf(sel, NAME_LEN, "%s%lld", r->prefix, bits); break;
	default:
		cs_imp_mr_curve(idx, bits, curve, sizeof curve);
		snprintf(sel, sizeof sel, "%s%.56s", r->prefix, curve);
		break;
	}
	cs_imp_map_alg(alg, size, sel);
	return 3;
}

/* +F5 (ecdh) and +F8 (ffdh): a value and its inverse, which is which depends
   on the era (+F5) or is a rate (+F8). */
static bool
mr_derive(parser *p, isource *s, pk_kind kind, icell *c, const double *v, size_t m)
{
	if (m != 2)
		return false;
	snprintf(c->op, sizeof c->op, "derive");
	c->rate = v[0];
	c->alt = v[1];
	c->fix = kind == PK_FFDH ? FIX_NONE : FIX_MR_F5;
	if (kind == PK_ECDH) {
		if (v[0] > v[1])
			s->mr_rates++;
		else if (v[0] < v[1])
			s->mr_times++;
	}
	if (kind == PK_FFDH)
		s->mr_rates++;
	cs_imp_add_cell(p, s, c);
	return true;
}

/* +F2..+F4, +F6, +F7, +F9, +F10: one value per operation. */
static bool
mr_ops(parser *p, isource *s, pk_kind kind, icell *c, const double *v, size_t m)
{
	size_t want;
	const char *const *ops = cs_imp_pkey_ops(kind, m, &want);
	if (m != want)
		return false;
	if (kind == PK_RSA && m == 4)
		s->clue3 = true;
	if (kind >= PK_EDDSA || (kind == PK_RSA && m == 4))
		s->mr_rates++; /* only printed by versions that print rates */
	for (size_t i = 0; i < m; i++) {
		snprintf(c->op, sizeof c->op, "%s", ops[i]);
		c->rate = v[i];
		c->fix = kind <= PK_ECDSA ? FIX_MR_PAIR : FIX_NONE;
		if (c->fix == FIX_MR_PAIR) {
			if (v[i] < 1)
				s->mr_small++;
			else
				s->mr_large++;
		}
		cs_imp_add_cell(p, s, c);
	}
	return true;
}

/* "+F2:IDX:BITS:v:v..." .. "+F10:IDX:v:v:v": one key-op row. */
static bool
mr_keyop(parser *p, const mr_record *r, char **f, size_t n, int line)
{
	char alg[NAME_LEN];
	double v[8];
	size_t first = mr_keyop_name(r, f, n, alg, sizeof alg);
	if (!first)
		return false;
	size_t m = n > first ? n - first : 0;
	if (m < 2 || m > 4)
		return false;
	for (size_t i = 0; i < m; i++)
		if (!cs_imp_tok_plain(f[first + i], &v[i]))
			return false;
	pk_kind kind = r->kind;
	isource *s = cs_imp_source_for(p, W_MR, kind, line);
	if (!s)
		return true;
	s->has_mr = true;
	s->pkey_kinds |= 1u << kind;
	if (!p->first_table_line)
		p->first_table_line = line;
	icell c = {.line = line, .row_line = line, .fix = FIX_NONE};
	c.group = kind == PK_KEM ? G_KEM : kind == PK_SIG ? G_SIG : G_CLASSIC;
	snprintf(c.alg, sizeof c.alg, "%s", alg);
	snprintf(c.path, sizeof c.path, "%s", cs_imp_pkey_path(kind, false));
	if (kind == PK_ECDH || kind == PK_FFDH)
		return mr_derive(p, s, kind, &c, v, m);
	return mr_ops(p, s, kind, &c, v, m);
}
