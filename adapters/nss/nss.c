/*
 * NSS adapter: the PK11 API on NSS's internal (softoken) slot, path "pk11".
 * NSS runs with no database (NSS_NoDB_Init): nothing is read from disk but
 * the softoken and freebl libraries, nothing goes to the network.
 *
 *  AEAD    AES-GCM, ChaCha20-Poly1305: a message context
 *          (PK11_CreateContextBySymKey with CKA_NSS_MESSAGE) keyed once;
 *          per op PK11_AEADOp with the caller's nonce (CKG_NO_GENERATE), as
 *          NSS's TLS 1.3 does.
 *  CIPHER  AES-128-CBC: PK11_Encrypt per op. A PKCS#11 context fixes its IV
 *          when it is made, so a CBC encryption from a new IV is a new
 *          C_EncryptInit: the key schedule is part of each op on this API.
 *  HASH    PK11_CreateDigestContext once; per op PK11_DigestBegin, Op, Final.
 *  MAC     HMAC-SHA256: a CKM_SHA256_HMAC context on the imported key, once;
 *          per op PK11_DigestBegin, Op, Final.
 *  KEX     X25519 and P-256: CKM_ECDH1_DERIVE through PK11_PubDeriveWithKDF
 *          (no KDF) to a generic secret, then PK11_ExtractKeyValue; keygen
 *          PK11_GenerateKeyPair (CKM_EC_KEY_PAIR_GEN with the curve's OID).
 *  SIG     ECDSA P-256 (CKM_ECDSA_SHA256: r||s, random k) and RSA-2048
 *          (CKM_SHA256_RSA_PKCS) through PK11_SignWithMechanism /
 *          PK11_VerifyWithMechanism; the token hashes the message.
 *          Ed25519: NSS 3.87's softoken has none.
 *
 * Private keys enter as PKCS#8 (PK11_ImportDERPrivateKeyInfoAndReturnKey),
 * public keys as SECKEYPublicKey objects in an arena.
 *
 * Capability masks: freebl reads NSS_DISABLE_HW_SHA, NSS_DISABLE_HW_AES,
 * NSS_DISABLE_PCLMUL, NSS_DISABLE_AVX(2), NSS_DISABLE_SSSE3... when it is
 * loaded (lib/freebl/blinit.c): see nss_mask_env.
 */
#include <certt.h>
#include <keyhi.h>
#include <nss.h>
#include <pk11pub.h>
#include <prerror.h>
#include <secerr.h>
#include <secoid.h>

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cpu.h"
#include "cryptospeed/adapter.h"

#define PATH "pk11"

/*
 * Every algorithm the adapter runs, one line each, in the catalogue's order:
 *
 *   X(id, family, arg)
 *
 * id      the catalogue's id (algs.def)
 * family  AEAD: a message context, arg the PKCS#11 mechanism;
 *         CBC: AES-CBC, PK11_Encrypt per op, any key size (the
 *         catalogue's key_len), arg -;
 *         HASH: a digest context, arg the hash's SECOidTag;
 *         MAC: HMAC-SHA256, arg -;
 *         KEX: ECDH on the curve of the algorithm, arg -;
 *         SIG: PK11_SignWithMechanism, arg the impl's flags;
 *         NONE: the softoken lacks it, arg why (shown by `list`)
 *
 * A hash the softoken knows, or an AES key size in CBC, is one line here.
 */
#define ED25519_WHY                                                                                \
	"NSS 3.87's softoken has no Ed25519 (PK11_DoesMechanism: no CKM_EDDSA, no "                \
	"CKM_EC_EDWARDS_KEY_PAIR_GEN)"
#define NSS_ALGS(X)                                                                                \
	X(aes_128_gcm, AEAD, CKM_AES_GCM)                                                          \
	X(aes_256_gcm, AEAD, CKM_AES_GCM)                                                          \
	X(chacha20_poly1305, AEAD, CKM_CHACHA20_POLY1305)                                          \
	X(aes_128_cbc, CBC, -)                                                                     \
	X(sha1, HASH, SEC_OID_SHA1)                                                                \
	X(sha256, HASH, SEC_OID_SHA256)                                                            \
	X(sha512, HASH, SEC_OID_SHA512)                                                            \
	X(x25519, KEX, -)                                                                          \
	X(p256, KEX, -)                                                                            \
	X(ed25519, NONE, ED25519_WHY)                                                              \
	X(ecdsa_p256, SIG, CS_IMPL_RANDOMIZED)                                                     \
	X(rsa_2048, SIG, 0)                                                                        \
	X(hmac_sha256, MAC, -)                                                                     \
	X(ml_kem_768, NONE, "NSS 3.87's softoken has no ML-KEM (no CKM_ML_KEM)")                   \
	X(ml_dsa_65, NONE, "NSS 3.87's softoken has no ML-DSA (no CKM_ML_DSA)")                    \
	/* a new line goes above this one */

