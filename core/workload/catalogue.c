/* The catalogue of algorithms (DESIGN section 3). */
#include <stdio.h>
#include <string.h>

#include "workload.h"

const size_t cs_default_sizes[] = {16, 64, 256, 1024, 8192, 16384, 0};

#define AEAD_OPS (CS_OPBIT(CS_OP_SEAL) | CS_OPBIT(CS_OP_OPEN))
#define KEX_OPS (CS_OPBIT(CS_OP_DERIVE) | CS_OPBIT(CS_OP_KEYGEN))

const cs_alg cs_alg_aes_128_gcm = {
	.name = "aes-128-gcm", .kind = CS_AEAD, .ops = AEAD_OPS,
	.key_len = 16, .nonce_len = 12, .tag_len = 16, .block_len = 1,
	.kats = cs_kats_aes_128_gcm,
};
const cs_alg cs_alg_aes_256_gcm = {
	.name = "aes-256-gcm", .kind = CS_AEAD, .ops = AEAD_OPS,
	.key_len = 32, .nonce_len = 12, .tag_len = 16, .block_len = 1,
	.kats = cs_kats_aes_256_gcm,
};
const cs_alg cs_alg_chacha20_poly1305 = {
	.name = "chacha20-poly1305", .kind = CS_AEAD, .ops = AEAD_OPS,
	.key_len = 32, .nonce_len = 12, .tag_len = 16, .block_len = 1,
	.kats = cs_kats_chacha20_poly1305,
};
const cs_alg cs_alg_aes_128_cbc = {
	.name = "aes-128-cbc", .kind = CS_CIPHER, .ops = CS_OPBIT(CS_OP_ENCRYPT),
	.key_len = 16, .nonce_len = 16, .block_len = 16,
	.kats = cs_kats_aes_128_cbc,
};
const cs_alg cs_alg_sha1 = {
	.name = "sha1", .kind = CS_HASH, .ops = CS_OPBIT(CS_OP_DIGEST),
	.out_len = 20, .block_len = 1, .kats = cs_kats_sha1,
};
const cs_alg cs_alg_sha256 = {
	.name = "sha256", .kind = CS_HASH, .ops = CS_OPBIT(CS_OP_DIGEST),
	.out_len = 32, .block_len = 1, .kats = cs_kats_sha256,
};
const cs_alg cs_alg_sha512 = {
	.name = "sha512", .kind = CS_HASH, .ops = CS_OPBIT(CS_OP_DIGEST),
	.out_len = 64, .block_len = 1, .kats = cs_kats_sha512,
};
const cs_alg cs_alg_x25519 = {
	.name = "x25519", .kind = CS_KEX, .ops = KEX_OPS,
	.key_len = 32, .out_len = 32, .pub_len = 32, .block_len = 1,
	.kats = cs_kats_x25519,
};
const cs_alg cs_alg_p256 = {
	.name = "p256", .kind = CS_KEX, .ops = KEX_OPS,
	.key_len = 32, .out_len = 32, .pub_len = 65, .block_len = 1,
	.kats = cs_kats_p256,
};

const cs_alg *const cs_algs[] = {
	&cs_alg_aes_128_gcm, &cs_alg_aes_256_gcm, &cs_alg_chacha20_poly1305,
	&cs_alg_aes_128_cbc, &cs_alg_sha1, &cs_alg_sha256, &cs_alg_sha512,
	&cs_alg_x25519, &cs_alg_p256, NULL,
};

static const char *const op_names[CS_OP_COUNT] = {
	[CS_OP_SEAL] = "seal", [CS_OP_OPEN] = "open",
	[CS_OP_ENCRYPT] = "encrypt", [CS_OP_DIGEST] = "digest",
	[CS_OP_DERIVE] = "derive", [CS_OP_KEYGEN] = "keygen",
};

const cs_alg *
cs_alg_find(const char *name)
{
	for (size_t i = 0; cs_algs[i]; i++)
		if (strcmp(cs_algs[i]->name, name) == 0)
			return cs_algs[i];
	return NULL;
}

const char *
cs_kind_name(cs_kind kind)
{
	switch (kind) {
	case CS_AEAD: return "aead";
	case CS_HASH: return "hash";
	case CS_CIPHER: return "cipher";
	case CS_KEX: return "kex";
	}
	return "?";
}

const char *
cs_op_name(cs_op op)
{
	return op < CS_OP_COUNT ? op_names[op] : "?";
}

cs_op
cs_op_find(const char *name)
{
	for (int op = 0; op < CS_OP_COUNT; op++)
		if (strcmp(op_names[op], name) == 0)
			return (cs_op)op;
	return CS_OP_COUNT;
}

bool
cs_op_sized(cs_op op)
{
	return op != CS_OP_DERIVE && op != CS_OP_KEYGEN;
}

void
cs_alg_ops_string(const cs_alg *alg, char *buf, size_t size)
{
	size_t used = 0;
	buf[0] = '\0';
	for (int op = 0; op < CS_OP_COUNT; op++) {
		if (!(alg->ops & CS_OPBIT(op)))
			continue;
		int n = snprintf(buf + used, size - used, "%s%s",
				 used ? "," : "", op_names[op]);
		if (n < 0 || (size_t)n >= size - used)
			return;
		used += (size_t)n;
	}
}

void
cs_alg_names(char *buf, size_t size)
{
	size_t used = 0;
	buf[0] = '\0';
	for (size_t i = 0; cs_algs[i]; i++) {
		int n = snprintf(buf + used, size - used, "%s%s",
				 i ? ", " : "", cs_algs[i]->name);
		if (n < 0 || (size_t)n >= size - used)
			return;
		used += (size_t)n;
	}
}

static int
hex_nibble(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

long
cs_hex_decode(const char *hex, uint8_t *out, size_t cap)
{
	size_t len = strlen(hex);
	if (len % 2 || len / 2 > cap)
		return -1;
	for (size_t i = 0; i < len / 2; i++) {
		int hi = hex_nibble(hex[2 * i]), lo = hex_nibble(hex[2 * i + 1]);
		if (hi < 0 || lo < 0)
			return -1;
		out[i] = (uint8_t)(hi << 4 | lo);
	}
	return (long)(len / 2);
}

void
cs_hex_encode(const uint8_t *in, size_t n, char *out)
{
	static const char digits[] = "0123456789abcdef";
	for (size_t i = 0; i < n; i++) {
		out[2 * i] = digits[in[i] >> 4];
		out[2 * i + 1] = digits[in[i] & 15];
	}
	out[2 * n] = '\0';
}

void
cs_fill_pattern(uint8_t *buf, size_t n, size_t offset)
{
	for (size_t i = 0; i < n; i++)
		buf[i] = (uint8_t)((i + offset) * 131 + 7);
}
