/*
 * cryptospeed conform: the Wycheproof test vectors (data/wycheproof) through
 * every library x path that has the algorithm, in its worker, through the
 * same impl that is timed (docs/conformance.md). One `conform` request per
 * case and operation (docs/protocol.md): a library that crashes or hangs on a
 * vector costs that vector (recorded as crashed) and its worker is started
 * again for the next one.
 */
#define _GNU_SOURCE
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "conform_file.h"
#include "outfile.h"
#include "wycheproof.h"

#define MAX_WORKERS 64
#define MAX_FILES 16
/* conform requests are numbered apart from anything else */
#define CONFORM_ID_BASE ((int64_t)1 << 41)

#ifndef CS_WYCHEPROOF_DIR
#define CS_WYCHEPROOF_DIR "data/wycheproof"
#endif

/* What one case did on one impl (core/results/conform_file.h). */
typedef cs_conform_outcome outcome;
#define O_PASS CS_CONFORM_PASS
#define O_INVALID_ACCEPTED CS_CONFORM_INVALID_ACCEPTED
#define O_VALID_REFUSED CS_CONFORM_VALID_REFUSED
#define O_WRONG_OUTPUT CS_CONFORM_WRONG_OUTPUT
#define O_ACCEPTABLE_OK CS_CONFORM_ACCEPTABLE_OK
#define O_ACCEPTABLE_NO CS_CONFORM_ACCEPTABLE_NO
#define O_NA CS_CONFORM_NA
#define O_CRASHED CS_CONFORM_CRASHED
#define O_ERROR CS_CONFORM_ERROR
#define O_COUNT CS_CONFORM_OUTCOMES

/* One row: library build x path x file x algorithm. */
typedef struct row {
	char lib[64], path[CS_MSG_NAME], file[64], alg[CS_MSG_NAME];
	size_t count[O_COUNT];
	long long *ids[O_COUNT]; /* tcIds of every outcome but passed / n/a / acceptable_ok */
	size_t n_ids[O_COUNT], cap_ids[O_COUNT]; /* entries used, allocated */
} row;

typedef struct conform {
	cs_config cfg;
	row *rows;
	size_t n_rows, cap_rows;
	int64_t next_id;
	bool all_workers; /* run --conform: every worker given but noop (else --lib) */
} conform;

/* A name into dst, cut to fit. */
static void
set(char *dst, size_t n, const char *src)
{
	size_t len = strnlen(src, n - 1);
	memcpy(dst, src, len);
	dst[len] = '\0';
}

static row *
new_row(conform *cf, const char *lib, const char *path, const char *file, const char *alg)
{
	if (cf->n_rows == cf->cap_rows) {
		size_t cap = cf->cap_rows ? 2 * cf->cap_rows : 64;
		row *r = realloc(cf->rows, cap * sizeof *r);
		if (!r) {
			fputs("cryptospeed: out of memory\n", stderr);
			exit(CS_EXIT_FAILURE);
		}
		cf->rows = r;
		cf->cap_rows = cap;
	}
	row *r = &cf->rows[cf->n_rows++];
	memset(r, 0, sizeof *r);
	set(r->lib, sizeof r->lib, lib);
	set(r->path, sizeof r->path, path);
	set(r->file, sizeof r->file, file);
	set(r->alg, sizeof r->alg, alg);
	return r;
}

static size_t
total(const row *r)
{
	size_t n = 0;
	for (int o = 0; o < O_COUNT; o++)
		n += r->count[o];
	return n;
}

/* Whether any case ran through the row's impl (else it has no such call:
   `cryptospeed list` says why, and the row is not shown). */
static bool
ran(const row *r)
{
	return total(r) > r->count[O_NA];
}

static void
record(row *r, outcome o, int64_t tc)
{
	r->count[o]++;
	if (o != O_PASS && o != O_NA && o != O_ACCEPTABLE_OK) {
		if (r->n_ids[o] == r->cap_ids[o]) {
			size_t cap = r->cap_ids[o] ? 2 * r->cap_ids[o] : 16;
			long long *more = realloc(r->ids[o], cap * sizeof *more);
			if (!more) {
				fputs("cryptospeed: out of memory\n", stderr);
				exit(CS_EXIT_FAILURE);
			}
			r->ids[o] = more;
			r->cap_ids[o] = cap;
		}
		r->ids[o][r->n_ids[o]++] = tc;
	}
}

