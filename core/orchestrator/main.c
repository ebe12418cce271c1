/* cryptospeed: the orchestrator's command line. */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cpu.h"
#include "exports.h"
#include "history.h"
#include "orchestrator.h"
#include "report.h"
#include "results.h"

#include "cryptospeed/version.h"

#define MAX_WORKERS 64
#define EXIT_USAGE 2
#define EXIT_DISAGREE 3

static const char *const mask_names[] = {"none", "no-sha", "no-aes", "scalar", NULL};
static const char *const formats[] = {"text", "json", "csv", "openssl", "bmf", "gbench", NULL};

static cs_worker_file files[MAX_WORKERS];
static size_t n_files;

static void
usage_error(const char *fmt, ...)
{
	va_list ap;
	fputs("cryptospeed: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(EXIT_USAGE);
}

static void
join(const char *const *items, char *buf, size_t n)
{
	size_t used = 0;
	buf[0] = '\0';
	for (size_t i = 0; items[i] && used < n; i++)
		used += (size_t)snprintf(buf + used, n - used, "%s%s", i ? ", " : "", items[i]);
}

static bool
in_set(const char *const *set, const char *s)
{
	for (size_t i = 0; set[i]; i++)
		if (strcmp(set[i], s) == 0)
			return true;
	return false;
}

static void
print_run_help(FILE *f)
{
	fputs("usage: cryptospeed run [options]\n"
	      "Measure every library x API path x algorithm x size, interleaved, each cell\n"
	      "checked against known-answer vectors before it is timed.\n\n"
	      "  --lib L[,L]        libraries (worker names; default: all found but noop)\n"
	      "  --path P[,P]       API paths (evp, fetch, oneshot, lowlevel, legacy, psa, ...)\n"
	      "  --alg A[,A]        algorithms (default: all)\n"
	      "  --op O[,O]         seal, open, encrypt, digest, derive, keygen (default: all)\n"
	      "  --sizes N[,N]      bytes per operation (default: 16,64,256,1024,8192,16384)\n"
	      "  --mask M[,M]       none, no-sha, no-aes, scalar: each mask is a row (default: none)\n"
	      "  --precision PCT    stop a cell when the 95% CI of its median is within PCT%\n"
	      "                     (default: 1)\n"
	      "  --budget SECONDS   cap on timed seconds per cell (default: 0.25)\n"
	      "  --quick            coarse and fast: 5% precision, short batches and budget\n"
	      "  --timeout SECONDS  per worker request before the cell is 'timeout' (default: 10)\n"
	      "  --misalign N       shift input/output buffers by N bytes (0..63, default 0)\n"
	      "  --evidence, --no-evidence  sample which instructions run (default: on)\n"
	      "  --evidence-size N  the size evidence is taken at (default: 8192)\n"
	      "  --launcher 'CMD ARGS'  run each worker as CMD ARGS WORKER (qemu-aarch64, ssh host)\n"
	      "  --worker-dir DIR   where the workers are for the launcher\n"
	      "  --multi N          also N workers at once, pinned to distinct CPUs, rates summed\n"
	      "                     (rows 'lib/path xN', as openssl speed -multi)\n"
	      "  --seed N           shuffle seed for the interleaved order (default: time)\n"
	      "  --openssl-provider NAME[,NAME]  one row set per OpenSSL 3 provider,\n"
	      "                     openssl/<path>[NAME] (e.g. default,cryptospeed-nettle)\n"
	      "  --openssl-provider-path DIR     where to load providers from\n"
	      "  --openssl-propq QUERY           property query for fetches\n"
	      "  --openssl-engine ID[,ID]        rows openssl/<path>[engine=ID] (ENGINE API)\n"
	      "  -o FILE            write the result JSON to FILE (atomically)\n"
	      "  --format F         stdout format: text, json, csv, openssl, bmf, gbench\n"
	      "                     (default: text)\n",
	      f);
}

static void
print_help(FILE *f)
{
	fputs("usage: cryptospeed COMMAND [options]\n\n"
	      "commands:\n"
	      "  run      measure and print the matrix (cryptospeed run --help)\n"
	      "  list     the workers found: versions, paths x algorithms, CPU\n"
	      "  report   print a result file in another format (cryptospeed report --help)\n"
	      "  compare  two result files: ratios, significance, hw changes\n"
	      "  history  result files of one host over time: series and change points\n\n"
	      "  --version  print the version\n"
	      "Workers are found next to this program or in CRYPTOSPEED_WORKER_PATH.\n",
	      f);
}

static double
parse_number(const char *opt, const char *s, double lo, double hi, bool lo_open,
	      const char *accepted)
{
	char *end;
	errno = 0;
	double v = strtod(s, &end);
	if (errno || end == s || *end || !isfinite(v) || v > hi || v < lo || (lo_open && v == lo))
		usage_error("%s '%s' is not valid (accepted: %s)", opt, s, accepted);
	return v;
}

static void
parse_sizes(cs_config *cfg, const char *s)
{
	cs_list l;
	if (cs_list_split(s, &l) != 0 || l.n == 0)
		usage_error("--sizes '%s' is not valid (accepted: up to %d comma-separated byte "
			    "counts, 1..1048576)", s, CS_MAX_LIST);
	cfg->n_sizes = 0;
	for (size_t i = 0; i < l.n; i++) {
		char *end;
		errno = 0;
		long long v = strtoll(l.item[i], &end, 10);
		if (errno || end == l.item[i] || *end || v < 1 || v > 1048576)
			usage_error("size '%s' is not valid (accepted: a whole number of bytes, "
				    "1..1048576)", l.item[i]);
		cfg->sizes[cfg->n_sizes++] = (size_t)v;
	}
}

static void
split_or_die(const char *opt, const char *s, cs_list *l)
{
	if (cs_list_split(s, l) != 0 || l->n == 0)
		usage_error("%s '%s' is not valid (accepted: a comma-separated list)", opt, s);
}

static void
parse_launcher(cs_config *cfg, const char *s)
{
	char *save = NULL;
	size_t n = 0;
	if (strlen(s) >= sizeof cfg->launcher_buf)
		usage_error("--launcher '%.40s...' is too long (accepted: up to %zu characters)", s,
			    sizeof cfg->launcher_buf - 1);
	memcpy(cfg->launcher_buf, s, strlen(s) + 1);
	for (char *t = strtok_r(cfg->launcher_buf, " \t", &save); t; t = strtok_r(NULL, " \t", &save)) {
		if (n == 15)
			usage_error("--launcher '%s' has too many words (accepted: up to 15)", s);
		cfg->launcher[n++] = t;
	}
	if (n == 0)
		usage_error("--launcher '%s' is empty (accepted: a command and its arguments)", s);
	cfg->launcher[n] = NULL;
}

static void
validate_names(const cs_config *cfg)
{
	char known[1024];
	for (size_t i = 0; i < cfg->algs.n; i++)
		if (!cs_alg_find(cfg->algs.item[i])) {
			cs_alg_names(known, sizeof known);
			usage_error("unknown algorithm '%s' (known: %s)", cfg->algs.item[i], known);
		}
	for (size_t i = 0; i < cfg->ops.n; i++)
		if (cs_op_find(cfg->ops.item[i]) == CS_OP_COUNT)
			usage_error("unknown operation '%s' (known: seal, open, encrypt, digest, "
				    "derive, keygen)", cfg->ops.item[i]);
	for (size_t i = 0; i < cfg->masks.n; i++)
		if (!in_set(mask_names, cfg->masks.item[i])) {
			join(mask_names, known, sizeof known);
			usage_error("unknown mask '%s' (known: %s)", cfg->masks.item[i], known);
		}
	if (!in_set(formats, cfg->format)) {
		join(formats, known, sizeof known);
		usage_error("unknown format '%s' (known: %s)", cfg->format, known);
	}
	for (size_t i = 0; i < cfg->libs.n; i++) {
		bool found = false;
		for (size_t f = 0; f < n_files; f++)
			found |= strcmp(files[f].name, cfg->libs.item[i]) == 0;
		if (!found) {
			size_t used = 0;
			known[0] = '\0';
			for (size_t f = 0; f < n_files; f++)
				used += (size_t)snprintf(known + used, sizeof known - used, "%s%s",
							 f ? ", " : "", files[f].name);
			usage_error("unknown library '%s' (built: %s)", cfg->libs.item[i],
				    n_files ? known : "none found; set CRYPTOSPEED_WORKER_PATH");
		}
	}
}

/* The --path values must name a path of at least one selected library. */
static void
validate_paths(cs_run *run)
{
	const cs_config *cfg = run->cfg;
	for (size_t p = 0; p < cfg->paths.n; p++) {
		bool found = false;
		char known[1024] = "";
		size_t used = 0;
		for (size_t w = 0; w < run->n_workers; w++) {
			json_t *paths = json_object_get(run->workers[w]->hello, "paths"), *v;
			size_t i;
			json_array_foreach(paths, i, v) {
				const char *s = json_string_value(v);
				found |= strcmp(s, cfg->paths.item[p]) == 0;
				if (!strstr(known, s) && used < sizeof known)
					used += (size_t)snprintf(known + used, sizeof known - used,
								 "%s%s", used ? ", " : "", s);
			}
		}
		if (!found) {
			cs_run_stop_workers(run);
			usage_error("unknown path '%s' (paths of the selected libraries: %s)",
				    cfg->paths.item[p], known);
		}
	}
}

static void
variant_env(cs_variant *v, const char *name, const char *value)
{
	if (value && v->n_env < 4)
		snprintf(v->env[v->n_env++], sizeof v->env[0], "%s=%s", name, value);
}

/* Each OpenSSL provider and engine is a worker variant: rows openssl/<path>[NAME]. */
static void
add_openssl_variants(cs_config *cfg, const cs_list *providers, const cs_list *engines,
		     const char *provider_path, const char *propq)
{
	if ((provider_path || propq) && providers->n == 0)
		usage_error("--openssl-provider-path and --openssl-propq need --openssl-provider NAME");
	for (size_t i = 0; i < providers->n + engines->n; i++) {
		bool engine = i >= providers->n;
		const char *name = engine ? engines->item[i - providers->n] : providers->item[i];
		cs_variant *v = &cfg->variants[cfg->n_variants++];
		memset(v, 0, sizeof *v);
		snprintf(v->lib, sizeof v->lib, "openssl");
		snprintf(v->tag, sizeof v->tag, "%s%s", engine ? "engine=" : "", name);
		if (engine) {
			variant_env(v, "CRYPTOSPEED_OPENSSL_ENGINE", name);
		} else {
			variant_env(v, "CRYPTOSPEED_OPENSSL_PROVIDER", name);
			variant_env(v, "CRYPTOSPEED_OPENSSL_PROVIDER_PATH", provider_path);
			variant_env(v, "CRYPTOSPEED_OPENSSL_PROPQ", propq);
		}
		if (cfg->n_variants == CS_MAX_LIST)
			usage_error("too many --openssl-provider/--openssl-engine names (accepted: up "
				    "to %d)", CS_MAX_LIST);
	}
}

/* A variant worker that could not initialise (a provider that does not load):
   quote the library's reason, before anything is measured. */
static void
validate_variants(cs_run *run)
{
	for (size_t i = 0; i < run->n_workers; i++) {
		cs_worker *w = run->workers[i];
		const char *err = json_string_value(json_object_get(w->hello, "init_error"));
		if (!err)
			continue;
		if (w->variant) {
			bool engine = strncmp(w->variant->tag, "engine=", 7) == 0;
			cs_run_stop_workers(run);
			usage_error("%s [%s]: %s (accepted: %s)", w->file->name, w->variant->tag, err,
				    engine ? "an engine OpenSSL can load by id, from OPENSSL_ENGINES "
					     "or its engines directory"
					   : "a provider OpenSSL can load by name, searched in "
					     "--openssl-provider-path, OPENSSL_MODULES or its default "
					     "directory");
		}
		fprintf(stderr, "cryptospeed: %s: %s\n", w->file->name, err);
	}
}

static void
on_signal(int sig)
{
	cs_interrupt_signal = sig;
}

static void
emit(json_t *results, const char *format, FILE *f)
{
	if (strcmp(format, "json") == 0) {
		json_dumpf(results, f, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
		fputc('\n', f);
	} else if (strcmp(format, "csv") == 0) {
		cs_report_csv(results, f);
	} else if (strcmp(format, "openssl") == 0) {
		cs_report_openssl(results, f);
	} else if (strcmp(format, "bmf") == 0) {
		cs_report_bmf(results, f);
	} else if (strcmp(format, "gbench") == 0) {
		cs_report_gbench(results, f);
	} else {
		cs_report_text(results, f);
	}
}

static void
config_defaults(cs_config *cfg)
{
	memset(cfg, 0, sizeof *cfg);
	cfg->precision = 0.01;
	cfg->budget_s = 0.25;
	cfg->format = "text";
	cfg->timeout_s = 10;
	cfg->evidence = true;
	cfg->evidence_size = 8192;
	cfg->multi = 1;
	cfg->seed = (unsigned)time(NULL) ^ (unsigned)getpid();
	for (size_t i = 0; cs_default_sizes[i]; i++)
		cfg->sizes[cfg->n_sizes++] = cs_default_sizes[i];
	cs_list_split("none", &cfg->masks);
}

static int
cmd_run(int argc, char **argv)
{
	cs_config cfg;
	config_defaults(&cfg);
	bool precision_set = false, budget_set = false;
	cs_list providers = {0}, engines = {0};
	const char *provider_path = NULL, *propq = NULL;
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;
#define TAKES_VALUE                                                              \
	do {                                                                     \
		if (!v)                                                          \
			usage_error("%s needs a value (see cryptospeed run --help)", a); \
		i++;                                                             \
	} while (0)
		if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			print_run_help(stdout);
			return 0;
		} else if (strcmp(a, "--lib") == 0) {
			TAKES_VALUE; split_or_die(a, v, &cfg.libs);
		} else if (strcmp(a, "--path") == 0) {
			TAKES_VALUE; split_or_die(a, v, &cfg.paths);
		} else if (strcmp(a, "--alg") == 0) {
			TAKES_VALUE; split_or_die(a, v, &cfg.algs);
		} else if (strcmp(a, "--op") == 0) {
			TAKES_VALUE; split_or_die(a, v, &cfg.ops);
		} else if (strcmp(a, "--mask") == 0) {
			TAKES_VALUE; split_or_die(a, v, &cfg.masks);
		} else if (strcmp(a, "--sizes") == 0) {
			TAKES_VALUE; parse_sizes(&cfg, v);
		} else if (strcmp(a, "--precision") == 0) {
			TAKES_VALUE;
			double p = parse_number(a, v, 0, 100, true, "a percentage in (0, 100)");
			if (p >= 100)
				usage_error("--precision '%s' is not valid (accepted: a percentage in "
					    "(0, 100))", v);
			cfg.precision = p / 100;
			precision_set = true;
		} else if (strcmp(a, "--budget") == 0) {
			TAKES_VALUE;
			cfg.budget_s = parse_number(a, v, 0, 3600, true, "seconds in (0, 3600]");
			budget_set = true;
		} else if (strcmp(a, "--timeout") == 0) {
			TAKES_VALUE;
			cfg.timeout_s = parse_number(a, v, 0, 3600, true, "seconds in (0, 3600]");
		} else if (strcmp(a, "--misalign") == 0) {
			TAKES_VALUE;
			cfg.misalign = (size_t)parse_number(a, v, 0, 63, false, "0..63 bytes");
			if ((double)cfg.misalign != strtod(v, NULL))
				usage_error("--misalign '%s' is not valid (accepted: 0..63 bytes)", v);
		} else if (strcmp(a, "--seed") == 0) {
			TAKES_VALUE;
			cfg.seed = (unsigned)parse_number(a, v, 0, 4294967295.0, false,
							  "0..4294967295");
		} else if (strcmp(a, "--multi") == 0) {
			TAKES_VALUE;
			cfg.multi = (int)parse_number(a, v, 1, 64, false, "1..64 workers");
		} else if (strcmp(a, "--quick") == 0) {
			cfg.quick = true;
		} else if (strcmp(a, "--evidence") == 0) {
			cfg.evidence = true;
		} else if (strcmp(a, "--no-evidence") == 0) {
			cfg.evidence = false;
		} else if (strcmp(a, "--evidence-size") == 0) {
			TAKES_VALUE;
			cfg.evidence_size = (size_t)parse_number(a, v, 1, 1048576, false,
								 "1..1048576 bytes");
		} else if (strcmp(a, "--launcher") == 0) {
			TAKES_VALUE; parse_launcher(&cfg, v);
		} else if (strcmp(a, "--worker-dir") == 0) {
			TAKES_VALUE; cfg.worker_dir = v;
		} else if (strcmp(a, "--openssl-provider") == 0) {
			TAKES_VALUE; split_or_die(a, v, &providers);
		} else if (strcmp(a, "--openssl-engine") == 0) {
			TAKES_VALUE; split_or_die(a, v, &engines);
		} else if (strcmp(a, "--openssl-provider-path") == 0) {
			TAKES_VALUE; provider_path = v;
		} else if (strcmp(a, "--openssl-propq") == 0) {
			TAKES_VALUE; propq = v;
		} else if (strcmp(a, "-o") == 0 || strcmp(a, "--output") == 0) {
			TAKES_VALUE; cfg.out = v;
		} else if (strcmp(a, "--format") == 0) {
			TAKES_VALUE; cfg.format = v;
		} else {
			usage_error("unknown option '%s' for run (see cryptospeed run --help)", a);
		}
#undef TAKES_VALUE
	}
	if (cfg.quick) {
		if (!precision_set)
			cfg.precision = 0.05;
		if (!budget_set)
			cfg.budget_s = 0.03;
		cfg.target_ns = 250000;
		cfg.warmup_ns = 1000000;
	} else {
		cfg.target_ns = 1000000;
		cfg.warmup_ns = 5000000;
	}
	cfg.min_samples = 10;
	cfg.visit = 3;
	add_openssl_variants(&cfg, &providers, &engines, provider_path, propq);

	n_files = cs_find_workers(files, MAX_WORKERS);
	validate_names(&cfg);
	char why[4200];
	if (cfg.out && cs_results_check_writable(cfg.out, why, sizeof why) != 0)
		usage_error("-o: %s (accepted: a path in a writable directory)", why);

	/* the selected workers, in found order; noop only when asked */
	cs_worker_file chosen[MAX_WORKERS];
	size_t n_chosen = 0;
	for (size_t f = 0; f < n_files; f++) {
		bool want = cfg.libs.n ? cs_list_has(&cfg.libs, files[f].name)
				       : strcmp(files[f].name, "noop") != 0;
		if (want)
			chosen[n_chosen++] = files[f];
	}
	if (n_chosen == 0)
		usage_error("no workers to run (found none next to cryptospeed or in "
			    "CRYPTOSPEED_WORKER_PATH)");

	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);

	cs_run run = {.cfg = &cfg};
	if (cs_run_start(&run, chosen, n_chosen) != 0) {
		fprintf(stderr, "cryptospeed: out of memory\n");
		return 1;
	}
	validate_variants(&run);
	validate_paths(&run);
	int disagree = cs_run_measure(&run);
	json_t *results = cs_results_json(&run);
	int rc = 0;
	if (cfg.out && cs_results_write(results, cfg.out) != 0) {
		fprintf(stderr, "cryptospeed: cannot write '%s': %s\n", cfg.out, strerror(errno));
		rc = 1;
	}
	emit(results, cfg.format, stdout);
	fflush(stdout);
	json_decref(results);
	int sig = run.signal;
	cs_run_free(&run);
	if (sig)
		return 128 + sig;
	if (disagree > 0) {
		fprintf(stderr, "cryptospeed: %d cell(s) disagree with the other libraries on the "
				"same input (marked '!')\n", disagree);
		return EXIT_DISAGREE;
	}
	return rc;
}

