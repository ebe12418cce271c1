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

bool
cs_imp_mr_line(parser *p, char *line_text, int line)
{
	char *f[24] = {NULL};
	size_t n = cs_imp_split_colons(line_text, f, 24);
	const char *tag = f[0];
	long long idx, bits;
	double v[8];
	if (strcmp(tag, "+H") == 0) {
		long long sizes[MAX_SIZES];
		if (n < 2 || n - 1 > MAX_SIZES)
			return false;
		for (size_t i = 1; i < n; i++)
			if (!cs_imp_parse_int(f[i], 1, CS_SIZE_MAX, &sizes[i - 1]))
				return false;
		isource *s = cs_imp_source_for(p, W_SYM, PK_NONE, line);
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
			static const long long mr_sizes[] = {16, 64, 256, 1024, 8192, 16384};
			if (m < 5 || m > 6)
				return false;
			s = cs_imp_source_for(p, W_SYM, PK_NONE, line);
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
		cs_imp_add_sym_values(p, s, f[2], vals, m, 0, line);
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
	if (n < 2 || !cs_imp_parse_int(f[1], 0, 1000, &idx))
		return false;
	if (kind == PK_KEM || kind == PK_SIG) {
		first = 2;
		snprintf(alg, sizeof alg, "%s#%lld", kind == PK_KEM ? "kem" : "sig", idx);
	} else {
		if (n < 3 || !cs_imp_parse_int(f[2], 1, 1000000, &bits))
			return false;
		first = 3;
		if (kind == PK_EDDSA || kind == PK_SM2) {
			if (n < 4 || strlen(f[3]) >= NAME_LEN || !cs_imp_plausible_name(f[3]))
				return false;
			if (kind == PK_EDDSA) {
				cs_imp_lower_copy(curve, sizeof curve, f[3]);
				cs_imp_map_alg(alg, sizeof alg, curve);
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
			cs_imp_map_alg(alg, sizeof alg, sel);
		} else {
			char sel[NAME_LEN + 8];
			cs_imp_mr_curve(idx, bits, curve, sizeof curve);
			snprintf(sel, sizeof sel, "%s%.56s", kind == PK_ECDSA ? "ecdsa" : "ecdh",
				 curve);
			cs_imp_map_alg(alg, sizeof alg, sel);
		}
	}
	size_t m = n > first ? n - first : 0;
	if (m < 2 || m > 4)
		return false;
	for (size_t i = 0; i < m; i++)
		if (!cs_imp_tok_plain(f[first + i], &v[i]))
			return false;
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
		cs_imp_add_cell(p, s, &c);
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
		cs_imp_add_cell(p, s, &c);
	}
	return true;
}
