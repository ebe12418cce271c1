/* Key-operation tables: "rsa 2048 bits 0.000708s 0.000020s 1413.1 49000.0",
   the ecdsa, ecdh, EdDSA, SM2 and ffdh rows, 3.4+'s KEM and signature tables
   and their headers (speed.h). */
#define _GNU_SOURCE

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "import.h"
#include "speed.h"

/* alg = the name a cell gets for OpenSSL's selector (names.c). */
void
cs_imp_map_alg(char *alg, size_t n, const char *selector)
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
	cs_imp_lower_copy(low, sizeof low, curve);
	size_t len = strlen(low);
	if (cs_imp_starts_with(low, "nist") && len > 5)
		snprintf(out, n, "%s", low + 4);
	else if (cs_imp_starts_with(low, "secp") && len > 6 && strcmp(low + len - 2, "r1") == 0)
		snprintf(out, n, "p%.*s", (int)(len - 6), low + 4);
	else if (cs_imp_starts_with(low, "brainpoolp"))
		snprintf(out, n, "brp%s", low + 10);
	else
		snprintf(out, n, "%s", low);
}

/* The path of a key-op row: EVP for what only exists there (EdDSA, SM2, FFDH,
   KEM, signatures, and ECDH from 1.1.1, whose rows say "bits"); else by era. */
const char *
cs_imp_pkey_path(pk_kind kind, bool plural_bits)
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
	cs_imp_add_cell(p, s, &c);
}

const char *const *
cs_imp_pkey_ops(pk_kind kind, size_t values, size_t *n)
{
	static const char *const sv[] = {"sign", "verify", "encrypt", "decrypt"};
	static const char *const kem[] = {"keygen", "encaps", "decaps"};
	static const char *const sig[] = {"keygen", "sign", "verify"};
	static const char *const derive[] = {"derive"};
	switch (kind) {
	case PK_RSA: *n = values == 4 ? 4 : 2; return sv; /* 3.2+ adds encrypt, decrypt */
	case PK_ECDH:
	case PK_FFDH: *n = 1; return derive;
	case PK_KEM: *n = 3; return kem;
	case PK_SIG: *n = 3; return sig;
	default: *n = 2; return sv;
	}
}

/* "256 bits ecdsa (nistp256)", "253 bits EdDSA (Ed25519)", "2048 bits ffdh":
   tok[2] names the kind, tok[3] the curve. The algorithm in alg (size bytes),
   the first value in *at; PK_NONE when the row is none of these. */
static pk_kind
bits_row_name(char **tok, long long bits, char *alg, size_t size, size_t *at)
{
	const char *what = tok[2], *curve = tok[3];
	*at = 3;
	if (strcasecmp(what, "ffdh") == 0) {
		snprintf(alg, size, "ffdh%lld", bits);
		return PK_FFDH;
	}
	size_t cl = strlen(curve);
	if (cl < 3 || curve[0] != '(' || curve[cl - 1] != ')' || cl - 2 >= NAME_LEN)
		return PK_NONE;
	char name[NAME_LEN], suffix[NAME_LEN], sel[NAME_LEN + 8];
	snprintf(name, sizeof name, "%.*s", (int)(cl - 2), curve + 1);
	if (!cs_imp_plausible_name(name))
		return PK_NONE;
	curve_suffix(name, suffix, sizeof suffix);
	*at = 4;
	if (strcasecmp(what, "ecdsa") == 0 || strcasecmp(what, "ecdh") == 0) {
		bool ecdsa = strcasecmp(what, "ecdsa") == 0;
		snprintf(sel, sizeof sel, "%s%.56s", ecdsa ? "ecdsa" : "ecdh", suffix);
		cs_imp_map_alg(alg, size, sel);
		return ecdsa ? PK_ECDSA : PK_ECDH;
	}
	if (strcasecmp(what, "eddsa") == 0) {
		cs_imp_map_alg(alg, size, suffix);
		return PK_EDDSA;
	}
	if (strcasecmp(what, "sm2") == 0) {
		snprintf(alg, size, "sm2");
		return PK_SM2;
	}
	return PK_NONE;
}