static int
cmd_list(int argc, char **argv)
{
	cs_config cfg;
	config_defaults(&cfg);
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--launcher") == 0 && i + 1 < argc) {
			parse_launcher(&cfg, argv[++i]);
		} else if (strcmp(argv[i], "--worker-dir") == 0 && i + 1 < argc) {
			cfg.worker_dir = argv[++i];
		} else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
			puts("usage: cryptospeed list [--launcher 'CMD ARGS'] [--worker-dir DIR]\n"
			     "Start every worker found and show its library version, build, paths\n"
			     "and algorithms (with why an algorithm is unsupported), and the CPU.");
			return 0;
		} else {
			usage_error("unknown option '%s' for list (accepted: --launcher, "
				    "--worker-dir, --help)", argv[i]);
		}
	}
	n_files = cs_find_workers(files, MAX_WORKERS);
	cs_cpu cpu;
	cs_cpu_detect(&cpu);
	printf("cpu: %s (%s, %d CPUs)\nfeatures (%s): %s\n", cpu.model, cpu.arch, cpu.cpus,
	       cpu.source, cpu.features);
	if (n_files == 0)
		printf("no workers found next to cryptospeed or in CRYPTOSPEED_WORKER_PATH\n");
	for (size_t f = 0; f < n_files; f++) {
		cs_worker w;
		memset(&w, 0, sizeof w);
		w.file = &files[f];
		w.cpu = -1;
		snprintf(w.mask, sizeof w.mask, "none");
		printf("\n%s  (%s)\n", files[f].name, files[f].path);
		if (cs_worker_start(&w, &cfg) != 0) {
			printf("  error: %s\n", w.error);
			continue;
		}
		json_t *h = w.hello;
		printf("  version:  %s\n", json_string_value(json_object_get(h, "version")));
		const char *build = json_string_value(json_object_get(h, "build"));
		const char *cinfo = json_string_value(json_object_get(h, "cpu_info"));
		if (build && *build)
			printf("  build:    %s\n", build);
		if (cinfo && *cinfo)
			printf("  cpu info: %s\n", cinfo);
		printf("  masks:   ");
		const char *mname;
		json_t *m;
		json_object_foreach(json_object_get(h, "masks"), mname, m)
			printf(" %s=%s", mname, json_string_value(json_object_get(m, "status")));
		printf("\n  %-10s %-18s %s\n", "path", "algorithm", "status");
		size_t i;
		json_t *impl;
		json_array_foreach(json_object_get(h, "impls"), i, impl) {
			const char *why = json_string_value(json_object_get(impl, "why"));
			bool ok = json_is_true(json_object_get(impl, "available"));
			printf("  %-10s %-18s %s%s%s\n",
			       json_string_value(json_object_get(impl, "path")),
			       json_string_value(json_object_get(impl, "alg")),
			       ok ? "ok" : "unsupported", why ? ": " : "", why ? why : "");
		}
		cs_worker_quit(&w);
		json_decref(w.hello);
	}
	return 0;
}