/* The mechanism (AEAD) or SECOidTag (HASH) of each line that has one. */
typedef struct arg_line {
	const cs_alg *alg; /* the catalogue's algorithm */
	unsigned long arg; /* its CK_MECHANISM_TYPE or SECOidTag */
} arg_line;

#define ARG_LINE_AEAD(id, arg) {&cs_alg_##id, arg},
#define ARG_LINE_HASH(id, arg) {&cs_alg_##id, arg},
#define ARG_LINE_CBC(id, arg)
#define ARG_LINE_MAC(id, arg)
#define ARG_LINE_KEX(id, arg)
#define ARG_LINE_SIG(id, arg)
#define ARG_LINE_NONE(id, arg)
#define ARG_LINE(id, family, arg) ARG_LINE_##family(id, arg)
static const arg_line arg_lines[] = {NSS_ALGS(ARG_LINE){.alg = NULL}};

/* The table's arg for alg, or 0 (no mechanism, SEC_OID_UNKNOWN). */
static unsigned long
arg_of(const cs_alg *alg)
{
	for (const arg_line *l = arg_lines; l->alg; l++)
		if (l->alg == alg)
			return l->arg;
	return 0;
}

/* The DER of the OIDs this adapter writes. */
static const uint8_t oid_p256[] = {0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07};
/* 1.3.6.1.4.1.11591.15.1: NSS's SEC_OID_CURVE25519 */
static const uint8_t oid_x25519[] = {0x06, 0x09, 0x2b, 0x06, 0x01, 0x04,
				     0x01, 0xda, 0x47, 0x0f, 0x01};
/* id-ecPublicKey */
static const uint8_t oid_ec[] = {0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01};
/* rsaEncryption, NULL */
static const uint8_t alg_rsa[] = {0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7,
				  0x0d, 0x01, 0x01, 0x01, 0x05, 0x00};

/* The slot every impl works on (the softoken's), from init. */
static PK11SlotInfo *slot;

/* NSS's thread error as a cs_status. */
static cs_status
nss_error(void)
{
	switch (PORT_GetError()) {
	case SEC_ERROR_NO_MEMORY: return CS_NO_MEMORY;
	case SEC_ERROR_INVALID_ARGS: return CS_BAD_PARAM;
	case SEC_ERROR_BAD_DATA:
	case SEC_ERROR_BAD_SIGNATURE: return CS_MISMATCH;
	default: return CS_LIB_ERROR;
	}
}

/* ---- DER writing, for the PKCS#8 wrappers ---- */

/* A growing DER buffer; ok turns false when it would overflow. */
typedef struct der_buf {
	uint8_t *p;
	size_t len, size;
	bool ok;
} der_buf;

static void
der_put(der_buf *b, const void *data, size_t n)
{
	if (!b->ok || b->size - b->len < n) {
		b->ok = false;
		return;
	}
	memcpy(b->p + b->len, data, n);
	b->len += n;
}

/* A tag and a definite length of n bytes. */
static void
der_head(der_buf *b, uint8_t tag, size_t n)
{
	uint8_t h[4] = {tag};
	size_t hl;
	if (n < 0x80) {
		h[1] = (uint8_t)n, hl = 2;
	} else if (n < 0x100) {
		h[1] = 0x81, h[2] = (uint8_t)n, hl = 3;
	} else if (n < 0x10000) {
		h[1] = 0x82, h[2] = (uint8_t)(n >> 8), h[3] = (uint8_t)n, hl = 4;
	} else {
		b->ok = false;
		return;
	}
	der_put(b, h, hl);
}

/* The bytes of a tag and length for n content bytes. */
static size_t
der_head_len(size_t n)
{
	return n < 0x80 ? 2 : n < 0x100 ? 3 : 4;
}

