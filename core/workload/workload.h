/* The catalogue: algorithms, operations, sizes, deterministic inputs. */
#ifndef CS_WORKLOAD_H
#define CS_WORKLOAD_H

#include <stdbool.h>
#include "cryptospeed/adapter.h"

/* Known-answer vectors, one table per algorithm (cs_kats_<id>, vectors.c). */
#define CS_ALG(id, name, kind, ops, ...) extern const cs_kat cs_kats_##id[];
#include "algs.def"
#undef CS_ALG

/* The default sizes in bytes, ended by 0. */
extern const size_t cs_default_sizes[];
/* TLS records (send, recv) when --sizes is not given: a record that fits one
   Ethernet packet, and TLS's largest (0-terminated) */
extern const size_t cs_tls_record_sizes[];

/* Bytes a measured signature signs: a digest-sized message, as TLS 1.3's
   CertificateVerify signs (the signature call hashes it). */
#define CS_SIG_MSG_LEN 32

/* AEAD associated-data length of every measured seal/open (as openssl speed -aead). */
#define CS_AAD_LEN 13

/* NULL when unknown. */
const cs_alg *cs_alg_find(const char *name);
/* The name that selects every TLS configuration at once (--alg tls). */
#define CS_TLS_FAMILY "tls"
/* true when one of the n names selects alg: its own name, or "tls" for a
   TLS configuration. */
bool cs_alg_in(const cs_alg *alg, char *const *names, size_t n);
/* true for an algorithm's name or "tls". */
bool cs_alg_name_known(const char *name);
const char *cs_kind_name(cs_kind kind);
/* "seal", ...; "?" outside the enum. */
const char *cs_op_name(cs_op op);
/* CS_OP_COUNT when unknown. */
cs_op cs_op_find(const char *name);
/* What the op's rate counts: CS_UNIT_BYTES (one cell per size, B/s) or
   CS_UNIT_OPS (one cell, op/s). */
cs_unit cs_op_unit(cs_op op);
/* true when the op is measured per size: cs_op_unit(op) == CS_UNIT_BYTES. */
bool cs_op_sized(cs_op op);
/* The ops defined for an algorithm, comma separated, into buf. */
void cs_alg_ops_string(const cs_alg *alg, char *buf, size_t size);
/* "aes-128-gcm, aes-256-gcm, ..." (for help and error messages). */
void cs_alg_names(char *buf, size_t size);
/* "seal, open, ..." */
void cs_op_names(char *buf, size_t size);

/* "none", "no-sha", ...; "?" outside the enum. */
const char *cs_mask_name(cs_mask mask);
/* CS_MASK_COUNT when unknown. */
cs_mask cs_mask_find(const char *name);
/* "none, no-sha, no-aes, scalar" */
void cs_mask_names(char *buf, size_t size);

/* Decode a hex string into out (at most cap bytes). Returns bytes written or -1. */
long cs_hex_decode(const char *hex, uint8_t *out, size_t cap);
/* Lowercase hex of n bytes into out (2n+1 bytes). */
void cs_hex_encode(const uint8_t *in, size_t n, char *out);

/* The deterministic input every library gets: byte i = (i * 131 + 7) mod 256,
   the same function for keys (offset 1000) and AAD (offset 2000). */
void cs_fill_pattern(uint8_t *buf, size_t n, size_t offset);

#endif
