/*
 * The handshake view: what the cryptography of one TLS 1.3 full handshake
 * costs each library/path, client and server side apart, derived from the
 * measured cells of a result file only (a cost that needs a cell that was
 * not measured is not shown: "—", with the missing cell named).
 */
#ifndef CS_HANDSHAKE_H
#define CS_HANDSHAKE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "results.h"

/* Who performs a step of the handshake. */
typedef enum cs_hs_side { CS_HS_CLIENT, CS_HS_SERVER, CS_HS_BOTH } cs_hs_side;

/* Which of the configuration's algorithms a step uses. */
typedef enum cs_hs_uses {
	CS_HS_KEX,  /* the key share group: x25519 or p256 */
	CS_HS_SIG,  /* the certificate's signature: ecdsa-p256, ed25519, rsa-2048 */
	CS_HS_HMAC, /* hmac-sha256 (the key schedule) */
	CS_HS_HASH  /* sha256 (the transcript) */
} cs_hs_uses;

/* One line of the count table: an operation, how often, by whom, and where
   RFC 8446 asks for it. */
typedef struct cs_hs_step {
	const char *what; /* "key share: generate the ephemeral key pair" */
	const char *rfc;  /* "RFC 8446 4.2.8" */
	cs_hs_side side;
	cs_hs_uses uses;
	const char *op; /* the cell's op: "keygen", "derive", "sign", "verify", "mac", "digest" */
	unsigned count; /* operations per handshake (0: see per_depth, per_byte) */
	bool per_depth; /* count is the certificate chain's depth */
	bool per_byte;	/* a hash over the transcript: cost per byte times its length */
} cs_hs_step;

/* The steps, ended by what == NULL (handshake.c, with the derivation of the counts). */
extern const cs_hs_step cs_hs_steps[];

/* One configuration: "x25519+ecdsa-p256". */
typedef struct cs_hs_config {
	char name[64];	   /* as given */
	char kex[24];	   /* "x25519" | "p256" */
	char sig[24];	   /* "ecdsa-p256" | "ed25519" | "rsa-2048" */
	unsigned depth;	   /* certificates the client verifies (default 2) */
	size_t transcript; /* transcript bytes hashed (default: see handshake.c) */
} cs_hs_config;

/* Parse "KEX+SIG" into cfg (depth and transcript set to their defaults for
   that signature). false with why filled ("unknown handshake configuration
   'x448+ed25519' (accepted: ...)") when it is not one the view knows. */
bool cs_hs_config_parse(const char *name, cs_hs_config *cfg, char *why, size_t why_size);

/* The cost of one handshake on one row ("lib/path", as cs_res_row_label
   writes it) of a loaded file. *client_us / *server_us are set when every
   cell that side needs was measured (status ok, unmasked, one worker); else
   the side is false and missing names the first cell it lacks ("x25519
   keygen"). */
typedef struct cs_hs_cost {
	bool client, server; /* the side could be computed */
	double client_us, server_us;
	char missing[96]; /* the first cell a side lacks, or "" */
} cs_hs_cost;

void cs_hs_cost_of(const cs_res_file *file, const char *row, const cs_hs_config *cfg,
		   cs_hs_cost *out);

/* The view: for each file, each configuration (NULL: the three default
   ones), each row, client and server µs per handshake and handshakes/s per
   core; then the count table with its RFC references. -1 for an unknown
   configuration (nothing printed). */
int cs_report_handshake(const cs_res_file *const *files, size_t n, const char *config, FILE *f);

#endif
