/* The result file's model, both directions: random valid models encode to a
   document the decoder accepts, and encode -> decode -> encode gives the same
   bytes. With a docs/results-format.md path: its cell table must be the one
   the field table prints (--print-doc prints it). */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "results.h"

static uint64_t rng = 0x9e3779b97f4a7c15ULL;

static uint64_t
next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static long long
between(long long lo, long long hi)
{
	return lo + (long long)(next() % (uint64_t)(hi - lo + 1));
}

static bool
coin(void)
{
	return next() & 1;
}

/* A positive finite double over many magnitudes. */
static double
positive(void)
{
	return ldexp((double)(next() % 1000000 + 1) / 7.0, (int)between(-40, 60));
}

static const char *const words[] = {"openssl", "evp",		"sha256",
				    "x\"y\\z", "caf\xc3\xa9",	"a b\tc\n",
				    "",	       "wolfssl@5.7.2", "\xe2\x80\x94 dash"};

static const char *
word(bool nonempty)
{
	const char *w;
	do
		w = words[next() % (sizeof words / sizeof words[0])];
	while (nonempty && !*w);
	return w;
}

static const char *
maybe(void)
{
	return coin() ? word(false) : NULL;
}

static void
quant(cs_res_quant *q)
{
	q->median = positive();
	q->has_spread = coin();
	if (q->has_spread) {
		q->q1 = positive();
		q->q3 = positive();
		q->ci_lo = positive();
		q->ci_hi = q->ci_lo * 2;
	}
}

static double *
sample_list(size_t n)
{
	double *x = malloc((n + 1) * sizeof *x);
	for (size_t i = 0; i < n; i++)
		x[i] = positive();
	return x;
}

static const char *const statuses[] = {"ok", "wrong", "unsupported", "crashed", "timeout", "error"};
static const char *const classes[] = {"aes-ni", "sha-ni", "scalar", "avx2", "neon"};

/* A counted cell's count, its per-op values derived as the decoder does. */
static void
random_count(cs_res_cell *c, bool sized)
{
	cs_res_count *k = &c->count;
	k->present = true;
	k->ops = between(1, 1LL << 20);
	k->insns = between(0, 1LL << 40);
	k->mem = between(0, 1LL << 40);
	k->exact = coin();
	if (!k->exact) {
		k->insns_d1 = between(0, 1LL << 40);
		k->insns_d2 = between(0, 1LL << 40);
	}
	k->n_classes = (size_t)between(0, 5);
	k->classes = calloc(k->n_classes + 1, sizeof *k->classes);
	for (size_t i = 0; i < k->n_classes; i++) {
		k->classes[i].name = classes[i];
		k->classes[i].n = between(0, 1LL << 40);
		k->classes[i].per_op = (double)k->classes[i].n / (double)k->ops;
	}
	k->insns_per_op = (double)k->insns / (double)k->ops;
	k->mem_per_op = (double)k->mem / (double)k->ops;
	k->per_byte = sized;
	k->insns_per_byte = sized ? k->insns_per_op / (double)c->size : 0;
}

static const char **
word_list(size_t *n)
{
	*n = (size_t)between(0, 3);
	const char **v = calloc(*n + 1, sizeof *v);
	for (size_t i = 0; i < *n; i++)
		v[i] = word(false);
	return v;
}

static long long *
int_list(size_t n, long long lo, long long hi)
{
	long long *v = calloc(n + 1, sizeof *v);
	for (size_t i = 0; i < n; i++)
		v[i] = between(lo, hi);
	return v;
}

/* What a run records beside the numbers: interop, --multi's windows. */
static void
random_run_extras(cs_res_cell *c)
{
	if (coin()) {
		cs_res_interop *x = &c->interop;
		x->present = true;
		x->verified_by = word_list(&x->n_verified);
		x->rejected_by = word_list(&x->n_rejected);
		x->errors = word_list(&x->n_errors);
		x->all_verify = coin();
	}
	if (c->ok && coin()) {
		c->n_windows = (size_t)between(0, 3);
		c->windows = calloc(c->n_windows + 1, sizeof *c->windows);
		size_t n_ws = (size_t)between(1, 4);
		for (size_t i = 0; i < c->n_windows; i++) {
			c->windows[i].ns = positive();
			c->windows[i].n_ops = n_ws;
			c->windows[i].ops = int_list(n_ws, 0, 1LL << 40);
		}
		c->n_worker_rates = n_ws;
		c->worker_rates = sample_list(n_ws);
		c->worker_rates[0] = coin() ? 0 : c->worker_rates[0];
	}
}

