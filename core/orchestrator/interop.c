/*
 * Interop: a signature one library made is verified by every other library
 * that has the algorithm. Signatures that differ by design (ECDSA with a
 * random k) cannot be compared by fingerprint; this catches a wrong
 * implementation anyway. Every worker signs the same deterministic message
 * with the same key (the algorithm's first vector), so a sign cell's prepare
 * reply carries one signature and any other worker can check it with a
 * `verify` request (docs/protocol.md).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "orchestrator.h"

/* verify requests are numbered apart from the cells' ids */
#define VERIFY_ID_BASE ((json_int_t)1 << 40)

/* The first path of w whose hello says it can verify alg, or NULL. */
static const char *
verify_path(const cs_worker *w, const cs_alg *alg)
{
	size_t i;
	json_t *impl;
	json_array_foreach(json_object_get(w->hello, "impls"), i, impl) {
		const char *a = json_string_value(json_object_get(impl, "alg"));
		const char *path = json_string_value(json_object_get(impl, "path"));
		if (!a || !path || strcmp(a, alg->name) != 0 ||
		    !json_is_true(json_object_get(impl, "available")))
			continue;
		size_t k;
		json_t *op;
		json_array_foreach(json_object_get(impl, "ops"), k, op)
			if (json_is_string(op) && strcmp(json_string_value(op), "verify") == 0)
				return path;
	}
	return NULL;
}

/* One verifier per library build: the plain, unmasked, unpinned worker. */
static bool
verifier(const cs_worker *w, const cs_rcell *c)
{
	return w->alive && w->hello && !w->variant && w->cpu < 0 &&
	       strcmp(w->mask, cs_mask_name(CS_MASK_NONE)) == 0 && w->file != c->w->file;
}

/* Ask w to verify c's signature; appends "lib/path" to the list it lands in. */
static void
ask(cs_run *run, cs_worker *w, const char *path, cs_rcell *c, json_int_t id, json_t *verified,
    json_t *rejected, json_t *errors)
{
	char who[128];
	snprintf(who, sizeof who, "%s/%s", w->file->name, path);
	json_t *req = json_pack("{ss sI ss ss ss}", "cmd", "verify", "id", id, "alg", c->alg->name,
				"path", path, "signature", c->signature);
	json_t *rep = NULL;
	cs_req r = req ? cs_worker_request(w, req, run->cfg->timeout_s, &rep) : CS_REQ_GARBAGE;
	const char *st = r == CS_REQ_OK ? json_string_value(json_object_get(rep, "status")) : NULL;
	if (r == CS_REQ_OK && json_integer_value(json_object_get(rep, "id")) != id)
		st = NULL;
	if (st && strcmp(st, "ok") == 0) {
		json_array_append_new(verified, json_string(who));
	} else if (st && strcmp(st, "wrong") == 0) {
		json_array_append_new(rejected, json_string(who));
	} else if (!st || strcmp(st, "unsupported") != 0) {
		const char *why = rep ? json_string_value(json_object_get(rep, "error")) : NULL;
		char e[256];
		snprintf(e, sizeof e, "%s: %s", who, why ? why : r == CS_REQ_OK ? "bad reply"
			 : r == CS_REQ_TIMEOUT ? "timeout" : "worker failed");
		json_array_append_new(errors, json_string(e));
		if (r != CS_REQ_OK && r != CS_REQ_INTR)
			cs_worker_kill(w);
	}
	json_decref(rep);
}

int
cs_interop_check(cs_run *run)
{
	int rejected_cells = 0;
	json_int_t id = VERIFY_ID_BASE;
	for (size_t i = 0; i < run->n_cells && !cs_interrupt_signal; i++) {
		cs_rcell *c = &run->cells[i];
		if (c->op != CS_OP_SIGN || !c->signature || c->multi > 1)
			continue;
		json_t *verified = json_array(), *rejected = json_array(), *errors = json_array();
		for (size_t k = 0; k < run->n_workers; k++) {
			cs_worker *w = run->workers[k];
			const char *path = verifier(w, c) ? verify_path(w, c->alg) : NULL;
			if (path)
				ask(run, w, path, c, id++, verified, rejected, errors);
		}
		bool all = json_array_size(verified) && !json_array_size(rejected) &&
			   !json_array_size(errors);
		c->interop = json_pack("{so so so sb}", "verified_by", verified,
				       "rejected_by", rejected, "errors", errors, "all_verify", all);
		if (json_array_size(rejected)) {
			rejected_cells++;
			fprintf(stderr, "interop: %s sign by %s/%s: its signature was refused by",
				c->alg->name, c->w->file->name, c->path);
			size_t n;
			json_t *who;
			json_array_foreach(rejected, n, who)
				fprintf(stderr, "%s %s", n ? "," : "", json_string_value(who));
			fputc('\n', stderr);
		}
	}
	return rejected_cells;
}
