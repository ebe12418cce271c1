/* The worker's side of the counting plugin: the marker and its line. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "count.h"

/* The pipe the plugin writes to: [0] read (non-blocking), [1] write. */
static int snap_pipe[2] = {-1, -1};

static int
parse_line(const char *line, cs_count_snap *out)
{
	size_t magic = strlen(CS_COUNT_MAGIC);
	uint64_t v[3 + CS_EV_COUNT];
	const char *p = line + magic;
	if (strncmp(line, CS_COUNT_MAGIC, magic) != 0)
		return -1;
	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
		char *end;
		if (*p != ' ')
			return -1;
		p++;
		errno = 0;
		unsigned long long x = strtoull(p, &end, 10);
		if (errno != 0 || end == p || *p == '-')
			return -1;
		v[i] = x;
		p = end;
	}
	if (*p != '\n')
		return -1;
	out->insns = v[0];
	out->mem = v[1];
	out->forbidden = v[2];
	memcpy(out->classes, v + 3, sizeof out->classes);
	return 0;
}

int
cs_count_read(cs_count_snap *out, char *why, size_t why_size)
{
	return cs_count_read_w(out, CS_COUNT_W_NONE, why, why_size);
}

void
cs_count_blocks(uint64_t id)
{
	syscall(CS_COUNT_SYSCALL, (long)id, (long)CS_COUNT_BLOCKS_COOKIE);
}

int
cs_count_read_w(cs_count_snap *out, int weight, char *why, size_t why_size)
{
	char line[1024];
	size_t len = 0;

	if (snap_pipe[0] < 0) {
		if (pipe2(snap_pipe, O_CLOEXEC) != 0) {
			snprintf(why, why_size, "pipe: %s", strerror(errno));
			return -1;
		}
		if (fcntl(snap_pipe[0], F_SETFL, O_NONBLOCK) != 0) {
			snprintf(why, why_size, "fcntl: %s", strerror(errno));
			return -1;
		}
	}
	syscall(CS_COUNT_SYSCALL, (long)snap_pipe[1], (long)CS_COUNT_COOKIE, (long)weight);
	/* the plugin wrote the whole line before the syscall returned */
	while (len < sizeof line - 1) {
		ssize_t n = read(snap_pipe[0], line + len, sizeof line - 1 - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		len += (size_t)n;
		if (line[len - 1] == '\n')
			break;
	}
	line[len] = '\0';
	if (len == 0) {
		snprintf(why, why_size,
			 "not running under the counting plugin (run --count starts the worker "
			 "under qemu-user with -plugin cryptospeed-count.so)");
		return -1;
	}
	if (parse_line(line, out) != 0) {
		snprintf(why, why_size, "counting plugin: malformed line '%.60s'", line);
		return -1;
	}
	return 0;
}

void
cs_count_diff(const cs_count_snap *b, const cs_count_snap *a, cs_count_snap *d)
{
	d->insns = b->insns - a->insns;
	d->mem = b->mem - a->mem;
	d->forbidden = b->forbidden - a->forbidden;
	for (int c = 0; c < CS_EV_COUNT; c++)
		d->classes[c] = b->classes[c] - a->classes[c];
}
