/* Tokens of `openssl speed` output: numbers, rates, times, names, the shape of
   a table row (speed.h). Pure functions of their text. */
#define _GNU_SOURCE

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import.h"
#include "speed.h"

bool
cs_imp_starts_with(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

void
cs_imp_lower_copy(char *dst, size_t n, const char *src)
{
	size_t i = 0;
	for (; src[i] && i + 1 < n; i++)
		dst[i] = (char)tolower((unsigned char)src[i]);
	dst[i] = '\0';
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

bool
cs_imp_parse_int(const char *tok, long long lo, long long hi, long long *out)
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
bool
cs_imp_inf_token(const char *tok)
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
bool
cs_imp_tok_seconds(const char *tok, double *v)
{
	char suffix;
	if (cs_imp_inf_token(tok) && tok[strlen(tok) - 1] == 's') {
		*v = 0;
		return true;
	}
	return parse_decimal(tok, strlen(tok), "s", v, &suffix) && suffix == 's';
}

bool
cs_imp_tok_plain(const char *tok, double *v)
{
	char suffix;
	return parse_decimal(tok, strlen(tok), "", v, &suffix);
}

/* A name OpenSSL prints for an algorithm: letters, digits and -_/().,+ */
bool
cs_imp_plausible_name(const char *tok)
{
	if (!isalpha((unsigned char)tok[0]))
		return false;
	for (const char *c = tok; *c; c++)
		if (!isalnum((unsigned char)*c) && !strchr("-_/().,+", *c))
			return false;
	return true;
}

/* Up to three plausible words separated by single spaces ("aes-128 cbc"). */
bool
cs_imp_plausible_words(const char *name)
{
	char copy[NAME_LEN];
	if (strlen(name) >= sizeof copy)
		return false;
	snprintf(copy, sizeof copy, "%s", name);
	size_t words = 0;
	for (char *save = NULL, *w = strtok_r(copy, " ", &save); w;
	     w = strtok_r(NULL, " ", &save)) {
		if (++words > 3 || !cs_imp_plausible_name(w))
			return false;
	}
	return words > 0 && name[strlen(name) - 1] != ' ';
}

/* Split s at ':' in place into at most max fields. */
size_t
cs_imp_split_colons(char *s, char **f, size_t max)
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

bool
cs_imp_blank_or_rule(const char *t)
{
	for (; *t; t++)
		if (!strchr(" \t|-:+=", *t))
			return false;
	return true;
}

size_t
cs_imp_tokenize(char *s, char **tok, size_t max, bool *too_many)
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
void
cs_imp_normalize(char *s)
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
bool
cs_imp_numberish(const char *s)
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
bool
cs_imp_row_shaped(char **tok, size_t n)
{
	if (n < 2 || !cs_imp_plausible_name(tok[0]) || !cs_imp_numberish(tok[n - 1]))
		return false;
	size_t values = 0;
	for (size_t i = 0; i < n; i++)
		values += cs_imp_numberish(tok[i]);
	return n - values <= 4 && values * 2 >= n;
}

/* The first value of a row-shaped line that no column of any table takes. */
const char *
cs_imp_bad_value(char **tok, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		double v;
		long long k;
		if (!cs_imp_numberish(tok[i]))
			continue;
		if (cs_import_parse_rate(tok[i], strlen(tok[i]), &v) != 0 &&
		    !cs_imp_tok_seconds(tok[i], &v) && !cs_imp_tok_plain(tok[i], &v) &&
		    !cs_imp_parse_int(tok[i], 0, 1LL << 40, &k))
			return tok[i];
	}
	return NULL;
}
