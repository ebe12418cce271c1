/*
 * bench/lib_fidelity.sh's bare loop for NSS: the calls of the adapter's main
 * path, no harness.
 *   nss_loop ALG SIZE   (aes-128-gcm, chacha20-poly1305: PK11_AEADOp on a
 *                        message context with a fresh nonce and 13 B AAD;
 *                        sha256: PK11_DigestBegin, Op, Final on one context)
 */
#include <nss.h>
#include <pk11pub.h>
#include <stdlib.h>
#include <string.h>

#include "lib_loop.h"

static PK11Context *ctx;
static unsigned char key[32] = {1}, nonce[12] = {2}, aad[13] = {0xcc}, tag[16], md[64];
static unsigned char *in, *out;
static size_t len;

static int
seal(void)
{
	unsigned char iv[12];
	int n;
	nonce[11]++;
	memcpy(iv, nonce, sizeof iv);
	return PK11_AEADOp(ctx, CKG_NO_GENERATE, 0, iv, sizeof iv, aad, sizeof aad, out, &n,
			   (int)len, tag, sizeof tag, in, (int)len) != SECSuccess;
}

static int
digest(void)
{
	unsigned n;
	return PK11_DigestBegin(ctx) != SECSuccess ||
	       (len && PK11_DigestOp(ctx, in, (unsigned)len) != SECSuccess) ||
	       PK11_DigestFinal(ctx, md, &n, 32) != SECSuccess;
}

int
main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: nss_loop ALG SIZE\n");
		return 2;
	}
	len = (size_t)atol(argv[2]);
	in = calloc(1, len + 64);
	out = calloc(1, len + 64);
	if (NSS_NoDB_Init(NULL) != SECSuccess)
		return 1;
	if (strcmp(argv[1], "sha256") == 0) {
		ctx = PK11_CreateDigestContext(SEC_OID_SHA256);
		return !ctx || loop_run(digest, len);
	}
	int gcm = strcmp(argv[1], "aes-128-gcm") == 0;
	CK_MECHANISM_TYPE mech = gcm ? CKM_AES_GCM : CKM_CHACHA20_POLY1305;
	PK11SlotInfo *slot = PK11_GetInternalSlot();
	SECItem k = {siBuffer, key, gcm ? 16 : 32}, none = {siBuffer, NULL, 0};
	PK11SymKey *sym = PK11_ImportSymKey(slot, mech, PK11_OriginUnwrap, CKA_ENCRYPT, &k, NULL);
	ctx = sym ? PK11_CreateContextBySymKey(mech, CKA_NSS_MESSAGE | CKA_ENCRYPT, sym, &none)
		  : NULL;
	return !ctx || loop_run(seal, len);
}
