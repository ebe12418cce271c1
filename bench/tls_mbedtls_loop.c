/*
 * bench/tls_fidelity.sh's bare loop for mbedTLS: full handshakes with the
 * calls of cryptospeed's mbedtls/tls impl (adapters/mbedtls/tls.c): per
 * handshake a client and a server mbedtls_ssl_context on the BIO callbacks
 * (one buffer per direction), the server name, mbedtls_ssl_handshake on each
 * side in turn, both freed. No harness. Debian's 2.28 has TLS 1.2 only
 * (give 12); 3.x (scripts/libs.sh build mbedtls@3.6.6) both.
 *   tls_mbedtls_loop TLS_DIR [13|12]   (bench/tls_loop.h)
 */
#include "mbedtls/version.h" /* first: pulls in the build configuration */

#include "mbedtls/ctr_drbg.h"
#include "mbedtls/entropy.h"
#include "mbedtls/error.h"
#include "mbedtls/pk.h"
#include "mbedtls/ssl.h"
#include "mbedtls/ssl_ticket.h"
#include "mbedtls/x509_crt.h"

#if MBEDTLS_VERSION_NUMBER >= 0x03000000
#include "psa/crypto.h"
#endif

#include "tls_loop.h"

#if MBEDTLS_VERSION_NUMBER >= 0x03000000 && defined(MBEDTLS_SSL_PROTO_TLS1_3)
#define HAVE_TLS13 1
#else
#define HAVE_TLS13 0
#endif

/* One side's ends: what it reads, what it writes. */
typedef struct side {
	pipe_buf *in, *out;
} side;

static mbedtls_entropy_context entropy;
static mbedtls_ctr_drbg_context drbg;
static mbedtls_ssl_config cconf, sconf;
static mbedtls_x509_crt ca, cert;
static mbedtls_pk_context key;
static mbedtls_ssl_ticket_context ticket;
static side cside = {&s2c, &c2s}, sside = {&c2s, &s2c};

static void
die(const char *what, int ret)
{
	char lib[120] = "";
#if defined(MBEDTLS_ERROR_C)
	mbedtls_strerror(ret, lib, sizeof lib);
#endif
	fprintf(stderr, "tls_mbedtls_loop: %s: %s (-0x%04x)\n", what, lib,
		(unsigned)(ret < 0 ? -ret : ret));
	exit(1);
}

static int
io_send(void *ptr, const unsigned char *buf, size_t len)
{
	return pipe_put(((side *)ptr)->out, buf, len) == len ? (int)len
							     : MBEDTLS_ERR_SSL_WANT_WRITE;
}

static int
io_recv(void *ptr, unsigned char *buf, size_t len)
{
	size_t got = pipe_get(((side *)ptr)->in, buf, len);
	return got ? (int)got : MBEDTLS_ERR_SSL_WANT_READ;
}

/* The adapter's verify callback (it counts verifications), here a no-op. */
static int
verify_cb(void *ptr, mbedtls_x509_crt *crt, int depth, uint32_t *flags)
{
	(void)ptr;
	(void)crt;
	(void)depth;
	(void)flags;
	return 0;
}

static int
blocked(int ret)
{
	return ret == MBEDTLS_ERR_SSL_WANT_READ || ret == MBEDTLS_ERR_SSL_WANT_WRITE
#if defined(MBEDTLS_ERR_SSL_RECEIVED_NEW_SESSION_TICKET)
	       || ret == MBEDTLS_ERR_SSL_RECEIVED_NEW_SESSION_TICKET
#endif
		;
}

/* One full handshake, both contexts freed; 0 if it completed. */
static int
one_handshake(void)
{
	static mbedtls_ssl_context c, s;
	int ret;
	pipes_reset();
	mbedtls_ssl_init(&c);
	mbedtls_ssl_init(&s);
	if ((ret = mbedtls_ssl_setup(&c, &cconf)) || (ret = mbedtls_ssl_setup(&s, &sconf)))
		die("mbedtls_ssl_setup", ret);
	if ((ret = mbedtls_ssl_set_hostname(&c, "localhost")))
		die("mbedtls_ssl_set_hostname", ret);
	mbedtls_ssl_set_bio(&c, &cside, io_send, io_recv, NULL);
	mbedtls_ssl_set_bio(&s, &sside, io_send, io_recv, NULL);
	int cdone = 0, sdone = 0;
	for (int turn = 0; turn < MAX_TURNS && !(cdone && sdone); turn++) {
		if (!cdone) {
			ret = mbedtls_ssl_handshake(&c);
			if (ret == 0)
				cdone = 1;
			else if (!blocked(ret))
				die("client handshake", ret);
		}
		if (!sdone) {
			ret = mbedtls_ssl_handshake(&s);
			if (ret == 0)
				sdone = 1;
			else if (!blocked(ret))
				die("server handshake", ret);
		}
	}
	mbedtls_ssl_free(&c);
	mbedtls_ssl_free(&s);
	return cdone && sdone ? 0 : 1;
}

