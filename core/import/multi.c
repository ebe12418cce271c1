/* -multi N: "Forked child 0", and the children's "Got: +F:... from 0" values,
   summed into the cells the summary table lacks (speed.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import.h"
#include "size.h"
#include "speed.h"

/* One child's value, summed with the other children's (what -multi's summary is). */
static void
kid_add(parser *p, isource *s, const icell *c)
{
	if (!(c->rate > 0) || !isfinite(c->rate))
		return;
	for (size_t i = s->kid_first; i < s->kid_first + s->n_kid; i++)
		if (cs_imp_same_cell(&p->kids[i], c)) {
			p->kids[i].rate += c->rate;
			return;
		}
	if (s->kid_first + s->n_kid != p->n_kids || p->n_kids >= CS_IMPORT_MAX_CELLS)
		return;
	icell *grown = cs_imp_grow(p, p->kids, &p->cap_kids, p->n_kids, sizeof *grown, 64);
	if (!grown)
		return;
	p->kids = grown;
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
	size_t n = cs_imp_split_colons(buf, f, 24);
	long long idx, bits, v;
	double x[MAX_SIZES];
	icell c = {.line = line, .row_line = line};
	if (strcmp(f[0], "+H") == 0 && n >= 2 && n - 1 <= MAX_SIZES) {
		for (size_t i = 1; i < n; i++)
			if (!cs_imp_parse_int(f[i], 1, CS_SIZE_MAX, &v))
				return;
			else
				p->kid_sizes[i - 1] = v;
		p->n_kid_sizes = n - 1;
		return;
	}
	if (strcmp(f[0], "+F") == 0 && n >= 4 && n - 3 <= p->n_kid_sizes &&
	    cs_imp_parse_int(f[1], 0, 1000, &idx) && strlen(f[2]) < NAME_LEN &&
	    cs_imp_plausible_words(f[2])) {
		c.bytes = true;
		cs_imp_name_sym(s, f[2], &c);
		for (size_t i = 3; i < n; i++) {
			if (!cs_imp_tok_plain(f[i], &x[0]))
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
		if (n != 6 || !cs_imp_parse_int(f[1], 0, 1000, &idx) ||
		    !cs_imp_parse_int(f[2], 1, 1000000, &bits) || strlen(f[3]) >= NAME_LEN ||
		    !cs_imp_plausible_name(f[3]) || !cs_imp_tok_plain(f[4], &x[0]) ||
		    !cs_imp_tok_plain(f[5], &x[1]))
			return;
		char low[NAME_LEN];
		cs_imp_lower_copy(low, sizeof low, which == 6 ? f[3] : "sm2");
		cs_imp_map_alg(c.alg, sizeof c.alg, low);
		snprintf(c.path, sizeof c.path, "%s",
			 cs_imp_pkey_path(which == 6 ? PK_EDDSA : PK_SM2, false));
		for (size_t i = 0; i < 2; i++) {
			snprintf(c.op, sizeof c.op, "%s", i ? "verify" : "sign");
			c.rate = x[i] > 0 && x[i] < 1 ? 1 / x[i] : x[i];
			kid_add(p, s, &c);
		}
		return;
	}
	if (which < 2 || which > 5 || n < 5 || !cs_imp_parse_int(f[1], 0, 1000, &idx) ||
	    !cs_imp_parse_int(f[2], 1, 1000000, &bits))
		return;
	size_t m = n - 3;
	for (size_t i = 0; i < m && i < 4; i++)
		if (!cs_imp_tok_plain(f[3 + i], &x[i]))
			return;
	char sel[NAME_LEN + 8], curve[NAME_LEN];
	static const pk_kind kinds[] = {[2] = PK_RSA, [3] = PK_DSA, [4] = PK_ECDSA, [5] = PK_ECDH};
	if (which == 2 || which == 3)
		snprintf(sel, sizeof sel, "%s%lld", which == 2 ? "rsa" : "dsa", bits);
	else {
		cs_imp_mr_curve(idx, bits, curve, sizeof curve);
		snprintf(sel, sizeof sel, "%s%s", which == 4 ? "ecdsa" : "ecdh", curve);
	}
	cs_imp_map_alg(c.alg, sizeof c.alg, sel);
	snprintf(c.path, sizeof c.path, "%s", which == 5 && bits == 253 ? "evp" : "");
	size_t n_ops;
	const char *const *ops = cs_imp_pkey_ops(kinds[which], m, &n_ops);
	for (size_t i = 0; i < n_ops && i < m; i++) {
		snprintf(c.op, sizeof c.op, "%s", ops[i]);
		c.rate = x[i] > 0 && x[i] < 1 ? 1 / x[i] : x[i];
		kid_add(p, s, &c);
	}
}

/* -multi: the cells the summary table lacks (a value it printed as inf, or
   no summary at all) from the sum of the children's lines. */
void
cs_imp_add_kid_cells(parser *p, isource *s)
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
		cs_imp_add_cell(p, s, c);
	}
	if (added)
		cs_imp_note(p, first,
			    "%zu cell%s (%s%s) the sum of the %d children's +F lines: the summary "
			    "table "
			    "gave no number for %s",
			    added, added == 1 ? " is" : "s are", what, added > 1 ? ", ..." : "",
			    s->multi, added == 1 ? "it" : "them");
	s->n_kid = 0;
}

/* "Forked child 3" and "Got: +F:... from 3": -multi's own lines. */
bool
cs_imp_multi_line(parser *p, char **tok, size_t n, int line)
{
	long long child;
	if (n == 3 && strcmp(tok[0], "Forked") == 0 && strcmp(tok[1], "child") == 0 &&
	    cs_imp_parse_int(tok[2], 0, 4095, &child)) {
		isource *s = cs_imp_cur(p);
		if (!s || s->closed || cs_imp_has_tables(s))
			s = cs_imp_new_source(p, line);
		if (s && s->multi < child + 1)
			s->multi = (int)child + 1;
		return true;
	}
	if (n >= 4 && strcmp(tok[0], "Got:") == 0 && strcmp(tok[n - 2], "from") == 0 &&
	    cs_imp_parse_int(tok[n - 1], 0, 4095, &child)) {
		isource *s = cs_imp_cur(p);
		if (!s || s->closed || cs_imp_has_tables(s))
			s = cs_imp_new_source(p, line);
		if (s && s->multi < child + 1)
			s->multi = (int)child + 1;
		if (s && n == 4)
			kid_line(p, s, tok[1], line);
		return true;
	}
	return false;
}
