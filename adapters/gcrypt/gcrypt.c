/*
 * libgcrypt adapter (GnuPG's crypto library, 1.8 or later).
 *
 * Path "gcrypt": the handle API a libgcrypt user calls.
 *   AEAD    gcry_cipher_open (GCM; ChaCha20 in POLY1305 mode) + setkey in
 *           setup; per operation setiv, authenticate(aad), encrypt or
 *           decrypt, gettag / checktag.
 *   CBC     gcry_cipher_open (CBC) + setkey in setup; per operation setiv,
 *           encrypt.
 *   HASH    gcry_md_open in setup; per operation reset, write, read.
 *   HMAC    gcry_mac_open (GCRY_MAC_HMAC_SHA256) + setkey in setup; per
 *           operation reset, write, read.
 *   X25519, P-256, Ed25519, ECDSA P-256, RSA-2048: pk.c.
 * Path "oneshot": the hashes through gcry_md_hash_buffer, one call.
 *
 * Masks: libgcrypt reads the hardware features it may use once, when it
 * initialises; gcry_control(GCRYCTL_DISABLE_HWF, name) before that takes one
 * away (/etc/gcrypt/hwf.deny does the same for every process on the machine,
 * so it is no per-worker switch). libgcrypt reads no environment variable for
 * it, so the mask is CRYPTOSPEED_GCRYPT_DISABLE_HWF, a comma-separated list of
 * libgcrypt's feature names that this adapter hands to that control call
 * before the library's first use.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* strtok_r */
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gcrypt.h>

#include "cryptospeed/adapter.h"
#include "gcrypt_impls.h"
#include "cpu.h"

#define HWF_ENV "CRYPTOSPEED_GCRYPT_DISABLE_HWF"
#define MIN_VERSION "1.8.0"

/* What each kind of cell depends on, as libgcrypt's feature-name prefixes. */
#define HWF_AES                                                                                    \
	"intel-aesni,intel-pclmul,intel-vaes,intel-avx,intel-ssse3,arm-aes,arm-pmull,arm-neon"
#define HWF_CHACHA "intel-ssse3,intel-avx,arm-neon"
#define HWF_SHA "intel-shaext,intel-avx,intel-ssse3,intel-bmi2,arm-sha,arm-neon"

/*
 * The algorithms, one line each: X(id, family, algo, mode)
 *
 * id      the catalogue's id (algs.def)
 * family  CIPHER: a gcry_cipher handle (algo, mode), AEAD or CBC as the
 *         catalogue's kind says; HASH: a gcry_md handle ("gcrypt") and
 *         gcry_md_hash_buffer ("oneshot") of algo; MAC: a gcry_mac handle of
 *         algo; OWN: pk.c defines cs_gcrypt_<id>
 * algo    GCRY_CIPHER_*, GCRY_MD_*, GCRY_MAC_*; OWN: -
 * mode    CIPHER: GCRY_CIPHER_MODE_*; else -
 *
 * A cipher, hash or MAC libgcrypt has is one line here.
 */
#define GCRYPT_ALGS(X)                                                                             \
	X(aes_128_gcm, CIPHER, GCRY_CIPHER_AES128, GCRY_CIPHER_MODE_GCM)                           \
	X(aes_256_gcm, CIPHER, GCRY_CIPHER_AES256, GCRY_CIPHER_MODE_GCM)                           \
	X(chacha20_poly1305, CIPHER, GCRY_CIPHER_CHACHA20, GCRY_CIPHER_MODE_POLY1305)              \
	X(aes_128_cbc, CIPHER, GCRY_CIPHER_AES128, GCRY_CIPHER_MODE_CBC)                           \
	X(sha1, HASH, GCRY_MD_SHA1, -)                                                             \
	X(sha256, HASH, GCRY_MD_SHA256, -)                                                         \
	X(sha512, HASH, GCRY_MD_SHA512, -)                                                         \
	X(x25519, OWN, -, -)                                                                       \
	X(p256, OWN, -, -)                                                                         \
	X(ed25519, OWN, -, -)                                                                      \
	X(ecdsa_p256, OWN, -, -)                                                                   \
	X(rsa_2048, OWN, -, -)                                                                     \
	X(hmac_sha256, MAC, GCRY_MAC_HMAC_SHA256, -)                                               \
	X(ml_kem_768, NONE, "libgcrypt 1.10 has no ML-KEM", -)                                     \
	X(ml_dsa_65, NONE, "libgcrypt 1.10 has no ML-DSA", -)                                      \
	/* a new line goes above this one */