static void
random_cell(cs_res_cell *c, const cs_res_file *f)
{
	memset(c, 0, sizeof *c);
	c->lib = word(true);
	c->lib_version = word(false);
	c->path = word(true);
	c->mask = coin() ? "none" : word(false);
	c->variant = maybe();
	c->served_by = maybe();
	c->alg = word(true);
	c->kind = word(false);
	int o = (int)between(0, CS_OP_COUNT);
	c->op = o == CS_OP_COUNT ? "frobnicate" : cs_op_name((cs_op)o);
	c->size = coin() ? 0 : between(1, CS_RES_SIZE_MAX);
	c->status = statuses[next() % 6];
	c->ok = strcmp(c->status, "ok") == 0;
	c->detail = maybe();
	c->kat = maybe();
	c->fingerprint = maybe();
	c->multi = coin() ? 1 : (int)between(1, 4096);
	c->ci95_rel = coin() ? -1 : (double)between(0, 1000000000) / 1024;
	c->batch = coin() ? 0 : between(1, 1LL << 50);
	c->agree = (int)between(-1, 1);
	c->imported = f->sources[0].imported;
	c->source = (size_t)between(0, (long long)f->n_sources - 1);
	if (c->imported) {
		c->file = word(false);
		c->line = between(1, 1LL << 40);
		c->row_line = coin() ? 0 : between(1, 1LL << 40);
	}
	bool sized = o != CS_OP_COUNT && cs_op_sized((cs_op)o) && c->size > 0;
	c->bytes = o == CS_OP_COUNT ? coin() : sized;
	bool counted = f->counting.present && c->ok;
	if (counted) {
		random_count(c, o == CS_OP_COUNT ? c->size > 0 : sized);
	} else if (c->ok) {
		quant(&c->rate);
		c->has_ns = coin();
		if (c->has_ns) {
			quant(&c->ns);
			/* one measurement: ns per op is what the rate says (the loader
			   refuses a pair off by 2x) */
			c->ns.median = 1e9 * (c->bytes && c->size > 0 ? (double)c->size : 1) /
				       c->rate.median;
			c->ns_mean = coin() ? 0 : positive();
			c->ns_min = coin() ? 0 : positive();
			c->ns_max = coin() ? 0 : positive();
		}
		c->n_measured = coin() ? 0 : between(1, 1000);
		if (!c->imported && coin()) {
			c->n_samples = (size_t)between(0, 20);
			c->samples = sample_list(c->n_samples);
		}
	} else if (!c->imported && coin()) {
		c->n_partial = (size_t)between(1, 20);
		c->partial = sample_list(c->n_partial);
	}
	if (!c->imported && coin()) {
		c->ev.present = true;
		c->ev.available = coin();
		c->ev.reason = maybe();
		c->ev.samples = coin() ? -1 : between(0, 1LL << 50);
		c->ev.samples_total = coin() ? 0 : between(1, 1LL << 50);
		c->ev.objects = maybe();
		c->ev.size = coin() ? -1 : between(0, CS_RES_SIZE_MAX);
		c->ev.n_classes = (size_t)between(0, 5);
		c->ev.classes = calloc(c->ev.n_classes + 1, sizeof *c->ev.classes);
		for (size_t i = 0; i < c->ev.n_classes; i++) {
			c->ev.classes[i].name = classes[i];
			c->ev.classes[i].share = (double)between(0, 1000) / 1000;
		}
	}
	if (!f->counting.present && coin()) {
		c->n_reps = (size_t)between(0, 4);
		c->reps = calloc(c->n_reps + 1, sizeof *c->reps);
		for (size_t i = 0; i < c->n_reps; i++) {
			cs_res_rep *r = &c->reps[i];
			r->seed = between(0, 4294967295LL);
			r->status = statuses[next() % 6];
			r->ok = strcmp(r->status, "ok") == 0;
			if (r->ok) {
				r->rate = positive();
				r->ns = positive();
			}
			r->n_samples = coin() ? 0 : between(1, 1000);
			r->detail = maybe();
		}
	}
	if (!c->imported)
		random_run_extras(c);
}

