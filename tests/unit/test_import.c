/*
 * Import of openssl speed output: the number parsing, small pasted snippets,
 * and the inputs of the older OpenSSL output eras (tests/data/import/, written
 * from the printf formats of apps/speed.c), each checked on given cells; the
 * newer eras are in test_import_eras.c.
 */
#include <jansson.h>

#include "test_import.h"

static void
test_parse_rate(void)
{
	double v = -1;
	CHECK(cs_import_parse_rate("35875.57k", 9, &v) == 0);
	CHECK_NEAR(v, 35875570.0, 1e-3);
	/* under 10000 speed.c prints bytes per second, without the k */
	CHECK(cs_import_parse_rate("9795.82", 7, &v) == 0);
	CHECK_NEAR(v, 9795.82, 1e-9);
	CHECK(cs_import_parse_rate("0.00", 4, &v) == 0);
	CHECK(v == 0);
	CHECK(cs_import_parse_rate("208987.02k|", 10, &v) == 0); /* n bounds the token */
	CHECK_NEAR(v, 208987020.0, 1e-3);
	const char *none[] = {"inf", "infk", "-nan", "nan"};
	for (size_t i = 0; i < sizeof none / sizeof none[0]; i++) {
		v = -2;
		CHECK(cs_import_parse_rate(none[i], strlen(none[i]), &v) == 0);
		CHECK(v == 0);
	}
	const char *bad[] = {"",     "k",
			     ".",    "1.2.3",
			     "-5",   "1e5",
			     "nanx", "infinity",
			     "12k3", "0x10",
			     "12kk", "1,5",
			     "12s",  "1234567890123456789012345678901234567890123"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		v = -2;
		CHECK(cs_import_parse_rate(bad[i], strlen(bad[i]), &v) == -1);
		CHECK(v == -2);
	}
}