static void
copy_hex(char *dst, size_t n, const char *src)
{
	snprintf(dst, n, "%s", src ? src : "");
}

/* The outcome of one request: 1 accepted (*out / *tag valid until the
   worker's next read), 0 refused, -1 n/a, -2 crashed, -3 error. */
static int
ask(conform *cf, cs_worker *w, const char *path, const cs_wp_case *c, cs_op op,
    cs_msg_conform_reply *rep)
{
	static cs_msg_conform req;
	memset(&req, 0, sizeof req);
	req.id = cf->next_id++;
	snprintf(req.alg, sizeof req.alg, "%s", c->alg->name);
	snprintf(req.path, sizeof req.path, "%s", path);
	req.op = (int)op;
	if (c->alg->kind == CS_SIG) {
		copy_hex(req.in, sizeof req.in, c->msg);
		copy_hex(req.peer, sizeof req.peer, c->peer);
		copy_hex(req.sig, sizeof req.sig, c->sig);
	} else if (c->alg->kind == CS_KEX) {
		copy_hex(req.key, sizeof req.key, c->key);
		copy_hex(req.peer, sizeof req.peer, c->peer);
	} else {
		copy_hex(req.key, sizeof req.key, c->key);
		copy_hex(req.nonce, sizeof req.nonce, c->nonce);
		copy_hex(req.aad, sizeof req.aad, c->aad);
		copy_hex(req.in, sizeof req.in, op == CS_OP_OPEN ? c->ct : c->msg);
		if (op == CS_OP_OPEN)
			copy_hex(req.tag, sizeof req.tag, c->tag);
	}
	if (!w->alive && cs_worker_start(w, &cf->cfg) != 0)
		return -3;
	const char *line = NULL;
	cs_req r = cs_worker_request(w, cs_msg_conform_encode(&req), cf->cfg.timeout_s, &line);
	char err[256];
	if (r == CS_REQ_INTR)
		return -3;
	if (r != CS_REQ_OK) {
		cs_worker_kill(w);
		return -2;
	}
	if (cs_msg_conform_reply_decode(line, rep, err, sizeof err) != 0 || rep->id != req.id) {
		cs_worker_kill(w); /* out of step */
		return -3;
	}
	return rep->status == CS_ST_OK		  ? 1
	       : rep->status == CS_ST_WRONG	  ? 0
	       : rep->status == CS_ST_UNSUPPORTED ? -1
						  : -3;
}

/* Whether the first strlen(want) hex digits of got equal want. */
static bool
same(const char *got, const char *want)
{
	return strncmp(got, want, strlen(want)) == 0 && strlen(got) >= strlen(want);
}

static outcome
judge(cs_wp_expect e, int accepted, bool right)
{
	if (accepted == -1)
		return O_NA;
	if (accepted == -2)
		return O_CRASHED;
	if (accepted < 0)
		return O_ERROR;
	switch (e) {
	case CS_WP_VALID: return !accepted ? O_VALID_REFUSED : right ? O_PASS : O_WRONG_OUTPUT;
	case CS_WP_INVALID: return accepted ? O_INVALID_ACCEPTED : O_PASS;
	default: return !accepted ? O_ACCEPTABLE_NO : right ? O_ACCEPTABLE_OK : O_WRONG_OUTPUT;
	}
}

