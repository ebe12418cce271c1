/*
 * AES-128-GCM and ChaCha20-Poly1305 as OpenSSL AEAD ciphers
 * (provider-cipher(7)), computed by Nettle's gcm_aes128_* and
 * chacha_poly1305_* calls.
 *
 * The EVP calls map as follows:
 *   EVP_EncryptInit_ex2(ctx, cipher, key, iv)  encrypt_init: set_key, set_iv
 *   EVP_EncryptUpdate(ctx, NULL, .., aad)      update with out == NULL: AAD
 *   EVP_EncryptUpdate(ctx, out, .., in)        update: encrypt / decrypt
 *   EVP_EncryptFinal_ex                        final: the tag (encrypt: kept
 *                                              for AEAD_TAG; decrypt: compared)
 *   EVP_CIPHER_CTX_ctrl(AEAD_GET_TAG/SET_TAG)  get/set_ctx_params AEAD_TAG
 *
 * Nettle takes AAD and data in whole blocks except in the last call of each
 * (GCM: 16-byte AAD and data blocks; ChaCha20-Poly1305: any AAD, 64-byte data
 * blocks) and asserts that. So does this provider, with an error instead of
 * an abort: after a chunk that is not a whole number of blocks, more of the
 * same kind is refused. One update for the AAD and one for the data (what TLS
 * and cryptospeed do) is always accepted.
 */
#include <string.h>

#include <nettle/chacha-poly1305.h>
#include <nettle/gcm.h>
#include <nettle/memops.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include "bridge.h"

#define AEAD_TAG_MAX 16 /* both algorithms' full tag */
#define AEAD_IV_MAX 64	/* the longest GCM nonce accepted */

typedef enum aead_alg { AEAD_GCM, AEAD_CHACHA } aead_alg;

/* What is fixed per algorithm. */
typedef struct aead_info {
	aead_alg alg;
	unsigned mode; /* OSSL_CIPHER_PARAM_MODE */
	size_t key_len;
	size_t iv_len;	   /* the default (and, for ChaCha20-Poly1305, only) nonce length */
	size_t aad_block;  /* all but the last AAD chunk are multiples of this */
	size_t data_block; /* all but the last data chunk are multiples of this */
} aead_info;

static const aead_info gcm_info = {
	.alg = AEAD_GCM,
	.mode = EVP_CIPH_GCM_MODE,
	.key_len = 16,
	.iv_len = GCM_IV_SIZE,
	.aad_block = GCM_BLOCK_SIZE,
	.data_block = GCM_BLOCK_SIZE,
};
static const aead_info chacha_info = {
	.alg = AEAD_CHACHA,
	.mode = EVP_CIPH_STREAM_CIPHER,
	.key_len = CHACHA_POLY1305_KEY_SIZE,
	.iv_len = CHACHA_POLY1305_NONCE_SIZE,
	.aad_block = 1,
	.data_block = CHACHA_POLY1305_BLOCK_SIZE,
};

/* One EVP_CIPHER_CTX's state in the provider. */
typedef struct aead_ctx {
	const aead_info *info;
	const cs_bridge *bridge;
	union {
		struct gcm_aes128_ctx gcm;
		struct chacha_poly1305_ctx chacha;
	} nettle;
	int encrypting;
	int have_key;	/* the key schedule is in `nettle` */
	int iv_pending; /* iv[] arrived before the key: set it when the key does */
	int have_iv;	/* a nonce is set and the message not finished */
	int aad_open;	/* more AAD may come (no data yet, no partial AAD block) */
	int data_open;	/* more data may come (no partial data block yet) */
	int tag_set;	/* decrypt: tag[] holds the tag to verify */
	int tag_ready;	/* encrypt: tag[] holds the finished message's tag */
	size_t iv_len;
	size_t tag_len;
	unsigned char iv[AEAD_IV_MAX];
	unsigned char tag[AEAD_TAG_MAX];
} aead_ctx;

/* ---- the Nettle calls, per algorithm ---- */

static void
nettle_set_key(aead_ctx *c, const unsigned char *key)
{
	if (c->info->alg == AEAD_GCM)
		gcm_aes128_set_key(&c->nettle.gcm, key);
	else
		chacha_poly1305_set_key(&c->nettle.chacha, key);
}

static void
nettle_set_iv(aead_ctx *c)
{
	if (c->info->alg == AEAD_GCM)
		gcm_aes128_set_iv(&c->nettle.gcm, c->iv_len, c->iv);
	else
		chacha_poly1305_set_nonce(&c->nettle.chacha, c->iv);
}

