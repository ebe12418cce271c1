/*
 * The worker protocol (docs/protocol.md): one typed struct per message, one
 * encoder and one decoder per message. JSON (jansson) lives in this module
 * only; both processes see the structs.
 *
 * Every field is checked once, at decode, for type and range against the
 * message's field table (protocol.c). The same tables print the field tables
 * of docs/protocol.md (cs_msg_doc), and a unit test compares the two.
 *
 * Decoders take one line, fill the struct and return 0, or return -1 with a
 * one-line message naming the message, the field and what it must be:
 * "sample reply: ns[3]: must be an integer >= 1". Unknown keys are ignored
 * (a newer peer may add fields; an incompatible change bumps
 * CS_PROTOCOL_VERSION). Encoders return a malloc'd line without its newline,
 * or NULL when out of memory.
 */
#ifndef CS_PROTOCOL_H
#define CS_PROTOCOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cryptospeed/adapter.h"
#include "size.h"

/* jansson's document type: only core/protocol reads or writes the protocol's. */
struct json_t;

/* Bumped whenever a message changes incompatibly; hello carries it and the
   orchestrator refuses a worker that speaks another. */
#define CS_PROTOCOL_VERSION 1

/* The largest `size` (bytes per operation) a worker accepts: CS_SIZE_MAX. */
#define CS_MSG_MAX_SIZE CS_SIZE_MAX
/* The most batches one sample request may ask for. */
#define CS_MSG_MAX_N 1000
/* Bounds of the tables a hello carries. */
#define CS_MSG_MAX_PATHS 16
#define CS_MSG_MAX_IMPLS 256
#define CS_MSG_MAX_MASKS 8
#define CS_MSG_MAX_CLASSES 32
/* A name: letters, digits and . _ - @ + (lib, path, alg, op, mask, ...). */
#define CS_MSG_NAME 48
/* A short free text: why, error, reason, ... */
#define CS_MSG_TEXT 256
/* A signature as hex (the longest: ML-DSA-65, 3309 bytes) and its NUL. */
#define CS_MSG_SIG_HEX (2 * 4096 + 1)

/* The mask names a hello may list (the catalogue's masks). */
extern const char *const cs_msg_mask_names[];
/* The mask statuses' names (in cs_msg_mask_status order). */
extern const char *const cs_msg_mask_status_names[];
/* The op names (the catalogue's ops, in cs_op order). */
extern const char *const cs_msg_op_names[];

/* ---- hello: the worker's first line, unasked ---- */

typedef enum cs_msg_mask_status {
	CS_MASK_STATUS_OK,	      /* "ok": the library has a switch */
	CS_MASK_STATUS_UNSUPPORTED,   /* "unsupported": no switch */
	CS_MASK_STATUS_NOT_APPLICABLE /* "not-applicable": nothing to mask on this CPU */
} cs_msg_mask_status;

typedef struct cs_msg_cpu {
	char arch[CS_MSG_NAME];	  /* "x86_64" */
	char model[CS_MSG_TEXT];  /* "AMD EPYC 7B13" */
	char features[1024];	  /* space-separated feature words */
	char source[CS_MSG_NAME]; /* "cpuid", "getauxval", "/proc/cpuinfo" */
	int64_t cpus;		  /* online CPUs, >= 1 */
} cs_msg_cpu;

typedef struct cs_msg_impl {
	char alg[CS_MSG_NAME];	/* "aes-128-gcm" (may be unknown to this build) */
	char path[CS_MSG_NAME]; /* one of the hello's paths */
	unsigned ops;		/* bit 1 << op index of cs_msg_op_names */
	bool available;		/* usable on this machine */
	char why[CS_MSG_TEXT];	/* when not available: why ("" = not said) */
} cs_msg_impl;

typedef struct cs_msg_mask {
	char name[CS_MSG_NAME];	 /* one of cs_msg_mask_names */
	int status;		 /* cs_msg_mask_status */
	char env[64];		 /* the switch: environment variable ("" = none) */
	char value[CS_MSG_TEXT]; /* its value */
} cs_msg_mask;