/* One case on one impl. */
static outcome
run_case(conform *cf, cs_worker *w, const cs_msg_impl *impl, const cs_wp_case *c)
{
	static cs_msg_conform_reply rep;
	int a;
	switch (c->alg->kind) {
	case CS_AEAD: {
		/* a valid case is sealed too, when the path seals */
		if (c->expect == CS_WP_VALID && (impl->ops & (1u << CS_OP_SEAL))) {
			a = ask(cf, w, impl->path, c, CS_OP_SEAL, &rep);
			bool right = a == 1 && strcmp(rep.out, c->ct) == 0 &&
				     strcmp(rep.tag, c->tag) == 0;
			outcome o = judge(c->expect, a, right);
			if (o != O_PASS)
				return o;
		}
		a = ask(cf, w, impl->path, c, CS_OP_OPEN, &rep);
		return judge(c->expect, a, a == 1 && strcmp(rep.out, c->msg) == 0);
	}
	case CS_KEX:
		a = ask(cf, w, impl->path, c, CS_OP_DERIVE, &rep);
		return judge(c->expect, a, a == 1 && strcmp(rep.out, c->shared) == 0);
	case CS_SIG:
		a = ask(cf, w, impl->path, c, CS_OP_VERIFY, &rep);
		return judge(c->expect, a, true);
	case CS_MAC:
		/* the verifier's comparison: a tag that differs is refused */
		a = ask(cf, w, impl->path, c, CS_OP_MAC, &rep);
		if (a == 1 && !same(rep.out, c->tag))
			a = c->expect == CS_WP_VALID ? 1 : 0;
		return judge(c->expect, a, a == 1 && same(rep.out, c->tag));
	default: return O_NA;
	}
}

/* Whether the impl runs the file's operation for alg. */
static bool
impl_runs(const cs_msg_impl *impl, const cs_alg *alg, cs_op op)
{
	return impl->available && strcmp(impl->alg, alg->name) == 0 && (impl->ops & (1u << op));
}

static void
run_worker(conform *cf, cs_worker *w, const cs_wp_file *files, size_t n_files)
{
	const cs_msg_hello *h = cs_worker_hello(w);
	/* the hello may be replaced at a restart: keep our own copy of the impls */
	static cs_msg_impl impls[CS_MSG_MAX_IMPLS];
	size_t n_impls = h->n_impls;
	memcpy(impls, h->impls, n_impls * sizeof impls[0]);
	for (size_t f = 0; f < n_files && !cs_interrupt_signal; f++) {
		for (size_t i = 0; i < n_impls; i++) {
			const cs_msg_impl *impl = &impls[i];
			if (cf->cfg.paths.n && !cs_list_has(&cf->cfg.paths, impl->path))
				continue;
			row *r = NULL;
			size_t first = cf->n_rows;
			for (size_t k = 0; k < files[f].n_cases && !cs_interrupt_signal; k++) {
				const cs_wp_case *c = &files[f].cases[k];
				if (!c->alg || !impl_runs(impl, c->alg, c->op) ||
				    (cf->cfg.algs.n && !cs_list_has(&cf->cfg.algs, c->alg->name)))
					continue;
				if (!r || strcmp(r->alg, c->alg->name) != 0) {
					r = NULL;
					for (size_t q = 0; q < cf->n_rows; q++) {
						row *x = &cf->rows[q];
						if (!strcmp(x->lib, w->file->name) &&
						    !strcmp(x->path, impl->path) &&
						    !strcmp(x->file, files[f].name) &&
						    !strcmp(x->alg, c->alg->name))
							r = x;
					}
					if (!r)
						r = new_row(cf, w->file->name, impl->path,
							    files[f].name, c->alg->name);
				}
				record(r, run_case(cf, w, impl, c), c->tc_id);
			}
			/* the file's cases that fit no algorithm of the catalogue: n/a
			   for each row this impl ran */
			for (size_t q = first; q < cf->n_rows; q++)
				for (size_t k = 0; k < files[f].n_cases; k++)
					cf->rows[q].count[O_NA] += !files[f].cases[k].alg;
		}
	}
}

/* The rows that ran, as the conform file's model (rows: n_rows + 1 room). */
static size_t
rows_model(const conform *cf, cs_conform_row *rows)
{
	size_t n = 0;
	for (size_t i = 0; i < cf->n_rows; i++) {
		const row *r = &cf->rows[i];
		if (!ran(r))
			continue;
		cs_conform_row *m = &rows[n++];
		*m = (cs_conform_row){
			.lib = r->lib, .path = r->path, .file = r->file, .alg = r->alg};
		for (int k = 0; k < O_COUNT; k++) {
			m->count[k] = (long long)r->count[k];
			m->ids[k] = r->ids[k];
			m->n_ids[k] = r->n_ids[k];
		}
	}
	return n;
}

