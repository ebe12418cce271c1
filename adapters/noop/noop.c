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

/* One impl per algorithm of the catalogue (algs.def), every op it defines. */
#define CS_ALG(id, name, kind, opbits, ...)                                                        \
	static const cs_impl noop_##id = {                                                         \
		.alg = &cs_alg_##id,                                                               \
		.path = "noop",                                                                    \
		.ops = (opbits),                                                                   \
		.context_size = 8,                                                                 \
		.run = noop_run,                                                                   \
		.flags = CS_IMPL_NO_KAT,                                                           \
	};
#include "algs.def"
#undef CS_ALG

#define CS_ALG(id, name, kind, ops, ...) &noop_##id,
static const cs_impl *const noop_impls[] = {
#include "algs.def"
	NULL,
};
#undef CS_ALG

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