/*
 * PrivateKeyInfo (RFC 5208) around an EC private key: ECPrivateKey (RFC
 * 5915) with d and, when pub is given, the public key.
 */
static size_t
pkcs8_ec(uint8_t *out, size_t size, const uint8_t *curve, size_t curve_len, const uint8_t *d,
	 size_t d_len, const uint8_t *pub, size_t pub_len)
{
	static const uint8_t v0[] = {0x02, 0x01, 0x00}, v1[] = {0x02, 0x01, 0x01};
	size_t pubbits = pub ? der_head_len(pub_len + 1) + pub_len + 1 : 0;
	size_t ecpk = sizeof v1 + der_head_len(d_len) + d_len +
		      (pub ? der_head_len(pubbits) + pubbits : 0);
	size_t ecpk_seq = der_head_len(ecpk) + ecpk;
	size_t algid = sizeof oid_ec + curve_len;
	size_t body = sizeof v0 + der_head_len(algid) + algid + der_head_len(ecpk_seq) + ecpk_seq;
	der_buf b = {.p = out, .size = size, .ok = true};
	der_head(&b, 0x30, body);
	der_put(&b, v0, sizeof v0);
	der_head(&b, 0x30, algid);
	der_put(&b, oid_ec, sizeof oid_ec);
	der_put(&b, curve, curve_len);
	der_head(&b, 0x04, ecpk_seq);
	der_head(&b, 0x30, ecpk);
	der_put(&b, v1, sizeof v1);
	der_head(&b, 0x04, d_len);
	der_put(&b, d, d_len);
	if (pub) {
		der_head(&b, 0xa1, pubbits);
		der_head(&b, 0x03, pub_len + 1);
		der_put(&b, "", 1); /* no unused bits */
		der_put(&b, pub, pub_len);
	}
	return b.ok ? b.len : 0;
}

/* PrivateKeyInfo around a DER RSAPrivateKey. */
static size_t
pkcs8_rsa(uint8_t *out, size_t size, const uint8_t *key, size_t key_len)
{
	static const uint8_t v0[] = {0x02, 0x01, 0x00};
	size_t body = sizeof v0 + der_head_len(sizeof alg_rsa) + sizeof alg_rsa +
		      der_head_len(key_len) + key_len;
	der_buf b = {.p = out, .size = size, .ok = true};
	der_head(&b, 0x30, body);
	der_put(&b, v0, sizeof v0);
	der_head(&b, 0x30, sizeof alg_rsa);
	der_put(&b, alg_rsa, sizeof alg_rsa);
	der_head(&b, 0x04, key_len);
	der_put(&b, key, key_len);
	return b.ok ? b.len : 0;
}

/* Import a PrivateKeyInfo into the slot as a session key. */
static cs_status
import_private(const uint8_t *der, size_t len, SECKEYPrivateKey **key)
{
	SECItem item = {siBuffer, (unsigned char *)der, (unsigned)len};
	unsigned usage = KU_DIGITAL_SIGNATURE | KU_KEY_AGREEMENT;
	if (PK11_ImportDERPrivateKeyInfoAndReturnKey(slot, &item, NULL, NULL, PR_FALSE, PR_FALSE,
						     usage, key, NULL) != SECSuccess ||
	    !*key)
		return nss_error();
	return CS_OK;
}

/* An EC public key (uncompressed point, or X25519's u) on `curve`, in its
   own arena: SECKEY_DestroyPublicKey frees it. */
static cs_status
ec_public(const uint8_t *curve, size_t curve_len, const uint8_t *point, size_t point_len,
	  SECKEYPublicKey **out)
{
	PLArenaPool *arena = PORT_NewArena(1024);
	SECKEYPublicKey *pub = arena ? PORT_ArenaZNew(arena, SECKEYPublicKey) : NULL;
	if (!pub) {
		if (arena)
			PORT_FreeArena(arena, PR_FALSE);
		return CS_NO_MEMORY;
	}
	pub->arena = arena;
	pub->keyType = ecKey;
	pub->pkcs11ID = CK_INVALID_HANDLE;
	if (!SECITEM_AllocItem(arena, &pub->u.ec.DEREncodedParams, (unsigned)curve_len) ||
	    !SECITEM_AllocItem(arena, &pub->u.ec.publicValue, (unsigned)point_len)) {
		PORT_FreeArena(arena, PR_FALSE);
		return CS_NO_MEMORY;
	}
	memcpy(pub->u.ec.DEREncodedParams.data, curve, curve_len);
	memcpy(pub->u.ec.publicValue.data, point, point_len);
	*out = pub;
	return CS_OK;
}

