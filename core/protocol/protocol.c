/*
 * The worker protocol's messages: one field table per message drives its
 * decoder (every field checked for type and range, once), its encoder and
 * its table in docs/protocol.md.
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "protocol.h"
#include "text.h"

#define ANY INT64_MAX /* no upper bound */

/* the catalogue's lists (cryptospeed/adapter.h), in enum order */
#define CS_MSG_MASK_NAME(id, name) name,
const char *const cs_msg_mask_names[] = {CS_MASK_LIST(CS_MSG_MASK_NAME) NULL};
#undef CS_MSG_MASK_NAME
#define CS_MSG_OP_NAME(id, name, unit) name,
const char *const cs_msg_op_names[] = {CS_OP_LIST(CS_MSG_OP_NAME) NULL};
#undef CS_MSG_OP_NAME
const char *const cs_msg_status_names[] = {"ok", "wrong", "unsupported", "error", NULL};
const char *const cs_msg_mask_status_names[] = {"ok", "unsupported", "not-applicable", NULL};
static const char *const kat_names[] = {"pass", "exempt", NULL};
static const char *const cmd_names[] = {"prepare", "sample",  "evidence", "release", "quit",
					"verify",  "conform", "count",	  NULL};

typedef enum kind {
	K_INT,	   /* int64_t in [min, max] */
	K_REAL,	   /* double in [min, max] */
	K_BOOL,	   /* bool */
	K_TRI,	   /* int: -1 absent, 0 false, 1 true */
	K_NAME,	   /* char[size]: 1..size-1 of [A-Za-z0-9._@+-] */
	K_TEXT,	   /* char[size]: a string of at most size-1 bytes, no NUL */
	K_ENUM,	   /* int: index into choices (-1 absent) */
	K_ENUMSET, /* unsigned: bit i set for choices[i] (an array of names) */
	K_OBJECT,  /* a nested struct: the fields sub[0..n_sub) */
	K_ARRAY,   /* elements of `size` bytes, described by sub[0], counted at `count` */
	K_MAP,	   /* {key: element}: element struct begins with char[CS_MSG_NAME] key */
} kind;

typedef struct field field;
struct field {
	const char *name;
	kind kind;
	bool required;
	size_t offset;		    /* of the member in its struct */
	size_t size;		    /* NAME/TEXT: the char array's size; ARRAY/MAP: one element's */
	int64_t min, max;	    /* INT/REAL: the range; ARRAY/MAP: how many elements */
	int64_t def;		    /* INT/ENUM: the value when absent (then not encoded) */
	const char *const *choices; /* ENUM/ENUMSET; MAP: the allowed keys (NULL = any name) */
	const field *sub; /* OBJECT: its fields; ARRAY/MAP: the element (offset 0 in it) */
	size_t n_sub;
	size_t count;	 /* ARRAY/MAP: offset of the size_t element count */
	const char *doc; /* one line for docs/protocol.md */
};

typedef const char *check_fn(const void *msg);

typedef struct msg_desc {
	const char *name;      /* "sample reply": starts every decode error */
	const char *tag_key;   /* "cmd" or "type" (NULL for replies) */
	const char *tag_value; /* "sample", "hello" */
	const field *fields;
	size_t n_fields;
	check_fn *check; /* rules across fields, NULL = none */
	const char *doc; /* the heading's line in docs/protocol.md */
} msg_desc;

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define INT(s, m, req, lo, hi, d, text)                                                            \
	{                                                                                          \
		.name = #m, .kind = K_INT, .required = req, .offset = offsetof(s, m), .min = lo,   \
		.max = hi, .def = d, .doc = text                                                   \
	}
#define STR(s, m, k, req, text)                                                                    \
	{                                                                                          \
		.name = #m, .kind = k, .required = req, .offset = offsetof(s, m),                  \
		.size = sizeof(((s *)0)->m), .doc = text                                           \
	}
#define ENUM(s, m, req, ch, d, text)                                                               \
	{                                                                                          \
		.name = #m, .kind = K_ENUM, .required = req, .offset = offsetof(s, m),             \
		.choices = ch, .def = d, .doc = text                                               \
	}
#define ID(s) INT(s, id, true, 0, ANY, 0, "the cell")
#define REPLY_ID(s) INT(s, id, true, -1, ANY, 0, "the request's id (-1: it had none)")

/* ---- the field tables ---- */

static const field cpu_fields[] = {
	STR(cs_msg_cpu, arch, K_NAME, false, "architecture"),
	STR(cs_msg_cpu, model, K_TEXT, false, "CPU model"),
	STR(cs_msg_cpu, features, K_TEXT, false, "crypto-relevant features, space-separated"),
	STR(cs_msg_cpu, source, K_TEXT, false, "where the features came from"),
	INT(cs_msg_cpu, cpus, false, 1, 1 << 20, 0, "online CPUs"),
};

static const field impl_fields[] = {
	STR(cs_msg_impl, alg, K_NAME, true, "algorithm"),
	STR(cs_msg_impl, path, K_NAME, true, "API path, one of `paths`"),
	{.name = "ops",
	 .kind = K_ENUMSET,
	 .required = true,
	 .offset = offsetof(cs_msg_impl, ops),
	 .choices = cs_msg_op_names,
	 .doc = "operations"},
	{.name = "available",
	 .kind = K_BOOL,
	 .required = true,
	 .offset = offsetof(cs_msg_impl, available),
	 .doc = "usable on this machine"},
	STR(cs_msg_impl, why, K_TEXT, false, "why not available"),
};
static const field impl_elem = {.kind = K_OBJECT, .sub = impl_fields, .n_sub = N(impl_fields)};

static const field mask_fields[] = {
	ENUM(cs_msg_mask, status, true, cs_msg_mask_status_names, 0,
	     "whether the library has a switch"),
	STR(cs_msg_mask, env, K_NAME, false, "the switch: an environment variable"),
	STR(cs_msg_mask, value, K_TEXT, false, "its value"),
};
static const field mask_elem = {.kind = K_OBJECT, .sub = mask_fields, .n_sub = N(mask_fields)};
static const field path_elem = {.kind = K_NAME, .size = CS_MSG_NAME};