typedef struct cs_msg_hello {
	int64_t protocol;	   /* CS_PROTOCOL_VERSION of the worker */
	int64_t abi;		   /* the adapter ABI (CS_ABI_VERSION) */
	char lib[CS_MSG_NAME];	   /* adapter name: "openssl" */
	char worker[128];	   /* executable name: "cryptospeed-worker-openssl" */
	char version[CS_MSG_TEXT]; /* library's runtime version string */
	char build[2048];	   /* library's build information ("" = none) */
	char cpu_info[1024];	   /* what the library says of the CPU ("" = none) */
	cs_msg_cpu cpu;		   /* the CPU as the worker sees it */
	char clock[CS_MSG_NAME];   /* "CLOCK_MONOTONIC_RAW" */
	int64_t clock_res_ns;	   /* the clock's resolution */
	char paths[CS_MSG_MAX_PATHS][CS_MSG_NAME]; /* the adapter's API paths */
	size_t n_paths;
	cs_msg_impl impls[CS_MSG_MAX_IMPLS]; /* every impl, available or not */
	size_t n_impls;
	cs_msg_mask masks[CS_MSG_MAX_MASKS]; /* how to run without some instructions */
	size_t n_masks;
	char mask[CS_MSG_NAME];	      /* the mask the worker was started under */
	int mask_applied;	      /* -1 not said; 0/1: the mask's switch reached it */
	char variant[512];	      /* variant information ("" = plain) */
	char init_error[CS_MSG_TEXT]; /* the library failed to initialise: why ("" = fine) */
	int pmu;		      /* -1 not asked; 1 instructions:u, cycles:u open; 0 not */
	char pmu_why[CS_MSG_TEXT];    /* pmu 0: why the counters could not be opened */
} cs_msg_hello;

/* ---- requests (orchestrator -> worker), by "cmd" ---- */

typedef enum cs_msg_cmd {
	CS_CMD_PREPARE,
	CS_CMD_SAMPLE,
	CS_CMD_EVIDENCE,
	CS_CMD_RELEASE,
	CS_CMD_QUIT,
	CS_CMD_VERIFY,
	CS_CMD_CONFORM,
	CS_CMD_INSNS, /* "count": instructions per op (run --count) */
	CS_CMD_COUNT
} cs_msg_cmd;

typedef struct cs_msg_prepare {
	int64_t id; /* the cell */
	char alg[CS_MSG_NAME];
	char path[CS_MSG_NAME];
	int op;		   /* index into cs_msg_op_names (= cs_op) */
	int64_t size;	   /* bytes per operation, 0..CS_MSG_MAX_SIZE */
	int64_t misalign;  /* 0..63 */
	int64_t target_ns; /* length of one batch (default 1 ms) */
	int64_t warmup_ns; /* warm-up before calibration (default 5 ms) */
} cs_msg_prepare;

typedef struct cs_msg_sample {
	int64_t id;
	int64_t n;	  /* batches (window: at most n) */
	int64_t start_ns; /* window start, CLOCK_MONOTONIC (0 = no window) */
	int64_t end_ns;	  /* window end, CLOCK_MONOTONIC */
} cs_msg_sample;

typedef struct cs_msg_evidence {
	int64_t id;
	int64_t ms; /* how long to sample (default 50) */
} cs_msg_evidence;

typedef struct cs_msg_release {
	int64_t id;
} cs_msg_release;

/* Does this worker's impl accept another library's signature of the
   deterministic message with the catalogue's key (interop)? */
typedef struct cs_msg_verify {
	int64_t id; /* the request (not a cell) */
	char alg[CS_MSG_NAME];
	char path[CS_MSG_NAME];
	char signature[CS_MSG_SIG_HEX]; /* lowercase hex */
} cs_msg_verify;

