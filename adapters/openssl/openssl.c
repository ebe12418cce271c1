/*
 * The OpenSSL adapter: what the library says about itself, its capability
 * masks (OPENSSL_ia32cap / OPENSSL_armcap), and the table of its impls
 * (symmetric.c, pkey.c, lowlevel.c). init() also loads the provider or
 * starts the engine the worker's environment names (variant.c).
 */
#include <stdio.h>
#include <string.h>

#include <openssl/crypto.h>

#include "openssl_impls.h"

#if defined(__aarch64__) || defined(__arm__)
#include <sys/auxv.h>
#endif

static cs_version_fn openssl_version;
static cs_build_info_fn openssl_build_info;
static cs_init_fn openssl_init;
static cs_fini_fn openssl_fini;
static cs_mask_env_fn openssl_mask_env;
static cs_cpu_info_fn openssl_cpu_info;

static const char *
openssl_version(void)
{
	return OpenSSL_version(OPENSSL_VERSION);
}

static const char *
openssl_build_info(void)
{
	static char info[2048];
	snprintf(info, sizeof info, "%s; %s", OpenSSL_version(OPENSSL_PLATFORM),
		 OpenSSL_version(OPENSSL_CFLAGS));
	return info;
}

static const char *
openssl_cpu_info(void)
{
#ifdef OPENSSL_CPU_INFO
	return OpenSSL_version(OPENSSL_CPU_INFO);
#else
	return "";
#endif
}

static cs_status
openssl_init(void)
{
	if (OPENSSL_init_crypto(OPENSSL_INIT_ADD_ALL_CIPHERS | OPENSSL_INIT_ADD_ALL_DIGESTS,
				NULL) != 1)
		return cs_openssl_lib_error();
	return cs_openssl_variant_init();
}

static void
openssl_fini(void)
{
	cs_openssl_variant_fini();
}

/* ---- capability masks ---- */

/* OPENSSL_armcap bits (OpenSSL's crypto/arm_arch.h). */
#define ARMCAP_NEON (1u << 0)
#define ARMCAP_AES (1u << 2)
#define ARMCAP_SHA1 (1u << 3)
#define ARMCAP_SHA256 (1u << 4)
#define ARMCAP_PMULL (1u << 5)
#define ARMCAP_SHA512 (1u << 6)

/*
 * Each mask, as OpenSSL's two switches. x86_64: an OPENSSL_ia32cap value
 * that clears bits ("~") of both capability words, always both, because a
 * value without ":" zeroes the second word (SHA-NI, VAES, AVX2, AVX-512...).
 * Word 1: AES-NI is bit 57, PCLMULQDQ bit 33. Word 2: SHA-NI is bit 29,
 * VAES bit 41, VPCLMULQDQ bit 42. ARM: OPENSSL_armcap replaces the detected
 * bits, so the value is what the CPU has minus `armcap_clear`.
 */
static const struct mask {
	const char *name;
	const char *ia32cap;
	unsigned armcap_clear;
} masks[] = {
	{"no-sha", "~0x0:~0x20000000", ARMCAP_SHA1 | ARMCAP_SHA256 | ARMCAP_SHA512},
	{"no-aes", "~0x200000200000000:~0x60000000000", ARMCAP_AES | ARMCAP_PMULL},
	{"scalar", "~0xffffffffffffffff:~0xffffffffffffffff", ~0u},
};

#if defined(__aarch64__) || defined(__arm__)
/* Where the kernel reports each feature OpenSSL has a bit for. */
static const struct hwcap_bit {
	unsigned long type;	/* AT_HWCAP or AT_HWCAP2 */
	unsigned long bit;
	unsigned armcap;
} hwcap_bits[] = {
#if defined(__aarch64__)
	{AT_HWCAP, 1ul << 1, ARMCAP_NEON},	/* HWCAP_ASIMD */
	{AT_HWCAP, 1ul << 3, ARMCAP_AES},	/* HWCAP_AES */
	{AT_HWCAP, 1ul << 4, ARMCAP_PMULL},	/* HWCAP_PMULL */
	{AT_HWCAP, 1ul << 5, ARMCAP_SHA1},	/* HWCAP_SHA1 */
	{AT_HWCAP, 1ul << 6, ARMCAP_SHA256},	/* HWCAP_SHA2 */
	{AT_HWCAP, 1ul << 21, ARMCAP_SHA512},	/* HWCAP_SHA512 */
#else
	{AT_HWCAP, 1ul << 12, ARMCAP_NEON},	/* HWCAP_NEON */
	{AT_HWCAP2, 1ul << 0, ARMCAP_AES},	/* HWCAP2_AES */
	{AT_HWCAP2, 1ul << 1, ARMCAP_PMULL},	/* HWCAP2_PMULL */
	{AT_HWCAP2, 1ul << 2, ARMCAP_SHA1},	/* HWCAP2_SHA1 */
	{AT_HWCAP2, 1ul << 3, ARMCAP_SHA256},	/* HWCAP2_SHA2 */
#endif
};
#endif