static const field hello_fields[] = {
	INT(cs_msg_hello, protocol, true, 0, ANY, 0,
	    "CS_PROTOCOL_VERSION: another version is refused"),
	INT(cs_msg_hello, abi, true, 1, 1000, 0, "the adapter ABI"),
	STR(cs_msg_hello, lib, K_NAME, true, "adapter name"),
	STR(cs_msg_hello, worker, K_NAME, false, "executable name"),
	STR(cs_msg_hello, version, K_TEXT, true, "library's runtime version"),
	STR(cs_msg_hello, build, K_TEXT, false, "library's build information"),
	STR(cs_msg_hello, cpu_info, K_TEXT, false, "what the library says of the CPU"),
	{.name = "cpu",
	 .kind = K_OBJECT,
	 .offset = offsetof(cs_msg_hello, cpu),
	 .sub = cpu_fields,
	 .n_sub = N(cpu_fields),
	 .doc = "the CPU as the worker sees it"},
	STR(cs_msg_hello, clock, K_NAME, false, "the clock batches are timed with"),
	INT(cs_msg_hello, clock_res_ns, false, 0, 1000000000, 0, "its resolution"),
	{.name = "paths",
	 .kind = K_ARRAY,
	 .offset = offsetof(cs_msg_hello, paths),
	 .size = CS_MSG_NAME,
	 .min = 0,
	 .max = CS_MSG_MAX_PATHS,
	 .sub = &path_elem,
	 .n_sub = 1,
	 .count = offsetof(cs_msg_hello, n_paths),
	 .doc = "the adapter's API paths"},
	{.name = "impls",
	 .kind = K_ARRAY,
	 .offset = offsetof(cs_msg_hello, impls),
	 .size = sizeof(cs_msg_impl),
	 .min = 0,
	 .max = CS_MSG_MAX_IMPLS,
	 .sub = &impl_elem,
	 .n_sub = 1,
	 .count = offsetof(cs_msg_hello, n_impls),
	 .doc = "every impl"},
	{.name = "masks",
	 .kind = K_MAP,
	 .offset = offsetof(cs_msg_hello, masks),
	 .size = sizeof(cs_msg_mask),
	 .min = 0,
	 .max = CS_MSG_MAX_MASKS,
	 .choices = cs_msg_mask_names,
	 .sub = &mask_elem,
	 .n_sub = 1,
	 .count = offsetof(cs_msg_hello, n_masks),
	 .doc = "how to run without some instructions"},
	STR(cs_msg_hello, mask, K_NAME, false, "the mask it was started under"),
	{.name = "mask_applied",
	 .kind = K_TRI,
	 .offset = offsetof(cs_msg_hello, mask_applied),
	 .doc = "the mask's switch reached the worker"},
	STR(cs_msg_hello, variant, K_TEXT, false, "variant (provider, engine) information"),
	STR(cs_msg_hello, init_error, K_TEXT, false, "the library failed to initialise: why"),
	{.name = "pmu",
	 .kind = K_TRI,
	 .offset = offsetof(cs_msg_hello, pmu),
	 .doc = "asked for (CRYPTOSPEED_PMU=1): instructions:u and cycles:u are open"},
	STR(cs_msg_hello, pmu_why, K_TEXT, false, "pmu false: why the counters could not open"),
};

static const field prepare_fields[] = {
	ID(cs_msg_prepare),
	STR(cs_msg_prepare, alg, K_NAME, true, "algorithm"),
	STR(cs_msg_prepare, path, K_NAME, true, "API path"),
	ENUM(cs_msg_prepare, op, true, cs_msg_op_names, 0, "operation"),
	INT(cs_msg_prepare, size, true, 0, CS_MSG_MAX_SIZE, 0, "bytes per operation"),
	INT(cs_msg_prepare, misalign, false, 0, 63, 0, "buffer offset from 64-byte alignment"),
	INT(cs_msg_prepare, target_ns, false, 1000, 10000000000, 1000000,
	    "length of one batch (default 1 ms)"),
	INT(cs_msg_prepare, warmup_ns, false, 0, 60000000000, 5000000,
	    "warm-up before calibration (default 5 ms)"),
};

static const field sample_fields[] = {
	ID(cs_msg_sample),
	INT(cs_msg_sample, n, true, 1, CS_MSG_MAX_N, 0, "batches (with a window: at most)"),
	INT(cs_msg_sample, start_ns, false, 1, ANY, 0,
	    "window start on CLOCK_MONOTONIC (with end_ns)"),
	INT(cs_msg_sample, end_ns, false, 1, ANY, 0,
	    "window end: no batch starts after it, one that ends after it is not counted"),
};

static const field evidence_fields[] = {
	ID(cs_msg_evidence),
	INT(cs_msg_evidence, ms, false, 1, 10000, 50, "how long to sample (default 50)"),
};

static const field release_fields[] = {ID(cs_msg_release)};

static const field verify_fields[] = {
	INT(cs_msg_verify, id, true, 0, ANY, 0, "the request"),
	STR(cs_msg_verify, alg, K_NAME, true, "a signature algorithm"),
	STR(cs_msg_verify, path, K_NAME, true, "API path"),
	STR(cs_msg_verify, signature, K_TEXT, true,
	    "another library's signature of the deterministic message, hex"),
};

static const field conform_fields[] = {
	INT(cs_msg_conform, id, true, 0, ANY, 0, "the request"),
	STR(cs_msg_conform, alg, K_NAME, true, "algorithm"),
	STR(cs_msg_conform, path, K_NAME, true, "API path"),
	ENUM(cs_msg_conform, op, true, cs_msg_op_names, 0, "seal, open, derive, verify or mac"),
	STR(cs_msg_conform, key, K_TEXT, false, "AEAD/MAC key; KEX our private key, hex"),
	STR(cs_msg_conform, nonce, K_TEXT, false, "AEAD nonce, hex"),
	STR(cs_msg_conform, aad, K_TEXT, false, "AEAD associated data, hex"),
	STR(cs_msg_conform, in, K_TEXT, false, "plaintext, ciphertext or message, hex"),
	STR(cs_msg_conform, tag, K_TEXT, false, "open: the tag to check, hex"),
	STR(cs_msg_conform, peer, K_TEXT, false, "KEX peer public key; SIG public key, hex"),
	STR(cs_msg_conform, sig, K_TEXT, false, "verify: the signature, hex"),
};

static const field conform_reply_fields[] = {
	REPLY_ID(cs_msg_conform_reply),
	ENUM(cs_msg_conform_reply, status, true, cs_msg_status_names, 0,
	     "ok: accepted; wrong: refused; unsupported; error"),
	STR(cs_msg_conform_reply, out, K_TEXT, false, "with ok: the output, hex"),
	STR(cs_msg_conform_reply, tag, K_TEXT, false, "with ok, seal: the tag, hex"),
	STR(cs_msg_conform_reply, why, K_TEXT, false, "unsupported: why"),
	STR(cs_msg_conform_reply, error, K_TEXT, false,
	    "wrong: how it refused; error: what failed"),
};

