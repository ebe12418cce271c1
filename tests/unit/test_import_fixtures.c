/*
 * Import of the two real pasted tables in ../shared/fixtures/openssl-speed/:
 * a NanoPi R2S forum post (markdown tables, -multi 4 only in the prose) and a
 * Raspberry Pi 3 + Core 2 post (two OpenSSL 1.0.1 runs in one file, the rsa
 * header run into its first row). Without ../shared (a git worktree), the
 * project's own copies in results/imported/ are read; exit 77 when neither is
 * there.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <jansson.h>

#include "check.h"
#include "import.h"

static double
rate(json_t *doc, long long src, const char *path, const char *alg, const char *op, long long size)
{
	json_t *c, *found = NULL;
	size_t i, n = 0;
	json_array_foreach(json_object_get(doc, "cells"), i, c)
	{
		if (json_integer_value(json_object_get(c, "table")) == src &&
		    strcmp(json_string_value(json_object_get(c, "path")), path) == 0 &&
		    strcmp(json_string_value(json_object_get(c, "alg")), alg) == 0 &&
		    strcmp(json_string_value(json_object_get(c, "op")), op) == 0 &&
		    json_integer_value(json_object_get(c, "size")) == size) {
			found = c;
			n++;
		}
	}
	if (n != 1) {
		printf("  %lld %s %s %s %lld: %zu cells\n", src, path, alg, op, size, n);
		return -1;
	}
	return json_real_value(json_object_get(json_object_get(found, "rate"), "median"));
}

static json_t *
source(json_t *doc, size_t i)
{
	return json_array_get(json_object_get(doc, "sources"), i);
}

static size_t
cells_of(json_t *doc, long long src)
{
	json_t *c;
	size_t i, n = 0;
	json_array_foreach(json_object_get(doc, "cells"), i, c) n +=
		json_integer_value(json_object_get(c, "table")) == src;
	return n;
}

/* CS_FIXTURES (the source tree's ../shared/fixtures), or CRYPTOSPEED_FIXTURES
   for a checkout elsewhere (a git worktree) */
static const char *
fixtures(void)
{
	const char *env = getenv("CRYPTOSPEED_FIXTURES");
	return env && *env ? env : CS_FIXTURES;
}

/* The fixture's path: ../shared's, else the copy shipped in results/imported. */
static void
fixture_path(char *path, size_t n, const char *name)
{
	snprintf(path, n, "%s/openssl-speed/%s", fixtures(), name);
	if (access(path, R_OK) != 0)
		snprintf(path, n, "%s/%s", CS_RESULTS_IMPORTED, name);
}

static json_t *
load(const char *name)
{
	char path[1024], err[1024];
	fixture_path(path, sizeof path, name);
	json_t *doc = NULL;
	int rc = cs_import_openssl_speed_file(path, &doc, err, sizeof err);
	CHECK(rc == CS_IMPORT_OK);
	if (rc)
		printf("  %s\n", err);
	return doc;
}

