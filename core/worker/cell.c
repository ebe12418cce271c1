/* A cell: one impl, one op, one size, set up and ready to time. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "worker.h"
#include "workload.h"

#define ALIGN 64

uint64_t
cs_fnv1a(uint64_t h, const uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		h ^= p[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}

/* *total += n rounded up to ALIGN; false when that overflows. */
static bool
add_aligned(size_t *total, size_t n)
{
	if (n > SIZE_MAX - (ALIGN - 1))
		return false;
	n = (n + ALIGN - 1) / ALIGN * ALIGN;
	if (*total > SIZE_MAX - n)
		return false;
	*total += n;
	return true;
}

/* Bytes the op writes to io.out. */
static size_t
out_size(const cs_alg *alg, cs_op op, size_t size)
{
	switch (op) {
	case CS_OP_DIGEST:
	case CS_OP_DERIVE:
	case CS_OP_SIGN:
	case CS_OP_MAC: return alg->out_len;
	case CS_OP_KEYGEN: return alg->pub_len;
	case CS_OP_VERIFY: return 0;
	case CS_OP_ENCAPS: return alg->ct_len + alg->out_len;
	case CS_OP_DECAPS: return alg->out_len;
	default: return size;
	}
}

static void
set_counter_nonce(cs_cell *c, uint64_t counter)
{
	memcpy(c->nonce + 4, &counter, sizeof counter);
}

/* Allocate one block holding ctx and every buffer, each 64-byte aligned
   (+ misalign for in/out), and fill the deterministic input. */
static cs_status
alloc_buffers(cs_cell *c, size_t misalign)
{
	const cs_alg *alg = c->impl->alg;
	size_t io_len = c->size > 0 ? c->size : CS_SIG_MSG_LEN;
	if (alg->ct_len > io_len)
		io_len = alg->ct_len; /* KEM decaps: the ciphertext */
	size_t outn = out_size(alg, c->op, c->size);
	size_t out_len = outn > io_len ? outn : io_len;
	if (c->size > CS_CELL_MAX_SIZE || misalign >= ALIGN)
		return CS_BAD_PARAM;
	size_t sizes[] = {
		c->impl->context_size ? c->impl->context_size : 1,
		alg->key_len + 1,
		alg->pub_len + 1,
		alg->nonce_len + 8,
		io_len + misalign,
		out_len + misalign,
		CS_AAD_LEN,
		(alg->kind == CS_SIG ? alg->out_len : alg->tag_len) + 1,
	};
	size_t total = 0;
	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		if (!add_aligned(&total, sizes[i]))
			return CS_BAD_PARAM;
		sizes[i] = (sizes[i] + ALIGN - 1) / ALIGN * ALIGN;
	}
	c->mem = aligned_alloc(ALIGN, total);
	if (!c->mem)
		return CS_NO_MEMORY;
	memset(c->mem, 0, total);
	uint8_t *p = c->mem;
	c->ctx = p;
	p += sizes[0];
	c->key = p;
	p += sizes[1];
	c->peer = p;
	p += sizes[2];
	c->nonce = p;
	p += sizes[3];
	c->in = p + misalign;
	p += sizes[4];
	c->out = p + misalign;
	p += sizes[5];
	c->aad = p;
	p += sizes[6];
	c->tag = p;

	cs_fill_pattern(c->in, io_len, 0);
	cs_fill_pattern(c->key, alg->key_len, 1000);
	cs_fill_pattern(c->aad, CS_AAD_LEN, 2000);
	cs_fill_pattern(c->nonce, alg->nonce_len, 3000);
	return CS_OK;
}

/* KEX: the fixed private key and peer of the algorithm's first vector. */
static cs_status
load_kex_keys(cs_cell *c)
{
	const cs_kat *k = &c->impl->alg->kats[0];
	const cs_alg *alg = c->impl->alg;
	if (!k->source || cs_hex_decode(k->key, c->key, alg->key_len) != (long)alg->key_len ||
	    cs_hex_decode(k->in, c->peer, alg->pub_len) != (long)alg->pub_len)
		return CS_BAD_PARAM;
	return CS_OK;
}

/* KEM: the seed, public key and ciphertext of the algorithm's first vector
   (decaps gives its secret, the fingerprint every library shares). */
