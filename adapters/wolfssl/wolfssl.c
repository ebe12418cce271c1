/*
 * wolfSSL adapter: wolfCrypt's own API, path "wolfcrypt".
 *
 *  AEAD    AES-GCM: wc_AesGcmSetKey once, wc_AesGcmEncrypt/Decrypt per op.
 *          ChaCha20-Poly1305: the one-shot wc_ChaCha20Poly1305_Encrypt/
 *          Decrypt, which take the key on every call (so it lives in ctx).
 *  CIPHER  AES-CBC (any key size): wc_AesSetKey once, wc_AesSetIV + wc_AesCbcEncrypt.
 *  HASH    wc_HashUpdate + wc_HashFinal (the generic hash API) on a
 *          ctx-held state.
 *  KEX     X25519 (wc_curve25519_*, little-endian as RFC 7748 prints it)
 *          and P-256 ECDH (wc_ecc_*), keygen from a WC_RNG made in setup.
 *  SIG     Ed25519 wc_ed25519_sign_msg / _verify_msg; ECDSA P-256: SHA-256
 *          of the message, wc_ecc_sign_hash_ex with RFC 6979 k
 *          (wc_ecc_set_deterministic) / wc_ecc_verify_hash_ex; RSA-2048:
 *          SHA-256, wc_EncodeSignature (DigestInfo), wc_RsaSSL_Sign /
 *          wc_RsaSSL_VerifyInline and a compare, as wolfSSL's TLS does.
 *  MAC     HMAC-SHA256: wc_HmacSetKey once, wc_HmacUpdate + wc_HmacFinal.
 *  KEM     ML-KEM-768 (5.8 and later): wc_MlKemKey_MakeKey / Encapsulate /
 *          Decapsulate; the known answers through MakeKeyWithRandom and
 *          EncapsulateWithRandom.
 *  SIG     ML-DSA-65 (5.8 and later, --enable-mldsa): wc_dilithium_make_key,
 *          _sign_ctx_msg (hedged) / _verify_ctx_msg with an empty context;
 *          the known answers through _make_key_from_seed and
 *          _sign_ctx_msg_with_seed.
 *
 * Every impl is guarded by the option that compiles its algorithm into
 * wolfCrypt; a build without it gets an impl with no run that says why.
 * wolfSSL has no environment switch for CPU features (its cpuid flags can
 * only be changed through an API call), so capability masks are unsupported.
 */

/* The library's build configuration must come before any wolfSSL header. */
#include <wolfssl/options.h>
#include <wolfssl/wolfcrypt/settings.h>

#include <wolfssl/ssl.h>
#include <wolfssl/version.h>
#include <wolfssl/wolfcrypt/aes.h>
#include <wolfssl/wolfcrypt/chacha20_poly1305.h>
#include <wolfssl/wolfcrypt/asn_public.h>
#include <wolfssl/wolfcrypt/curve25519.h>
#include <wolfssl/wolfcrypt/ecc.h>
#include <wolfssl/wolfcrypt/ed25519.h>
#include <wolfssl/wolfcrypt/error-crypt.h>
#include <wolfssl/wolfcrypt/hmac.h>
#include <wolfssl/wolfcrypt/random.h>
#include <wolfssl/wolfcrypt/rsa.h>
#include <wolfssl/wolfcrypt/sha.h>
#include <wolfssl/wolfcrypt/sha256.h>
#include <wolfssl/wolfcrypt/sha512.h>
#include <wolfssl/wolfcrypt/wc_port.h>
#if LIBWOLFSSL_VERSION_HEX >= 0x05008000 && defined(WOLFSSL_HAVE_MLKEM)
#include <wolfssl/wolfcrypt/wc_mlkem.h>
#endif
#if LIBWOLFSSL_VERSION_HEX >= 0x05008000 && (defined(HAVE_DILITHIUM) || defined(WOLFSSL_HAVE_MLDSA))
#include <wolfssl/wolfcrypt/dilithium.h>
#endif

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cryptospeed/adapter.h"
#include "text.h"
#include "wolfssl_tls.h"

#define PATH "wolfcrypt"

/*
 * Every algorithm the adapter runs, one line each, in the catalogue's order:
 *
 *   X(id, how, type)
 *
 * id    the catalogue's id (algs.def)
 * how   HASH: run through wolfCrypt's generic hash API (wc_HashInit /
 *       wc_HashUpdate / wc_HashFinal) with the wc_HashType given, available
 *       when the build has it (wc_HashGetDigestSize);
 *       CBC: AES-CBC (wc_AesSetKey with the catalogue's key length, then
 *       wc_AesSetIV + wc_AesCbcEncrypt per op), unsupported when the build
 *       lacks that key size (WOLFSSL_AES_<bits>);
 *       OWN: this file defines <id>_wolfcrypt with its own calls
 * type  HASH: the wc_HashType (WC_HASH_TYPE_SHA224; spelled whole: wolfSSL
 *       defines SHA256 and friends as macros); CBC: the AES key size in bits
 *       (128, 192, 256); OWN: -
 *
 * A hash wolfCrypt's generic API knows, or an AES key size in CBC, is one
 * line here.
 */
#define WOLFSSL_ALGS(X)                                                                            \
	X(aes_128_gcm, OWN, -)                                                                     \
	X(aes_256_gcm, OWN, -)                                                                     \
	X(chacha20_poly1305, OWN, -)                                                               \
	X(aes_128_cbc, CBC, 128)                                                                   \
	X(sha1, HASH, WC_HASH_TYPE_SHA)                                                            \
	X(sha256, HASH, WC_HASH_TYPE_SHA256)                                                       \
	X(sha512, HASH, WC_HASH_TYPE_SHA512)                                                       \
	X(x25519, OWN, -)                                                                          \
	X(p256, OWN, -)                                                                            \
	X(ed25519, OWN, -)                                                                         \
	X(ecdsa_p256, OWN, -)                                                                      \
	X(rsa_2048, OWN, -)                                                                        \
	X(hmac_sha256, OWN, -)                                                                     \
	X(ml_kem_768, OWN, -)                                                                      \
	X(ml_dsa_65, OWN, -)                                                                       \
	/* a new line goes above this one */

/* What each algorithm needs from the wolfCrypt build (CS_WC_*: ours). */
#if !defined(NO_AES) && defined(HAVE_AESGCM)
#define CS_WC_GCM 1
#if defined(HAVE_AES_DECRYPT)
#define GCM_OPS CS_ALG_OPS_aes_128_gcm
#else
#define GCM_OPS CS_OPBIT(CS_OP_SEAL) /* wc_AesGcmDecrypt is not built */
#endif
#endif
#if !defined(NO_AES) && defined(HAVE_AES_CBC)
#define CS_WC_CBC 1
#endif
/* 1 when the build has that AES key size (a CBC line's type names one). */
#ifdef WOLFSSL_AES_128
#define CS_WC_AES_128 1
#else
#define CS_WC_AES_128 0
#endif
#ifdef WOLFSSL_AES_192
#define CS_WC_AES_192 1
#else
#define CS_WC_AES_192 0
#endif
#ifdef WOLFSSL_AES_256
#define CS_WC_AES_256 1
#else
#define CS_WC_AES_256 0
#endif
#if defined(HAVE_CHACHA) && defined(HAVE_POLY1305)
#define CS_WC_CHAPOLY 1
#endif
#if defined(HAVE_CURVE25519) && defined(HAVE_CURVE25519_SHARED_SECRET) &&                          \
	defined(HAVE_CURVE25519_KEY_IMPORT) && defined(HAVE_CURVE25519_KEY_EXPORT) &&              \
	!defined(WC_NO_RNG)
#define CS_WC_X25519 1
#endif
#if defined(HAVE_ECC) && defined(HAVE_ECC_DHE) && defined(HAVE_ECC_KEY_IMPORT) &&                  \
	defined(HAVE_ECC_KEY_EXPORT) && !defined(NO_ECC256) && !defined(WC_NO_RNG)
#define CS_WC_P256 1
#endif