static const field count_fields[] = {
	ID(cs_msg_count),
	INT(cs_msg_count, n1, true, 1, 1000000, 0, "ops of the first counted run"),
	INT(cs_msg_count, n2, true, 2, 1000000, 0,
	    "ops of the second (> n1); the third runs 2 n2 - n1"),
};

static const field prepare_reply_fields[] = {
	REPLY_ID(cs_msg_prepare_reply),
	ENUM(cs_msg_prepare_reply, status, true, cs_msg_status_names, 0, "outcome"),
	ENUM(cs_msg_prepare_reply, kat, false, kat_names, -1, "known answers (required with ok)"),
	INT(cs_msg_prepare_reply, batch, false, 1, ANY, 0, "ops per batch (required with ok)"),
	STR(cs_msg_prepare_reply, fingerprint, K_TEXT, false, "FNV-1a 64 of one op's output, hex"),
	STR(cs_msg_prepare_reply, served_by, K_TEXT, false, "what served the cell"),
	STR(cs_msg_prepare_reply, error, K_TEXT, false, "wrong, error: what failed"),
	STR(cs_msg_prepare_reply, why, K_TEXT, false, "unsupported: why"),
	INT(cs_msg_prepare_reply, heap_peak, false, 0, ANY, 0,
	    "TLS handshake: peak heap bytes of one client + server pair during a handshake"),
	INT(cs_msg_prepare_reply, heap_idle, false, 0, ANY, 0,
	    "TLS send, recv: heap bytes an idle client + server pair holds after its handshake"),
	STR(cs_msg_prepare_reply, signature, K_TEXT, false,
	    "sign, with ok or wrong: one signature as hex, for interop"),
};

static const field ns_elem = {.kind = K_INT, .min = 1, .max = ANY};

static const field sample_reply_fields[] = {
	REPLY_ID(cs_msg_sample_reply),
	ENUM(cs_msg_sample_reply, status, true, cs_msg_status_names, 0, "outcome: ok or error"),
	INT(cs_msg_sample_reply, batch, false, 1, ANY, 0, "ops per batch (required with ok)"),
	{.name = "ns",
	 .kind = K_ARRAY,
	 .offset = offsetof(cs_msg_sample_reply, ns),
	 .size = sizeof(int64_t),
	 .min = 0,
	 .max = CS_MSG_MAX_N,
	 .sub = &ns_elem,
	 .n_sub = 1,
	 .count = offsetof(cs_msg_sample_reply, n_ns),
	 .doc = "elapsed ns of each batch (with ok: at least one, but in a window)"},
	INT(cs_msg_sample_reply, began_ns, false, 1, ANY, 0,
	    "window: when the worker started (CLOCK_MONOTONIC)"),
	INT(cs_msg_sample_reply, ended_ns, false, 1, ANY, 0,
	    "window: when its last counted batch ended"),
	INT(cs_msg_sample_reply, pmu_ops, false, 0, ANY, 0,
	    "PMU: ops the counters cover (the batches, in a window also the uncounted last)"),
	INT(cs_msg_sample_reply, pmu_insns, false, 0, ANY, 0, "PMU: instructions:u over pmu_ops"),
	INT(cs_msg_sample_reply, pmu_cycles, false, 0, ANY, 0, "PMU: cycles:u over pmu_ops"),
	STR(cs_msg_sample_reply, error, K_TEXT, false, "error: what failed"),
};

static const field class_elem = {
	.kind = K_REAL, .offset = offsetof(cs_msg_ev_class, share), .min = 0, .max = 1};

static const field ev_fields[] = {
	{.name = "available",
	 .kind = K_BOOL,
	 .required = true,
	 .offset = offsetof(cs_msg_ev, available),
	 .doc = "samples taken and attributed"},
	STR(cs_msg_ev, reason, K_TEXT, false, "why not"),
	{.name = "classes",
	 .kind = K_MAP,
	 .offset = offsetof(cs_msg_ev, classes),
	 .size = sizeof(cs_msg_ev_class),
	 .min = 0,
	 .max = CS_MSG_MAX_CLASSES,
	 .sub = &class_elem,
	 .n_sub = 1,
	 .count = offsetof(cs_msg_ev, n_classes),
	 .doc = "instruction class: share of the in-library samples"},
	INT(cs_msg_ev, samples, false, 0, ANY, 0, "samples inside the library"),
	INT(cs_msg_ev, samples_total, false, 0, ANY, 0, "all samples"),
	STR(cs_msg_ev, objects, K_TEXT, false, "which objects were the library"),
};

static const field evidence_reply_fields[] = {
	REPLY_ID(cs_msg_evidence_reply),
	ENUM(cs_msg_evidence_reply, status, true, cs_msg_status_names, 0, "outcome: ok or error"),
	{.name = "evidence",
	 .kind = K_OBJECT,
	 .offset = offsetof(cs_msg_evidence_reply, evidence),
	 .sub = ev_fields,
	 .n_sub = N(ev_fields),
	 .doc = "what ran (required with ok)"},
	STR(cs_msg_evidence_reply, error, K_TEXT, false, "error: what failed"),
};

static const field count_class_elem = {
	.kind = K_INT, .offset = offsetof(cs_msg_count_class, n), .min = 0, .max = ANY};

static const field count_reply_fields[] = {
	REPLY_ID(cs_msg_count_reply),
	ENUM(cs_msg_count_reply, status, true, cs_msg_status_names, 0, "outcome: ok or error"),
	INT(cs_msg_count_reply, ops, false, 0, ANY, 0, "ops the counts cover: 2 (n2 - n1)"),
	INT(cs_msg_count_reply, insns, false, 0, ANY, 0, "instructions over them"),
	INT(cs_msg_count_reply, mem, false, 0, ANY, 0, "memory accesses over them"),
	{.name = "classes",
	 .kind = K_MAP,
	 .offset = offsetof(cs_msg_count_reply, classes),
	 .size = sizeof(cs_msg_count_class),
	 .min = 0,
	 .max = CS_MSG_MAX_CLASSES,
	 .sub = &count_class_elem,
	 .n_sub = 1,
	 .count = offsetof(cs_msg_count_reply, n_classes),
	 .doc = "instruction class: instructions over them (classes that ran)"},
	{.name = "stable",
	 .kind = K_BOOL,
	 .offset = offsetof(cs_msg_count_reply, stable),
	 .doc = "the two differences were equal, counter by counter"},
	INT(cs_msg_count_reply, insns_d1, false, 0, ANY, 0, "instructions of c(n2) - c(n1)"),
	INT(cs_msg_count_reply, insns_d2, false, 0, ANY, 0, "instructions of c(n3) - c(n2)"),
	INT(cs_msg_count_reply, forbidden, false, 0, ANY, 0,
	    "instructions of a class the CPU lacks, since the worker started"),
	INT(cs_msg_count_reply, cycles, false, 0, ANY, 0,
	    "MCU workers: estimated core cycles over them (0: none)"),
	INT(cs_msg_count_reply, stack, false, 0, ANY, 0,
	    "MCU workers: most stack bytes one batch of ops used (0: not measured)"),
	INT(cs_msg_count_reply, heap, false, 0, ANY, 0,
	    "MCU workers: most heap bytes held during one batch of ops (0: none)"),
	STR(cs_msg_count_reply, error, K_TEXT, false, "error: what failed"),
};