/* The algo and mode of each CIPHER, HASH and MAC line. */
typedef struct gcrypt_line {
	const cs_alg *alg;
	int algo;
	int mode;
} gcrypt_line;

#define LINE_CIPHER(id, algo, mode) {&cs_alg_##id, algo, mode},
#define LINE_HASH(id, algo, mode) {&cs_alg_##id, algo, 0},
#define LINE_MAC(id, algo, mode) {&cs_alg_##id, algo, 0},
#define LINE_OWN(id, algo, mode)
#define LINE_NONE(id, algo, mode)
#define LINE(id, family, algo, mode) LINE_##family(id, algo, mode)
static const gcrypt_line gcrypt_lines[] = {GCRYPT_ALGS(LINE){.alg = NULL}};
#undef LINE

/* The line of alg (its algo and mode), or NULL. */
static const gcrypt_line *
line_of(const cs_alg *alg)
{
	for (const gcrypt_line *l = gcrypt_lines; l->alg; l++)
		if (l->alg == alg)
			return l;
	return NULL;
}

/* ---- initialisation (once, before any other call) ---- */

static int init_state;	       /* 0 not yet, 1 done, -1 failed */
static char init_why[160];     /* why it failed */
static char disabled_hwf[256]; /* the features the mask took away */

/* Hand every name of HWF_ENV to GCRYCTL_DISABLE_HWF, then initialise. */
static int
gcrypt_start(void)
{
	if (init_state)
		return init_state;
	init_state = -1;
	const char *deny = getenv(HWF_ENV);
	if (deny && deny[0]) {
		char list[256];
		snprintf(list, sizeof list, "%s", deny);
		for (char *save = NULL, *t = strtok_r(list, ", ", &save); t;
		     t = strtok_r(NULL, ", ", &save)) {
			gcry_error_t err = gcry_control(GCRYCTL_DISABLE_HWF, t, NULL);
			if (err) {
				snprintf(init_why, sizeof init_why, "%s: '%s': %s", HWF_ENV, t,
					 gcry_strerror(err));
				return init_state;
			}
		}
		snprintf(disabled_hwf, sizeof disabled_hwf, "%s", deny);
	}
	if (!gcry_check_version(MIN_VERSION)) {
		snprintf(init_why, sizeof init_why, "libgcrypt %s is older than %s",
			 gcry_check_version(NULL), MIN_VERSION);
		return init_state;
	}
	/* No secure memory (it would mlock and warn); scalars still take
	   libgcrypt's constant-time paths where it has them. */
	gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
	gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
	init_state = 1;
	return init_state;
}

void
cs_gcrypt_describe_hwf(const char *want, char *buf, size_t size)
{
	char *conf = gcry_get_config(0, "hwflist"); /* "hwflist:a:b:...:" */
	size_t used = 0;
	if (size == 0)
		return;
	buf[0] = '\0';
	used = (size_t)snprintf(buf, size, "hwf=");
	int n = 0;
	if (conf) {
		char *save = NULL;
		char *t = strtok_r(conf, ":\n", &save);
		for (t = strtok_r(NULL, ":\n", &save); t && used < size;
		     t = strtok_r(NULL, ":\n", &save)) {
			int keep = want[0] == '\0';
			for (const char *w = want; *w && !keep;) {
				size_t len = strcspn(w, ",");
				keep = strncmp(t, w, len) == 0;
				w += len + (w[len] == ',');
			}
			if (keep)
				used += (size_t)snprintf(buf + used, size - used, "%s%s",
							 n++ ? "," : "", t);
		}
		gcry_free(conf);
	}
	if (!n && used < size)
		snprintf(buf + used, size - used, "none");
}

/* ---- AEAD and CBC: one cipher handle ---- */

struct cipher_state {
	cs_op op;
	int algo; /* GCRY_CIPHER_* */
	gcry_cipher_hd_t hd;
};

static cs_setup_fn cipher_setup;
static cs_run_fn aead_run, cbc_run;
static cs_teardown_fn cipher_teardown;
static cs_describe_fn cipher_describe;

static cs_status
cipher_setup(void *ctx, const cs_setup *s)
{
	struct cipher_state *c = ctx;
	const gcrypt_line *l = line_of(s->alg);
	c->op = s->op;
	if (!l || !s->key || s->key_len != gcry_cipher_get_algo_keylen(l->algo))
		return CS_BAD_PARAM;
	c->algo = l->algo;
	if (s->alg->kind == CS_AEAD ? s->op != CS_OP_SEAL && s->op != CS_OP_OPEN
				    : s->op != CS_OP_ENCRYPT)
		return CS_BAD_PARAM;
	if (gcry_cipher_open(&c->hd, l->algo, l->mode, 0))
		return CS_LIB_ERROR;
	return gcry_cipher_setkey(c->hd, s->key, s->key_len) ? CS_LIB_ERROR : CS_OK;
}

