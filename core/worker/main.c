/*
 * The worker: one adapter + its library, driven by the orchestrator over
 * JSON lines on stdin/stdout (docs/protocol.md). Standalone, `--list` and
 * `--kat` help debugging an adapter.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "cpu.h"
#include "evidence.h"
#include "worker.h"
#include "workload.h"

extern const cs_adapter *const cs_worker_adapter;

static FILE *proto_out; /* the protocol channel (the original stdout) */
static const char *fault_mode, *fault_alg; /* test-only faults of the noop worker */

typedef struct cell_slot {
	json_int_t id;
	cs_cell cell;
} cell_slot;

static cell_slot **cells;
static size_t n_cells, cap_cells;

static void
usage(FILE *f, const char *argv0)
{
	fprintf(f,
		"usage: %s [--list | --kat [--alg NAME] [--path PATH] | --mask MASK]\n"
		"  --list        the impls of this worker: path, algorithm, ops, availability\n"
		"  --kat         run every known-answer vector through every impl (exit 1 on a wrong answer)\n"
		"  --mask MASK   report MASK as in force (the orchestrator sets its environment)\n"
		"  (no option)   speak the JSON-lines protocol on stdin/stdout (docs/protocol.md)\n",
		argv0);
}

static bool
impl_available(const cs_impl *impl, const char **why)
{
	*why = impl->why;
	if (!impl->run)
		return false;
	if (impl->available && !impl->available(impl, why))
		return false;
	*why = NULL;
	return true;
}

static const cs_impl *
find_impl(const char *alg, const char *path)
{
	for (const cs_impl *const *p = cs_worker_adapter->impls; *p; p++)
		if (strcmp((*p)->alg->name, alg) == 0 && strcmp((*p)->path, path) == 0)
			return *p;
	return NULL;
}

static bool
fault_here(const cs_impl *impl, const char *mode)
{
	return fault_mode && strcmp(fault_mode, mode) == 0 &&
	       (!fault_alg || strcmp(fault_alg, impl->alg->name) == 0);
}

static bool
kat_exempt(const cs_impl *impl)
{
	return (impl->flags & CS_IMPL_NO_KAT) && !fault_here(impl, "wrong");
}

/* ---------- standalone modes ---------- */

static int
cmd_list(void)
{
	const cs_adapter *a = cs_worker_adapter;
	printf("%s %s\n", a->name, a->version());
	printf("%-10s %-18s %-14s %s\n", "path", "algorithm", "ops", "status");
	for (const cs_impl *const *p = a->impls; *p; p++) {
		const char *why;
		char ops[64];
		cs_alg_ops_string((*p)->alg, ops, sizeof ops);
		bool ok = impl_available(*p, &why);
		printf("%-10s %-18s %-14s %s%s%s\n", (*p)->path, (*p)->alg->name, ops,
		       ok ? "available" : "unsupported", why ? ": " : "", why ? why : "");
	}
	return 0;
}

static int
cmd_kat(const char *alg, const char *path)
{
	const cs_adapter *a = cs_worker_adapter;
	int failed = 0, passed = 0, skipped = 0;
	for (const cs_impl *const *p = a->impls; *p; p++) {
		const cs_impl *impl = *p;
		if ((alg && strcmp(alg, impl->alg->name)) || (path && strcmp(path, impl->path)))
			continue;
		for (int op = 0; op < CS_OP_COUNT; op++) {
			if (!(impl->alg->ops & CS_OPBIT(op)))
				continue;
			const char *why;
			char detail[256];
			const char *verdict;
			cs_status st;
			if (!impl_available(impl, &why) || !(impl->ops & CS_OPBIT(op))) {
				verdict = "UNSUPPORTED";
				snprintf(detail, sizeof detail, "%s", why ? why : "op not provided");
				skipped++;
			} else if (kat_exempt(impl)) {
				verdict = "SKIP";
				snprintf(detail, sizeof detail, "harness probe, computes nothing");
				skipped++;
			} else if ((st = cs_kat_check(impl, (cs_op)op, detail, sizeof detail)) == CS_OK) {
				verdict = "PASS";
				passed++;
			} else if (st == CS_UNSUPPORTED) {
				verdict = "UNSUPPORTED";
				skipped++;
			} else {
				verdict = "FAIL";
				failed++;
			}
			printf("%-11s %s/%s %s %s: %s\n", verdict, a->name, impl->path,
			       impl->alg->name, cs_op_name((cs_op)op), detail);
		}
	}
	printf("%d passed, %d failed, %d skipped\n", passed, failed, skipped);
	if (passed + failed == 0 && skipped == 0) {
		fprintf(stderr, "no impl matches --alg %s --path %s\n", alg ? alg : "*",
			path ? path : "*");
		return 2;
	}
	if (passed + failed == 0)
		return 77; /* nothing this library can check: a skip, not a pass */
	return failed ? 1 : 0;
}

