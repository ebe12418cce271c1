/*
 * Heap figures of a TLS cell with no interposer in the process that times
 * it. The worker defines no malloc: cs_heap_available() is true only in a
 * process where cryptospeed-heap.so (heap.c) is preloaded, found by dlsym.
 *
 * A worker that prepares a TLS handshake, send or recv cell in a process
 * without it runs itself once more, `--heap-probe INDEX OP SIZE`, with the
 * module in LD_PRELOAD and the same environment: that process prepares the
 * same cell untimed (cell.c measures the heap there, as it always did) and
 * prints one line, `heap status=S peak=P idle=I`; the worker copies the two
 * figures into its cell and times with glibc's malloc, called directly.
 * The module lives beside the worker (build/bin, libexec/cryptospeed); where
 * it is missing, or the probe fails, the cell carries no heap figures (0, as
 * in a static or sanitizer build), never a guess.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "worker.h"

extern char **environ;
/* the worker's adapter (its adapter file defines it); weak, so a test
   program that prepares cells without one links, and probes nothing */
extern const cs_adapter *const cs_worker_adapter __attribute__((weak));

#define HEAP_MODULE "cryptospeed-heap.so"

/* The module's three functions, when it is loaded in this process. */
static struct {
	void (*begin)(void);
	void (*end)(int64_t *, int64_t *);
	int64_t (*live)(void);
	bool looked;
} mod;

static void
look(void)
{
	if (mod.looked)
		return;
	mod.looked = true;
	/* ISO C has no conversion from void * to a function pointer: copy */
	void *b = dlsym(RTLD_DEFAULT, "cryptospeed_heap_begin");
	void *e = dlsym(RTLD_DEFAULT, "cryptospeed_heap_end");
	void *l = dlsym(RTLD_DEFAULT, "cryptospeed_heap_live");
	if (b && e && l) {
		memcpy(&mod.begin, &b, sizeof b);
		memcpy(&mod.end, &e, sizeof e);
		memcpy(&mod.live, &l, sizeof l);
	}
}

bool
cs_heap_available(void)
{
	look();
	return mod.begin != NULL;
}

void
cs_heap_begin(void)
{
	if (cs_heap_available())
		mod.begin();
}

void
cs_heap_end(int64_t *live_bytes, int64_t *peak_bytes)
{
	*live_bytes = *peak_bytes = 0;
	if (cs_heap_available())
		mod.end(live_bytes, peak_bytes);
}

int64_t
cs_heap_live(void)
{
	return cs_heap_available() ? mod.live() : 0;
}

/* The module's path beside self (this program's path), or false. */
static bool
module_path(const char *self, char *buf, size_t size)
{
	const char *slash = strrchr(self, '/');
	if (!slash)
		return false;
	int n = snprintf(buf, size, "%.*s/%s", (int)(slash - self), self, HEAP_MODULE);
	return n > 0 && (size_t)n < size && access(buf, R_OK) == 0;
}

/* This process's environment with LD_PRELOAD set to the module alone (a
   preload of someone else's would measure its allocations too); NULL when
   out of memory. The strings are environ's but the one made here. */
static char **
probe_env(const char *module, char *preload, size_t size)
{
	size_t n = 0;
	while (environ[n])
		n++;
	char **env = calloc(n + 2, sizeof *env);
	if (!env)
		return NULL;
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		if (strncmp(environ[i], "LD_PRELOAD=", 11) != 0)
			env[k++] = environ[i];
	snprintf(preload, size, "LD_PRELOAD=%s", module);
	env[k++] = preload;
	env[k] = NULL;
	return env;
}

/* Run the probe for impls[index]; its figures into *peak and *idle. True when it said
   status 0 (CS_OK) and exited 0. */