static cs_status
aead_run(void *ctx, const cs_io *io)
{
	struct cipher_state *c = ctx;
	if (gcry_cipher_setiv(c->hd, io->nonce, 12) ||
	    gcry_cipher_authenticate(c->hd, io->aad, io->aad_len))
		return CS_LIB_ERROR;
	if (c->op == CS_OP_SEAL) {
		if (gcry_cipher_encrypt(c->hd, io->out, io->len, io->in, io->len) ||
		    gcry_cipher_gettag(c->hd, io->tag, 16))
			return CS_LIB_ERROR;
		return CS_OK;
	}
	if (gcry_cipher_decrypt(c->hd, io->out, io->len, io->in, io->len))
		return CS_LIB_ERROR;
	gcry_error_t err = gcry_cipher_checktag(c->hd, io->tag, 16);
	if (gcry_err_code(err) == GPG_ERR_CHECKSUM)
		return CS_MISMATCH;
	return err ? CS_LIB_ERROR : CS_OK;
}

static cs_status
cbc_run(void *ctx, const cs_io *io)
{
	struct cipher_state *c = ctx;
	if (io->len % 16)
		return CS_BAD_PARAM;
	if (gcry_cipher_setiv(c->hd, io->nonce, 16) ||
	    gcry_cipher_encrypt(c->hd, io->out, io->len, io->in, io->len))
		return CS_LIB_ERROR;
	return CS_OK;
}

static void
cipher_teardown(void *ctx)
{
	struct cipher_state *c = ctx;
	gcry_cipher_close(c->hd); /* NULL is fine */
	c->hd = NULL;
}

static void
cipher_describe(void *ctx, char *buf, size_t size)
{
	const struct cipher_state *c = ctx;
	cs_gcrypt_describe_hwf(c->algo == GCRY_CIPHER_CHACHA20 ? HWF_CHACHA : HWF_AES, buf, size);
}

/* ---- hashes ---- */

struct md_state {
	int algo;
	gcry_md_hd_t hd; /* path "gcrypt" */
};

static cs_setup_fn md_setup, oneshot_setup;
static cs_run_fn md_run, oneshot_run;
static cs_teardown_fn md_teardown;
static cs_describe_fn sha_describe;

static cs_status
oneshot_setup(void *ctx, const cs_setup *s)
{
	struct md_state *c = ctx;
	const gcrypt_line *l = line_of(s->alg);
	c->algo = l ? l->algo : 0;
	if (!c->algo || s->op != CS_OP_DIGEST || gcry_md_get_algo_dlen(c->algo) != s->alg->out_len)
		return CS_BAD_PARAM;
	return CS_OK;
}

static cs_status
md_setup(void *ctx, const cs_setup *s)
{
	struct md_state *c = ctx;
	cs_status st = oneshot_setup(ctx, s);
	if (st != CS_OK)
		return st;
	return gcry_md_open(&c->hd, c->algo, 0) ? CS_LIB_ERROR : CS_OK;
}

static cs_status
md_run(void *ctx, const cs_io *io)
{
	struct md_state *c = ctx;
	gcry_md_reset(c->hd);
	gcry_md_write(c->hd, io->in, io->len);
	const unsigned char *d = gcry_md_read(c->hd, c->algo);
	if (!d)
		return CS_LIB_ERROR;
	memcpy(io->out, d, gcry_md_get_algo_dlen(c->algo));
	return CS_OK;
}

static cs_status
oneshot_run(void *ctx, const cs_io *io)
{
	struct md_state *c = ctx;
	gcry_md_hash_buffer(c->algo, io->out, io->in, io->len);
	return CS_OK;
}

static void
md_teardown(void *ctx)
{
	struct md_state *c = ctx;
	gcry_md_close(c->hd); /* NULL is fine */
	c->hd = NULL;
}

static void
sha_describe(void *ctx, char *buf, size_t size)
{
	(void)ctx;
	cs_gcrypt_describe_hwf(HWF_SHA, buf, size);
}

/* ---- HMAC-SHA256 ---- */

static cs_setup_fn mac_setup;
static cs_run_fn mac_run;
static cs_teardown_fn mac_teardown;