#if defined(HAVE_ED25519) && defined(HAVE_ED25519_SIGN) && defined(HAVE_ED25519_VERIFY) &&         \
	defined(HAVE_ED25519_KEY_IMPORT) && defined(HAVE_ED25519_KEY_EXPORT) &&                    \
	!defined(WC_NO_RNG)
#define CS_WC_ED25519 1
#endif
/* (r and s go through the mp_ calls, exported only with WOLFSSL_PUBLIC_MP:
   Debian's build has it, upstream's default configure does not) */
#if defined(HAVE_ECC) && defined(HAVE_ECC_SIGN) && defined(HAVE_ECC_VERIFY) &&                     \
	defined(HAVE_ECC_KEY_IMPORT) && defined(HAVE_ECC_KEY_EXPORT) && !defined(NO_ECC256) &&     \
	!defined(NO_SHA256) && !defined(WC_NO_RNG) && defined(WOLFSSL_PUBLIC_MP)
#define CS_WC_ECDSA 1
#endif
#if !defined(NO_RSA) && !defined(NO_SHA256) && !defined(WC_NO_RNG) && !defined(NO_ASN)
#define CS_WC_RSA 1
#endif
#if !defined(NO_HMAC) && !defined(NO_SHA256)
#define CS_WC_HMAC 1
#endif
/* 5.8 renamed Kyber to ML-KEM (wc_mlkem.h); before it, no FIPS 203 API */
#if LIBWOLFSSL_VERSION_HEX >= 0x05008000 && defined(WOLFSSL_HAVE_MLKEM) &&                         \
	!defined(WOLFSSL_NO_ML_KEM) && !defined(WOLFSSL_NO_ML_KEM_768) && !defined(WC_NO_RNG)
#define CS_WC_MLKEM 1
#endif
#if LIBWOLFSSL_VERSION_HEX >= 0x05008000 &&                                                        \
	(defined(HAVE_DILITHIUM) || defined(WOLFSSL_HAVE_MLDSA)) && !defined(WC_NO_RNG) &&         \
	!defined(WOLFSSL_DILITHIUM_NO_SIGN) && !defined(WOLFSSL_DILITHIUM_NO_VERIFY) &&            \
	!defined(WOLFSSL_DILITHIUM_NO_MAKE_KEY) && !defined(WOLFSSL_MLDSA_NO_SIGN) &&              \
	!defined(WOLFSSL_MLDSA_NO_VERIFY) && !defined(WOLFSSL_MLDSA_VERIFY_ONLY) &&                \
	!defined(WOLFSSL_NO_ML_DSA_65)
#define CS_WC_MLDSA 1
#endif

/* A wolfCrypt error code as a cs_status. */
static cs_status
wc_status(int ret)
{
	switch (ret) {
	case 0: return CS_OK;
	case MEMORY_E: return CS_NO_MEMORY;
	case NOT_COMPILED_IN: return CS_UNSUPPORTED;
	case BAD_LENGTH_E: return CS_BAD_PARAM;
	default: return CS_LIB_ERROR;
	}
}

/* wolfCrypt takes lengths as word32: refuse in setup what would not fit,
   so run can convert io->len without a check. */
static bool
fits_word32(size_t n)
{
#if SIZE_MAX > 0xffffffffu
	return n <= 0xffffffffu;
#else
	(void)n;
	return true;
#endif
}

/* ---- AES-GCM and AES-CBC: a keyed Aes object ---- */

#if defined(CS_WC_GCM) || defined(CS_WC_CBC)
typedef struct aes_ctx {
	Aes aes;
	bool aes_init; /* wc_AesInit succeeded: wc_AesFree owed */
	cs_op op;
	word32 nonce_len, tag_len;
} aes_ctx;

/* wc_AesInit, the part of setup GCM and CBC share. */
static cs_status
aes_begin(aes_ctx *c, const cs_setup *s)
{
	if (!fits_word32(s->max_len) || !fits_word32(s->aad_len))
		return CS_BAD_PARAM;
	int ret = wc_AesInit(&c->aes, NULL, INVALID_DEVID);
	if (ret != 0)
		return wc_status(ret);
	c->aes_init = true;
	c->op = s->op;
	c->nonce_len = (word32)s->alg->nonce_len;
	c->tag_len = (word32)s->alg->tag_len;
	return CS_OK;
}

static cs_teardown_fn aes_teardown;

static void
aes_teardown(void *ctx)
{
	aes_ctx *c = ctx;
	if (c->aes_init)
		wc_AesFree(&c->aes);
	c->aes_init = false;
}
#endif

#ifdef CS_WC_GCM
static cs_setup_fn gcm_setup;
static cs_run_fn gcm_run;

static cs_status
gcm_setup(void *ctx, const cs_setup *s)
{
	aes_ctx *c = ctx;
	if (s->op != CS_OP_SEAL && s->op != CS_OP_OPEN)
		return CS_BAD_PARAM;
	cs_status st = aes_begin(c, s);
	if (st != CS_OK)
		return st;
	/* The key schedule and the GHASH table, once. */
	return wc_status(wc_AesGcmSetKey(&c->aes, s->key, (word32)s->alg->key_len));
}

static cs_status
gcm_run(void *ctx, const cs_io *io)
{
	aes_ctx *c = ctx;
	int ret;
	if (c->op == CS_OP_SEAL) {
		ret = wc_AesGcmEncrypt(&c->aes, io->out, io->in, (word32)io->len, io->nonce,
				       c->nonce_len, io->tag, c->tag_len, io->aad,
				       (word32)io->aad_len);
		return ret == 0 ? CS_OK : wc_status(ret);
	}
#if defined(HAVE_AES_DECRYPT)
	ret = wc_AesGcmDecrypt(&c->aes, io->out, io->in, (word32)io->len, io->nonce, c->nonce_len,
			       io->tag, c->tag_len, io->aad, (word32)io->aad_len);
	if (ret == AES_GCM_AUTH_E)
		return CS_MISMATCH;
	return ret == 0 ? CS_OK : wc_status(ret);
#else
	return CS_UNSUPPORTED;
#endif
}
#endif /* CS_WC_GCM */

#ifdef CS_WC_CBC
static cs_setup_fn cbc_setup;
static cs_run_fn cbc_run;

static cs_status
cbc_setup(void *ctx, const cs_setup *s)
{
	aes_ctx *c = ctx;
	if (s->op != CS_OP_ENCRYPT || s->alg->nonce_len != AES_BLOCK_SIZE)
		return CS_BAD_PARAM;
	cs_status st = aes_begin(c, s);
	if (st != CS_OK)
		return st;
	/* The key schedule once; the IV is set by every op. */
	return wc_status(
		wc_AesSetKey(&c->aes, s->key, (word32)s->alg->key_len, NULL, AES_ENCRYPTION));
}

static cs_status
cbc_run(void *ctx, const cs_io *io)
{
	aes_ctx *c = ctx;
	/* Each op is a CBC encryption of its own: start from io->nonce, not
	   from the chaining value the previous op left in the Aes object. */
	int ret = wc_AesSetIV(&c->aes, io->nonce);
	if (ret == 0)
		ret = wc_AesCbcEncrypt(&c->aes, io->out, io->in, (word32)io->len);
	return ret == 0 ? CS_OK : wc_status(ret);
}
#endif /* CS_WC_CBC */

/* One per CBC line: AES-<bits>-CBC, or unsupported with why. */
#ifdef CS_WC_CBC
#define CBC_WHY(bits) "this wolfSSL build has no AES-" #bits " (WOLFSSL_AES_" #bits ")"
#define CBC_FIELDS(bits)                                                                           \
	.context_size = sizeof(aes_ctx), .setup = CS_WC_AES_##bits ? cbc_setup : NULL,             \
	.run = CS_WC_AES_##bits ? cbc_run : NULL, .teardown = aes_teardown,                        \
	.why = CS_WC_AES_##bits ? NULL : CBC_WHY(bits)
