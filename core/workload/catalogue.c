/* The catalogue of algorithms (DESIGN section 3). */
#include <stdio.h>
#include <string.h>

#include "text.h"
#include "workload.h"

const size_t cs_default_sizes[] = {16, 64, 256, 1024, 8192, 16384, 0};
const size_t cs_tls_record_sizes[] = {1350, 16384, 0};

/* The algorithms of algs.def, each with its vectors. */
#define CS_ALG(id, name_, kind_, ops_, ...)                                                        \
	const cs_alg cs_alg_##id = {                                                               \
		.name = name_, .kind = kind_, .ops = ops_, .kats = cs_kats_##id, __VA_ARGS__};
#include "algs.def"
#undef CS_ALG

#define CS_ALG(id, name, kind, ops, ...) &cs_alg_##id,
const cs_alg *const cs_algs[] = {
#include "algs.def"
	NULL,
};
#undef CS_ALG

#define CS_ALG(id, name, kind, ops, ...) name,
static const char *const alg_names[CS_ALG_COUNT + 1] = {
#include "algs.def"
	NULL,
};
#undef CS_ALG

#define CS_OP_NAME(id, name, unit) [CS_OP_##id] = name,
static const char *const op_names[CS_OP_COUNT + 1] = {CS_OP_LIST(CS_OP_NAME) NULL};
#undef CS_OP_NAME

#define CS_OP_UNIT(id, name, unit) [CS_OP_##id] = unit,
static const cs_unit op_units[CS_OP_COUNT] = {CS_OP_LIST(CS_OP_UNIT)};
#undef CS_OP_UNIT

#define CS_MASK_NAME(id, name) [CS_MASK_##id] = name,
static const char *const mask_names[CS_MASK_COUNT + 1] = {CS_MASK_LIST(CS_MASK_NAME) NULL};
#undef CS_MASK_NAME

const cs_alg *
cs_alg_find(const char *name)
{
	for (size_t i = 0; cs_algs[i]; i++)
		if (strcmp(cs_algs[i]->name, name) == 0)
			return cs_algs[i];
	return NULL;
}

bool
cs_alg_in(const cs_alg *alg, char *const *names, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(names[i], alg->name) == 0 ||
		    (alg->kind == CS_TLS && strcmp(names[i], CS_TLS_FAMILY) == 0))
			return true;
	return false;
}

bool
cs_alg_name_known(const char *name)
{
	return cs_alg_find(name) || strcmp(name, CS_TLS_FAMILY) == 0;
}

const char *
cs_kind_name(cs_kind kind)
{
	switch (kind) {
	case CS_AEAD: return "aead";
	case CS_HASH: return "hash";
	case CS_CIPHER: return "cipher";
	case CS_KEX: return "kex";
	case CS_SIG: return "sig";
	case CS_MAC: return "mac";
	case CS_TLS: return "tls";
	case CS_KEM: return "kem";
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

cs_unit
cs_op_unit(cs_op op)
{
	return op < CS_OP_COUNT ? op_units[op] : CS_UNIT_OPS;
}

bool
cs_op_sized(cs_op op)
{
	return cs_op_unit(op) == CS_UNIT_BYTES;
}

void
cs_alg_ops_string(const cs_alg *alg, char *buf, size_t size)
{
	const char *names[CS_OP_COUNT];
	size_t n = 0;
	for (int op = 0; op < CS_OP_COUNT; op++)
		if (alg->ops & CS_OPBIT(op))
			names[n++] = op_names[op];
	cs_join(buf, size, names, n, sizeof names[0], false, ",");
}

void
cs_alg_names(char *buf, size_t size)
{
	cs_join_strv(buf, size, alg_names, ", ");
}

void
cs_op_names(char *buf, size_t size)
{
	cs_join_strv(buf, size, op_names, ", ");
}

const char *
cs_mask_name(cs_mask mask)
{
	return mask < CS_MASK_COUNT ? mask_names[mask] : "?";
}

cs_mask
cs_mask_find(const char *name)
{
	for (int m = 0; m < CS_MASK_COUNT; m++)
		if (strcmp(mask_names[m], name) == 0)
			return (cs_mask)m;
	return CS_MASK_COUNT;
}

void
cs_mask_names(char *buf, size_t size)
{
	cs_join_strv(buf, size, mask_names, ", ");
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