static cs_status
mac_setup(void *ctx, const cs_setup *s)
{
	gcry_mac_hd_t *hd = ctx;
	if (s->op != CS_OP_MAC || !s->key)
		return CS_BAD_PARAM;
	const gcrypt_line *l = line_of(s->alg);
	if (!l)
		return CS_BAD_PARAM;
	if (gcry_mac_open(hd, l->algo, 0, NULL))
		return CS_LIB_ERROR;
	return gcry_mac_setkey(*hd, s->key, s->key_len) ? CS_LIB_ERROR : CS_OK;
}

static cs_status
mac_run(void *ctx, const cs_io *io)
{
	gcry_mac_hd_t *hd = ctx;
	size_t n = gcry_mac_get_algo_maclen(gcry_mac_get_algo(*hd));
	if (gcry_mac_reset(*hd) || gcry_mac_write(*hd, io->in, io->len) ||
	    gcry_mac_read(*hd, io->out, &n))
		return CS_LIB_ERROR;
	return CS_OK;
}

static void
mac_teardown(void *ctx)
{
	gcry_mac_hd_t *hd = ctx;
	gcry_mac_close(*hd); /* NULL is fine */
	*hd = NULL;
}

/* ---- the impls, generated from the table ---- */

#define IMPL_CIPHER(id)                                                                            \
	static const cs_impl id##_gcrypt = {                                                       \
		.alg = &cs_alg_##id,                                                               \
		.path = "gcrypt",                                                                  \
		.ops = CS_ALG_OPS_##id,                                                            \
		.context_size = sizeof(struct cipher_state),                                       \
		.setup = cipher_setup,                                                             \
		.run = CS_ALG_OPS_##id == CS_OPBIT(CS_OP_ENCRYPT) ? cbc_run : aead_run,            \
		.teardown = cipher_teardown,                                                       \
		.describe = cipher_describe,                                                       \
	};
#define IMPL_HASH(id)                                                                              \
	static const cs_impl id##_gcrypt = {                                                       \
		.alg = &cs_alg_##id,                                                               \
		.path = "gcrypt",                                                                  \
		.ops = CS_ALG_OPS_##id,                                                            \
		.context_size = sizeof(struct md_state),                                           \
		.setup = md_setup,                                                                 \
		.run = md_run,                                                                     \
		.teardown = md_teardown,                                                           \
		.describe = sha_describe,                                                          \
	};                                                                                         \
	static const cs_impl id##_oneshot = {                                                      \
		.alg = &cs_alg_##id,                                                               \
		.path = "oneshot",                                                                 \
		.ops = CS_ALG_OPS_##id,                                                            \
		.context_size = sizeof(struct md_state),                                           \
		.setup = oneshot_setup,                                                            \
		.run = oneshot_run,                                                                \
		.describe = sha_describe,                                                          \
	};
#define IMPL_MAC(id)                                                                               \
	static const cs_impl id##_gcrypt = {                                                       \
		.alg = &cs_alg_##id,                                                               \
		.path = "gcrypt",                                                                  \
		.ops = CS_ALG_OPS_##id,                                                            \
		.context_size = sizeof(gcry_mac_hd_t),                                             \
		.setup = mac_setup,                                                                \
		.run = mac_run,                                                                    \
		.teardown = mac_teardown,                                                          \
		.describe = sha_describe,                                                          \
	};
#define IMPL_OWN(id)
#define IMPL_NONE(id)
#define IMPL(id, family, algo, mode) IMPL_##family(id)
GCRYPT_ALGS(IMPL)
#undef IMPL

/* One unsupported impl per NONE line, its third field the why. */
#define NONE_IMPL_NONE(id, reason)                                                                 \
	static const cs_impl id##_gcrypt = {                                                       \
		.alg = &cs_alg_##id,                                                               \
		.path = "gcrypt",                                                                  \
		.ops = CS_ALG_OPS_##id,                                                            \
		.why = reason,                                                                     \
	};
#define NONE_IMPL_CIPHER(id, reason)
#define NONE_IMPL_HASH(id, reason)
#define NONE_IMPL_MAC(id, reason)
#define NONE_IMPL_OWN(id, reason)
#define NONE_IMPL(id, family, algo, mode) NONE_IMPL_##family(id, algo)
GCRYPT_ALGS(NONE_IMPL)
#undef NONE_IMPL

