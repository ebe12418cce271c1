/*
 * Wycheproof test vector files (testvectors_v1), read once and checked:
 * every case becomes one typed cs_wp_case for one algorithm of the catalogue
 * and one operation, or "not applicable" with why (parameters the catalogue's
 * algorithm does not have, an encoding the impls' interface cannot carry).
 * docs/conformance.md.
 */
#ifndef CS_WYCHEPROOF_H
#define CS_WYCHEPROOF_H

#include <stddef.h>
#include <stdint.h>

#include "cryptospeed/adapter.h"

/* What a case expects of a conforming library. */
typedef enum cs_wp_expect {
	CS_WP_VALID,	 /* must be accepted, with the expected output */
	CS_WP_INVALID,	 /* must be refused */
	CS_WP_ACCEPTABLE /* either (recorded) */
} cs_wp_expect;

/* One test case. Byte fields are lowercase hex, owned ("" = empty). */
typedef struct cs_wp_case {
	int64_t tc_id;
	cs_wp_expect expect;
	const cs_alg *alg; /* NULL = not applicable (na says why) */
	cs_op op;	   /* open (AEAD; valid ones also seal), derive, verify, mac */
	char na[160];	   /* why not applicable */
	char *key;	   /* AEAD/MAC key; KEX private key (normalised to key_len) */
	char *nonce;	   /* AEAD IV */
	char *aad;	   /* AEAD associated data */
	char *msg;	   /* plaintext / message */
	char *ct;	   /* AEAD ciphertext */
	char *tag;	   /* AEAD/MAC tag (MAC: may be truncated) */
	char *peer;	   /* KEX peer public key (raw); SIG public key */
	char *sig;	   /* SIG signature in the impls' form */
	char *shared;	   /* KEX expected shared secret */
} cs_wp_case;

/* One file. */
typedef struct cs_wp_file {
	char name[64];	    /* "aes_gcm_test" (the file name without .json) */
	char algorithm[64]; /* its "algorithm" */
	cs_wp_case *cases;
	size_t n_cases;
} cs_wp_file;

/* The file names (without .json) conformance knows, NULL-terminated. */
extern const char *const cs_wp_names[];

/* Load dir/<name>.json. 0, or -1 with err naming the file and the first bad
   place ("aes_gcm_test.json: testGroups[2].tests[4].tag: must be a hex
   string"). */
int cs_wp_load(const char *dir, const char *name, cs_wp_file *out, char *err, size_t n);
void cs_wp_free(cs_wp_file *f);

#endif