/* The longest byte string a conform request or reply carries, as hex with
   its NUL (2048 bytes: every Wycheproof case of our algorithms fits). */
#define CS_MSG_CONFORM_HEX (2 * 2048 + 1)

/* Run one test vector (conformance, docs/conformance.md) through an impl on a
   fresh context: setup + one run + teardown, nothing compared. Every byte
   field is lowercase hex ("" = empty or not used by the op). */
typedef struct cs_msg_conform {
	int64_t id; /* the request (not a cell) */
	char alg[CS_MSG_NAME];
	char path[CS_MSG_NAME];
	int op;				/* index into cs_msg_op_names: seal, open, derive,
					     verify or mac */
	char key[CS_MSG_CONFORM_HEX];	/* AEAD/MAC key; KEX our private key */
	char nonce[CS_MSG_CONFORM_HEX]; /* AEAD nonce */
	char aad[CS_MSG_CONFORM_HEX];	/* AEAD associated data */
	char in[CS_MSG_CONFORM_HEX];	/* plaintext (seal), ciphertext (open), message */
	char tag[CS_MSG_CONFORM_HEX];	/* open: the tag to check */
	char peer[CS_MSG_CONFORM_HEX];	/* KEX: peer public key; SIG: the public key */
	char sig[CS_MSG_CONFORM_HEX];	/* verify: the signature (alg out_len bytes) */
} cs_msg_conform;
/* Count instructions (under the counting plugin, run --count): the cell's
   op run n1, n2 and n3 = 2 n2 - n1 times, each between two markers. */
typedef struct cs_msg_count {
	int64_t id;
	int64_t n1; /* ops of the first run, >= 1 */
	int64_t n2; /* ops of the second, > n1 */
} cs_msg_count;

/* Any request, as the worker reads it. */
typedef struct cs_msg_request {
	int cmd; /* cs_msg_cmd: which member below is filled */
	cs_msg_prepare prepare;
	cs_msg_sample sample;
	cs_msg_evidence evidence;
	cs_msg_release release;
	cs_msg_verify verify;
	cs_msg_conform conform;
	cs_msg_count count;
} cs_msg_request;

/* ---- replies (worker -> orchestrator) ---- */

typedef enum cs_msg_status {
	CS_ST_OK,
	CS_ST_WRONG,
	CS_ST_UNSUPPORTED,
	CS_ST_ERROR,
	CS_ST_COUNT
} cs_msg_status;
extern const char *const cs_msg_status_names[];

typedef enum cs_msg_kat { CS_KAT_PASS, CS_KAT_EXEMPT } cs_msg_kat;

typedef struct cs_msg_prepare_reply {
	int64_t id;			/* echoes the request (-1: the request had none) */
	int status;			/* cs_msg_status */
	int kat;			/* cs_msg_kat (with ok) */
	int64_t batch;			/* ops per batch, >= 1 (with ok) */
	char fingerprint[17];		/* FNV-1a 64 hex of one op's output ("" for keygen) */
	char served_by[CS_MSG_TEXT];	/* what served the cell ("" = not said) */
	char error[CS_MSG_TEXT];	/* with wrong/error: what failed */
	char why[CS_MSG_TEXT];		/* with unsupported: why */
	char signature[CS_MSG_SIG_HEX]; /* sign: one signature as hex for the other
					   libraries to verify, with ok or wrong ("" = none) */
	int64_t heap_peak;		/* TLS handshake: peak heap bytes of one connection
					   pair during its handshake (0 = not measured) */
	int64_t heap_idle;		/* TLS send/recv: heap bytes an idle connection pair
					   holds after its handshake (0 = not measured) */
} cs_msg_prepare_reply;

/* The reply to verify: ok (verified), wrong (refused), unsupported, error. */
typedef struct cs_msg_verify_reply {
	int64_t id;
	int status;		 /* cs_msg_status */
	char why[CS_MSG_TEXT];	 /* unsupported: why */
	char error[CS_MSG_TEXT]; /* error: what failed */
} cs_msg_verify_reply;