static bool
run_probe(size_t index, cs_op op, size_t size, int64_t *peak, int64_t *idle)
{
	char module[PATH_MAX], preload[PATH_MAX + 16], self[PATH_MAX];
	ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
	if (len <= 0)
		return false;
	self[len] = '\0';
	if (!module_path(self, module, sizeof module))
		return false;
	char a_index[24], a_op[24], a_size[24];
	snprintf(a_index, sizeof a_index, "%zu", index);
	snprintf(a_op, sizeof a_op, "%d", (int)op);
	snprintf(a_size, sizeof a_size, "%zu", size);
	char *argv[] = {self, "--heap-probe", a_index, a_op, a_size, NULL};
	char **env = probe_env(module, preload, sizeof preload);
	int fds[2];
	if (!env || pipe2(fds, O_CLOEXEC) != 0) {
		free(env);
		return false;
	}
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, fds[1], STDOUT_FILENO);
	posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
	pid_t pid;
	int rc = posix_spawn(&pid, self, &fa, NULL, argv, env);
	posix_spawn_file_actions_destroy(&fa);
	free(env);
	close(fds[1]);
	if (rc != 0) {
		close(fds[0]);
		return false;
	}
	/* the last line that starts "heap " is the probe's (a library may
	   print on stdout before it) */
	char buf[4096];
	size_t used = 0;
	ssize_t r;
	while ((r = read(fds[0], buf + used, sizeof buf - 1 - used)) > 0) {
		used += (size_t)r;
		if (used == sizeof buf - 1) { /* keep the tail */
			memmove(buf, buf + used / 2, used - used / 2);
			used -= used / 2;
		}
	}
	close(fds[0]);
	buf[used] = '\0';
	int wstatus;
	if (waitpid(pid, &wstatus, 0) != pid || !WIFEXITED(wstatus) || WEXITSTATUS(wstatus) != 0)
		return false;
	const char *line = NULL;
	for (const char *p = buf; (p = strstr(p, "heap ")) != NULL; p++)
		if (p == buf || p[-1] == '\n')
			line = p;
	int status;
	long long p_peak, p_idle;
	if (!line ||
	    sscanf(line, "heap status=%d peak=%lld idle=%lld", &status, &p_peak, &p_idle) != 3 ||
	    status != CS_OK || p_peak < 0 || p_idle < 0)
		return false;
	*peak = p_peak;
	*idle = p_idle;
	return true;
}

void
cs_heap_probe(cs_cell *c)
{
	const cs_impl *impl = c->impl;
	if (!&cs_worker_adapter || cs_heap_available() || impl->alg->kind != CS_TLS ||
	    (c->op != CS_OP_HANDSHAKE && c->op != CS_OP_SEND && c->op != CS_OP_RECV))
		return;
	size_t index = 0;
	const cs_impl *const *all = cs_worker_impls(cs_worker_adapter);
	while (all[index] && all[index] != impl)
		index++;
	int64_t peak, idle;
	if (all[index] && run_probe(index, c->op, c->size, &peak, &idle)) {
		c->heap_peak = peak;
		c->heap_idle = idle;
	}
}

int
cs_heap_probe_main(const char *index_text, const char *op_text, const char *size_text)
{
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	const cs_impl *const *all = cs_worker_impls(cs_worker_adapter);
	size_t n = 0;
	while (all[n])
		n++;
	char *end1 = NULL, *end2 = NULL, *end3 = NULL;
	unsigned long long index = strtoull(index_text, &end1, 10);
	long op = strtol(op_text, &end2, 10);
	unsigned long long size = strtoull(size_text, &end3, 10);
	if (*end1 || *end2 || *end3 || end1 == index_text || index >= n || op < 0 ||
	    op >= CS_OP_COUNT || size > CS_CELL_MAX_SIZE) {
		fprintf(stderr,
			"--heap-probe '%s' '%s' '%s': needs an impl index below %zu, an op "
			"number and a size up to %d\n",
			index_text, op_text, size_text, n, CS_CELL_MAX_SIZE);
		return 2;
	}
	if (!cs_heap_available()) {
		fprintf(stderr, "--heap-probe: %s is not preloaded\n", HEAP_MODULE);
		return 1;
	}
	cs_cell c = {0};
	char err[256];
	cs_status st = cs_cell_prepare(&c, all[index], (cs_op)op, (size_t)size, 0, err, sizeof err);
	printf("heap status=%d peak=%" PRId64 " idle=%" PRId64 "\n", (int)st, c.heap_peak,
	       c.heap_idle);
	fflush(stdout);
	cs_cell_release(&c);
	return 0;
}