int
main(void)
{
	char probe[1024];
	fixture_path(probe, sizeof probe, "nanopi-r2s-openwrt.txt");
	if (access(probe, R_OK) != 0) {
		printf("SKIP: no fixtures at %s\n", fixtures());
		return 77;
	}

	/* R2S: one core, then -multi 4 (said only in the prose above the table) */
	json_t *d = load("nanopi-r2s-openwrt.txt");
	CHECK(json_array_size(json_object_get(d, "sources")) == 2);
	CHECK(json_integer_value(json_object_get(source(d, 0), "multi")) == 1);
	CHECK(json_integer_value(json_object_get(source(d, 1), "multi")) == 4);
	CHECK(cells_of(d, 0) == 18 && cells_of(d, 1) == 18);
	/* "| aes-128-gcm | ... | 53924.73k | 53995.97k |": the 8192-byte column */
	CHECK_NEAR(rate(d, 0, "evp", "aes-128-gcm", "seal", 8192), 53924.73e3, 1e-3);
	CHECK_NEAR(rate(d, 0, "evp", "aes-256-gcm", "seal", 16), 34968.85e3, 1e-3);
	CHECK_NEAR(rate(d, 0, "evp", "chacha20-poly1305", "seal", 1024), 192701.05e3, 1e-3);
	CHECK_NEAR(rate(d, 1, "evp", "chacha20-poly1305", "seal", 16384), 823214.08e3, 1e-3);
	CHECK_NEAR(rate(d, 1, "evp", "aes-128-gcm", "seal", 64), 186024.83e3, 1e-3);
	/* "r2s" in the prose, "CPU part : 0xd03" in the cpuinfo pasted at the end */
	for (size_t i = 0; i < 2; i++)
		CHECK(strcmp(json_string_value(json_object_get(source(d, i), "machine")),
			     "NanoPi R2S (Cortex-A53)") == 0);
	json_decref(d);

	/* RPi 3 and Core 2: two sources, every table of each run in its own source */
	d = load("rpi3-and-core2-openssl-1.0.1.txt");
	CHECK(json_array_size(json_object_get(d, "sources")) == 2);
	CHECK(strcmp(json_string_value(json_object_get(source(d, 0), "version")),
		     "OpenSSL 1.0.1t 3 May 2016") == 0);
	CHECK(strcmp(json_string_value(json_object_get(source(d, 1), "version")),
		     "OpenSSL 1.0.1f 6 Jan 2014") == 0);
	CHECK(strncmp(json_string_value(json_object_get(source(d, 0), "options")), "bn(64,32)",
		      9) == 0);
	/* 25 non-zero byte-rate rows x 5 sizes + 4 rsa + 3 dsa + 16 ecdsa (x2) + 16 ecdh */
	CHECK(cells_of(d, 0) == 187 && cells_of(d, 1) == 187);
	CHECK_NEAR(rate(d, 0, "lowlevel", "aes-128-cbc", "encrypt", 8192), 48507.56e3, 1e-3);
	CHECK_NEAR(rate(d, 0, "lowlevel", "sha256", "digest", 16), 10870.99e3, 1e-3);
	CHECK_NEAR(rate(d, 0, "lowlevel", "rsa512", "sign", 0), 1288.3, 1e-9);
	CHECK_NEAR(rate(d, 0, "lowlevel", "rsa-2048", "verify", 0), 1413.1, 1e-9);
	CHECK_NEAR(rate(d, 0, "lowlevel", "ecdsa-p256", "sign", 0), 1042.4, 1e-9);
	CHECK_NEAR(rate(d, 0, "lowlevel", "ecdsap384", "verify", 0), 95.5, 1e-9);
	CHECK_NEAR(rate(d, 0, "lowlevel", "hmac-md5", "mac", 16), 7688.43e3, 1e-3);
	/* the machines the post names: "RPi3" above the first run, "Core2" above the second */
	CHECK(strcmp(json_string_value(json_object_get(source(d, 0), "machine")), "Raspberry Pi "
										  "3") == 0);
	CHECK(strcmp(json_string_value(json_object_get(source(d, 1), "machine")), "Intel Core 2") ==
	      0);
	CHECK_NEAR(rate(d, 0, "lowlevel", "p256", "derive", 0), 278.0, 1e-9);
	CHECK_NEAR(rate(d, 1, "lowlevel", "aes-128-cbc", "encrypt", 1024), 155478.59e3, 1e-3);
	CHECK_NEAR(rate(d, 1, "lowlevel", "sha512", "digest", 8192), 224267.72e3, 1e-3);
	CHECK_NEAR(rate(d, 1, "lowlevel", "ecdhb571", "derive", 0), 87.2, 1e-9);
	/* "md2 0.00 0.00 ...": not measured, no cell */
	char *all = json_dumps(d, 0);
	CHECK(all && !strstr(all, "\"md2\"") && strstr(all, "\"md4\""));
	free(all);
	json_decref(d);
	return check_done("test_import_fixtures");
}
