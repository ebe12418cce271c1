/*
 * The MCU worker's main (docs/mcu.md): the same adapter, cells, known
 * answers and protocol as every worker (core/worker, core/protocol), on a
 * bare-metal Cortex-M under qemu-system-arm, its stdin/stdout the host's
 * through semihosting. What a Linux worker does with processes, threads and
 * signals (masks, PMU, evidence sampling, sample timing, TLS peers) has no
 * place here: it answers hello, prepare, count, release and quit; any other
 * request gets an error reply. `--list` and `--kat [--alg NAME]` as on Linux.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mcu.h"
#include "protocol.h"
#include "worker.h"
#include "workload.h"

extern const cs_adapter *const cs_worker_adapter;

#define MAX_CELLS 8

typedef struct cell_slot {
	int64_t id;
	bool used;
	cs_cell cell;
} cell_slot;

static cell_slot slots[MAX_CELLS];

static void
copy(char *dst, size_t n, const char *src)
{
	snprintf(dst, n, "%s", src ? src : "");
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
	for (const cs_impl *const *p = cs_worker_impls(cs_worker_adapter); *p; p++)
		if (strcmp((*p)->alg->name, alg) == 0 && strcmp((*p)->path, path) == 0)
			return *p;
	return NULL;
}

static int
cmd_list(void)
{
	const cs_adapter *a = cs_worker_adapter;
	printf("%s %s\n", a->name, a->version());
	for (const cs_impl *const *p = cs_worker_impls(a); *p; p++) {
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
cmd_kat(const char *alg)
{
	const cs_adapter *a = cs_worker_adapter;
	int failed = 0, passed = 0, skipped = 0;
	for (const cs_impl *const *p = cs_worker_impls(a); *p; p++) {
		const cs_impl *impl = *p;
		if (alg && strcmp(alg, impl->alg->name))
			continue;
		for (int op = 0; op < CS_OP_COUNT; op++) {
			if (!(impl->alg->ops & CS_OPBIT(op)))
				continue;
			const char *why, *verdict;
			char detail[256] = "";
			cs_status st;
			if (!impl_available(impl, &why) || !(impl->ops & CS_OPBIT(op))) {
				verdict = "UNSUPPORTED";
				copy(detail, sizeof detail, why ? why : "op not provided");
				skipped++;
			} else if ((st = cs_kat_check(impl, (cs_op)op, detail, sizeof detail)) ==
				   CS_OK) {
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
	if (passed + failed == 0)
		return skipped ? 77 : 2;
	return failed ? 1 : 0;
}

/* ---------- protocol ---------- */

static void
send_line(char *line)
{
	if (!line) {
		fputs("worker: out of memory encoding a reply\n", stderr);
		return;
	}
	fputs(line, stdout);
	fputc('\n', stdout);
	fflush(stdout);
	free(line);
}

static void
send_hello(const char *argv0)
{
	const cs_adapter *a = cs_worker_adapter;
	static cs_msg_hello h;
	cs_msg_hello_init(&h);
	h.protocol = CS_PROTOCOL_VERSION;
	h.abi = a->abi;
	copy(h.lib, sizeof h.lib, a->name);
	const char *slash = strrchr(argv0, '/');
	copy(h.worker, sizeof h.worker, slash ? slash + 1 : argv0);
	copy(h.version, sizeof h.version, a->version());
	copy(h.build, sizeof h.build, a->build_info ? a->build_info() : "");
	copy(h.cpu.arch, sizeof h.cpu.arch, "armv7e-m");
	copy(h.cpu.model, sizeof h.cpu.model, CS_MCU_CPU);
	copy(h.cpu.features, sizeof h.cpu.features, CS_MCU_FEATURES);
	copy(h.cpu.source, sizeof h.cpu.source, "build");
	h.cpu.cpus = 1;
	copy(h.clock, sizeof h.clock, "SYS_CLOCK"); /* semihosting: the host's centiseconds */
	h.clock_res_ns = (int64_t)cs_clock_res_ns();
	for (const char *const *p = a->paths; *p && h.n_paths < CS_MSG_MAX_PATHS; p++)
		copy(h.paths[h.n_paths++], CS_MSG_NAME, *p);
	for (const cs_impl *const *p = cs_worker_impls(a); *p; p++) {
		bool known = false;
		for (size_t i = 0; i < h.n_paths && !known; i++)
			known = strcmp(h.paths[i], (*p)->path) == 0;
		if (!known && h.n_paths < CS_MSG_MAX_PATHS)
			copy(h.paths[h.n_paths++], CS_MSG_NAME, (*p)->path);
	}
	for (const cs_impl *const *p = cs_worker_impls(a); *p && h.n_impls < CS_MSG_MAX_IMPLS;
	     p++) {
		cs_msg_impl *e = &h.impls[h.n_impls++];
		const char *why;
		e->available = impl_available(*p, &why);
		copy(e->alg, sizeof e->alg, (*p)->alg->name);
		copy(e->path, sizeof e->path, (*p)->path);
		e->ops = (*p)->alg->ops;
		copy(e->why, sizeof e->why, why);
	}
	/* no masks on a microcontroller: only "none" */
	cs_msg_mask *m = &h.masks[h.n_masks++];
	copy(m->name, sizeof m->name, cs_mask_name(CS_MASK_NONE));
	m->status = CS_MASK_STATUS_OK;
	copy(h.mask, sizeof h.mask, cs_mask_name(CS_MASK_NONE));
	h.pmu = -1;
	send_line(cs_msg_hello_encode(&h));
}

