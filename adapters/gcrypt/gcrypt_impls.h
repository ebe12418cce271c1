/* What the libgcrypt adapter's files share: pk.c's impls and the describe
   helper of gcrypt.c. */
#ifndef CS_GCRYPT_IMPLS_H
#define CS_GCRYPT_IMPLS_H

#include <stddef.h>

#include "cryptospeed/adapter.h"

/* The hardware features libgcrypt selected (gcry_get_config "hwflist") that
   start with one of the comma-separated prefixes in `want` ("" = all), as
   "hwf=a,b" (or "hwf=none") into buf. */
void cs_gcrypt_describe_hwf(const char *want, char *buf, size_t size);

/* pk.c */
extern const cs_impl cs_gcrypt_x25519, cs_gcrypt_p256, cs_gcrypt_ed25519, cs_gcrypt_ecdsa_p256,
	cs_gcrypt_rsa_2048;

#endif