static cs_status
load_kem_keys(cs_cell *c)
{
	const cs_kat *k = &c->impl->alg->kats[0];
	const cs_alg *alg = c->impl->alg;
	if (!k->source || cs_hex_decode(k->key, c->key, alg->key_len) != (long)alg->key_len ||
	    cs_hex_decode(k->pub, c->peer, alg->pub_len) != (long)alg->pub_len ||
	    cs_hex_decode(k->in, c->in, alg->ct_len) != (long)alg->ct_len)
		return CS_BAD_PARAM;
	return CS_OK;
}

/* SIG: the key pair of the algorithm's first vector (every library signs
   with the same key, so another can verify its signature). */
static cs_status
load_sig_keys(cs_cell *c)
{
	const cs_kat *k = &c->impl->alg->kats[0];
	const cs_alg *alg = c->impl->alg;
	long kn = k->source && k->key ? cs_hex_decode(k->key, c->key, alg->key_len) : -1;
	long pn = k->source && k->pub ? cs_hex_decode(k->pub, c->peer, alg->pub_len) : -1;
	if (kn <= 0 || pn <= 0)
		return CS_BAD_PARAM;
	c->key_len = (size_t)kn;
	c->peer_len = (size_t)pn;
	return CS_OK;
}

static cs_status
setup_ctx(cs_cell *c, cs_op op)
{
	cs_setup s = {
		.alg = c->impl->alg,
		.op = op,
		.key = c->key,
		.key_len = c->key_len,
		.peer = c->peer,
		.peer_len = c->peer_len,
		.max_len = c->io.len,
		.aad_len = CS_AAD_LEN,
	};
	char err[160];
	if (s.alg->kind == CS_TLS && cs_tls_creds(s.alg, &s, err, sizeof err) != CS_OK)
		return CS_BAD_PARAM;
	memset(c->ctx, 0, c->impl->context_size);
	c->set_up = true;
	return c->impl->setup ? c->impl->setup(c->ctx, &s) : CS_OK;
}

static void
teardown_ctx(cs_cell *c)
{
	if (c->set_up && c->impl->teardown)
		c->impl->teardown(c->ctx);
	c->set_up = false;
}

/* open needs a ciphertext and tag made with the fixed nonce: seal once with
   the same impl, then key the context for open. */
static cs_status
make_ciphertext(cs_cell *c)
{
	cs_status st = setup_ctx(c, CS_OP_SEAL);
	if (st == CS_OK) {
		cs_io seal = c->io;
		seal.in = c->in;
		seal.out = c->out;
		st = c->impl->run(c->ctx, &seal);
	}
	teardown_ctx(c);
	if (st == CS_OK)
		memcpy(c->in, c->out, c->size);
	return st;
}

/* verify needs a signature of the deterministic message: sign once with the
   same impl (into the tag buffer, io.sig), then key the context for verify. */
static cs_status
make_signature(cs_cell *c)
{
	cs_status st = setup_ctx(c, CS_OP_SIGN);
	if (st == CS_OK) {
		cs_io sign = c->io;
		sign.out = c->tag;
		st = c->impl->run(c->ctx, &sign);
	}
	teardown_ctx(c);
	return st;
}

/* The operation, size and misalign checked against the implementation. */
static cs_status
check_params(const cs_cell *c, size_t misalign, char *err, size_t err_size)
{
	const cs_impl *impl = c->impl;
	const cs_alg *alg = impl->alg;
	if (!impl->run || !(impl->ops & CS_OPBIT(c->op))) {
		snprintf(err, err_size, "%s", impl->why ? impl->why : "operation not provided");
		return CS_UNSUPPORTED;
	}
	if (alg->block_len > 1 && c->size % alg->block_len) {
		snprintf(err, err_size, "size %zu is not a multiple of the %zu-byte block", c->size,
			 alg->block_len);
		return CS_BAD_PARAM;
	}
	if (c->size > CS_CELL_MAX_SIZE || misalign >= ALIGN) {
		snprintf(err, err_size,
			 "size %zu or misalign %zu out of range (accepted: size "
			 "0..%d, misalign 0..%d)",
			 c->size, misalign, CS_CELL_MAX_SIZE, ALIGN - 1);
		return CS_BAD_PARAM;
	}
	return CS_OK;
}

