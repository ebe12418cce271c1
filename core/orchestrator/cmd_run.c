/* cryptospeed run: measure the matrix. */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "escape.h"
#include "cli.h"
#include "count.h"
#include "repeat.h"
#include "tls_pair.h"
#include "outfile.h"
#include "report.h"
#include "results.h"
#include "size.h"
#include "board.h"
#include "text.h"

#define MAX_WORKERS 64

/* --board's values, from the board table (core/common/board.c), folded as
   the help's other lists are: "--board NAME" then the boards by kind. */
static void
print_boards(FILE *f)
{
	char a[512], m[256];
	cs_board_names(a, sizeof a, false, true);
	cs_board_names(m, sizeof m, true, false);
	fputs("  --board NAME       --count's CPU and clock for a board (cryptospeed list\n"
	      "                     --boards): ",
	      f);
	char both[800];
	snprintf(both, sizeof both, "%s; MCU: %s", a, m);
	size_t col = 32; /* after "                     --boards): " */
	bool first = true;
	for (char *w = strtok(both, " "); w; w = strtok(NULL, " ")) {
		if (!first && col + 1 + strlen(w) > 79) {
			fputs("\n                     ", f);
			col = 21;
		} else if (!first) {
			fputc(' ', f);
			col++;
		}
		fputs(w, f);
		col += strlen(w);
		first = false;
	}
	fputc('\n', f);
}

static void
print_run_help(FILE *f)
{
	fputs("usage: cryptospeed run [options]\n"
	      "Measure every library x API path x algorithm x size, interleaved, each cell\n"
	      "checked against known-answer vectors before it is timed.\n\n"
	      "  --lib L[,L]        libraries (worker names; L also selects L@<version>,\n"
	      "                     =L only L; default: all found but noop)\n"
	      "  --path P[,P]       API paths (evp, fetch, oneshot, lowlevel, legacy, psa, ...)\n",
	      f);
	/* the catalogue's lists (core/workload/algs.def, adapter.h) */
	char algs[1024], ops[256], masks[256];
	cs_alg_names(algs, sizeof algs);
	cs_op_names(ops, sizeof ops);
	cs_mask_names(masks, sizeof masks);
	fprintf(f,
		"  --alg A[,A]        algorithms (default: all but the TLS configurations after "
		"the first;\n"
		"                     " CS_TLS_FAMILY ": every TLS configuration): %s\n"
		"  --op O[,O]         %s (default: all)\n",
		algs, ops);
	/* the default sizes as the catalogue has them (written once, there) */
	fputs("  --sizes N[,N]      bytes per operation (default: ", f);
	for (size_t i = 0; cs_default_sizes[i]; i++)
		fprintf(f, "%s%zu", i ? "," : "", cs_default_sizes[i]);
	fputs("; TLS records: ", f);
	for (size_t i = 0; cs_tls_record_sizes[i]; i++)
		fprintf(f, "%s%zu", i ? "," : "", cs_tls_record_sizes[i]);
	fputs(")\n", f);
	fprintf(f, "  --mask M[,M]       %s: each mask is a row (default: none)\n", masks);
	fputs("  --precision PCT    stop a cell when the 95% CI of its median is within PCT%\n"
	      "                     (default: 1)\n"
	      "  --budget SECONDS   cap on timed seconds per cell (default: 0.25)\n"
	      "  --quick            coarse and fast: 5% precision, short batches and budget\n"
	      "  --timeout SECONDS  per worker request before the cell is 'timeout' (default: 10)\n"
	      "  --tls-grid         the selected TLS configurations also client x server: every\n"
	      "                     pair of TLS libraries, each side its own worker, over a\n"
	      "                     socketpair (a failing pair exits 3; docs/handshake.md);\n"
	      "                     --alg tls implies it unless --repeat, --multi or --count\n"
	      "  --misalign N       shift input/output buffers by N bytes (0..63, default 0)\n"
	      "  --evidence, --no-evidence  sample which instructions run (default: on)\n"
	      "  --evidence-size N  the size evidence is taken at (default: 8192)\n"
	      "  --launcher 'CMD ARGS'  run each worker as CMD ARGS WORKER (qemu-aarch64, ssh "
	      "host)\n"
	      "  --worker-dir DIR   where the workers are for the launcher\n"
	      "  --multi N          also N workers at once over one common time window, all\n"
	      "                     their operations counted (rows 'lib/path xN', as\n"
	      "                     openssl speed -multi)\n"
	      "  --seed N           shuffle seed for the interleaved order (default: time)\n"
	      "  --repeat R         R independent repetitions of the whole selection, each\n"
	      "                     with fresh workers and seed N+r; a cell's rate is the\n"
	      "                     median of the repetition medians (default: 1)\n"
	      "  --variant LIB:[KIND=]VALUE[,..]  one worker and row set per variant the\n"
	      "                     library declares, LIB/<path>[[KIND=]VALUE] (openssl:\n"
	      "                     a provider NAME or engine=ID)\n"
	      "  --variant-option LIB:NAME=VALUE  an option of LIB's variants (openssl:\n"
	      "                     provider-path=DIR, propq=QUERY)\n"
	      "  --openssl-provider NAME[,NAME]  = --variant openssl:NAME[,NAME]\n"
	      "  --openssl-provider-path DIR     = --variant-option openssl:provider-path=DIR\n"
	      "  --openssl-propq QUERY           = --variant-option openssl:propq=QUERY\n"
	      "  --openssl-engine ID[,ID]        = --variant openssl:engine=ID[,engine=ID]\n"
	      "  -o, --output FILE  write the result JSON to FILE (checked before measuring,\n"
	      "                     replaced atomically; a symbolic link's target is replaced)\n"
	      "  --format F         stdout format: text, json, csv, openssl, openssl-mr, "
	      "markdown,\n"
	      "                     html, bmf, gbench (default: text)\n"
	      "  --label TEXT       names this run in reports (default: host + CPU model)\n"
	      "  --no-samples       keep summaries, not raw samples, in the result file\n"
	      "                     (for files to publish: medians, quartiles, CIs stay)\n"
	      "  --count            count instructions per operation by class instead of\n"
	      "                     timing: workers under qemu-user with the counting plugin\n"
	      "                     (docs/counting.md); noop rows are the harness\n"
	      "  --cpu PROFILE      --count's CPU (default: x86-64 on an x86-64 host)\n",
	      f);
	print_boards(f);
	fputs("  --pmu=auto|off|on  the timing lane's own hardware counters, instructions:u\n"
	      "                     and cycles:u per op (perf_event_open; read around the\n"
	      "                     timed batches, never inside them): auto uses them where\n"
	      "                     they open (default), on exits 2 where they cannot\n"
	      "  --conform          after measuring, the Wycheproof test vectors through every\n"
	      "                     library x path of the selection: a conformance block in\n"
	      "                     the result file, a conform column in the matrix\n"
	      "                     (docs/conformance.md); exit 3 when one accepted an\n"
	      "                     invalid vector\n"
	      "Options take their value as '--opt VALUE' or '--opt=VALUE'.\n\n",
	      f);
	fputs(cs_exit_status_help, f);
}

