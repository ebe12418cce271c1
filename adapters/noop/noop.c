/*
 * The noop adapter: every algorithm of the catalogue, operations that touch
 * the buffers and nothing else. Timing it measures the harness's own cost
 * per operation (one indirect call, the loop, the nonce counter for seal).
 * Run only when asked for: `cryptospeed run --lib noop`.
 */
#include <string.h>

#include "cryptospeed/adapter.h"

static cs_run_fn noop_run;

static cs_status
noop_run(void *ctx, const cs_io *io)
{
	(void)ctx;
	/* read one input byte and write one output byte: the work is "none" */
	io->out[0] = io->len ? io->in[0] : 0;
	return CS_OK;
}

static const char *
noop_version(void)
{
	return "noop (harness probe)";
}

#define AEAD (CS_OPBIT(CS_OP_SEAL) | CS_OPBIT(CS_OP_OPEN))
#define KEX (CS_OPBIT(CS_OP_DERIVE) | CS_OPBIT(CS_OP_KEYGEN))
#define NOOP_IMPL(var, algobj, opbits)                                       \
	static const cs_impl var = {                                         \
		.alg = &(algobj), .path = "noop", .ops = (opbits),            \
		.context_size = 8, .run = noop_run, .flags = CS_IMPL_NO_KAT, \
	}

NOOP_IMPL(noop_aes_128_gcm, cs_alg_aes_128_gcm, AEAD);
NOOP_IMPL(noop_aes_256_gcm, cs_alg_aes_256_gcm, AEAD);
NOOP_IMPL(noop_chacha20_poly1305, cs_alg_chacha20_poly1305, AEAD);
NOOP_IMPL(noop_aes_128_cbc, cs_alg_aes_128_cbc, CS_OPBIT(CS_OP_ENCRYPT));
NOOP_IMPL(noop_sha1, cs_alg_sha1, CS_OPBIT(CS_OP_DIGEST));
NOOP_IMPL(noop_sha256, cs_alg_sha256, CS_OPBIT(CS_OP_DIGEST));
NOOP_IMPL(noop_sha512, cs_alg_sha512, CS_OPBIT(CS_OP_DIGEST));
NOOP_IMPL(noop_x25519, cs_alg_x25519, KEX);
NOOP_IMPL(noop_p256, cs_alg_p256, KEX);

static const cs_impl *const noop_impls[] = {
	&noop_aes_128_gcm, &noop_aes_256_gcm, &noop_chacha20_poly1305, &noop_aes_128_cbc,
	&noop_sha1, &noop_sha256, &noop_sha512, &noop_x25519, &noop_p256, NULL,
};

static const char *const noop_paths[] = {"noop", NULL};
static const char *const noop_objects[] = {NULL};

const cs_adapter cs_adapter_noop = {
	.abi = CS_ABI_VERSION,
	.name = "noop",
	.paths = noop_paths,
	.version = noop_version,
	.objects = noop_objects,
	.impls = noop_impls,
};