/* ---------- protocol ---------- */

static void
send(json_t *msg)
{
	json_dumpf(msg, proto_out, JSON_COMPACT);
	fputc('\n', proto_out);
	fflush(proto_out);
	json_decref(msg);
}

static json_t *
reply(json_int_t id, const char *status)
{
	return json_pack("{sIss}", "id", id, "status", status);
}

static json_t *
masks_json(const cs_cpu *cpu)
{
	const cs_adapter *a = cs_worker_adapter;
	json_t *m = json_object();
	for (int mask = 0; mask < CS_MASK_COUNT; mask++) {
		char name[64] = "", value[256] = "";
		cs_status st = CS_UNSUPPORTED;
		if (mask == CS_MASK_NONE)
			st = CS_OK;
		else if (a->mask_env)
			st = a->mask_env((cs_mask)mask, cpu, name, sizeof name, value, sizeof value);
		json_t *e = json_object();
		json_object_set_new(e, "status", json_string(st == CS_OK ? "ok"
			: st == CS_UNSUPPORTED ? "unsupported" : "not-applicable"));
		if (st == CS_OK && name[0]) {
			json_object_set_new(e, "env", json_string(name));
			json_object_set_new(e, "value", json_string(value));
		}
		json_object_set_new(m, cs_mask_name((cs_mask)mask), e);
	}
	return m;
}

static void
send_hello(const char *argv0, const char *mask)
{
	const cs_adapter *a = cs_worker_adapter;
	cs_cpu cpu;
	cs_cpu_detect(&cpu);
	json_t *impls = json_array();
	for (const cs_impl *const *p = a->impls; *p; p++) {
		const char *why;
		bool ok = impl_available(*p, &why);
		json_t *ops = json_array();
		for (int op = 0; op < CS_OP_COUNT; op++)
			if ((*p)->alg->ops & CS_OPBIT(op))
				json_array_append_new(ops, json_string(cs_op_name((cs_op)op)));
		json_t *e = json_pack("{ss ss so sb}", "alg", (*p)->alg->name, "path", (*p)->path,
				      "ops", ops, "available", ok);
		if (why)
			json_object_set_new(e, "why", json_string(why));
		json_array_append_new(impls, e);
	}
	json_t *paths = json_array();
	for (const char *const *p = a->paths; *p; p++)
		json_array_append_new(paths, json_string(*p));
	const char *slash = strrchr(argv0, '/');
	json_t *hello = json_pack(
		"{ss si ss ss ss ss ss s{ss ss ss ss si} ss sI so so so ss}",
		"type", "hello", "abi", a->abi, "lib", a->name,
		"worker", slash ? slash + 1 : argv0, "version", a->version(),
		"build", a->build_info ? a->build_info() : "",
		"cpu_info", a->cpu_info ? a->cpu_info() : "",
		"cpu", "arch", cpu.arch, "model", cpu.model, "features", cpu.features,
		"source", cpu.source, "cpus", cpu.cpus,
		"clock", "CLOCK_MONOTONIC_RAW", "clock_res_ns", (json_int_t)cs_clock_res_ns(),
		"paths", paths, "impls", impls, "masks", masks_json(&cpu),
		"mask", mask ? mask : "none");
	/* Did the mask's switch reach this process? A launcher that drops the
	   environment (ssh, env -i) would otherwise give unmasked numbers. */
	cs_mask m = mask ? cs_mask_find(mask) : CS_MASK_NONE;
	if (m != CS_MASK_NONE && m != CS_MASK_COUNT && a->mask_env) {
		char name[64] = "", value[256] = "";
		if (a->mask_env(m, &cpu, name, sizeof name, value, sizeof value) == CS_OK &&
		    name[0]) {
			const char *seen = getenv(name);
			json_object_set_new(hello, "mask_applied",
					    json_boolean(seen && strcmp(seen, value) == 0));
		}
	}
	const char *variant = a->variant_info ? a->variant_info() : "";
	if (*variant)
		json_object_set_new(hello, "variant", json_string(variant));
	send(hello);
}

