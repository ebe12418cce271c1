/*
 * Signatures across libraries (worker side). Every library signs the same
 * deterministic message (cs_fill_pattern, CS_SIG_MSG_LEN bytes) with the same
 * key (the algorithm's first vector), so a signature one worker made can be
 * checked by any other: the orchestrator sends it in a `verify` request.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "worker.h"
#include "workload.h"

/* The longest public key a catalogue signature has (ML-DSA-65: 1952 bytes). */
#define CS_SIG_PUB_MAX 2048

cs_status
cs_sig_sample(const cs_impl *impl, uint8_t *sig, char *err, size_t err_size)
{
	cs_cell c;
	cs_status st = cs_cell_prepare(&c, impl, CS_OP_SIGN, 0, 0, err, err_size);
	if (st == CS_OK)
		memcpy(sig, c.out, impl->alg->out_len);
	cs_cell_release(&c);
	return st;
}

cs_status
cs_sig_verify_foreign(const cs_impl *impl, const uint8_t *sig, char *err, size_t err_size)
{
	/* not a cell: its set-up would verify a signature of this impl's own first */
	const cs_alg *alg = impl->alg;
	const cs_kat *k = &alg->kats[0];
	uint8_t msg[CS_SIG_MSG_LEN], pub[CS_SIG_PUB_MAX];
	long pn = k->source && k->pub && alg->pub_len <= sizeof pub
			  ? cs_hex_decode(k->pub, pub, sizeof pub)
			  : -1;
	void *ctx = calloc(1, impl->context_size ? impl->context_size : 1);
	cs_status st = CS_NO_MEMORY;
	if (pn <= 0) {
		st = CS_BAD_PARAM;
		snprintf(err, err_size, "the catalogue has no public key for %s", alg->name);
	} else if (ctx) {
		cs_fill_pattern(msg, sizeof msg, 0);
		cs_setup s = {
			.alg = alg,
			.op = CS_OP_VERIFY,
			.peer = pub,
			.peer_len = (size_t)pn,
			.max_len = sizeof msg,
		};
		cs_io io = {.in = msg, .len = sizeof msg, .sig = sig};
		st = impl->setup ? impl->setup(ctx, &s) : CS_OK;
		if (st == CS_OK)
			st = impl->run(ctx, &io);
		if (impl->teardown)
			impl->teardown(ctx);
		snprintf(err, err_size, "%s",
			 st == CS_OK	     ? "verified"
			 : st == CS_MISMATCH ? "the signature did not verify"
					     : "verify failed");
	}
	free(ctx);
	return st;
}