#else
#define CBC_FIELDS(bits) .why = "this wolfSSL build has no AES-CBC (NO_AES or no HAVE_AES_CBC)"
#endif
#define CBC_IMPL_CBC(id, bits)                                                                     \
	static const cs_impl id##_wolfcrypt = {                                                    \
		.alg = &cs_alg_##id,                                                               \
		.path = PATH,                                                                      \
		.ops = CS_ALG_OPS_##id,                                                            \
		CBC_FIELDS(bits),                                                                  \
	};
#define CBC_IMPL_HASH(id, type)
#define CBC_IMPL_OWN(id, type)
#define CBC_IMPL(id, how, type) CBC_IMPL_##how(id, type)
WOLFSSL_ALGS(CBC_IMPL)
#undef CBC_IMPL

/* ---- ChaCha20-Poly1305: the one-shot API, key passed per call ---- */

#ifdef CS_WC_CHAPOLY
typedef struct chapoly_ctx {
	byte key[CHACHA20_POLY1305_AEAD_KEYSIZE];
	cs_op op;
} chapoly_ctx;

static cs_setup_fn chapoly_setup;
static cs_run_fn chapoly_run;

static cs_status
chapoly_setup(void *ctx, const cs_setup *s)
{
	chapoly_ctx *c = ctx;
	if (s->op != CS_OP_SEAL && s->op != CS_OP_OPEN)
		return CS_BAD_PARAM;
	if (s->alg->key_len != sizeof c->key ||
	    s->alg->nonce_len != CHACHA20_POLY1305_AEAD_IV_SIZE ||
	    s->alg->tag_len != CHACHA20_POLY1305_AEAD_AUTHTAG_SIZE || !fits_word32(s->max_len) ||
	    !fits_word32(s->aad_len))
		return CS_BAD_PARAM;
	memcpy(c->key, s->key, sizeof c->key);
	c->op = s->op;
	return CS_OK;
}

static cs_status
chapoly_run(void *ctx, const cs_io *io)
{
	chapoly_ctx *c = ctx;
	int ret;
	if (c->op == CS_OP_SEAL) {
		ret = wc_ChaCha20Poly1305_Encrypt(c->key, io->nonce, io->aad, (word32)io->aad_len,
						  io->in, (word32)io->len, io->out, io->tag);
		return ret == 0 ? CS_OK : wc_status(ret);
	}
	ret = wc_ChaCha20Poly1305_Decrypt(c->key, io->nonce, io->aad, (word32)io->aad_len, io->in,
					  (word32)io->len, io->tag, io->out);
	if (ret == MAC_CMP_FAILED_E)
		return CS_MISMATCH;
	return ret == 0 ? CS_OK : wc_status(ret);
}
#endif /* CS_WC_CHAPOLY */

/*
 * ---- Hashes ----
 *
 * One op is one whole hash: init, update, final. wolfCrypt's *Final
 * re-initialises the state before it returns (it ends with the same reset
 * wc_Init* does; the hash API documents "resets the state"), so setup calls
 * wc_Init* once and each op is Update + Final: every op starts from a fresh
 * state and pays for exactly one reset, as EVP_DigestInit_ex on a reused
 * context would. Calling wc_Init* again per op would reset twice, and on
 * builds with WOLFSSL_SMALL_STACK_CACHE it allocates, so it would need a
 * wc_*Free per op too.
 */

/* What a HASH line's impl keeps. */
typedef struct hash_ctx {
	wc_HashAlg hash;
	enum wc_HashType type;
	bool init;
} hash_ctx;

/* The wc_HashType of each HASH line. */
typedef struct hash_line {
	const cs_alg *alg;
	enum wc_HashType type;
} hash_line;

#define HASH_LINE_HASH(id, type) {&cs_alg_##id, type},
#define HASH_LINE_OWN(id, type)
#define HASH_LINE_CBC(id, type)
#define HASH_LINE(id, how, type) HASH_LINE_##how(id, type)
static const hash_line hash_lines[] = {WOLFSSL_ALGS(HASH_LINE){.alg = NULL}};
#undef HASH_LINE

static enum wc_HashType
hash_type(const cs_alg *alg)
{
	for (const hash_line *l = hash_lines; l->alg; l++)
		if (l->alg == alg)
			return l->type;
	return WC_HASH_TYPE_NONE;
}

static cs_available_fn hash_available;
static cs_setup_fn hash_setup;
static cs_run_fn hash_run;
static cs_teardown_fn hash_teardown;

static int
hash_available(const cs_impl *self, const char **why)
{
	int size = wc_HashGetDigestSize(hash_type(self->alg));
	if (size > 0 && (size_t)size == self->alg->out_len)
		return 1;
	*why = "this wolfSSL build has no such hash (wc_HashGetDigestSize refuses it)";
	return 0;
}

static cs_status
hash_setup(void *ctx, const cs_setup *s)
{
	hash_ctx *c = ctx;
	c->type = hash_type(s->alg);
	if (s->op != CS_OP_DIGEST || !fits_word32(s->max_len) || c->type == WC_HASH_TYPE_NONE)
		return CS_BAD_PARAM;
	int ret = wc_HashInit(&c->hash, c->type);
	c->init = ret == 0;
	return wc_status(ret);
}

static cs_status
hash_run(void *ctx, const cs_io *io)
{
	hash_ctx *c = ctx;
	int ret = wc_HashUpdate(&c->hash, c->type, io->in, (word32)io->len);
	if (ret == 0)
		ret = wc_HashFinal(&c->hash, c->type, io->out);
	return ret == 0 ? CS_OK : wc_status(ret);
}

static void
hash_teardown(void *ctx)
{
	hash_ctx *c = ctx;
	if (c->init)
		wc_HashFree(&c->hash, c->type);
	c->init = false;
}

/* One per HASH line. */
#define HASH_IMPL_HASH(id)                                                                         \
	static const cs_impl id##_wolfcrypt = {                                                    \
		.alg = &cs_alg_##id,                                                               \
		.path = PATH,                                                                      \
		.ops = CS_ALG_OPS_##id,                                                            \
		.context_size = sizeof(hash_ctx),                                                  \
		.available = hash_available,                                                       \
		.setup = hash_setup,                                                               \
		.run = hash_run,                                                                   \
		.teardown = hash_teardown,                                                         \
	};
#define HASH_IMPL_OWN(id)
#define HASH_IMPL_CBC(id)
#define HASH_IMPL(id, how, type) HASH_IMPL_##how(id)
WOLFSSL_ALGS(HASH_IMPL)
#undef HASH_IMPL

/* ---- X25519 ---- */

#ifdef CS_WC_X25519
typedef struct x25519_ctx {
	curve25519_key ours; /* derive: the fixed private key; keygen: the new pair,
				   only between init and free in run */
	curve25519_key peer;
	WC_RNG rng;
	bool ours_init, peer_init, rng_init;
	cs_op op;
} x25519_ctx;

static cs_setup_fn x25519_setup;
static cs_run_fn x25519_run;
static cs_teardown_fn x25519_teardown;

static cs_status
x25519_setup(void *ctx, const cs_setup *s)
{
	x25519_ctx *c = ctx;
	int ret;
	if ((s->op != CS_OP_DERIVE && s->op != CS_OP_KEYGEN) ||
	    s->alg->key_len != CURVE25519_KEYSIZE || s->alg->pub_len != CURVE25519_KEYSIZE)
		return CS_BAD_PARAM;
	c->op = s->op;
	if (s->op == CS_OP_KEYGEN) {
		if ((ret = wc_InitRng(&c->rng)) != 0)
			return wc_status(ret);
		c->rng_init = true;
		return CS_OK;
	}
	if (!s->key || !s->peer)
		return CS_BAD_PARAM;
	if ((ret = wc_curve25519_init(&c->ours)) != 0)
		return wc_status(ret);
	c->ours_init = true;
	/* The scalar as RFC 7748 prints it; wolfCrypt clamps it on import. */
	ret = wc_curve25519_import_private_ex(s->key, CURVE25519_KEYSIZE, &c->ours,
					      EC25519_LITTLE_ENDIAN);
	if (ret != 0)
		return wc_status(ret);
#ifdef WOLFSSL_CURVE25519_BLINDING
	/* a blinded build (5.9 by default) refuses a shared secret without an RNG */
	if ((ret = wc_InitRng(&c->rng)) != 0)
		return wc_status(ret);
	c->rng_init = true;
	if ((ret = wc_curve25519_set_rng(&c->ours, &c->rng)) != 0)
		return wc_status(ret);
#endif
	if ((ret = wc_curve25519_init(&c->peer)) != 0)
		return wc_status(ret);
	c->peer_init = true;
	/* RFC 7748 section 5: the receiver masks the top bit of the u-coordinate.
	   wolfCrypt refuses a peer key with that bit set instead, so mask here. */
	byte u[CURVE25519_KEYSIZE];
	memcpy(u, s->peer, sizeof u);
	u[CURVE25519_KEYSIZE - 1] &= 0x7f;
	ret = wc_curve25519_import_public_ex(u, sizeof u, &c->peer, EC25519_LITTLE_ENDIAN);
	return wc_status(ret);
}

