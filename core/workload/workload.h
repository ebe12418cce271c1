/* The catalogue: algorithms, operations, sizes, deterministic inputs. */
#ifndef CS_WORKLOAD_H
#define CS_WORKLOAD_H

#include <stdbool.h>
#include "cryptospeed/adapter.h"

/* Known-answer vectors, one table per algorithm (core/workload/vectors.c). */
extern const cs_kat cs_kats_aes_128_gcm[];
extern const cs_kat cs_kats_aes_256_gcm[];
extern const cs_kat cs_kats_chacha20_poly1305[];
extern const cs_kat cs_kats_aes_128_cbc[];
extern const cs_kat cs_kats_sha1[];
extern const cs_kat cs_kats_sha256[];
extern const cs_kat cs_kats_sha512[];
extern const cs_kat cs_kats_x25519[];
extern const cs_kat cs_kats_p256[];

/* The default sizes in bytes, ended by 0. */
extern const size_t cs_default_sizes[];

/* AEAD associated-data length of every measured seal/open (as openssl speed -aead). */
#define CS_AAD_LEN 13

/* NULL when unknown. */
const cs_alg *cs_alg_find(const char *name);
const char *cs_kind_name(cs_kind kind);
const char *cs_op_name(cs_op op);
/* CS_OP_COUNT when unknown. */
cs_op cs_op_find(const char *name);
/* The ops defined for an algorithm, comma separated, into buf. */
void cs_alg_ops_string(const cs_alg *alg, char *buf, size_t size);
/* "aes-128-gcm, aes-256-gcm, ..." (for error messages). */
void cs_alg_names(char *buf, size_t size);
/* true when the op is sized (not KEX). */
bool cs_op_sized(cs_op op);

/* Decode a hex string into out (at most cap bytes). Returns bytes written or -1. */
long cs_hex_decode(const char *hex, uint8_t *out, size_t cap);
/* Lowercase hex of n bytes into out (2n+1 bytes). */
void cs_hex_encode(const uint8_t *in, size_t n, char *out);

/* The deterministic input every library gets: byte i = (i * 131 + 7) mod 256,
   the same function for keys (offset 1000) and AAD (offset 2000). */
void cs_fill_pattern(uint8_t *buf, size_t n, size_t offset);

#endif