static cs_res_cpu
random_cpu(void)
{
	if (coin())
		return (cs_res_cpu){.arch = "", .model = "", .features = "", .source = ""};
	return (cs_res_cpu){.present = true,
			    .arch = word(false),
			    .model = word(false),
			    .features = word(false),
			    .source = word(false),
			    .cpus = coin() ? 0 : between(1, 1 << 20)};
}

/* A run's "config" (present or not). */
static void
random_config(cs_res_config *c)
{
	if (coin())
		return;
	c->present = true;
	c->clock = word(false);
	c->budget_s = coin() ? 0 : (double)between(0, 1000000) / 64;
	c->quick = coin();
	c->n_sizes = (size_t)between(0, 4);
	c->sizes = int_list(c->n_sizes, 0, CS_RES_SIZE_MAX);
	c->misalign = between(0, 63);
	c->evidence = coin();
	c->evidence_size = between(0, CS_RES_SIZE_MAX);
	c->launcher = word_list(&c->n_launcher);
	c->batch_target_ns = between(0, 1LL << 40);
	c->warmup_ns = between(0, 1LL << 40);
	c->min_samples = between(0, 1000);
	c->seed = between(0, 4294967295LL);
	c->multi = (int)between(1, 4096);
	if (c->multi > 1) {
		c->multi_cpus_allowed = between(0, 1 << 20);
		c->multi_shared = coin();
	}
	c->repeat = coin() ? 0 : between(1, 1000);
	if (c->repeat) {
		c->n_seeds = (size_t)c->repeat % 5;
		c->seeds = int_list(c->n_seeds, 0, 4294967295LL);
	}
	c->samples_kept = coin();
}

static void
random_file(cs_res_file *f)
{
	memset(f, 0, sizeof *f);
	f->tool_version = coin() ? "" : "0.1.0";
	f->label = maybe();
	f->started = coin() ? "" : "2026-12-01T13:00:00Z";
	f->elapsed_s = coin() ? 0 : positive() / 1e20;
	f->interrupted = coin();
	f->hostname = word(false);
	f->kernel = word(false);
	f->cpu_arch = word(false);
	f->cpu_model = word(false);
	f->cpu_features = word(false);
	f->cpu_source = word(false);
	f->cpus = coin() ? 0 : between(1, 1 << 20);
	f->precision = coin() ? 0.01 : (double)between(0, 1000) / 1000;
	f->evidence_s = coin() ? -1 : (double)between(0, 1000000) / 64;
	random_config(&f->config);
	if (coin()) {
		f->import_format = maybe();
		f->import_file = maybe();
		f->import_note = maybe();
	}
	f->n_libs = (size_t)between(0, 3);
	f->libs = calloc(f->n_libs + 1, sizeof *f->libs);
	for (size_t i = 0; i < f->n_libs; i++)
		f->libs[i] = (cs_res_lib){.name = word(true),
					  .version = maybe(),
					  .build = maybe(),
					  .mask = maybe(),
					  .variant = maybe(),
					  .error = maybe(),
					  .init_error = maybe(),
					  .pinned_cpu = coin() ? -1 : between(0, 64),
					  .worker = maybe(),
					  .cpu_info = maybe(),
					  .variant_info = maybe(),
					  .mask_env = maybe(),
					  .worker_cpu = random_cpu()};
	bool imported = coin();
	f->n_sources = imported ? (size_t)between(1, 3) : 1;
	f->sources = calloc(f->n_sources + 1, sizeof *f->sources);
	for (size_t i = 0; i < f->n_sources; i++) {
		cs_res_source *s = &f->sources[i];
		s->label = word(false);
		s->imported = imported;
		s->multi = 1;
		if (imported) {
			s->file = maybe();
			s->line = coin() ? 0 : between(1, 1LL << 40);
			s->version = maybe();
			s->options = maybe();
			s->cpuinfo = maybe();
			s->compiler = maybe();
			s->built_on = maybe();
			s->machine = maybe();
			s->run_options = maybe();
			s->table_kind = maybe();
			s->multi = (int)between(1, 4096);
			s->format = maybe();
			s->n_cells = coin() ? 0 : between(1, 1000);
		}
	}
	if (!imported && coin()) {
		cs_res_counting *k = &f->counting;
		k->present = true;
		k->profile = word(true);
		k->board = word(false);
		k->arch = word(false);
		k->launcher = word(false);
		k->emulator = word(false);
		k->emulated_cpu = word(false);
		k->emulated = coin();
		k->instrument = word(false);
		k->hwcap_clear = coin() ? "" : "0x1000";
		k->hwcap2_clear = coin() ? "" : "0x2";
		k->n1 = coin() ? 0 : between(0, 1000);
		k->n2 = coin() ? 0 : between(0, 1000);
	}
	f->n_cells = (size_t)between(0, 6);
	f->cells = calloc(f->n_cells + 1, sizeof *f->cells);
	for (size_t i = 0; i < f->n_cells; i++)
		random_cell(&f->cells[i], f);
	if (coin()) {
		/* run --conform's block: rows with counts and their tcIds */
		f->has_conform = true;
		f->conform_vectors = word(false);
		f->n_conform = (size_t)between(0, 3);
		f->conform = calloc(f->n_conform + 1, sizeof *f->conform);
		for (size_t i = 0; i < f->n_conform; i++) {
			cs_res_conform *r = &f->conform[i];
			r->lib = word(true);
			r->path = word(true);
			/* one row per lib, path, file and alg: the files differ */
			static const char *const files[] = {"aes_gcm_test", "x25519_test",
							    "caf\xc3\xa9 <b>"};
			r->file = files[i];
			r->alg = word(true);
			for (int k = 0; k < CS_RC_COUNT; k++) {
				r->n[k] = between(0, 3);
				if (!cs_res_ckind_has_ids((cs_res_ckind)k))
					continue;
				r->ids[k] = calloc((size_t)r->n[k] + 1, sizeof *r->ids[k]);
				for (long long q = 0; q < r->n[k]; q++)
					r->ids[k][q] = between(0, 1LL << 40);
			}
		}
	}
}

