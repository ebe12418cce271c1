/*
 * Wycheproof test vector files -> typed cases (wycheproof.h): an external
 * JSON format imported once, like `openssl speed` tables (import.c). One table row
 * per file the project ships: its schema and the function that turns one of
 * its cases into a cs_wp_case. Everything is checked here, once; a malformed
 * file is refused naming the first bad place.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "workload.h"
#include "wycheproof.h"

/* The most bytes a field of a conform request carries (protocol.h). */
#define FIELD_MAX_HEX 4096

/* Where a parse is, for its errors. */
typedef struct where {
	const char *file;
	size_t group, test;
	char *err;
	size_t n;
} where;

typedef int case_fn(json_t *group, json_t *test, cs_wp_case *c, where *w);

typedef struct wp_kind {
	const char *name;   /* file name without .json */
	const char *schema; /* its "schema" */
	case_fn *fn;
} wp_kind;

static int
bad(where *w, const char *field, const char *what)
{
	snprintf(w->err, w->n, "%s.json: testGroups[%zu].tests[%zu].%s: %s", w->file, w->group,
		 w->test, field, what);
	return -1;
}

static int
bad_group(where *w, const char *field, const char *what)
{
	snprintf(w->err, w->n, "%s.json: testGroups[%zu].%s: %s", w->file, w->group, field, what);
	return -1;
}

/* A hex string field of obj (lowercased, owned) into *out; -1 when absent or
   not hex of whole bytes. */
