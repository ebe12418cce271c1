/* The catalogue: lookups by name, op names, hex, and that every vector fits
   its algorithm's declared lengths (a typo in vectors.c fails here, not in a
   library's KAT). */
#include <string.h>

#include "check.h"
#include "workload.h"

static long
hexlen(const char *h)
{
	uint8_t buf[4096];
	return h ? cs_hex_decode(h, buf, sizeof buf) : -2;
}

int
main(void)
{
	CHECK(cs_alg_find("sha256") == &cs_alg_sha256);
	CHECK(cs_alg_find("aes-128-gcm") == &cs_alg_aes_128_gcm);
	CHECK(cs_alg_find("sha3") == NULL);
	CHECK(cs_alg_find("") == NULL);
	CHECK(cs_op_find("seal") == CS_OP_SEAL);
	CHECK(cs_op_find("keygen") == CS_OP_KEYGEN);
	CHECK(cs_op_find("sign") == CS_OP_SIGN);
	CHECK(cs_op_find("encapsulate") == CS_OP_COUNT);
	CHECK(strcmp(cs_op_name(CS_OP_DIGEST), "digest") == 0);
	CHECK(!cs_op_sized(CS_OP_DERIVE) && cs_op_sized(CS_OP_ENCRYPT));
	/* each op's unit, once: the KEX, SIG, KEM and TLS connection ops count
	   operations, the rest bytes */
	for (int op = 0; op < CS_OP_COUNT; op++) {
		CHECK(cs_op_find(cs_op_name((cs_op)op)) == (cs_op)op);
		cs_unit want = op == CS_OP_DERIVE || op == CS_OP_KEYGEN || op == CS_OP_SIGN ||
					       op == CS_OP_VERIFY || op == CS_OP_HANDSHAKE ||
					       op == CS_OP_RESUME || op == CS_OP_ENCAPS ||
					       op == CS_OP_DECAPS
				       ? CS_UNIT_OPS
				       : CS_UNIT_BYTES;
		CHECK(cs_op_unit((cs_op)op) == want);
		CHECK(cs_op_sized((cs_op)op) == (want == CS_UNIT_BYTES));
	}
	CHECK(strcmp(cs_op_name(CS_OP_COUNT), "?") == 0);

	/* masks: the enum and its names, both ways */
	CHECK(cs_mask_find("none") == CS_MASK_NONE);
	CHECK(cs_mask_find("no-sha") == CS_MASK_NO_SHA);
	CHECK(cs_mask_find("no-aes") == CS_MASK_NO_AES);
	CHECK(cs_mask_find("scalar") == CS_MASK_SCALAR);
	CHECK(cs_mask_find("no-avx") == CS_MASK_COUNT);
	CHECK(cs_mask_find("") == CS_MASK_COUNT);
	for (int m = 0; m < CS_MASK_COUNT; m++)
		CHECK(cs_mask_find(cs_mask_name((cs_mask)m)) == (cs_mask)m);
	CHECK(strcmp(cs_mask_name(CS_MASK_COUNT), "?") == 0);
	char masks[64];
	cs_mask_names(masks, sizeof masks);
	CHECK(strcmp(masks, "none, no-sha, no-aes, scalar") == 0);
	char ops[160];
	cs_op_names(ops, sizeof ops);
	CHECK(strcmp(ops, "seal, open, encrypt, digest, derive, keygen, sign, verify, mac, "
			  "handshake, resume, send, recv, encaps, decaps") == 0);
	/* a buffer too small is cut with "...", never overrun */
	char small[12];
	memset(small, 'x', sizeof small);
	cs_alg_names(small, sizeof small);
	CHECK(strlen(small) < sizeof small && strstr(small, "...") != NULL);

	/* the table, its count and lookups agree */
	size_t count = 0;
	while (cs_algs[count]) {
		CHECK(cs_alg_find(cs_algs[count]->name) == cs_algs[count]);
		count++;
	}
	CHECK(count == CS_ALG_COUNT);

	char buf[256];
	cs_alg_names(buf, sizeof buf);
	CHECK(strncmp(buf, "aes-128-gcm, aes-256-gcm, chacha20-poly1305", 43) == 0);
	CHECK(strstr(buf, "p256") != NULL);
	cs_alg_ops_string(&cs_alg_x25519, buf, sizeof buf);
	CHECK(strcmp(buf, "derive,keygen") == 0);

	uint8_t b[4];
	CHECK(cs_hex_decode("00ff10Ab", b, 4) == 4 && b[1] == 0xff && b[3] == 0xab);
	CHECK(cs_hex_decode("0", b, 4) == -1);
	CHECK(cs_hex_decode("zz", b, 4) == -1);
	CHECK(cs_hex_decode("0011223344", b, 4) == -1);
	char hex[9];
	cs_hex_encode(b, 4, hex);
	CHECK(strcmp(hex, "00ff10ab") == 0);

	/* the default sizes (README, run --help) */
	size_t want[] = {16, 64, 256, 1024, 8192, 16384, 0};
	for (size_t i = 0; i < 7; i++)
		CHECK(cs_default_sizes[i] == want[i]);

	size_t n_algs = 0;
	for (size_t i = 0; cs_algs[i]; i++, n_algs++) {
		const cs_alg *a = cs_algs[i];
		size_t n = 0;
		/* cells sign with the first vector's key pair: it must have both */
		if (a->kind == CS_SIG)
			CHECK(a->kats[0].key && a->kats[0].pub);
		for (const cs_kat *k = a->kats; k->source; k++, n++) {
			switch (a->kind) {
			case CS_AEAD:
				CHECK(hexlen(k->key) == (long)a->key_len);
				CHECK(hexlen(k->nonce) == (long)a->nonce_len);
				CHECK(hexlen(k->tag) == (long)a->tag_len);
				CHECK(hexlen(k->in) == hexlen(k->out));
				break;
			case CS_CIPHER:
				CHECK(hexlen(k->key) == (long)a->key_len);
				CHECK(hexlen(k->nonce) == (long)a->nonce_len);
				CHECK(hexlen(k->in) % (long)a->block_len == 0);
				CHECK(hexlen(k->in) == hexlen(k->out));
				break;
			case CS_HASH:
				CHECK(hexlen(k->in) >= 0);
				CHECK(hexlen(k->out) == (long)a->out_len);
				break;
			case CS_KEX:
				CHECK(hexlen(k->key) == (long)a->key_len);
				CHECK(hexlen(k->in) == (long)a->pub_len);
				CHECK(hexlen(k->out) == (long)a->out_len);
				break;
			case CS_SIG:
				/* a key pair (RSA: DER, at most the declared sizes), or a
				   public key alone for a verify vector */
				if (strcmp(a->name, "rsa-2048") == 0) {
					CHECK(!k->key || (hexlen(k->key) > 1000 &&
							  hexlen(k->key) <= (long)a->key_len));
					CHECK(hexlen(k->pub) > 256 &&
					      hexlen(k->pub) <= (long)a->pub_len);
				} else {
					CHECK(!k->key || hexlen(k->key) == (long)a->key_len);
					CHECK(hexlen(k->pub) == (long)a->pub_len);
				}
				CHECK(hexlen(k->in) >= 0);
				CHECK(hexlen(k->out) == (long)a->out_len);
				break;
			case CS_TLS:
				/* no vectors: the check is the connection (kat.c) */
				CHECK(a->tls.version == 12 || a->tls.version == 13);
				break;
			case CS_MAC:
				CHECK(hexlen(k->key) > 0 && hexlen(k->in) >= 0);
				CHECK(hexlen(k->out) == (long)a->out_len);
				break;
			case CS_KEM:
				/* a seed, its public key, a ciphertext and its secret;
				   m when the ciphertext was made from a known one */
				CHECK(hexlen(k->key) == (long)a->key_len);
				CHECK(hexlen(k->pub) == (long)a->pub_len);
				CHECK(!k->nonce || hexlen(k->nonce) == (long)a->nonce_len);
				CHECK(hexlen(k->in) == (long)a->ct_len);
				CHECK(hexlen(k->out) == (long)a->out_len);
				break;
			}
		}
		if (n < 2 && a->kind != CS_TLS) /* TLS: one check, the connection */
			printf("FAIL: %s has %zu vectors, want at least 2\n", a->name, n),
				check_failures++;
	}
	CHECK(n_algs == CS_ALG_COUNT);
	/* deterministic input: the documented function */
	uint8_t p[3];
	cs_fill_pattern(p, 3, 0);
	CHECK(p[0] == 7 && p[1] == 138 && p[2] == (uint8_t)(2 * 131 + 7));
	return check_done("catalogue");
}