static void
nettle_aad(aead_ctx *c, const unsigned char *aad, size_t len)
{
	if (c->info->alg == AEAD_GCM)
		gcm_aes128_update(&c->nettle.gcm, len, aad);
	else
		chacha_poly1305_update(&c->nettle.chacha, len, aad);
}

static void
nettle_crypt(aead_ctx *c, unsigned char *out, const unsigned char *in, size_t len)
{
	if (c->info->alg == AEAD_GCM) {
		if (c->encrypting)
			gcm_aes128_encrypt(&c->nettle.gcm, len, out, in);
		else
			gcm_aes128_decrypt(&c->nettle.gcm, len, out, in);
	} else {
		if (c->encrypting)
			chacha_poly1305_encrypt(&c->nettle.chacha, len, out, in);
		else
			chacha_poly1305_decrypt(&c->nettle.chacha, len, out, in);
	}
}

static void
nettle_tag(aead_ctx *c, unsigned char tag[AEAD_TAG_MAX])
{
	if (c->info->alg == AEAD_GCM)
		gcm_aes128_digest(&c->nettle.gcm, AEAD_TAG_MAX, tag);
	else
		chacha_poly1305_digest(&c->nettle.chacha, AEAD_TAG_MAX, tag);
}

/* ---- the provider functions ---- */

static OSSL_FUNC_cipher_newctx_fn gcm_newctx;
static OSSL_FUNC_cipher_newctx_fn chacha_newctx;
static OSSL_FUNC_cipher_freectx_fn aead_freectx;
static OSSL_FUNC_cipher_dupctx_fn aead_dupctx;
static OSSL_FUNC_cipher_encrypt_init_fn aead_encrypt_init;
static OSSL_FUNC_cipher_decrypt_init_fn aead_decrypt_init;
static OSSL_FUNC_cipher_update_fn aead_update;
static OSSL_FUNC_cipher_final_fn aead_final;
static OSSL_FUNC_cipher_get_params_fn gcm_get_params;
static OSSL_FUNC_cipher_get_params_fn chacha_get_params;
static OSSL_FUNC_cipher_gettable_params_fn aead_gettable_params;
static OSSL_FUNC_cipher_get_ctx_params_fn aead_get_ctx_params;
static OSSL_FUNC_cipher_set_ctx_params_fn aead_set_ctx_params;
static OSSL_FUNC_cipher_gettable_ctx_params_fn aead_gettable_ctx_params;
static OSSL_FUNC_cipher_settable_ctx_params_fn aead_settable_ctx_params;

static void *
aead_new(const cs_bridge *bridge, const aead_info *info)
{
	aead_ctx *c = OPENSSL_zalloc(sizeof *c);
	if (!c) {
		cs_bridge_error(bridge, CS_BRIDGE_R_NO_MEMORY, __func__, "%zu bytes", sizeof *c);
		return NULL;
	}
	c->info = info;
	c->bridge = bridge;
	c->iv_len = info->iv_len;
	c->tag_len = AEAD_TAG_MAX;
	return c;
}

static void *
gcm_newctx(void *provctx)
{
	return aead_new(provctx, &gcm_info);
}

static void *
chacha_newctx(void *provctx)
{
	return aead_new(provctx, &chacha_info);
}

static void
aead_freectx(void *vctx)
{
	OPENSSL_clear_free(vctx, sizeof(aead_ctx));
}

static void *
aead_dupctx(void *vctx)
{
	return OPENSSL_memdup(vctx, sizeof(aead_ctx));
}

/* encrypt_init and decrypt_init: parameters, then the key, then the nonce. */
static int
aead_init(aead_ctx *c, int encrypting, const unsigned char *key, size_t keylen,
	  const unsigned char *iv, size_t ivlen, const OSSL_PARAM params[])
{
	c->encrypting = encrypting;
	c->tag_set = 0;
	c->tag_ready = 0;
	if (!aead_set_ctx_params(c, params))
		return 0;
	if (key) {
		if (keylen != c->info->key_len) {
			cs_bridge_error(c->bridge, CS_BRIDGE_R_BAD_LENGTH, __func__,
					"key of %zu bytes (accepted: %zu)", keylen,
					c->info->key_len);
			return 0;
		}
		nettle_set_key(c, key);
		c->have_key = 1;
		c->have_iv = 0;
	}
	if (iv) {
		if (ivlen != c->iv_len) {
			cs_bridge_error(c->bridge, CS_BRIDGE_R_BAD_LENGTH, __func__,
					"nonce of %zu bytes (accepted: %zu)", ivlen, c->iv_len);
			return 0;
		}
		memcpy(c->iv, iv, ivlen);
		c->iv_pending = 1;
		c->have_iv = 0;
	}
	if (c->iv_pending && c->have_key) {
		nettle_set_iv(c);
		c->iv_pending = 0;
		c->have_iv = 1;
		c->aad_open = 1;
		c->data_open = 1;
	}
	return 1;
}