static cs_status
x25519_run(void *ctx, const cs_io *io)
{
	x25519_ctx *c = ctx;
	word32 n = CURVE25519_KEYSIZE;
	int ret;
	if (c->op == CS_OP_DERIVE) {
		ret = wc_curve25519_shared_secret_ex(&c->ours, &c->peer, io->out, &n,
						     EC25519_LITTLE_ENDIAN);
	} else {
		/* A fresh key object per key pair, as for P-256 below. */
		if ((ret = wc_curve25519_init(&c->ours)) != 0)
			return wc_status(ret);
		ret = wc_curve25519_make_key(&c->rng, CURVE25519_KEYSIZE, &c->ours);
		if (ret == 0)
			ret = wc_curve25519_export_public_ex(&c->ours, io->out, &n,
							     EC25519_LITTLE_ENDIAN);
		wc_curve25519_free(&c->ours);
	}
	if (ret != 0)
		return wc_status(ret);
	return n == CURVE25519_KEYSIZE ? CS_OK : CS_LIB_ERROR;
}

static void
x25519_teardown(void *ctx)
{
	x25519_ctx *c = ctx;
	if (c->ours_init)
		wc_curve25519_free(&c->ours);
	if (c->peer_init)
		wc_curve25519_free(&c->peer);
	if (c->rng_init)
		wc_FreeRng(&c->rng);
	c->ours_init = c->peer_init = c->rng_init = false;
}
#endif /* CS_WC_X25519 */

/* ---- P-256 ECDH ---- */

#ifdef CS_WC_P256
#define P256_SIZE 32
#define P256_PUB_SIZE (1 + 2 * P256_SIZE) /* 04 || X || Y */

typedef struct p256_ctx {
	ecc_key ours; /* derive: the fixed private key; keygen: the new pair,
				   only between wc_ecc_init and wc_ecc_free in run */
	ecc_key peer;
	WC_RNG rng;
	bool ours_init, peer_init, rng_init;
	cs_op op;
} p256_ctx;

static cs_setup_fn p256_setup;
static cs_run_fn p256_run;
static cs_teardown_fn p256_teardown;

static cs_status
p256_setup(void *ctx, const cs_setup *s)
{
	p256_ctx *c = ctx;
	int ret;
	if ((s->op != CS_OP_DERIVE && s->op != CS_OP_KEYGEN) || s->alg->key_len != P256_SIZE ||
	    s->alg->pub_len != P256_PUB_SIZE || s->alg->out_len != P256_SIZE)
		return CS_BAD_PARAM;
	c->op = s->op;
	/* keygen draws the key from it; derive needs it too when wolfCrypt
	   blinds the scalar multiplication (ECC_TIMING_RESISTANT). */
	if ((ret = wc_InitRng(&c->rng)) != 0)
		return wc_status(ret);
	c->rng_init = true;
	if (s->op == CS_OP_KEYGEN)
		return CS_OK;
	if (!s->key || !s->peer)
		return CS_BAD_PARAM;
	if ((ret = wc_ecc_init(&c->ours)) != 0)
		return wc_status(ret);
	c->ours_init = true;
	/* Our scalar, big-endian, with no public point (wolfCrypt marks the key
	   ECC_PRIVATEKEY_ONLY, enough for ECDH). */
	ret = wc_ecc_import_private_key_ex(s->key, P256_SIZE, NULL, 0, &c->ours, ECC_SECP256R1);
	if (ret != 0)
		return wc_status(ret);
#ifdef ECC_TIMING_RESISTANT
	/* Only built with timing resistance, which then requires it. */
	if ((ret = wc_ecc_set_rng(&c->ours, &c->rng)) != 0)
		return wc_status(ret);
#endif
	if ((ret = wc_ecc_init(&c->peer)) != 0)
		return wc_status(ret);
	c->peer_init = true;
	ret = wc_ecc_import_x963_ex(s->peer, P256_PUB_SIZE, &c->peer, ECC_SECP256R1);
	return wc_status(ret);
}

static cs_status
p256_run(void *ctx, const cs_io *io)
{
	p256_ctx *c = ctx;
	int ret;
	word32 n;
	if (c->op == CS_OP_DERIVE) {
		n = P256_SIZE;
		ret = wc_ecc_shared_secret(&c->ours, &c->peer, io->out, &n);
		if (ret != 0)
			return wc_status(ret);
		return n == P256_SIZE ? CS_OK : CS_LIB_ERROR;
	}
	/* A fresh key object per key pair, as a caller would use one: making a
	   key into an ecc_key that already holds one leaks the old key's bignum
	   copies in builds with HAVE_WOLF_BIGINT (Debian's), so the op is
	   init + make + export + free. */
	if ((ret = wc_ecc_init(&c->ours)) != 0)
		return wc_status(ret);
	ret = wc_ecc_make_key_ex(&c->rng, P256_SIZE, &c->ours, ECC_SECP256R1);
	n = P256_PUB_SIZE;
	if (ret == 0)
		ret = wc_ecc_export_x963(&c->ours, io->out, &n);
	wc_ecc_free(&c->ours);
	if (ret != 0)
		return wc_status(ret);
	return n == P256_PUB_SIZE ? CS_OK : CS_LIB_ERROR;
}

static void
p256_teardown(void *ctx)
{
	p256_ctx *c = ctx;
	if (c->ours_init)
		wc_ecc_free(&c->ours);
	if (c->peer_init)
		wc_ecc_free(&c->peer);
	if (c->rng_init)
		wc_FreeRng(&c->rng);
	c->ours_init = c->peer_init = c->rng_init = false;
}
#endif /* CS_WC_P256 */

/* ---- Ed25519 ---- */

#ifdef CS_WC_ED25519
typedef struct ed25519_ctx {
	ed25519_key key; /* sign: the key pair; verify: the public key */
	WC_RNG rng;	 /* keygen */
	bool key_init, rng_init;
	cs_op op;
} ed25519_ctx;

static cs_setup_fn ed25519_setup;
static cs_run_fn ed25519_run;
static cs_teardown_fn ed25519_teardown;

static cs_status
ed25519_setup(void *ctx, const cs_setup *s)
{
	ed25519_ctx *c = ctx;
	int ret;
	c->op = s->op;
	if (s->op == CS_OP_KEYGEN) {
		if ((ret = wc_InitRng(&c->rng)) != 0)
			return wc_status(ret);
		c->rng_init = true;
		return CS_OK;
	}
	if ((ret = wc_ed25519_init(&c->key)) != 0)
		return wc_status(ret);
	c->key_init = true;
	if (s->peer_len != ED25519_PUB_KEY_SIZE)
		return CS_BAD_PARAM;
	if (s->op == CS_OP_SIGN) {
		if (s->key_len != ED25519_KEY_SIZE)
			return CS_BAD_PARAM;
		ret = wc_ed25519_import_private_key(s->key, ED25519_KEY_SIZE, s->peer,
						    ED25519_PUB_KEY_SIZE, &c->key);
	} else {
		ret = wc_ed25519_import_public(s->peer, ED25519_PUB_KEY_SIZE, &c->key);
	}
	return wc_status(ret);
}

