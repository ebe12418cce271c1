/*
 * The OpenSSL adapter: what the library says about itself, its capability
 * masks (OPENSSL_ia32cap / OPENSSL_armcap), and the table of its impls
 * (symmetric.c, pkey.c, lowlevel.c). init() also loads the provider or
 * starts the engine the worker's environment names (variant.c).
 */
#include <stdio.h>
#include <string.h>

#include <openssl/crypto.h>

#include "cpu.h"
#include "openssl_impls.h"

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
	const char *ia32cap;
	unsigned armcap_clear;
} masks[CS_MASK_COUNT] = {
	[CS_MASK_NO_SHA] = {"~0x0:~0x20000000", ARMCAP_SHA1 | ARMCAP_SHA256 | ARMCAP_SHA512},
	[CS_MASK_NO_AES] = {"~0x200000200000000:~0x60000000000", ARMCAP_AES | ARMCAP_PMULL},
	[CS_MASK_SCALAR] = {"~0xffffffffffffffff:~0xffffffffffffffff", ~0u},
};

/* The OPENSSL_armcap bit of each feature the core's CPU detection names. */
static const struct armcap_feature {
	const char *feature; /* as in cs_cpu.features */
	unsigned armcap;
} armcap_features[] = {
	{"asimd", ARMCAP_NEON},	   {"neon", ARMCAP_NEON}, {"aes", ARMCAP_AES},
	{"pmull", ARMCAP_PMULL},   {"sha1", ARMCAP_SHA1}, {"sha2", ARMCAP_SHA256},
	{"sha512", ARMCAP_SHA512},
};

/* The OPENSSL_armcap bits of this CPU. */
static unsigned
armcap_of(const cs_cpu *cpu)
{
	unsigned caps = 0;
	for (size_t i = 0; i < sizeof armcap_features / sizeof armcap_features[0]; i++)
		if (cs_cpu_has(cpu, armcap_features[i].feature))
			caps |= armcap_features[i].armcap;
	return caps;
}

static cs_status
put(char *dst, size_t size, const char *src)
{
	int n = snprintf(dst, size, "%s", src);
	return n >= 0 && (size_t)n < size ? CS_OK : CS_BAD_PARAM;
}

static cs_status
openssl_mask_env(cs_mask mask, const cs_cpu *cpu, char *name, size_t name_size, char *value,
		 size_t value_size)
{
	if (mask >= CS_MASK_COUNT || !masks[mask].ia32cap)
		return CS_BAD_PARAM;
	const struct mask *m = &masks[mask];
	if (!cs_openssl_variant_maskable())
		return CS_UNSUPPORTED; /* a third-party provider or an engine: not OpenSSL's switch */

	if (strcmp(cpu->arch, "x86_64") == 0) {
		cs_status st = put(name, name_size, "OPENSSL_ia32cap");
		return st == CS_OK ? put(value, value_size, m->ia32cap) : st;
	}
	if (strcmp(cpu->arch, "aarch64") == 0 || strcmp(cpu->arch, "arm") == 0) {
		char hex[16];
		snprintf(hex, sizeof hex, "0x%x", armcap_of(cpu) & ~m->armcap_clear);
		cs_status st = put(name, name_size, "OPENSSL_armcap");
		return st == CS_OK ? put(value, value_size, hex) : st;
	}
	return CS_UNSUPPORTED;
}

/* ---- the adapter ---- */

static const char *const openssl_paths[] = {"evp", "fetch", "oneshot", "lowlevel", "tls", NULL};

/* Per line of CS_OPENSSL_ALGS: its evp, fetch, oneshot and lowlevel impls. */
#define LOWLEVEL_Y(id) &cs_openssl_##id##_lowlevel,
#define LOWLEVEL_N(id)
#define IMPLS(id, family, implicit, name, name2, lowlevel)                                         \
	&cs_openssl_##id##_evp, &cs_openssl_##id##_fetch, &cs_openssl_##id##_oneshot,              \
		LOWLEVEL_##lowlevel(id)
#define TLS_IMPLS(id) &cs_openssl_##id##_tls,
static const cs_impl *const openssl_impls[] = {CS_OPENSSL_ALGS(IMPLS) CS_OPENSSL_TLS(TLS_IMPLS)
						       NULL};
#undef TLS_IMPLS
#undef IMPLS

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
	.variants = cs_openssl_variants,
};