static int
aead_encrypt_init(void *vctx, const unsigned char *key, size_t keylen, const unsigned char *iv,
		  size_t ivlen, const OSSL_PARAM params[])
{
	return aead_init(vctx, 1, key, keylen, iv, ivlen, params);
}

static int
aead_decrypt_init(void *vctx, const unsigned char *key, size_t keylen, const unsigned char *iv,
		  size_t ivlen, const OSSL_PARAM params[])
{
	return aead_init(vctx, 0, key, keylen, iv, ivlen, params);
}

/* AAD when out is NULL, else data. */
static int
aead_update(void *vctx, unsigned char *out, size_t *outl, size_t outsize, const unsigned char *in,
	    size_t inl)
{
	aead_ctx *c = vctx;
	if (!c->have_iv) {
		cs_bridge_error(c->bridge, CS_BRIDGE_R_BAD_STATE, __func__,
				"no key and nonce set for this message");
		return 0;
	}
	*outl = 0;
	if (inl == 0)
		return 1;
	if (!out) {
		if (!c->aad_open) {
			cs_bridge_error(c->bridge, CS_BRIDGE_R_BAD_STATE, __func__,
					"AAD after data or after a partial %zu-byte block",
					c->info->aad_block);
			return 0;
		}
		nettle_aad(c, in, inl);
		if (inl % c->info->aad_block)
			c->aad_open = 0;
		*outl = inl;
		return 1;
	}
	if (!c->data_open) {
		cs_bridge_error(c->bridge, CS_BRIDGE_R_BAD_STATE, __func__,
				"data after a partial %zu-byte block", c->info->data_block);
		return 0;
	}
	if (outsize < inl) {
		cs_bridge_error(c->bridge, CS_BRIDGE_R_BAD_LENGTH, __func__,
				"output buffer of %zu bytes for %zu bytes", outsize, inl);
		return 0;
	}
	c->aad_open = 0;
	nettle_crypt(c, out, in, inl);
	if (inl % c->info->data_block)
		c->data_open = 0;
	*outl = inl;
	return 1;
}

/* Encrypt: compute and keep the tag. Decrypt: 1 only when the tag verifies. */
static int
aead_final(void *vctx, unsigned char *out, size_t *outl, size_t outsize)
{
	aead_ctx *c = vctx;
	(void)out;
	(void)outsize;
	*outl = 0;
	if (!c->have_iv) {
		cs_bridge_error(c->bridge, CS_BRIDGE_R_BAD_STATE, __func__,
				"no key and nonce set for this message");
		return 0;
	}
	if (!c->encrypting && !c->tag_set) {
		cs_bridge_error(c->bridge, CS_BRIDGE_R_BAD_STATE, __func__,
				"no tag to verify (set OSSL_CIPHER_PARAM_AEAD_TAG before final)");
		return 0;
	}
	unsigned char tag[AEAD_TAG_MAX];
	nettle_tag(c, tag);
	c->have_iv = 0; /* the next message needs its own nonce */
	if (c->encrypting) {
		memcpy(c->tag, tag, sizeof tag);
		c->tag_ready = 1;
		return 1;
	}
	int ok = memeql_sec(tag, c->tag, c->tag_len);
	c->tag_set = 0;
	OPENSSL_cleanse(tag, sizeof tag);
	return ok; /* a forged tag is no error on the queue, as in OpenSSL's own ciphers */
}

/* ---- parameters ---- */

/* What EVP_CIPHER_fetch caches about the algorithm (key and IV length, flags). */
static int
aead_get_params(OSSL_PARAM params[], const aead_info *info)
{
	const struct {
		const char *key;
		int value;
	} flags[] = {
		{OSSL_CIPHER_PARAM_AEAD, 1},
		{OSSL_CIPHER_PARAM_CUSTOM_IV, 1}, /* the provider handles the nonce itself */
		{OSSL_CIPHER_PARAM_CTS, 0},
		{OSSL_CIPHER_PARAM_TLS1_MULTIBLOCK, 0},
		{OSSL_CIPHER_PARAM_HAS_RAND_KEY, 0},
	};
	OSSL_PARAM *p;
	if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_MODE)) &&
	    !OSSL_PARAM_set_uint(p, info->mode))
		return 0;
	if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_KEYLEN)) &&
	    !OSSL_PARAM_set_size_t(p, info->key_len))
		return 0;
	if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_IVLEN)) &&
	    !OSSL_PARAM_set_size_t(p, info->iv_len))
		return 0;
	if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_BLOCK_SIZE)) &&
	    !OSSL_PARAM_set_size_t(p, 1))
		return 0;
	for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
		if ((p = OSSL_PARAM_locate(params, flags[i].key)) &&
		    !OSSL_PARAM_set_int(p, flags[i].value))
			return 0;
	return 1;
}