static const field verify_reply_fields[] = {
	REPLY_ID(cs_msg_verify_reply),
	ENUM(cs_msg_verify_reply, status, true, cs_msg_status_names, 0,
	     "ok: verified; wrong: refused; unsupported; error"),
	STR(cs_msg_verify_reply, why, K_TEXT, false, "unsupported: why"),
	STR(cs_msg_verify_reply, error, K_TEXT, false, "error: what failed"),
};

static const field reply_fields[] = {
	REPLY_ID(cs_msg_reply),
	ENUM(cs_msg_reply, status, true, cs_msg_status_names, 0, "outcome: ok or error"),
	STR(cs_msg_reply, error, K_TEXT, false, "error: what failed"),
};

/* ---- rules across fields ---- */

static const char *
check_hello(const void *msg)
{
	const cs_msg_hello *m = msg;
	if (m->init_error[0])
		return NULL; /* a worker that could not start says little else */
	if (!m->worker[0])
		return "worker: missing";
	if (!m->clock[0])
		return "clock: missing";
	if (m->n_paths == 0)
		return "paths: must list at least one path";
	for (size_t i = 0; i < m->n_impls; i++) {
		bool known = false;
		for (size_t p = 0; p < m->n_paths; p++)
			known |= strcmp(m->impls[i].path, m->paths[p]) == 0;
		if (!known)
			return "impls: an impl's path is not one of `paths`";
	}
	return NULL;
}

/* Lowercase hex of whole bytes, or "" when optional. */
static bool
is_hex(const char *s)
{
	size_t n = strlen(s);
	return n % 2 == 0 && strspn(s, "0123456789abcdef") == n;
}

static const char *
check_prepare_reply(const void *msg)
{
	const cs_msg_prepare_reply *m = msg;
	if (!is_hex(m->signature))
		return "signature: must be lowercase hex of whole bytes";
	if (m->signature[0] && m->status != CS_ST_OK && m->status != CS_ST_WRONG)
		return "signature: only with status ok or wrong";
	if (m->status != CS_ST_OK)
		return NULL;
	if (m->batch < 1)
		return "batch: missing (required with status ok)";
	if (m->kat < 0)
		return "kat: missing (required with status ok)";
	return NULL;
}

static const char *
check_verify(const void *msg)
{
	const cs_msg_verify *m = msg;
	return m->signature[0] && is_hex(m->signature)
		       ? NULL
		       : "signature: must be lowercase hex of whole bytes";
}

static const char *
check_conform(const void *msg)
{
	const cs_msg_conform *m = msg;
	const char *const hex[] = {m->key, m->nonce, m->aad, m->in, m->tag, m->peer, m->sig};
	const char *const names[] = {"key", "nonce", "aad", "in", "tag", "peer", "sig"};
	static char buf[64];
	for (size_t i = 0; i < N(hex); i++)
		if (!is_hex(hex[i])) {
			snprintf(buf, sizeof buf, "%s: must be lowercase hex of whole bytes",
				 names[i]);
			return buf;
		}
	return NULL;
}

static const char *
check_conform_reply(const void *msg)
{
	const cs_msg_conform_reply *m = msg;
	if (!is_hex(m->out))
		return "out: must be lowercase hex of whole bytes";
	if (!is_hex(m->tag))
		return "tag: must be lowercase hex of whole bytes";
	return NULL;
}

static const char *
check_sample(const void *msg)
{
	const cs_msg_sample *m = msg;
	if ((m->start_ns == 0) != (m->end_ns == 0))
		return "start_ns: start_ns and end_ns go together";
	if (m->start_ns && m->end_ns <= m->start_ns)
		return "end_ns: must be after start_ns";
	return NULL;
}

/* Only prepare may answer wrong or unsupported. */
static const char *
ok_or_error(int status)
{
	return status == CS_ST_OK || status == CS_ST_ERROR ? NULL : "status: must be ok or error";
}

static const char *
check_reply(const void *msg)
{
	return ok_or_error(((const cs_msg_reply *)msg)->status);
}

static const char *
check_evidence_reply(const void *msg)
{
	return ok_or_error(((const cs_msg_evidence_reply *)msg)->status);
}

static const char *
check_count(const void *msg)
{
	const cs_msg_count *m = msg;
	return m->n2 > m->n1 ? NULL : "n2: must be greater than n1";
}

static const char *
check_count_reply(const void *msg)
{
	const cs_msg_count_reply *m = msg;
	if (ok_or_error(m->status))
		return ok_or_error(m->status);
	if (m->status == CS_ST_OK && m->ops < 1)
		return "ops: missing (required with status ok)";
	return NULL;
}

static const char *
check_sample_reply(const void *msg)
{
	const cs_msg_sample_reply *m = msg;
	if (ok_or_error(m->status))
		return ok_or_error(m->status);
	if ((m->began_ns == 0) != (m->ended_ns == 0))
		return "began_ns: began_ns and ended_ns go together";
	if (m->began_ns && m->ended_ns < m->began_ns)
		return "ended_ns: must not be before began_ns";
	if (m->status != CS_ST_OK)
		return NULL;
	if (m->batch < 1)
		return "batch: missing (required with status ok)";
	if (m->n_ns == 0 && !m->began_ns)
		return "ns: must hold at least one batch with status ok (but in a window)";
	return NULL;
}

/* ---- the messages ---- */

static const msg_desc hello_desc = {"hello",
				    "type",
				    "hello",
				    hello_fields,
				    N(hello_fields),
				    check_hello,
				    "`hello`: the worker's first line, unasked (worker, clock, a "
				    "path required unless "
				    "init_error)"};
static const msg_desc prepare_desc = {"prepare",
				      "cmd",
				      "prepare",
				      prepare_fields,
				      N(prepare_fields),
				      NULL,
				      "`prepare`: check the known answers, set the cell up, "
				      "calibrate its batch"};
static const msg_desc sample_desc = {"sample",
				     "cmd",
				     "sample",
				     sample_fields,
				     N(sample_fields),
				     check_sample,
				     "`sample`: time batches"};
