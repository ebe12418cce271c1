/*
 * The provider itself (provider-base(7)): OSSL_provider_init takes the core's
 * functions it uses (errors), and answers query_operation with one algorithm
 * table per operation, every algorithm defined with the property
 * "provider=cryptospeed-nettle".
 */
#include <stdarg.h>
#include <stdio.h>

#include <nettle/version.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>

#include "bridge.h"

#ifndef CS_BRIDGE_VERSION
#define CS_BRIDGE_VERSION "unknown"
#endif

#define PROPERTIES "provider=" CS_BRIDGE_NAME

/* The names are OpenSSL's for these algorithms (its name, the short name of
   the object an implicit fetch like EVP_sha256() asks for, the OID), so
   fetches by any of them find this provider. */
static const OSSL_ALGORITHM digests[] = {
	{"SHA2-256:SHA-256:SHA256:2.16.840.1.101.3.4.2.1", PROPERTIES, cs_bridge_sha256_functions,
	 "SHA-256 by Nettle"},
	{NULL, NULL, NULL, NULL},
};

static const OSSL_ALGORITHM ciphers[] = {
	{"AES-128-GCM:id-aes128-GCM:2.16.840.1.101.3.4.1.6", PROPERTIES,
	 cs_bridge_aes_128_gcm_functions, "AES-128-GCM by Nettle"},
	{"ChaCha20-Poly1305", PROPERTIES, cs_bridge_chacha20_poly1305_functions,
	 "ChaCha20-Poly1305 by Nettle"},
	{NULL, NULL, NULL, NULL},
};

static const OSSL_ITEM reasons[] = {
	{CS_BRIDGE_R_BAD_LENGTH, "wrong length"},
	{CS_BRIDGE_R_BAD_STATE, "call out of order"},
	{CS_BRIDGE_R_BAD_PARAM, "bad parameter"},
	{CS_BRIDGE_R_NO_MEMORY, "out of memory"},
	{0, NULL},
};

void
cs_bridge_error(const cs_bridge *bridge, int reason, const char *func, const char *fmt, ...)
{
	if (!bridge || !bridge->new_error || !bridge->vset_error)
		return;
	bridge->new_error(bridge->handle);
	if (bridge->set_error_debug)
		bridge->set_error_debug(bridge->handle, NULL, 0, func);
	va_list ap;
	va_start(ap, fmt);
	bridge->vset_error(bridge->handle, (uint32_t)reason, fmt, ap);
	va_end(ap);
}

static OSSL_FUNC_provider_teardown_fn bridge_teardown;
static OSSL_FUNC_provider_gettable_params_fn bridge_gettable_params;
static OSSL_FUNC_provider_get_params_fn bridge_get_params;
static OSSL_FUNC_provider_query_operation_fn bridge_query_operation;
static OSSL_FUNC_provider_get_reason_strings_fn bridge_reason_strings;

static void
bridge_teardown(void *provctx)
{
	OPENSSL_free(provctx);
}

static const OSSL_PARAM bridge_gettable[] = {
	OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_NAME, NULL, 0),
	OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_VERSION, NULL, 0),
	OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_BUILDINFO, NULL, 0),
	OSSL_PARAM_int(OSSL_PROV_PARAM_STATUS, NULL),
	OSSL_PARAM_END,
};

static const OSSL_PARAM *
bridge_gettable_params(void *provctx)
{
	(void)provctx;
	return bridge_gettable;
}

/* name, version, buildinfo (the Nettle it was built against and the one it
   runs with) and status, as OSSL_PROVIDER_get_params asks. */
static int
bridge_get_params(void *provctx, OSSL_PARAM params[])
{
	const cs_bridge *b = provctx;
	OSSL_PARAM *p;
	if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_NAME)) &&
	    !OSSL_PARAM_set_utf8_ptr(p, "cryptospeed Nettle bridge"))
		return 0;
	if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_VERSION)) &&
	    !OSSL_PARAM_set_utf8_ptr(p, CS_BRIDGE_VERSION))
		return 0;
	if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_BUILDINFO)) &&
	    !OSSL_PARAM_set_utf8_ptr(p, b->buildinfo))
		return 0;
	if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_STATUS)) && !OSSL_PARAM_set_int(p, 1))
		return 0;
	return 1;
}

static const OSSL_ALGORITHM *
bridge_query_operation(void *provctx, int operation_id, int *no_store)
{
	(void)provctx;
	*no_store = 0; /* the tables never change: the core may cache them */
	switch (operation_id) {
	case OSSL_OP_DIGEST: return digests;
	case OSSL_OP_CIPHER: return ciphers;
	default: return NULL;
	}
}

static const OSSL_ITEM *
bridge_reason_strings(void *provctx)
{
	(void)provctx;
	return reasons;
}

/* What the core calls the provider with (see the cast note in digest.c). */
static const OSSL_DISPATCH bridge_functions[] = {
	{OSSL_FUNC_PROVIDER_TEARDOWN, (void (*)(void))bridge_teardown},
	{OSSL_FUNC_PROVIDER_GETTABLE_PARAMS, (void (*)(void))bridge_gettable_params},
	{OSSL_FUNC_PROVIDER_GET_PARAMS, (void (*)(void))bridge_get_params},
	{OSSL_FUNC_PROVIDER_QUERY_OPERATION, (void (*)(void))bridge_query_operation},
	{OSSL_FUNC_PROVIDER_GET_REASON_STRINGS, (void (*)(void))bridge_reason_strings},
	{0, NULL},
};

/* The module's one exported symbol, which OSSL_PROVIDER_load looks up. */
__attribute__((visibility("default"))) int
OSSL_provider_init(const OSSL_CORE_HANDLE *handle, const OSSL_DISPATCH *in,
		   const OSSL_DISPATCH **out, void **provctx)
{
	cs_bridge *b = OPENSSL_zalloc(sizeof *b);
	if (!b)
		return 0;
	b->handle = handle;
	snprintf(b->buildinfo, sizeof b->buildinfo, "built with Nettle %d.%d, running Nettle %d.%d",
		 NETTLE_VERSION_MAJOR, NETTLE_VERSION_MINOR, nettle_version_major(),
		 nettle_version_minor());
	for (; in->function_id != 0; in++) {
		switch (in->function_id) {
		case OSSL_FUNC_CORE_NEW_ERROR: b->new_error = OSSL_FUNC_core_new_error(in); break;
		case OSSL_FUNC_CORE_SET_ERROR_DEBUG:
			b->set_error_debug = OSSL_FUNC_core_set_error_debug(in);
			break;
		case OSSL_FUNC_CORE_VSET_ERROR:
			b->vset_error = OSSL_FUNC_core_vset_error(in);
			break;
		default: break;
		}
	}
	*out = bridge_functions;
	*provctx = b;
	return 1;
}