static int
gcm_get_params(OSSL_PARAM params[])
{
	return aead_get_params(params, &gcm_info);
}

static int
chacha_get_params(OSSL_PARAM params[])
{
	return aead_get_params(params, &chacha_info);
}

static const OSSL_PARAM aead_gettable[] = {
	OSSL_PARAM_uint(OSSL_CIPHER_PARAM_MODE, NULL),
	OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
	OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),
	OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_BLOCK_SIZE, NULL),
	OSSL_PARAM_int(OSSL_CIPHER_PARAM_AEAD, NULL),
	OSSL_PARAM_int(OSSL_CIPHER_PARAM_CUSTOM_IV, NULL),
	OSSL_PARAM_int(OSSL_CIPHER_PARAM_CTS, NULL),
	OSSL_PARAM_int(OSSL_CIPHER_PARAM_TLS1_MULTIBLOCK, NULL),
	OSSL_PARAM_int(OSSL_CIPHER_PARAM_HAS_RAND_KEY, NULL),
	OSSL_PARAM_END,
};

static const OSSL_PARAM *
aead_gettable_params(void *provctx)
{
	(void)provctx;
	return aead_gettable;
}

static int
aead_get_ctx_params(void *vctx, OSSL_PARAM params[])
{
	aead_ctx *c = vctx;
	OSSL_PARAM *p;
	if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_KEYLEN)) &&
	    !OSSL_PARAM_set_size_t(p, c->info->key_len))
		return 0;
	if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_IVLEN)) &&
	    !OSSL_PARAM_set_size_t(p, c->iv_len))
		return 0;
	if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_AEAD_TAGLEN)) &&
	    !OSSL_PARAM_set_size_t(p, c->tag_len))
		return 0;
	if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_AEAD_TAG))) {
		if (!c->encrypting || !c->tag_ready) {
			cs_bridge_error(c->bridge, CS_BRIDGE_R_BAD_STATE, __func__,
					"the tag is read after an encryption's final");
			return 0;
		}
		if (p->data_type != OSSL_PARAM_OCTET_STRING || p->data_size == 0 ||
		    p->data_size > AEAD_TAG_MAX) {
			cs_bridge_error(c->bridge, CS_BRIDGE_R_BAD_LENGTH, __func__,
					"tag of %zu bytes (accepted: an octet string of 1..%d)",
					p->data_size, AEAD_TAG_MAX);
			return 0;
		}
		if (!OSSL_PARAM_set_octet_string(p, c->tag, p->data_size))
			return 0;
	}
	return 1;
}

static int
aead_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
	aead_ctx *c = vctx;
	const OSSL_PARAM *p;
	if (!params)
		return 1;
	if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_AEAD_TAG))) {
		if (p->data_type != OSSL_PARAM_OCTET_STRING || p->data_size == 0 ||
		    p->data_size > AEAD_TAG_MAX) {
			cs_bridge_error(c->bridge, CS_BRIDGE_R_BAD_LENGTH, __func__,
					"tag of %zu bytes (accepted: an octet string of 1..%d)",
					p->data_size, AEAD_TAG_MAX);
			return 0;
		}
		if (p->data && c->encrypting) {
			cs_bridge_error(c->bridge, CS_BRIDGE_R_BAD_STATE, __func__,
					"a tag to verify is set for decryption only");
			return 0;
		}
		c->tag_len = p->data_size; /* no data: only the length, for encryption */
		if (p->data) {
			memcpy(c->tag, p->data, p->data_size);
			c->tag_set = 1;
		}
	}
	if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_IVLEN))) {
		/* GCM takes any nonce length (Nettle hashes other than 12 bytes);
		   ChaCha20-Poly1305 only its 12 bytes. */
		int gcm = c->info->alg == AEAD_GCM;
		size_t n, min = gcm ? 1 : c->info->iv_len,
			  max = gcm ? AEAD_IV_MAX : c->info->iv_len;
		if (!OSSL_PARAM_get_size_t(p, &n) || n < min || n > max) {
			cs_bridge_error(c->bridge, CS_BRIDGE_R_BAD_PARAM, __func__,
					"nonce length (accepted: %zu..%zu)", min, max);
			return 0;
		}
		if (n != c->iv_len) {
			c->iv_len = n;
			c->iv_pending = 0; /* a nonce of the old length is void */
			c->have_iv = 0;
		}
	}
	return 1;
}