/*
 * An EC private key from its scalar alone, for ECDH. The PKCS#8 import
 * needs the public key (NSS derives the key's CKA_ID from it and refuses a
 * key without one), which a derive does not have: so the key is made as a
 * PKCS#11 session object (C_CreateObject, which needs no public value for a
 * session key) with an ID of our own, and found again by that ID.
 */
static cs_status
ec_private_raw(const uint8_t *curve, size_t curve_len, const uint8_t *d, size_t d_len,
	       SECKEYPrivateKey **out)
{
	static unsigned serial;
	CK_OBJECT_CLASS cls = CKO_PRIVATE_KEY;
	CK_KEY_TYPE type = CKK_EC;
	CK_BBOOL yes = CK_TRUE, no = CK_FALSE;
	unsigned char id[32];
	int idn = snprintf((char *)id, sizeof id, "cs-ecdh-%u", ++serial);
	CK_ATTRIBUTE tmpl[] = {
		{CKA_CLASS, &cls, sizeof cls},
		{CKA_KEY_TYPE, &type, sizeof type},
		{CKA_TOKEN, &no, sizeof no},
		{CKA_SENSITIVE, &no, sizeof no},
		{CKA_DERIVE, &yes, sizeof yes},
		{CKA_ID, id, (CK_ULONG)idn},
		{CKA_EC_PARAMS, (void *)curve, (CK_ULONG)curve_len},
		{CKA_VALUE, (void *)d, (CK_ULONG)d_len},
	};
	PK11GenericObject *obj =
		PK11_CreateGenericObject(slot, tmpl, (int)(sizeof tmpl / sizeof tmpl[0]), PR_FALSE);
	if (!obj)
		return nss_error();
	/* The wrapper only: the object lives on until the key is destroyed. */
	PK11_DestroyGenericObject(obj);
	SECItem key_id = {siBuffer, id, (unsigned)idn};
	*out = PK11_FindKeyByKeyID(slot, &key_id, NULL);
	return *out ? CS_OK : nss_error();
}

/* ---- Symmetric keys ---- */

static cs_status
import_sym(CK_MECHANISM_TYPE mech, CK_ATTRIBUTE_TYPE op, const uint8_t *key, size_t len,
	   PK11SymKey **out)
{
	SECItem item = {siBuffer, (unsigned char *)key, (unsigned)len};
	*out = PK11_ImportSymKey(slot, mech, PK11_OriginUnwrap, op, &item, NULL);
	return *out ? CS_OK : nss_error();
}

/* ---- AEAD: message contexts ---- */

typedef struct aead_ctx {
	PK11SymKey *key;
	PK11Context *mctx;
	cs_op op;
	int nonce_len, tag_len;
} aead_ctx;

static cs_setup_fn aead_setup;
static cs_run_fn aead_run;
static cs_teardown_fn aead_teardown;

static cs_status
aead_setup(void *ctx, const cs_setup *s)
{
	aead_ctx *c = ctx;
	CK_MECHANISM_TYPE mech = arg_of(s->alg);
	if (!mech || (s->op != CS_OP_SEAL && s->op != CS_OP_OPEN) || s->max_len > INT32_MAX ||
	    s->aad_len > INT32_MAX || s->alg->nonce_len > 16)
		return CS_BAD_PARAM;
	c->op = s->op;
	c->nonce_len = (int)s->alg->nonce_len;
	c->tag_len = (int)s->alg->tag_len;
	CK_ATTRIBUTE_TYPE dir = s->op == CS_OP_SEAL ? CKA_ENCRYPT : CKA_DECRYPT;
	cs_status st = import_sym(mech, dir, s->key, s->alg->key_len, &c->key);
	if (st != CS_OK)
		return st;
	SECItem none = {siBuffer, NULL, 0};
	c->mctx = PK11_CreateContextBySymKey(mech, CKA_NSS_MESSAGE | dir, c->key, &none);
	return c->mctx ? CS_OK : nss_error();
}