static cs_status
ed25519_run(void *ctx, const cs_io *io)
{
	ed25519_ctx *c = ctx;
	int ret, res = 0;
	word32 n = ED25519_SIG_SIZE;
	if (c->op == CS_OP_SIGN) {
		ret = wc_ed25519_sign_msg(io->in, (word32)io->len, io->out, &n, &c->key);
		return ret != 0 ? wc_status(ret) : n == ED25519_SIG_SIZE ? CS_OK : CS_LIB_ERROR;
	}
	if (c->op == CS_OP_VERIFY) {
		ret = wc_ed25519_verify_msg(io->sig, ED25519_SIG_SIZE, io->in, (word32)io->len,
					    &res, &c->key);
		if (ret == 0 && res == 1)
			return CS_OK;
		/* wolfCrypt refuses an S >= the group order as a bad argument */
		return ret == 0 || ret == SIG_VERIFY_E || ret == BAD_FUNC_ARG ? CS_MISMATCH
									      : wc_status(ret);
	}
	/* a fresh key object per key pair, as for P-256 */
	if ((ret = wc_ed25519_init(&c->key)) != 0)
		return wc_status(ret);
	ret = wc_ed25519_make_key(&c->rng, ED25519_KEY_SIZE, &c->key);
	n = ED25519_PUB_KEY_SIZE;
	if (ret == 0)
		ret = wc_ed25519_export_public(&c->key, io->out, &n);
	wc_ed25519_free(&c->key);
	return ret != 0 ? wc_status(ret) : n == ED25519_PUB_KEY_SIZE ? CS_OK : CS_LIB_ERROR;
}

static void
ed25519_teardown(void *ctx)
{
	ed25519_ctx *c = ctx;
	if (c->key_init)
		wc_ed25519_free(&c->key);
	if (c->rng_init)
		wc_FreeRng(&c->rng);
	c->key_init = c->rng_init = false;
}
#endif /* CS_WC_ED25519 */

/* ---- ECDSA P-256 with SHA-256 ---- */

#ifdef CS_WC_ECDSA
#define ECDSA_SIZE 32

typedef struct ecdsa_ctx {
	ecc_key key; /* sign: the key pair; verify: the public key; keygen:
				   the new pair, only inside run */
	WC_RNG rng;
	mp_int r, s;
	bool key_init, rng_init, rs_init;
	cs_op op;
} ecdsa_ctx;

static cs_setup_fn ecdsa_setup;
static cs_run_fn ecdsa_run;
static cs_teardown_fn ecdsa_teardown;

static cs_status
ecdsa_setup(void *ctx, const cs_setup *s)
{
	ecdsa_ctx *c = ctx;
	int ret;
	c->op = s->op;
	if ((ret = wc_InitRng(&c->rng)) != 0)
		return wc_status(ret);
	c->rng_init = true;
	if ((ret = mp_init_multi(&c->r, &c->s, NULL, NULL, NULL, NULL)) != MP_OKAY)
		return CS_NO_MEMORY;
	c->rs_init = true;
	if (s->op == CS_OP_KEYGEN)
		return CS_OK;
	if (s->peer_len != 1 + 2 * ECDSA_SIZE)
		return CS_BAD_PARAM;
	if ((ret = wc_ecc_init(&c->key)) != 0)
		return wc_status(ret);
	c->key_init = true;
	if (s->op == CS_OP_SIGN) {
		if (s->key_len != ECDSA_SIZE)
			return CS_BAD_PARAM;
		ret = wc_ecc_import_private_key_ex(s->key, ECDSA_SIZE, s->peer, (word32)s->peer_len,
						   &c->key, ECC_SECP256R1);
#ifdef ECC_TIMING_RESISTANT
		if (ret == 0)
			ret = wc_ecc_set_rng(&c->key, &c->rng);
#endif
#if defined(WOLFSSL_ECDSA_DETERMINISTIC_K) || defined(WOLFSSL_ECDSA_DETERMINISTIC_K_VARIANT)
		if (ret == 0)
			ret = wc_ecc_set_deterministic(&c->key, 1);
#endif
	} else {
		ret = wc_ecc_import_x963_ex(s->peer, (word32)s->peer_len, &c->key, ECC_SECP256R1);
	}
	return wc_status(ret);
}

static cs_status
ecdsa_run(void *ctx, const cs_io *io)
{
	ecdsa_ctx *c = ctx;
	byte digest[WC_SHA256_DIGEST_SIZE];
	word32 n;
	int ret, res = 0;
	if (c->op == CS_OP_KEYGEN) {
		if ((ret = wc_ecc_init(&c->key)) != 0)
			return wc_status(ret);
		ret = wc_ecc_make_key_ex(&c->rng, ECDSA_SIZE, &c->key, ECC_SECP256R1);
		n = 1 + 2 * ECDSA_SIZE;
		if (ret == 0)
			ret = wc_ecc_export_x963(&c->key, io->out, &n);
		wc_ecc_free(&c->key);
		return ret != 0 ? wc_status(ret) : n == 1 + 2 * ECDSA_SIZE ? CS_OK : CS_LIB_ERROR;
	}
	if ((ret = wc_Sha256Hash(io->in, (word32)io->len, digest)) != 0)
		return wc_status(ret);
	if (c->op == CS_OP_SIGN) {
		ret = wc_ecc_sign_hash_ex(digest, sizeof digest, &c->rng, &c->key, &c->r, &c->s);
		if (ret == 0)
			ret = mp_to_unsigned_bin_len(&c->r, io->out, ECDSA_SIZE);
		if (ret == 0)
			ret = mp_to_unsigned_bin_len(&c->s, io->out + ECDSA_SIZE, ECDSA_SIZE);
		return wc_status(ret);
	}
	if (mp_read_unsigned_bin(&c->r, io->sig, ECDSA_SIZE) != MP_OKAY ||
	    mp_read_unsigned_bin(&c->s, io->sig + ECDSA_SIZE, ECDSA_SIZE) != MP_OKAY)
		return CS_LIB_ERROR;
	ret = wc_ecc_verify_hash_ex(&c->r, &c->s, digest, sizeof digest, &res, &c->key);
	if (ret == 0)
		return res == 1 ? CS_OK : CS_MISMATCH;
	return ret == MP_ZERO_E || ret == ECC_OUT_OF_RANGE_E ? CS_MISMATCH : wc_status(ret);
}

static void
ecdsa_teardown(void *ctx)
{
	ecdsa_ctx *c = ctx;
	if (c->rs_init)
		mp_free(&c->r), mp_free(&c->s);
	if (c->key_init)
		wc_ecc_free(&c->key);
	if (c->rng_init)
		wc_FreeRng(&c->rng);
	c->key_init = c->rng_init = c->rs_init = false;
}
#endif /* CS_WC_ECDSA */

/* ---- RSA-2048 PKCS#1 v1.5 with SHA-256 ---- */

#ifdef CS_WC_RSA
#define RSA_SIZE 256
/* DigestInfo: the SHA-256 AlgorithmIdentifier (19 bytes) + the digest. */
#define DIGEST_INFO_MAX 64

typedef struct rsa_ctx {
	RsaKey key;
	WC_RNG rng; /* sign: blinding */
	bool key_init, rng_init;
	cs_op op;
	int oid; /* wc_GetCTC_HashOID(WC_SHA256) */
} rsa_ctx;

static cs_setup_fn rsa_setup;
static cs_run_fn rsa_run;
static cs_teardown_fn rsa_teardown;

