/* The requests every worker answers alike: serve.h. Portable C (the
   bare-metal MCU workers link this file too); the one POSIX call, getline,
   is left out under CS_BARE_METAL. */
#ifndef CS_BARE_METAL
#define _POSIX_C_SOURCE 200809L /* getline */
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "serve.h"
#include "workload.h"

/* The longest signature a verify request carries (ML-DSA-65: 3309 bytes). */
#define CS_SIG_MAX 4096

typedef struct cell_slot {
	int64_t id;
	cs_cell cell;
} cell_slot;

static cell_slot **cells;
static size_t n_cells, cap_cells;

static char fault_buf[64];
static const char *fault_mode, *fault_alg;

void
cs_serve_copy(char *dst, size_t n, const char *src)
{
	snprintf(dst, n, "%s", src ? src : "");
}

bool
cs_serve_available(const cs_impl *impl, const char **why)
{
	*why = impl->why;
	if (!impl->run)
		return false;
	if (impl->available && !impl->available(impl, why))
		return false;
	*why = NULL;
	return true;
}

const char *
cs_serve_op_why(const cs_impl *impl)
{
	return impl->why ? impl->why : "op not provided";
}

const cs_impl *
cs_serve_find(const char *alg, const char *path)
{
	for (const cs_impl *const *p = cs_worker_impls(cs_worker_adapter); *p; p++)
		if (strcmp((*p)->alg->name, alg) == 0 && strcmp((*p)->path, path) == 0)
			return *p;
	return NULL;
}

void
cs_serve_set_fault(const char *spec)
{
	fault_mode = fault_alg = NULL;
	if (!spec)
		return;
	snprintf(fault_buf, sizeof fault_buf, "%s", spec);
	char *colon = strchr(fault_buf, ':');
	if (colon) {
		*colon = '\0';
		fault_alg = colon + 1;
	}
	fault_mode = fault_buf;
}

bool
cs_serve_fault(const cs_impl *impl, const char *mode)
{
	return fault_mode && strcmp(fault_mode, mode) == 0 &&
	       (!fault_alg || strcmp(fault_alg, impl->alg->name) == 0);
}

bool
cs_serve_kat_exempt(const cs_impl *impl)
{
	return (impl->flags & CS_IMPL_NO_KAT) && !cs_serve_fault(impl, "wrong");
}

const char *
cs_serve_refusal(const cs_impl *impl, cs_op op)
{
	const char *why;
	bool runs = cs_serve_available(impl, &why) && (impl->ops & CS_OPBIT(op));
	if (cs_serve_kat_exempt(impl))
		return "harness probe";
	return runs ? NULL : why ? why : cs_serve_op_why(impl);
}

/* ---------- standalone modes ---------- */

int
cs_serve_list(void)
{
	const cs_adapter *a = cs_worker_adapter;
	printf("%s %s\n", a->name, a->version());
	printf("%-10s %-18s %-14s %s\n", "path", "algorithm", "ops", "status");
	for (const cs_impl *const *p = cs_worker_impls(a); *p; p++) {
		const char *why;
		char ops[64];
		cs_alg_ops_string((*p)->alg, ops, sizeof ops);
		bool ok = cs_serve_available(*p, &why);
		printf("%-10s %-18s %-14s %s%s%s\n", (*p)->path, (*p)->alg->name, ops,
		       ok ? "available" : "unsupported", why ? ": " : "", why ? why : "");
	}
	return 0;
}

/* One op of impl through its known answers: the verdict word, detail filled;
   *passed, *failed or *skipped counted. */
static const char *
kat_one(const cs_impl *impl, cs_op op, char *detail, size_t size, int *passed, int *failed,
	int *skipped)
{
	const char *why;
	cs_status st;
	if (!cs_serve_available(impl, &why) || !(impl->ops & CS_OPBIT(op))) {
		cs_serve_copy(detail, size, why ? why : cs_serve_op_why(impl));
		++*skipped;
		return "UNSUPPORTED";
	}
	if (cs_serve_kat_exempt(impl)) {
		cs_serve_copy(detail, size, "harness probe, computes nothing");
		++*skipped;
		return "SKIP";
	}
	st = cs_kat_check(impl, op, detail, size);
	if (st == CS_OK) {
		++*passed;
		return "PASS";
	}
	if (st == CS_UNSUPPORTED) {
		++*skipped;
		return "UNSUPPORTED";
	}
	++*failed;
	return "FAIL";
}