static void
test_snippets(void)
{
	char err[512];
	/* k, no k, 0.00, a row cut short, a row with too many values */
	json_t *d = import_text("The 'numbers' are in 1000s of bytes per second processed.\n"
				"type             16 bytes     64 bytes    256 bytes   1024 bytes\n"
				"md2                 0.00         0.00         0.00         0.00 \n"
				"md5              9876.54     12345.67k    23456.78k    34567.89k\n"
				"sha1            11111.11k    22222.22k\n"
				"rc4 1.00k 2.00k 3.00k 4.00k 5.00k\n",
				CS_IMPORT_OK, err, sizeof err);
	CHECK_NEAR(rate(d, 0, "lowlevel", "md5", "digest", 16), 9876.54, 1e-6);
	CHECK_NEAR(rate(d, 0, "lowlevel", "md5", "digest", 64), 12345670.0, 1e-3);
	CHECK_NEAR(rate(d, 0, "lowlevel", "sha1", "digest", 64), 22222220.0, 1e-3);
	CHECK_NEAR(rate(d, 0, NULL, "md5", "digest", 1024), 34567890.0, 1e-3);
	CHECK(n_cells(d) == 6); /* no md2 (0.00), sha1 16/64 only, no rc4 */
	json_t *c = find(d, 0, NULL, "md5", "digest", 16);
	CHECK(c && strcmp(json_string_value(json_object_get(c, "source")), "imported") == 0);
	CHECK(c && json_integer_value(json_object_get(c, "line")) == 2);
	CHECK(c && json_integer_value(json_object_get(c, "row_line")) == 4);
	CHECK(c && strcmp(json_string_value(json_object_get(json_object_get(c, "rate"), "unit")),
			  "B/s") == 0);
	CHECK(c && !json_object_get(c, "samples") && !json_object_get(c, "evidence"));
	CHECK(c && !json_object_get(c, "multi"));
	json_decref(d);

	/* a row wrapped onto the next line is one row; a row cut short stays short */
	d = import_text("type 16 bytes 64 bytes 256 bytes 1024 bytes\n"
			"md5 1.00k 2.00k\n   3.00k 4.00k\nsha1 5.00k\nrc4 6.00k 7.00k\n",
			CS_IMPORT_OK, err, sizeof err);
	CHECK(n_cells(d) == 7);
	CHECK_NEAR(rate(d, 0, NULL, "md5", "digest", 1024), 4000.0, 1e-9);
	c = find(d, 0, NULL, "md5", "digest", 256);
	CHECK(c && json_integer_value(json_object_get(c, "row_line")) == 3);
	CHECK_NEAR(rate(d, 0, NULL, "sha1", "digest", 16), 5000.0, 1e-9);
	CHECK_NEAR(rate(d, 0, NULL, "rc4", "encrypt", 64), 7000.0, 1e-9);
	json_decref(d);

	/* -multi and -decrypt from the command line in the prose */
	d = import_text("I ran openssl speed -multi 4 -decrypt -evp aes-128-gcm:\n"
			"type 16 bytes 64 bytes\n"
			"aes-128-gcm 100.00k 200.00k\n",
			CS_IMPORT_OK, err, sizeof err);
	c = find(d, 0, "evp", "aes-128-gcm", "open", 64);
	CHECK(c && json_integer_value(json_object_get(c, "multi")) == 4);
	CHECK_NEAR(rate(d, 0, "evp", "aes-128-gcm", "open", 64), 200000.0, 1e-6);
	CHECK(src_int(d, 0, "multi") == 4);
	CHECK(src_str(d, 0, "label") && strstr(src_str(d, 0, "label"), "-multi 4"));
	json_decref(d);

	/* -multi from its own "Forked child" lines; CRLF, tabs and no-break spaces */
	d = import_text("Forked child 0\r\nForked child 1\r\nForked child 2\r\n"
			"type\t16 bytes\t64 bytes\r\n"
			"sha256\xc2\xa0\xc2\xa0 1000.00k\t2000.00k\r\n",
			CS_IMPORT_OK, err, sizeof err);
	c = find(d, 0, NULL, "sha256", "digest", 64);
	CHECK(c && json_integer_value(json_object_get(c, "multi")) == 3);
	CHECK_NEAR(rate(d, 0, NULL, "sha256", "digest", 64), 2000000.0, 1e-6);
	json_decref(d);

	/* two tables with prose between: two sources; a table and its rsa rows: one */
	d = import_text("type 16 bytes 64 bytes\nsha256 1.00k 2.00k\n"
			"                  sign    verify    sign/s verify/s\n"
			"rsa 2048 bits 0.001000s 0.000100s   1000.0  10000.0\n"
			"And on the other box:\n"
			"type 16 bytes 64 bytes\nsha256 3.00k 4.00k\n"
			"type 16 bytes 64 bytes\nsha256 5.00k 6.00k\n",
			CS_IMPORT_OK, err, sizeof err);
	CHECK(n_sources(d) == 3);
	CHECK_NEAR(rate(d, 0, NULL, "rsa-2048", "verify", 0), 10000.0, 1e-9);
	CHECK_NEAR(rate(d, 1, NULL, "sha256", "digest", 16), 3000.0, 1e-9);
	CHECK_NEAR(rate(d, 2, NULL, "sha256", "digest", 64), 6000.0, 1e-9);
	CHECK(src_int(d, 1, "line") == 6);
	json_decref(d);

	/* a quoted post; inf (a 0 s timing) is no cell but keeps the row and the table */
	d = import_text("> type 16 bytes 64 bytes\n> md5 infk 5.00k\n> sha1 1.00k 2.00k\n",
			CS_IMPORT_OK, err, sizeof err);
	CHECK(n_cells(d) == 3);
	CHECK_NEAR(rate(d, 0, NULL, "md5", "digest", 64), 5000.0, 1e-9);
	CHECK_NEAR(rate(d, 0, NULL, "sha1", "digest", 16), 1000.0, 1e-9);
	json_decref(d);

	/* a "Doing" result wrapped onto the next line; 3.x wording makes bare names EVP */
	d = import_text("Doing sha256 ops for 3s on 1024 size blocks: \n"
			"300000 sha256 ops in 3.00s\n"
			"Doing sha256 ops for 3s on 16 size blocks: 900000 sha256 ops in 2.00s\n",
			CS_IMPORT_OK, err, sizeof err);
	CHECK_NEAR(rate(d, 0, "evp", "sha256", "digest", 1024), 300000.0 * 1024 / 3, 1e-3);
	CHECK_NEAR(rate(d, 0, "evp", "sha256", "digest", 16), 900000.0 * 16 / 2, 1e-3);
	CHECK(src_str(d, 0, "format") && strcmp(src_str(d, 0, "format"), "progress") == 0);
	json_decref(d);

	/* invalid UTF-8 in a preamble string becomes '?', the document stays writable */
	d = import_text("OpenSSL 1.1.1k  25 Mar 2021\ncompiler: gcc \xff\xfe -O2\n"
			"type 16 bytes 64 bytes\nsha1 1.00k 2.00k\n",
			CS_IMPORT_OK, err, sizeof err);
	CHECK(src_str(d, 0, "compiler") && strcmp(src_str(d, 0, "compiler"), "gcc ?? -O2") == 0);
	char *dump = d ? json_dumps(d, 0) : NULL;
	CHECK(dump != NULL);
	free(dump);
	json_decref(d);

	/* more cells than a pasted page holds: refused, naming the line */
	size_t rows = CS_IMPORT_MAX_CELLS / 6 + 1, cap = 80 + rows * 40, used = 0;
	char *big = malloc(cap);
	CHECK(big != NULL);
	if (big) {
		used += (size_t)snprintf(big, cap,
					 "type 16 bytes 64 bytes 256 bytes 1024 bytes "
					 "8192 bytes 16384 bytes\n");
		for (size_t i = 0; i < rows; i++)
			used += (size_t)snprintf(big + used, cap - used,
						 "md5 1.00k 2.00k 3.00k 4.00k 5.00k 6.00k\n");
		json_t *none = NULL;
		CHECK(cs_import_openssl_speed(big, used, "big", &none, err, sizeof err) ==
		      CS_IMPORT_BAD);
		CHECK(none == NULL);
		char want[64];
		snprintf(want, sizeof want, "big:%zu: more than %d cells", rows + 1,
			 CS_IMPORT_MAX_CELLS);
		CHECK(strstr(err, want) == err);
		free(big);
	}

	/* bad input: one line naming the file and the line */
	import_text("", CS_IMPORT_BAD, err, sizeof err);
	CHECK(strncmp(err, "paste.txt:1: no openssl speed table", 35) == 0);
	import_text("hello\nworld 12 34\n", CS_IMPORT_BAD, err, sizeof err);
	CHECK(strstr(err, "paste.txt:2: no openssl speed table in 2 lines") == err);
	import_text("prose\ntype 16 bytes 64 bytes\nthis is not a row\n", CS_IMPORT_BAD, err,
		    sizeof err);
	CHECK(strstr(err, "paste.txt:2: a table of openssl speed with no readable row") == err);
	json_t *none = NULL;
	CHECK(cs_import_openssl_speed("type 16 bytes\nsha1\0 1.00k\n", 25, "bin", &none, err,
				      sizeof err) == CS_IMPORT_BAD);
	CHECK(none == NULL);
	CHECK(strstr(err, "bin:2: not text: a NUL byte at column 5") == err);
	CHECK(!strchr(err, '\n'));
}

