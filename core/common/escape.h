/* One escaping function per output language. Every string that comes from a
   result file (library names, labels, host, kernel, CPU, versions, details)
   goes through the function of the language it is written in, in every
   writer of that language: report, compare, history and the exports. */
#ifndef CS_ESCAPE_H
#define CS_ESCAPE_H

#include <stddef.h>
#include <stdio.h>

/*
 * The one UTF-8 validator: the length (1 to 4) of the valid UTF-8 sequence at
 * s, or 0 when s does not start one (a stray continuation byte, an overlong
 * form, a surrogate, past U+10FFFF, a sequence cut short by the string's
 * NUL). An ASCII byte is 1. Control characters count as valid: what a
 * writer shows of them is its own escaping (cs_esc_term writes the C1
 * controls as \xNN).
 */
size_t cs_utf8_len(const char *s);

/* The most bytes cs_esc_term writes of one name (after escaping); a longer
   one ends with "...". */
#define CS_ESC_TERM_MAX 4096

/*
 * Terminal text: every control character (C0 including newline and tab, DEL,
 * the C1 range encoded as UTF-8, and bytes that are not UTF-8) is written as
 * a visible \xNN, and a bidirectional formatting character (U+202E ...) as
 * \uNNNN, so no escape or OSC sequence, no line break and no reordering of
 * a name reaches the terminal. Returns a pointer into one of a few per-thread
 * buffers that stay valid for the next 7 calls (so up to 8 names can be
 * arguments of one printf). NULL is written as "".
 */
const char *cs_esc_term(const char *s);

/* The same into buf (size bytes, always NUL-terminated when size > 0; what
   does not fit ends with "..."). For whole messages (errors on stderr). */
char *cs_esc_term_buf(char *buf, size_t size, const char *s);

/*
 * Markdown (GitHub-flavoured, in or out of a table cell): punctuation that
 * could start markup (\ ` * _ [ ] # | ~) gets a backslash (a link or image
 * needs '[', so '(' and '!' stay), '<', '>' and '&' become entities, control
 * characters and line breaks become a space. Safe
 * inside a table cell and in running text; not for code spans (write no code
 * span around a name).
 */
void cs_esc_md(FILE *f, const char *s);

/*
 * HTML text or a quoted attribute value, and XML (SVG, JUnit) alike:
 * & < > " ' as entities; tab, LF and CR as a space (a name has no line
 * breaks); the other C0 controls, which XML 1.0 forbids, DEL and the C1
 * controls become U+FFFD. NULL is written as "".
 */
void cs_esc_xml(FILE *f, const char *s);

/*
 * One CSV field (RFC 4180), without its separator: quoted when it holds a
 * comma, quote, CR or LF (quotes doubled). A field a spreadsheet would read
 * as a formula (leading =, +, -, @, tab or CR; a lone "-" is kept) is
 * neutralised with a leading apostrophe, inside quotes. Control characters
 * other than tab, CR and LF (ESC, BEL, ...) become U+FFFD: a CSV file shown
 * in a terminal runs no escape sequence.
 */
void cs_esc_csv(FILE *f, const char *s);

#endif