int
cs_serve_kat(const char *alg, const char *path)
{
	const cs_adapter *a = cs_worker_adapter;
	int failed = 0, passed = 0, skipped = 0;
	for (const cs_impl *const *p = cs_worker_impls(a); *p; p++) {
		const cs_impl *impl = *p;
		if ((alg && strcmp(alg, impl->alg->name)) || (path && strcmp(path, impl->path)))
			continue;
		for (int op = 0; op < CS_OP_COUNT; op++) {
			if (!(impl->alg->ops & CS_OPBIT(op)))
				continue;
			char detail[256] = "";
			const char *verdict = kat_one(impl, (cs_op)op, detail, sizeof detail,
						      &passed, &failed, &skipped);
			printf("%-11s %s/%s %s %s: %s\n", verdict, a->name, impl->path,
			       impl->alg->name, cs_op_name((cs_op)op), detail);
		}
	}
	printf("%d passed, %d failed, %d skipped\n", passed, failed, skipped);
	if (passed + failed == 0 && skipped == 0 && alg && !path && cs_alg_find(alg)) {
		/* An algorithm of the catalogue this adapter's table leaves out: the
		   library lacks it, which is a skip (docs/architecture.md, "How to
		   add an algorithm": an adapter without it needs no line). */
		printf("UNSUPPORTED %s %s: not in this adapter's table\n", a->name, alg);
		return 77;
	}
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

void
cs_serve_send(const cs_serve_platform *p, char *line)
{
	if (!line) {
		fputs("worker: out of memory encoding a reply\n", stderr);
		return;
	}
	fputs(line, p->out);
	fputc('\n', p->out);
	fflush(p->out);
	free(line);
}

void
cs_serve_hello(cs_msg_hello *h, const char *argv0)
{
	const cs_adapter *a = cs_worker_adapter;
	h->protocol = CS_PROTOCOL_VERSION;
	h->abi = a->abi;
	cs_serve_copy(h->lib, sizeof h->lib, a->name);
	const char *slash = strrchr(argv0, '/');
	cs_serve_copy(h->worker, sizeof h->worker, slash ? slash + 1 : argv0);
	cs_serve_copy(h->version, sizeof h->version, a->version());
	cs_serve_copy(h->build, sizeof h->build, a->build_info ? a->build_info() : "");
	for (const char *const *p = a->paths; *p && h->n_paths < CS_MSG_MAX_PATHS; p++)
		cs_serve_copy(h->paths[h->n_paths++], CS_MSG_NAME, *p);
	/* the worker's own unsupported entries (tls.c) add their path */
	for (const cs_impl *const *p = cs_worker_impls(a); *p; p++) {
		bool known = false;
		for (size_t i = 0; i < h->n_paths && !known; i++)
			known = strcmp(h->paths[i], (*p)->path) == 0;
		if (!known && h->n_paths < CS_MSG_MAX_PATHS)
			cs_serve_copy(h->paths[h->n_paths++], CS_MSG_NAME, (*p)->path);
	}
	for (const cs_impl *const *p = cs_worker_impls(a); *p; p++) {
		if (h->n_impls == CS_MSG_MAX_IMPLS) {
			fprintf(stderr, "worker: more than %d impls: the rest are not offered\n",
				CS_MSG_MAX_IMPLS);
			break;
		}
		cs_msg_impl *e = &h->impls[h->n_impls++];
		const char *why;
		e->available = cs_serve_available(*p, &why);
		cs_serve_copy(e->alg, sizeof e->alg, (*p)->alg->name);
		cs_serve_copy(e->path, sizeof e->path, (*p)->path);
		e->ops = (*p)->alg->ops; /* cs_msg_op_names follows cs_op */
		cs_serve_copy(e->why, sizeof e->why, why);
	}
}

cs_cell *
cs_serve_cell(int64_t id)
{
	for (size_t i = 0; i < n_cells; i++)
		if (cells[i]->id == id)
			return &cells[i]->cell;
	return NULL;
}

static void
slot_drop(int64_t id)
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

/* A new slot (not yet counted among the cells), or NULL: out of memory. */
static cell_slot *
slot_new(int64_t id)
{
	if (n_cells == cap_cells) {
		size_t ncap = cap_cells ? 2 * cap_cells : 64;
		cell_slot **n = realloc(cells, ncap * sizeof *n);
		if (!n)
			return NULL;
		cells = n;
		cap_cells = ncap;
	}
	cell_slot *s = calloc(1, sizeof *s);
	if (s)
		s->id = id;
	return s;
}

/* One signature of the deterministic message by impl, as hex into buf; ""
   when it cannot sign. */
static void
sample_signature(const cs_impl *impl, char *buf, size_t size)
{
	const char *why;
	uint8_t sig[CS_SIG_MAX];
	char err[256];
	size_t n = impl->alg->out_len;
	buf[0] = '\0';
	if (n > sizeof sig || 2 * n + 1 > size || !cs_serve_available(impl, &why) ||
	    !(impl->ops & CS_OPBIT(CS_OP_SIGN)) || cs_serve_kat_exempt(impl) ||
	    cs_sig_sample(impl, sig, err, sizeof err) != CS_OK)
		return;
	cs_hex_encode(sig, n, buf);
}

static int
reply_status(cs_status st)
{
	return st == CS_MISMATCH      ? CS_ST_WRONG
	       : st == CS_UNSUPPORTED ? CS_ST_UNSUPPORTED
				      : CS_ST_ERROR;
}

/* The impl's known answers, then the cell; r filled either way. */
static void
prepare_cell(const cs_serve_platform *p, const cs_msg_prepare *req, cs_msg_prepare_reply *r)
{
	const cs_impl *impl = cs_serve_find(req->alg, req->path);
	cs_op op = (cs_op)req->op;
	const char *why;
	char detail[256] = "";

	r->status = CS_ST_ERROR;
	if (!impl) {
		snprintf(r->error, sizeof r->error, "no impl of %s on path %s", req->alg,
			 req->path);
		return;
	}
	if (!cs_serve_available(impl, &why) || !(impl->ops & CS_OPBIT(op))) {
		r->status = CS_ST_UNSUPPORTED;
		cs_serve_copy(r->why, sizeof r->why, why ? why : cs_serve_op_why(impl));
		return;
	}
	/* A sign cell's reply carries one signature for the other libraries to
	   verify (interop), whatever its own known answers say. */
	if (op == CS_OP_SIGN && p->sign_sample)
		sample_signature(impl, r->signature, sizeof r->signature);
	if (!cs_serve_kat_exempt(impl)) {
		cs_status st = cs_kat_check(impl, op, detail, sizeof detail);
		if (st != CS_OK) {
			r->status = reply_status(st);
			cs_serve_copy(r->error, sizeof r->error, detail);
			if (r->status != CS_ST_WRONG)
				r->signature[0] = '\0';
			return;
		}
	}
	if (cs_serve_fault(impl, "crash-prepare"))
		abort();
	cell_slot *s = slot_new(req->id);
	if (!s) {
		cs_serve_copy(r->error, sizeof r->error, "out of memory");
		r->signature[0] = '\0';
		return;
	}
	cs_status st = cs_cell_prepare(&s->cell, impl, op, (size_t)req->size, (size_t)req->misalign,
				       detail, sizeof detail);
	/* a counting worker does not calibrate: how many ops a time allows
	   would change the heap (the reply's digits, what the ops allocated) and
	   the count with it; its batch is 1 */
	if (st == CS_OK && p->calibrate)
		st = cs_cell_calibrate(&s->cell, (uint64_t)req->target_ns,
				       (uint64_t)req->warmup_ns);
	if (st != CS_OK) {
		r->status = st == CS_UNSUPPORTED ? CS_ST_UNSUPPORTED : CS_ST_ERROR;
		cs_serve_copy(r->error, sizeof r->error, detail);
		r->signature[0] = '\0';
		cs_cell_release(&s->cell);
		free(s);
		return;
	}
	cells[n_cells++] = s;
	r->status = CS_ST_OK;
	/* "disagree" (tests only): a noop cell that claims to have passed, so its
	   made-up output is compared with the real libraries' */
	r->kat = cs_serve_kat_exempt(impl) && !cs_serve_fault(impl, "disagree") ? CS_KAT_EXEMPT
										: CS_KAT_PASS;
	r->batch = (int64_t)s->cell.batch;
	cs_serve_copy(r->fingerprint, sizeof r->fingerprint, s->cell.fingerprint);
	r->heap_peak = s->cell.heap_peak;
	r->heap_idle = s->cell.heap_idle;
	if (impl->describe)
		impl->describe(s->cell.ctx, r->served_by, sizeof r->served_by);
}

static void
do_prepare(const cs_serve_platform *p, const cs_msg_prepare *req)
{
	static cs_msg_prepare_reply r;
	memset(&r, 0, sizeof r);
	r.id = req->id;
	r.kat = -1;
	/* a cell prepared again (the orchestrator restarted it elsewhere) starts afresh */
	slot_drop(req->id);
	prepare_cell(p, req, &r);
	cs_serve_send(p, cs_msg_prepare_reply_encode(&r));
}

static void
do_count(const cs_serve_platform *p, const cs_msg_count *req)
{
	static cs_msg_count_reply r;
	cs_cell *cell = cs_serve_cell(req->id);
	memset(&r, 0, sizeof r);
	r.id = req->id;
	r.status = CS_ST_ERROR;
	if (!cell)
		cs_serve_copy(r.error, sizeof r.error, "no such cell (not prepared)");
	else
		cs_worker_count(cell, req, &r);
	cs_serve_send(p, cs_msg_count_reply_encode(&r));
}

static void
reply(const cs_serve_platform *p, int64_t id, int status, const char *error)
{
	cs_msg_reply r = {.id = id, .status = status};
	cs_serve_copy(r.error, sizeof r.error, error);
	cs_serve_send(p, cs_msg_reply_encode(&r));
}

/* One request line into *buf (grown as needed, NUL-terminated); its length,
   0 at the end of input. POSIX getline on Linux (a counting worker's heap
   sees the same allocations as it always did, so its counts stay put); C11
   fgets into a growing buffer on bare metal (CS_BARE_METAL). */
static size_t
read_line(char **buf, size_t *cap)
{
#ifndef CS_BARE_METAL
	ssize_t n = getline(buf, cap, stdin);
	return n > 0 ? (size_t)n : 0;
#else
	size_t len = 0;
	for (;;) {
		if (*cap - len < 2) {
			size_t ncap = *cap ? 2 * *cap : 4096;
			char *n = realloc(*buf, ncap);
			if (!n) {
				fputs("worker: out of memory reading a request\n", stderr);
				return 0;
			}
			*buf = n;
			*cap = ncap;
		}
		if (!fgets(*buf + len, (int)(*cap - len), stdin))
			return len;
		len += strlen(*buf + len);
		if (len && (*buf)[len - 1] == '\n')
			return len;
	}
#endif
}

void
cs_serve_requests(const cs_serve_platform *p)
{
	static cs_msg_request req;
	char *line = NULL;
	size_t cap = 0;
	while (read_line(&line, &cap) > 0) {
		char err[256];
		int64_t id;
		if (cs_msg_request_decode(line, &req, &id, err, sizeof err) != 0) {
			reply(p, id, CS_ST_ERROR, err);
			continue;
		}
		if (req.cmd == CS_CMD_QUIT)
			break;
		if (req.cmd == CS_CMD_PREPARE) {
			do_prepare(p, &req.prepare);
		} else if (req.cmd == CS_CMD_INSNS) {
			do_count(p, &req.count);
		} else if (req.cmd == CS_CMD_RELEASE) {
			slot_drop(req.release.id);
			reply(p, req.release.id, CS_ST_OK, NULL);
		} else if (!p->other || !p->other(&req)) {
			char why[CS_MSG_TEXT];
			snprintf(why, sizeof why, "not served by this worker (accepted: %s)",
				 p->accepted);
			reply(p, id, CS_ST_ERROR, why);
		}
	}
	free(line);
	while (n_cells)
		slot_drop(cells[0]->id);
	free(cells);
	cells = NULL;
	cap_cells = 0;
}

void
cs_serve_count_reply(cs_msg_count_reply *r, uint64_t ops, bool stable, const uint64_t insns[2],
		     const uint64_t mem[2], const uint64_t *const classes[2], int n_classes,
		     const char *(*name)(int k))
{
	r->stable = stable;
	r->ops = (int64_t)ops;
	r->insns = (int64_t)(insns[0] + insns[1]);
	r->mem = (int64_t)(mem[0] + mem[1]);
	r->insns_d1 = (int64_t)insns[0];
	r->insns_d2 = (int64_t)insns[1];
	r->n_classes = 0;
	for (int k = 0; k < n_classes && r->n_classes < CS_MSG_MAX_CLASSES; k++) {
		uint64_t v = classes[0][k] + classes[1][k];
		if (v == 0)
			continue;
		cs_msg_count_class *e = &r->classes[r->n_classes++];
		cs_serve_copy(e->name, sizeof e->name, name(k));
		e->n = (int64_t)v;
	}
	r->status = CS_ST_OK;
}