static const msg_desc evidence_desc = {"evidence",
				       "cmd",
				       "evidence",
				       evidence_fields,
				       N(evidence_fields),
				       NULL,
				       "`evidence`: sample which instructions run"};
static const msg_desc release_desc = {"release",
				      "cmd",
				      "release",
				      release_fields,
				      N(release_fields),
				      NULL,
				      "`release`: free the cell"};
static const msg_desc verify_desc = {"verify",
				     "cmd",
				     "verify",
				     verify_fields,
				     N(verify_fields),
				     check_verify,
				     "`verify`: check another library's signature (interop)"};
static const msg_desc count_desc = {"count",
				    "cmd",
				    "count",
				    count_fields,
				    N(count_fields),
				    check_count,
				    "`count`: count instructions per op (under the counting "
				    "plugin)"};
static const msg_desc count_reply_desc = {
	"count reply",	   NULL, NULL, count_reply_fields, N(count_reply_fields), check_count_reply,
	"reply to `count`"};
static const msg_desc verify_reply_desc = {
	"verify reply",	    NULL, NULL, verify_reply_fields, N(verify_reply_fields), NULL,
	"reply to `verify`"};
static const msg_desc conform_desc = {"conform",
				      "cmd",
				      "conform",
				      conform_fields,
				      N(conform_fields),
				      check_conform,
				      "`conform`: run one test vector through an impl "
				      "(docs/conformance.md)"};
static const msg_desc conform_reply_desc = {"conform reply",
					    NULL,
					    NULL,
					    conform_reply_fields,
					    N(conform_reply_fields),
					    check_conform_reply,
					    "reply to `conform`"};
static const msg_desc quit_desc = {
	"quit", "cmd", "quit", NULL, 0, NULL, "`quit`: the worker exits (no reply)"};
static const msg_desc prepare_reply_desc = {"prepare reply",
					    NULL,
					    NULL,
					    prepare_reply_fields,
					    N(prepare_reply_fields),
					    check_prepare_reply,
					    "reply to `prepare`"};
static const msg_desc sample_reply_desc = {"sample reply",
					   NULL,
					   NULL,
					   sample_reply_fields,
					   N(sample_reply_fields),
					   check_sample_reply,
					   "reply to `sample`"};
static const msg_desc evidence_reply_desc = {"evidence reply",
					     NULL,
					     NULL,
					     evidence_reply_fields,
					     N(evidence_reply_fields),
					     check_evidence_reply,
					     "reply to `evidence`"};
static const msg_desc reply_desc = {"reply",
				    NULL,
				    NULL,
				    reply_fields,
				    N(reply_fields),
				    check_reply,
				    "reply to `release`, and to a request the worker could not "
				    "read"};

static const msg_desc *const all_msgs[] = {
	&hello_desc,
	&prepare_desc,
	&prepare_reply_desc,
	&sample_desc,
	&sample_reply_desc,
	&evidence_desc,
	&evidence_reply_desc,
	&release_desc,
	&reply_desc,
	&verify_desc,
	&verify_reply_desc,
	&conform_desc,
	&conform_reply_desc,
	&count_desc,
	&count_reply_desc,
	&quit_desc,
	NULL,
};
/* indexed by cs_msg_cmd */
static const msg_desc *const request_descs[] = {
	&prepare_desc, &sample_desc, &evidence_desc, &release_desc,
	&quit_desc,    &verify_desc, &conform_desc,  &count_desc,
};

/* ---- defaults ---- */

static void
init_fields(const field *fs, size_t n, char *base)
{
	for (size_t i = 0; i < n; i++) {
		const field *f = &fs[i];
		char *p = base + f->offset;
		switch (f->kind) {
		case K_INT: memcpy(p, &f->def, sizeof f->def); break;
		case K_ENUM: {
			int v = (int)f->def;
			memcpy(p, &v, sizeof v);
			break;
		}
		case K_TRI: {
			int v = -1;
			memcpy(p, &v, sizeof v);
			break;
		}
		case K_OBJECT: init_fields(f->sub, f->n_sub, p); break;
		default: break; /* zero */
		}
	}
}

static void
init_msg(const msg_desc *d, void *m, size_t size)
{
	memset(m, 0, size);
	init_fields(d->fields, d->n_fields, m);
}

void
cs_msg_hello_init(cs_msg_hello *m)
{
	init_msg(&hello_desc, m, sizeof *m);
}

void
cs_msg_prepare_init(cs_msg_prepare *m)
{
	init_msg(&prepare_desc, m, sizeof *m);
}

/* ---- decoding ---- */

/* Where the decoder is ("impls[3].ops") and what is wrong there. */
typedef struct cursor {
	char path[256];
	size_t len;
	char problem[200];
} cursor;

static size_t
push(cursor *c, const char *fmt, ...)
{
	size_t was = c->len;
	va_list ap;
	va_start(ap, fmt);
	int k = vsnprintf(c->path + c->len, sizeof c->path - c->len, fmt, ap);
	va_end(ap);
	if (k > 0)
		c->len += (size_t)k < sizeof c->path - c->len ? (size_t)k
							      : sizeof c->path - c->len - 1;
	return was;
}

static void
pop(cursor *c, size_t was)
{
	c->len = was;
	c->path[was] = '\0';
}

static int
problem(cursor *c, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(c->problem, sizeof c->problem, fmt, ap);
	va_end(ap);
	return -1;
}

static void
int_range(char *buf, size_t n, int64_t lo, int64_t hi)
{
	if (hi == ANY)
		snprintf(buf, n, ">= %lld", (long long)lo);
	else
		snprintf(buf, n, "%lld..%lld", (long long)lo, (long long)hi);
}

static bool
is_name(const char *s, size_t len, size_t cap)
{
	if (len == 0 || len >= cap)
		return false;
	for (size_t i = 0; i < len; i++) {
		char ch = s[i];
		bool alnum = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
			     (ch >= '0' && ch <= '9');
		if (ch == '\0' || (!alnum && !strchr("._-@+", ch)))
			return false;
	}
	return true;
}

static int
find_choice(const char *const *choices, const char *s)
{
	for (int i = 0; choices[i]; i++)
		if (strcmp(choices[i], s) == 0)
			return i;
	return -1;
}

static int
bad_choice(cursor *c, const char *what, const char *const *choices)
{
	char list[160];
	cs_join_strv(list, sizeof list, choices, ", ");
	return problem(c, "%s %s", what, list);
}

static int decode_fields(cursor *c, const field *fs, size_t n, json_t *obj, char *base);

static int decode_value(cursor *c, const field *f, json_t *v, char *p);

