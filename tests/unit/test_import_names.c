/*
 * Imports that line up (issue 23): the one name table (core/import/names.c)
 * per OpenSSL era, 3.4+'s tables that repeat an operation, trimmed pastes,
 * a -multi summary printed as inf, the run's options and the machine in the
 * label. Inputs are written from each era's apps/speed.c printf formats.
 */
#define _GNU_SOURCE
#include <stdbool.h>
#include <jansson.h>

#include "test_import.h"

/* No two cells of one source with one identity (alg, op, path, size). */
static bool
unique_cells(json_t *doc)
{
	json_t *a, *b;
	size_t i, j;
	json_array_foreach(json_object_get(doc, "cells"), i, a)
	{
		json_array_foreach(json_object_get(doc, "cells"), j, b)
		{
			if (j <= i)
				continue;
			const char *keys[] = {"alg", "op", "path"};
			bool same = json_integer_value(json_object_get(a, "table")) ==
					    json_integer_value(json_object_get(b, "table")) &&
				    json_integer_value(json_object_get(a, "size")) ==
					    json_integer_value(json_object_get(b, "size"));
			for (size_t k = 0; k < 3 && same; k++)
				same = strcmp(json_string_value(json_object_get(a, keys[k])),
					      json_string_value(json_object_get(b, keys[k]))) == 0;
			if (same) {
				printf("  cells %zu and %zu: one identity\n", i, j);
				return false;
			}
		}
	}
	return true;
}

/* Import text, with what went to the diag stream in diag (size n). */
static json_t *
import_diag(const char *text, char *diag, size_t n, size_t *skipped)
{
	char err[1024];
	json_t *doc = NULL;
	FILE *f = fmemopen(diag, n, "w");
	CHECK(f != NULL);
	int rc = cs_import_openssl_speed_ex(text, strlen(text), "paste.txt", &doc, err, sizeof err,
					    f, skipped);
	fclose(f);
	CHECK(rc == CS_IMPORT_OK);
	if (rc != CS_IMPORT_OK)
		printf("  %s\n", err);
	return doc;
}

static const char era_098[] =
	"OpenSSL 0.9.8o 01 Jun 2010\n"
	"type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes\n"
	"hmac(md5)        27016.73k    90016.66k   232155.23k   373380.04k   451416.97k\n"
	"sha256           20112.59k    46474.44k    83287.57k   103390.89k   111094.51k\n"
	"                  sign    verify    sign/s verify/s\n"
	"rsa 2048 bits 0.004461s 0.000133s    224.2   7526.5\n"
	"rsa 4096 bits 0.029744s 0.000465s     33.6   2150.4\n"
	"                              sign    verify    sign/s verify/s\n"
	" 256 bit ecdsa (nistp256)   0.0001s   0.0004s   7100.9   2528.8\n"
	" 384 bit ecdsa (nistp384)   0.0002s   0.0009s   4117.1   1068.6\n"
	"                              op      op/s\n"
	" 256 bit ecdh (nistp256)   0.0003s   3036.7\n"
	" 384 bit ecdh (nistp384)   0.0008s   1262.5\n";

static const char era_111[] = "OpenSSL 1.1.1f  31 Mar 2020\n"
			      "type             16 bytes     64 bytes    256 bytes   1024 bytes   "
			      "8192 bytes  16384 bytes\n"
			      "hmac(md5)        45151.04k   137497.62k   320164.69k   477134.51k   "
			      "551342.08k   557242.37k\n"
			      "                              op      op/s\n"
			      " 256 bits ecdh (nistp256)   0.0001s  17890.1\n"
			      " 253 bits ecdh (X25519)   0.0000s  30123.4\n"
			      " 448 bits ecdh (X448)   0.0003s   3012.3\n"
			      "                              sign    verify    sign/s verify/s\n"
			      " 253 bits EdDSA (Ed25519)   0.0000s   0.0001s  25012.3   9012.3\n"
			      " 456 bits EdDSA (Ed448)   0.0002s   0.0004s   5012.3   2012.3\n";

/* 3.5: the classic RSA and DSA tables, then the KEM and signature tables
   (speed.c prints rsa2048 in all three: sign/verify twice, keygen twice). */
