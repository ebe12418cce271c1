/*
 * Botan 2 adapter, through Botan's C API (botan/ffi.h): the interface Botan
 * offers to every language but C++.
 *
 * One path, "ffi":
 *   AEAD    botan_cipher_init ("AES-128/GCM", "AES-256/GCM",
 *           "ChaCha20Poly1305") + set_key in setup; per operation
 *           set_associated_data, start(nonce), one update with the FINAL
 *           flag. Botan's buffer is ciphertext||tag: seal writes it to a
 *           scratch buffer and copies the two parts out, open copies them
 *           in (the copy a caller with separate buffers makes).
 *   CBC     "AES-128/CBC/NoPadding": start(iv), update FINAL, in place of
 *           nothing: straight from io->in to io->out.
 *   HASH    botan_hash_init in setup; per operation update + final (final
 *           resets the object).
 *   HMAC    botan_mac_init "HMAC(SHA-256)" + set_key in setup; per operation
 *           update + final.
 *   X25519, P-256, Ed25519, ECDSA P-256, RSA-2048: sig.c.
 *
 * Masks: Botan picks its code per call from its CPUID flags. Botan 3 clears
 * the flags named in BOTAN_CLEAR_CPUID when it starts; Botan 2 has the same
 * switch only in C++ (Botan::CPUID::clear_cpuid_bit), so this adapter reads
 * BOTAN_CLEAR_CPUID in init and clears those flags itself (cpuid.cpp), the
 * same names, before any Botan call that computes.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* strtok_r */
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <botan/ffi.h>

#include "cryptospeed/adapter.h"
#include "botan_cpuid.h"
#include "botan_impls.h"
#include "cpu.h"

#define CLEAR_ENV "BOTAN_CLEAR_CPUID"

/* What each kind of cell depends on, as Botan's feature names. */
#define CPUID_AES "aes_ni,clmul,avx512_aes,avx512_clmul,ssse3,avx2,neon,armv8aes,armv8pmull"
#define CPUID_CHACHA "sse2,avx2,avx512f,neon"
#define CPUID_SHA "intel_sha,sse2,ssse3,avx2,bmi2,armv8sha1,armv8sha2"

/*
 * The algorithms, one line each: X(id, family, name)
 *
 * id      the catalogue's id (algs.def)
 * family  CIPHER: a botan_cipher_t of that name, AEAD or CBC as the
 *         catalogue's kind says; HASH: a botan_hash_t; MAC: a botan_mac_t;
 *         OWN: sig.c defines cs_botan_<id>
 * name    what Botan calls it; OWN: -
 *
 * A cipher, hash or MAC Botan has is one line here.
 */
#define BOTAN_ALGS(X)                                                                              \
	X(aes_128_gcm, CIPHER, "AES-128/GCM")                                                      \
	X(aes_256_gcm, CIPHER, "AES-256/GCM")                                                      \
	X(chacha20_poly1305, CIPHER, "ChaCha20Poly1305")                                           \
	X(aes_128_cbc, CIPHER, "AES-128/CBC/NoPadding")                                            \
	X(sha1, HASH, "SHA-1")                                                                     \
	X(sha256, HASH, "SHA-256")                                                                 \
	X(sha512, HASH, "SHA-512")                                                                 \
	X(x25519, OWN, -)                                                                          \
	X(p256, OWN, -)                                                                            \
	X(ed25519, OWN, -)                                                                         \
	X(ecdsa_p256, OWN, -)                                                                      \
	X(rsa_2048, OWN, -)                                                                        \
	X(hmac_sha256, MAC, "HMAC(SHA-256)")                                                       \
	X(ml_kem_768, NONE, "Botan 2 has no ML-KEM (Botan 3 has)")                                 \
	X(ml_dsa_65, NONE, "Botan 2 has no ML-DSA (Botan 3 has)")                                  \
	/* a new line goes above this one */

