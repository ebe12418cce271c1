/*
 * The known-answer checks of ML-KEM-768 and ML-DSA-65 (core/worker/kat.c)
 * catch the faults they claim to, with no library: replay impls answer from
 * the catalogue's own vectors (what a correct library would answer) and keep
 * what they made themselves. A correct replay passes every op; the seeded
 * faults fail with the check's words:
 *   - decaps whose implicit rejection returns the real secret for a
 *     ciphertext with one bit flipped;
 *   - decaps that refuses the flipped ciphertext instead of rejecting it
 *     implicitly;
 *   - verify that accepts a signature with one bit flipped;
 *   - keygen that ignores the seed.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "text.h"
#include "worker.h"
#include "workload.h"

typedef enum fault {
	FAULT_NONE,
	FAULT_REJECT_REAL,   /* implicit rejection gives the real secret */
	FAULT_REJECT_ERROR,  /* a flipped ciphertext is an error */
	FAULT_VERIFY_ANY,    /* verify accepts whatever it is given */
	FAULT_KEYGEN_NOSEED, /* keygen from a seed ignores it */
} fault;

static fault active;

/* What the replay made itself (random keys, ciphertexts, signatures). */
#define MADE_MAX 16
static struct made {
	uint8_t in[4096]; /* a ciphertext, or a message */
	size_t in_len;
	uint8_t out[4096]; /* its secret, or its signature */
} made[MADE_MAX];
static size_t n_made;
static uint32_t counter = 1;

typedef struct replay_ctx {
	const cs_alg *alg;
	cs_op op;
	uint8_t key[64];
	uint8_t peer[2048];
} replay_ctx;

static bool
hex_is(const char *hex, const uint8_t *b, size_t n)
{
	uint8_t buf[4096];
	return hex && cs_hex_decode(hex, buf, sizeof buf) == (long)n && memcmp(buf, b, n) == 0;
}

static void
put(const char *hex, uint8_t *out)
{
	cs_hex_decode(hex, out, 4096);
}

static void
fresh(uint8_t *out, size_t n)
{
	for (size_t i = 0; i < n; i++)
		out[i] = (uint8_t)((counter * 2654435761u) >> (8 * (i % 4))) ^ (uint8_t)i;
	counter++;
}

static cs_status
replay_setup(void *vctx, const cs_setup *s)
{
	replay_ctx *c = vctx;
	c->alg = s->alg;
	c->op = s->op;
	if (s->key)
		memcpy(c->key, s->key, s->key_len < sizeof c->key ? s->key_len : sizeof c->key);
	if (s->peer)
		memcpy(c->peer, s->peer,
		       s->peer_len < sizeof c->peer ? s->peer_len : sizeof c->peer);
	return CS_OK;
}

static const cs_kat *
vector_of_key(const cs_alg *alg, const uint8_t *key)
{
	for (const cs_kat *k = alg->kats; k->source; k++)
		if (hex_is(k->key, key, alg->key_len))
			return k;
	return NULL;
}