static cs_status
aead_run(void *ctx, const cs_io *io)
{
	aead_ctx *c = ctx;
	unsigned char iv[16];
	int n = 0;
	memcpy(iv, io->nonce, (size_t)c->nonce_len); /* PK11_AEADOp's iv is in/out */
	SECStatus rv = PK11_AEADOp(c->mctx, CKG_NO_GENERATE, 0, iv, c->nonce_len, io->aad,
				   (int)io->aad_len, io->out, &n, (int)io->len, io->tag, c->tag_len,
				   io->in, (int)io->len);
	if (rv != SECSuccess)
		return c->op == CS_OP_OPEN ? CS_MISMATCH : nss_error();
	return (size_t)n == io->len ? CS_OK : CS_LIB_ERROR;
}

static void
aead_teardown(void *ctx)
{
	aead_ctx *c = ctx;
	if (c->mctx)
		PK11_DestroyContext(c->mctx, PR_TRUE);
	if (c->key)
		PK11_FreeSymKey(c->key);
	c->mctx = NULL;
	c->key = NULL;
}

/* ---- AES-CBC (any key size): PK11_Encrypt ---- */

typedef struct cbc_ctx {
	PK11SymKey *key;
} cbc_ctx;

static cs_setup_fn cbc_setup;
static cs_run_fn cbc_run;
static cs_teardown_fn cbc_teardown;

static cs_status
cbc_setup(void *ctx, const cs_setup *s)
{
	cbc_ctx *c = ctx;
	if (s->op != CS_OP_ENCRYPT || s->alg->nonce_len != 16 || s->max_len > UINT32_MAX)
		return CS_BAD_PARAM;
	return import_sym(CKM_AES_CBC, CKA_ENCRYPT, s->key, s->alg->key_len, &c->key);
}

static cs_status
cbc_run(void *ctx, const cs_io *io)
{
	cbc_ctx *c = ctx;
	SECItem iv = {siBuffer, (unsigned char *)io->nonce, 16};
	unsigned int n = 0;
	if (PK11_Encrypt(c->key, CKM_AES_CBC, &iv, io->out, &n, (unsigned)io->len, io->in,
			 (unsigned)io->len) != SECSuccess)
		return nss_error();
	return n == io->len ? CS_OK : CS_LIB_ERROR;
}

static void
cbc_teardown(void *ctx)
{
	cbc_ctx *c = ctx;
	if (c->key)
		PK11_FreeSymKey(c->key);
	c->key = NULL;
}

/* ---- Hashes and HMAC: a digest context ---- */

typedef struct digest_ctx {
	PK11SymKey *key; /* HMAC */
	PK11Context *dctx;
	unsigned out_len;
} digest_ctx;

static cs_setup_fn hash_setup;
static cs_setup_fn hmac_setup;
static cs_run_fn digest_run;
static cs_teardown_fn digest_teardown;

static cs_status
hash_setup(void *ctx, const cs_setup *s)
{
	digest_ctx *c = ctx;
	SECOidTag oid = (SECOidTag)arg_of(s->alg);
	if (s->op != CS_OP_DIGEST || oid == SEC_OID_UNKNOWN || s->max_len > UINT32_MAX)
		return CS_BAD_PARAM;
	c->out_len = (unsigned)s->alg->out_len;
	c->dctx = PK11_CreateDigestContext(oid);
	return c->dctx ? CS_OK : nss_error();
}

static cs_status
hmac_setup(void *ctx, const cs_setup *s)
{
	digest_ctx *c = ctx;
	if (s->op != CS_OP_MAC || s->max_len > UINT32_MAX)
		return CS_BAD_PARAM;
	c->out_len = (unsigned)s->alg->out_len;
	cs_status st = import_sym(CKM_SHA256_HMAC, CKA_SIGN, s->key, s->key_len, &c->key);
	if (st != CS_OK)
		return st;
	SECItem none = {siBuffer, NULL, 0};
	c->dctx = PK11_CreateContextBySymKey(CKM_SHA256_HMAC, CKA_SIGN, c->key, &none);
	return c->dctx ? CS_OK : nss_error();
}

static cs_status
digest_run(void *ctx, const cs_io *io)
{
	digest_ctx *c = ctx;
	unsigned n = 0;
	if (PK11_DigestBegin(c->dctx) != SECSuccess ||
	    (io->len && PK11_DigestOp(c->dctx, io->in, (unsigned)io->len) != SECSuccess) ||
	    PK11_DigestFinal(c->dctx, io->out, &n, c->out_len) != SECSuccess)
		return nss_error();
	return n == c->out_len ? CS_OK : CS_LIB_ERROR;
}

