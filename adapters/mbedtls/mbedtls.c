/*
 * The mbedTLS adapter: paths "legacy" (legacy.c) and "psa" (psa.c).
 * mbedTLS has no run-time switch for its AES-NI (or any other CPU) code, so
 * capability masks are unsupported (mask_env = NULL).
 */
#include <stdio.h>
#include <string.h>

#include "mbedtls/version.h" /* first: pulls in the build configuration */

#include "mbedtls/ecp.h" /* the ECP window defaults */

/* 3.0 made aesni.h private to the library; 2.28 declares the detector only
   where it has AES-NI code (x86-64 assembly or intrinsics). */
#if MBEDTLS_VERSION_NUMBER < 0x03000000 && defined(MBEDTLS_AESNI_C)
#include "mbedtls/aesni.h"
#if defined(MBEDTLS_AESNI_HAVE_CODE) || defined(MBEDTLS_HAVE_X86_64)
#define HAVE_AESNI_QUERY 1
#endif
#endif

#include "mbedtls_impls.h"
#include "text.h"

static cs_version_fn adapter_version;
static cs_build_info_fn adapter_build_info;
static cs_init_fn adapter_init;
static cs_fini_fn adapter_fini;
static cs_cpu_info_fn adapter_cpu_info;

static const char *
adapter_version(void)
{
#if defined(MBEDTLS_VERSION_C)
	static char buf[64]; /* the API asks for at least 18 bytes */
	if (!buf[0])
		mbedtls_version_get_string_full(buf);
	return buf;
#else
	return MBEDTLS_VERSION_STRING_FULL " (headers; built without MBEDTLS_VERSION_C)";
#endif
}

/* The compile-time options that decide which code runs for the catalogue. */
static const char *const build_options[] = {
#if defined(MBEDTLS_HAVE_ASM)
	"MBEDTLS_HAVE_ASM",
#endif
#if defined(MBEDTLS_HAVE_SSE2)
	"MBEDTLS_HAVE_SSE2",
#endif
#if defined(MBEDTLS_AESNI_C)
	"MBEDTLS_AESNI_C",
#endif
#if defined(MBEDTLS_AESCE_C)
	"MBEDTLS_AESCE_C",
#endif
#if defined(MBEDTLS_PADLOCK_C)
	"MBEDTLS_PADLOCK_C",
#endif
#if defined(MBEDTLS_AES_USE_HARDWARE_ONLY)
	"MBEDTLS_AES_USE_HARDWARE_ONLY",
#endif
#if defined(MBEDTLS_AES_ROM_TABLES)
	"MBEDTLS_AES_ROM_TABLES",
#endif
#if defined(MBEDTLS_AES_FEWER_TABLES)
	"MBEDTLS_AES_FEWER_TABLES",
#endif
#if defined(MBEDTLS_GCM_LARGE_TABLE)
	"MBEDTLS_GCM_LARGE_TABLE",
#endif
#if defined(MBEDTLS_SHA256_SMALLER)
	"MBEDTLS_SHA256_SMALLER",
#endif
#if defined(MBEDTLS_SHA512_SMALLER)
	"MBEDTLS_SHA512_SMALLER",
#endif
#if defined(MBEDTLS_SHA256_USE_A64_CRYPTO_IF_PRESENT)
	"MBEDTLS_SHA256_USE_A64_CRYPTO_IF_PRESENT",
#endif
#if defined(MBEDTLS_SHA256_USE_A64_CRYPTO_ONLY)
	"MBEDTLS_SHA256_USE_A64_CRYPTO_ONLY",
#endif
#if defined(MBEDTLS_SHA256_USE_ARMV8_A_CRYPTO_IF_PRESENT)
	"MBEDTLS_SHA256_USE_ARMV8_A_CRYPTO_IF_PRESENT",
#endif
#if defined(MBEDTLS_SHA256_USE_ARMV8_A_CRYPTO_ONLY)
	"MBEDTLS_SHA256_USE_ARMV8_A_CRYPTO_ONLY",
#endif
#if defined(MBEDTLS_SHA512_USE_A64_CRYPTO_IF_PRESENT)
	"MBEDTLS_SHA512_USE_A64_CRYPTO_IF_PRESENT",
#endif
#if defined(MBEDTLS_SHA512_USE_A64_CRYPTO_ONLY)
	"MBEDTLS_SHA512_USE_A64_CRYPTO_ONLY",
#endif
#if defined(MBEDTLS_ECP_NIST_OPTIM)
	"MBEDTLS_ECP_NIST_OPTIM",
#endif
#if defined(MBEDTLS_ECDH_VARIANT_EVEREST_ENABLED)
	"MBEDTLS_ECDH_VARIANT_EVEREST_ENABLED",
#endif
#if defined(MBEDTLS_AES_ALT)
	"MBEDTLS_AES_ALT",
#endif
#if defined(MBEDTLS_GCM_ALT)
	"MBEDTLS_GCM_ALT",
#endif
#if defined(MBEDTLS_CHACHA20_ALT)
	"MBEDTLS_CHACHA20_ALT",
#endif
#if defined(MBEDTLS_POLY1305_ALT)
	"MBEDTLS_POLY1305_ALT",
#endif
#if defined(MBEDTLS_SHA1_ALT)
	"MBEDTLS_SHA1_ALT",
#endif
#if defined(MBEDTLS_SHA256_ALT)
	"MBEDTLS_SHA256_ALT",
#endif
#if defined(MBEDTLS_SHA512_ALT)
	"MBEDTLS_SHA512_ALT",
#endif
#if defined(MBEDTLS_ECP_ALT)
	"MBEDTLS_ECP_ALT",
#endif
#if defined(MBEDTLS_PSA_CRYPTO_C)
	"MBEDTLS_PSA_CRYPTO_C",
#endif
#if defined(MBEDTLS_PSA_CRYPTO_CONFIG)
	"MBEDTLS_PSA_CRYPTO_CONFIG",
#endif
#if defined(MBEDTLS_USE_PSA_CRYPTO)
	"MBEDTLS_USE_PSA_CRYPTO",
#endif
#if defined(MBEDTLS_THREADING_C)
	"MBEDTLS_THREADING_C",
#endif
	NULL,
};

