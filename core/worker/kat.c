/* Known-answer checks: every vector of the algorithm through the exact impl. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "worker.h"
#include "workload.h"

/* Decoded vector, owning its buffers. */
typedef struct kat_bytes {
	uint8_t *key, *nonce, *aad, *in, *out, *tag, *pub;
	long key_n, nonce_n, aad_n, in_n, out_n, tag_n, pub_n;
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
	free(b->key);
	free(b->nonce);
	free(b->aad);
	free(b->in);
	free(b->out);
	free(b->tag);
	free(b->pub);
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
	b->pub_n = decode(k->pub, &b->pub);
	return b->key_n < 0 || b->nonce_n < 0 || b->aad_n < 0 || b->in_n < 0 || b->out_n < 0 ||
			       b->tag_n < 0 || b->pub_n < 0
		       ? -1
		       : 0;
}

/* setup + one run + teardown on a fresh context. */
static cs_status
run_once(const cs_impl *impl, cs_op op, const kat_bytes *b, const cs_io *io, size_t len)
{
	void *ctx = calloc(1, impl->context_size ? impl->context_size : 1);
	if (!ctx)
		return CS_NO_MEMORY;
	bool sig = impl->alg->kind == CS_SIG || impl->alg->kind == CS_KEM;
	cs_setup s = {
		.alg = impl->alg,
		.op = op,
		.key = b->key,
		.key_len = (size_t)b->key_n,
		.peer = sig ? b->pub : b->in,
		.peer_len = (size_t)(sig ? b->pub_n : b->in_n),
		.max_len = len,
		.aad_len = (size_t)b->aad_n,
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
check_aead(const cs_impl *impl, cs_op op, const cs_kat *k, const kat_bytes *b, uint8_t *out,
	   uint8_t *tag, char *detail, size_t n)
{
	size_t len = (size_t)b->in_n, tlen = impl->alg->tag_len;
	cs_io io = {.len = len,
		    .out = out,
		    .aad = b->aad,
		    .aad_len = (size_t)b->aad_n,
		    .nonce = b->nonce,
		    .tag = tag};
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

/* Keygen: where the algorithm has a seeded form (KEM, ML-DSA) the vector's
   seed gives the vector's public key; then two keygens with drawn randomness
   (a timed cell's) give two different public keys. */
static cs_status
check_keygen(const cs_impl *impl, const cs_kat *k, const kat_bytes *b, char *detail, size_t n)
{
	const cs_alg *alg = impl->alg;
	size_t plen = alg->pub_len;
	uint8_t *p1 = calloc(2, plen), *p2 = p1 ? p1 + plen : NULL;
	if (!p1)
		return CS_NO_MEMORY;
	cs_io io = {.out = p1};
	cs_status st = CS_OK;
	bool seeded = alg->kind == CS_KEM || (alg->kind == CS_SIG && alg->nonce_len > 0);
	if (seeded && k->key && k->pub) {
		io.nonce = b->key;
		if ((st = run_once(impl, CS_OP_KEYGEN, b, &io, 0)) != CS_OK)
			st = fail(detail, n, st, k, "keygen from the seed failed");
		else if ((size_t)b->pub_n != plen || memcmp(p1, b->pub, plen) != 0)
			st = fail(detail, n, CS_MISMATCH, k,
				  "keygen from the seed gave another public key");
		io.nonce = NULL;
		if (st != CS_OK) {
			free(p1);
			return st;
		}
	}
	st = run_once(impl, CS_OP_KEYGEN, b, &io, 0);
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

/*
 * KEM. encaps: with the vector's m, its ciphertext and secret (a vector
 * without m is skipped); with drawn randomness, two encapsulations differ and
 * the same impl's decaps recovers the secret. decaps: the vector's secret
 * (implicit rejection included: Wycheproof's modified ciphertexts); then the
 * seeded fault: one bit of the ciphertext flipped gives CS_OK and another
 * secret (the implicit rejection), never a failure or the same secret.
 */
static cs_status
check_kem(const cs_impl *impl, cs_op op, const cs_kat *k, const kat_bytes *b, char *detail,
	  size_t n)
{
	const cs_alg *alg = impl->alg;
	size_t ct = alg->ct_len, ss = alg->out_len;
	uint8_t *o1 = calloc(2, ct + ss), *o2 = o1 ? o1 + ct + ss : NULL, *c = calloc(1, ct);
	cs_status st = o1 && c ? CS_OK : CS_NO_MEMORY;
	if (st == CS_OK && ((size_t)b->in_n != ct || (size_t)b->out_n != ss))
		st = fail(detail, n, CS_BAD_PARAM, k, "ciphertext or secret of the wrong length");
	if (st == CS_OK && op == CS_OP_ENCAPS && k->nonce) {
		cs_io io = {.out = o1, .nonce = b->nonce};
		if ((st = run_once(impl, op, b, &io, 0)) != CS_OK)
			st = fail(detail, n, st, k, "encaps with the vector's m failed");
		else if (memcmp(o1, b->in, ct) != 0)
			st = fail(detail, n, CS_MISMATCH, k, "ciphertext differs");
		else if (memcmp(o1 + ct, b->out, ss) != 0)
			st = fail(detail, n, CS_MISMATCH, k, "shared secret differs");
		cs_io io2 = {.out = o2};
		io.nonce = NULL;
		if (st == CS_OK && ((st = run_once(impl, op, b, &io, 0)) != CS_OK ||
				    (st = run_once(impl, op, b, &io2, 0)) != CS_OK))
			st = fail(detail, n, st, k, "encaps failed");
		else if (st == CS_OK && memcmp(o1, o2, ct) == 0)
			st = fail(detail, n, CS_MISMATCH, k, "two encaps gave the same ciphertext");
		if (st == CS_OK && (impl->ops & CS_OPBIT(CS_OP_DECAPS))) {
			cs_io d = {.in = o1, .out = o2};
			if ((st = run_once(impl, CS_OP_DECAPS, b, &d, 0)) != CS_OK)
				st = fail(detail, n, st, k, "decaps of an encapsulation failed");
			else if (memcmp(o2, o1 + ct, ss) != 0)
				st = fail(detail, n, CS_MISMATCH, k,
					  "decaps did not recover encaps's secret");
		}
	} else if (st == CS_OK && op == CS_OP_DECAPS) {
		memcpy(c, b->in, ct);
		cs_io io = {.in = c, .out = o1};
		if ((st = run_once(impl, op, b, &io, 0)) != CS_OK)
			st = fail(detail, n, st, k, "decaps failed");
		else if (memcmp(o1, b->out, ss) != 0)
			st = fail(detail, n, CS_MISMATCH, k, "shared secret differs");
		c[ct / 2] ^= 0x10;
		if (st == CS_OK && (st = run_once(impl, op, b, &io, 0)) != CS_OK)
			st = fail(detail, n, st, k,
				  "decaps refused a flipped ciphertext (implicit rejection "
				  "returns a secret)");
		else if (st == CS_OK && memcmp(o1, b->out, ss) == 0)
			st = fail(detail, n, CS_MISMATCH, k,
				  "a flipped ciphertext gave the same secret");
	}
	free(o1);
	free(c);
	return st;
}

/* The algorithm's ops take a seed or randomness in io->nonce (adapter.h). */
static bool
alg_nonce(const cs_impl *impl)
{
	return impl->alg->kind == CS_SIG && impl->alg->nonce_len > 0;
}

/* SIG verify of sig over the vector's message on a fresh context: CS_OK,
   CS_MISMATCH (refused) or the failure. */
static cs_status
verify_once(const cs_impl *impl, const kat_bytes *b, const uint8_t *msg, const uint8_t *sig)
{
	size_t len = (size_t)b->in_n;
	cs_io io = {.in = msg, .len = len, .sig = sig};
	return run_once(impl, CS_OP_VERIFY, b, &io, len);
}

/*
 * SIG sign and verify. sign: the vector's signature, or for a randomized
 * impl (ECDSA with a random k) a signature its own verify accepts and whose
 * flipped copy it refuses. verify: the vector's signature is accepted, the
 * same with one bit flipped and the message with one bit flipped are refused.
 */
static cs_status
check_sig(const cs_impl *impl, cs_op op, const cs_kat *k, const kat_bytes *b, uint8_t *out,
	  char *detail, size_t n)
{
	size_t len = (size_t)b->in_n, slen = impl->alg->out_len;
	uint8_t *sig = calloc(1, slen), *msg = calloc(1, len + 1);
	cs_status st = CS_OK;
	if (!sig || !msg) {
		st = CS_NO_MEMORY;
	} else if (op == CS_OP_SIGN) {
		cs_io io = {.in = b->in, .len = len, .out = out};
		/* a sign with a known-answer form (ML-DSA: rnd = the vector's)
		   first gives the vector's signature, then signs as timed */
		io.nonce = k->nonce && alg_nonce(impl) ? b->nonce : NULL;
		if (k->key && io.nonce) {
			if ((st = run_once(impl, op, b, &io, len)) != CS_OK)
				st = fail(detail, n, st, k, "sign with the vector's rnd failed");
			else if (memcmp(out, b->out, slen) != 0)
				st = fail(detail, n, CS_MISMATCH, k,
					  "deterministic signature differs");
			io.nonce = NULL;
		}
		if (st != CS_OK || !k->key) {
			/* a verify-only vector (no private key): nothing to sign */
		} else if ((st = run_once(impl, op, b, &io, len)) != CS_OK) {
			st = fail(detail, n, st, k, "sign failed");
		} else if (!(impl->flags & CS_IMPL_RANDOMIZED)) {
			if (memcmp(out, b->out, slen) != 0)
				st = fail(detail, n, CS_MISMATCH, k, "signature differs");
		} else if (!(impl->ops & CS_OPBIT(CS_OP_VERIFY))) {
			st = fail(detail, n, CS_UNSUPPORTED, k,
				  "a randomized signature needs the same impl's verify to check "
				  "it");
		} else if ((st = verify_once(impl, b, b->in, out)) != CS_OK) {
			st = fail(detail, n, st, k, "its own verify refused the signature it made");
		} else {
			memcpy(sig, out, slen);
			sig[slen / 2] ^= 1;
			st = verify_once(impl, b, b->in, sig);
			st = st == CS_MISMATCH ? CS_OK
					       : fail(detail, n, CS_MISMATCH, k,
						      "a flipped signature verified");
		}
	} else {
		memcpy(msg, b->in, len);
		memcpy(sig, b->out, slen);
		if ((st = verify_once(impl, b, msg, sig)) != CS_OK)
			st = fail(detail, n, st, k, "the vector's signature was refused");
		sig[slen - 1] ^= 0x80;
		if (st == CS_OK && (st = verify_once(impl, b, msg, sig)) != CS_MISMATCH)
			st = fail(detail, n, st == CS_OK ? CS_MISMATCH : st, k,
				  "a signature with one bit flipped was not refused");
		else if (st == CS_MISMATCH)
			st = CS_OK;
		sig[slen - 1] ^= 0x80;
		if (st == CS_OK && len) {
			msg[0] ^= 1;
			if ((st = verify_once(impl, b, msg, sig)) != CS_MISMATCH)
				st = fail(detail, n, st == CS_OK ? CS_MISMATCH : st, k,
					  "the signature verified a changed message");
			else
				st = CS_OK;
		}
	}
	free(sig);
	free(msg);
	return st;
}

/*
 * TLS: the check is the connection. handshake and resume: setup + one run on
 * a fresh context must succeed (the adapter's client verifies the server's
 * certificate against the test CA, so a bad certificate fails here: wrong);
 * send and recv: a 1350-byte and a 16384-byte record come out byte-exact.
 * A failure quotes what the adapter's describe says (the library's error).
 */
static cs_status
check_tls(const cs_impl *impl, cs_op op, char *detail, size_t n)
{
	static const size_t lens[] = {1350, 16384};
	bool sized = op == CS_OP_SEND || op == CS_OP_RECV;
	size_t cap = lens[1];
	uint8_t *in = calloc(1, cap), *out = calloc(1, cap);
	void *ctx = calloc(1, impl->context_size ? impl->context_size : 1);
	cs_status st = in && out && ctx ? CS_OK : CS_NO_MEMORY;
	const char *what = "";
	for (size_t i = 0; st == CS_OK && i < (sized ? 2 : 1); i++) {
		size_t len = sized ? lens[i] : 0;
		cs_setup s = {.alg = impl->alg, .op = op, .max_len = len};
		if ((st = cs_tls_creds(impl->alg, &s, detail, n)) != CS_OK) {
			what = NULL; /* detail says it */
			break;
		}
		cs_fill_pattern(in, len, 0);
		memset(out, 0, cap);
		cs_io io = {.in = in, .len = len, .out = out};
		memset(ctx, 0, impl->context_size ? impl->context_size : 1);
		st = impl->setup ? impl->setup(ctx, &s) : CS_OK;
		if (st == CS_OK)
			st = impl->run(ctx, &io);
		if (st == CS_UNSUPPORTED) {
			what = "the library refused the configuration";
		} else if (st != CS_OK) {
			/* a handshake that does not complete is a wrong answer */
			st = CS_MISMATCH;
			what = op == CS_OP_RESUME ? "the resumed handshake failed or was a full one"
						  : "the connection failed";
		} else if (sized && memcmp(in, out, len) != 0) {
			st = CS_MISMATCH;
			what = len == lens[0] ? "a 1350-byte record came back different"
					      : "a 16384-byte record came back different";
		}
		if (st != CS_OK && what) {
			char said[160] = "";
			if (impl->describe)
				impl->describe(ctx, said, sizeof said);
			snprintf(detail, n, "%s%s%s", what, said[0] ? ": " : "", said);
		}
		if (impl->teardown)
			impl->teardown(ctx);
	}
	free(in);
	free(out);
	free(ctx);
	if (st == CS_OK)
		snprintf(detail, n, "pass");
	return st;
}

cs_status
cs_kat_check(const cs_impl *impl, cs_op op, char *detail, size_t n)
{
	if (impl->alg->kind == CS_TLS)
		return check_tls(impl, op, detail, n);

	const cs_alg *alg = impl->alg;
	snprintf(detail, n, "no vectors");
	if (!alg->kats || !alg->kats[0].source)
		return CS_BAD_PARAM;
	cs_status st = CS_OK;
	/* A new key pair is random: check the same impl's derive or sign
	   answers first. */
	cs_op first = alg->kind == CS_SIG   ? CS_OP_SIGN
		      : alg->kind == CS_KEM ? CS_OP_DECAPS
					    : CS_OP_DERIVE;
	if (op == CS_OP_KEYGEN && (impl->ops & CS_OPBIT(first)) &&
	    (st = cs_kat_check(impl, first, detail, n)) != CS_OK)
		return st;
	for (const cs_kat *k = alg->kats; k->source && st == CS_OK; k++) {
		kat_bytes b = {0};
		if (kat_decode(k, &b) != 0) {
			kat_free(&b);
			return fail(detail, n, CS_BAD_PARAM, k, "vector does not decode");
		}
		size_t outcap = (size_t)(b.in_n > b.out_n ? b.in_n : b.out_n) + alg->pub_len +
				alg->out_len + 64;
		uint8_t *out = calloc(1, outcap), *tag = calloc(1, alg->tag_len + 1);
		if (!out || !tag) {
			st = CS_NO_MEMORY;
		} else if (alg->kind == CS_AEAD) {
			st = check_aead(impl, op, k, &b, out, tag, detail, n);
		} else if (op == CS_OP_KEYGEN) {
			st = check_keygen(impl, k, &b, detail, n);
		} else if (alg->kind == CS_SIG) {
			st = check_sig(impl, op, k, &b, out, detail, n);
		} else if (alg->kind == CS_KEM) {
			st = check_kem(impl, op, k, &b, detail, n);
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
