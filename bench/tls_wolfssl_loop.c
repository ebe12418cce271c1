/*
 * bench/tls_fidelity.sh's bare loop for wolfSSL: full handshakes with the
 * calls of cryptospeed's wolfssl/tls impl (adapters/wolfssl/tls.c): per
 * handshake a client and a server WOLFSSL on the I/O callbacks (one buffer
 * per direction), the server name and key share, wolfSSL_connect and
 * wolfSSL_accept in turn, both freed. No harness.
 *   tls_wolfssl_loop TLS_DIR [13|12]   (bench/tls_loop.h)
 */
#include <wolfssl/options.h>
#include <wolfssl/wolfcrypt/settings.h>

#include <wolfssl/ssl.h>

#include "tls_loop.h"

static WOLFSSL_CTX *cctx, *sctx;
static int version, group;

static void
die(const char *what, int ret)
{
	fprintf(stderr, "tls_wolfssl_loop: %s (%d)\n", what, ret);
	exit(1);
}

static int
io_send(WOLFSSL *ssl, char *buf, int sz, void *ptr)
{
	(void)ssl;
	if (sz < 0 || pipe_put(ptr, buf, (size_t)sz) != (size_t)sz)
		return WOLFSSL_CBIO_ERR_WANT_WRITE;
	return sz;
}

static int
io_recv(WOLFSSL *ssl, char *buf, int sz, void *ptr)
{
	(void)ssl;
	size_t got = sz > 0 ? pipe_get(ptr, buf, (size_t)sz) : 0;
	return got ? (int)got : WOLFSSL_CBIO_ERR_WANT_READ;
}

static int
blocked(WOLFSSL *ssl, int ret)
{
	int e = wolfSSL_get_error(ssl, ret);
	return e == WOLFSSL_ERROR_WANT_READ || e == WOLFSSL_ERROR_WANT_WRITE;
}

/* One full handshake, both connections freed; 0 if it completed. */
static int
one_handshake(void)
{
	pipes_reset();
	WOLFSSL *c = wolfSSL_new(cctx), *s = wolfSSL_new(sctx);
	if (!c || !s)
		die("wolfSSL_new", 0);
	wolfSSL_SetIOReadCtx(c, &s2c);
	wolfSSL_SetIOWriteCtx(c, &c2s);
	wolfSSL_SetIOReadCtx(s, &c2s);
	wolfSSL_SetIOWriteCtx(s, &s2c);
	int ret;
	if ((ret = wolfSSL_check_domain_name(c, "localhost")) != WOLFSSL_SUCCESS)
		die("server name", ret);
	if (version == 13 && (ret = wolfSSL_UseKeyShare(c, (word16)group)) != WOLFSSL_SUCCESS)
		die("key share", ret);
	int cdone = 0, sdone = 0;
	for (int turn = 0; turn < MAX_TURNS && !(cdone && sdone); turn++) {
		if (!cdone) {
			ret = wolfSSL_connect(c);
			if (ret == WOLFSSL_SUCCESS)
				cdone = 1;
			else if (!blocked(c, ret))
				die("client handshake", wolfSSL_get_error(c, ret));
		}
		if (!sdone) {
			ret = wolfSSL_accept(s);
			if (ret == WOLFSSL_SUCCESS)
				sdone = 1;
			else if (!blocked(s, ret))
				die("server handshake", wolfSSL_get_error(s, ret));
		}
	}
	wolfSSL_free(c);
	wolfSSL_free(s);
	return cdone && sdone ? 0 : 1;
}

int
main(int argc, char **argv)
{
	version = tls_version_arg(argc, argv, "tls_wolfssl_loop");
	group = version == 13 ? WOLFSSL_ECC_X25519 : WOLFSSL_ECC_SECP256R1;
	char *crt = read_pem(argv[1], "ecdsa-p256.crt"), *key = read_pem(argv[1], "ecdsa-p256.key"),
	     *ca = read_pem(argv[1], "ca.crt");
	int ret;
	if ((ret = wolfSSL_Init()) != WOLFSSL_SUCCESS)
		die("wolfSSL_Init", ret);
	cctx = wolfSSL_CTX_new(version == 13 ? wolfTLSv1_3_client_method()
					     : wolfTLSv1_2_client_method());
	sctx = wolfSSL_CTX_new(version == 13 ? wolfTLSv1_3_server_method()
					     : wolfTLSv1_2_server_method());
	if (!cctx || !sctx)
		die("wolfSSL_CTX_new", 0);
	WOLFSSL_CTX *both[] = {cctx, sctx};
	for (int i = 0; i < 2; i++) {
		wolfSSL_CTX_SetIORecv(both[i], io_recv);
		wolfSSL_CTX_SetIOSend(both[i], io_send);
		if ((ret = wolfSSL_CTX_set_cipher_list(
			     both[i], version == 13 ? "TLS13-AES128-GCM-SHA256"
						    : "ECDHE-ECDSA-AES128-GCM-SHA256")) !=
		    WOLFSSL_SUCCESS)
			die("cipher suite", ret);
		ret = version == 13 ? wolfSSL_CTX_set_groups(both[i], &group, 1)
				    : wolfSSL_CTX_UseSupportedCurve(both[i], (word16)group);
		if (ret != WOLFSSL_SUCCESS)
			die("group", ret);
	}
	if ((ret = wolfSSL_CTX_use_certificate_buffer(sctx, (const unsigned char *)crt,
						      (long)strlen(crt), WOLFSSL_FILETYPE_PEM)) !=
		    WOLFSSL_SUCCESS ||
	    (ret = wolfSSL_CTX_use_PrivateKey_buffer(sctx, (const unsigned char *)key,
						     (long)strlen(key), WOLFSSL_FILETYPE_PEM)) !=
		    WOLFSSL_SUCCESS ||
	    (ret = wolfSSL_CTX_load_verify_buffer(cctx, (const unsigned char *)ca, (long)strlen(ca),
						  WOLFSSL_FILETYPE_PEM)) != WOLFSSL_SUCCESS)
		die("credentials", ret);
	wolfSSL_CTX_set_verify(cctx, WOLFSSL_VERIFY_PEER, NULL);
	if ((ret = wolfSSL_CTX_UseSessionTicket(cctx)) != WOLFSSL_SUCCESS)
		die("wolfSSL_CTX_UseSessionTicket", ret);
	wolfSSL_CTX_set_session_cache_mode(sctx, WOLFSSL_SESS_CACHE_OFF);
	int rc = loop_run(one_handshake, 1);
	if (rc)
		fprintf(stderr, "tls_wolfssl_loop: a handshake failed\n");
	wolfSSL_CTX_free(cctx);
	wolfSSL_CTX_free(sctx);
	wolfSSL_Cleanup();
	free(crt);
	free(key);
	free(ca);
	return rc;
}