static cs_status
rsa_setup(void *ctx, const cs_setup *s)
{
	rsa_ctx *c = ctx;
	word32 idx = 0;
	int ret;
	c->op = s->op;
	if ((s->op != CS_OP_SIGN && s->op != CS_OP_VERIFY) || !fits_word32(s->key_len) ||
	    !fits_word32(s->peer_len))
		return CS_BAD_PARAM;
	if ((c->oid = wc_GetCTC_HashOID(WC_SHA256)) <= 0)
		return CS_LIB_ERROR;
	if ((ret = wc_InitRng(&c->rng)) != 0)
		return wc_status(ret);
	c->rng_init = true;
	if ((ret = wc_InitRsaKey(&c->key, NULL)) != 0)
		return wc_status(ret);
	c->key_init = true;
	if (s->op == CS_OP_SIGN) {
		ret = wc_RsaPrivateKeyDecode(s->key, &idx, &c->key, (word32)s->key_len);
#ifdef WC_RSA_BLINDING
		if (ret == 0)
			ret = wc_RsaSetRNG(&c->key, &c->rng);
#endif
	} else {
		ret = wc_RsaPublicKeyDecode(s->peer, &idx, &c->key, (word32)s->peer_len);
	}
	if (ret == 0 && wc_RsaEncryptSize(&c->key) != RSA_SIZE)
		return CS_BAD_PARAM;
	return wc_status(ret);
}

static cs_status
rsa_run(void *ctx, const cs_io *io)
{
	rsa_ctx *c = ctx;
	byte digest[WC_SHA256_DIGEST_SIZE], info[DIGEST_INFO_MAX], sig[RSA_SIZE], *plain = NULL;
	int ret = wc_Sha256Hash(io->in, (word32)io->len, digest);
	if (ret != 0)
		return wc_status(ret);
	word32 info_len = wc_EncodeSignature(info, digest, sizeof digest, c->oid);
	if (info_len == 0)
		return CS_LIB_ERROR;
	if (c->op == CS_OP_SIGN) {
		ret = wc_RsaSSL_Sign(info, info_len, io->out, RSA_SIZE, &c->key, &c->rng);
		return ret == RSA_SIZE ? CS_OK : ret < 0 ? wc_status(ret) : CS_LIB_ERROR;
	}
	memcpy(sig, io->sig, RSA_SIZE);
	ret = wc_RsaSSL_VerifyInline(sig, RSA_SIZE, &plain, &c->key);
	if (ret < 0)
		return ret == RSA_PAD_E || ret == RSA_BUFFER_E || ret == BAD_PADDING_E ||
				       ret == RSA_OUT_OF_RANGE_E
			       ? CS_MISMATCH
			       : wc_status(ret);
	return (word32)ret == info_len && memcmp(plain, info, info_len) == 0 ? CS_OK : CS_MISMATCH;
}

static void
rsa_teardown(void *ctx)
{
	rsa_ctx *c = ctx;
	if (c->key_init)
		wc_FreeRsaKey(&c->key);
	if (c->rng_init)
		wc_FreeRng(&c->rng);
	c->key_init = c->rng_init = false;
}
#endif /* CS_WC_RSA */

/* ---- HMAC-SHA256 ---- */

#ifdef CS_WC_HMAC
typedef struct hmac_ctx {
	Hmac hmac;
	bool init;
} hmac_ctx;

static cs_setup_fn hmac_setup;
static cs_run_fn hmac_run;
static cs_teardown_fn hmac_teardown;

static cs_status
hmac_setup(void *ctx, const cs_setup *s)
{
	hmac_ctx *c = ctx;
	int ret;
	if (s->op != CS_OP_MAC || !fits_word32(s->key_len) || !fits_word32(s->max_len))
		return CS_BAD_PARAM;
	if ((ret = wc_HmacInit(&c->hmac, NULL, INVALID_DEVID)) != 0)
		return wc_status(ret);
	c->init = true;
	return wc_status(wc_HmacSetKey(&c->hmac, WC_SHA256, s->key, (word32)s->key_len));
}

static cs_status
hmac_run(void *ctx, const cs_io *io)
{
	hmac_ctx *c = ctx;
	int ret = wc_HmacUpdate(&c->hmac, io->in, (word32)io->len);
	if (ret == 0)
		ret = wc_HmacFinal(&c->hmac, io->out);
	return wc_status(ret);
}

static void
hmac_teardown(void *ctx)
{
	hmac_ctx *c = ctx;
	if (c->init)
		wc_HmacFree(&c->hmac);
	c->init = false;
}
#endif /* CS_WC_HMAC */

/* ---- ML-KEM-768 (FIPS 203) ---- */

#ifdef CS_WC_MLKEM
typedef struct mlkem_ctx {
	MlKemKey key; /* encaps: the public key; decaps: the pair from the seed;
			 keygen: the new pair, inside run */
	WC_RNG rng;   /* keygen, encaps */
	bool key_init, rng_init;
	cs_op op;
} mlkem_ctx;

static cs_setup_fn mlkem_setup;
static cs_run_fn mlkem_run;
static cs_teardown_fn mlkem_teardown;

static cs_status
mlkem_setup(void *ctx, const cs_setup *s)
{
	mlkem_ctx *c = ctx;
	int ret;
	c->op = s->op;
	if ((ret = wc_InitRng(&c->rng)) != 0)
		return wc_status(ret);
	c->rng_init = true;
	if ((ret = wc_MlKemKey_Init(&c->key, WC_ML_KEM_768, NULL, INVALID_DEVID)) != 0)
		return wc_status(ret);
	c->key_init = true;
	switch (s->op) {
	case CS_OP_KEYGEN: return CS_OK;
	case CS_OP_ENCAPS:
		if (!s->peer || !fits_word32(s->peer_len))
			return CS_BAD_PARAM;
		return wc_status(
			wc_MlKemKey_DecodePublicKey(&c->key, s->peer, (word32)s->peer_len));
	case CS_OP_DECAPS:
		if (!s->key || s->key_len != s->alg->key_len)
			return CS_BAD_PARAM;
		return wc_status(wc_MlKemKey_MakeKeyWithRandom(&c->key, s->key, (int)s->key_len));
	default: return CS_UNSUPPORTED;
	}
}

static cs_status
mlkem_run(void *ctx, const cs_io *io)
{
	mlkem_ctx *c = ctx;
	const cs_alg *alg = &cs_alg_ml_kem_768;
	int ret;
	switch (c->op) {
	case CS_OP_KEYGEN:
		/* a fresh key object per key pair, as for the others */
		wc_MlKemKey_Free(&c->key);
		if ((ret = wc_MlKemKey_Init(&c->key, WC_ML_KEM_768, NULL, INVALID_DEVID)) != 0)
			return wc_status(ret);
		ret = io->nonce
			      ? wc_MlKemKey_MakeKeyWithRandom(&c->key, io->nonce, (int)alg->key_len)
			      : wc_MlKemKey_MakeKey(&c->key, &c->rng);
		if (ret == 0)
			ret = wc_MlKemKey_EncodePublicKey(&c->key, io->out, (word32)alg->pub_len);
		return wc_status(ret);
	case CS_OP_ENCAPS:
		ret = io->nonce ? wc_MlKemKey_EncapsulateWithRandom(&c->key, io->out,
								    io->out + alg->ct_len,
								    io->nonce, (int)alg->nonce_len)
				: wc_MlKemKey_Encapsulate(&c->key, io->out, io->out + alg->ct_len,
							  &c->rng);
		return wc_status(ret);
	case CS_OP_DECAPS:
		return wc_status(
			wc_MlKemKey_Decapsulate(&c->key, io->out, io->in, (word32)alg->ct_len));
	default: return CS_UNSUPPORTED;
	}
}

static void
mlkem_teardown(void *ctx)
{
	mlkem_ctx *c = ctx;
	if (c->key_init)
		wc_MlKemKey_Free(&c->key);
	if (c->rng_init)
		wc_FreeRng(&c->rng);
	c->key_init = c->rng_init = false;
}
#endif /* CS_WC_MLKEM */

/* ---- ML-DSA-65 (FIPS 204), pure, empty context ---- */

#ifdef CS_WC_MLDSA
typedef struct mldsa_ctx {
	dilithium_key key; /* sign: the pair from the seed; verify: the public key;
			      keygen: the new pair, inside run */
	WC_RNG rng;	   /* keygen, sign (hedged) */
	bool key_init, rng_init;
	cs_op op;
} mldsa_ctx;