/* The kind and algorithm of a text row (alg, size bytes), where its numbers
   start (*at) and whether it says "bits" (*plural); PK_NONE when it is none. */
static pk_kind
pkey_name(const parser *p, char **tok, size_t n, char *alg, size_t size, size_t *at, bool *plural)
{
	long long bits;
	char sel[NAME_LEN];
	*plural = true;
	if (n >= 3 && (strcasecmp(tok[0], "rsa") == 0 || strcasecmp(tok[0], "dsa") == 0) &&
	    cs_imp_parse_int(tok[1], 1, 1000000, &bits) && strcmp(tok[2], "bits") == 0) {
		pk_kind kind = tolower((unsigned char)tok[0][0]) == 'r' ? PK_RSA : PK_DSA;
		snprintf(sel, sizeof sel, "%s%lld", kind == PK_RSA ? "rsa" : "dsa", bits);
		cs_imp_map_alg(alg, size, sel);
		*at = 3;
		return kind;
	}
	if (n >= 4 && cs_imp_parse_int(tok[0], 1, 1000000, &bits) &&
	    (strcmp(tok[1], "bit") == 0 || strcmp(tok[1], "bits") == 0)) {
		*plural = strcmp(tok[1], "bits") == 0;
		return bits_row_name(tok, bits, alg, size, at);
	}
	if ((p->pk_head == PH_KEM || p->pk_head == PH_SIG) && n == 7 &&
	    cs_imp_plausible_name(tok[0])) {
		cs_imp_lower_copy(sel, sizeof sel, tok[0]);
		cs_imp_map_alg(alg, size, sel);
		*at = 1;
		return p->pk_head == PH_KEM ? PK_KEM : PK_SIG;
	}
	return PK_NONE;
}

/* The values of a row from tok[at]: times (with 's') then as many rates; the
   rates in r (up to 4), how many in *half. A value printed as inf is said. */
static bool
pkey_rates(parser *p, char **tok, size_t n, size_t at, double *r, size_t *half, int line)
{
	double t[4];
	size_t nums = n - at;
	*half = nums / 2;
	if (nums % 2 || *half == 0 || *half > 4)
		return false;
	bool none = false;
	for (size_t i = 0; i < *half; i++) {
		const char *rt = tok[at + *half + i];
		if (!cs_imp_tok_seconds(tok[at + i], &t[i]))
			return false;
		none |= cs_imp_inf_token(tok[at + i]);
		if (cs_imp_inf_token(rt) && rt[strlen(rt) - 1] != 's') {
			r[i] = 0;
			none = true;
		} else if (!cs_imp_tok_plain(rt, &r[i])) {
			return false;
		}
	}
	if (none)
		cs_imp_note(p, line,
			    "'inf' or 'nan' in this row: a value openssl speed could not compute "
			    "(a -multi summary); rates that are numbers are read, the others are "
			    "taken from the children's +F lines when the paste has them");
	return true;
}

/* The text rows. tok[0..n) is the row; returns true when it was one. */
bool
cs_imp_pkey_row(parser *p, char **tok, size_t n, int line)
{
	char alg[NAME_LEN];
	double r[4];
	size_t at, half, want;
	bool plural;
	pk_kind kind = pkey_name(p, tok, n, alg, sizeof alg, &at, &plural);
	if (kind == PK_NONE || !pkey_rates(p, tok, n, at, r, &half, line))
		return false;
	const char *const *ops = cs_imp_pkey_ops(kind, half, &want);
	if (half != want)
		return false;

	isource *s = cs_imp_source_for(p, W_PKEY, kind, line);
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
		add_pkey(p, s, kind, alg, ops[i], r[i], cs_imp_pkey_path(kind, plural), table_line,
			 line);
	return true;
}

/* A key-op header ("sign verify sign/s verify/s", "op op/s", the KEM and
   signature ones); returns how many tokens it took, 0 when none. */
size_t
cs_imp_pkey_header(parser *p, char **tok, size_t n, int line)
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
			isource *s = cs_imp_cur(p);
			if (s)
				s->pkey_block = PK_NONE; /* a new table */
			return k;
		}
	}
	return 0;
}