/* The OPENSSL_armcap bits of this CPU; 0 when this build is not for `arch`. */
static int
armcap_detect(const char *arch, unsigned *caps)
{
#if defined(__aarch64__) || defined(__arm__)
#if defined(__aarch64__)
	const char *mine = "aarch64";
#else
	const char *mine = "arm";
#endif
	if (strcmp(arch, mine) != 0)
		return 0;
	*caps = 0;
	for (size_t i = 0; i < sizeof hwcap_bits / sizeof hwcap_bits[0]; i++)
		if (getauxval(hwcap_bits[i].type) & hwcap_bits[i].bit)
			*caps |= hwcap_bits[i].armcap;
	return 1;
#else
	(void)arch;
	(void)caps;
	return 0;
#endif
}

static cs_status
put(char *dst, size_t size, const char *src)
{
	int n = snprintf(dst, size, "%s", src);
	return n >= 0 && (size_t)n < size ? CS_OK : CS_BAD_PARAM;
}

static cs_status
openssl_mask_env(const char *mask, const char *arch, char *name, size_t name_size,
		 char *value, size_t value_size)
{
	if (strcmp(mask, "none") == 0) {
		cs_status st = put(name, name_size, "");
		return st == CS_OK ? put(value, value_size, "") : st;
	}
	const struct mask *m = NULL;
	for (size_t i = 0; i < sizeof masks / sizeof masks[0]; i++)
		if (strcmp(mask, masks[i].name) == 0)
			m = &masks[i];
	if (!m)
		return CS_BAD_PARAM;
	if (!cs_openssl_variant_maskable())
		return CS_UNSUPPORTED; /* a third-party provider or an engine: not OpenSSL's switch */

	if (strcmp(arch, "x86_64") == 0) {
		cs_status st = put(name, name_size, "OPENSSL_ia32cap");
		return st == CS_OK ? put(value, value_size, m->ia32cap) : st;
	}
	if (strcmp(arch, "aarch64") == 0 || strcmp(arch, "arm") == 0) {
		unsigned caps;
		if (!armcap_detect(arch, &caps))
			return CS_BAD_PARAM; /* cannot read that CPU's features from here */
		char hex[16];
		snprintf(hex, sizeof hex, "0x%x", caps & ~m->armcap_clear);
		cs_status st = put(name, name_size, "OPENSSL_armcap");
		return st == CS_OK ? put(value, value_size, hex) : st;
	}
	return CS_UNSUPPORTED;
}

/* ---- the adapter ---- */

static const char *const openssl_paths[] = {"evp", "fetch", "oneshot", "lowlevel", NULL};

static const cs_impl *const openssl_impls[] = {
	&cs_openssl_aes_128_gcm_evp, &cs_openssl_aes_128_gcm_fetch,
	&cs_openssl_aes_128_gcm_oneshot, &cs_openssl_aes_128_gcm_lowlevel,
	&cs_openssl_aes_256_gcm_evp, &cs_openssl_aes_256_gcm_fetch,
	&cs_openssl_aes_256_gcm_oneshot, &cs_openssl_aes_256_gcm_lowlevel,
	&cs_openssl_chacha20_poly1305_evp, &cs_openssl_chacha20_poly1305_fetch,
	&cs_openssl_chacha20_poly1305_oneshot, &cs_openssl_chacha20_poly1305_lowlevel,
	&cs_openssl_aes_128_cbc_evp, &cs_openssl_aes_128_cbc_fetch,
	&cs_openssl_aes_128_cbc_oneshot, &cs_openssl_aes_128_cbc_lowlevel,
	&cs_openssl_sha1_evp, &cs_openssl_sha1_fetch,
	&cs_openssl_sha1_oneshot, &cs_openssl_sha1_lowlevel,
	&cs_openssl_sha256_evp, &cs_openssl_sha256_fetch,
	&cs_openssl_sha256_oneshot, &cs_openssl_sha256_lowlevel,
	&cs_openssl_sha512_evp, &cs_openssl_sha512_fetch,
	&cs_openssl_sha512_oneshot, &cs_openssl_sha512_lowlevel,
	&cs_openssl_x25519_evp, &cs_openssl_x25519_fetch,
	&cs_openssl_x25519_oneshot, &cs_openssl_x25519_lowlevel,
	&cs_openssl_p256_evp, &cs_openssl_p256_fetch,
	&cs_openssl_p256_oneshot, &cs_openssl_p256_lowlevel,
	NULL,
};

const cs_adapter cs_adapter_openssl = {
	.abi = CS_ABI_VERSION,
	.name = "openssl",
	.paths = openssl_paths,
	.version = openssl_version,
	.build_info = openssl_build_info,
	.init = openssl_init,
	.fini = openssl_fini,
	.objects = cs_openssl_objects,
	.mask_env = openssl_mask_env,
	.cpu_info = openssl_cpu_info,
	.impls = openssl_impls,
	.init_error = cs_openssl_init_error,
	.variant_info = cs_openssl_variant_info,
};