/* Botan's name of each CIPHER, HASH and MAC line. */
typedef struct botan_line {
	const cs_alg *alg;
	const char *name;
} botan_line;

#define LINE_CIPHER(id, name) {&cs_alg_##id, name},
#define LINE_HASH(id, name) {&cs_alg_##id, name},
#define LINE_MAC(id, name) {&cs_alg_##id, name},
#define LINE_OWN(id, name)
#define LINE_NONE(id, name)
#define LINE(id, family, name) LINE_##family(id, name)
static const botan_line botan_lines[] = {BOTAN_ALGS(LINE){.alg = NULL}};
#undef LINE

/* Botan's name for alg, or NULL. */
static const char *
name_of(const cs_alg *alg)
{
	for (const botan_line *l = botan_lines; l->alg; l++)
		if (l->alg == alg)
			return l->name;
	return NULL;
}

/* ---- shared helpers ---- */

void
cs_botan_describe_cpuid(const char *want, char *buf, size_t size)
{
	char list[160];
	size_t used;
	int n = 0;
	if (!size)
		return;
	used = (size_t)snprintf(buf, size, "cpuid=");
	snprintf(list, sizeof list, "%s", want);
	for (char *save = NULL, *t = strtok_r(list, ",", &save); t && used < size;
	     t = strtok_r(NULL, ",", &save))
		if (cs_botan_cpuid_has(t))
			used += (size_t)snprintf(buf + used, size - used, "%s%s", n++ ? "," : "",
						 t);
	if (!n && used < size)
		snprintf(buf + used, size - used, "none");
}

cs_status
cs_botan_mp_put(botan_mp_t mp, uint8_t *out, size_t n)
{
	size_t len = 0;
	uint8_t buf[512];
	if (botan_mp_num_bytes(mp, &len) || len > n || len > sizeof buf)
		return CS_LIB_ERROR;
	if (botan_mp_to_bin(mp, buf))
		return CS_LIB_ERROR;
	memset(out, 0, n - len);
	memcpy(out + (n - len), buf, len);
	return CS_OK;
}

/* ---- AEAD and CBC ---- */

struct cipher_state {
	cs_op op;
	int chacha; /* 1 = ChaCha20-Poly1305 (for describe) */
	botan_cipher_t c;
	uint8_t *buf; /* AEAD: max_len + 16 bytes, ciphertext||tag */
	size_t size;  /* bytes at buf */
};

static cs_setup_fn cipher_setup;
static cs_run_fn aead_run, cbc_run;
static cs_teardown_fn cipher_teardown;
static cs_describe_fn cipher_describe;

static cs_status
cipher_setup(void *ctx, const cs_setup *s)
{
	struct cipher_state *c = ctx;
	const char *name = name_of(s->alg);
	c->op = s->op;
	if (!name || !s->key)
		return CS_BAD_PARAM;
	c->chacha = strncmp(name, "ChaCha20", 8) == 0;
	if (s->alg->kind == CS_AEAD ? s->op != CS_OP_SEAL && s->op != CS_OP_OPEN
				    : s->op != CS_OP_ENCRYPT)
		return CS_BAD_PARAM;
	uint32_t dir = s->op == CS_OP_OPEN ? BOTAN_CIPHER_INIT_FLAG_DECRYPT
					   : BOTAN_CIPHER_INIT_FLAG_ENCRYPT;
	if (botan_cipher_init(&c->c, name, dir))
		return CS_LIB_ERROR;
	if (botan_cipher_set_key(c->c, s->key, s->key_len))
		return CS_BAD_PARAM;
	if (s->alg->kind == CS_AEAD) {
		c->size = s->max_len + s->alg->tag_len;
		c->buf = malloc(c->size);
		if (!c->buf)
			return CS_NO_MEMORY;
	}
	return CS_OK;
}