static cell_slot *
slot_find(int64_t id)
{
	for (size_t i = 0; i < MAX_CELLS; i++)
		if (slots[i].used && slots[i].id == id)
			return &slots[i];
	return NULL;
}

static void
slot_drop(int64_t id)
{
	cell_slot *s = slot_find(id);
	if (s) {
		cs_cell_release(&s->cell);
		s->used = false;
	}
}

static void
do_prepare(const cs_msg_prepare *req)
{
	static cs_msg_prepare_reply r;
	memset(&r, 0, sizeof r);
	r.id = req->id;
	r.kat = -1;
	r.status = CS_ST_ERROR;
	slot_drop(req->id);
	const cs_impl *impl = find_impl(req->alg, req->path);
	cs_op op = (cs_op)req->op;
	const char *why;
	char detail[256] = "";
	cell_slot *s = NULL;
	for (size_t i = 0; i < MAX_CELLS && !s; i++)
		if (!slots[i].used)
			s = &slots[i];
	if (!impl) {
		snprintf(r.error, sizeof r.error, "no impl of %s on path %s", req->alg, req->path);
	} else if (!impl_available(impl, &why) || !(impl->ops & CS_OPBIT(op))) {
		r.status = CS_ST_UNSUPPORTED;
		copy(r.why, sizeof r.why, why ? why : "op not provided");
	} else if (!s) {
		copy(r.error, sizeof r.error, "too many cells prepared at once");
	} else {
		cs_status st = cs_kat_check(impl, op, detail, sizeof detail);
		if (st == CS_OK)
			st = cs_cell_prepare(&s->cell, impl, op, (size_t)req->size,
					     (size_t)req->misalign, detail, sizeof detail);
		if (st == CS_OK) {
			/* no calibration: batch 1, as a counting worker on Linux */
			s->id = req->id;
			s->used = true;
			r.status = CS_ST_OK;
			r.kat = CS_KAT_PASS;
			r.batch = (int64_t)s->cell.batch;
			copy(r.fingerprint, sizeof r.fingerprint, s->cell.fingerprint);
			r.heap_peak = s->cell.heap_peak;
			r.heap_idle = s->cell.heap_idle;
			if (impl->describe)
				impl->describe(s->cell.ctx, r.served_by, sizeof r.served_by);
		} else {
			r.status = st == CS_MISMATCH	  ? CS_ST_WRONG
				   : st == CS_UNSUPPORTED ? CS_ST_UNSUPPORTED
							  : CS_ST_ERROR;
			copy(r.error, sizeof r.error, detail);
		}
	}
	send_line(cs_msg_prepare_reply_encode(&r));
}

static void
do_count(const cs_msg_count *req)
{
	static cs_msg_count_reply r;
	cell_slot *s = slot_find(req->id);
	memset(&r, 0, sizeof r);
	r.id = req->id;
	r.status = CS_ST_ERROR;
	if (!s)
		copy(r.error, sizeof r.error, "no such cell (not prepared)");
	else
		cs_worker_count(&s->cell, req, &r);
	send_line(cs_msg_count_reply_encode(&r));
}

static int
serve(const char *argv0)
{
	static char line[1 << 16];
	static cs_msg_request req;
	send_hello(argv0);
	while (fgets(line, sizeof line, stdin)) {
		char err[256];
		int64_t id;
		if (cs_msg_request_decode(line, &req, &id, err, sizeof err) != 0) {
			cs_msg_reply r = {.id = id, .status = CS_ST_ERROR};
			copy(r.error, sizeof r.error, err);
			send_line(cs_msg_reply_encode(&r));
			continue;
		}
		if (req.cmd == CS_CMD_QUIT)
			break;
		switch (req.cmd) {
		case CS_CMD_PREPARE: do_prepare(&req.prepare); break;
		case CS_CMD_INSNS: do_count(&req.count); break;
		case CS_CMD_RELEASE: {
			slot_drop(req.release.id);
			cs_msg_reply r = {.id = req.release.id, .status = CS_ST_OK};
			send_line(cs_msg_reply_encode(&r));
			break;
		}
		default: {
			cs_msg_reply r = {.id = id, .status = CS_ST_ERROR};
			copy(r.error, sizeof r.error,
			     "not served by an MCU worker (accepted: prepare, count, release, "
			     "quit)");
			send_line(cs_msg_reply_encode(&r));
			break;
		}
		}
	}
	return 0;
}

int
main(int argc, char **argv)
{
	const cs_adapter *a = cs_worker_adapter;
	const char *alg = NULL;
	int mode = 0; /* 0 serve, 1 list, 2 kat */
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--list") == 0)
			mode = 1;
		else if (strcmp(argv[i], "--kat") == 0)
			mode = 2;
		else if (strcmp(argv[i], "--alg") == 0 && i + 1 < argc)
			alg = argv[++i];
		else if (strcmp(argv[i], "--counters") == 0 && i + 1 < argc)
			cs_mcu_counters_path = argv[++i];
		else {
			fprintf(stderr,
				"worker: unknown argument '%s' (accepted: --list, --kat [--alg "
				"NAME], --counters FILE)\n",
				argv[i]);
			return 2;
		}
	}
	if (a->init && a->init() != CS_OK) {
		fprintf(stderr, "worker: %s failed to initialise: %s\n", a->name,
			a->init_error ? a->init_error() : "(not said)");
		return 1;
	}
	int rc = mode == 1 ? cmd_list() : mode == 2 ? cmd_kat(alg) : serve(argv[0]);
	if (a->fini)
		a->fini();
	return rc;
}