static void
test_eras(void)
{
	/* 0.9.6: the 8-byte column, values under 10000 without k, 4-decimal times */
	json_t *d = import_file("openssl-0.9.6.txt");
	CHECK(n_sources(d) == 1);
	CHECK_NEAR(rate(d, 0, "lowlevel", "md5", "digest", 8), 4321.5, 1e-9);
	CHECK_NEAR(rate(d, 0, "lowlevel", "sha1", "digest", 8192), 33456.79e3, 1e-3);
	CHECK_NEAR(rate(d, 0, "lowlevel", "des-cbc", "encrypt", 1024), 6823.46e3, 1e-3);
	CHECK_NEAR(rate(d, 0, "lowlevel", "rsa1024", "sign", 0), 90.9, 1e-9);
	CHECK_NEAR(rate(d, 0, "lowlevel", "dsa512", "verify", 0), 454.5, 1e-9);
	char *all = json_dumps(d, 0);
	CHECK(all && !strstr(all, "\"md2\"")); /* 0.00: not measured, no cell */
	free(all);
	const char *version = src_str(d, 0, "version");
	CHECK(version && strcmp(version, "OpenSSL 0.9.6m 17 Mar 2004") == 0);
	CHECK(src_str(d, 0, "options") &&
	      strncmp(src_str(d, 0, "options"), "bn(32,32) md2", 13) == 0);
	json_decref(d);

	/* 1.0.2: low-level "aes-128 cbc" apart from EVP "aes-128-gcm"; the table
	   wins over the progress lines before it */
	d = import_file("openssl-1.0.2.txt");
	CHECK(n_sources(d) == 1 && n_cells(d) == 20);
	CHECK_NEAR(rate(d, 0, "lowlevel", "aes-128-cbc", "encrypt", 8192), 130252.80e3, 1e-3);
	CHECK_NEAR(rate(d, 0, "evp", "aes-128-gcm", "seal", 8192), 884736.00e3, 1e-3);
	CHECK_NEAR(rate(d, 0, "lowlevel", "sha256", "digest", 16), 64000.00e3, 1e-3);
	CHECK_NEAR(rate(d, 0, "lowlevel", "ecdsa-p256", "sign", 0), 21042.1, 1e-9);
	CHECK_NEAR(rate(d, 0, "lowlevel", "p256", "derive", 0), 11011.0, 1e-9);
	json_t *c = find(d, 0, NULL, "p256", "derive", 0);
	CHECK(c && strcmp(json_string_value(json_object_get(json_object_get(c, "rate"), "unit")),
			  "op/s") == 0);
	CHECK(src_int(d, 0, "line") == 2); /* its first "Doing" line */
	json_decref(d);

	/* -mr of 1.0.2: key ops in seconds per op */
	d = import_file("openssl-1.0.2-mr.txt");
	CHECK_NEAR(rate(d, 0, "lowlevel", "aes-128-cbc", "encrypt", 8192), 130252800.0, 1e-3);
	CHECK_NEAR(rate(d, 0, NULL, "rsa-2048", "sign", 0), 1 / 0.001230, 1e-6);
	CHECK_NEAR(rate(d, 0, NULL, "ecdsa-p256", "sign", 0), 1 / 0.000048, 1e-6);
	CHECK_NEAR(rate(d, 0, NULL, "p256", "derive", 0), 11011.011011, 1e-6);
	json_decref(d);

	/* -multi 2: the summed table, not a child's line */
	d = import_file("openssl-1.1.1-multi.txt");
	CHECK(n_sources(d) == 1 && n_cells(d) == 6);
	CHECK_NEAR(rate(d, 0, "evp", "aes-128-gcm", "seal", 16384), 5290000.00e3, 1e-3);
	c = find(d, 0, "evp", "aes-128-gcm", "seal", 16);
	CHECK(c && json_integer_value(json_object_get(c, "multi")) == 2);
	json_decref(d);

	/* a forum page: markdown tables, -multi in the prose, progress lines only */
	d = import_file("forum-page.txt");
	CHECK(n_sources(d) == 3);
	CHECK_NEAR(rate(d, 0, "evp", "aes-128-gcm", "seal", 8192), 94012.34e3, 1e-3);
	CHECK(src_int(d, 0, "multi") == 1 && src_int(d, 1, "multi") == 4);
	CHECK_NEAR(rate(d, 1, "evp", "aes-128-gcm", "seal", 16384), 376493.80e3, 1e-3);
	CHECK_NEAR(rate(d, 2, "lowlevel", "sha256", "digest", 16), 4500000.0 * 16 / 3, 1e-3);
	json_decref(d);
}

int
main(void)
{
	test_parse_rate();
	test_snippets();
	test_eras();
	return check_done("test_import");
}
