/* The escaping functions of core/common/escape.c on hostile strings: exact
   outputs, so that a change to what a language lets through is deliberate. */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "escape.h"

typedef void esc_fn(FILE *f, const char *s);

/* What fn writes for s, in buf. */
static const char *
run(esc_fn *fn, const char *s, char *buf, size_t n)
{
	FILE *f = fmemopen(buf, n, "w");
	if (!f)
		return "";
	fn(f, s);
	fclose(f);
	return buf;
}

int
main(void)
{
	char buf[8192], out[8192];

	/* terminal: controls visible, UTF-8 kept, C1 and broken UTF-8 escaped */
	CHECK(strcmp(cs_esc_term("a\x1b]0;x\x07z"), "a\\x1b]0;x\\x07z") == 0);
	CHECK(strcmp(cs_esc_term("line\r\nforged"), "line\\x0d\\x0aforged") == 0);
	CHECK(strcmp(cs_esc_term("caf\xc3\xa9"), "caf\xc3\xa9") == 0);
	CHECK(strcmp(cs_esc_term("\xc2\x9b"
				 "2J"),
		     "\\xc2\\x9b2J") == 0);
	CHECK(strcmp(cs_esc_term("\xff\xfe"), "\\xff\\xfe") == 0);
	/* bidirectional controls reorder what a terminal shows: U+202E, U+2066,
	   U+200F, U+061C are written as \uNNNN; other 3-byte characters stay */
	CHECK(strcmp(cs_esc_term("evil\xe2\x80\xaegpj.exe"), "evil\\u202egpj.exe") == 0);
	CHECK(strcmp(cs_esc_term("\xe2\x81\xa6x\xe2\x81\xa9"), "\\u2066x\\u2069") == 0);
	CHECK(strcmp(cs_esc_term("\xe2\x80\x8f\xd8\x9c"), "\\u200f\\u061c") == 0);
	CHECK(strcmp(cs_esc_term("\xe2\x80\x94"), "\xe2\x80\x94") == 0); /* an em dash */
	CHECK(strcmp(cs_esc_term(NULL), "") == 0);
	/* eight at once stay valid (one printf's arguments) */
	const char *r[8];
	for (int i = 0; i < 8; i++)
		r[i] = cs_esc_term(i % 2 ? "odd" : "even");
	for (int i = 0; i < 8; i++)
		CHECK(strcmp(r[i], i % 2 ? "odd" : "even") == 0);
	/* very long: bounded, ends with "..." */
	char *longs = malloc(100000);
	if (longs) {
		memset(longs, '\x1b', 99999);
		longs[99999] = '\0';
		const char *t = cs_esc_term(longs);
		CHECK(strlen(t) <= CS_ESC_TERM_MAX + 3);
		CHECK(strcmp(t + strlen(t) - 3, "...") == 0);
		CHECK(strchr(t, '\x1b') == NULL);
		free(longs);
	}
	CHECK(strcmp(cs_esc_term_buf(out, 8, "abcdefghij"), "abcd...") == 0);

	/* Markdown: nothing that starts markup, no HTML, no line break */
	CHECK(strcmp(run(cs_esc_md, "x`<img src=x onerror=alert(1)>|*_[a](b)#\n=cmd", buf,
			 sizeof buf),
		     "x\\`&lt;img src=x onerror=alert(1)&gt;\\|\\*\\_\\[a\\](b)\\# =cmd") == 0);
	CHECK(strcmp(run(cs_esc_md, "a\x1b[31m\xc2\x9b", buf, sizeof buf), "a \\[31m ") == 0);

	/* HTML/XML: entities, no control character XML forbids, no line break */
	CHECK(strcmp(run(cs_esc_xml, "<img src=x onerror='a'>&\"\n\x1b\xc2\x85", buf, sizeof buf),
		     "&lt;img src=x onerror=&#39;a&#39;&gt;&amp;&quot; &#xfffd;&#xfffd;") == 0);

	/* CSV: formulas neutralised inside quotes, a lone "-" kept, quotes doubled */
	CHECK(strcmp(run(cs_esc_csv, "=HYPERLINK(\"x\")", buf, sizeof buf), "\"'=HYPERLINK("
									    "\"\"x\"\")\"") == 0);
	CHECK(strcmp(run(cs_esc_csv, "+1", buf, sizeof buf), "\"'+1\"") == 0);
	CHECK(strcmp(run(cs_esc_csv, "-1+2", buf, sizeof buf), "\"'-1+2\"") == 0);
	CHECK(strcmp(run(cs_esc_csv, "@SUM(A1)", buf, sizeof buf), "\"'@SUM(A1)\"") == 0);
	CHECK(strcmp(run(cs_esc_csv, "\tx", buf, sizeof buf), "\"'\tx\"") == 0);
	CHECK(strcmp(run(cs_esc_csv, "\rx", buf, sizeof buf), "\"'\rx\"") == 0);
	CHECK(strcmp(run(cs_esc_csv, "-", buf, sizeof buf), "-") == 0);
	CHECK(strcmp(run(cs_esc_csv, "openssl", buf, sizeof buf), "openssl") == 0);
	CHECK(strcmp(run(cs_esc_csv, "a,b", buf, sizeof buf), "\"a,b\"") == 0);
	CHECK(strcmp(run(cs_esc_csv,
			 "a\x1b"
			 "b",
			 buf, sizeof buf),
		     "\"a\xef\xbf\xbd"
		     "b\"") == 0);
	return check_done("test_escape");
}