static cs_status
aead_run(void *ctx, const cs_io *io)
{
	struct cipher_state *c = ctx;
	size_t written = 0, consumed = 0;
	if (io->len + 16 > c->size)
		return CS_BAD_PARAM;
	if (botan_cipher_set_associated_data(c->c, io->aad, io->aad_len) ||
	    botan_cipher_start(c->c, io->nonce, 12))
		return CS_LIB_ERROR;
	if (c->op == CS_OP_SEAL) {
		if (botan_cipher_update(c->c, BOTAN_CIPHER_UPDATE_FLAG_FINAL, c->buf, c->size,
					&written, io->in, io->len, &consumed) ||
		    written != io->len + 16)
			return CS_LIB_ERROR;
		if (io->len)
			memcpy(io->out, c->buf, io->len);
		memcpy(io->tag, c->buf + io->len, 16);
		return CS_OK;
	}
	if (io->len)
		memcpy(c->buf, io->in, io->len);
	memcpy(c->buf + io->len, io->tag, 16);
	int rc = botan_cipher_update(c->c, BOTAN_CIPHER_UPDATE_FLAG_FINAL, io->out, io->len,
				     &written, c->buf, io->len + 16, &consumed);
	if (rc == BOTAN_FFI_ERROR_BAD_MAC)
		return CS_MISMATCH;
	return rc || written != io->len ? CS_LIB_ERROR : CS_OK;
}

static cs_status
cbc_run(void *ctx, const cs_io *io)
{
	struct cipher_state *c = ctx;
	size_t written = 0, consumed = 0;
	if (io->len % 16)
		return CS_BAD_PARAM;
	if (botan_cipher_start(c->c, io->nonce, 16) ||
	    botan_cipher_update(c->c, BOTAN_CIPHER_UPDATE_FLAG_FINAL, io->out, io->len, &written,
				io->in, io->len, &consumed) ||
	    written != io->len)
		return CS_LIB_ERROR;
	return CS_OK;
}

static void
cipher_teardown(void *ctx)
{
	struct cipher_state *c = ctx;
	if (c->c)
		botan_cipher_destroy(c->c);
	free(c->buf);
	memset(c, 0, sizeof *c);
}

static void
cipher_describe(void *ctx, char *buf, size_t size)
{
	const struct cipher_state *c = ctx;
	cs_botan_describe_cpuid(c->chacha ? CPUID_CHACHA : CPUID_AES, buf, size);
}

/* ---- hashes and HMAC ---- */

static cs_setup_fn hash_setup, mac_setup;
static cs_run_fn hash_run, mac_run;
static cs_teardown_fn hash_teardown, mac_teardown;
static cs_describe_fn sha_describe;

static cs_status
hash_setup(void *ctx, const cs_setup *s)
{
	botan_hash_t *h = ctx;
	const char *name = name_of(s->alg);
	size_t len = 0;
	if (!name || s->op != CS_OP_DIGEST)
		return CS_BAD_PARAM;
	if (botan_hash_init(h, name, 0) || botan_hash_output_length(*h, &len))
		return CS_LIB_ERROR;
	return len == s->alg->out_len ? CS_OK : CS_BAD_PARAM;
}

static cs_status
hash_run(void *ctx, const cs_io *io)
{
	botan_hash_t *h = ctx;
	if (botan_hash_update(*h, io->in, io->len) || botan_hash_final(*h, io->out))
		return CS_LIB_ERROR;
	return CS_OK;
}

static void
hash_teardown(void *ctx)
{
	botan_hash_t *h = ctx;
	if (*h)
		botan_hash_destroy(*h);
	*h = NULL;
}

static cs_status
mac_setup(void *ctx, const cs_setup *s)
{
	botan_mac_t *m = ctx;
	const char *name = name_of(s->alg);
	if (s->op != CS_OP_MAC || !s->key || !name)
		return CS_BAD_PARAM;
	if (botan_mac_init(m, name, 0))
		return CS_LIB_ERROR;
	return botan_mac_set_key(*m, s->key, s->key_len) ? CS_BAD_PARAM : CS_OK;
}

