/* The TLS family's flow, shared by the adapters whose library hands the
   client a session to resume with (wolfSSL, GnuTLS, mbedTLS): what setup
   prepares and what one timed operation is. Each adapter gives its library's
   steps; the order and the checks between them live here once. */
#ifndef CS_TLS_FLOW_H
#define CS_TLS_FLOW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cryptospeed/adapter.h"

typedef struct cs_tls_flow {
	/* contexts and credentials for alg (no connection yet) */
	cs_status (*prepare)(void *ctx, const cs_setup *s);
	/* a client and a server joined over memory (resuming when a session is kept) */
	cs_status (*new_pair)(void *ctx);
	/* both sides to the end of the handshake; the peer's certificate verified */
	cs_status (*handshake)(void *ctx);
	/* the client keeps the session (TLS 1.3: the ticket the server sent) */
	cs_status (*take_session)(void *ctx);
	/* both connections closed and freed */
	void (*end_pair)(void *ctx);
	/* len bytes of application data from one side to the other, read back into out */
	cs_status (*transfer)(void *ctx, bool client_sends, const uint8_t *in, uint8_t *out,
			      size_t len);
	/* the last handshake resumed the session */
	bool (*resumed)(void *ctx);
} cs_tls_flow;

/* Setup: handshake ops connect in the timed loop; send and recv get one
   connection now; resume gets a session now. error (n bytes) takes why. */
cs_status cs_tls_flow_setup(const cs_tls_flow *f, void *ctx, const cs_setup *s);

/* One operation of op on alg (handshake, resume, send, recv); error (n bytes)
   says why a resumption did not happen. */
cs_status cs_tls_flow_run(const cs_tls_flow *f, void *ctx, const cs_alg *alg, cs_op op,
			  const cs_io *io, char *error, size_t n);

#endif