static void
digest_teardown(void *ctx)
{
	digest_ctx *c = ctx;
	if (c->dctx)
		PK11_DestroyContext(c->dctx, PR_TRUE);
	if (c->key)
		PK11_FreeSymKey(c->key);
	c->dctx = NULL;
	c->key = NULL;
}

/* ---- EC keys: generation, ECDH ---- */

/* A fresh key pair on the curve (its OID's DER); the public value to out. */
static cs_status
ec_keygen(const uint8_t *curve, size_t curve_len, uint8_t *out, size_t out_len)
{
	SECItem params = {siDEROID, (unsigned char *)curve, (unsigned)curve_len};
	SECKEYPublicKey *pub = NULL;
	SECKEYPrivateKey *priv = PK11_GenerateKeyPair(slot, CKM_EC_KEY_PAIR_GEN, &params, &pub,
						      PR_FALSE, PR_FALSE, NULL);
	cs_status st = priv && pub ? CS_OK : nss_error();
	if (st == CS_OK && pub->u.ec.publicValue.len == out_len)
		memcpy(out, pub->u.ec.publicValue.data, out_len);
	else if (st == CS_OK)
		st = CS_LIB_ERROR;
	if (pub)
		SECKEY_DestroyPublicKey(pub);
	if (priv)
		SECKEY_DestroyPrivateKey(priv);
	return st;
}

typedef struct kex_ctx {
	cs_op op;
	const uint8_t *curve;
	size_t curve_len;
	SECKEYPrivateKey *priv;
	SECKEYPublicKey *peer;
} kex_ctx;

static cs_setup_fn kex_setup;
static cs_run_fn kex_run;
static cs_teardown_fn kex_teardown;

static cs_status
kex_setup(void *ctx, const cs_setup *s)
{
	kex_ctx *c = ctx;
	if (s->op != CS_OP_DERIVE && s->op != CS_OP_KEYGEN)
		return CS_BAD_PARAM;
	c->op = s->op;
	bool x = s->alg == &cs_alg_x25519;
	c->curve = x ? oid_x25519 : oid_p256;
	c->curve_len = x ? sizeof oid_x25519 : sizeof oid_p256;
	if (s->op == CS_OP_KEYGEN)
		return CS_OK;
	if (!s->key || !s->peer || s->peer_len != s->alg->pub_len)
		return CS_BAD_PARAM;
	cs_status st = ec_private_raw(c->curve, c->curve_len, s->key, s->alg->key_len, &c->priv);
	if (st == CS_OK)
		st = ec_public(c->curve, c->curve_len, s->peer, s->peer_len, &c->peer);
	return st;
}

static cs_status
kex_run(void *ctx, const cs_io *io)
{
	kex_ctx *c = ctx;
	if (c->op == CS_OP_KEYGEN)
		return ec_keygen(c->curve, c->curve_len, io->out, c->curve == oid_x25519 ? 32 : 65);
	PK11SymKey *secret = PK11_PubDeriveWithKDF(c->priv, c->peer, PR_FALSE, NULL, NULL,
						   CKM_ECDH1_DERIVE, CKM_GENERIC_SECRET_KEY_GEN,
						   CKA_DERIVE, 0, CKD_NULL, NULL, NULL);
	if (!secret)
		return nss_error();
	cs_status st = CS_OK;
	if (PK11_ExtractKeyValue(secret) != SECSuccess) {
		st = nss_error();
	} else {
		SECItem *v = PK11_GetKeyData(secret);
		if (v && v->len == 32)
			memcpy(io->out, v->data, 32);
		else
			st = CS_LIB_ERROR;
	}
	PK11_FreeSymKey(secret);
	return st;
}

static void
kex_teardown(void *ctx)
{
	kex_ctx *c = ctx;
	if (c->priv)
		SECKEY_DestroyPrivateKey(c->priv);
	if (c->peer)
		SECKEY_DestroyPublicKey(c->peer);
	c->priv = NULL;
	c->peer = NULL;
}

/* ---- Signatures: ECDSA P-256, RSA-2048 ---- */

typedef struct sig_ctx {
	cs_op op;
	CK_MECHANISM_TYPE mech;
	unsigned sig_len;
	SECKEYPrivateKey *priv;
	SECKEYPublicKey *pub;
} sig_ctx;