/* The operation's arguments over the cell's buffers. */
static cs_io
cell_io(cs_cell *c)
{
	const cs_alg *alg = c->impl->alg;
	return (cs_io){
		.in = c->in,
		.len = alg->kind == CS_SIG   ? CS_SIG_MSG_LEN
		       : alg->kind == CS_KEM ? 0
					     : c->size,
		.out = c->out,
		.aad = c->aad,
		.aad_len = alg->kind == CS_AEAD ? CS_AAD_LEN : 0,
		/* KEM, ML-DSA: NULL, the randomness is drawn (adapter.h) */
		.nonce = alg->kind == CS_KEM || (alg->kind == CS_SIG && alg->nonce_len) ? NULL
											: c->nonce,
		.tag = c->tag,
		.sig = c->tag,
	};
}

/* The context set up for op; for TLS send/recv, c->heap_idle: the heap an
   open connection pair holds beyond a handshake cell's setup (the contexts
   alone). */
static cs_status
setup_with_heap(cs_cell *c, cs_op op)
{
	int64_t ctx_bytes = 0, live = 0, peak = 0;
	bool heap = c->impl->alg->kind == CS_TLS && cs_heap_available() &&
		    (op == CS_OP_SEND || op == CS_OP_RECV);
	cs_status st;
	if (heap) {
		/* once unmeasured first: a library's one-time state (a global
		   cache, its RNG) is not the connection's */
		st = setup_ctx(c, op);
		teardown_ctx(c);
		cs_heap_begin();
		if (st == CS_OK)
			st = setup_ctx(c, CS_OP_HANDSHAKE);
		cs_heap_end(&ctx_bytes, &peak);
		teardown_ctx(c);
		if (st != CS_OK)
			heap = false;
		cs_heap_begin();
	}
	cs_tls_idle_mark = -1;
	st = setup_ctx(c, op);
	if (heap) {
		cs_heap_end(&live, &peak);
		/* a flow adapter marks the pair before the ticket and the
		   session copy its resumption keeps (tls.c) */
		if (cs_tls_idle_mark >= 0)
			live = cs_tls_idle_mark;
		c->heap_idle = live > ctx_bytes ? live - ctx_bytes : 0;
	}
	return st;
}

/* c->fingerprint from the output of the first op, for the ops whose output
   is deterministic. */
static void
fingerprint(cs_cell *c)
{
	const cs_impl *impl = c->impl;
	cs_op op = c->op;
	/* no fingerprint: a new key pair, a random encapsulation, a verdict, a randomized signature, a
	   handshake (send/recv: the bytes received) */
	if (op != CS_OP_KEYGEN && op != CS_OP_VERIFY && op != CS_OP_HANDSHAKE &&
	    op != CS_OP_ENCAPS && op != CS_OP_RESUME &&
	    !(op == CS_OP_SIGN && (impl->flags & CS_IMPL_RANDOMIZED))) {
		uint64_t h = cs_fnv1a(CS_FNV_INIT, c->out, out_size(impl->alg, op, c->size));
		if (op == CS_OP_SEAL)
			h = cs_fnv1a(h, c->tag, impl->alg->tag_len);
		snprintf(c->fingerprint, sizeof c->fingerprint, "%016llx", (unsigned long long)h);
	}
}

/* TLS handshake: c->heap_peak, the most one connection pair holds while it
   runs; the smaller of two, so a library's one-time state (a global cache
   filled on first use) is not the connection's. */
static cs_status
handshake_heap(cs_cell *c, char *err, size_t err_size)
{
	int64_t live = 0, peak = 0;
	for (int i = 0; i < 2 && c->impl->alg->kind == CS_TLS && c->op == CS_OP_HANDSHAKE &&
			cs_heap_available();
	     i++) {
		cs_heap_begin();
		cs_status st = c->impl->run(c->ctx, &c->io);
		cs_heap_end(&live, &peak);
		if (st != CS_OK) {
			snprintf(err, err_size, "%s failed on its second try: status %d",
				 cs_op_name(c->op), st);
			return st;
		}
		if (i == 0 || peak < c->heap_peak)
			c->heap_peak = peak;
	}
	return CS_OK;
}