static json_t *
load_results(const char *file)
{
	json_error_t e;
	json_t *r = json_load_file(file, 0, &e);
	const char *schema = r ? json_string_value(json_object_get(r, "schema")) : NULL;
	if (!schema || strcmp(schema, "cryptospeed/1") != 0)
		usage_error("'%s' is not a cryptospeed/1 result file (%s)", file,
			    r ? "wrong schema" : e.text);
	return r;
}

static int
cmd_report(int argc, char **argv)
{
	const char *file = NULL, *format = "text";
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--format") == 0 && i + 1 < argc)
			format = argv[++i];
		else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
			puts("usage: cryptospeed report FILE.json [--format text|json|csv|openssl|bmf|gbench]\n"
			     "bmf: Bencher Metric Format; gbench: Google Benchmark JSON (tools/compare.py).");
			return 0;
		} else if (!file && argv[i][0] != '-')
			file = argv[i];
		else
			usage_error("unknown argument '%s' for report (accepted: FILE, --format F)",
				    argv[i]);
	}
	if (!file)
		usage_error("report needs a result file (cryptospeed report FILE.json)");
	if (!in_set(formats, format)) {
		char known[256];
		join(formats, known, sizeof known);
		usage_error("unknown format '%s' (known: %s)", format, known);
	}
	json_t *r = load_results(file);
	emit(r, format, stdout);
	json_decref(r);
	return 0;
}