/* K_NAME, K_TEXT: v's string copied into the char array at p. */
static int
decode_string(cursor *c, const field *f, json_t *v, char *p)
{
	const char *s = json_string_value(v);
	size_t len = s ? json_string_length(v) : 0;
	if (f->kind == K_NAME && (!s || !is_name(s, len, f->size)))
		return problem(c, "must be a name of 1..%zu letters, digits or . _ - @ +",
			       f->size - 1);
	if (!s || len >= f->size || strlen(s) != len)
		return problem(c, "must be a string of at most %zu bytes", f->size - 1);
	memcpy(p, s, len + 1);
	return 0;
}

/* K_ENUMSET: v's array of distinct choices into the bit set at p. */
static int
decode_enumset(cursor *c, const field *f, json_t *v, char *p)
{
	unsigned set = 0;
	size_t i;
	json_t *e;
	if (!json_is_array(v))
		return bad_choice(c, "must be an array of distinct names among", f->choices);
	json_array_foreach(v, i, e)
	{
		const char *s = json_string_value(e);
		int k = s ? find_choice(f->choices, s) : -1;
		if (k < 0 || (set & (1u << k)))
			return bad_choice(c, "must be an array of distinct names among",
					  f->choices);
		set |= 1u << k;
	}
	memcpy(p, &set, sizeof set);
	return 0;
}

/* K_ARRAY: each of v's items into the elements at p. */
static int
decode_array(cursor *c, const field *f, json_t *v, char *p)
{
	size_t n = json_is_array(v) ? json_array_size(v) : 0;
	if (!json_is_array(v) || (int64_t)n < f->min || (int64_t)n > f->max)
		return problem(c, "must be an array of %lld..%lld items", (long long)f->min,
			       (long long)f->max);
	for (size_t i = 0; i < n; i++) {
		size_t was = push(c, "[%zu]", i);
		if (f->sub->kind == K_OBJECT)
			init_fields(f->sub->sub, f->sub->n_sub, p + i * f->size);
		if (decode_value(c, f->sub, json_array_get(v, i), p + i * f->size) != 0)
			return -1;
		pop(c, was);
	}
	return 0;
}

/* K_MAP: each of v's entries into the elements at p, its key first. */
static int
decode_map(cursor *c, const field *f, json_t *v, char *p)
{
	size_t n = json_is_object(v) ? json_object_size(v) : 0, i = 0;
	const char *key;
	json_t *e;
	if (!json_is_object(v) || (int64_t)n < f->min || (int64_t)n > f->max)
		return problem(c, "must be an object of %lld..%lld entries", (long long)f->min,
			       (long long)f->max);
	json_object_foreach(v, key, e)
	{
		char *elem = p + i * f->size;
		size_t was = push(c, ".%.60s", key);
		if (!is_name(key, strlen(key), CS_MSG_NAME))
			return problem(c, "is not a name of 1..%d letters, digits or . _ - @ +",
				       CS_MSG_NAME - 1);
		if (f->choices && find_choice(f->choices, key) < 0)
			return bad_choice(c, "is not one of", f->choices);
		for (size_t j = 0; j < i; j++)
			if (strcmp(p + j * f->size, key) == 0)
				return problem(c, "appears twice");
		memcpy(elem, key, strlen(key) + 1);
		if (f->sub->kind == K_OBJECT)
			init_fields(f->sub->sub, f->sub->n_sub, elem);
		if (decode_value(c, f->sub, e, elem + f->sub->offset) != 0)
			return -1;
		pop(c, was);
		i++;
	}
	return 0;
}

static int
decode_value(cursor *c, const field *f, json_t *v, char *p)
{
	char range[64];
	switch (f->kind) {
	case K_INT: {
		int64_t x = json_is_integer(v) ? (int64_t)json_integer_value(v) : 0;
		if (!json_is_integer(v) || x < f->min || x > f->max) {
			int_range(range, sizeof range, f->min, f->max);
			return problem(c, "must be an integer %s", range);
		}
		memcpy(p, &x, sizeof x);
		return 0;
	}
	case K_REAL: {
		double x = json_number_value(v);
		if (!json_is_number(v) || !isfinite(x) || x < (double)f->min || x > (double)f->max)
			return problem(c, "must be a number %lld..%lld", (long long)f->min,
				       (long long)f->max);
		memcpy(p, &x, sizeof x);
		return 0;
	}
	case K_BOOL:
	case K_TRI:
		if (!json_is_boolean(v))
			return problem(c, "must be true or false");
		if (f->kind == K_BOOL) {
			bool b = json_is_true(v);
			memcpy(p, &b, sizeof b);
		} else {
			int t = json_is_true(v);
			memcpy(p, &t, sizeof t);
		}
		return 0;
	case K_NAME:
	case K_TEXT: return decode_string(c, f, v, p);
	case K_ENUM: {
		const char *s = json_string_value(v);
		int i = s ? find_choice(f->choices, s) : -1;
		if (i < 0)
			return bad_choice(c, "must be one of", f->choices);
		memcpy(p, &i, sizeof i);
		return 0;
	}
	case K_ENUMSET: return decode_enumset(c, f, v, p);
	case K_OBJECT:
		if (!json_is_object(v))
			return problem(c, "must be an object");
		return decode_fields(c, f->sub, f->n_sub, v, p);
	case K_ARRAY: return decode_array(c, f, v, p);
	case K_MAP: return decode_map(c, f, v, p);
	}
	return problem(c, "unknown field kind");
}

static int
decode_fields(cursor *c, const field *fs, size_t n, json_t *obj, char *base)
{
	for (size_t i = 0; i < n; i++) {
		const field *f = &fs[i];
		json_t *v = json_object_get(obj, f->name);
		size_t was = push(c, "%s%s", c->len ? "." : "", f->name);
		if (!v) {
			if (f->required)
				return problem(c, "missing");
			pop(c, was);
			continue;
		}
		if (decode_value(c, f, v, base + f->offset) != 0)
			return -1;
		if (f->kind == K_ARRAY || f->kind == K_MAP) {
			size_t count =
				f->kind == K_ARRAY ? json_array_size(v) : json_object_size(v);
			memcpy(base + f->count, &count, sizeof count);
		}
		pop(c, was);
	}
	return 0;
}

static void
fail(char *err, size_t n, const msg_desc *d, const cursor *c)
{
	if (c->len)
		snprintf(err, n, "%s: %s: %s", d->name, c->path, c->problem);
	else
		snprintf(err, n, "%s: %s", d->name, c->problem);
}

static json_t *
parse(const msg_desc *d, const char *line, char *err, size_t n)
{
	json_error_t e;
	json_t *j = line ? json_loads(line, JSON_REJECT_DUPLICATES, &e) : NULL;
	if (!j) {
		snprintf(err, n, "%s: not JSON (%s)", d->name, line ? e.text : "no line");
		return NULL;
	}
	if (!json_is_object(j)) {
		snprintf(err, n, "%s: not a JSON object", d->name);
		json_decref(j);
		return NULL;
	}
	return j;
}