static cs_setup_fn sig_setup;
static cs_run_fn sig_run;
static cs_teardown_fn sig_teardown;

static cs_status
sig_setup(void *ctx, const cs_setup *s)
{
	sig_ctx *c = ctx;
	bool rsa = s->alg == &cs_alg_rsa_2048;
	c->op = s->op;
	c->mech = rsa ? CKM_SHA256_RSA_PKCS : CKM_ECDSA_SHA256;
	c->sig_len = (unsigned)s->alg->out_len;
	if (s->op == CS_OP_KEYGEN)
		return rsa ? CS_BAD_PARAM : CS_OK;
	if ((s->op != CS_OP_SIGN && s->op != CS_OP_VERIFY) || s->max_len > UINT32_MAX)
		return CS_BAD_PARAM;
	if (s->op == CS_OP_VERIFY) {
		if (!rsa)
			return ec_public(oid_p256, sizeof oid_p256, s->peer, s->peer_len, &c->pub);
		SECItem der = {siBuffer, (unsigned char *)s->peer, (unsigned)s->peer_len};
		c->pub = SECKEY_ImportDERPublicKey(&der, CKK_RSA);
		return c->pub ? CS_OK : nss_error();
	}
	uint8_t der[2048];
	size_t len = rsa ? pkcs8_rsa(der, sizeof der, s->key, s->key_len)
			 : pkcs8_ec(der, sizeof der, oid_p256, sizeof oid_p256, s->key, s->key_len,
				    s->peer, s->peer_len);
	if (!len)
		return CS_BAD_PARAM;
	return import_private(der, len, &c->priv);
}

static cs_status
sig_run(void *ctx, const cs_io *io)
{
	sig_ctx *c = ctx;
	if (c->op == CS_OP_KEYGEN)
		return ec_keygen(oid_p256, sizeof oid_p256, io->out, 65);
	SECItem data = {siBuffer, (unsigned char *)io->in, (unsigned)io->len};
	if (c->op == CS_OP_SIGN) {
		SECItem sig = {siBuffer, io->out, c->sig_len};
		if (PK11_SignWithMechanism(c->priv, c->mech, NULL, &sig, &data) != SECSuccess)
			return nss_error();
		return sig.len == c->sig_len ? CS_OK : CS_LIB_ERROR;
	}
	SECItem sig = {siBuffer, (unsigned char *)io->sig, c->sig_len};
	if (PK11_VerifyWithMechanism(c->pub, c->mech, NULL, &sig, &data, NULL) == SECSuccess)
		return CS_OK;
	return PORT_GetError() == SEC_ERROR_BAD_SIGNATURE ? CS_MISMATCH : nss_error();
}

static void
sig_teardown(void *ctx)
{
	sig_ctx *c = ctx;
	if (c->priv)
		SECKEY_DestroyPrivateKey(c->priv);
	if (c->pub)
		SECKEY_DestroyPublicKey(c->pub);
	c->priv = NULL;
	c->pub = NULL;
}

/* ---- What served a cell ---- */

static cs_describe_fn slot_describe;

/* Every impl runs on the softoken's slot: its token, and whether NSS is in
   FIPS mode (which changes what the softoken allows, not how fast). */
static void
slot_describe(void *ctx, char *buf, size_t size)
{
	(void)ctx;
	snprintf(buf, size, "token=\"%s\" fips=%d", PK11_GetTokenName(slot), PK11_IsFIPS());
}

/* ---- The table ---- */

/* What each family's impl runs. */
#define FIELDS_AEAD(arg)                                                                           \
	.context_size = sizeof(aead_ctx), .setup = aead_setup, .run = aead_run,                    \
	.teardown = aead_teardown, .describe = slot_describe
#define FIELDS_CBC(arg)                                                                            \
	.context_size = sizeof(cbc_ctx), .setup = cbc_setup, .run = cbc_run,                       \
	.teardown = cbc_teardown, .describe = slot_describe
#define FIELDS_HASH(arg)                                                                           \
	.context_size = sizeof(digest_ctx), .setup = hash_setup, .run = digest_run,                \
	.teardown = digest_teardown, .describe = slot_describe
#define FIELDS_MAC(arg)                                                                            \
	.context_size = sizeof(digest_ctx), .setup = hmac_setup, .run = digest_run,                \
	.teardown = digest_teardown, .describe = slot_describe