int
main(int argc, char **argv)
{
	int v = tls_version_arg(argc, argv, "tls_mbedtls_loop");
	if (v == 13 && !HAVE_TLS13) {
		fprintf(stderr, "tls_mbedtls_loop: mbedTLS %s has no TLS 1.3 (give 12)\n",
			MBEDTLS_VERSION_STRING);
		return 2;
	}
	char *pem[] = {read_pem(argv[1], "ca.crt"), read_pem(argv[1], "ecdsa-p256.crt"),
		       read_pem(argv[1], "ecdsa-p256.key")};
	int ret;
#if MBEDTLS_VERSION_NUMBER >= 0x03000000
	if (psa_crypto_init() != PSA_SUCCESS)
		die("psa_crypto_init", 0);
#endif
	mbedtls_entropy_init(&entropy);
	mbedtls_ctr_drbg_init(&drbg);
	mbedtls_ssl_config_init(&cconf);
	mbedtls_ssl_config_init(&sconf);
	mbedtls_x509_crt_init(&ca);
	mbedtls_x509_crt_init(&cert);
	mbedtls_pk_init(&key);
	mbedtls_ssl_ticket_init(&ticket);
	if ((ret = mbedtls_ctr_drbg_seed(&drbg, mbedtls_entropy_func, &entropy, NULL, 0)))
		die("mbedtls_ctr_drbg_seed", ret);
	if ((ret = mbedtls_x509_crt_parse(&ca, (const unsigned char *)pem[0],
					  strlen(pem[0]) + 1)) ||
	    (ret = mbedtls_x509_crt_parse(&cert, (const unsigned char *)pem[1],
					  strlen(pem[1]) + 1)))
		die("certificate", ret);
#if MBEDTLS_VERSION_NUMBER >= 0x03000000
	ret = mbedtls_pk_parse_key(&key, (const unsigned char *)pem[2], strlen(pem[2]) + 1, NULL, 0,
				   mbedtls_ctr_drbg_random, &drbg);
#else
	ret = mbedtls_pk_parse_key(&key, (const unsigned char *)pem[2], strlen(pem[2]) + 1, NULL,
				   0);
#endif
	if (ret)
		die("server key", ret);
	static int suites[2];
	suites[0] = v == 13 ? 0x1301 : 0xc02b;
#if HAVE_TLS13
	static uint16_t groups[2];
	groups[0] =
		v == 13 ? MBEDTLS_SSL_IANA_TLS_GROUP_X25519 : MBEDTLS_SSL_IANA_TLS_GROUP_SECP256R1;
#else
	static mbedtls_ecp_group_id curves[2] = {MBEDTLS_ECP_DP_SECP256R1, MBEDTLS_ECP_DP_NONE};
#endif
	mbedtls_ssl_config *confs[] = {&cconf, &sconf};
	for (int i = 0; i < 2; i++) {
		mbedtls_ssl_config *x = confs[i];
		if ((ret = mbedtls_ssl_config_defaults(
			     x, i ? MBEDTLS_SSL_IS_SERVER : MBEDTLS_SSL_IS_CLIENT,
			     MBEDTLS_SSL_TRANSPORT_STREAM, MBEDTLS_SSL_PRESET_DEFAULT)))
			die("mbedtls_ssl_config_defaults", ret);
		mbedtls_ssl_conf_rng(x, mbedtls_ctr_drbg_random, &drbg);
		mbedtls_ssl_conf_ciphersuites(x, suites);
#if HAVE_TLS13
		mbedtls_ssl_protocol_version pv =
			v == 13 ? MBEDTLS_SSL_VERSION_TLS1_3 : MBEDTLS_SSL_VERSION_TLS1_2;
		mbedtls_ssl_conf_min_tls_version(x, pv);
		mbedtls_ssl_conf_max_tls_version(x, pv);
		mbedtls_ssl_conf_groups(x, groups);
#else
		mbedtls_ssl_conf_min_version(x, MBEDTLS_SSL_MAJOR_VERSION_3,
					     MBEDTLS_SSL_MINOR_VERSION_3);
		mbedtls_ssl_conf_max_version(x, MBEDTLS_SSL_MAJOR_VERSION_3,
					     MBEDTLS_SSL_MINOR_VERSION_3);
		mbedtls_ssl_conf_curves(x, curves);
#endif
	}
	if ((ret = mbedtls_ssl_conf_own_cert(&sconf, &cert, &key)))
		die("server certificate", ret);
	mbedtls_ssl_conf_ca_chain(&cconf, &ca, NULL);
	mbedtls_ssl_conf_authmode(&cconf, MBEDTLS_SSL_VERIFY_REQUIRED);
	mbedtls_ssl_conf_verify(&cconf, verify_cb, NULL);
	if ((ret = mbedtls_ssl_ticket_setup(&ticket, mbedtls_ctr_drbg_random, &drbg,
					    MBEDTLS_CIPHER_AES_256_GCM, 86400)))
		die("mbedtls_ssl_ticket_setup", ret);
	mbedtls_ssl_conf_session_tickets_cb(&sconf, mbedtls_ssl_ticket_write,
					    mbedtls_ssl_ticket_parse, &ticket);
#if defined(MBEDTLS_SSL_TLS1_3_SIGNAL_NEW_SESSION_TICKETS_ENABLED)
	mbedtls_ssl_conf_tls13_enable_signal_new_session_tickets(
		&cconf, MBEDTLS_SSL_TLS1_3_SIGNAL_NEW_SESSION_TICKETS_ENABLED);
#endif
	int rc = loop_run(one_handshake, 1);
	if (rc)
		fprintf(stderr, "tls_mbedtls_loop: a handshake failed\n");
	mbedtls_ssl_ticket_free(&ticket);
	mbedtls_pk_free(&key);
	mbedtls_x509_crt_free(&cert);
	mbedtls_x509_crt_free(&ca);
	mbedtls_ssl_config_free(&sconf);
	mbedtls_ssl_config_free(&cconf);
	mbedtls_ctr_drbg_free(&drbg);
	mbedtls_entropy_free(&entropy);
	for (int i = 0; i < 3; i++)
		free(pem[i]);
	return rc;
}