/* Decode an object already parsed: tag, fields, then the rules across them. */
static int
decode_json(const msg_desc *d, json_t *j, void *m, size_t size, char *err, size_t n)
{
	cursor c = {.len = 0};
	init_msg(d, m, size);
	if (d->tag_key) {
		const char *tag = json_string_value(json_object_get(j, d->tag_key));
		if (!tag || strcmp(tag, d->tag_value) != 0) {
			snprintf(err, n, "%s: %s: must be \"%s\"", d->name, d->tag_key,
				 d->tag_value);
			return -1;
		}
	}
	if (decode_fields(&c, d->fields, d->n_fields, j, m) != 0) {
		fail(err, n, d, &c);
		return -1;
	}
	const char *why = d->check ? d->check(m) : NULL;
	if (why) {
		snprintf(err, n, "%s: %s", d->name, why);
		return -1;
	}
	return 0;
}

static int
decode(const msg_desc *d, const char *line, void *m, size_t size, char *err, size_t n)
{
	json_t *j = parse(d, line, err, n);
	if (!j) {
		init_msg(d, m, size);
		return -1;
	}
	int rc = decode_json(d, j, m, size, err, n);
	json_decref(j);
	return rc;
}

/* ---- encoding ---- */

static json_t *encode_fields(const field *fs, size_t n, const char *base);

static json_t *
encode_value(const field *f, const char *p)
{
	switch (f->kind) {
	case K_INT: {
		int64_t x;
		memcpy(&x, p, sizeof x);
		return json_integer((json_int_t)x);
	}
	case K_REAL: {
		double x;
		memcpy(&x, p, sizeof x);
		return json_real(x);
	}
	case K_BOOL: {
		bool b;
		memcpy(&b, p, sizeof b);
		return json_boolean(b);
	}
	case K_TRI: {
		int t;
		memcpy(&t, p, sizeof t);
		return json_boolean(t > 0);
	}
	case K_NAME:
	case K_TEXT: return json_stringn(p, strnlen(p, f->size - 1));
	case K_ENUM: {
		int i, n = 0;
		memcpy(&i, p, sizeof i);
		while (f->choices[n])
			n++;
		return i >= 0 && i < n ? json_string(f->choices[i]) : json_null();
	}
	case K_ENUMSET: {
		unsigned set;
		memcpy(&set, p, sizeof set);
		json_t *a = json_array();
		for (unsigned i = 0; f->choices[i]; i++)
			if (set & (1u << i))
				json_array_append_new(a, json_string(f->choices[i]));
		return a;
	}
	case K_OBJECT: return encode_fields(f->sub, f->n_sub, p);
	case K_ARRAY:
	case K_MAP: {
		size_t count;
		memcpy(&count, p - f->offset + f->count, sizeof count);
		json_t *out = f->kind == K_ARRAY ? json_array() : json_object();
		for (size_t i = 0; i < count; i++) {
			const char *elem = p + i * f->size;
			if (f->kind == K_ARRAY)
				json_array_append_new(out, encode_value(f->sub, elem));
			else
				json_object_set_new(out, elem,
						    encode_value(f->sub, elem + f->sub->offset));
		}
		return out;
	}
	}
	return json_null();
}

/* An optional field at its "absent" value is left out. */
static bool
absent(const field *f, const char *p)
{
	if (f->required)
		return false;
	switch (f->kind) {
	case K_INT: {
		int64_t x;
		memcpy(&x, p, sizeof x);
		return x == f->def;
	}
	case K_ENUM:
	case K_TRI: {
		int x;
		memcpy(&x, p, sizeof x);
		return f->kind == K_ENUM ? x == f->def || x < 0 : x < 0;
	}
	case K_NAME:
	case K_TEXT: return p[0] == '\0';
	case K_ARRAY:
	case K_MAP: {
		size_t count;
		memcpy(&count, p - f->offset + f->count, sizeof count);
		return count == 0;
	}
	default: return false;
	}
}

static json_t *
encode_fields(const field *fs, size_t n, const char *base)
{
	json_t *o = json_object();
	for (size_t i = 0; i < n; i++)
		if (!absent(&fs[i], base + fs[i].offset))
			json_object_set_new(o, fs[i].name,
					    encode_value(&fs[i], base + fs[i].offset));
	return o;
}

static json_t *
encode_json(const msg_desc *d, const void *m)
{
	json_t *o = encode_fields(d->fields, d->n_fields, m);
	if (o && d->tag_key)
		json_object_set_new(o, d->tag_key, json_string(d->tag_value));
	return o;
}

static char *
encode(const msg_desc *d, const void *m)
{
	json_t *o = encode_json(d, m);
	char *s = o ? json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
	json_decref(o);
	return s;
}

/* ---- per message ---- */

/* ---- the public wrappers: one per message and direction ---- */

/* The messages encoded and decoded by one call each: cs_msg_<m>_encode and
   cs_msg_<m>_decode over <m>_desc (protocol.h declares every one). hello
   (its version first) and quit (no struct) are written out below. */
#define CODEC_MSGS(X)                                                                              \
	X(prepare)                                                                                 \
	X(sample)                                                                                  \
	X(evidence)                                                                                \
	X(release)                                                                                 \
	X(prepare_reply)                                                                           \
	X(sample_reply)                                                                            \
	X(evidence_reply)                                                                          \
	X(verify)                                                                                  \
	X(verify_reply)                                                                            \
	X(conform_reply)                                                                           \
	X(count_reply)                                                                             \
	X(reply)
/* The messages only encoded here: a worker reads a request through
   cs_msg_request_decode. */
#define ENCODE_ONLY_MSGS(X) X(hello) X(conform) X(count)