static void
print_ids(const char *what, const long long *ids, size_t n)
{
	if (!n)
		return;
	printf("    %s tcId", what);
	for (size_t i = 0; i < n; i++) {
		if (i == 40) {
			printf(" ... (%zu in all)", n);
			break;
		}
		printf("%s%lld", i ? "," : " ", ids[i]);
	}
	putchar('\n');
}

static void
print_text(const conform *cf, double elapsed)
{
	printf("%-26s %-34s %-17s %6s %8s %7s %6s %9s %5s %5s\n", "library/path", "file", "alg",
	       "passed", "INVALID", "valid", "wrong", "accept", "n/a", "crash");
	printf("%-26s %-34s %-17s %6s %8s %7s %6s %9s %5s %5s\n", "", "", "", "", "accepted",
	       "refused", "output", "ok/no", "", "+err");
	size_t shown = 0;
	for (size_t i = 0; i < cf->n_rows; i++) {
		const row *r = &cf->rows[i];
		char who[160], acc[32];
		if (!ran(r))
			continue;
		shown++;
		snprintf(who, sizeof who, "%s/%s", r->lib, r->path);
		snprintf(acc, sizeof acc, "%zu/%zu", r->count[O_ACCEPTABLE_OK],
			 r->count[O_ACCEPTABLE_NO]);
		printf("%-26s %-34s %-17s %6zu %8zu %7zu %6zu %9s %5zu %5zu%s\n", who, r->file,
		       r->alg, r->count[O_PASS], r->count[O_INVALID_ACCEPTED],
		       r->count[O_VALID_REFUSED], r->count[O_WRONG_OUTPUT], acc, r->count[O_NA],
		       r->count[O_CRASHED] + r->count[O_ERROR],
		       r->count[O_INVALID_ACCEPTED] ? "  INVALID ACCEPTED" : "");
		print_ids("INVALID ACCEPTED", r->ids[O_INVALID_ACCEPTED],
			  r->n_ids[O_INVALID_ACCEPTED]);
		print_ids("valid refused", r->ids[O_VALID_REFUSED], r->n_ids[O_VALID_REFUSED]);
		print_ids("wrong output", r->ids[O_WRONG_OUTPUT], r->n_ids[O_WRONG_OUTPUT]);
		print_ids("acceptable refused", r->ids[O_ACCEPTABLE_NO], r->n_ids[O_ACCEPTABLE_NO]);
		print_ids("crashed", r->ids[O_CRASHED], r->n_ids[O_CRASHED]);
		print_ids("error", r->ids[O_ERROR], r->n_ids[O_ERROR]);
	}
	printf("%zu rows (library/path x file x algorithm) in %.1f s\n", shown, elapsed);
}

static bool
lib_selected(const cs_list *libs, const char *name)
{
	if (!libs->n)
		return strchr(name, '@') == NULL; /* by default, the system libraries */
	for (size_t i = 0; i < libs->n; i++) {
		const char *l = libs->item[i];
		size_t n = strlen(l);
		if (l[0] == '='
			    ? strcmp(l + 1, name) == 0
			    : strcmp(l, name) == 0 || (strncmp(l, name, n) == 0 && name[n] == '@'))
			return true;
	}
	return false;
}

/* An installed cryptospeed finds the vectors in ../share/cryptospeed/wycheproof
   beside its bin/; a build uses the source tree's data/wycheproof. */
static const char *
default_vectors(char *buf, size_t n)
{
	return cs_share_dir("wycheproof", CS_WYCHEPROOF_DIR, buf, n);
}

/* Every selected worker (the plain one of each library build) through the
   files; returns the wall time in seconds. */
