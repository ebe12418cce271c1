/*
 * check-results FILE [checks...]: asserts on a cryptospeed result file, for
 * the end-to-end tests. Prints one line per failed check; exit 0 = all hold.
 *
 *   --min-samples N        every ok cell has at least N samples and rate > 0
 *   --status ALG=STATUS    every cell of ALG has this status (ok, wrong, crashed, ...)
 *   --others STATUS        every cell of an algorithm not named by --status has STATUS
 *   --agree                every ok cell with a fingerprint has agree == true, and
 *                          all ok cells of one (alg, op, size) share one fingerprint;
 *                          at least one pair of them was compared (a file whose
 *                          fingerprints vanished fails instead of passing)
 *   --lib NAME             some cell of library NAME is ok
 *   --cells N              at least N cells
 *   --evidence ALG=CLASS   every ok cell of ALG has evidence, and CLASS (armv8-sha2,
 *                          aes-ni, ...) among its instruction classes
 *   --no-evidence-class ALG=CLASS
 *                          no ok cell of ALG shows CLASS in its evidence
 *   --served-by VARIANT=TEXT
 *                          every ok cell of worker variant VARIANT (an OpenSSL
 *                          provider, "engine=ID") has TEXT in its served_by, and
 *                          there is such a cell: --served-by default=provider=default,
 *                          --served-by engine=afalg=engine=afalg
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

static int failures;

static void
failf(const char *what, json_t *cell)
{
	const char *lib = json_string_value(json_object_get(cell, "lib"));
	const char *path = json_string_value(json_object_get(cell, "path"));
	const char *alg = json_string_value(json_object_get(cell, "alg"));
	const char *op = json_string_value(json_object_get(cell, "op"));
	printf("FAIL: %s: %s/%s %s %s %lld (status %s)\n", what, lib ? lib : "?", path ? path : "?",
	       alg ? alg : "?", op ? op : "?",
	       (long long)json_integer_value(json_object_get(cell, "size")),
	       json_string_value(json_object_get(cell, "status")));
	failures++;
}

static const char *
s(json_t *c, const char *k)
{
	const char *v = json_string_value(json_object_get(c, k));
	return v ? v : "";
}

/* An ALG=VALUE argument, split in place; NULL after printing why when there is no '='. */
static char *
split_pair(char *arg, const char *opt, const char *what)
{
	char *eq = strchr(arg, '=');
	if (!eq || eq == arg || eq[1] == '\0') {
		fprintf(stderr, "check-results: %s '%s' is not valid (accepted: ALG=%s)\n", opt,
			arg, what);
		return NULL;
	}
	*eq = '\0';
	return eq + 1;
}

/* --evidence (want = 1) and --no-evidence-class (want = 0) on the ok cells of alg. */
static void
check_evidence(json_t *cells, const char *alg, const char *cls, int want)
{
	size_t i, seen = 0;
	json_t *c;
	char what[240];

	json_array_foreach(cells, i, c)
	{
		if (strcmp(s(c, "alg"), alg) != 0 || strcmp(s(c, "status"), "ok") != 0)
			continue;
		seen++;
		json_t *ev = json_object_get(c, "evidence");
		json_t *share = json_object_get(json_object_get(ev, "classes"), cls);
		if (want && !json_is_true(json_object_get(ev, "available"))) {
			snprintf(what, sizeof what, "mask %s: no evidence (%.160s)", s(c, "mask"),
				 ev ? s(ev, "reason") : "no evidence object");
			failf(what, c);
		} else if (want && !(json_number_value(share) > 0)) {
			snprintf(what, sizeof what, "mask %s: evidence does not show %.64s",
				 s(c, "mask"), cls);
			failf(what, c);
		} else if (!want && json_number_value(share) > 0) {
			snprintf(what, sizeof what, "mask %s: evidence shows %.64s (share %.3f)",
				 s(c, "mask"), cls, json_number_value(share));
			failf(what, c);
		}
	}
	if (seen == 0) {
		printf("FAIL: no ok cell of %s to check %s against\n", alg, cls);
		failures++;
	}
}

/* --served-by: the ok cells of one variant say who served them. */
static void
check_served_by(json_t *cells, const char *variant, const char *text)
{
	size_t i, seen = 0;
	json_t *c;
	char what[240];

	json_array_foreach(cells, i, c)
	{
		if (strcmp(s(c, "variant"), variant) != 0 || strcmp(s(c, "status"), "ok") != 0)
			continue;
		seen++;
		if (!strstr(s(c, "served_by"), text)) {
			snprintf(what, sizeof what,
				 "variant %.60s: served_by '%.80s' lacks '%.60s'", variant,
				 s(c, "served_by"), text);
			failf(what, c);
		}
	}
	if (seen == 0) {
		printf("FAIL: no ok cell of variant %s to check served_by against\n", variant);
		failures++;
	}
}

