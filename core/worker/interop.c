/*
 * Signatures across libraries (worker side). Every library signs the same
 * deterministic message (cs_fill_pattern, CS_SIG_MSG_LEN bytes) with the same
 * key (the algorithm's first vector), so a signature one worker made can be
 * checked by any other: the orchestrator sends it in a `verify` request.
 */
#include <stdio.h>
#include <string.h>

#include "worker.h"
#include "workload.h"

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
	cs_cell c;
	cs_status st = cs_cell_prepare(&c, impl, CS_OP_VERIFY, 0, 0, err, err_size);
	if (st == CS_OK) {
		/* the context is keyed for verify; check the foreign signature */
		memcpy(c.tag, sig, impl->alg->out_len);
		st = impl->run(c.ctx, &c.io);
		snprintf(err, err_size, "%s", st == CS_OK ? "verified"
			 : st == CS_MISMATCH ? "the signature did not verify"
			 : "verify failed");
	}
	cs_cell_release(&c);
	return st;
}