static const OSSL_PARAM aead_gettable_ctx[] = {
	OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
	OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),
	OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TAGLEN, NULL),
	OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, NULL, 0),
	OSSL_PARAM_END,
};

static const OSSL_PARAM aead_settable_ctx[] = {
	OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, NULL, 0),
	OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),
	OSSL_PARAM_END,
};

static const OSSL_PARAM *
aead_gettable_ctx_params(void *cctx, void *provctx)
{
	(void)cctx;
	(void)provctx;
	return aead_gettable_ctx;
}

static const OSSL_PARAM *
aead_settable_ctx_params(void *cctx, void *provctx)
{
	(void)cctx;
	(void)provctx;
	return aead_settable_ctx;
}

/*
 * OSSL_DISPATCH stores every function as `void (*)(void)`; the core casts each
 * back to its OSSL_FUNC_cipher_*_fn type (the declarations above) before it
 * calls it. Those casts are OpenSSL's provider ABI, and these tables are the
 * only place this project casts function pointers.
 */
const OSSL_DISPATCH cs_bridge_aes_128_gcm_functions[] = {
	{OSSL_FUNC_CIPHER_NEWCTX, (void (*)(void))gcm_newctx},
	{OSSL_FUNC_CIPHER_FREECTX, (void (*)(void))aead_freectx},
	{OSSL_FUNC_CIPHER_DUPCTX, (void (*)(void))aead_dupctx},
	{OSSL_FUNC_CIPHER_ENCRYPT_INIT, (void (*)(void))aead_encrypt_init},
	{OSSL_FUNC_CIPHER_DECRYPT_INIT, (void (*)(void))aead_decrypt_init},
	{OSSL_FUNC_CIPHER_UPDATE, (void (*)(void))aead_update},
	{OSSL_FUNC_CIPHER_FINAL, (void (*)(void))aead_final},
	{OSSL_FUNC_CIPHER_GET_PARAMS, (void (*)(void))gcm_get_params},
	{OSSL_FUNC_CIPHER_GETTABLE_PARAMS, (void (*)(void))aead_gettable_params},
	{OSSL_FUNC_CIPHER_GET_CTX_PARAMS, (void (*)(void))aead_get_ctx_params},
	{OSSL_FUNC_CIPHER_SET_CTX_PARAMS, (void (*)(void))aead_set_ctx_params},
	{OSSL_FUNC_CIPHER_GETTABLE_CTX_PARAMS, (void (*)(void))aead_gettable_ctx_params},
	{OSSL_FUNC_CIPHER_SETTABLE_CTX_PARAMS, (void (*)(void))aead_settable_ctx_params},
	{0, NULL},
};

/* The same, with ChaCha20-Poly1305's newctx and get_params (see above for the casts). */
const OSSL_DISPATCH cs_bridge_chacha20_poly1305_functions[] = {
	{OSSL_FUNC_CIPHER_NEWCTX, (void (*)(void))chacha_newctx},
	{OSSL_FUNC_CIPHER_FREECTX, (void (*)(void))aead_freectx},
	{OSSL_FUNC_CIPHER_DUPCTX, (void (*)(void))aead_dupctx},
	{OSSL_FUNC_CIPHER_ENCRYPT_INIT, (void (*)(void))aead_encrypt_init},
	{OSSL_FUNC_CIPHER_DECRYPT_INIT, (void (*)(void))aead_decrypt_init},
	{OSSL_FUNC_CIPHER_UPDATE, (void (*)(void))aead_update},
	{OSSL_FUNC_CIPHER_FINAL, (void (*)(void))aead_final},
	{OSSL_FUNC_CIPHER_GET_PARAMS, (void (*)(void))chacha_get_params},
	{OSSL_FUNC_CIPHER_GETTABLE_PARAMS, (void (*)(void))aead_gettable_params},
	{OSSL_FUNC_CIPHER_GET_CTX_PARAMS, (void (*)(void))aead_get_ctx_params},
	{OSSL_FUNC_CIPHER_SET_CTX_PARAMS, (void (*)(void))aead_set_ctx_params},
	{OSSL_FUNC_CIPHER_GETTABLE_CTX_PARAMS, (void (*)(void))aead_gettable_ctx_params},
	{OSSL_FUNC_CIPHER_SETTABLE_CTX_PARAMS, (void (*)(void))aead_settable_ctx_params},
	{0, NULL},
};