#define STR2(x) #x
#define STR(x) STR2(x)

static const char *
adapter_build_info(void)
{
	static char buf[1024];
	if (buf[0])
		return buf;
	cs_join_strv(buf, sizeof buf, build_options, " ");
#if defined(MBEDTLS_ECP_WINDOW_SIZE) && defined(MBEDTLS_ECP_FIXED_POINT_OPTIM)
	size_t used = strlen(buf);
	snprintf(buf + used, sizeof buf - used,
		 "%sMBEDTLS_ECP_WINDOW_SIZE=%s"
		 " MBEDTLS_ECP_FIXED_POINT_OPTIM=%s",
		 used ? " " : "", STR(MBEDTLS_ECP_WINDOW_SIZE), STR(MBEDTLS_ECP_FIXED_POINT_OPTIM));
#endif
	return buf;
}

static cs_status
adapter_init(void)
{
	cs_mbedtls_psa_init();
	return CS_OK;
}

static void
adapter_fini(void)
{
	cs_mbedtls_psa_fini();
}

static const char *
adapter_cpu_info(void)
{
#if defined(HAVE_AESNI_QUERY)
	return mbedtls_aesni_has_support(MBEDTLS_AESNI_AES) ? "aesni" : "";
#else
	return "";
#endif
}

static const char *const paths[] = {"legacy", "psa", "tls", NULL};
static const char *const objects[] = {"libmbedcrypto", NULL};

/* Per NONE line of CS_MBEDTLS_ALGS: an unsupported psa impl, the label its why. */
#define NONE_IMPL_NONE(id, label)                                                                  \
	const cs_impl cs_mbedtls_psa_##id = {                                                      \
		.alg = &cs_alg_##id,                                                               \
		.path = "psa",                                                                     \
		.ops = CS_ALG_OPS_##id,                                                            \
		.why = label,                                                                      \
	};
#define NONE_IMPL_AEAD(id, label)
#define NONE_IMPL_CBC(id, label)
#define NONE_IMPL_HASH(id, label)
#define NONE_IMPL_KEX(id, label)
#define NONE_IMPL_OWN(id, label)
#define NONE_IMPL_N(id, label)
#define NONE_IMPL(id, legacy, psa, label, type, bits, psa_alg) NONE_IMPL_##psa(id, label)
CS_MBEDTLS_ALGS(NONE_IMPL)
#undef NONE_IMPL

/* Per line of CS_MBEDTLS_ALGS: its legacy and psa impls. */
#define LEGACY_Y(id) &cs_mbedtls_legacy_##id,
#define LEGACY_N(id)
#define PSA_AEAD(id) &cs_mbedtls_psa_##id,
#define PSA_CBC PSA_AEAD
#define PSA_HASH PSA_AEAD
#define PSA_KEX PSA_AEAD
#define PSA_OWN PSA_AEAD
#define PSA_NONE PSA_AEAD
#define PSA_N(id)
#define IMPLS(id, legacy, psa, label, type, bits, psa_alg) LEGACY_##legacy(id) PSA_##psa(id)
#define TLS_IMPLS(id) &cs_mbedtls_##id##_tls,
static const cs_impl *const impls[] = {CS_MBEDTLS_ALGS(IMPLS) CS_MBEDTLS_TLS(TLS_IMPLS) NULL};
#undef TLS_IMPLS
#undef IMPLS

const cs_adapter cs_adapter_mbedtls = {
	.abi = CS_ABI_VERSION,
	.name = "mbedtls",
	.paths = paths,
	.version = adapter_version,
	.build_info = adapter_build_info,
	.init = adapter_init,
	.fini = adapter_fini,
	.objects = objects,
	.mask_env = NULL, /* no run-time switch for AES-NI: masks unsupported */
	.cpu_info = adapter_cpu_info,
	.impls = impls,
};
