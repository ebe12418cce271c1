/*
 * Conformance (worker side): one test vector through the exact impl that is
 * timed, on a fresh context (setup + one run + teardown), as kat.c does. The
 * worker compares nothing: it says whether the impl accepted (and what it
 * output) or refused. The orchestrator (core/orchestrator/cmd_conform.c) knows
 * what the vector expects; docs/conformance.md.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conform.h"
#include "workload.h"

/* Bytes of one conform field at most (the protocol's limit). */
#define FIELD_MAX ((CS_MSG_CONFORM_HEX - 1) / 2)

static const char *const status_names[] = {"ok",	"unsupported", "bad-param",
					   "no-memory", "lib-error",   "mismatch"};

/* The decoded fields of a request (NULL-safe: empty = 0 bytes). */
typedef struct fields {
	uint8_t key[FIELD_MAX], nonce[FIELD_MAX], aad[FIELD_MAX], in[FIELD_MAX], tag[FIELD_MAX],
		peer[FIELD_MAX], sig[FIELD_MAX];
	long key_n, nonce_n, aad_n, in_n, tag_n, peer_n, sig_n;
} fields;

static const char *
status_name(cs_status st)
{
	return (size_t)st < sizeof status_names / sizeof status_names[0] ? status_names[st]
									 : "unknown";
}

/* Whether the op's fixed-length fields have the algorithm's lengths; NULL or
   what is wrong. */
static const char *
check_lengths(const cs_alg *alg, cs_op op, const fields *f)
{
	switch (alg->kind) {
	case CS_AEAD:
		if ((size_t)f->key_n != alg->key_len)
			return "key: not the algorithm's key length";
		if ((size_t)f->nonce_n != alg->nonce_len)
			return "nonce: not the algorithm's nonce length";
		if (op == CS_OP_OPEN && (size_t)f->tag_n != alg->tag_len)
			return "tag: not the algorithm's tag length";
		return NULL;
	case CS_KEX:
		if ((size_t)f->key_n != alg->key_len)
			return "key: not the algorithm's private key length";
		return NULL;
	case CS_SIG:
		if ((size_t)f->sig_n != alg->out_len)
			return "sig: not the algorithm's signature length";
		return NULL;
	case CS_MAC: return NULL;
	default: return "not an algorithm conformance covers";
	}
}

void
cs_worker_conform(const cs_impl *impl, const cs_msg_conform *req, cs_msg_conform_reply *r)
{
	static fields f;
	const cs_alg *alg = impl->alg;
	cs_op op = (cs_op)req->op;
	r->status = CS_ST_ERROR;
	f.key_n = cs_hex_decode(req->key, f.key, FIELD_MAX);
	f.nonce_n = cs_hex_decode(req->nonce, f.nonce, FIELD_MAX);
	f.aad_n = cs_hex_decode(req->aad, f.aad, FIELD_MAX);
	f.in_n = cs_hex_decode(req->in, f.in, FIELD_MAX);
	f.tag_n = cs_hex_decode(req->tag, f.tag, FIELD_MAX);
	f.peer_n = cs_hex_decode(req->peer, f.peer, FIELD_MAX);
	f.sig_n = cs_hex_decode(req->sig, f.sig, FIELD_MAX);
	if (f.key_n < 0 || f.nonce_n < 0 || f.aad_n < 0 || f.in_n < 0 || f.tag_n < 0 ||
	    f.peer_n < 0 || f.sig_n < 0) {
		snprintf(r->error, sizeof r->error, "a field does not decode");
		return;
	}
	const char *bad = check_lengths(alg, op, &f);
	if (bad) {
		snprintf(r->error, sizeof r->error, "%s", bad);
		return;
	}
	size_t len = alg->kind == CS_KEX ? 0 : (size_t)f.in_n;
	size_t outcap = len + alg->out_len + alg->pub_len + 64;
	uint8_t *out = calloc(1, outcap), *tag = calloc(1, alg->tag_len + 1);
	void *ctx = calloc(1, impl->context_size ? impl->context_size : 1);
	if (!out || !tag || !ctx) {
		snprintf(r->error, sizeof r->error, "out of memory");
		free(out);
		free(tag);
		free(ctx);
		return;
	}
	bool sig = alg->kind == CS_SIG;
	cs_setup s = {
		.alg = alg,
		.op = op,
		.key = sig ? NULL : f.key,
		.key_len = sig ? 0 : (size_t)f.key_n,
		.peer = f.peer,
		.peer_len = (size_t)f.peer_n,
		.max_len = len,
		.aad_len = (size_t)f.aad_n,
	};
	cs_io io = {.in = f.in,
		    .len = len,
		    .out = out,
		    .aad = f.aad,
		    .aad_len = (size_t)f.aad_n,
		    .nonce = f.nonce,
		    .tag = tag,
		    .sig = f.sig};
	if (op == CS_OP_OPEN)
		memcpy(tag, f.tag, alg->tag_len);
	cs_status st = impl->setup ? impl->setup(ctx, &s) : CS_OK;
	const char *where = "setup";
	if (st == CS_OK) {
		where = "run";
		st = impl->run(ctx, &io);
	}
	if (impl->teardown)
		impl->teardown(ctx);
	if (st == CS_OK) {
		r->status = CS_ST_OK;
		size_t n = alg->kind == CS_AEAD ? len : alg->kind == CS_SIG ? 0 : alg->out_len;
		cs_hex_encode(out, n, r->out);
		if (op == CS_OP_SEAL)
			cs_hex_encode(tag, alg->tag_len, r->tag);
	} else if (st == CS_UNSUPPORTED && where[0] == 's' && alg->kind != CS_KEX &&
		   alg->kind != CS_SIG) {
		r->status = CS_ST_UNSUPPORTED;
		snprintf(r->why, sizeof r->why, "setup: unsupported");
	} else {
		r->status = CS_ST_WRONG;
		snprintf(r->error, sizeof r->error, "%s: %s", where, status_name(st));
	}
	free(out);
	free(tag);
	free(ctx);
}
