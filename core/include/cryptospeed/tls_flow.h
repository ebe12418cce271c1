/* The TLS family's flow, shared by the adapters whose library hands the
   client a session to resume with (wolfSSL, GnuTLS, mbedTLS): what setup
   prepares and what one timed operation is. Each adapter gives its library's
   steps; the order and the checks between them live here once. */
#ifndef CS_TLS_FLOW_H
#define CS_TLS_FLOW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "cryptospeed/adapter.h"

/* Bytes one direction of an in-memory connection buffers: a whole flight or
   record. */
#define CS_TLS_PIPE_SIZE (64 * 1024)

/* One direction of a connection joined in memory. */
typedef struct cs_tls_pipe {
	uint8_t data[CS_TLS_PIPE_SIZE]; /* the bytes */
	size_t len;			/* bytes buffered */
	size_t off;			/* bytes of them already read */
} cs_tls_pipe;

/* One side's transport: two pipes in memory (in-library cells), or a
   connected socket (the client x server grid: fd >= 0, blocking). */
typedef struct cs_tls_end {
	cs_tls_pipe *in;  /* memory: what this side reads */
	cs_tls_pipe *out; /* memory: what this side writes */
	int fd;		  /* the socket, or -1 for memory */
} cs_tls_end;

/* What cs_tls_end_read and cs_tls_end_write return besides a byte count. */
#define CS_TLS_IO_AGAIN (-1) /* memory: nothing to read yet / no room to write */
#define CS_TLS_IO_ERROR (-2) /* socket: an error */

/* An end over the pipes in and out (memory). */
cs_tls_end cs_tls_end_memory(cs_tls_pipe *in, cs_tls_pipe *out);
/* Both pipes emptied. */
void cs_tls_pipe_reset(cs_tls_pipe *a, cs_tls_pipe *b);
/* Up to len bytes written: their count, CS_TLS_IO_AGAIN or CS_TLS_IO_ERROR. */
ssize_t cs_tls_end_write(cs_tls_end *e, const void *data, size_t len);
/* Up to len bytes read: their count (> 0), 0 at the end of a socket's
   stream, CS_TLS_IO_AGAIN or CS_TLS_IO_ERROR. */
ssize_t cs_tls_end_read(cs_tls_end *e, void *data, size_t len);
/* Bytes buffered to read (memory; 0 for a socket). */
size_t cs_tls_end_pending(const cs_tls_end *e);

/* The client x server grid: a worker started with --tls-peer is one side of
   connections over a socket; its impl's setup and run see it here. */
typedef enum cs_tls_role {
	CS_TLS_BOTH = 0, /* client and server in this process (every cell) */
	CS_TLS_CLIENT,	 /* the client side only */
	CS_TLS_SERVER	 /* the server side only */
} cs_tls_role;

/* What one run call of a peer does. */
typedef enum cs_tls_step {
	CS_TLS_OPEN, /* a new connection, its handshake and one record each way */
	CS_TLS_CLOSE /* close_notify both ways, the connection freed */
} cs_tls_step;

/* The worker's peer mode (core/worker/tls.c), read by the adapters. */
typedef struct cs_tls_peer {
	cs_tls_role role; /* CS_TLS_BOTH outside peer mode */
	int fd;		  /* the socket to the other side */
	cs_tls_step step; /* what the next run call does */
} cs_tls_peer;
extern cs_tls_peer cs_tls_peer_mode;

/* One side of a connection over a socket, in an adapter's steps. */
typedef struct cs_tls_peer_ops {
	/* a new connection of this side (client: naming "localhost") over e */
	cs_status (*open)(void *ctx, bool client, cs_tls_end *e);
	/* this side to the end of its handshake; a client verified the certificate
	   (CS_MISMATCH when it did not verify) */
	cs_status (*handshake)(void *ctx);
	/* len bytes of application data sent */
	cs_status (*write)(void *ctx, const uint8_t *data, size_t len);
	/* exactly len bytes of application data received */
	cs_status (*read)(void *ctx, uint8_t *data, size_t len);
	/* clean: close_notify sent and the peer's received; the connection freed
	   either way */
	cs_status (*close)(void *ctx, bool clean);
} cs_tls_peer_ops;

/* One run call in peer mode (cs_tls_peer_mode.step): the client sends
   CS_TLS_ECHO_LEN bytes and checks they come back byte-exact, the server
   echoes them. error (n bytes) says what went wrong. */
cs_status cs_tls_peer_run(const cs_tls_peer_ops *p, void *ctx, char *error, size_t n);
/* The record a peer connection sends each way. */
#define CS_TLS_ECHO_LEN 1350

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
	/* one side over a socket (the client x server grid) */
	const cs_tls_peer_ops *peer;
} cs_tls_flow;

/* Setup: handshake ops connect in the timed loop; send and recv get one
   connection now; resume gets a session now. error (n bytes) takes why. */
cs_status cs_tls_flow_setup(const cs_tls_flow *f, void *ctx, const cs_setup *s);

/* One operation of op on alg (handshake, resume, send, recv); error (n bytes)
   says why a resumption did not happen. In peer mode, cs_tls_peer_run. */
cs_status cs_tls_flow_run(const cs_tls_flow *f, void *ctx, const cs_alg *alg, cs_op op,
			  const cs_io *io, char *error, size_t n);

#endif