static int
hex_field(json_t *obj, const char *key, char **out, where *w, bool in_group)
{
	const char *s = json_string_value(json_object_get(obj, key));
	size_t n = s ? strlen(s) : 0;
	if (!s || n % 2 || strspn(s, "0123456789abcdefABCDEF") != n)
		return in_group ? bad_group(w, key, "must be a hex string of whole bytes")
				: bad(w, key, "must be a hex string of whole bytes");
	*out = strdup(s);
	if (!*out)
		return bad(w, key, "out of memory");
	for (char *p = *out; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	return 0;
}

static int
int_field(json_t *obj, const char *key, long long *v, where *w)
{
	json_t *j = json_object_get(obj, key);
	if (!json_is_integer(j))
		return bad_group(w, key, "must be an integer");
	*v = json_integer_value(j);
	return 0;
}

static void
na(cs_wp_case *c, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(c->na, sizeof c->na, fmt, ap);
	va_end(ap);
	c->alg = NULL;
}

/* Some field longer than a conform request carries: not applicable. */
static void
check_size(cs_wp_case *c)
{
	const char *const f[] = {c->key, c->nonce, c->aad, c->msg,   c->ct,
				 c->tag, c->peer,  c->sig, c->shared};
	for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
		if (c->alg && f[i] && strlen(f[i]) > FIELD_MAX_HEX)
			na(c, "a field longer than %d bytes (the protocol's limit)",
			   FIELD_MAX_HEX / 2);
}

static int
aead_case(json_t *g, json_t *t, cs_wp_case *c, where *w, const cs_alg *alg, long long key_bits)
{
	long long iv, tag;
	if (int_field(g, "ivSize", &iv, w) || int_field(g, "tagSize", &tag, w))
		return -1;
	if (hex_field(t, "key", &c->key, w, false) || hex_field(t, "iv", &c->nonce, w, false) ||
	    hex_field(t, "aad", &c->aad, w, false) || hex_field(t, "msg", &c->msg, w, false) ||
	    hex_field(t, "ct", &c->ct, w, false) || hex_field(t, "tag", &c->tag, w, false))
		return -1;
	c->op = CS_OP_OPEN;
	c->alg = alg;
	if (!alg)
		na(c, "%lld-bit key: not in the catalogue", key_bits);
	else if ((size_t)iv != 8 * alg->nonce_len || (size_t)tag != 8 * alg->tag_len)
		na(c, "%lld-bit IV, %lld-bit tag: %s takes %zu and %zu", iv, tag, alg->name,
		   8 * alg->nonce_len, 8 * alg->tag_len);
	else if (strlen(c->key) != 2 * alg->key_len || strlen(c->nonce) != 2 * alg->nonce_len ||
		 strlen(c->tag) != 2 * alg->tag_len)
		na(c, "a key, IV or tag of another length than the group's");
	else if (strlen(c->msg) != strlen(c->ct))
		na(c, "ciphertext and plaintext of different lengths");
	return 0;
}

static int
gcm_case(json_t *g, json_t *t, cs_wp_case *c, where *w)
{
	long long key;
	if (int_field(g, "keySize", &key, w))
		return -1;
	const cs_alg *alg = key == 128	 ? cs_alg_find("aes-128-gcm")
			    : key == 256 ? cs_alg_find("aes-256-gcm")
					 : NULL;
	return aead_case(g, t, c, w, alg, key);
}

static int
chacha_case(json_t *g, json_t *t, cs_wp_case *c, where *w)
{
	long long key;
	if (int_field(g, "keySize", &key, w))
		return -1;
	return aead_case(g, t, c, w, key == 256 ? cs_alg_find("chacha20-poly1305") : NULL, key);
}

/* A big-endian private scalar as exactly 2*len hex digits (leading zero
   bytes dropped or added); -1 when it does not fit. */
static int
normalise_scalar(char **hex, size_t len)
{
	char *s = *hex;
	size_t n = strlen(s);
	while (n > 2 * len && s[0] == '0' && s[1] == '0') {
		s += 2;
		n -= 2;
	}
	if (n > 2 * len)
		return -1;
	char *out = malloc(2 * len + 1);
	if (!out)
		return -1;
	memset(out, '0', 2 * len - n);
	memcpy(out + 2 * len - n, s, n + 1);
	free(*hex);
	*hex = out;
	return 0;
}

static int
kex_common(json_t *t, cs_wp_case *c, where *w, const char *alg)
{
	if (hex_field(t, "public", &c->peer, w, false) ||
	    hex_field(t, "private", &c->key, w, false) ||
	    hex_field(t, "shared", &c->shared, w, false))
		return -1;
	c->op = CS_OP_DERIVE;
	c->alg = cs_alg_find(alg);
	return 0;
}

static int
x25519_case(json_t *g, json_t *t, cs_wp_case *c, where *w)
{
	(void)g;
	if (kex_common(t, c, w, "x25519"))
		return -1;
	if (strlen(c->peer) != 64 || strlen(c->key) != 64)
		na(c, "a public or private key that is not 32 bytes");
	return 0;
}

/* DER SubjectPublicKeyInfo of an uncompressed P-256 point: this fixed header
   then 04||X||Y. */
static const char p256_spki[] = "3059301306072a8648ce3d020106082a8648ce3d030107034200";

static int
ecdh_case(json_t *g, json_t *t, cs_wp_case *c, where *w)
{
	(void)g;
	if (kex_common(t, c, w, "p256"))
		return -1;
	size_t h = sizeof p256_spki - 1;
	if (strlen(c->peer) != h + 130 || strncmp(c->peer, p256_spki, h) != 0 ||
	    strncmp(c->peer + h, "04", 2) != 0) {
		na(c, "public key not a plain SubjectPublicKeyInfo of an uncompressed P-256 "
		      "point (the impls take the point)");
	} else {
		memmove(c->peer, c->peer + h, 131);
		if (normalise_scalar(&c->key, 32) != 0)
			na(c, "private key longer than 32 bytes");
	}
	return 0;
}

static int
sig_common(json_t *g, json_t *t, cs_wp_case *c, where *w, const char *alg)
{
	if (hex_field(t, "msg", &c->msg, w, false) || hex_field(t, "sig", &c->sig, w, false))
		return -1;
	(void)g;
	c->op = CS_OP_VERIFY;
	c->alg = cs_alg_find(alg);
	return 0;
}

static int
ecdsa_key(json_t *g, cs_wp_case *c, where *w)
{
	json_t *pk = json_object_get(g, "publicKey");
	if (!json_is_object(pk))
		return bad_group(w, "publicKey", "must be an object");
	if (hex_field(pk, "uncompressed", &c->peer, w, true))
		return -1;
	const char *sha = json_string_value(json_object_get(g, "sha"));
	if (!sha)
		return bad_group(w, "sha", "must be a string");
	if (strcmp(sha, "SHA-256") != 0)
		na(c, "hash %s (ecdsa-p256 hashes with SHA-256)", sha);
	else if (strlen(c->peer) != 130)
		na(c, "public key not an uncompressed point");
	return 0;
}

static int
p1363_case(json_t *g, json_t *t, cs_wp_case *c, where *w)
{
	if (sig_common(g, t, c, w, "ecdsa-p256") || ecdsa_key(g, c, w))
		return -1;
	if (c->alg && strlen(c->sig) != 128)
		na(c, "signature of %zu bytes (the impls take r||s, 64 bytes)", strlen(c->sig) / 2);
	return 0;
}

/* One DER INTEGER at hex p (bytes left: *left), strictly encoded and
   non-negative, as 64 hex digits into out; -1 otherwise. */
static int
der_int(const char **p, size_t *left, char *out)
{
	unsigned v;
	if (*left < 4 || strncmp(*p, "02", 2) != 0 || sscanf(*p + 2, "%2x", &v) != 1 || v == 0 ||
	    v > 33 || *left < 2 + v)
		return -1;
	const char *b = *p + 4;
	size_t used = 2 + (size_t)v;
	unsigned first, second = 0;
	sscanf(b, "%2x", &first);
	if (v > 1)
		sscanf(b + 2, "%2x", &second);
	if (first >= 0x80 || (first == 0 && v > 1 && second < 0x80))
		return -1; /* negative, or a needless leading zero */
	if (first == 0 && v > 1) {
		b += 2;
		v--;
	}
	if (v > 32)
		return -1;
	memset(out, '0', 64 - 2 * v);
	memcpy(out + 64 - 2 * v, b, 2 * v);
	*p += 2 * used;
	*left -= used;
	return 0;
}

static int
ecdsa_der_case(json_t *g, json_t *t, cs_wp_case *c, where *w)
{
	if (sig_common(g, t, c, w, "ecdsa-p256") || ecdsa_key(g, c, w))
		return -1;
	if (!c->alg)
		return 0;
	const char *p = c->sig;
	size_t left = strlen(p) / 2;
	unsigned seq;
	char rs[129];
	if (left < 2 || strncmp(p, "30", 2) != 0 || sscanf(p + 2, "%2x", &seq) != 1 ||
	    seq >= 0x80 || seq != left - 2) {
		na(c, "signature not strict DER (the impls take r||s)");
		return 0;
	}
	p += 4;
	left -= 2;
	if (der_int(&p, &left, rs) != 0 || der_int(&p, &left, rs + 64) != 0 || left != 0) {
		na(c, "signature not strict DER of two integers of at most 32 bytes (the impls "
		      "take r||s)");
		return 0;
	}
	rs[128] = '\0';
	free(c->sig);
	c->sig = strdup(rs);
	return c->sig ? 0 : bad(w, "sig", "out of memory");
}

static int
ed25519_case(json_t *g, json_t *t, cs_wp_case *c, where *w)
{
	if (sig_common(g, t, c, w, "ed25519"))
		return -1;
	json_t *pk = json_object_get(g, "publicKey");
	if (!json_is_object(pk))
		return bad_group(w, "publicKey", "must be an object");
	if (hex_field(pk, "pk", &c->peer, w, true))
		return -1;
	if (strlen(c->peer) != 64)
		na(c, "public key not 32 bytes");
	else if (strlen(c->sig) != 128)
		na(c, "signature of %zu bytes (the impls take 64)", strlen(c->sig) / 2);
	return 0;
}

static int
rsa_case(json_t *g, json_t *t, cs_wp_case *c, where *w)
{
	if (sig_common(g, t, c, w, "rsa-2048"))
		return -1;
	if (hex_field(g, "publicKeyAsn", &c->peer, w, true))
		return -1;
	const char *sha = json_string_value(json_object_get(g, "sha"));
	if (!sha)
		return bad_group(w, "sha", "must be a string");
	if (strcmp(sha, "SHA-256") != 0)
		na(c, "hash %s (rsa-2048 hashes with SHA-256)", sha);
	else if (strlen(c->sig) != 512)
		na(c, "signature of %zu bytes (the impls take 256)", strlen(c->sig) / 2);
	return 0;
}

static int
hmac_case(json_t *g, json_t *t, cs_wp_case *c, where *w)
{
	(void)g;
	if (hex_field(t, "key", &c->key, w, false) || hex_field(t, "msg", &c->msg, w, false) ||
	    hex_field(t, "tag", &c->tag, w, false))
		return -1;
	c->op = CS_OP_MAC;
	c->alg = cs_alg_find("hmac-sha256");
	if (strlen(c->tag) == 0 || strlen(c->tag) > 64)
		na(c, "tag of %zu bytes (HMAC-SHA256 gives 1 to 32)", strlen(c->tag) / 2);
	return 0;
}

static const wp_kind kinds[] = {
	{"aes_gcm_test", "aead_test_schema_v1.json", gcm_case},
	{"chacha20_poly1305_test", "aead_test_schema_v1.json", chacha_case},
	{"x25519_test", "xdh_comp_schema_v1.json", x25519_case},
	{"ecdh_secp256r1_test", "ecdh_test_schema_v1.json", ecdh_case},
	{"ecdsa_secp256r1_sha256_test", "ecdsa_verify_schema_v1.json", ecdsa_der_case},
	{"ecdsa_secp256r1_sha256_p1363_test", "ecdsa_p1363_verify_schema_v1.json", p1363_case},
	{"ed25519_test", "eddsa_verify_schema_v1.json", ed25519_case},
	{"rsa_signature_2048_sha256_test", "rsassa_pkcs1_verify_schema_v1.json", rsa_case},
	{"hmac_sha256_test", "mac_test_schema_v1.json", hmac_case},
};

const char *const cs_wp_names[] = {
	"aes_gcm_test",
	"chacha20_poly1305_test",
	"x25519_test",
	"ecdh_secp256r1_test",
	"ecdsa_secp256r1_sha256_test",
	"ecdsa_secp256r1_sha256_p1363_test",
	"ed25519_test",
	"rsa_signature_2048_sha256_test",
	"hmac_sha256_test",
	NULL,
};

static void
case_free(cs_wp_case *c)
{
	free(c->key);
	free(c->nonce);
	free(c->aad);
	free(c->msg);
	free(c->ct);
	free(c->tag);
	free(c->peer);
	free(c->sig);
	free(c->shared);
}

void
cs_wp_free(cs_wp_file *f)
{
	for (size_t i = 0; i < f->n_cases; i++)
		case_free(&f->cases[i]);
	free(f->cases);
	f->cases = NULL;
	f->n_cases = 0;
}

static int
load_tests(json_t *root, const wp_kind *k, cs_wp_file *out, where *w)
{
	json_t *groups = json_object_get(root, "testGroups");
	if (!json_is_array(groups) || json_array_size(groups) == 0) {
		snprintf(w->err, w->n, "%s.json: testGroups: must be a non-empty array", w->file);
		return -1;
	}
	size_t total = 0, gi, ti;
	json_t *g, *t;
	json_array_foreach(groups, gi, g)
	{
		w->group = gi;
		json_t *tests = json_object_get(g, "tests");
		if (!json_is_object(g) || !json_is_array(tests))
			return bad_group(w, "tests", "must be an array");
		total += json_array_size(tests);
	}
	if (total == 0) {
		snprintf(w->err, w->n,
			 "%s.json: testGroups: no test in any group (accepted: a vector file "
			 "with at least one test; an empty one checks nothing)",
			 w->file);
		return -1;
	}
	out->cases = calloc(total ? total : 1, sizeof *out->cases);
	if (!out->cases)
		return bad_group(w, "tests", "out of memory");
	json_array_foreach(groups, gi, g)
	{
		w->group = gi;
		json_array_foreach(json_object_get(g, "tests"), ti, t)
		{
			w->test = ti;
			cs_wp_case *c = &out->cases[out->n_cases++];
			if (!json_is_object(t))
				return bad(w, "tcId", "the test must be an object");
			json_t *id = json_object_get(t, "tcId");
			if (!json_is_integer(id) || json_integer_value(id) < 0)
				return bad(w, "tcId", "must be an integer >= 0");
			c->tc_id = json_integer_value(id);
			const char *r = json_string_value(json_object_get(t, "result"));
			if (!r ||
			    (strcmp(r, "valid") && strcmp(r, "invalid") && strcmp(r, "acceptable")))
				return bad(w, "result", "must be valid, invalid or acceptable");
			c->expect = r[0] == 'v'	  ? CS_WP_VALID
				    : r[0] == 'i' ? CS_WP_INVALID
						  : CS_WP_ACCEPTABLE;
			if (k->fn(g, t, c, w) != 0)
				return -1;
			check_size(c);
		}
	}
	return 0;
}

int
cs_wp_load(const char *dir, const char *name, cs_wp_file *out, char *err, size_t n)
{
	memset(out, 0, sizeof *out);
	const wp_kind *k = NULL;
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (strcmp(kinds[i].name, name) == 0)
			k = &kinds[i];
	if (!k) {
		snprintf(err, n, "unknown vector file '%s'", name);
		return -1;
	}
	snprintf(out->name, sizeof out->name, "%s", name);
	char path[4096];
	snprintf(path, sizeof path, "%s/%s.json", dir, name);
	json_error_t je;
	json_t *root = json_load_file(path, JSON_REJECT_DUPLICATES, &je);
	if (!root && je.line < 1) {
		snprintf(err, n, "%s (the vector folder: --vectors DIR)", je.text);
		return -1;
	}
	if (!root) {
		snprintf(err, n, "%s: line %d column %d: %s", path, je.line, je.column, je.text);
		return -1;
	}
	where w = {.file = name, .err = err, .n = n};
	const char *schema = json_string_value(json_object_get(root, "schema"));
	const char *alg = json_string_value(json_object_get(root, "algorithm"));
	int rc = -1;
	if (!schema || strcmp(schema, k->schema) != 0)
		snprintf(err, n, "%s.json: schema: must be \"%s\"", name, k->schema);
	else if (!alg)
		snprintf(err, n, "%s.json: algorithm: must be a string", name);
	else {
		snprintf(out->algorithm, sizeof out->algorithm, "%s", alg);
		rc = load_tests(root, k, out, &w);
	}
	json_decref(root);
	if (rc != 0)
		cs_wp_free(out);
	return rc;
}