/* One --variant item or --variant-option, as the user gave it. */
typedef struct variant_req {
	const char *flag; /* the option that gave it, for messages */
	char lib[32];	  /* the library it is for */
	char spec[320];	  /* [KIND=]VALUE, or the option's NAME=VALUE */
} variant_req;

/* The flags of earlier releases: aliases of --variant and --variant-option. */
static const struct {
	const char *flag;   /* "--openssl-engine" */
	const char *lib;    /* "openssl" */
	const char *prefix; /* put before each value: "engine=" */
	bool option;	    /* a --variant-option (one value, commas kept) */
} variant_aliases[] = {
	{"--openssl-provider", "openssl", "", false},
	{"--openssl-engine", "openssl", "engine=", false},
	{"--openssl-provider-path", "openssl", "provider-path=", true},
	{"--openssl-propq", "openssl", "propq=", true},
};

typedef struct run_args {
	cs_config cfg;
	variant_req variants[CS_MAX_LIST]; /* --variant, in command-line order */
	size_t n_variants;
	variant_req options[3]; /* --variant-option: spec is NAME=VALUE */
	size_t n_options;
	char out_target[4096];
	cs_worker_file files[MAX_WORKERS];
	size_t n_files;
	int repeat;	   /* --repeat R (repeat.c) */
	bool no_samples;   /* --no-samples: the file keeps summaries, not raw samples */
	bool count;	   /* --count: the counting lane (count.c) */
	bool conform;	   /* --conform: the Wycheproof vectors after the run (cmd_conform.c) */
	const char *cpu;   /* --cpu PROFILE, or NULL */
	const char *board; /* --board NAME, or NULL */
} run_args;

/* "openssl" and "openssl@1.1.1w" are both OpenSSL workers. */
static bool
is_lib(const char *worker, const char *lib)
{
	size_t n = strlen(lib);
	return strncmp(worker, lib, n) == 0 && (worker[n] == '\0' || worker[n] == '@');
}

/* One --lib value: "wolfssl" names wolfssl and every wolfssl@<version>
   worker, "=wolfssl" that worker only (also "=wolfssl@5.7.2+asm"). */
static bool
lib_matches(const char *worker, const char *item)
{
	return item[0] == '=' ? strcmp(worker, item + 1) == 0 : is_lib(worker, item);
}

/* Is this worker in the --lib selection? No --lib: all but noop. */
static bool
lib_selected(const cs_list *libs, const char *worker)
{
	if (!libs->n)
		return strcmp(worker, "noop") != 0;
	for (size_t i = 0; i < libs->n; i++)
		if (lib_matches(worker, libs->item[i]))
			return true;
	return false;
}

