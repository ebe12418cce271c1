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

/*
 * Every algorithm the adapter runs, one line each, in the catalogue's order:
 *
 *   X(id, how, meta)
 *
 * id    the catalogue's id (algs.def)
 * how   HASH: nettle.c runs it through Nettle's own descriptor
 *       nettle_<meta> (nettle-meta.h; its context is struct <meta>_ctx);
 *       CBC: nettle.c runs CBC encryption over Nettle's cipher descriptor
 *       nettle_<meta> (aes128, aes192, aes256: any key size; its context is
 *       struct <meta>_ctx), as Nettle's own cbc_encrypt takes the cipher;
 *       OWN: nettle.c or sig.c defines cs_nettle_<id> with its own calls;
 *       NONE: Nettle lacks it, nettle.c makes an unsupported impl, meta the why
 * meta  HASH, CBC: the nettle-meta.h name (sha256, aes256); OWN: -; NONE: why
 *
 * nettle.c makes the HASH and CBC impls and lists every impl from these lines;
 * a hash or a CBC cipher Nettle describes in nettle-meta.h is one line here.
 */
#define CS_NETTLE_ALGS(X)                                                                          \
	X(aes_128_gcm, OWN, -)                                                                     \
	X(aes_256_gcm, OWN, -)                                                                     \
	X(chacha20_poly1305, OWN, -)                                                               \
	X(aes_128_cbc, CBC, aes128)                                                                \
	X(sha1, HASH, sha1)                                                                        \
	X(sha256, HASH, sha256)                                                                    \
	X(sha512, HASH, sha512)                                                                    \
	X(x25519, OWN, -)                                                                          \
	X(p256, OWN, -)                                                                            \
	X(ed25519, OWN, -)                                                                         \
	X(ecdsa_p256, OWN, -)                                                                      \
	X(rsa_2048, OWN, -)                                                                        \
	X(hmac_sha256, OWN, -)                                                                     \
	X(ml_kem_768, NONE, "Nettle has no ML-KEM")                                                \
	X(ml_dsa_65, NONE, "Nettle has no ML-DSA")                                                 \
	/* a new line goes above this one */

/* The impls the lines name: cs_nettle_<id>. */
#define CS_NETTLE_DECLARE(id, how, meta) extern const cs_impl cs_nettle_##id;
CS_NETTLE_ALGS(CS_NETTLE_DECLARE)
#undef CS_NETTLE_DECLARE

#endif