static double
run_workers(conform *cf, const cs_worker_file *wfiles, size_t n_w, const cs_wp_file *files,
	    size_t n_files, size_t *selected, size_t *started)
{
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (size_t i = 0; i < n_w && !cs_interrupt_signal; i++) {
		if (cf->all_workers ? strcmp(wfiles[i].name, "noop") == 0
				    : !lib_selected(&cf->cfg.libs, wfiles[i].name))
			continue;
		(*selected)++;
		static cs_worker w;
		memset(&w, 0, sizeof w);
		w.file = &wfiles[i];
		w.cpu = -1;
		snprintf(w.mask, sizeof w.mask, "%s", cs_mask_name(CS_MASK_NONE));
		if (cs_worker_start(&w, &cf->cfg) != 0) {
			fprintf(stderr, "cryptospeed: %s: %s\n", wfiles[i].name, w.error);
			continue;
		}
		(*started)++;
		run_worker(cf, &w, files, n_files);
		if (w.alive)
			cs_worker_quit(&w);
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	return (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
}

/* 3 when an invalid case was accepted, else 4 when a valid one was refused
   or wrong or a case crashed, else 0. */
static int
conform_status(const conform *cf)
{
	int status = CS_EXIT_OK;
	for (size_t i = 0; i < cf->n_rows; i++) {
		const row *r = &cf->rows[i];
		if (r->count[O_INVALID_ACCEPTED])
			status = CS_EXIT_DISAGREE;
		else if ((r->count[O_VALID_REFUSED] || r->count[O_WRONG_OUTPUT] ||
			  r->count[O_CRASHED] || r->count[O_ERROR]) &&
			 status == CS_EXIT_OK)
			status = CS_EXIT_NOT_OK;
	}
	return status;
}

static void
conform_free(conform *cf, cs_wp_file *files, size_t n_files)
{
	for (size_t i = 0; i < cf->n_rows; i++)
		for (int o = 0; o < O_COUNT; o++)
			free(cf->rows[i].ids[o]);
	free(cf->rows);
	cf->rows = NULL;
	cf->n_rows = 0;
	for (size_t i = 0; i < n_files; i++)
		cs_wp_free(&files[i]);
}

/* Whether a file has a case of a selected algorithm (every file when none is). */
static bool
file_selected(const cs_wp_file *file, const cs_list *algs)
{
	if (!algs->n)
		return true;
	for (size_t k = 0; k < file->n_cases; k++)
		if (file->cases[k].alg && cs_list_has(algs, file->cases[k].alg->name))
			return true;
	return false;
}

int
cs_conform_check_vectors(char *why, size_t n)
{
	const char *dir = getenv("CRYPTOSPEED_VECTORS");
	char beside[3200];
	if (!dir || !*dir)
		dir = default_vectors(beside, sizeof beside);
	for (const char *const *name = cs_wp_names; *name; name++) {
		static cs_wp_file file;
		if (cs_wp_load(dir, *name, &file, why, n) != 0)
			return -1;
		cs_wp_free(&file);
	}
	return 0;
}

int
cs_conform_into(const cs_config *cfg, const cs_worker_file *wfiles, size_t n_w, cs_res_file *f)
{
	static conform cf;
	memset(&cf, 0, sizeof cf);
	cf.cfg.libs = cfg->libs;
	cf.cfg.paths = cfg->paths;
	cf.cfg.algs = cfg->algs;
	memcpy(cf.cfg.launcher_buf, cfg->launcher_buf, sizeof cf.cfg.launcher_buf);
	for (size_t i = 0; i < sizeof cf.cfg.launcher / sizeof cf.cfg.launcher[0]; i++)
		cf.cfg.launcher[i] =
			cfg->launcher[i]
				? cf.cfg.launcher_buf + (cfg->launcher[i] - cfg->launcher_buf)
				: NULL;
	cf.cfg.worker_dir = cfg->worker_dir;
	cf.cfg.timeout_s = 10;
	cf.next_id = CONFORM_ID_BASE;
	const char *dir = getenv("CRYPTOSPEED_VECTORS");
	char beside[3200];
	if (!dir || !*dir)
		dir = default_vectors(beside, sizeof beside);
	static cs_wp_file files[MAX_FILES];
	size_t n_files = 0;
	for (const char *const *n = cs_wp_names; *n; n++) {
		char err[512];
		if (cs_wp_load(dir, *n, &files[n_files], err, sizeof err) != 0) {
			fprintf(stderr, "cryptospeed: --conform: %s\n", err);
			conform_free(&cf, files, n_files);
			return CS_EXIT_USAGE;
		}
		if (file_selected(&files[n_files], &cfg->algs))
			n_files++;
		else
			cs_wp_free(&files[n_files]);
	}
	size_t selected = 0, started = 0;
	cf.all_workers = true; /* the run chose them */
	double elapsed = run_workers(&cf, wfiles, n_w, files, n_files, &selected, &started);
	int status = conform_status(&cf);
	(void)elapsed;
	/* the rows that ran, as the model's conformance block; then the model
	   owns them (cs_results_copy), before cf's rows are freed */
	cs_res_conform *rows = calloc(cf.n_rows + 1, sizeof *rows);
	size_t n_rows = 0;
	for (size_t i = 0; rows && i < cf.n_rows; i++) {
		const row *r = &cf.rows[i];
		if (!ran(r))
			continue;
		cs_res_conform *m = &rows[n_rows++];
		*m = (cs_res_conform){
			.lib = r->lib, .path = r->path, .file = r->file, .alg = r->alg};
		for (int k = 0; k < O_COUNT; k++) {
			m->n[k] = (long long)r->count[k];
			m->ids[k] = cs_conform_has_ids(k) ? r->ids[k] : NULL;
		}
	}
	cs_res_file copy;
	char why[512];
	cs_res_conform *old = f->conform;
	size_t old_n = f->n_conform;
	bool old_has = f->has_conform;
	const char *old_vectors = f->conform_vectors;
	f->conform = rows;
	f->n_conform = n_rows;
	f->has_conform = true;
	f->conform_vectors = "Wycheproof testvectors_v1";
	int rc = rows ? cs_results_copy(f, f->name ? f->name : "this run", &copy, why, sizeof why)
		      : -1;
	f->conform = old;
	f->n_conform = old_n;
	f->has_conform = old_has;
	f->conform_vectors = old_vectors;
	free(rows);
	if (rc != 0) {
		fprintf(stderr, "cryptospeed: --conform: %s\n", rows ? why : "out of memory");
		status = CS_EXIT_FAILURE;
	} else {
		cs_results_free(f);
		*f = copy;
	}
	conform_free(&cf, files, n_files);
	return status;
}

static void
usage(void)
{
	puts("usage: cryptospeed conform [--lib L,..] [--path P,..] [--file F,..] [--vectors DIR]\n"
	     "                           [--format text|json] [-o FILE.json] [--timeout S]\n"
	     "                           [--launcher 'CMD ARGS'] [--worker-dir DIR]\n"
	     "Run the Wycheproof test vectors through every library x path that has the\n"
	     "algorithm, in its worker, through the impl that is timed. Per library x path x\n"
	     "file: passed, INVALID ACCEPTED (an invalid case accepted), valid refused, wrong\n"
	     "output, acceptable cases accepted/refused, not applicable, crashed, with the\n"
	     "tcIds of every failure (docs/conformance.md).\n"
	     "  --lib L,..     worker names (openssl, nettle@forgetag; =NAME: exactly that one);\n"
	     "                 default: every system library found\n"
	     "  --file F,..    vector files, without .json (default: all)\n"
	     "  --vectors DIR  where the files are (default: CRYPTOSPEED_VECTORS, else\n"
	     "                 ../share/cryptospeed/wycheproof beside this program, else the\n"
	     "                 source tree's data/wycheproof this build was made from)\n"
	     "Exit status: 0 all conform; 3 an invalid case accepted; 4 a valid case refused\n"
	     "or wrong, or a vector crashed the worker; 2 a malformed vector file or option.");
}

int
cs_cmd_conform(int argc, char **argv)
{
	static conform cf;
	memset(&cf, 0, sizeof cf);
	cf.cfg.timeout_s = 10;
	cf.next_id = CONFORM_ID_BASE;
	const char *dir = getenv("CRYPTOSPEED_VECTORS");
	const char *format = "text", *out = NULL;
	cs_list files_sel = {0};
	enum { OPT_VECTORS = 256, OPT_FILE, OPT_FORMAT, OPT_TIMEOUT, OPT_LAUNCHER, OPT_WDIR };
	static const struct option options[] = {
		{"help", no_argument, NULL, 'h'},
		{"lib", required_argument, NULL, 'L'},
		{"path", required_argument, NULL, 'P'},
		{"file", required_argument, NULL, OPT_FILE},
		{"vectors", required_argument, NULL, OPT_VECTORS},
		{"format", required_argument, NULL, OPT_FORMAT},
		{"timeout", required_argument, NULL, OPT_TIMEOUT},
		{"launcher", required_argument, NULL, OPT_LAUNCHER},
		{"worker-dir", required_argument, NULL, OPT_WDIR},
		{NULL, 0, NULL, 0},
	};
	int c;
	optind = 1;
	while ((c = cs_getopt(argc, argv, ":ho:", options, "conform")) != -1) {
		switch (c) {
		case 'h': usage(); return CS_EXIT_OK;
		case 'L': cs_parse_list("--lib", optarg, &cf.cfg.libs); break;
		case 'P': cs_parse_list("--path", optarg, &cf.cfg.paths); break;
		case OPT_FILE: cs_parse_list("--file", optarg, &files_sel); break;
		case OPT_VECTORS: dir = optarg; break;
		case OPT_FORMAT:
			if (strcmp(optarg, "text") && strcmp(optarg, "json"))
				cs_usage_error("unknown --format '%s' (accepted: text, json)",
					       optarg);
			format = optarg;
			break;
		case 'o': out = optarg; break;
		case OPT_TIMEOUT:
			cf.cfg.timeout_s = cs_parse_double("--timeout", optarg, 0, 3600, true,
							   "seconds, > 0 and <= 3600");
			break;
		case OPT_LAUNCHER: cs_parse_launcher(&cf.cfg, optarg); break;
		case OPT_WDIR: cf.cfg.worker_dir = optarg; break;
		}
	}
	if (optind < argc)
		cs_usage_error("unexpected argument '%s' for conform (see cryptospeed conform "
			       "--help)",
			       argv[optind]);
	char beside[3200];
	if (!dir || !*dir)
		dir = default_vectors(beside, sizeof beside);
	char target[4096], why[512];
	if (out && cs_outfile_check(out, target, sizeof target, why, sizeof why) != 0)
		cs_usage_error("-o: %s", why);
	for (size_t i = 0; i < files_sel.n; i++) {
		bool known = false;
		for (const char *const *n = cs_wp_names; *n; n++)
			known |= strcmp(*n, files_sel.item[i]) == 0;
		if (!known) {
			char list[512] = "";
			for (const char *const *n = cs_wp_names; *n; n++)
				snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s",
					 n == cs_wp_names ? "" : ", ", *n);
			cs_usage_error("unknown --file '%s' (known: %s)", files_sel.item[i], list);
		}
	}
	/* every file read and checked before anything runs */
	static cs_wp_file files[MAX_FILES];
	size_t n_files = 0;
	for (const char *const *n = cs_wp_names; *n; n++) {
		if (files_sel.n && !cs_list_has(&files_sel, *n))
			continue;
		char err[512];
		if (cs_wp_load(dir, *n, &files[n_files], err, sizeof err) != 0)
			cs_usage_error("%s", err);
		n_files++;
	}
	static cs_worker_file wfiles[MAX_WORKERS];
	size_t n_w = cs_find_workers(wfiles, MAX_WORKERS);
	size_t started = 0, selected = 0;
	double elapsed = run_workers(&cf, wfiles, n_w, files, n_files, &selected, &started);
	if (selected == 0)
		cs_usage_error("--lib matches no worker found");
	int status = started ? conform_status(&cf) : CS_EXIT_FAILURE;
	cs_conform_row *rows = calloc(cf.n_rows + 1, sizeof *rows);
	if (!rows) {
		fputs("cryptospeed: out of memory\n", stderr);
		exit(CS_EXIT_FAILURE);
	}
	cs_conform_file doc = {.vectors = "Wycheproof testvectors_v1",
			       .vectors_dir = dir,
			       .elapsed_s = elapsed,
			       .rows = rows,
			       .n_rows = rows_model(&cf, rows)};
	if (strcmp(format, "json") == 0) {
		if (cs_conform_writer(stdout, &doc) != 0)
			status = CS_EXIT_FAILURE;
	} else {
		print_text(&cf, elapsed);
	}
	if (out && cs_outfile_write(target, cs_conform_writer, &doc, why, sizeof why) != 0) {
		fprintf(stderr, "cryptospeed: -o: %s\n", why);
		status = CS_EXIT_FAILURE;
	}
	if (cs_interrupt_signal)
		status = 128 + cs_interrupt_signal;
	free(rows);
	conform_free(&cf, files, n_files);
	return status;
}
