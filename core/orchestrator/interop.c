/*
 * Interop: a signature one library made is verified by every other library
 * that has the algorithm. Signatures that differ by design (ECDSA with a
 * random k) cannot be compared by fingerprint; this catches a wrong
 * implementation anyway. Every worker signs the same deterministic message
 * with the same key (the algorithm's first vector), so a sign cell's prepare
 * reply carries one signature and any other worker can check it with a
 * `verify` request (docs/protocol.md).
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "orchestrator.h"

/* verify requests are numbered apart from the cells' ids */
#define VERIFY_ID_BASE ((int64_t)1 << 40)

/* The first path of w whose hello says it can verify alg, or NULL. */
static const char *
verify_path(const cs_worker *w, const cs_alg *alg)
{
	const cs_msg_hello *h = cs_worker_hello(w);
	for (size_t i = 0; h && i < h->n_impls; i++) {
		const cs_msg_impl *impl = &h->impls[i];
		if (impl->available && strcmp(impl->alg, alg->name) == 0 &&
		    (impl->ops & (1u << CS_OP_VERIFY)))
			return impl->path;
	}
	return NULL;
}

/* One verifier per library build: the plain, unmasked, unpinned worker. */
static bool
verifier(const cs_worker *w, const cs_rcell *c)
{
	return w->alive && cs_worker_hello(w) && !w->variant && w->cpu < 0 &&
	       strcmp(w->mask, cs_mask_name(CS_MASK_NONE)) == 0 && w->file != c->w->file;
}

/* Append a copy of s to the list (*v, *n). 0, or -1 when out of memory. */
static int
append(const char ***v, size_t *n, const char *s)
{
	const char **more = realloc(*v, (*n + 2) * sizeof *more);
	char *copy = strdup(s);
	if (!more || !copy) {
		free(copy);
		if (more)
			*v = more;
		return -1;
	}
	*v = more;
	(*v)[(*n)++] = copy;
	return 0;
}

/* Ask w to verify c's signature; appends "lib/path" to the list it lands in. */
static void
ask(cs_run *run, cs_worker *w, const char *path, cs_rcell *c, int64_t id, cs_res_interop *x)
{
	char who[128], e[CS_MSG_TEXT + 160] = "";
	snprintf(who, sizeof who, "%s/%s", w->file->name, path);
	cs_msg_verify req = {.id = id};
	snprintf(req.alg, sizeof req.alg, "%s", c->alg->name);
	snprintf(req.path, sizeof req.path, "%s", path);
	snprintf(req.signature, sizeof req.signature, "%s", c->signature);
	const char *line = NULL;
	cs_req r = cs_worker_request(w, cs_msg_verify_encode(&req), run->cfg->timeout_s, &line);
	cs_msg_verify_reply rep;
	char err[256];
	const char *bad = NULL;
	if (r == CS_REQ_OK)
		bad = cs_msg_verify_reply_decode(line, &rep, err, sizeof err) != 0 ? err
		      : rep.id != id ? "a reply to another request"
				     : NULL;
	if (r != CS_REQ_OK) {
		snprintf(e, sizeof e, "%s: %s", who,
			 r == CS_REQ_TIMEOUT ? "timeout"
			 : r == CS_REQ_INTR  ? "interrupted"
					     : "the worker failed");
		if (r != CS_REQ_INTR)
			cs_worker_kill(w);
	} else if (bad) {
		snprintf(e, sizeof e, "%s: %s", who, bad);
		cs_worker_kill(w); /* its replies are out of step */
	} else if (rep.status == CS_ST_OK) {
		append(&x->verified_by, &x->n_verified, who);
	} else if (rep.status == CS_ST_WRONG) {
		append(&x->rejected_by, &x->n_rejected, who);
	} else if (rep.status == CS_ST_ERROR) {
		snprintf(e, sizeof e, "%s: %s", who, rep.error[0] ? rep.error : "verify failed");
	}
	if (e[0])
		append(&x->errors, &x->n_errors, e);
}

static void
free_list(const char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free((char *)v[i]);
	free(v);
}

void
cs_interop_free(cs_res_interop *x)
{
	if (!x)
		return;
	free_list(x->verified_by, x->n_verified);
	free_list(x->rejected_by, x->n_rejected);
	free_list(x->errors, x->n_errors);
	free(x);
}

int
cs_interop_check(cs_run *run)
{
	int rejected_cells = 0;
	int64_t id = VERIFY_ID_BASE;
	for (size_t i = 0; i < run->n_cells && !cs_interrupt_signal; i++) {
		cs_rcell *c = &run->cells[i];
		if (c->op != CS_OP_SIGN || !c->signature || c->multi > 1)
			continue;
		cs_res_interop *x = calloc(1, sizeof *x);
		if (!x)
			continue;
		x->present = true;
		for (size_t k = 0; k < run->n_workers; k++) {
			cs_worker *w = run->workers[k];
			const char *path = verifier(w, c) ? verify_path(w, c->alg) : NULL;
			if (path)
				ask(run, w, path, c, id++, x);
		}
		x->all_verify = x->n_verified && !x->n_rejected && !x->n_errors;
		cs_interop_free(c->interop);
		c->interop = x;
		if (x->n_rejected) {
			rejected_cells++;
			fprintf(stderr, "interop: %s sign by %s/%s: its signature was refused by",
				c->alg->name, c->w->file->name, c->path);
			for (size_t n = 0; n < x->n_rejected; n++)
				fprintf(stderr, "%s %s", n ? "," : "", x->rejected_by[n]);
			fputc('\n', stderr);
		}
	}
	return rejected_cells;
}