/* The reply to conform: ok (the impl accepted: out holds its output), wrong
   (it refused: error names the status), unsupported, error (the request
   could not be run). */
typedef struct cs_msg_conform_reply {
	int64_t id;
	int status;		      /* cs_msg_status */
	char out[CS_MSG_CONFORM_HEX]; /* with ok: ciphertext, plaintext, shared secret
					 or MAC tag, hex ("" for verify) */
	char tag[CS_MSG_CONFORM_HEX]; /* with ok, seal: the tag, hex */
	char why[CS_MSG_TEXT];	      /* unsupported: why */
	char error[CS_MSG_TEXT];      /* wrong: how it refused; error: what failed */
} cs_msg_conform_reply;

typedef struct cs_msg_sample_reply {
	int64_t id;
	int status;		  /* ok or error */
	int64_t batch;		  /* ops per batch, >= 1 (with ok) */
	int64_t ns[CS_MSG_MAX_N]; /* elapsed ns of each batch, each >= 1 */
	size_t n_ns;		  /* >= 1 with ok */
	int64_t began_ns;	  /* window: first batch's start, CLOCK_MONOTONIC */
	int64_t ended_ns;	  /* window: last batch's end */
	int64_t pmu_ops;	  /* PMU: ops the counters below cover, 0 = no counters */
	int64_t pmu_insns;	  /* PMU: instructions:u over them */
	int64_t pmu_cycles;	  /* PMU: cycles:u over them */
	char error[CS_MSG_TEXT];
} cs_msg_sample_reply;

typedef struct cs_msg_ev_class {
	char name[CS_MSG_NAME]; /* instruction class: "aes-ni", "scalar", ... */
	double share;		/* of the in-library samples, 0..1 */
} cs_msg_ev_class;

typedef struct cs_msg_ev {
	bool available;		  /* samples could be taken and attributed */
	char reason[CS_MSG_TEXT]; /* why not */
	cs_msg_ev_class classes[CS_MSG_MAX_CLASSES];
	size_t n_classes;
	int64_t samples;       /* samples inside the library */
	int64_t samples_total; /* all samples */
	char objects[512];     /* which objects were the library */
} cs_msg_ev;

typedef struct cs_msg_evidence_reply {
	int64_t id;
	int status;	    /* ok or error */
	cs_msg_ev evidence; /* with ok */
	char error[CS_MSG_TEXT];
} cs_msg_evidence_reply;

typedef struct cs_msg_count_class {
	char name[CS_MSG_NAME]; /* instruction class: "armv8-sha2", "scalar", ... */
	int64_t n;		/* instructions of that class over `ops` ops */
} cs_msg_count_class;

/* The reply to count. With d1 = c(n2) - c(n1) and d2 = c(n3) - c(n2), each
   over n2 - n1 ops: the counts are d1 + d2 (over ops = 2 (n2 - n1)). */
typedef struct cs_msg_count_reply {
	int64_t id;
	int status;    /* ok or error */
	int64_t ops;   /* operations the counts cover */
	int64_t insns; /* instructions over them */
	int64_t mem;   /* memory accesses (loads and stores) over them */
	cs_msg_count_class classes[CS_MSG_MAX_CLASSES]; /* instructions per class (> 0 only) */
	size_t n_classes;
	bool stable;	   /* d1 and d2 equal, counter by counter */
	int64_t insns_d1;  /* instructions of d1 */
	int64_t insns_d2;  /* instructions of d2 */
	int64_t forbidden; /* since the worker started: instructions the CPU lacks */
	int64_t cycles;	   /* MCU workers: estimated core cycles over `ops` ops (0 = none) */
	int64_t stack;	   /* MCU workers: most stack bytes one op used (0 = not measured) */
	int64_t heap;	   /* MCU workers: most heap bytes held during the ops (0 = none) */
	char error[CS_MSG_TEXT];
} cs_msg_count_reply;