static cs_setup_fn mldsa_setup;
static cs_run_fn mldsa_run;
static cs_teardown_fn mldsa_teardown;

static int
mldsa_new_key(mldsa_ctx *c)
{
	int ret = wc_dilithium_init(&c->key);
	if (ret != 0)
		return ret;
	c->key_init = true;
	return wc_dilithium_set_level(&c->key, WC_ML_DSA_65);
}

static cs_status
mldsa_setup(void *ctx, const cs_setup *s)
{
	mldsa_ctx *c = ctx;
	int ret;
	c->op = s->op;
	if ((ret = wc_InitRng(&c->rng)) != 0)
		return wc_status(ret);
	c->rng_init = true;
	if ((ret = mldsa_new_key(c)) != 0)
		return wc_status(ret);
	switch (s->op) {
	case CS_OP_KEYGEN: return CS_OK;
	case CS_OP_SIGN:
		if (!s->key || s->key_len != s->alg->key_len)
			return CS_BAD_PARAM;
		return wc_status(wc_dilithium_make_key_from_seed(&c->key, s->key));
	case CS_OP_VERIFY:
		if (!s->peer || !fits_word32(s->peer_len))
			return CS_BAD_PARAM;
		return wc_status(wc_dilithium_import_public(s->peer, (word32)s->peer_len, &c->key));
	default: return CS_UNSUPPORTED;
	}
}

static cs_status
mldsa_run(void *ctx, const cs_io *io)
{
	mldsa_ctx *c = ctx;
	const cs_alg *alg = &cs_alg_ml_dsa_65;
	word32 n;
	int ret, res = 0;
	switch (c->op) {
	case CS_OP_KEYGEN:
		wc_dilithium_free(&c->key);
		c->key_init = false;
		if ((ret = mldsa_new_key(c)) != 0)
			return wc_status(ret);
		ret = io->nonce ? wc_dilithium_make_key_from_seed(&c->key, io->nonce)
				: wc_dilithium_make_key(&c->key, &c->rng);
		n = (word32)alg->pub_len;
		if (ret == 0)
			ret = wc_dilithium_export_public(&c->key, io->out, &n);
		return ret != 0 ? wc_status(ret) : n == alg->pub_len ? CS_OK : CS_LIB_ERROR;
	case CS_OP_SIGN:
		n = (word32)alg->out_len;
		ret = io->nonce ? wc_dilithium_sign_ctx_msg_with_seed(NULL, 0, io->in,
								      (word32)io->len, io->out, &n,
								      &c->key, io->nonce)
				: wc_dilithium_sign_ctx_msg(NULL, 0, io->in, (word32)io->len,
							    io->out, &n, &c->key, &c->rng);
		return ret != 0 ? wc_status(ret) : n == alg->out_len ? CS_OK : CS_LIB_ERROR;
	case CS_OP_VERIFY:
		ret = wc_dilithium_verify_ctx_msg(io->sig, (word32)alg->out_len, NULL, 0, io->in,
						  (word32)io->len, &res, &c->key);
		if (ret == 0 && res == 1)
			return CS_OK;
		return ret == 0 || ret == SIG_VERIFY_E || ret == BAD_FUNC_ARG ? CS_MISMATCH
									      : wc_status(ret);
	default: return CS_UNSUPPORTED;
	}
}

static void
mldsa_teardown(void *ctx)
{
	mldsa_ctx *c = ctx;
	if (c->key_init)
		wc_dilithium_free(&c->key);
	if (c->rng_init)
		wc_FreeRng(&c->rng);
	c->key_init = c->rng_init = false;
}
#endif /* CS_WC_MLDSA */

/* ---- The table ---- */

static const cs_impl ml_kem_768_wolfcrypt = {
	.alg = &cs_alg_ml_kem_768,
	.path = PATH,
	.ops = CS_ALG_OPS_ml_kem_768,
#ifdef CS_WC_MLKEM
	.context_size = sizeof(mlkem_ctx),
	.setup = mlkem_setup,
	.run = mlkem_run,
	.teardown = mlkem_teardown,
#elif LIBWOLFSSL_VERSION_HEX < 0x05008000
	.why = "needs wolfSSL 5.8 (ML-KEM); this worker is built with " LIBWOLFSSL_VERSION_STRING,
#else
	.why = "this wolfSSL build has no ML-KEM-768 (configure --enable-mlkem)",
#endif
};
static const cs_impl ml_dsa_65_wolfcrypt = {
	.alg = &cs_alg_ml_dsa_65,
	.path = PATH,
	.ops = CS_ALG_OPS_ml_dsa_65,
#ifdef CS_WC_MLDSA
	.context_size = sizeof(mldsa_ctx),
	.setup = mldsa_setup,
	.run = mldsa_run,
	.teardown = mldsa_teardown,
	.flags = CS_IMPL_RANDOMIZED, /* hedged: a fresh rnd per signature */
#elif LIBWOLFSSL_VERSION_HEX < 0x05008000
	.why = "needs wolfSSL 5.8 (ML-DSA); this worker is built with " LIBWOLFSSL_VERSION_STRING,
#else
	.why = "this wolfSSL build has no ML-DSA-65 (configure --enable-mldsa)",
#endif
};
static const cs_impl aes_128_gcm_wolfcrypt = {
	.alg = &cs_alg_aes_128_gcm,
	.path = PATH,
#if defined(CS_WC_GCM) && defined(WOLFSSL_AES_128)
	.ops = GCM_OPS,
	.context_size = sizeof(aes_ctx),
	.setup = gcm_setup,
	.run = gcm_run,
	.teardown = aes_teardown,
#else
	.ops = CS_ALG_OPS_aes_128_gcm,
	.why = "this wolfSSL build has no AES-128-GCM (needs HAVE_AESGCM, WOLFSSL_AES_128)",
#endif
};
static const cs_impl aes_256_gcm_wolfcrypt = {
	.alg = &cs_alg_aes_256_gcm,
	.path = PATH,
#if defined(CS_WC_GCM) && defined(WOLFSSL_AES_256)
	.ops = GCM_OPS,
	.context_size = sizeof(aes_ctx),
	.setup = gcm_setup,
	.run = gcm_run,
	.teardown = aes_teardown,
#else
	.ops = CS_ALG_OPS_aes_256_gcm,
	.why = "this wolfSSL build has no AES-256-GCM (needs HAVE_AESGCM, WOLFSSL_AES_256)",
#endif
};
static const cs_impl chacha20_poly1305_wolfcrypt = {
	.alg = &cs_alg_chacha20_poly1305,
	.path = PATH,
	.ops = CS_ALG_OPS_chacha20_poly1305,
#ifdef CS_WC_CHAPOLY
	.context_size = sizeof(chapoly_ctx),
	.setup = chapoly_setup,
	.run = chapoly_run,
#else
	.why = "this wolfSSL build has no ChaCha20-Poly1305 (needs HAVE_CHACHA, HAVE_POLY1305)",
#endif
};
static const cs_impl x25519_wolfcrypt = {
	.alg = &cs_alg_x25519,
	.path = PATH,
	.ops = CS_ALG_OPS_x25519,
#ifdef CS_WC_X25519
	.context_size = sizeof(x25519_ctx),
	.setup = x25519_setup,
	.run = x25519_run,
	.teardown = x25519_teardown,
#else
	.why = "this wolfSSL build has no X25519 (needs HAVE_CURVE25519 with its "
	       "shared secret and key import/export, and an RNG)",
#endif
};
static const cs_impl p256_wolfcrypt = {
	.alg = &cs_alg_p256,
	.path = PATH,
	.ops = CS_ALG_OPS_p256,
#ifdef CS_WC_P256
	.context_size = sizeof(p256_ctx),
	.setup = p256_setup,
	.run = p256_run,
	.teardown = p256_teardown,
#else
	.why = "this wolfSSL build has no P-256 ECDH (needs HAVE_ECC with ECC DHE, "
	       "key import/export and 256-bit curves, and an RNG)",
#endif
};