static cell_slot *
slot_find(json_int_t id)
{
	for (size_t i = 0; i < n_cells; i++)
		if (cells[i]->id == id)
			return cells[i];
	return NULL;
}

static void
slot_drop(json_int_t id)
{
	for (size_t i = 0; i < n_cells; i++) {
		if (cells[i]->id != id)
			continue;
		cs_cell_release(&cells[i]->cell);
		free(cells[i]);
		cells[i] = cells[--n_cells];
		return;
	}
}

static json_t *
do_prepare(json_int_t id, json_t *req)
{
	const char *alg = json_string_value(json_object_get(req, "alg"));
	const char *path = json_string_value(json_object_get(req, "path"));
	const char *opname = json_string_value(json_object_get(req, "op"));
	json_int_t size = json_integer_value(json_object_get(req, "size"));
	json_int_t misalign = json_integer_value(json_object_get(req, "misalign"));
	json_int_t target = json_integer_value(json_object_get(req, "target_ns"));
	json_int_t warmup = json_integer_value(json_object_get(req, "warmup_ns"));
	const cs_impl *impl = alg && path ? find_impl(alg, path) : NULL;
	cs_op op = opname ? cs_op_find(opname) : CS_OP_COUNT;
	json_t *r;
	const char *why;
	char detail[256];

	if (!impl || op == CS_OP_COUNT || size < 0 || misalign < 0 || misalign > 63) {
		r = reply(id, "error");
		json_object_set_new(r, "error", json_string("bad prepare request"));
		return r;
	}
	if (!impl_available(impl, &why) || !(impl->ops & CS_OPBIT(op))) {
		r = reply(id, "unsupported");
		json_object_set_new(r, "why", json_string(why ? why : "op not provided"));
		return r;
	}
	if (!kat_exempt(impl)) {
		cs_status st = cs_kat_check(impl, op, detail, sizeof detail);
		if (st != CS_OK) {
			r = reply(id, st == CS_MISMATCH ? "wrong"
				      : st == CS_UNSUPPORTED ? "unsupported" : "error");
			json_object_set_new(r, "error", json_string(detail));
			return r;
		}
	}
	if (fault_here(impl, "crash-prepare"))
		abort();
	cell_slot *s = calloc(1, sizeof *s);
	if (!s)
		return reply(id, "error");
	s->id = id;
	cs_status st = cs_cell_prepare(&s->cell, impl, op, (size_t)size, (size_t)misalign,
				       detail, sizeof detail);
	if (st == CS_OK)
		st = cs_cell_calibrate(&s->cell, target > 0 ? (uint64_t)target : 1000000,
				       warmup > 0 ? (uint64_t)warmup : 5000000);
	if (st != CS_OK) {
		r = reply(id, st == CS_UNSUPPORTED ? "unsupported" : "error");
		json_object_set_new(r, "error", json_string(detail));
		cs_cell_release(&s->cell);
		free(s);
		return r;
	}
	if (n_cells == cap_cells) {
		size_t ncap = cap_cells ? 2 * cap_cells : 64;
		cell_slot **n = realloc(cells, ncap * sizeof *n);
		if (!n) {
			cs_cell_release(&s->cell);
			free(s);
			return reply(id, "error");
		}
		cells = n;
		cap_cells = ncap;
	}
	cells[n_cells++] = s;
	r = reply(id, "ok");
	/* "disagree" (tests only): a noop cell that claims to have passed, so its
	   made-up output is compared with the real libraries' */
	json_object_set_new(r, "kat", json_string(kat_exempt(impl) && !fault_here(impl, "disagree")
						  ? "exempt" : "pass"));
	json_object_set_new(r, "batch", json_integer((json_int_t)s->cell.batch));
	json_object_set_new(r, "fingerprint", json_string(s->cell.fingerprint));
	if (impl->describe) {
		char served[256] = "";
		impl->describe(s->cell.ctx, served, sizeof served);
		json_object_set_new(r, "served_by", json_string(served));
	}
	return r;
}

