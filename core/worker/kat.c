/* Known-answer checks: every vector of the algorithm through the exact impl. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "worker.h"
#include "workload.h"

/* Decoded vector, owning its buffers. */
typedef struct kat_bytes {
	uint8_t *key, *nonce, *aad, *in, *out, *tag;
	long key_n, nonce_n, aad_n, in_n, out_n, tag_n;
} kat_bytes;

static long
decode(const char *hex, uint8_t **buf)
{
	if (!hex) {
		*buf = calloc(1, 1);
		return 0;
	}
	size_t cap = strlen(hex) / 2 + 1;
	*buf = calloc(1, cap);
	return *buf ? cs_hex_decode(hex, *buf, cap) : -1;
}

static void
kat_free(kat_bytes *b)
{
	free(b->key); free(b->nonce); free(b->aad);
	free(b->in); free(b->out); free(b->tag);
}

static int
kat_decode(const cs_kat *k, kat_bytes *b)
{
	b->key_n = decode(k->key, &b->key);
	b->nonce_n = decode(k->nonce, &b->nonce);
	b->aad_n = decode(k->aad, &b->aad);
	b->in_n = decode(k->in, &b->in);
	b->out_n = decode(k->out, &b->out);
	b->tag_n = decode(k->tag, &b->tag);
	return b->key_n < 0 || b->nonce_n < 0 || b->aad_n < 0 || b->in_n < 0 ||
	       b->out_n < 0 || b->tag_n < 0 ? -1 : 0;
}

/* setup + one run + teardown on a fresh context. */
static cs_status
run_once(const cs_impl *impl, cs_op op, const kat_bytes *b, const cs_io *io, size_t len)
{
	void *ctx = calloc(1, impl->context_size ? impl->context_size : 1);
	if (!ctx)
		return CS_NO_MEMORY;
	cs_setup s = {
		.alg = impl->alg, .op = op, .key = b->key, .peer = b->in,
		.max_len = len, .aad_len = (size_t)b->aad_n,
	};
	cs_status st = impl->setup ? impl->setup(ctx, &s) : CS_OK;
	if (st == CS_OK)
		st = impl->run(ctx, io);
	if (impl->teardown)
		impl->teardown(ctx);
	free(ctx);
	return st;
}

static cs_status
fail(char *detail, size_t n, cs_status st, const cs_kat *k, const char *what)
{
	snprintf(detail, n, "%s: %s", k->source, what);
	return st;
}

static cs_status
check_aead(const cs_impl *impl, cs_op op, const cs_kat *k, const kat_bytes *b,
	   uint8_t *out, uint8_t *tag, char *detail, size_t n)
{
	size_t len = (size_t)b->in_n, tlen = impl->alg->tag_len;
	cs_io io = {.len = len, .out = out, .aad = b->aad, .aad_len = (size_t)b->aad_n,
		    .nonce = b->nonce, .tag = tag};
	cs_status st;
	if (op == CS_OP_SEAL) {
		io.in = b->in;
		if ((st = run_once(impl, op, b, &io, len)) != CS_OK)
			return fail(detail, n, st, k, "seal failed");
		if (memcmp(out, b->out, len) != 0)
			return fail(detail, n, CS_MISMATCH, k, "ciphertext differs");
		if (memcmp(tag, b->tag, tlen) != 0)
			return fail(detail, n, CS_MISMATCH, k, "tag differs");
		return CS_OK;
	}
	io.in = b->out;
	memcpy(tag, b->tag, tlen);
	if ((st = run_once(impl, op, b, &io, len)) != CS_OK)
		return fail(detail, n, st == CS_MISMATCH ? CS_MISMATCH : st, k,
			    "open rejected the correct tag");
	if (memcmp(out, b->in, len) != 0)
		return fail(detail, n, CS_MISMATCH, k, "plaintext differs");
	/* A forged tag must be refused. */
	tag[0] ^= 1;
	st = run_once(impl, op, b, &io, len);
	if (st == CS_OK)
		return fail(detail, n, CS_MISMATCH, k, "open accepted a forged tag");
	if (st != CS_MISMATCH)
		return fail(detail, n, st, k, "open of a forged tag failed oddly");
	return CS_OK;
}

static cs_status
check_keygen(const cs_impl *impl, const cs_kat *k, const kat_bytes *b, char *detail, size_t n)
{
	size_t plen = impl->alg->pub_len;
	uint8_t *p1 = calloc(2, plen), *p2 = p1 ? p1 + plen : NULL;
	if (!p1)
		return CS_NO_MEMORY;
	cs_io io = {.out = p1};
	cs_status st = run_once(impl, CS_OP_KEYGEN, b, &io, 0);
	io.out = p2;
	if (st == CS_OK)
		st = run_once(impl, CS_OP_KEYGEN, b, &io, 0);
	if (st != CS_OK)
		st = fail(detail, n, st, k, "keygen failed");
	else if (memcmp(p1, p2, plen) == 0)
		st = fail(detail, n, CS_MISMATCH, k, "two keygens gave the same public key");
	else if (plen == 65 && (p1[0] != 4 || p2[0] != 4))
		st = fail(detail, n, CS_MISMATCH, k, "public key is not an uncompressed point");
	free(p1);
	return st;
}

cs_status
cs_kat_check(const cs_impl *impl, cs_op op, char *detail, size_t n)
{
	const cs_alg *alg = impl->alg;
	snprintf(detail, n, "no vectors");
	if (!alg->kats || !alg->kats[0].source)
		return CS_BAD_PARAM;
	cs_status st = CS_OK;
	/* A new key pair is random: check the same impl's derive answers first. */
	if (op == CS_OP_KEYGEN && (impl->ops & CS_OPBIT(CS_OP_DERIVE)) &&
	    (st = cs_kat_check(impl, CS_OP_DERIVE, detail, n)) != CS_OK)
		return st;
	for (const cs_kat *k = alg->kats; k->source && st == CS_OK; k++) {
		kat_bytes b = {0};
		if (kat_decode(k, &b) != 0) {
			kat_free(&b);
			return fail(detail, n, CS_BAD_PARAM, k, "vector does not decode");
		}
		size_t outcap = (size_t)(b.in_n > b.out_n ? b.in_n : b.out_n) + alg->pub_len + 64;
		uint8_t *out = calloc(1, outcap), *tag = calloc(1, alg->tag_len + 1);
		if (!out || !tag) {
			st = CS_NO_MEMORY;
		} else if (alg->kind == CS_AEAD) {
			st = check_aead(impl, op, k, &b, out, tag, detail, n);
		} else if (op == CS_OP_KEYGEN) {
			st = check_keygen(impl, k, &b, detail, n);
		} else {
			/* digest, encrypt, derive: one output to compare */
			size_t len = alg->kind == CS_KEX ? 0 : (size_t)b.in_n;
			cs_io io = {.in = b.in, .len = len, .out = out, .nonce = b.nonce};
			st = run_once(impl, op, &b, &io, len);
			if (st != CS_OK)
				st = fail(detail, n, st, k, "the operation failed");
			else if (memcmp(out, b.out, (size_t)b.out_n) != 0)
				st = fail(detail, n, CS_MISMATCH, k, "output differs");
		}
		free(out);
		free(tag);
		kat_free(&b);
		if (op == CS_OP_KEYGEN)
			break; /* one keygen sanity check is enough */
	}
	if (st == CS_OK)
		snprintf(detail, n, "pass");
	return st;
}
