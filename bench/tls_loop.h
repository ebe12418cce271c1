/*
 * What bench/tls_fidelity.sh's bare handshake loops share (one program per
 * library, bench/tls_<lib>_loop.c): one buffer per direction joining a
 * client and a server in memory, as adapters/<lib>/tls.c does, the test
 * credentials read from the build's tls/ directory, and the timed loop of
 * bench/lib_loop.h (median of about-a-millisecond batches on
 * CLOCK_MONOTONIC_RAW, as cryptospeed's cells): each prints full
 * handshakes per second.
 *   tls_<lib>_loop TLS_DIR [13|12]   (default 13: tls13-x25519-ecdsa-
 *   aes128gcm; 12: tls12-p256-ecdsa-aes128gcm)
 */
#ifndef CS_BENCH_TLS_LOOP_H
#define CS_BENCH_TLS_LOOP_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib_loop.h"

/* Bytes one direction buffers: a whole flight or record. */
#define PIPE_BUF_SIZE (64 * 1024)
/* Turns a handshake may take before it counts as hung. */
#define MAX_TURNS 64

/* One direction of the connection. */
typedef struct pipe_buf {
	unsigned char data[PIPE_BUF_SIZE];
	size_t len; /* bytes buffered */
	size_t off; /* bytes of them already read */
} pipe_buf;

/* Both directions, emptied before each handshake. */
static pipe_buf c2s, s2c;

/* Append len bytes to b; 0 if they do not fit (the caller's "would block"). */
static size_t
pipe_put(pipe_buf *b, const void *data, size_t len)
{
	if (b->off == b->len)
		b->off = b->len = 0;
	if (len > PIPE_BUF_SIZE - b->len)
		return 0;
	memcpy(b->data + b->len, data, len);
	b->len += len;
	return len;
}

/* Take up to len bytes from b; 0 if it is empty. */
static size_t
pipe_get(pipe_buf *b, void *data, size_t len)
{
	size_t have = b->len - b->off;
	if (len < have)
		have = len;
	memcpy(data, b->data + b->off, have);
	b->off += have;
	return have;
}

static void
pipes_reset(void)
{
	c2s.len = c2s.off = s2c.len = s2c.off = 0;
}

/* DIR/NAME's contents, NUL-terminated (a PEM file), or exit 1. */
static char *
read_pem(const char *dir, const char *name)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "rb");
	char *buf = calloc(1, 65536);
	size_t n = f && buf ? fread(buf, 1, 65535, f) : 0;
	if (f)
		fclose(f);
	if (n == 0 || n == 65535) {
		fprintf(stderr, "tls loop: cannot read %s (or it is above 64 KiB)\n", path);
		exit(1);
	}
	return buf;
}

/* The TLS version asked for: argv[2], 13 or 12 (default 13); exit 2 else. */
static int
tls_version_arg(int argc, char **argv, const char *prog)
{
	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: %s TLS_DIR [13|12]\n", prog);
		exit(2);
	}
	if (argc == 2 || strcmp(argv[2], "13") == 0)
		return 13;
	if (strcmp(argv[2], "12") == 0)
		return 12;
	fprintf(stderr, "%s: TLS version '%s' (accepted: 13, 12)\n", prog, argv[2]);
	exit(2);
}

#endif