#define LIST_CIPHER(id) &id##_gcrypt,
#define LIST_HASH(id) &id##_gcrypt, &id##_oneshot,
#define LIST_MAC(id) &id##_gcrypt,
#define LIST_OWN(id) &cs_gcrypt_##id,
#define LIST_NONE(id) &id##_gcrypt,
#define LIST(id, family, algo, mode) LIST_##family(id)
static const cs_impl *const gcrypt_impls[] = {GCRYPT_ALGS(LIST) NULL};
#undef LIST

/* ---- masks ---- */

static cs_mask_env_fn gcrypt_mask_env;

static cs_status
gcrypt_mask_env(cs_mask mask, const cs_cpu *cpu, char *name, size_t name_size, char *value,
		size_t value_size)
{
	/* libgcrypt 1.10's names (src/hwfeatures.c) of what each mask takes
	   away; "scalar" takes every SIMD extension it dispatches on. */
#if defined(__x86_64__)
	static const char *const lists[CS_MASK_COUNT] = {
		[CS_MASK_NO_SHA] = "intel-shaext",
		[CS_MASK_NO_AES] = "intel-aesni,intel-pclmul,intel-vaes-vpclmul",
		[CS_MASK_SCALAR] = "intel-shaext,intel-aesni,intel-pclmul,intel-vaes-vpclmul,"
				   "intel-ssse3,intel-sse4.1,intel-avx,intel-avx2",
	};
#elif defined(__aarch64__)
	static const char *const lists[CS_MASK_COUNT] = {
		[CS_MASK_NO_SHA] = "arm-sha1,arm-sha2",
		[CS_MASK_NO_AES] = "arm-aes,arm-pmull",
		[CS_MASK_SCALAR] = "arm-sha1,arm-sha2,arm-aes,arm-pmull,arm-neon",
	};
#else
	static const char *const lists[CS_MASK_COUNT] = {NULL};
#endif
	const char *list = mask < CS_MASK_COUNT ? lists[mask] : NULL;
	return cs_cpu_mask_list(cpu, list, HWF_ENV, name, name_size, value, value_size) == 0
		       ? CS_OK
		       : CS_BAD_PARAM;
}

/* ---- the adapter ---- */

static cs_version_fn gcrypt_version;
static cs_build_info_fn gcrypt_build_info;
static cs_cpu_info_fn gcrypt_cpu_info;
static cs_init_fn gcrypt_init;
static cs_init_error_fn gcrypt_init_error;

static const char *
gcrypt_version(void)
{
	static char buf[48];
	gcrypt_start();
	snprintf(buf, sizeof buf, "libgcrypt %s", gcry_check_version(NULL));
	return buf;
}

static const char *
gcrypt_build_info(void)
{
	static char buf[160];
	char *cc = NULL, *asm_ = NULL;
	gcrypt_start();
	cc = gcry_get_config(0, "cc");	       /* "cc:120200:gcc:12.2.0:" */
	asm_ = gcry_get_config(0, "cpu-arch"); /* "cpu-arch:x86:" */
	snprintf(buf, sizeof buf, "headers %s; %s; %s", GCRYPT_VERSION, cc ? cc : "cc:?",
		 asm_ ? asm_ : "cpu-arch:?");
	for (char *p = buf; *p; p++)
		if (*p == '\n')
			*p = ' ';
	gcry_free(cc);
	gcry_free(asm_);
	return buf;
}

/* The hardware features libgcrypt selected, and what the mask took away. */
static const char *
gcrypt_cpu_info(void)
{
	static char buf[600];
	char list[256];
	gcrypt_start();
	cs_gcrypt_describe_hwf("", list, sizeof list);
	if (disabled_hwf[0])
		snprintf(buf, sizeof buf, "%s; disabled %s", list, disabled_hwf);
	else
		snprintf(buf, sizeof buf, "%s", list);
	return buf;
}

static cs_status
gcrypt_init(void)
{
	return gcrypt_start() == 1 ? CS_OK : CS_LIB_ERROR;
}

static const char *
gcrypt_init_error(void)
{
	return init_why;
}

static const char *const gcrypt_paths[] = {"gcrypt", "oneshot", NULL};
static const char *const gcrypt_objects[] = {"libgcrypt.so", NULL};

const cs_adapter cs_adapter_gcrypt = {
	.abi = CS_ABI_VERSION,
	.name = "gcrypt",
	.paths = gcrypt_paths,
	.version = gcrypt_version,
	.build_info = gcrypt_build_info,
	.init = gcrypt_init,
	.objects = gcrypt_objects,
	.mask_env = gcrypt_mask_env,
	.cpu_info = gcrypt_cpu_info,
	.impls = gcrypt_impls,
	.init_error = gcrypt_init_error,
};
