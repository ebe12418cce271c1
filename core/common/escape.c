/* The escaping functions of the output languages (escape.h). */
#include "escape.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#define TERM_RING 8
#define TERM_SIZE (CS_ESC_TERM_MAX + 4)

size_t
cs_utf8_len(const char *s)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t n;
	if (u[0] < 0x80)
		return 1;
	if (u[0] >= 0xc2 && u[0] <= 0xdf)
		n = 2;
	else if (u[0] >= 0xe0 && u[0] <= 0xef)
		n = 3;
	else if (u[0] >= 0xf0 && u[0] <= 0xf4)
		n = 4;
	else
		return 0;
	for (size_t i = 1; i < n; i++)
		if ((u[i] & 0xc0) != 0x80)
			return 0;
	if (u[0] == 0xe0 && u[1] < 0xa0) /* overlong */
		return 0;
	if (u[0] == 0xf0 && u[1] < 0x90)
		return 0;
	if (u[0] == 0xf4 && u[1] > 0x8f) /* past U+10FFFF */
		return 0;
	if (u[0] == 0xed && u[1] > 0x9f) /* surrogates */
		return 0;
	return n;
}

/* Length of the valid UTF-8 sequence at s (2..4) that a terminal may be shown
   as it is, or 0 if it is not one or is a C1 control (U+0080..U+009F). */
static size_t
utf8_len(const unsigned char *s)
{
	size_t n = cs_utf8_len((const char *)s);
	if (n < 2 || (s[0] == 0xc2 && s[1] < 0xa0)) /* C1 controls */
		return 0;
	return n;
}

/* The code point of a bidirectional formatting character at s (U+061C,
   U+200E, U+200F, U+202A..U+202E, U+2066..U+2069), else 0: shown to a
   terminal they reorder the text around them (U+202E turns "gpj.exe" into
   "exe.jpg"). */
static unsigned
bidi_control(const unsigned char *s)
{
	if (s[0] == 0xd8 && s[1] == 0x9c)
		return 0x061c;
	if (s[0] != 0xe2)
		return 0;
	if (s[1] == 0x80 && (s[2] == 0x8e || s[2] == 0x8f || (s[2] >= 0xaa && s[2] <= 0xae)))
		return 0x2000u + (s[2] - 0x80u);
	if (s[1] == 0x81 && s[2] >= 0xa6 && s[2] <= 0xa9)
		return 0x2040u + (s[2] - 0x80u);
	return 0;
}

char *
cs_esc_term_buf(char *buf, size_t size, const char *s)
{
	static const char hex[] = "0123456789abcdef";
	if (size == 0)
		return buf;
	size_t o = 0;
	buf[0] = '\0';
	if (!s)
		return buf;
	const unsigned char *p = (const unsigned char *)s;
	while (*p) {
		size_t n = *p >= 0x20 && *p < 0x7f ? 1 : *p >= 0x80 ? utf8_len(p) : 0;
		unsigned bidi = n > 1 ? bidi_control(p) : 0;
		size_t need = bidi ? 6 : n ? n : 4;
		if (o + need + 4 > size) { /* keep room for "..." */
			if (o + 4 <= size) {
				memcpy(buf + o, "...", 3);
				o += 3;
			}
			break;
		}
		if (bidi) {
			snprintf(buf + o, 7, "\\u%04x", bidi);
			o += 6;
			p += n;
		} else if (n) {
			memcpy(buf + o, p, n);
			o += n;
			p += n;
		} else {
			buf[o++] = '\\';
			buf[o++] = 'x';
			buf[o++] = hex[*p >> 4];
			buf[o++] = hex[*p & 15];
			p++;
		}
	}
	buf[o] = '\0';
	return buf;
}

const char *
cs_esc_term(const char *s)
{
	static _Thread_local char ring[TERM_RING][TERM_SIZE];
	static _Thread_local unsigned next;
	char *buf = ring[next++ % TERM_RING];
	return cs_esc_term_buf(buf, TERM_SIZE, s);
}

void
cs_esc_md(FILE *f, const char *s)
{
	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;
		switch (c) {
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '&': fputs("&amp;", f); break;
		case '\\':
		case '`':
		case '*':
		case '_':
		case '[':
		case ']':
		case '#':
		case '|':
		case '~':
			fputc('\\', f);
			fputc(c, f);
			break;
		default:
			if (c < 0x20 || c == 0x7f)
				fputc(' ', f);
			else if (c == 0xc2 && (unsigned char)s[1] >= 0x80 &&
				 (unsigned char)s[1] < 0xa0) {
				fputc(' ', f); /* a C1 control */
				s++;
			} else
				fputc(c, f);
		}
	}
}

void
cs_esc_xml(FILE *f, const char *s)
{
	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;
		switch (c) {
		case '&': fputs("&amp;", f); break;
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '"': fputs("&quot;", f); break;
		case '\'': fputs("&#39;", f); break;
		case '\t':
		case '\n':
		case '\r': fputc(' ', f); break;
		default:
			if (c < 0x20 || c == 0x7f)
				fputs("&#xfffd;", f);
			else if (c == 0xc2 && (unsigned char)s[1] >= 0x80 &&
				 (unsigned char)s[1] < 0xa0) {
				fputs("&#xfffd;", f); /* a C1 control */
				s++;
			} else
				fputc(c, f);
		}
	}
}

void
cs_esc_csv(FILE *f, const char *s)
{
	if (!s)
		s = "";
	bool formula = strchr("=+@\t\r", s[0]) != NULL && s[0] != '\0';
	formula |= s[0] == '-' && s[1] != '\0';
	bool control = false;
	for (const unsigned char *c = (const unsigned char *)s; *c && !control; c++)
		control = *c < 0x20 || *c == 0x7f;
	if (!formula && !control && strpbrk(s, ",\"\r\n") == NULL) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	if (formula)
		fputc('\'', f);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"')
			fputc('"', f);
		if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7f)
			fputs("\xef\xbf\xbd", f); /* U+FFFD for ESC, BEL, ...: data, not commands */
		else
			fputc(c, f);
	}
	fputc('"', f);
}
