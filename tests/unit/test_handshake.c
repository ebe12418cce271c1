/* The handshake view's formula against a hand-computed example, and its
   refusals (an unknown configuration, cells not measured or not ok). */
#define _GNU_SOURCE /* open_memstream */
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "check.h"
#include "handshake.h"

/* A cell as a result file holds it: its rate from ns per op (sized ops in B/s). */
static json_t *
cell(const char *lib, const char *alg, const char *op, long long size, double ns,
     const char *status)
{
	json_t *c = json_pack("{ss ss ss ss sI ss ss}", "lib", lib, "path", "p", "alg", alg, "op",
			      op, "size", (json_int_t)size, "status", status, "mask", "none");
	if (strcmp(status, "ok") == 0)
		json_object_set_new(c, "rate",
				    json_pack("{sf ss}", "median",
					      (size ? (double)size : 1) * 1e9 / ns, "unit",
					      size ? "B/s" : "op/s"));
	return c;
}

int
main(void)
{
	cs_hs_config cfg;
	char why[256];
	CHECK(cs_hs_config_parse("x25519+ecdsa-p256", &cfg, why, sizeof why));
	CHECK(strcmp(cfg.kex, "x25519") == 0 && strcmp(cfg.sig, "ecdsa-p256") == 0);
	CHECK(cfg.depth == 2);
	/* 250 + 120 + 20 + 2 x 600 + (4 + 72) + 2 x 36 */
	CHECK(cfg.transcript == 1738);
	CHECK(!cs_hs_config_parse("x448+ed25519", &cfg, why, sizeof why));
	CHECK(strstr(why, "unknown handshake configuration 'x448+ed25519'") != NULL);
	CHECK(strstr(why, "accepted") != NULL);
	CHECK(!cs_hs_config_parse("x25519", &cfg, why, sizeof why));
	CHECK(!cs_hs_config_parse("x25519+ed448", &cfg, why, sizeof why));
	CHECK(!cs_hs_config_parse("x25519+", &cfg, why, sizeof why));

	json_t *cells = json_array();
	json_array_append_new(cells, cell("a", "x25519", "keygen", 0, 10000, "ok"));
	json_array_append_new(cells, cell("a", "x25519", "derive", 0, 20000, "ok"));
	json_array_append_new(cells, cell("a", "ecdsa-p256", "sign", 0, 30000, "ok"));
	json_array_append_new(cells, cell("a", "ecdsa-p256", "verify", 0, 50000, "ok"));
	json_array_append_new(cells, cell("a", "hmac-sha256", "mac", 16, 300, "ok"));
	json_array_append_new(cells, cell("a", "hmac-sha256", "mac", 64, 500, "ok"));
	json_array_append_new(cells, cell("a", "sha256", "digest", 16, 100, "ok"));
	json_array_append_new(cells, cell("a", "sha256", "digest", 1024, 2048, "ok")); /* 2 ns/B */
	json_array_append_new(cells,
			      cell("a", "sha256", "digest", 8192, 8192, "ok")); /* > transcript */
	/* b: the same, but its verify failed its KAT and its masked keygen is no row cell */
	json_array_append_new(cells, cell("b", "x25519", "keygen", 0, 10000, "ok"));
	json_array_append_new(cells, cell("b", "x25519", "derive", 0, 20000, "ok"));
	json_array_append_new(cells, cell("b", "ecdsa-p256", "sign", 0, 30000, "ok"));
	json_array_append_new(cells, cell("b", "ecdsa-p256", "verify", 0, 1, "wrong"));
	json_array_append_new(cells, cell("b", "hmac-sha256", "mac", 64, 500, "ok"));
	json_array_append_new(cells, cell("b", "sha256", "digest", 1024, 2048, "ok"));
	json_t *masked = cell("c", "x25519", "keygen", 0, 1, "ok");
	json_object_set_new(masked, "mask", json_string("no-sha"));
	json_array_append_new(cells, masked);

	json_t *doc = json_pack("{ss so}", "schema", "cryptospeed/1", "cells", cells);
	cs_res_file file;
	char bad[512];
	int loaded = cs_results_decode(doc, "crafted", &file, bad, sizeof bad);
	CHECK(loaded == 0);
	if (loaded != 0) {
		printf("%s\n", bad);
		return check_done("handshake");
	}

	CHECK(cs_hs_config_parse("x25519+ecdsa-p256", &cfg, why, sizeof why));
	cs_hs_cost cost;
	cs_hs_cost_of(&file, "a/p", &cfg, &cost);
	/* client: keygen 10 + derive 20 + CertificateVerify 50 + chain 2 x 50
	   + 23 HMAC x 0.5 + 1738 B x 2 ns = 194.976 us;
	   server: 10 + 20 + sign 30 + 11.5 + 3.476 = 74.976 us */
	CHECK(cost.client && cost.server && cost.missing[0] == '\0');
	CHECK_NEAR(cost.client_us, 194.976, 1e-9);
	CHECK_NEAR(cost.server_us, 74.976, 1e-9);

	cs_hs_cost_of(&file, "b/p", &cfg, &cost);
	CHECK(!cost.client && cost.server);
	CHECK_NEAR(cost.server_us, 74.976, 1e-9);
	CHECK(strcmp(cost.missing, "ecdsa-p256 verify") == 0);

	/* nothing measured for ed25519, nor anything for c's unmasked row */
	CHECK(cs_hs_config_parse("x25519+ed25519", &cfg, why, sizeof why));
	cs_hs_cost_of(&file, "a/p", &cfg, &cost);
	CHECK(!cost.client && !cost.server && strstr(cost.missing, "ed25519") != NULL);
	cs_hs_cost_of(&file, "c/p/no-sha", &cfg, &cost);
	CHECK(!cost.client && !cost.server);

	/* the view: an unknown configuration is refused, the known ones print */
	const cs_res_file *files[] = {&file};
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	CHECK(out && cs_report_handshake(files, 1, "x25519+dsa", out) == -1);
	CHECK(out && cs_report_handshake(files, 1, NULL, out) == 0);
	if (out)
		fclose(out);
	CHECK(text && strstr(text, "x25519+ecdsa-p256") && strstr(text, "x25519+rsa-2048"));
	/* a's row: client 195.0 us, server 75.0 us; b's client side is not measured */
	CHECK(text && strstr(text, "195.0") && strstr(text, "75.0"));
	CHECK(text && strstr(text, "(not measured: ecdsa-p256 verify)"));
	free(text);
	cs_results_free(&file);
	json_decref(doc);
	return check_done("handshake");
}