static json_t *
do_sample(json_int_t id, json_t *req)
{
	cell_slot *s = slot_find(id);
	json_int_t n = json_integer_value(json_object_get(req, "n"));
	if (!s || n < 1 || n > 1000) {
		json_t *r = reply(id, "error");
		json_object_set_new(r, "error", json_string(s ? "bad n" : "no such cell"));
		return r;
	}
	if (fault_here(s->cell.impl, "crash"))
		abort();
	if (fault_here(s->cell.impl, "hang"))
		for (;;)
			pause();
	if (fault_here(s->cell.impl, "garbage")) {
		fputs("this is not json {\n", proto_out);
		fflush(proto_out);
		return NULL;
	}
	json_t *ns = json_array();
	cs_status st = CS_OK;
	for (json_int_t i = 0; i < n && st == CS_OK; i++) {
		uint64_t t = cs_cell_batch(&s->cell, s->cell.batch, &st);
		json_array_append_new(ns, json_integer((json_int_t)t));
	}
	json_t *r = reply(id, st == CS_OK ? "ok" : "error");
	json_object_set_new(r, "batch", json_integer((json_int_t)s->cell.batch));
	json_object_set_new(r, "ns", ns);
	if (st != CS_OK)
		json_object_set_new(r, "error", json_string("operation failed while timing"));
	return r;
}

static json_t *
do_evidence(json_int_t id, json_t *req)
{
	cell_slot *s = slot_find(id);
	json_int_t ms = json_integer_value(json_object_get(req, "ms"));
	if (!s) {
		json_t *r = reply(id, "error");
		json_object_set_new(r, "error", json_string("no such cell"));
		return r;
	}
	cs_ev_ranges ranges;
	cs_ev_result res;
	char why[160] = "";
	memset(&res, 0, sizeof res);
	json_t *ev = json_object();
	if (cs_ev_ranges_find(cs_worker_adapter->objects, &ranges, why, sizeof why) != 0) {
		json_object_set_new(ev, "available", json_false());
		json_object_set_new(ev, "reason", json_string(why));
	} else if (cs_ev_begin(&res) != 0) {
		json_object_set_new(ev, "available", json_false());
		json_object_set_new(ev, "reason", json_string(res.reason));
	} else {
		uint64_t until = cs_now_ns() + (uint64_t)(ms > 0 ? ms : 50) * 1000000u;
		cs_status st = CS_OK;
		while (cs_now_ns() < until && st == CS_OK)
			cs_cell_batch(&s->cell, s->cell.batch, &st);
		cs_ev_end(&ranges, &res);
		json_t *classes = json_object();
		for (int c = 0; c < CS_EV_COUNT; c++)
			if (res.counts[c] && res.in_lib)
				json_object_set_new(classes, cs_ev_class_name((cs_ev_class)c),
					json_real((double)res.counts[c] / res.in_lib));
		json_object_set_new(ev, "available", json_boolean(res.available));
		if (!res.available)
			json_object_set_new(ev, "reason", json_string(res.reason));
		json_object_set_new(ev, "classes", classes);
		json_object_set_new(ev, "samples", json_integer(res.in_lib));
		json_object_set_new(ev, "samples_total", json_integer(res.samples));
		json_object_set_new(ev, "objects", json_string(ranges.what));
	}
	json_t *r = reply(id, "ok");
	json_object_set_new(r, "evidence", ev);
	return r;
}

