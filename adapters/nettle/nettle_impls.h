/* What the Nettle adapter's files share: sig.c's impls and the key
   generation randomness of nettle.c. */
#ifndef CS_NETTLE_IMPLS_H
#define CS_NETTLE_IMPLS_H

#include <nettle/yarrow.h>

#include "cryptospeed/adapter.h"

/* A Yarrow-256 generator seeded from getrandom(). */
cs_status cs_nettle_yarrow_seed(struct yarrow256_ctx *rng);
/* Its output as a nettle_random_func (ctx: the yarrow256_ctx). */
nettle_random_func cs_nettle_yarrow_random;

/* sig.c */
extern const cs_impl cs_nettle_ed25519, cs_nettle_ecdsa_p256, cs_nettle_rsa_2048,
	cs_nettle_hmac_sha256;

#endif