/* The reply to release, and to a request the worker could not read. */
typedef struct cs_msg_reply {
	int64_t id; /* -1 when the request had no readable id */
	int status; /* ok or error */
	char error[CS_MSG_TEXT];
} cs_msg_reply;

/* ---- encoders and decoders ---- */

char *cs_msg_hello_encode(const cs_msg_hello *m);
int cs_msg_hello_decode(const char *line, cs_msg_hello *m, char *err, size_t n);
char *cs_msg_prepare_encode(const cs_msg_prepare *m);
int cs_msg_prepare_decode(const char *line, cs_msg_prepare *m, char *err, size_t n);
char *cs_msg_sample_encode(const cs_msg_sample *m);
int cs_msg_sample_decode(const char *line, cs_msg_sample *m, char *err, size_t n);
char *cs_msg_evidence_encode(const cs_msg_evidence *m);
int cs_msg_evidence_decode(const char *line, cs_msg_evidence *m, char *err, size_t n);
char *cs_msg_release_encode(const cs_msg_release *m);
int cs_msg_release_decode(const char *line, cs_msg_release *m, char *err, size_t n);
char *cs_msg_verify_encode(const cs_msg_verify *m);
int cs_msg_verify_decode(const char *line, cs_msg_verify *m, char *err, size_t n);
char *cs_msg_conform_encode(const cs_msg_conform *m);
char *cs_msg_conform_reply_encode(const cs_msg_conform_reply *m);
int cs_msg_conform_reply_decode(const char *line, cs_msg_conform_reply *m, char *err, size_t n);
char *cs_msg_count_encode(const cs_msg_count *m);
char *cs_msg_count_reply_encode(const cs_msg_count_reply *m);
int cs_msg_count_reply_decode(const char *line, cs_msg_count_reply *m, char *err, size_t n);
/* quit has no fields: {"cmd":"quit"} */
char *cs_msg_quit_encode(void);
int cs_msg_quit_decode(const char *line, char *err, size_t n);

char *cs_msg_prepare_reply_encode(const cs_msg_prepare_reply *m);
int cs_msg_prepare_reply_decode(const char *line, cs_msg_prepare_reply *m, char *err, size_t n);
char *cs_msg_sample_reply_encode(const cs_msg_sample_reply *m);
int cs_msg_sample_reply_decode(const char *line, cs_msg_sample_reply *m, char *err, size_t n);
char *cs_msg_evidence_reply_encode(const cs_msg_evidence_reply *m);
int cs_msg_evidence_reply_decode(const char *line, cs_msg_evidence_reply *m, char *err, size_t n);
char *cs_msg_verify_reply_encode(const cs_msg_verify_reply *m);
int cs_msg_verify_reply_decode(const char *line, cs_msg_verify_reply *m, char *err, size_t n);
char *cs_msg_reply_encode(const cs_msg_reply *m);
int cs_msg_reply_decode(const char *line, cs_msg_reply *m, char *err, size_t n);

/* The worker's side: any request, dispatched on "cmd". On -1, req->cmd is
   CS_CMD_COUNT and *id the request's id when it had a readable one, else -1. */
int cs_msg_request_decode(const char *line, cs_msg_request *req, int64_t *id, char *err, size_t n);

/* The defaults a decoder starts from (what an absent optional field means). */
void cs_msg_hello_init(cs_msg_hello *m);
void cs_msg_prepare_init(cs_msg_prepare *m);

/* For the result file: the decoded hello as a JSON object (a new reference). */
struct json_t *cs_msg_hello_json(const cs_msg_hello *m);

/* Print docs/protocol.md's field tables (between its "fields" markers). */
void cs_msg_doc(FILE *f);

/* Seed the JSON hash tables with a constant (a counting worker, run --count):
   the library seeds them from /dev/urandom otherwise, and decoding then
   allocates and compares differently from one process to the next. Call
   before the first message is encoded or decoded. */
void cs_msg_fixed_hashing(void);

#endif