#define ENCODER(m)                                                                                 \
	char *cs_msg_##m##_encode(const cs_msg_##m *msg)                                           \
	{                                                                                          \
		return encode(&m##_desc, msg);                                                     \
	}
#define DECODER(m)                                                                                 \
	int cs_msg_##m##_decode(const char *line, cs_msg_##m *msg, char *err, size_t n)            \
	{                                                                                          \
		return decode(&m##_desc, line, msg, sizeof *msg, err, n);                          \
	}

CODEC_MSGS(ENCODER)
CODEC_MSGS(DECODER)
ENCODE_ONLY_MSGS(ENCODER)

#undef ENCODER
#undef DECODER

int
cs_msg_hello_decode(const char *line, cs_msg_hello *m, char *err, size_t n)
{
	json_t *j = parse(&hello_desc, line, err, n);
	cs_msg_hello_init(m);
	if (!j)
		return -1;
	/* the version first: another version's other fields may mean other things */
	json_t *v = json_object_get(j, "protocol");
	int rc = -1;
	if (!v)
		snprintf(err, n, "hello: protocol: missing (this cryptospeed speaks protocol %d)",
			 CS_PROTOCOL_VERSION);
	else if (!json_is_integer(v) || json_integer_value(v) < 0)
		snprintf(err, n, "hello: protocol: must be an integer >= 0");
	else if (json_integer_value(v) != CS_PROTOCOL_VERSION)
		snprintf(err, n, "hello: protocol: %lld, this cryptospeed speaks protocol %d",
			 (long long)json_integer_value(v), CS_PROTOCOL_VERSION);
	else
		rc = decode_json(&hello_desc, j, m, sizeof *m, err, n);
	if (v && json_is_integer(v))
		m->protocol = (int64_t)json_integer_value(v);
	json_decref(j);
	return rc;
}

char *
cs_msg_quit_encode(void)
{
	char none = 0;
	return encode(&quit_desc, &none);
}

int
cs_msg_quit_decode(const char *line, char *err, size_t n)
{
	char none;
	return decode(&quit_desc, line, &none, 0, err, n);
}

int
cs_msg_request_decode(const char *line, cs_msg_request *req, int64_t *id, char *err, size_t n)
{
	static const msg_desc request = {"request", NULL, NULL, NULL, 0, NULL, ""};
	memset(req, 0, sizeof *req);
	req->cmd = CS_CMD_COUNT;
	*id = -1;
	json_t *j = parse(&request, line, err, n);
	if (!j)
		return -1;
	json_t *jid = json_object_get(j, "id");
	if (json_is_integer(jid) && json_integer_value(jid) >= 0)
		*id = (int64_t)json_integer_value(jid);
	const char *cmd = json_string_value(json_object_get(j, "cmd"));
	int k = cmd ? find_choice(cmd_names, cmd) : -1;
	int rc = -1;
	if (k < 0) {
		char list[128];
		cs_join_strv(list, sizeof list, cmd_names, ", ");
		snprintf(err, n, "request: cmd: must be one of %s", list);
	} else {
		void *m = k == CS_CMD_PREPARE	 ? (void *)&req->prepare
			  : k == CS_CMD_SAMPLE	 ? (void *)&req->sample
			  : k == CS_CMD_EVIDENCE ? (void *)&req->evidence
			  : k == CS_CMD_RELEASE	 ? (void *)&req->release
			  : k == CS_CMD_VERIFY	 ? (void *)&req->verify
			  : k == CS_CMD_CONFORM	 ? (void *)&req->conform
			  : k == CS_CMD_INSNS	 ? (void *)&req->count
						 : NULL;
		size_t size = k == CS_CMD_PREPARE    ? sizeof req->prepare
			      : k == CS_CMD_SAMPLE   ? sizeof req->sample
			      : k == CS_CMD_EVIDENCE ? sizeof req->evidence
			      : k == CS_CMD_RELEASE  ? sizeof req->release
			      : k == CS_CMD_VERIFY   ? sizeof req->verify
			      : k == CS_CMD_CONFORM  ? sizeof req->conform
			      : k == CS_CMD_INSNS    ? sizeof req->count
						     : 0;
		char none;
		rc = decode_json(request_descs[k], j, m ? m : &none, size, err, n);
		if (rc == 0)
			req->cmd = k;
	}
	json_decref(j);
	return rc;
}

json_t *
cs_msg_hello_json(const cs_msg_hello *m)
{
	return encode_json(&hello_desc, m);
}

/* ---- docs/protocol.md ---- */

static void
type_text(const field *f, char *buf, size_t n)
{
	char range[64], list[160] = "";
	if (f->choices)
		cs_join_strv(list, sizeof list, f->choices, ", ");
	switch (f->kind) {
	case K_INT:
		int_range(range, sizeof range, f->min, f->max);
		snprintf(buf, n, "integer %s", range);
		break;
	case K_REAL:
		snprintf(buf, n, "number %lld..%lld", (long long)f->min, (long long)f->max);
		break;
	case K_BOOL:
	case K_TRI: snprintf(buf, n, "true or false"); break;
	case K_NAME: snprintf(buf, n, "name, 1..%zu chars", f->size - 1); break;
	case K_TEXT: snprintf(buf, n, "string, <= %zu bytes", f->size - 1); break;
	case K_ENUM: snprintf(buf, n, "one of %s", list); break;
	case K_ENUMSET: snprintf(buf, n, "array of distinct %s", list); break;
	case K_OBJECT: snprintf(buf, n, "object"); break;
	case K_ARRAY: {
		char elem[128];
		type_text(f->sub, elem, sizeof elem);
		snprintf(buf, n, "array of %lld..%lld: %s", (long long)f->min, (long long)f->max,
			 elem);
		break;
	}
	case K_MAP: {
		char elem[128];
		type_text(f->sub, elem, sizeof elem);
		snprintf(buf, n, "object of %lld..%lld {%s: %s}", (long long)f->min,
			 (long long)f->max, f->choices ? list : "name", elem);
		break;
	}
	}
}

static void
doc_rows(FILE *out, const field *fs, size_t n, const char *prefix)
{
	for (size_t i = 0; i < n; i++) {
		const field *f = &fs[i];
		char name[128], type[256];
		snprintf(name, sizeof name, "%s%s", prefix, f->name);
		type_text(f, type, sizeof type);
		fprintf(out, "| `%s` | %s | %s | %s |\n", name, type, f->required ? "yes" : "no",
			f->doc);
		const field *sub = f->kind == K_OBJECT ? f : f->sub;
		if (sub && sub->kind == K_OBJECT) {
			char deeper[160];
			snprintf(deeper, sizeof deeper, "%s%s", name,
				 f->kind == K_ARRAY ? "[]."
				 : f->kind == K_MAP ? ".*."
						    : ".");
			doc_rows(out, sub->sub, sub->n_sub, deeper);
		}
	}
}

void
cs_msg_doc(FILE *out)
{
	for (const msg_desc *const *d = all_msgs; *d; d++) {
		fprintf(out, "\n#### %s\n\n", (*d)->doc);
		fprintf(out, "| field | type | required | meaning |\n|---|---|---|---|\n");
		if ((*d)->tag_key)
			fprintf(out, "| `%s` | \"%s\" | yes | the message |\n", (*d)->tag_key,
				(*d)->tag_value);
		doc_rows(out, (*d)->fields, (*d)->n_fields, "");
	}
}

void
cs_msg_fixed_hashing(void)
{
	json_object_seed(1);
}