static int
cmd_compare(int argc, char **argv)
{
	const char *files_[2] = {NULL, NULL};
	double threshold = 0.05;
	size_t n = 0;
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--threshold") == 0 && i + 1 < argc) {
			threshold = parse_number("--threshold", argv[++i], 0, 100, false,
						 "a percentage in [0, 100]") / 100;
		} else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
			puts("usage: cryptospeed compare BASE.json NEW.json [--threshold PCT]\n"
			     "Per cell: rate new/base, Mann-Whitney p on the raw samples, hw change.\n"
			     "Exit 1 when a cell is slower by more than PCT% (default 5) with p < 0.01.");
			return 0;
		} else if (argv[i][0] != '-' && n < 2) {
			files_[n++] = argv[i];
		} else {
			usage_error("unknown argument '%s' for compare (accepted: BASE.json NEW.json "
				    "[--threshold PCT])", argv[i]);
		}
	}
	if (n != 2)
		usage_error("compare needs two result files (cryptospeed compare BASE.json NEW.json)");
	json_t *base = load_results(files_[0]), *cur = load_results(files_[1]);
	int slower = cs_report_compare(base, cur, threshold, stdout);
	json_decref(base);
	json_decref(cur);
	return slower > 0 ? 1 : 0;
}

int
main(int argc, char **argv)
{
	if (argc < 2) {
		print_help(stderr);
		return EXIT_USAGE;
	}
	const char *cmd = argv[1];
	if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "version") == 0) {
		printf("cryptospeed %s\n", CS_VERSION);
		return 0;
	}
	if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
		print_help(stdout);
		return 0;
	}
	if (strcmp(cmd, "run") == 0)
		return cmd_run(argc - 2, argv + 2);
	if (strcmp(cmd, "list") == 0)
		return cmd_list(argc - 2, argv + 2);
	if (strcmp(cmd, "report") == 0)
		return cmd_report(argc - 2, argv + 2);
	if (strcmp(cmd, "compare") == 0)
		return cmd_compare(argc - 2, argv + 2);
	if (strcmp(cmd, "history") == 0)
		return cs_history_main(argc - 2, argv + 2);
	usage_error("unknown command '%s' (known: run, list, report, compare, history; --help, --version)", cmd);
	return EXIT_USAGE;
}