int
main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: check-results FILE [checks]\n");
		return 2;
	}
	json_error_t e;
	json_t *r = json_load_file(argv[1], JSON_PRESERVE_ORDER, &e);
	if (!r) {
		printf("FAIL: cannot load %s: %s\n", argv[1], e.text);
		return 1;
	}
	/* schema first, metadata before cells */
	const char *first = json_object_iter_key(json_object_iter(r));
	if (!first || strcmp(first, "schema") != 0 ||
	    strcmp(s(r, "schema"), "cryptospeed/1") != 0) {
		printf("FAIL: \"schema\": \"cryptospeed/1\" is not the first key\n");
		failures++;
	}
	const char *last = NULL;
	for (void *it = json_object_iter(r); it; it = json_object_iter_next(r, it))
		last = json_object_iter_key(it);
	if (!last || strcmp(last, "cells") != 0) {
		printf("FAIL: cells is not the last key (metadata must come first)\n");
		failures++;
	}
	if (!json_object_get(json_object_get(r, "host"), "cpu") || !json_object_get(r, "librarie"
										       "s")) {
		printf("FAIL: host.cpu or libraries metadata missing\n");
		failures++;
	}
	json_t *cells = json_object_get(r, "cells");
	const char *status_alg[32], *status_want[32], *others = NULL;
	const char *ev_alg[32], *ev_class[32];
	int ev_want[32];
	size_t n_status = 0, n_ev = 0;
	long min_samples = -1, min_cells = 0;
	int agree = 0;
	size_t pairs = 0; /* --agree: pairs of fingerprints compared */
	for (int i = 2; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!v) {
			fprintf(stderr, "check-results: %s needs a value\n", a);
			return 2;
		}
		if (strcmp(a, "--min-samples") == 0) {
			min_samples = atol(v);
			i++;
		} else if (strcmp(a, "--cells") == 0) {
			min_cells = atol(v);
			i++;
		} else if (strcmp(a, "--status") == 0 && n_status < 32) {
			char *eq = strchr(argv[++i], '=');
			if (!eq) {
				fprintf(stderr, "check-results: --status ALG=STATUS\n");
				return 2;
			}
			*eq = '\0';
			status_alg[n_status] = argv[i];
			status_want[n_status++] = eq + 1;
		} else if (strcmp(a, "--evidence") == 0 || strcmp(a, "--no-evidence-class") == 0) {
			if (n_ev == 32) {
				fprintf(stderr, "check-results: more than 32 evidence checks\n");
				return 2;
			}
			char *cls = split_pair(argv[++i], a, "CLASS");
			if (!cls)
				return 2;
			ev_alg[n_ev] = argv[i];
			ev_class[n_ev] = cls;
			ev_want[n_ev++] = strcmp(a, "--evidence") == 0;
		} else if (strcmp(a, "--served-by") == 0) {
			/* an engine variant's own '=' is not the separator */
			char *arg = argv[++i], *eq;
			eq = strchr(strncmp(arg, "engine=", 7) == 0 ? arg + 7 : arg, '=');
			if (!eq || eq == arg || eq[1] == '\0') {
				fprintf(stderr,
					"check-results: --served-by '%s' is not valid "
					"(accepted: VARIANT=TEXT)\n",
					arg);
				return 2;
			}
			*eq = '\0';
			check_served_by(cells, arg, eq + 1);
		} else if (strcmp(a, "--others") == 0) {
			others = v;
			i++;
		} else if (strcmp(a, "--agree") == 0) {
			agree = 1;
		} else if (strcmp(a, "--lib") == 0) {
			i++;
			size_t k;
			json_t *c;
			int ok = 0;
			json_array_foreach(cells, k, c) ok |=
				strcmp(s(c, "lib"), v) == 0 && strcmp(s(c, "status"), "ok") == 0;
			if (!ok) {
				printf("FAIL: no ok cell for library %s\n", v);
				failures++;
			}
		} else {
			fprintf(stderr, "check-results: unknown check %s\n", a);
			return 2;
		}
	}
	if ((long)json_array_size(cells) < min_cells) {
		printf("FAIL: %zu cells, expected at least %ld\n", json_array_size(cells),
		       min_cells);
		failures++;
	}
	for (size_t k = 0; k < n_ev; k++)
		check_evidence(cells, ev_alg[k], ev_class[k], ev_want[k]);
	size_t i;
	json_t *c;
	json_array_foreach(cells, i, c)
	{
		const char *st = s(c, "status");
		const char *want = others;
		for (size_t k = 0; k < n_status; k++)
			if (strcmp(status_alg[k], s(c, "alg")) == 0)
				want = status_want[k];
		if (want && strcmp(st, want) != 0) {
			char what[64];
			snprintf(what, sizeof what, "expected status %s", want);
			failf(what, c);
		}
		if (min_samples >= 0 && strcmp(st, "ok") == 0) {
			json_t *rate = json_object_get(c, "rate");
			if (json_integer_value(json_object_get(c, "n_samples")) < min_samples ||
			    (long)json_array_size(json_object_get(c, "samples")) < min_samples)
				failf("too few samples", c);
			if (!(json_real_value(json_object_get(rate, "median")) > 0))
				failf("rate.median is not > 0", c);
		}
		if (agree && strcmp(st, "ok") == 0 && json_object_get(c, "fingerprint")) {
			if (!json_is_true(json_object_get(c, "agree")))
				failf("agree is not true", c);
			size_t k;
			json_t *d;
			json_array_foreach(cells, k, d)
			{
				if (k <= i || strcmp(s(d, "status"), "ok") != 0 ||
				    strcmp(s(c, "alg"), s(d, "alg")) != 0 ||
				    strcmp(s(c, "op"), s(d, "op")) != 0 ||
				    json_integer_value(json_object_get(c, "size")) !=
					    json_integer_value(json_object_get(d, "size")) ||
				    !json_object_get(d, "fingerprint"))
					continue;
				if (strcmp(s(c, "fingerprint"), s(d, "fingerprint")) != 0)
					failf("fingerprint differs from another lib/path", d);
				pairs++;
			}
		}
	}
	if (agree && pairs == 0) {
		fprintf(stderr,
			"--agree: no two ok cells of one (alg, op, size) carry a fingerprint: "
			"nothing was compared\n");
		failures++;
	}
	printf("%s: %zu cells checked, %d failure(s)\n", argv[1], json_array_size(cells), failures);
	json_decref(r);
	return failures ? 1 : 0;
}