static cs_status
mac_run(void *ctx, const cs_io *io)
{
	botan_mac_t *m = ctx;
	if (botan_mac_update(*m, io->in, io->len) || botan_mac_final(*m, io->out))
		return CS_LIB_ERROR;
	return CS_OK;
}

static void
mac_teardown(void *ctx)
{
	botan_mac_t *m = ctx;
	if (*m)
		botan_mac_destroy(*m);
	*m = NULL;
}

static void
sha_describe(void *ctx, char *buf, size_t size)
{
	(void)ctx;
	cs_botan_describe_cpuid(CPUID_SHA, buf, size);
}

/* ---- the impls, generated from the table ---- */

#define IMPL_CIPHER(id)                                                                            \
	static const cs_impl id##_ffi = {                                                          \
		.alg = &cs_alg_##id,                                                               \
		.path = "ffi",                                                                     \
		.ops = CS_ALG_OPS_##id,                                                            \
		.context_size = sizeof(struct cipher_state),                                       \
		.setup = cipher_setup,                                                             \
		.run = CS_ALG_OPS_##id == CS_OPBIT(CS_OP_ENCRYPT) ? cbc_run : aead_run,            \
		.teardown = cipher_teardown,                                                       \
		.describe = cipher_describe,                                                       \
	};
#define IMPL_HASH(id)                                                                              \
	static const cs_impl id##_ffi = {                                                          \
		.alg = &cs_alg_##id,                                                               \
		.path = "ffi",                                                                     \
		.ops = CS_ALG_OPS_##id,                                                            \
		.context_size = sizeof(botan_hash_t),                                              \
		.setup = hash_setup,                                                               \
		.run = hash_run,                                                                   \
		.teardown = hash_teardown,                                                         \
		.describe = sha_describe,                                                          \
	};
#define IMPL_MAC(id)                                                                               \
	static const cs_impl id##_ffi = {                                                          \
		.alg = &cs_alg_##id,                                                               \
		.path = "ffi",                                                                     \
		.ops = CS_ALG_OPS_##id,                                                            \
		.context_size = sizeof(botan_mac_t),                                               \
		.setup = mac_setup,                                                                \
		.run = mac_run,                                                                    \
		.teardown = mac_teardown,                                                          \
		.describe = sha_describe,                                                          \
	};
#define IMPL_OWN(id)
#define IMPL_NONE(id)
#define IMPL(id, family, name) IMPL_##family(id)
BOTAN_ALGS(IMPL)
#undef IMPL

/* One unsupported impl per NONE line, its third field the why. */
#define NONE_IMPL_NONE(id, reason)                                                                 \
	static const cs_impl id##_ffi = {                                                          \
		.alg = &cs_alg_##id,                                                               \
		.path = "ffi",                                                                     \
		.ops = CS_ALG_OPS_##id,                                                            \
		.why = reason,                                                                     \
	};
#define NONE_IMPL_CIPHER(id, reason)
#define NONE_IMPL_HASH(id, reason)
#define NONE_IMPL_MAC(id, reason)
#define NONE_IMPL_OWN(id, reason)
#define NONE_IMPL(id, family, name) NONE_IMPL_##family(id, name)
BOTAN_ALGS(NONE_IMPL)
#undef NONE_IMPL

#define LIST_CIPHER(id) &id##_ffi,
#define LIST_HASH(id) &id##_ffi,
#define LIST_MAC(id) &id##_ffi,
#define LIST_OWN(id) &cs_botan_##id,
#define LIST_NONE(id) &id##_ffi,
#define LIST(id, family, name) LIST_##family(id)
static const cs_impl *const botan_impls[] = {BOTAN_ALGS(LIST) NULL};
#undef LIST

/* ---- masks ---- */

static cs_mask_env_fn botan_mask_env;

