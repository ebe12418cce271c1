/*
 * bench/tls_fidelity.sh's bare loop for GnuTLS: full handshakes with the
 * calls of cryptospeed's gnutls/tls impl (adapters/gnutls/tls.c): per
 * handshake a client and a server session on the transport callbacks (one
 * buffer per direction), the priority string, credentials, ticket key,
 * server name and certificate check, gnutls_handshake on each side in turn,
 * both freed. No harness.
 *   tls_gnutls_loop TLS_DIR [13|12]   (bench/tls_loop.h)
 */
#include <errno.h>

#include <gnutls/gnutls.h>

#include "tls_loop.h"

/* One side: its session, what it reads, what it writes. */
typedef struct side {
	gnutls_session_t session;
	pipe_buf *in, *out;
} side;

static gnutls_certificate_credentials_t ccred, scred;
static gnutls_priority_t prio;
static gnutls_datum_t ticket_key;

static void
die(const char *what, int ret)
{
	fprintf(stderr, "tls_gnutls_loop: %s: %s\n", what, gnutls_strerror(ret));
	exit(1);
}

static ssize_t
push(gnutls_transport_ptr_t ptr, const void *data, size_t len)
{
	side *x = ptr;
	if (pipe_put(x->out, data, len) != len) {
		gnutls_transport_set_errno(x->session, EAGAIN);
		return -1;
	}
	return (ssize_t)len;
}

static ssize_t
pull(gnutls_transport_ptr_t ptr, void *data, size_t len)
{
	side *x = ptr;
	size_t got = pipe_get(x->in, data, len);
	if (got == 0) {
		gnutls_transport_set_errno(x->session, EAGAIN);
		return -1;
	}
	return (ssize_t)got;
}

static int
pull_timeout(gnutls_transport_ptr_t ptr, unsigned int ms)
{
	(void)ms;
	side *x = ptr;
	return x->in->len > x->in->off;
}

/* One full handshake, both sessions freed; 0 if it completed verified. */
static int
one_handshake(void)
{
	static side c, s;
	int ret;
	pipes_reset();
	c = (side){.in = &s2c, .out = &c2s};
	s = (side){.in = &c2s, .out = &s2c};
	if ((ret = gnutls_init(&c.session, GNUTLS_CLIENT | GNUTLS_NONBLOCK)) < 0 ||
	    (ret = gnutls_init(&s.session, GNUTLS_SERVER | GNUTLS_NONBLOCK)) < 0)
		die("gnutls_init", ret);
	side *sides[] = {&c, &s};
	for (int i = 0; i < 2; i++) {
		gnutls_session_t x = sides[i]->session;
		if ((ret = gnutls_priority_set(x, prio)) < 0 ||
		    (ret = gnutls_credentials_set(x, GNUTLS_CRD_CERTIFICATE, i ? scred : ccred)) <
			    0)
			die("priority or credentials", ret);
		gnutls_transport_set_ptr(x, sides[i]);
		gnutls_transport_set_push_function(x, push);
		gnutls_transport_set_pull_function(x, pull);
		gnutls_transport_set_pull_timeout_function(x, pull_timeout);
		gnutls_handshake_set_timeout(x, 0);
	}
	if ((ret = gnutls_session_ticket_enable_server(s.session, &ticket_key)) < 0 ||
	    (ret = gnutls_server_name_set(c.session, GNUTLS_NAME_DNS, "localhost", 9)) < 0)
		die("ticket or server name", ret);
	gnutls_session_set_verify_cert(c.session, "localhost", 0);
	int cdone = 0, sdone = 0;
	for (int turn = 0; turn < MAX_TURNS && !(cdone && sdone); turn++) {
		if (!cdone) {
			ret = gnutls_handshake(c.session);
			if (ret == 0)
				cdone = 1;
			else if (gnutls_error_is_fatal(ret))
				die("client handshake", ret);
		}
		if (!sdone) {
			ret = gnutls_handshake(s.session);
			if (ret == 0)
				sdone = 1;
			else if (gnutls_error_is_fatal(ret))
				die("server handshake", ret);
		}
	}
	gnutls_deinit(c.session);
	gnutls_deinit(s.session);
	return cdone && sdone ? 0 : 1;
}

int
main(int argc, char **argv)
{
	int v = tls_version_arg(argc, argv, "tls_gnutls_loop");
	char *crt = read_pem(argv[1], "ecdsa-p256.crt"), *key = read_pem(argv[1], "ecdsa-p256.key"),
	     *ca = read_pem(argv[1], "ca.crt");
	int ret;
	if ((ret = gnutls_priority_init(&prio,
					v == 13 ? "NORMAL:-VERS-ALL:+VERS-TLS1.3:-GROUP-ALL:+GROUP-"
						  "X25519:-CIPHER-ALL:"
						  "+AES-128-GCM"
						: "NORMAL:-VERS-ALL:+VERS-TLS1.2:-GROUP-ALL:+GROUP-"
						  "SECP256R1:-CIPHER-"
						  "ALL:+AES-128-GCM:-KX-ALL:+ECDHE-ECDSA",
					NULL)) < 0)
		die("priority string", ret);
	gnutls_datum_t dcrt = {(unsigned char *)crt, (unsigned)strlen(crt)};
	gnutls_datum_t dkey = {(unsigned char *)key, (unsigned)strlen(key)};
	gnutls_datum_t dca = {(unsigned char *)ca, (unsigned)strlen(ca)};
	if ((ret = gnutls_certificate_allocate_credentials(&scred)) < 0 ||
	    (ret = gnutls_certificate_set_x509_key_mem2(scred, &dcrt, &dkey, GNUTLS_X509_FMT_PEM,
							NULL, 0)) < 0)
		die("server certificate or key", ret);
	if ((ret = gnutls_certificate_allocate_credentials(&ccred)) < 0 ||
	    (ret = gnutls_certificate_set_x509_trust_mem(ccred, &dca, GNUTLS_X509_FMT_PEM)) < 1)
		die("CA certificate", ret < 0 ? ret : GNUTLS_E_BASE64_DECODING_ERROR);
	if ((ret = gnutls_session_ticket_key_generate(&ticket_key)) < 0)
		die("ticket key", ret);
	int rc = loop_run(one_handshake, 1);
	if (rc)
		fprintf(stderr, "tls_gnutls_loop: a handshake failed\n");
	gnutls_free(ticket_key.data);
	gnutls_priority_deinit(prio);
	gnutls_certificate_free_credentials(ccred);
	gnutls_certificate_free_credentials(scred);
	free(crt);
	free(key);
	free(ca);
	return rc;
}