static const char era_35[] =
	"version: 3.5.0\n"
	"built on: Tue Apr  8 13:11:04 2025 UTC\n"
	"                   sign    verify    encrypt   decrypt   sign/s verify/s  encr./s  "
	"decr./s\n"
	"rsa  2048 bits 0.000452s 0.000013s 0.000013s 0.000455s   2212.3  76543.2  74321.0   "
	"2198.7\n"
	"                  sign    verify    sign/s verify/s\n"
	"dsa 2048 bits 0.000300s 0.000250s   3333.3   4000.0\n"
	"                              op      op/s\n"
	" 253 bits ecdh (X25519)   0.0000s  41234.5\n"
	"                               keygen    encaps    decaps keygens/s  encaps/s  decaps/s\n"
	"                    rsa2048 0.050000s 0.000020s 0.000460s      20.0   50000.0    2173.9\n"
	"                     X25519 0.000020s 0.000050s 0.000030s   50000.0   20000.0   33333.3\n"
	"                    ECP-256 0.000010s 0.000070s 0.000050s  100000.0   14285.7   20000.0\n"
	"                 ML-KEM-768 0.000024s 0.000015s 0.000020s   41234.5   65432.1   51234.5\n"
	"                               keygen     signs    verify keygens/s    sign/s  verify/s\n"
	"                    rsa2048 0.040000s 0.000460s 0.000014s      25.0    2173.9   71428.6\n"
	"                    dsa2048 0.000500s 0.000310s 0.000260s    2000.0    3225.8    3846.2\n"
	"                  ML-DSA-65 0.000050s 0.000131s 0.000047s   19876.5    7654.3   21098.7\n";

/* A -multi 2 run whose summary rows came out as inf (each child's +F line is there). */
static const char multi_inf[] =
	"$ openssl speed -multi 2 -evp aes-128-gcm rsa2048\n"
	"Forked child 0\n"
	"Forked child 1\n"
	"Got: +H:16:64:256:1024:8192:16384 from 0\n"
	"Got: +F:22:aes-128-gcm:1000.00:2000.00:3000.00:4000.00:5000.00:6000.00 from 0\n"
	"Got: +F2:2:2048:1400.000000:48000.000000 from 0\n"
	"Got: +H:16:64:256:1024:8192:16384 from 1\n"
	"Got: +F:22:aes-128-gcm:1100.00:2100.00:3100.00:4100.00:5100.00:6100.00 from 1\n"
	"Got: +F2:2:2048:1300.000000:47000.000000 from 1\n"
	"OpenSSL 1.1.1w  11 Sep 2023\n"
	"type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
	"bytes\n"
	"aes-128-gcm          infk         infk         infk         infk         infk         "
	"infk\n"
	"                  sign    verify    sign/s verify/s\n"
	"rsa 2048 bits     infs      infs      inf      inf\n";