static void
validate_names(run_args *a)
{
	const cs_config *cfg = &a->cfg;
	char known[1024];
	for (size_t i = 0; i < cfg->algs.n; i++)
		if (!cs_alg_name_known(cfg->algs.item[i])) {
			cs_alg_names(known, sizeof known);
			cs_usage_error("unknown algorithm '%s' (known: %s, " CS_TLS_FAMILY ")",
				       cfg->algs.item[i], known);
		}
	for (size_t i = 0; i < cfg->ops.n; i++)
		if (cs_op_find(cfg->ops.item[i]) == CS_OP_COUNT) {
			cs_op_names(known, sizeof known);
			cs_usage_error("unknown operation '%s' (known: %s)", cfg->ops.item[i],
				       known);
		}
	for (size_t i = 0; i < cfg->masks.n; i++)
		if (cs_mask_find(cfg->masks.item[i]) == CS_MASK_COUNT) {
			cs_mask_names(known, sizeof known);
			cs_usage_error("unknown mask '%s' (known: %s)", cfg->masks.item[i], known);
		}
	if (!cs_format_known(CS_FOR_REPORT, cfg->format)) {
		cs_format_names(CS_FOR_REPORT, ", ", known, sizeof known);
		cs_usage_error("unknown format '%s' (known: %s)", cfg->format, known);
	}
	for (size_t i = 0; i < cfg->libs.n; i++) {
		bool found = false;
		for (size_t f = 0; f < a->n_files; f++)
			found |= lib_matches(a->files[f].name, cfg->libs.item[i]);
		if (!found) {
			cs_join(known, sizeof known, a->files, a->n_files, sizeof a->files[0], true,
				", ");
			cs_usage_error("unknown library '%s' (built: %s)", cfg->libs.item[i],
				       a->n_files ? known
						  : "none found; set CRYPTOSPEED_WORKER_PATH");
		}
	}
	/* a variant needs a worker of its library in the selection */
	for (size_t v = 0; v < a->n_variants; v++) {
		bool found = false;
		for (size_t f = 0; f < a->n_files; f++)
			if (is_lib(a->files[f].name, a->variants[v].lib) &&
			    lib_selected(&cfg->libs, a->files[f].name))
				found = true;
		if (!found)
			cs_usage_error("%s needs the library %s in the selection "
				       "(accepted: with --lib %s, or without --lib)",
				       a->variants[v].flag, a->variants[v].lib, a->variants[v].lib);
	}
	/* an operation selection that no selected algorithm has */
	if (cfg->ops.n) {
		bool any = false;
		for (const cs_alg *const *alg = cs_algs; *alg && !any; alg++) {
			if (cfg->algs.n && !cs_alg_in(*alg, cfg->algs.item, cfg->algs.n))
				continue;
			for (size_t i = 0; i < cfg->ops.n; i++)
				any |= ((*alg)->ops & CS_OPBIT(cs_op_find(cfg->ops.item[i]))) != 0;
		}
		if (!any) {
			char ops[256];
			cs_join(ops, sizeof ops, cfg->ops.item, cfg->ops.n, sizeof cfg->ops.item[0],
				false, ",");
			const cs_alg *first = cfg->algs.n ? cs_alg_find(cfg->algs.item[0]) : NULL;
			if (first)
				cs_alg_ops_string(first, known, sizeof known);
			cs_usage_error("--op %s matches no operation of the selected "
				       "algorithms%s%s%s%s%s",
				       ops, first ? " (" : "", first ? first->name : "",
				       first ? ": " : "", first ? known : "", first ? ")" : "");
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
		const char *seen[64];
		size_t n_seen = 0;
		for (size_t w = 0; w < run->n_workers; w++) {
			const cs_msg_hello *h = cs_worker_hello(run->workers[w]);
			for (size_t i = 0; h && i < h->n_paths; i++) {
				const char *s = h->paths[i];
				found |= strcmp(s, cfg->paths.item[p]) == 0;
				bool dup = false;
				for (size_t k = 0; k < n_seen; k++)
					dup |= strcmp(seen[k], s) == 0;
				if (!dup && n_seen < sizeof seen / sizeof seen[0])
					seen[n_seen++] = s;
			}
		}
		if (!found) {
			char known[1024];
			cs_join(known, sizeof known, seen, n_seen, sizeof seen[0], false, ", ");
			cs_run_stop_workers(run);
			cs_usage_error("unknown path '%s' (paths of the selected libraries: %s)",
				       cfg->paths.item[p], n_seen ? known : "none");
		}
	}
}

static void
variant_env(cs_variant *v, const char *name, const char *value)
{
	if (value && v->n_env < 4)
		snprintf(v->env[v->n_env++], sizeof v->env[0], "%s=%s", name, value);
}

/* Each --variant item is a worker variant: rows LIB/<path>[SPEC]. The worker
   learns it from CRYPTOSPEED_VARIANT and its library's options from
   CRYPTOSPEED_VARIANT_OPTION<n>; its adapter says which environment that
   means (cs_variant_param). */
static void
add_variants(run_args *a)
{
	cs_config *cfg = &a->cfg;
	for (size_t o = 0; o < a->n_options; o++) {
		bool used = false;
		for (size_t i = 0; i < a->n_variants; i++)
			used |= strcmp(a->variants[i].lib, a->options[o].lib) == 0;
		if (!used)
			cs_usage_error("%s %s needs a variant of %s to apply to (accepted: with "
				       "--variant %s:VALUE)",
				       a->options[o].flag, a->options[o].spec, a->options[o].lib,
				       a->options[o].lib);
	}
	for (size_t i = 0; i < a->n_variants; i++) {
		const variant_req *r = &a->variants[i];
		cs_variant *v = &cfg->variants[cfg->n_variants++];
		memset(v, 0, sizeof *v);
		snprintf(v->lib, sizeof v->lib, "%s", r->lib);
		memcpy(v->tag, r->spec, strlen(r->spec) + 1); /* length checked when parsed */
		variant_env(v, "CRYPTOSPEED_VARIANT", r->spec);
		int n = 0;
		for (size_t o = 0; o < a->n_options; o++)
			if (strcmp(a->options[o].lib, r->lib) == 0) {
				char name[64];
				snprintf(name, sizeof name, "CRYPTOSPEED_VARIANT_OPTION%d", ++n);
				variant_env(v, name, a->options[o].spec);
			}
	}
}

/* One --variant LIB:SPEC[,SPEC] (prefix "") or --variant-option LIB:NAME=VALUE
   (option), or an alias's value for lib with its prefix. */
static void
parse_variant(run_args *a, const char *flag, const char *lib, const char *prefix, bool option,
	      const char *v)
{
	const char *value = v;
	char libname[32];
	if (!lib) {
		const char *colon = strchr(v, ':');
		if (!colon || colon == v || (size_t)(colon - v) >= sizeof libname || !colon[1])
			cs_usage_error("%s '%s' is not valid (accepted: LIB:%s, e.g. %s)", flag, v,
				       option ? "NAME=VALUE" : "[KIND=]VALUE[,..]",
				       option ? "openssl:propq=fips=yes" : "openssl:default");
		snprintf(libname, sizeof libname, "%.*s", (int)(colon - v), v);
		lib = libname;
		value = colon + 1;
	}
	if (option) {
		if (a->n_options == sizeof a->options / sizeof a->options[0])
			cs_usage_error("too many variant options (accepted: up to %zu)",
				       sizeof a->options / sizeof a->options[0]);
		variant_req *r = &a->options[a->n_options++];
		r->flag = flag;
		snprintf(r->lib, sizeof r->lib, "%s", lib);
		snprintf(r->spec, sizeof r->spec, "%s%s", prefix, value);
		if (!strchr(r->spec, '=') || r->spec[0] == '=')
			cs_usage_error("%s '%s' is not valid (accepted: NAME=VALUE)", flag, v);
		return;
	}
	cs_list items;
	cs_parse_list(flag, value, &items);
	for (size_t i = 0; i < items.n; i++) {
		if (a->n_variants == CS_MAX_LIST)
			cs_usage_error("too many variants (accepted: up to %d)", CS_MAX_LIST);
		variant_req *r = &a->variants[a->n_variants++];
		r->flag = flag;
		snprintf(r->lib, sizeof r->lib, "%s", lib);
		snprintf(r->spec, sizeof r->spec, "%s%s", prefix, items.item[i]);
		/* the spec names the row (cs_variant.tag): refuse what would not fit */
		if (strlen(r->spec) >= sizeof((cs_variant *)0)->tag)
			cs_usage_error("%s '%s' is too long (accepted: at most %zu bytes)", flag,
				       items.item[i],
				       sizeof((cs_variant *)0)->tag - 1 - strlen(prefix));
	}
}

/* A variant worker that could not initialise (a provider that does not load):
   quote the library's reason, before anything is measured. */
static void
validate_variants(cs_run *run)
{
	for (size_t i = 0; i < run->n_workers; i++) {
		cs_worker *w = run->workers[i];
		const cs_msg_hello *h = cs_worker_hello(w);
		const char *err = h && h->init_error[0] ? h->init_error : NULL;
		if (!err)
			continue;
		if (w->variant) {
			/* the worker added what its adapter accepts */
			cs_run_stop_workers(run);
			cs_usage_error("%s [%s]: %s", w->file->name, w->variant->tag, err);
		}
		fprintf(stderr, "cryptospeed: %s: %s\n", cs_esc_term(w->file->name),
			cs_esc_term(err));
	}
}

static void
on_signal(int sig)
{
	cs_interrupt_signal = sig;
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
	cs_list_split(cs_mask_name(CS_MASK_NONE), &cfg->masks);
}

static void
parse_sizes(cs_config *cfg, const char *s)
{
	cs_list l;
	cs_parse_list("--sizes", s, &l);
	cfg->n_sizes = 0;
	cfg->sizes_given = true;
	for (size_t i = 0; i < l.n; i++)
		cfg->sizes[cfg->n_sizes++] =
			(size_t)cs_parse_int("size", l.item[i], 1, CS_SIZE_MAX,
					     "a whole number of bytes, 1.." CS_SIZE_MAX_TEXT);
}

enum {
	OPT_LIB = 256,
	OPT_PATH,
	OPT_ALG,
	OPT_OP,
	OPT_SIZES,
	OPT_MASK,
	OPT_PRECISION,
	OPT_BUDGET,
	OPT_QUICK,
	OPT_TIMEOUT,
	OPT_MISALIGN,
	OPT_EVIDENCE,
	OPT_NO_EVIDENCE,
	OPT_EVIDENCE_SIZE,
	OPT_LAUNCHER,
	OPT_WORKER_DIR,
	OPT_MULTI,
	OPT_SEED,
	OPT_VARIANT,
	OPT_VARIANT_OPTION,
	OPT_FORMAT,
	OPT_LABEL,
	OPT_REPEAT,
	OPT_NO_SAMPLES,
	OPT_COUNT,
	OPT_CPU,
	OPT_BOARD,
	OPT_CONFORM,
	OPT_TLS_GRID,
	OPT_PMU,
	OPT_VARIANT_ALIAS, /* + index in variant_aliases: keep last */
};

static const struct option run_options[] = {
	{"help", no_argument, NULL, 'h'},
	{"lib", required_argument, NULL, OPT_LIB},
	{"path", required_argument, NULL, OPT_PATH},
	{"alg", required_argument, NULL, OPT_ALG},
	{"op", required_argument, NULL, OPT_OP},
	{"sizes", required_argument, NULL, OPT_SIZES},
	{"mask", required_argument, NULL, OPT_MASK},
	{"precision", required_argument, NULL, OPT_PRECISION},
	{"budget", required_argument, NULL, OPT_BUDGET},
	{"quick", no_argument, NULL, OPT_QUICK},
	{"tls-grid", no_argument, NULL, OPT_TLS_GRID},
	{"timeout", required_argument, NULL, OPT_TIMEOUT},
	{"misalign", required_argument, NULL, OPT_MISALIGN},
	{"evidence", no_argument, NULL, OPT_EVIDENCE},
	{"no-evidence", no_argument, NULL, OPT_NO_EVIDENCE},
	{"evidence-size", required_argument, NULL, OPT_EVIDENCE_SIZE},
	{"launcher", required_argument, NULL, OPT_LAUNCHER},
	{"worker-dir", required_argument, NULL, OPT_WORKER_DIR},
	{"multi", required_argument, NULL, OPT_MULTI},
	{"seed", required_argument, NULL, OPT_SEED},
	{"variant", required_argument, NULL, OPT_VARIANT},
	{"variant-option", required_argument, NULL, OPT_VARIANT_OPTION},
	{"openssl-provider", required_argument, NULL, OPT_VARIANT_ALIAS + 0},
	{"openssl-engine", required_argument, NULL, OPT_VARIANT_ALIAS + 1},
	{"openssl-provider-path", required_argument, NULL, OPT_VARIANT_ALIAS + 2},
	{"openssl-propq", required_argument, NULL, OPT_VARIANT_ALIAS + 3},
	{"output", required_argument, NULL, 'o'},
	{"format", required_argument, NULL, OPT_FORMAT},
	{"repeat", required_argument, NULL, OPT_REPEAT},
	{"label", required_argument, NULL, OPT_LABEL},
	{"no-samples", no_argument, NULL, OPT_NO_SAMPLES},
	{"count", no_argument, NULL, OPT_COUNT},
	{"conform", no_argument, NULL, OPT_CONFORM},
	{"pmu", required_argument, NULL, OPT_PMU},
	{"cpu", required_argument, NULL, OPT_CPU},
	{"board", required_argument, NULL, OPT_BOARD},
	{NULL, 0, NULL, 0},
};

/* --pmu=on: every started worker opened its counters, or exit 2 naming why
   (before anything is measured). */
static void
validate_pmu(cs_run *run)
{
	if (run->cfg->pmu != CS_PMU_ON)
		return;
	for (size_t i = 0; i < run->n_workers; i++) {
		const cs_worker *w = run->workers[i];
		const cs_msg_hello *h = cs_worker_hello(w);
		if (!h || h->pmu == 1)
			continue;
		cs_run_stop_workers(run);
		cs_usage_error("--pmu=on: worker %s has no hardware counters: %s", w->file->name,
			       h->pmu == 0 ? h->pmu_why
					   : "it does not say (a launcher that drops the "
					     "environment, or a worker of an older build)");
	}
}

/* Parse argv into a; returns only when the options are valid. */
static void
parse_run_options(run_args *a, int argc, char **argv)
{
	cs_config *cfg = &a->cfg;
	bool precision_set = false, budget_set = false;
	int c;
	optind = 1;
	while ((c = cs_getopt(argc, argv, ":ho:", run_options, "run")) != -1) {
		const char *v = optarg;
		switch (c) {
		case 'h': print_run_help(stdout); exit(CS_EXIT_OK);
		case OPT_LIB: cs_parse_list("--lib", v, &cfg->libs); break;
		case OPT_PATH: cs_parse_list("--path", v, &cfg->paths); break;
		case OPT_ALG: cs_parse_list("--alg", v, &cfg->algs); break;
		case OPT_OP: cs_parse_list("--op", v, &cfg->ops); break;
		case OPT_MASK: cs_parse_list("--mask", v, &cfg->masks); break;
		case OPT_SIZES: parse_sizes(cfg, v); break;
		case OPT_PRECISION: {
			double p = cs_parse_double("--precision", v, 0, 100, true,
						   "a percentage in (0, 100)");
			if (p >= 100)
				cs_usage_error("--precision '%s' is not valid (accepted: a "
					       "percentage "
					       "in (0, 100))",
					       v);
			cfg->precision = p / 100;
			precision_set = true;
			break;
		}
		case OPT_BUDGET:
			cfg->budget_s = cs_parse_double("--budget", v, 0, 3600, true,
							"seconds in (0, 3600]");
			budget_set = true;
			break;
		case OPT_TIMEOUT:
			cfg->timeout_s = cs_parse_double("--timeout", v, 0, 3600, true,
							 "seconds in (0, 3600]");
			break;
		case OPT_MISALIGN:
			cfg->misalign = (size_t)cs_parse_int("--misalign", v, 0, 63, "0..63 bytes");
			break;
		case OPT_SEED:
			cfg->seed = (unsigned)cs_parse_int("--seed", v, 0, 4294967295LL,
							   "a whole number 0..4294967295");
			break;
		case OPT_MULTI:
			cfg->multi = (int)cs_parse_int("--multi", v, 1, 64, "1..64 workers");
			break;
		case OPT_QUICK: cfg->quick = true; break;
		case OPT_TLS_GRID: cfg->tls_grid = true; break;
		case OPT_EVIDENCE: cfg->evidence = true; break;
		case OPT_NO_EVIDENCE: cfg->evidence = false; break;
		case OPT_EVIDENCE_SIZE:
			cfg->evidence_size = (size_t)cs_parse_int("--evidence-size", v, 1, 1048576,
								  "1..1048576 bytes");
			break;
		case OPT_LAUNCHER: cs_parse_launcher(cfg, v); break;
		case OPT_WORKER_DIR:
			if (!*v)
				cs_usage_error("--worker-dir '' is empty (accepted: a directory)");
			cfg->worker_dir = v;
			break;
		case OPT_VARIANT: parse_variant(a, "--variant", NULL, "", false, v); break;
		case OPT_VARIANT_OPTION:
			parse_variant(a, "--variant-option", NULL, "", true, v);
			break;
		case OPT_VARIANT_ALIAS + 0:
		case OPT_VARIANT_ALIAS + 1:
		case OPT_VARIANT_ALIAS + 2:
		case OPT_VARIANT_ALIAS + 3: {
			size_t k = (size_t)(c - OPT_VARIANT_ALIAS);
			parse_variant(a, variant_aliases[k].flag, variant_aliases[k].lib,
				      variant_aliases[k].prefix, variant_aliases[k].option, v);
			break;
		}
		case 'o': cfg->out = v; break;
		case OPT_FORMAT: cfg->format = v; break;
		case OPT_REPEAT:
			a->repeat =
				(int)cs_parse_int("--repeat", v, 1, 1000, "1..1000 repetitions");
			break;
		case OPT_NO_SAMPLES: a->no_samples = true; break;
		case OPT_COUNT: a->count = true; break;
		case OPT_CONFORM: a->conform = true; break;
		case OPT_PMU:
			if (strcmp(v, "auto") && strcmp(v, "off") && strcmp(v, "on"))
				cs_usage_error("--pmu '%s' is not valid (accepted: auto, off, on)",
					       v);
			cfg->pmu = strcmp(v, "on") == 0	   ? CS_PMU_ON
				   : strcmp(v, "off") == 0 ? CS_PMU_OFF
							   : CS_PMU_AUTO;
			break;
		case OPT_CPU: a->cpu = v; break;
		case OPT_BOARD: a->board = v; break;
		case OPT_LABEL:
			if (!*v || strlen(v) > 120)
				cs_usage_error("--label '%.40s' is not valid (accepted: 1..120 "
					       "characters)",
					       v);
			cfg->label = v;
			break;
		}
	}
	if (optind < argc)
		cs_usage_error("unexpected argument '%s' for run (see cryptospeed run --help)",
			       argv[optind]);
	if (cfg->quick) {
		if (!precision_set)
			cfg->precision = 0.05;
		if (!budget_set)
			cfg->budget_s = 0.03;
		cfg->target_ns = 250000;
		cfg->warmup_ns = 1000000;
	} else {
		cfg->target_ns = 1000000;
		cfg->warmup_ns = 5000000;
	}
	cfg->min_samples = 10;
	cfg->visit = 3;
	add_variants(a);
}

/* --no-samples: raw samples out of every cell (a file to publish stays small);
   medians, quartiles, CIs, n_samples and repetition medians stay. */
static void
drop_samples(cs_res_file *results)
{
	for (size_t i = 0; i < results->n_cells; i++) {
		cs_res_cell *c = &results->cells[i];
		free(c->samples);
		free(c->partial);
		c->samples = c->partial = NULL;
		c->n_samples = c->n_partial = 0;
	}
	cs_results_config(results);
	results->config.samples_kept = false;
}

/* The exit status of a finished run (see cs_exit_status_help). */
/* --count, --cpu, --board: the counting run's profile and instruments
   (exit 2 when one is missing); the directory to take its workers from. */
static const char *
count_options(run_args *a)
{
	cs_config *cfg = &a->cfg;
	char names[512];
	if (a->count && a->conform)
		cs_usage_error("--conform with --count (accepted: one of them; conformance "
			       "runs the host's workers, not emulated ones)");
	if (!a->count) {
		if (a->cpu || a->board)
			cs_usage_error("--%s without --count (accepted: --count --%s ...)",
				       a->cpu ? "cpu" : "board", a->cpu ? "cpu" : "board");
		return NULL;
	}
	if (a->cpu && a->board)
		cs_usage_error("--cpu and --board together (accepted: one of them)");
	if (a->repeat > 1 || cfg->multi > 1)
		cs_usage_error("--count with --%s: counts are exact, one run says it all "
			       "(accepted: --count without --repeat and --multi)",
			       a->repeat > 1 ? "repeat" : "multi");
	if (strcmp(cfg->format, "text") != 0 && strcmp(cfg->format, "json") != 0)
		cs_usage_error("--format %s with --count (accepted: text, json)", cfg->format);
#if defined(__x86_64__)
	const char *cpu = a->cpu ? a->cpu : a->board ? NULL : "x86-64";
#else
	const char *cpu = a->cpu;
#endif
	const cs_board *b = a->board ? cs_board_find(a->board) : NULL;
	if (a->board && !b) {
		cs_board_names(names, sizeof names, true, true);
		cs_usage_error("--board '%s' is not a board (accepted: %s)", a->board, names);
	}
	const cs_count_profile *p = cs_count_profile_find(b ? b->profile : cpu);
	if (!p) {
		cs_count_profile_names(names, sizeof names);
		cs_usage_error("--cpu '%s' is not a profile (accepted: %s)", cpu ? cpu : "", names);
	}
	/* --cpu P: the first board on P gives the clock, as the profile's
	   board did before boards had a table */
	return cs_count_configure(cfg, p, b ? b : cs_board_of_profile(p->name));
}

/* The exit status of a finished run, and its one line: disagree cells that
   disagree with the other libraries (marked '!'), grid_failed pairs of the
   TLS grid that failed (their status says how; exit 3 as a disagreement). */
static int
run_status(const cs_run *run, int disagree, int grid_failed)
{
	size_t not_ok = 0, unmeasured = 0;
	for (size_t i = 0; i < run->n_cells; i++) {
		const char *st = run->cells[i].status;
		if (strcmp(st, "ok") == 0 || strcmp(st, "unsupported") == 0)
			continue;
		/* stopped by a signal before its turn: not measured, nothing wrong */
		if (strncmp(run->cells[i].detail, "interrupted", 11) == 0)
			unmeasured++;
		else
			not_ok++;
	}
	if (disagree > 0)
		fprintf(stderr,
			"cryptospeed: %d cell(s) disagree with the other libraries on the "
			"same input (marked '!')\n",
			disagree);
	if (grid_failed > 0)
		fprintf(stderr,
			"cryptospeed: %d pair(s) of the TLS grid failed (wrong, crashed, timeout "
			"or error: the grid's cells say which and why)\n",
			grid_failed);
	if (disagree > 0 || grid_failed > 0)
		return CS_EXIT_DISAGREE;
	if (unmeasured)
		fprintf(stderr, "cryptospeed: %zu cell%s not measured (interrupted)\n", unmeasured,
			unmeasured == 1 ? "" : "s");
	if (not_ok) {
		fprintf(stderr,
			"cryptospeed: %zu cell%s wrong, crashed, timed out or failed (the others "
			"were measured)\n",
			not_ok, not_ok == 1 ? "" : "s");
		return CS_EXIT_NOT_OK;
	}
	if (unmeasured)
		return CS_EXIT_NOT_OK;
	return CS_EXIT_OK;
}

/* The options checked against each other and the workers found (in
   count_dir when counting); cs_usage_error on the first that does not fit. */
static void
run_check_args(run_args *a, const char *count_dir)
{
	cs_config *cfg = &a->cfg;
	/* --alg tls, the whole family: the client x server grid too, where a
	   pair can run (once, in two workers) */
	bool family = false;
	for (size_t i = 0; i < cfg->algs.n; i++)
		family |= strcmp(cfg->algs.item[i], CS_TLS_FAMILY) == 0;
	if (family && !cfg->tls_grid && a->repeat <= 1 && cfg->multi <= 1 && !cfg->count)
		cfg->tls_grid = true;
	if (cfg->tls_grid && (a->repeat > 1 || cfg->multi > 1 || cfg->count))
		cs_usage_error("--tls-grid with --%s (accepted: --tls-grid without --repeat, "
			       "--multi and --count: each pair runs once, in two workers)",
			       a->repeat > 1	? "repeat"
			       : cfg->multi > 1 ? "multi"
						: "count");
	a->n_files = count_dir ? cs_find_workers_in(count_dir, a->files, MAX_WORKERS)
			       : cs_find_workers(a->files, MAX_WORKERS);
	validate_names(a);
	char why[4200];
	if (a->conform && cs_conform_check_vectors(why, sizeof why) != 0)
		cs_usage_error("--conform: %s", why);
	if (cfg->out) {
		if (cs_outfile_check(cfg->out, a->out_target, sizeof a->out_target, why,
				     sizeof why))
			cs_usage_error("%s", why);
	}
}

/* The selected workers into chosen, in found order; noop only when asked
   (a counting run counts the harness too: the noop rows). */
static size_t
run_choose(const run_args *a, cs_worker_file *chosen)
{
	size_t n_chosen = 0;
	for (size_t f = 0; f < a->n_files; f++) {
		if (lib_selected(&a->cfg.libs, a->files[f].name) ||
		    (a->cfg.count && strcmp(a->files[f].name, "noop") == 0))
			chosen[n_chosen++] = a->files[f];
	}
	return n_chosen;
}

static void
run_catch_signals(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
}

/* --pmu against --count and the test suite's fake clocks; then tells the
   workers whether to open the counters (core/worker/pmu.c). */
static void
run_check_pmu(const cs_config *cfg)
{
	if (cfg->count && cfg->pmu == CS_PMU_ON)
		cs_usage_error("--pmu=on with --count (accepted: one of them; the counting lane "
			       "counts under an emulator, the PMU counts the timing lane)");
	/* the software clocks that stand in for the counters in the test suite
	   are never recorded as this machine's counters: refused outside it */
	const char *fake = getenv("CRYPTOSPEED_PMU_FAKE");
	const char *suite = getenv("CRYPTOSPEED_TEST_SUITE");
	if (fake && *fake && cfg->pmu != CS_PMU_OFF && !cfg->count &&
	    !(suite && strcmp(suite, "1") == 0))
		cs_usage_error("CRYPTOSPEED_PMU_FAKE='%s' is set: software clocks would be "
			       "recorded as PMU counts (accepted: unset it, or --pmu=off; the "
			       "test suite sets CRYPTOSPEED_TEST_SUITE=1 beside it)",
			       fake);
	setenv("CRYPTOSPEED_PMU", cfg->pmu == CS_PMU_OFF || cfg->count ? "0" : "1", 1);
}

/* The started run measured (and its TLS grid); the exit status so far. */
static int
run_measure_cells(cs_run *run, size_t started)
{
	if (cs_interrupt_signal) {
		/* a signal while the workers started: nothing measured, every
		   planned cell says so and the file is marked interrupted; exit
		   128 + the signal (in cs_cmd_run) */
		cs_run_measure(run);
		return CS_EXIT_NOT_OK;
	}
	if (started == 0) {
		/* each worker said why on its own line; the result file records it too */
		return CS_EXIT_FAILURE;
	}
	validate_variants(run);
	validate_paths(run);
	validate_pmu(run);
	if (run->n_cells == 0) {
		cs_run_stop_workers(run);
		cs_usage_error("the selection matches no cell (no selected library has the "
			       "selected algorithms, paths and operations together: "
			       "cryptospeed list shows what each has)");
	}
	int disagree = cs_run_measure(run), grid_failed = 0;
	if (disagree >= 0 && run->cfg->tls_grid && !run->signal) {
		grid_failed = cs_tls_grid(run); /* tls_pair.c: failing pairs */
		if (grid_failed < 0)
			disagree = -1;
	}
	int rc = run_status(run, disagree, grid_failed);
	if (rc == CS_EXIT_OK && started < run->n_workers) {
		/* a selected worker that could not start is never a success */
		fprintf(stderr,
			"cryptospeed: %zu of %zu workers could not start (above): their "
			"cells are absent\n",
			run->n_workers - started, run->n_workers);
		rc = CS_EXIT_NOT_OK;
	}
	return rc;
}

/* The typed run completed (conformance, repeats), written to -o with its
   blocks sidecar, and reported on standard output; the exit status. */
static int
run_write(run_args *a, cs_run *run, const cs_worker_file *chosen, size_t n_chosen, size_t started,
	  cs_res_file *typed, int rc)
{
	cs_config *cfg = &a->cfg;
	const cs_res_file *one = typed;
	char why[4200];
	if (a->conform && started && !run->signal) {
		int cst = cs_conform_into(cfg, chosen, n_chosen, typed);
		if (cst != CS_EXIT_OK &&
		    (rc == CS_EXIT_OK || (rc == CS_EXIT_NOT_OK && cst == CS_EXIT_DISAGREE)))
			rc = cst;
	}
	if (a->repeat > 1 && started && !run->signal)
		rc = cs_repeat_more(cfg, chosen, n_chosen, a->repeat, typed, rc);
	if (a->no_samples)
		drop_samples(typed);
	if (cfg->out &&
	    cs_outfile_write(a->out_target, cs_results_writer, typed, why, sizeof why) != 0) {
		fprintf(stderr, "cryptospeed: %s\n", why);
		rc = CS_EXIT_FAILURE;
	}
	if (cfg->count && cfg->out && !cfg->count->machine) {
		/* the per-block counts the result file names (counting.blocks;
		   an MCU profile's cycles come from its own plugin) */
		char sidecar[4200];
		snprintf(sidecar, sizeof sidecar, "%s.blocks", cfg->out);
		if (cs_count_blocks_write(run, sidecar, why, sizeof why) != 0) {
			fprintf(stderr, "cryptospeed: %s\n", why);
			rc = CS_EXIT_FAILURE;
		}
	}
	if (cfg->count)
		cs_count_blocks_cleanup();
	if (cfg->count && strcmp(cfg->format, "text") == 0)
		cs_count_print(run, stdout);
	else
		cs_report_emit(&one, 1, cfg->format, CS_VIEW_MATRIX, stdout);
	return rc;
}

int
cs_cmd_run(int argc, char **argv)
{
	static run_args a; /* large: off the stack */
	memset(&a, 0, sizeof a);
	cs_config *cfg = &a.cfg;
	config_defaults(cfg);
	parse_run_options(&a, argc, argv);

	const char *count_dir = count_options(&a);
	run_check_args(&a, count_dir);

	cs_worker_file chosen[MAX_WORKERS];
	size_t n_chosen = run_choose(&a, chosen);
	if (n_chosen == 0) {
		fprintf(stderr, "cryptospeed: no workers to run (found none in "
				"../libexec/cryptospeed, next "
				"to cryptospeed or in CRYPTOSPEED_WORKER_PATH)\n");
		return CS_EXIT_FAILURE;
	}
	run_catch_signals();
	cfg->repeat = a.repeat;
	run_check_pmu(cfg);
	cs_run run = {.cfg = cfg};
	if (cs_run_start(&run, chosen, n_chosen) != 0) {
		fprintf(stderr, "cryptospeed: out of memory\n");
		return CS_EXIT_FAILURE;
	}
	size_t started = 0;
	for (size_t i = 0; i < run.n_workers; i++)
		started += run.workers[i]->has_hello;
	int rc = run_measure_cells(&run, started);
	/* the run as the typed model, checked by the reader every subcommand
	   uses, so run never writes a file that report, compare or history
	   refuse; then written by the one encoder and reported from the model */
	cs_res_file typed;
	char why[4200];
	if (cs_record_run(&run, &typed, why, sizeof why) != 0) {
		fprintf(stderr,
			"cryptospeed: %s (the result file's own reader refuses it: not written)\n",
			why);
		rc = CS_EXIT_FAILURE;
	} else {
		rc = run_write(&a, &run, chosen, n_chosen, started, &typed, rc);
		cs_results_free(&typed);
	}
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "cryptospeed: cannot write to standard output: %s\n",
			strerror(errno ? errno : EIO));
		rc = CS_EXIT_FAILURE;
	}
	int sig = run.signal;
	cs_run_free(&run);
	if (sig)
		return 128 + sig;
	return rc;
}