static cs_status
replay_run(void *vctx, const cs_io *io)
{
	replay_ctx *c = vctx;
	const cs_alg *alg = c->alg;
	const cs_kat *k;
	switch (c->op) {
	case CS_OP_KEYGEN:
		if (io->nonce && active != FAULT_KEYGEN_NOSEED) {
			if (!(k = vector_of_key(alg, io->nonce)))
				return CS_LIB_ERROR;
			put(k->pub, io->out);
		} else {
			fresh(io->out, alg->pub_len);
		}
		return CS_OK;
	case CS_OP_ENCAPS:
		for (k = alg->kats; io->nonce && k->source; k++)
			if (hex_is(k->nonce, io->nonce, alg->nonce_len) &&
			    hex_is(k->pub, c->peer, alg->pub_len)) {
				put(k->in, io->out);
				put(k->out, io->out + alg->ct_len);
				return CS_OK;
			}
		if (io->nonce || n_made == MADE_MAX)
			return CS_LIB_ERROR;
		fresh(io->out, alg->ct_len + alg->out_len);
		memcpy(made[n_made].in, io->out, alg->ct_len);
		memcpy(made[n_made++].out, io->out + alg->ct_len, alg->out_len);
		return CS_OK;
	case CS_OP_DECAPS:
		for (k = alg->kats; k->source; k++)
			if (hex_is(k->key, c->key, alg->key_len) &&
			    hex_is(k->in, io->in, alg->ct_len)) {
				put(k->out, io->out);
				return CS_OK;
			}
		for (size_t i = 0; i < n_made; i++)
			if (memcmp(made[i].in, io->in, alg->ct_len) == 0) {
				memcpy(io->out, made[i].out, alg->out_len);
				return CS_OK;
			}
		if (active == FAULT_REJECT_ERROR)
			return CS_LIB_ERROR;
		if (active == FAULT_REJECT_REAL && (k = vector_of_key(alg, c->key))) {
			put(k->out, io->out);
			return CS_OK;
		}
		/* implicit rejection: a secret of its own */
		for (size_t i = 0; i < alg->out_len; i++)
			io->out[i] = io->in[i] ^ 0x5a;
		return CS_OK;
	case CS_OP_SIGN:
		for (k = alg->kats; io->nonce && k->source; k++)
			if (hex_is(k->key, c->key, alg->key_len) &&
			    hex_is(k->in, io->in, io->len)) {
				put(k->out, io->out);
				return CS_OK;
			}
		if (io->nonce || n_made == MADE_MAX || io->len > sizeof made[0].in)
			return CS_LIB_ERROR;
		fresh(io->out, alg->out_len);
		memcpy(made[n_made].in, io->in, io->len);
		made[n_made].in_len = io->len;
		memcpy(made[n_made++].out, io->out, alg->out_len);
		return CS_OK;
	case CS_OP_VERIFY:
		if (active == FAULT_VERIFY_ANY)
			return CS_OK;
		for (k = alg->kats; k->source; k++)
			if (hex_is(k->pub, c->peer, alg->pub_len) &&
			    hex_is(k->in, io->in, io->len) && hex_is(k->out, io->sig, alg->out_len))
				return CS_OK;
		for (size_t i = 0; i < n_made; i++)
			if (made[i].in_len == io->len && memcmp(made[i].in, io->in, io->len) == 0 &&
			    memcmp(made[i].out, io->sig, alg->out_len) == 0)
				return CS_OK;
		return CS_MISMATCH;
	default: return CS_UNSUPPORTED;
	}
}

static cs_impl
replay(const cs_alg *alg, unsigned flags)
{
	return (cs_impl){
		.alg = alg,
		.path = "replay",
		.ops = alg->ops,
		.context_size = sizeof(replay_ctx),
		.setup = replay_setup,
		.run = replay_run,
		.flags = flags,
	};
}

/* The check of op under a fault: its status, and its words contain want. */
static void
expect(const cs_impl *impl, cs_op op, fault f, cs_status want_st, const char *want)
{
	char detail[512];
	active = f;
	n_made = 0;
	cs_status st = cs_kat_check(impl, op, detail, sizeof detail);
	if (st != want_st || !strstr(detail, want)) {
		printf("FAIL: %s %s (fault %d): status %d '%s', want %d '%s'\n", impl->alg->name,
		       cs_op_name(op), (int)f, (int)st, detail, (int)want_st, want);
		check_failures++;
	}
}

int
main(void)
{
	cs_impl kem = replay(&cs_alg_ml_kem_768, 0);
	cs_impl dsa = replay(&cs_alg_ml_dsa_65, CS_IMPL_RANDOMIZED);

	/* a correct library passes every op */
	expect(&kem, CS_OP_KEYGEN, FAULT_NONE, CS_OK, "pass");
	expect(&kem, CS_OP_ENCAPS, FAULT_NONE, CS_OK, "pass");
	expect(&kem, CS_OP_DECAPS, FAULT_NONE, CS_OK, "pass");
	expect(&dsa, CS_OP_KEYGEN, FAULT_NONE, CS_OK, "pass");
	expect(&dsa, CS_OP_SIGN, FAULT_NONE, CS_OK, "pass");
	expect(&dsa, CS_OP_VERIFY, FAULT_NONE, CS_OK, "pass");

	/* the seeded faults */
	expect(&kem, CS_OP_DECAPS, FAULT_REJECT_REAL, CS_MISMATCH,
	       "a flipped ciphertext gave the same secret");
	expect(&kem, CS_OP_DECAPS, FAULT_REJECT_ERROR, CS_LIB_ERROR,
	       "decaps refused a flipped ciphertext");
	expect(&kem, CS_OP_KEYGEN, FAULT_KEYGEN_NOSEED, CS_MISMATCH,
	       "keygen from the seed gave another public key");
	expect(&dsa, CS_OP_KEYGEN, FAULT_KEYGEN_NOSEED, CS_MISMATCH,
	       "keygen from the seed gave another public key");
	expect(&dsa, CS_OP_VERIFY, FAULT_VERIFY_ANY, CS_MISMATCH,
	       "a signature with one bit flipped was not refused");
	expect(&dsa, CS_OP_SIGN, FAULT_VERIFY_ANY, CS_MISMATCH, "a flipped signature verified");
	return check_done("pq_kat");
}