cs_status
cs_cell_prepare(cs_cell *c, const cs_impl *impl, cs_op op, size_t size, size_t misalign, char *err,
		size_t err_size)
{
	memset(c, 0, sizeof *c);
	c->impl = impl;
	c->op = op;
	c->size = cs_op_sized(op) ? size : 0;
	const cs_alg *alg = impl->alg;
	cs_status st;

	if ((st = check_params(c, misalign, err, err_size)) != CS_OK)
		return st;
	if ((st = alloc_buffers(c, misalign)) != CS_OK) {
		snprintf(err, err_size, "out of memory");
		return st;
	}
	c->key_len = alg->key_len;
	c->peer_len = alg->pub_len;
	if ((alg->kind == CS_KEX && (st = load_kex_keys(c)) != CS_OK) ||
	    (alg->kind == CS_SIG && (st = load_sig_keys(c)) != CS_OK) ||
	    (alg->kind == CS_KEM && (st = load_kem_keys(c)) != CS_OK)) {
		snprintf(err, err_size, "the catalogue has no usable vector for %s", alg->name);
		return st;
	}
	c->io = cell_io(c);
	if (op == CS_OP_VERIFY && (st = make_signature(c)) != CS_OK) {
		snprintf(err, err_size, "sign (to make the signature to verify) failed: status %d",
			 st);
		return st;
	}
	if (op == CS_OP_OPEN && (st = make_ciphertext(c)) != CS_OK) {
		snprintf(err, err_size, "seal (to make the ciphertext to open) failed: status %d",
			 st);
		return st;
	}
	if ((st = setup_with_heap(c, op)) != CS_OK) {
		snprintf(err, err_size, "setup failed: status %d", st);
		return st;
	}
	c->bump_nonce = op == CS_OP_SEAL;

	/* Fingerprint: the output of one op on the deterministic input. */
	if (c->bump_nonce)
		set_counter_nonce(c, 0);
	if ((st = impl->run(c->ctx, &c->io)) != CS_OK) {
		snprintf(err, err_size, "first %s failed: status %d", cs_op_name(op), st);
		return st;
	}
	fingerprint(c);
	if ((st = handshake_heap(c, err, err_size)) != CS_OK)
		return st;
	/* where this process has no interposer (a worker that times), the
	   heap figures come from a probe process of the same cell */
	cs_heap_probe(c);
	c->counter = 1;
	c->batch = 1;
	return CS_OK;
}

uint64_t
cs_cell_batch(cs_cell *c, uint64_t k, cs_status *st)
{
	cs_run_fn *run = c->impl->run;
	void *ctx = c->ctx;
	const cs_io *io = &c->io;
	cs_status s = CS_OK;
	uint64_t t0, t1;

	if (c->bump_nonce) {
		uint64_t counter = c->counter;
		t0 = cs_now_ns();
		for (uint64_t i = 0; i < k; i++) {
			memcpy(c->nonce + 4, &counter, sizeof counter);
			counter++;
			if ((s = run(ctx, io)) != CS_OK)
				break;
		}
		t1 = cs_now_ns();
		c->counter = counter;
	} else {
		t0 = cs_now_ns();
		for (uint64_t i = 0; i < k; i++)
			if ((s = run(ctx, io)) != CS_OK)
				break;
		t1 = cs_now_ns();
	}
	*st = s;
	return t1 - t0;
}

cs_status
cs_cell_calibrate(cs_cell *c, uint64_t target_ns, uint64_t warmup_ns)
{
	cs_status st = CS_OK;
	uint64_t k = 1, t = 0, start = cs_now_ns();
	/* Grow the batch until one lasts target_ns, and keep going until the
	   warm-up time is spent too. */
	for (;;) {
		t = cs_cell_batch(c, k, &st);
		if (st != CS_OK)
			return st;
		/* A batch the scheduler interrupted looks long: one that reaches the
		   target is timed twice more and its fastest time counts, so a
		   preemption never leaves the cell with batches far shorter than
		   target_ns (and a cell that can never settle). */
		for (int r = 0; r < 2 && t >= target_ns; r++) {
			uint64_t again = cs_cell_batch(c, k, &st);
			if (st != CS_OK)
				return st;
			if (again < t)
				t = again;
		}
		bool long_enough = t >= target_ns;
		if (long_enough && cs_now_ns() - start >= warmup_ns)
			break;
		if (!long_enough && k < (UINT64_C(1) << 40))
			k *= 2;
	}
	double per_op = (double)t / (double)k;
	double want = (double)target_ns / (per_op > 0 ? per_op : 1);
	c->batch = want < 1 ? 1 : (uint64_t)(want + 0.5);
	return CS_OK;
}

void
cs_cell_release(cs_cell *c)
{
	teardown_ctx(c);
	free(c->mem);
	memset(c, 0, sizeof *c);
}
