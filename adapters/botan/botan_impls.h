/* What the Botan adapter's files share: sig.c's impls and botan.c's helpers. */
#ifndef CS_BOTAN_IMPLS_H
#define CS_BOTAN_IMPLS_H

#include <stddef.h>
#include <stdint.h>

#include <botan/ffi.h>

#include "cryptospeed/adapter.h"

/* "cpuid=a,b" of the comma-separated Botan feature names in `want` that Botan
   will use here (or "cpuid=none"), into buf. */
void cs_botan_describe_cpuid(const char *want, char *buf, size_t size);
/* mp as exactly n big-endian bytes into out; CS_LIB_ERROR when longer. */
cs_status cs_botan_mp_put(botan_mp_t mp, uint8_t *out, size_t n);

/* sig.c */
extern const cs_impl cs_botan_x25519, cs_botan_p256, cs_botan_ed25519, cs_botan_ecdsa_p256,
	cs_botan_rsa_2048;

#endif