static int
serve(const char *argv0, const char *mask)
{
	send_hello(argv0, mask);
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	while ((len = getline(&line, &cap, stdin)) > 0) {
		json_error_t err;
		json_t *req = json_loads(line, 0, &err);
		const char *cmd = req ? json_string_value(json_object_get(req, "cmd")) : NULL;
		json_int_t id = req ? json_integer_value(json_object_get(req, "id")) : 0;
		json_t *r = NULL;
		if (!cmd) {
			r = json_pack("{ss ss}", "status", "error", "error", "unparseable request");
		} else if (strcmp(cmd, "quit") == 0) {
			json_decref(req);
			break;
		} else if (strcmp(cmd, "prepare") == 0) {
			r = do_prepare(id, req);
		} else if (strcmp(cmd, "sample") == 0) {
			r = do_sample(id, req);
		} else if (strcmp(cmd, "evidence") == 0) {
			r = do_evidence(id, req);
		} else if (strcmp(cmd, "release") == 0) {
			slot_drop(id);
			r = reply(id, "ok");
		} else {
			r = reply(id, "error");
			json_object_set_new(r, "error", json_string("unknown command"));
		}
		json_decref(req);
		if (r)
			send(r);
	}
	free(line);
	while (n_cells)
		slot_drop(cells[0]->id);
	free(cells);
	return 0;
}

int
main(int argc, char **argv)
{
	const cs_adapter *a = cs_worker_adapter;
	const char *alg = NULL, *path = NULL, *mask = NULL;
	enum { SERVE, LIST, KAT } mode = SERVE;

	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i];
		if (strcmp(arg, "--list") == 0) {
			mode = LIST;
		} else if (strcmp(arg, "--kat") == 0) {
			mode = KAT;
		} else if ((strcmp(arg, "--alg") == 0 || strcmp(arg, "--path") == 0 ||
			    strcmp(arg, "--mask") == 0) && i + 1 < argc) {
			const char **dst = arg[2] == 'a' ? &alg : arg[2] == 'p' ? &path : &mask;
			*dst = argv[++i];
		} else if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
			usage(stdout, argv[0]);
			return 0;
		} else {
			fprintf(stderr, "%s: unknown argument '%s' (accepted: --list, --kat, "
				"--alg NAME, --path PATH, --mask MASK, --help)\n", argv[0], arg);
			return 2;
		}
	}
	if (a->abi != CS_ABI_VERSION) {
		fprintf(stderr, "%s: adapter '%s' has ABI %d, this worker speaks %d\n",
			argv[0], a->name, a->abi, CS_ABI_VERSION);
		return 2;
	}
	if (a->name && strcmp(a->name, "noop") == 0) {
		const char *f = getenv("CRYPTOSPEED_FAULT"); /* MODE[:ALG], tests only */
		static char buf[64];
		if (f) {
			snprintf(buf, sizeof buf, "%s", f);
			char *colon = strchr(buf, ':');
			if (colon) {
				*colon = '\0';
				fault_alg = colon + 1;
			}
			fault_mode = buf;
		}
	}
	int rc;
	if (a->init && a->init() != CS_OK) {
		const char *why = a->init_error ? a->init_error() : "init failed";
		if (mode != SERVE) {
			fprintf(stderr, "%s: %s failed to initialise: %s\n", argv[0], a->name, why);
			return 1;
		}
		/* say hello anyway, so the orchestrator can quote the reason */
		proto_out = stdout;
		json_t *h = json_pack("{ss si ss ss ss s[] s[] s{}}", "type", "hello", "abi", a->abi,
				      "lib", a->name, "version", a->version(), "init_error", why,
				      "paths", "impls", "masks");
		send(h);
		return 1;
	}
	if (mode == LIST) {
		rc = cmd_list();
	} else if (mode == KAT) {
		rc = cmd_kat(alg, path);
	} else {
		/* Keep the protocol channel private: anything a library prints to
		   stdout goes to stderr instead. */
		int fd = dup(STDOUT_FILENO);
		proto_out = fd >= 0 ? fdopen(fd, "w") : NULL;
		if (!proto_out || dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
			perror("worker: protocol channel");
			return 1;
		}
		signal(SIGPIPE, SIG_IGN);
		rc = serve(argv[0], mask);
		fclose(proto_out);
	}
	if (a->fini)
		a->fini();
	return rc;
}
