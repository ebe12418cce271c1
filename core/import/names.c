/*
 * The one table from what `openssl speed` prints to the names cells get
 * (import.h: cs_import_alg_name). import.c first reduces every row to one
 * spelling per era-independent algorithm:
 *
 *   byte-rate rows  the printed name, lower case, spaces as '-'
 *                   ("aes-128 cbc" -> "aes-128-cbc", "AES-256-GCM" -> "aes-256-gcm")
 *   key-op rows     OpenSSL's own speed selector, whatever the era printed
 *                   ("rsa 2048 bits" -> "rsa2048", "256 bit ecdsa (nistp256)" ->
 *                   "ecdsap256", "253 bits ecdh (X25519)" -> "ecdhx25519",
 *                   -mr "+F5:3:256" -> "ecdhp256")
 *   3.4+ tables     the row's name, lower case ("rsa2048", "ML-DSA-65" ->
 *                   "ml-dsa-65", KEM "X25519" -> "x25519", "ECP-256" -> "ecp-256")
 *
 * and then asks this table. A name the catalogue has (core/workload/algs.def)
 * is kept; a row below turns a spelling into the catalogue's name, or into
 * the one spelling used for an algorithm the project does not measure.
 */
#include <stdio.h>
#include <string.h>

#include "import.h"
#include "workload.h"

/* One spelling and the name a cell gets for it. */
typedef struct cs_import_spelling {
	const char *openssl; /* as import.c reduced it (above) */
	const char *name;    /* the catalogue's name, or the scheme's for the rest */
} cs_import_spelling;

static const cs_import_spelling names[] = {
	/* key operations the catalogue measures: every era's selector */
	{"rsa2048", "rsa-2048"},
	{"ecdsap256", "ecdsa-p256"},
	{"ecdhp256", "p256"},
	{"ecdhx25519", "x25519"},
	{"ecp-256", "p256"},		 /* 3.5's KEM table: DHKEM over P-256 */
	{"x25519", "x25519"},		 /* 3.5's KEM table */
	{"ed25519", "ed25519"},		 /* "253 bits EdDSA (Ed25519)", -mr +F6 */
	{"hmac(sha256)", "hmac-sha256"}, /* 3.x's HMAC row (SHA-256 by default) */
	/* 3.5+'s speed selectors of the post-quantum schemes ("openssl speed
	   mlkem768"), beside the rows' own "ML-KEM-768" */
	{"mlkem512", "ml-kem-512"},
	{"mlkem768", "ml-kem-768"},
	{"mlkem1024", "ml-kem-1024"},
	{"mldsa44", "ml-dsa-44"},
	{"mldsa65", "ml-dsa-65"},
	{"mldsa87", "ml-dsa-87"},
	/* digests as EVP spells them (3.x -evp SHA2-256, 1.x long names) */
	{"sha2-256", "sha256"},
	{"sha-256", "sha256"},
	{"sha2-512", "sha512"},
	{"sha-512", "sha512"},
	{"sha-1", "sha1"},
	{"id-aes128-gcm", "aes-128-gcm"},
	{"id-aes256-gcm", "aes-256-gcm"},
	/* the rest, in OpenSSL's speed-selector scheme: KEM rows of the same
	   curve as the ECDH row, 1.x low-level rows as 3.x prints them */
	{"ecp-384", "ecdhp384"},
	{"ecp-521", "ecdhp521"},
	{"x448", "ecdhx448"},
	{"rc5-32/12-cbc", "rc5-cbc"},
	{"blowfish-cbc", "blowfish"},
};

const char *
cs_import_alg_name(const char *openssl, char *buf, size_t n)
{
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strcmp(openssl, names[i].openssl) == 0)
			return names[i].name;
	if (cs_alg_find(openssl))
		return openssl;
	/* hmac(md5) -> hmac-md5, hmac(sha2-512) -> hmac-sha512: as hmac-sha256 */
	size_t len = strlen(openssl);
	if (strncmp(openssl, "hmac(", 5) == 0 && len > 6 && openssl[len - 1] == ')') {
		char inner[64];
		snprintf(inner, sizeof inner, "%.*s", (int)(len - 6), openssl + 5);
		char ibuf[64];
		const char *digest = cs_import_alg_name(inner, ibuf, sizeof ibuf);
		snprintf(buf, n, "hmac-%s", digest);
		return buf;
	}
	return openssl;
}