static const cs_impl ed25519_wolfcrypt = {
	.alg = &cs_alg_ed25519,
	.path = PATH,
	.ops = CS_ALG_OPS_ed25519,
#ifdef CS_WC_ED25519
	.context_size = sizeof(ed25519_ctx),
	.setup = ed25519_setup,
	.run = ed25519_run,
	.teardown = ed25519_teardown,
#else
	.why = "this wolfSSL build has no Ed25519 (needs HAVE_ED25519 with sign, verify, "
	       "key import/export, and an RNG)",
#endif
};
static const cs_impl ecdsa_p256_wolfcrypt = {
	.alg = &cs_alg_ecdsa_p256,
	.path = PATH,
	.ops = CS_ALG_OPS_ecdsa_p256,
#ifdef CS_WC_ECDSA
	.context_size = sizeof(ecdsa_ctx),
	.setup = ecdsa_setup,
	.run = ecdsa_run,
	.teardown = ecdsa_teardown,
#if !defined(WOLFSSL_ECDSA_DETERMINISTIC_K) && !defined(WOLFSSL_ECDSA_DETERMINISTIC_K_VARIANT)
	.flags = CS_IMPL_RANDOMIZED,
#endif
#else
	.why = "this wolfSSL build has no ECDSA P-256 (needs HAVE_ECC with sign, verify, "
	       "key import/export, SHA-256, an RNG, and WOLFSSL_PUBLIC_MP for r and s)",
#endif
};
static const cs_impl rsa_2048_wolfcrypt = {
	.alg = &cs_alg_rsa_2048,
	.path = PATH,
	.ops = CS_ALG_OPS_rsa_2048,
#ifdef CS_WC_RSA
	.context_size = sizeof(rsa_ctx),
	.setup = rsa_setup,
	.run = rsa_run,
	.teardown = rsa_teardown,
#else
	.why = "this wolfSSL build has no RSA (NO_RSA, NO_ASN or no SHA-256)",
#endif
};
static const cs_impl hmac_sha256_wolfcrypt = {
	.alg = &cs_alg_hmac_sha256,
	.path = PATH,
	.ops = CS_ALG_OPS_hmac_sha256,
#ifdef CS_WC_HMAC
	.context_size = sizeof(hmac_ctx),
	.setup = hmac_setup,
	.run = hmac_run,
	.teardown = hmac_teardown,
#else
	.why = "this wolfSSL build has no HMAC-SHA256 (NO_HMAC or NO_SHA256)",
#endif
};

#define IMPL(id, how, type) &id##_wolfcrypt,
#define TLS_PTR(id) &cs_wolfssl_##id##_tls,
static const cs_impl *const wolfssl_impls[] = {WOLFSSL_ALGS(IMPL) WOLFSSL_TLS(TLS_PTR) NULL};
#undef TLS_PTR
#undef IMPL

/* ---- The adapter ---- */

static cs_version_fn wolfssl_version;
static cs_build_info_fn wolfssl_build_info;
static cs_init_fn wolfssl_init;
static cs_fini_fn wolfssl_fini;
static cs_cpu_info_fn wolfssl_cpu_info;

static const char *
wolfssl_version(void)
{
	/* The library's own string, so a worker reports the .so it loaded. */
	return wolfSSL_lib_version();
}

/* The compile-time options (from the headers this worker was built against,
   which are the library's own options.h) that decide how fast it runs. */
static const char *const build_options[] = {
#ifdef WOLFSSL_AESNI
	"WOLFSSL_AESNI",
#endif
#ifdef USE_INTEL_SPEEDUP
	"USE_INTEL_SPEEDUP",
#endif
#ifdef HAVE_INTEL_AVX1
	"HAVE_INTEL_AVX1",
#endif
#ifdef HAVE_INTEL_AVX2
	"HAVE_INTEL_AVX2",
#endif
#ifdef WOLFSSL_X86_64_BUILD
	"WOLFSSL_X86_64_BUILD",
#endif
#ifdef WOLFSSL_ARMASM
	"WOLFSSL_ARMASM",
#endif
#ifdef WOLFSSL_ARMASM_NO_HW_CRYPTO
	"WOLFSSL_ARMASM_NO_HW_CRYPTO",
#endif
#ifdef WOLFSSL_ARMASM_NO_NEON
	"WOLFSSL_ARMASM_NO_NEON",
#endif
#ifdef WOLFSSL_ARMASM_CRYPTO_SHA512
	"WOLFSSL_ARMASM_CRYPTO_SHA512",
#endif
#ifdef WOLFSSL_NO_ASM
	"WOLFSSL_NO_ASM",
#endif
#ifdef GCM_TABLE_4BIT
	"GCM_TABLE_4BIT",
#endif
#ifdef GCM_TABLE
	"GCM_TABLE",
#endif
#ifdef GCM_SMALL
	"GCM_SMALL",
#endif
#ifdef GCM_WORD32
	"GCM_WORD32",
#endif
#ifdef CURVE25519_SMALL
	"CURVE25519_SMALL",
#endif
#ifdef CURVED25519_X64
	"CURVED25519_X64",
#endif
#ifdef WOLFSSL_SP_MATH
	"WOLFSSL_SP_MATH",
#endif
#ifdef WOLFSSL_SP_MATH_ALL
	"WOLFSSL_SP_MATH_ALL",
#endif
#ifdef WOLFSSL_HAVE_SP_ECC
	"WOLFSSL_HAVE_SP_ECC",
#endif
#ifdef WOLFSSL_SP_X86_64
	"WOLFSSL_SP_X86_64",
#endif
#ifdef WOLFSSL_SP_X86_64_ASM
	"WOLFSSL_SP_X86_64_ASM",
#endif
#ifdef WOLFSSL_SP_ARM64_ASM
	"WOLFSSL_SP_ARM64_ASM",
#endif
#ifdef WOLFSSL_SP_ARM32_ASM
	"WOLFSSL_SP_ARM32_ASM",
#endif
#ifdef USE_FAST_MATH
	"USE_FAST_MATH",
#endif
#ifdef TFM_TIMING_RESISTANT
	"TFM_TIMING_RESISTANT",
#endif
#ifdef ECC_TIMING_RESISTANT
	"ECC_TIMING_RESISTANT",
#endif
#ifdef FP_ECC
	"FP_ECC",
#endif
#ifdef ECC_SHAMIR
	"ECC_SHAMIR",
#endif
#ifdef WOLFSSL_SMALL_STACK
	"WOLFSSL_SMALL_STACK",
#endif
#ifdef HAVE_FIPS
	"HAVE_FIPS",
#endif
	NULL,
};

/* build_options joined by spaces, e.g. "WOLFSSL_X86_64_BUILD GCM_TABLE_4BIT ...". */
static const char *
wolfssl_build_info(void)
{
	static char buf[1024];
	cs_join_strv(buf, sizeof buf, build_options, " ");
	return buf;
}

static cs_status
wolfssl_init(void)
{
	/* wolfSSL_Init initialises wolfCrypt too */
	return wolfSSL_Init() == WOLFSSL_SUCCESS ? CS_OK : CS_LIB_ERROR;
}

static void
wolfssl_fini(void)
{
	/* Frees the session cache and (wolfCrypt_Cleanup) the FP_ECC point
	   cache, among others. */
	wolfSSL_Cleanup();
}

/* wolfCrypt keeps the CPU flags it detected to itself (cpuid_get_flags is
   not exported), so there is nothing to report. */
static const char *
wolfssl_cpu_info(void)
{
	return "";
}

static const char *const wolfssl_paths[] = {PATH, "tls", NULL};
static const char *const wolfssl_objects[] = {"libwolfssl", NULL};

const cs_adapter cs_adapter_wolfssl = {
	.abi = CS_ABI_VERSION,
	.name = "wolfssl",
	.paths = wolfssl_paths,
	.version = wolfssl_version,
	.build_info = wolfssl_build_info,
	.init = wolfssl_init,
	.fini = wolfssl_fini,
	.objects = wolfssl_objects,
	.mask_env = NULL,
	.cpu_info = wolfssl_cpu_info,
	.impls = wolfssl_impls,
};
