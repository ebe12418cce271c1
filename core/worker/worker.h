/* Worker side: clock, cells (KAT check, setup, calibration, timed batches). */
#ifndef CS_MEASURE_H
#define CS_MEASURE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cryptospeed/adapter.h"
#include "size.h"

/* Nanoseconds of CLOCK_MONOTONIC_RAW. */
uint64_t cs_now_ns(void);
/* The clock's resolution in ns (clock_getres). */
uint64_t cs_clock_res_ns(void);

/* Run every known-answer vector of impl->alg for `op` through impl.
   CS_OK = all pass; CS_MISMATCH = a wrong answer (detail says which vector);
   other = the impl failed to run it. */
cs_status cs_kat_check(const cs_impl *impl, cs_op op, char *detail, size_t detail_size);

/* The largest size a cell accepts (bytes per op): CS_SIZE_MAX, the protocol's limit. */
#define CS_CELL_MAX_SIZE CS_SIZE_MAX

/* One measured configuration living in a worker. */
typedef struct cs_cell {
	const cs_impl *impl;
	cs_op op;
	size_t size; /* bytes per op (0 for KEX, SIG) */
	void *ctx;
	uint8_t *mem; /* every buffer below lives in here */
	uint8_t *key, *peer;
	size_t key_len, peer_len; /* bytes of key and peer (RSA keys: their DER length) */
	uint8_t *nonce;
	uint8_t *in, *out, *aad, *tag;
	cs_io io;
	bool bump_nonce; /* seal: a fresh nonce per op (counter in bytes 4..11) */
	bool set_up;	 /* setup succeeded: teardown owed */
	uint64_t counter;
	uint64_t batch;	      /* ops per timed batch (after calibration) */
	char fingerprint[17]; /* FNV-1a 64 of the output of one op, hex; "" for keygen */
	int64_t heap_peak;    /* TLS handshake: most heap bytes one connection pair
				 (client + server) held during its handshake; 0 none */
	int64_t heap_idle;    /* TLS send/recv: heap bytes an open, idle connection
				 pair holds after its handshake; 0 none */
} cs_cell;

/* Set the cell up: buffers (64-byte aligned + misalign), deterministic input,
   setup, fingerprint. For open, the ciphertext comes from a seal by the same
   impl. Returns CS_OK or a status with err filled (CS_BAD_PARAM for a size
   above CS_CELL_MAX_SIZE or a misalign above 63). Does not run KATs. */
cs_status cs_cell_prepare(cs_cell *cell, const cs_impl *impl, cs_op op, size_t size,
			  size_t misalign, char *err, size_t err_size);
/* Time k operations; returns elapsed ns, *st = first failing status or CS_OK. */
uint64_t cs_cell_batch(cs_cell *cell, uint64_t k, cs_status *st);
/* Warm up for warmup_ns, then choose batch so one batch lasts about target_ns. */
cs_status cs_cell_calibrate(cs_cell *cell, uint64_t target_ns, uint64_t warmup_ns);
void cs_cell_release(cs_cell *cell);

/* count.c: run --count's `count` request on a prepared cell, under the
   counting plugin (core/count/count.h); fills r (status ok or error). */
struct cs_msg_count;
struct cs_msg_count_reply;
void cs_worker_count(cs_cell *cell, const struct cs_msg_count *req, struct cs_msg_count_reply *r);

/* interop.c: one signature (alg->out_len bytes) of the deterministic message
   with the algorithm's first key pair, made by impl (its sign op). */
cs_status cs_sig_sample(const cs_impl *impl, uint8_t *sig, char *err, size_t err_size);
/* Whether impl's verify accepts sig (alg->out_len bytes), made by another
   library over the same message with the same key: CS_OK, CS_MISMATCH (it
   does not verify) or a failure; err says which. */
cs_status cs_sig_verify_foreign(const cs_impl *impl, const uint8_t *sig, char *err,
				size_t err_size);

/* tls.c: the CA, server certificate and key (PEM) of a TLS algorithm's
   configuration into s: the ones made at build time (scripts/tls_certs.sh),
   or the files ca.crt, <cert>.crt, <cert>.key of the directory
   CRYPTOSPEED_TLS_CERTS names. CS_BAD_PARAM with err when one is missing. */
cs_status cs_tls_creds(const cs_alg *alg, cs_setup *s, char *err, size_t err_size);
/* tls.c: the adapter's impls, then an unsupported impl (path "tls", why
   a->no_tls) for every TLS algorithm they do not list; NULL-terminated, made
   once. */
const cs_impl *const *cs_worker_impls(const cs_adapter *a);

/* heap_probe.c: whether this process counts heap bytes (only a probe
   process, with cryptospeed-heap.so preloaded: never a worker that times;
   never a static or sanitizer build, heap_stub.c); from cs_heap_begin() to
   cs_heap_end(), the bytes allocated and not freed (live) and the most that
   were at once (peak), every library's allocations alike. */
bool cs_heap_available(void);
void cs_heap_begin(void);
void cs_heap_end(int64_t *live_bytes, int64_t *peak_bytes);
/* heap_probe.c: the bytes held now since cs_heap_begin() (0 when not counting). */
int64_t cs_heap_live(void);
/* heap_probe.c: a prepared TLS handshake, send or recv cell's heap figures
   (heap_peak, heap_idle) from a probe process of this worker with the
   interposer preloaded; left 0 where no probe can run. */
void cs_heap_probe(cs_cell *cell);
/* heap_probe.c: --heap-probe INDEX OP SIZE, the probe process: prepares
   cs_worker_impls()[INDEX]'s cell, prints `heap status=S peak=P idle=I`. */
int cs_heap_probe_main(const char *index, const char *op, const char *size);
/* tls.c: cs_heap_live() when a send/recv setup's pair had finished its
   handshake, before the client read the server's ticket and a session copy
   was kept (the idle heap's one definition, docs/handshake.md); -1 when no
   setup marked it since it was last set to -1. */
extern int64_t cs_tls_idle_mark;
/* tls.c: --tls-peer ROLE --alg NAME --fd N: one side of TLS connections over
   the socket N (the client x server grid, core/orchestrator/tls_pair.c);
   prints one result line; the exit status of the worker. */
int cs_tls_peer_main(const cs_adapter *a, const char *role, const char *alg, const char *fd);

/* FNV-1a 64 over the given bytes, continuing from h (start: CS_FNV_INIT). */
#define CS_FNV_INIT 0xcbf29ce484222325ULL
uint64_t cs_fnv1a(uint64_t h, const uint8_t *p, size_t n);

#endif