static cs_status
botan_mask_env(cs_mask mask, const cs_cpu *cpu, char *name, size_t name_size, char *value,
	       size_t value_size)
{
	/* Botan 2.19's names (src/lib/utils/cpuid/cpuid.cpp bit_from_string);
	   "scalar" takes every SIMD extension Botan dispatches on. */
#if defined(__x86_64__)
	static const char *const lists[CS_MASK_COUNT] = {
		[CS_MASK_NO_SHA] = "intel_sha",
		[CS_MASK_NO_AES] = "aes_ni,clmul,avx512_aes,avx512_clmul",
		[CS_MASK_SCALAR] = "intel_sha,aes_ni,clmul,avx512_aes,avx512_clmul,sse2,ssse3,"
				   "sse41,sse42,avx2,avx512f,avx512_icelake",
	};
#elif defined(__aarch64__)
	static const char *const lists[CS_MASK_COUNT] = {
		[CS_MASK_NO_SHA] = "armv8sha1,armv8sha2",
		[CS_MASK_NO_AES] = "armv8aes,armv8pmull",
		[CS_MASK_SCALAR] = "armv8sha1,armv8sha2,armv8aes,armv8pmull,neon",
	};
#else
	static const char *const lists[CS_MASK_COUNT] = {NULL};
#endif
	const char *list = mask < CS_MASK_COUNT ? lists[mask] : NULL;
	return cs_cpu_mask_list(cpu, list, CLEAR_ENV, name, name_size, value, value_size) == 0
		       ? CS_OK
		       : CS_BAD_PARAM;
}

/* ---- the adapter ---- */

static cs_version_fn botan_version;
static cs_build_info_fn botan_build_info;
static cs_cpu_info_fn botan_cpu_info;
static cs_init_fn botan_init;
static cs_init_error_fn botan_init_error;

static char init_why[160];

static cs_status
botan_init(void)
{
	const char *clear = getenv(CLEAR_ENV);
	char unknown[64];
	if (botan_ffi_supports_api(20180713) != 0) {
		snprintf(init_why, sizeof init_why, "Botan FFI API %u is older than 20180713",
			 (unsigned)botan_ffi_api_version());
		return CS_UNSUPPORTED;
	}
	if (clear && clear[0] && cs_botan_clear_cpuid(clear, unknown, sizeof unknown)) {
		snprintf(init_why, sizeof init_why, "%s: Botan knows no CPU feature '%s'",
			 CLEAR_ENV, unknown);
		return CS_BAD_PARAM;
	}
	return CS_OK;
}

static const char *
botan_init_error(void)
{
	return init_why;
}

static const char *
botan_version(void)
{
	static char buf[64];
	snprintf(buf, sizeof buf, "Botan %u.%u.%u", (unsigned)botan_version_major(),
		 (unsigned)botan_version_minor(), (unsigned)botan_version_patch());
	return buf;
}

static const char *
botan_build_info(void)
{
	static char buf[200];
	snprintf(buf, sizeof buf, "FFI API %u; %s", (unsigned)botan_ffi_api_version(),
		 botan_version_string());
	return buf;
}

/* The CPU features Botan will use (after any BOTAN_CLEAR_CPUID). */
static const char *
botan_cpu_info(void)
{
	static char buf[400];
	char list[256];
	const char *clear = getenv(CLEAR_ENV);
	cs_botan_cpuid_string(list, sizeof list);
	if (clear && clear[0])
		snprintf(buf, sizeof buf, "%s; cleared %s", list, clear);
	else
		snprintf(buf, sizeof buf, "%s", list);
	return buf;
}

static const char *const botan_paths[] = {"ffi", NULL};
static const char *const botan_objects[] = {"libbotan-2.so", NULL};

const cs_adapter cs_adapter_botan = {
	.abi = CS_ABI_VERSION,
	.name = "botan",
	.paths = botan_paths,
	.version = botan_version,
	.build_info = botan_build_info,
	.init = botan_init,
	.objects = botan_objects,
	.mask_env = botan_mask_env,
	.cpu_info = botan_cpu_info,
	.impls = botan_impls,
	.init_error = botan_init_error,
};