int
main(void)
{
	json_t *d;
	char err[1024], diag[4096];
	size_t skipped;

	/* the table itself */
	char buf[64];
	CHECK(strcmp(cs_import_alg_name("rsa2048", buf, sizeof buf), "rsa-2048") == 0);
	CHECK(strcmp(cs_import_alg_name("ecdsap256", buf, sizeof buf), "ecdsa-p256") == 0);
	CHECK(strcmp(cs_import_alg_name("ecdhp256", buf, sizeof buf), "p256") == 0);
	CHECK(strcmp(cs_import_alg_name("ecdhx25519", buf, sizeof buf), "x25519") == 0);
	CHECK(strcmp(cs_import_alg_name("hmac(sha256)", buf, sizeof buf), "hmac-sha256") == 0);
	CHECK(strcmp(cs_import_alg_name("hmac(md5)", buf, sizeof buf), "hmac-md5") == 0);
	CHECK(strcmp(cs_import_alg_name("sha2-256", buf, sizeof buf), "sha256") == 0);
	CHECK(strcmp(cs_import_alg_name("ecdhp384", buf, sizeof buf), "ecdhp384") == 0);
	CHECK(strcmp(cs_import_alg_name("x448", buf, sizeof buf), "ecdhx448") == 0);
	CHECK(strcmp(cs_import_alg_name("aes-128-gcm", buf, sizeof buf), "aes-128-gcm") == 0);
	/* 3.5's speed selectors of the post-quantum schemes (issue 28) */
	CHECK(strcmp(cs_import_alg_name("mlkem768", buf, sizeof buf), "ml-kem-768") == 0);
	CHECK(strcmp(cs_import_alg_name("mldsa65", buf, sizeof buf), "ml-dsa-65") == 0);

	/* 0.9.8: "bit", low-level rows */
	d = import_text(era_098, CS_IMPORT_OK, err, sizeof err);
	CHECK_NEAR(rate(d, 0, "lowlevel", "rsa-2048", "sign", 0), 224.2, 1e-9);
	CHECK_NEAR(rate(d, 0, "lowlevel", "rsa4096", "verify", 0), 2150.4, 1e-9);
	CHECK_NEAR(rate(d, 0, "lowlevel", "ecdsa-p256", "verify", 0), 2528.8, 1e-9);
	CHECK_NEAR(rate(d, 0, "lowlevel", "ecdsap384", "sign", 0), 4117.1, 1e-9);
	CHECK_NEAR(rate(d, 0, "lowlevel", "p256", "derive", 0), 3036.7, 1e-9);
	CHECK_NEAR(rate(d, 0, "lowlevel", "ecdhp384", "derive", 0), 1262.5, 1e-9);
	CHECK_NEAR(rate(d, 0, "lowlevel", "hmac-md5", "mac", 16), 27016.73e3, 1e-3);
	CHECK_NEAR(rate(d, 0, "lowlevel", "sha256", "digest", 8192), 111094.51e3, 1e-3);
	json_decref(d);

	/* 1.0.x: the shared fixture (test_import_fixtures) and openssl-1.0.2.txt */
	d = import_file("openssl-1.0.2.txt");
	char *all = json_dumps(d, 0);
	CHECK(all && !strstr(all, "\"rsa2048\"") && !strstr(all, "\"ecdsap256\""));
	free(all);
	json_decref(d);

	/* 1.1.1: "bits", X25519 and Ed25519 through EVP */
	d = import_text(era_111, CS_IMPORT_OK, err, sizeof err);
	CHECK_NEAR(rate(d, 0, "evp", "x25519", "derive", 0), 30123.4, 1e-9);
	CHECK_NEAR(rate(d, 0, "evp", "p256", "derive", 0), 17890.1, 1e-9);
	CHECK_NEAR(rate(d, 0, "evp", "ecdhx448", "derive", 0), 3012.3, 1e-9);
	CHECK_NEAR(rate(d, 0, "evp", "ed25519", "sign", 0), 25012.3, 1e-9);
	CHECK_NEAR(rate(d, 0, "evp", "ed448", "verify", 0), 2012.3, 1e-9);
	CHECK_NEAR(rate(d, 0, "lowlevel", "hmac-md5", "mac", 16384), 557242.37e3, 1e-3);
	json_decref(d);

	/* 3.x: hmac(sha256), the 8-column rsa table, capitalised EVP names */
	d = import_file("openssl-3.x-lineup.txt");
	CHECK_NEAR(rate(d, 0, "evp", "hmac-sha256", "mac", 16), 45678.90e3, 1e-3);
	CHECK_NEAR(rate(d, 0, "evp", "rsa-2048", "sign", 0), 2212.3, 1e-9);
	CHECK_NEAR(rate(d, 0, "evp", "rsa-2048", "decrypt", 0), 2198.7, 1e-9);
	CHECK_NEAR(rate(d, 0, "evp", "ecdsa-p256", "sign", 0), 52345.6, 1e-9);
	CHECK_NEAR(rate(d, 0, "evp", "x25519", "derive", 0), 39876.5, 1e-9);
	json_decref(d);

	/* 3.5: the signature table repeats rsa2048 sign (classic table) and
	   keygen (KEM table): it becomes its own source, named in the label;
	   the KEM table repeats nothing and stays in the run's source */
	d = import_diag(era_35, diag, sizeof diag, &skipped);
	CHECK(skipped == 0);
	CHECK(n_sources(d) == 2);
	CHECK(unique_cells(d));
	CHECK(src_str(d, 0, "table_kind") == NULL);
	CHECK(src_str(d, 1, "table_kind") &&
	      strcmp(src_str(d, 1, "table_kind"), "keygen/sign/verify table") == 0);
	CHECK(src_str(d, 1, "label") && strstr(src_str(d, 1, "label"), ", keygen/sign/verify "
								       "table") != NULL);
	CHECK(src_str(d, 1, "version") && strcmp(src_str(d, 1, "version"), "OpenSSL 3.5.0") == 0);
	CHECK_NEAR(rate(d, 0, "evp", "rsa-2048", "sign", 0), 2212.3, 1e-9);
	CHECK_NEAR(rate(d, 0, "evp", "dsa2048", "verify", 0), 4000.0, 1e-9);
	CHECK_NEAR(rate(d, 0, "evp", "x25519", "derive", 0), 41234.5, 1e-9);
	CHECK_NEAR(rate(d, 0, "evp", "rsa-2048", "keygen", 0), 20.0, 1e-9);
	CHECK_NEAR(rate(d, 0, "evp", "x25519", "keygen", 0), 50000.0, 1e-9);
	CHECK_NEAR(rate(d, 0, "evp", "p256", "encaps", 0), 14285.7, 1e-9);
	CHECK_NEAR(rate(d, 0, "evp", "ml-kem-768", "decaps", 0), 51234.5, 1e-9);
	CHECK_NEAR(rate(d, 1, "evp", "rsa-2048", "sign", 0), 2173.9, 1e-9);
	CHECK_NEAR(rate(d, 1, "evp", "rsa-2048", "keygen", 0), 25.0, 1e-9);
	CHECK_NEAR(rate(d, 1, "evp", "dsa2048", "sign", 0), 3225.8, 1e-9);
	CHECK_NEAR(rate(d, 1, "evp", "ml-dsa-65", "sign", 0), 7654.3, 1e-9);
	json_decref(d);
	/* without the classic rows nothing repeats: one source */
	const char *sig_only = strstr(era_35, "                               keygen     signs");
	d = import_text(sig_only, CS_IMPORT_OK, err, sizeof err);
	CHECK(n_sources(d) == 1);
	json_decref(d);

	/* a trimmed paste: rows with no "type" line, read as far as they go */
	d = import_diag("aes-128-gcm 35875.57k 47015.41k 51967.57k 53470.27k 53924.73k 53995.97k\n"
			"sha256 10870.99k 27084.27k 48914.35k 61409.62k 66338.82k 66500.00k\n",
			diag, sizeof diag, &skipped);
	CHECK(skipped == 0);
	CHECK(n_cells(d) == 12);
	CHECK_NEAR(rate(d, 0, "evp", "aes-128-gcm", "seal", 16384), 53995.97e3, 1e-3);
	CHECK_NEAR(rate(d, 0, NULL, "sha256", "digest", 16), 10870.99e3, 1e-3);
	CHECK(strstr(diag, "paste.txt:1: note: rows without their 'type 16 bytes") != NULL);
	json_decref(d);

	/* -multi summary printed as inf: the children's +F lines, summed */
	d = import_diag(multi_inf, diag, sizeof diag, &skipped);
	CHECK(n_sources(d) == 1 && src_int(d, 0, "multi") == 2);
	CHECK_NEAR(rate(d, 0, "evp", "aes-128-gcm", "seal", 16), 2100.0, 1e-6);
	CHECK_NEAR(rate(d, 0, "evp", "aes-128-gcm", "seal", 16384), 12100.0, 1e-6);
	CHECK_NEAR(rate(d, 0, "lowlevel", "rsa-2048", "sign", 0), 2700.0, 1e-6);
	CHECK_NEAR(rate(d, 0, "lowlevel", "rsa-2048", "verify", 0), 95000.0, 1e-6);
	CHECK(strstr(diag, "paste.txt:12: note: 'infk' in this row") != NULL);
	CHECK(strstr(diag, "paste.txt:14: note: 'inf' or 'nan'") != NULL);
	CHECK(strstr(diag, "paste.txt:5: note: 8 cells are (aes-128-gcm seal, ...) the sum of the "
			   "2 children's +F lines") != NULL);
	json_decref(d);

	/* engine, provider and async options: in the label, engine/provider as variant */
	d = import_text("$ openssl speed -engine cryptodev -evp aes-128-cbc\n"
			"type 16 bytes 64 bytes 256 bytes 1024 bytes 8192 bytes\n"
			"aes-128-cbc 1000.00k 2000.00k 3000.00k 4000.00k 5000.00k\n"
			"$ openssl speed -async_jobs 8 -evp aes-128-cbc\n"
			"type 16 bytes 64 bytes 256 bytes 1024 bytes 8192 bytes\n"
			"aes-128-cbc 1100.00k 2100.00k 3100.00k 4100.00k 5100.00k\n"
			"$ openssl speed -evp aes-128-cbc\n"
			"type 16 bytes 64 bytes 256 bytes 1024 bytes 8192 bytes\n"
			"aes-128-cbc 1200.00k 2200.00k 3200.00k 4200.00k 5200.00k\n",
			CS_IMPORT_OK, err, sizeof err);
	CHECK(n_sources(d) == 3);
	CHECK(strstr(src_str(d, 0, "label"), "-engine cryptodev") != NULL);
	CHECK(strstr(src_str(d, 1, "label"), "-async_jobs 8") != NULL);
	CHECK(strstr(src_str(d, 2, "label"), "-async") == NULL &&
	      strstr(src_str(d, 2, "label"), "-engine") == NULL);
	json_t *c = find(d, 0, "evp", "aes-128-cbc", "encrypt", 16);
	CHECK(c &&
	      strcmp(json_string_value(json_object_get(c, "variant")), "engine=cryptodev") == 0);
	c = find(d, 2, "evp", "aes-128-cbc", "encrypt", 16);
	CHECK(c && json_object_get(c, "variant") == NULL);
	/* --label keeps the options */
	CHECK(cs_import_name(d, "board", NULL) == 0);
	CHECK(strcmp(src_str(d, 0, "label"), "board #1 -engine cryptodev") == 0);
	json_decref(d);

	/* the machine: cpuinfo's model name; uname; --machine over both */
	d = import_text("Linux host 6.1.0-13-amd64 #1 SMP PREEMPT_DYNAMIC Debian x86_64 GNU/Linux\n"
			"model name\t: Intel(R) Core(TM) i5-8250U CPU @ 1.60GHz\n"
			"type 16 bytes 64 bytes 256 bytes 1024 bytes 8192 bytes\n"
			"sha256 1000.00k 2000.00k 3000.00k 4000.00k 5000.00k\n",
			CS_IMPORT_OK, err, sizeof err);
	CHECK(strcmp(src_str(d, 0, "machine"), "Intel(R) Core(TM) i5-8250U CPU @ 1.60GHz") == 0);
	CHECK(strncmp(src_str(d, 0, "label"),
		      "Intel(R) Core(TM) i5-8250U CPU @ 1.60GHz, openssl "
		      "speed (paste.txt:3)",
		      60) == 0);
	CHECK(cs_import_name(d, NULL, "my laptop") == 0);
	CHECK(strcmp(src_str(d, 0, "machine"), "my laptop") == 0);
	CHECK(strncmp(src_str(d, 0, "label"), "my laptop, openssl speed", 24) == 0);
	json_decref(d);
	d = import_text("root@OpenWrt:~# uname -a\n"
			"Linux OpenWrt 5.4.75 #0 SMP Sun Nov 22 00:00:00 2020 aarch64 GNU/Linux\n"
			"type 16 bytes 64 bytes 256 bytes 1024 bytes 8192 bytes\n"
			"sha256 1000.00k 2000.00k 3000.00k 4000.00k 5000.00k\n",
			CS_IMPORT_OK, err, sizeof err);
	CHECK(strcmp(src_str(d, 0, "machine"), "aarch64") == 0);
	json_decref(d);
	/* a board named in the prose and an Arm core from cpuinfo */
	d = import_text("My Raspberry Pi 4 runs:\n"
			"type 16 bytes 64 bytes 256 bytes 1024 bytes 8192 bytes\n"
			"sha256 1000.00k 2000.00k 3000.00k 4000.00k 5000.00k\n"
			"CPU implementer\t: 0x41\nCPU part\t: 0xd08\n",
			CS_IMPORT_OK, err, sizeof err);
	CHECK(strcmp(src_str(d, 0, "machine"), "Raspberry Pi 4 (Cortex-A72)") == 0);
	json_decref(d);
	return check_done("test_import_names");
}