#define FIELDS_KEX(arg)                                                                            \
	.context_size = sizeof(kex_ctx), .setup = kex_setup, .run = kex_run,                       \
	.teardown = kex_teardown, .describe = slot_describe
#define FIELDS_SIG(arg)                                                                            \
	.context_size = sizeof(sig_ctx), .setup = sig_setup, .run = sig_run,                       \
	.teardown = sig_teardown, .describe = slot_describe, .flags = (arg)
#define FIELDS_NONE(arg) .why = arg

/* One impl per line; NONE lines have no run and say why. */
#define IMPL(id, family, arg)                                                                      \
	static const cs_impl id##_pk11 = {                                                         \
		.alg = &cs_alg_##id,                                                               \
		.path = PATH,                                                                      \
		.ops = CS_ALG_OPS_##id,                                                            \
		FIELDS_##family(arg),                                                              \
	};
NSS_ALGS(IMPL)
#undef IMPL

#define IMPL_PTR(id, family, arg) &id##_pk11,
static const cs_impl *const nss_impls[] = {NSS_ALGS(IMPL_PTR) NULL};

/* ---- The adapter ---- */

static cs_version_fn nss_version;
static cs_init_fn nss_init;
static cs_fini_fn nss_fini;
static cs_init_error_fn nss_init_error;
static cs_mask_env_fn nss_mask_env;

static const char *
nss_version(void)
{
	static char buf[64];
	snprintf(buf, sizeof buf, "NSS %s", NSS_GetVersion());
	return buf;
}

/* What went wrong in init, from NSS's error. */
static char init_error[128];

static cs_status
nss_init(void)
{
	/* No certificate or key database, no module database: only the
	   softoken, with its session objects. */
	if (NSS_NoDB_Init(NULL) != SECSuccess) {
		snprintf(init_error, sizeof init_error, "NSS_NoDB_Init: %s",
			 PR_ErrorToName(PR_GetError()) ? PR_ErrorToName(PR_GetError()) : "?");
		return CS_LIB_ERROR;
	}
	if (!(slot = PK11_GetInternalSlot())) {
		snprintf(init_error, sizeof init_error, "PK11_GetInternalSlot returned no slot");
		return CS_LIB_ERROR;
	}
	return CS_OK;
}

static const char *
nss_init_error(void)
{
	return init_error;
}

static void
nss_fini(void)
{
	if (slot)
		PK11_FreeSlot(slot);
	slot = NULL;
	NSS_Shutdown();
}

/*
 * Masks: one variable each. no-sha: NSS_DISABLE_HW_SHA. no-aes:
 * NSS_DISABLE_HW_AES. Scalar would take several variables
 * (NSS_DISABLE_HW_AES, _PCLMUL, _HW_SHA, _AVX, _AVX2, _SSSE3, _SSE4_1...):
 * unsupported.
 */
static cs_status
nss_mask_env(cs_mask mask, const cs_cpu *cpu, char *name, size_t name_size, char *value,
	     size_t value_size)
{
	const char *var = mask == CS_MASK_NO_SHA   ? "NSS_DISABLE_HW_SHA"
			  : mask == CS_MASK_NO_AES ? "NSS_DISABLE_HW_AES"
						   : NULL;
	if (mask == CS_MASK_SCALAR)
		return CS_UNSUPPORTED;
	if (!var)
		return CS_BAD_PARAM;
	if (strcmp(cpu->arch, "x86_64") != 0)
		return CS_UNSUPPORTED;
	int n = snprintf(name, name_size, "%s", var);
	if (n < 0 || (size_t)n >= name_size)
		return CS_BAD_PARAM;
	n = snprintf(value, value_size, "1");
	return n >= 0 && (size_t)n < value_size ? CS_OK : CS_BAD_PARAM;
}

static const char *const nss_paths[] = {PATH, NULL};
/* freebl holds the algorithms (the softoken loads it); the softoken and
   libnss3 the PKCS#11 layers around them. */
static const char *const nss_objects[] = {"libfreeblpriv3", "libsoftokn3", "libnss3", NULL};

const cs_adapter cs_adapter_nss = {
	.abi = CS_ABI_VERSION,
	.name = "nss",
	.paths = nss_paths,
	.version = nss_version,
	.init = nss_init,
	.fini = nss_fini,
	.objects = nss_objects,
	.mask_env = nss_mask_env,
	.impls = nss_impls,
	.init_error = nss_init_error,
};