/* A conformance block that says N cases but lists another number of tcIds,
   or a row without its lib, is refused at its place; a conform -o file
   attaches to a loaded result. */
static void
conformance_refused(void)
{
	static const struct {
		const char *block, *want;
	} bad[] = {
		{"{\"rows\": [{\"lib\": \"a\", \"path\": \"p\", \"file\": \"f\", \"alg\": "
		 "\"x\", \"invalid_accepted\": 2, \"invalid_accepted_ids\": [5]}]}",
		 "r: conformance.rows[0].invalid_accepted_ids: must be an array of 2 tcIds"},
		{"{\"rows\": [{\"path\": \"p\", \"file\": \"f\", \"alg\": \"x\"}]}",
		 "r: conformance.rows[0].lib: missing"},
		{"{\"rows\": 3}", "r: conformance.rows: must be an array"},
		{"{\"rows\": [{\"lib\": \"a\", \"path\": \"p\", \"file\": \"f\", \"alg\": "
		 "\"x\", \"passed\": -1}]}",
		 "r: conformance.rows[0].passed: must be an integer >= 0"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		char doc[1024], why[512];
		cs_res_file f;
		snprintf(doc, sizeof doc,
			 "{\"schema\": \"cryptospeed/1\", \"cells\": [], "
			 "\"conformance\": %s}",
			 bad[i].block);
		int rc = cs_results_load_buffer(doc, strlen(doc), "r", &f, why, sizeof why);
		CHECK(rc != 0 && strncmp(why, bad[i].want, strlen(bad[i].want)) == 0);
		if (rc == 0)
			cs_results_free(&f);
		else if (strncmp(why, bad[i].want, strlen(bad[i].want)) != 0)
			printf("  want '%s'\n  got  '%s'\n", bad[i].want, why);
	}
}

static void
round_trips(int n)
{
	for (int i = 0; i < n; i++) {
		cs_res_file m, a, b;
		char why[512];
		random_file(&m);
		char *one = cs_results_encode_text(&m);
		cs_results_free(&m); /* what random_file allocated (no document) */
		CHECK(one != NULL);
		if (!one)
			continue;
		/* everything the encoder writes, the decoder accepts */
		if (cs_results_load_buffer(one, strlen(one), "model", &a, why, sizeof why) != 0) {
			printf("FAIL: model %d refused: %s\n  %s\n", i, why, one);
			check_failures++;
			free(one);
			continue;
		}
		char *two = cs_results_encode_text(&a);
		CHECK(two && strcmp(one, two) == 0);
		if (two && strcmp(one, two) != 0)
			printf("  model %d:\n  %s\n  %s\n", i, one, two);
		/* and once more from the decoded model */
		CHECK(cs_results_load_buffer(two, strlen(two), "again", &b, why, sizeof why) == 0);
		cs_results_free(&b);
		cs_results_free(&a);
		free(one);
		free(two);
	}
}

/* docs/results-format.md's tables between their markers must be the ones
   the field tables print: the cell's, the count object's, the counting
   object's. */
static void
doc_table_matches(const char *doc, const char *path, const char *what, const char *flag,
		  void (*print)(FILE *, int), int arg)
{
	char begin[160], end[80];
	snprintf(begin, sizeof begin, "<!-- %s fields: printed by `test_results_model %s` -->",
		 what, flag);
	snprintf(end, sizeof end, "<!-- end of %s fields -->", what);
	const char *b = strstr(doc, begin), *e = b ? strstr(b, end) : NULL;
	CHECK(b && e);
	if (!b || !e) {
		printf("  %s: no '%s' ... '%s'\n", path, begin, end);
		return;
	}
	char *want = NULL;
	size_t wlen = 0;
	FILE *m = open_memstream(&want, &wlen);
	fprintf(m, "%s\n", begin);
	print(m, arg);
	fclose(m);
	size_t have = (size_t)(e - b);
	if (have != wlen || memcmp(b, want, wlen) != 0) {
		printf("FAIL: %s: the %s table differs from the code's; replace it with "
		       "the output of test_results_model %s\n",
		       path, what, flag);
		check_failures++;
	}
	free(want);
}

static void
print_cell(FILE *f, int arg)
{
	(void)arg;
	cs_results_doc(f);
}

static void
print_count(FILE *f, int counting)
{
	cs_results_doc_count(f, counting != 0);
}

static const char *const objects[] = {"source", "library", "worker_cpu", "config", NULL};

static void
print_object(FILE *f, int i)
{
	cs_results_doc_object(f, objects[i]);
}

static void
print_emulation(FILE *f, int arg)
{
	(void)arg;
	cs_results_doc_emulation(f);
}

static void
print_conform(FILE *f, int rows)
{
	cs_results_doc_conform(f, rows != 0);
}

static void
doc_matches(const char *path)
{
	FILE *f = fopen(path, "r");
	CHECK(f != NULL);
	if (!f)
		return;
	char *doc = calloc(1, 1 << 20);
	size_t len = fread(doc, 1, (1 << 20) - 1, f);
	fclose(f);
	CHECK(len > 0);
	doc_table_matches(doc, path, "cell", "--print-doc", print_cell, 0);
	doc_table_matches(doc, path, "count", "--print-count-doc", print_count, 0);
	doc_table_matches(doc, path, "counting", "--print-counting-doc", print_count, 1);
	for (int i = 0; objects[i]; i++) {
		char flag[64];
		snprintf(flag, sizeof flag, "--print-%s-doc", objects[i]);
		doc_table_matches(doc, path, objects[i], flag, print_object, i);
	}
	doc_table_matches(doc, path, "emulation", "--print-emulation-doc", print_emulation, 0);
	doc_table_matches(doc, path, "conformance", "--print-conformance-doc", print_conform, 0);
	doc_table_matches(doc, path, "conformance row", "--print-conformance-row-doc",
			  print_conform, 1);
	free(doc);
}

int
main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "--print-doc") == 0) {
		cs_results_doc(stdout);
		return 0;
	}
	if (argc > 1 && strcmp(argv[1], "--print-count-doc") == 0) {
		cs_results_doc_count(stdout, false);
		return 0;
	}
	if (argc > 1 && strcmp(argv[1], "--print-conformance-doc") == 0) {
		cs_results_doc_conform(stdout, false);
		return 0;
	}
	if (argc > 1 && strcmp(argv[1], "--print-conformance-row-doc") == 0) {
		cs_results_doc_conform(stdout, true);
		return 0;
	}
	if (argc > 1 && strcmp(argv[1], "--print-counting-doc") == 0) {
		cs_results_doc_count(stdout, true);
		return 0;
	}
	for (int i = 0; argc > 1 && objects[i]; i++) {
		char flag[64];
		snprintf(flag, sizeof flag, "--print-%s-doc", objects[i]);
		if (strcmp(argv[1], flag) == 0) {
			cs_results_doc_object(stdout, objects[i]);
			return 0;
		}
	}
	if (argc > 1 && strcmp(argv[1], "--print-emulation-doc") == 0) {
		cs_results_doc_emulation(stdout);
		return 0;
	}
	round_trips(3000);
	conformance_refused();
	if (argc > 1)
		doc_matches(argv[1]);
	return check_done("test_results_model");
}
