/* Finding, starting and talking to worker processes. */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "now.h"
#include "orchestrator.h"

#define WORKER_PREFIX "cryptospeed-worker-"

volatile int cs_interrupt_signal;

bool
cs_self_dir(char *buf, size_t n)
{
	ssize_t len = readlink("/proc/self/exe", buf, n - 1);
	buf[len > 0 ? len : 0] = '\0';
	char *slash = strrchr(buf, '/');
	if (!slash)
		return false;
	*slash = '\0';
	return true;
}

const char *
cs_share_dir(const char *what, const char *fallback, char *buf, size_t n)
{
	char self[PATH_MAX];
	if (cs_self_dir(self, sizeof self)) {
		snprintf(buf, n, "%s/../share/cryptospeed/%s", self, what);
		struct stat st;
		if (stat(buf, &st) == 0 && S_ISDIR(st.st_mode))
			return buf;
	}
	return fallback;
}

static int
cmp_file(const void *a, const void *b)
{
	return strcmp(((const cs_worker_file *)a)->name, ((const cs_worker_file *)b)->name);
}

static size_t
scan_dir(const char *dir, cs_worker_file *out, size_t n, size_t max)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	if (!d)
		return n;
	while (n < max && (e = readdir(d)) != NULL) {
		if (strncmp(e->d_name, WORKER_PREFIX, strlen(WORKER_PREFIX)) != 0)
			continue;
		const char *name = e->d_name + strlen(WORKER_PREFIX);
		char path[PATH_MAX];
		struct stat st;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		/* a worker that is not executable is still found: it then fails to
		   start with its reason, rather than vanishing from a selection */
		if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
			continue;
		bool seen = false;
		for (size_t i = 0; i < n; i++)
			seen |= strcmp(out[i].name, name) == 0;
		if (seen)
			continue;
		snprintf(out[n].name, sizeof out[n].name, "%s", name);
		snprintf(out[n].path, sizeof out[n].path, "%s", path);
		n++;
	}
	closedir(d);
	return n;
}

size_t
cs_find_workers(cs_worker_file *out, size_t max)
{
	size_t n = 0;
	const char *env = getenv("CRYPTOSPEED_WORKER_PATH");
	if (env && *env) {
		char *copy = strdup(env), *save = NULL;
		for (char *dir = strtok_r(copy, ":", &save); dir; dir = strtok_r(NULL, ":", &save))
			n = scan_dir(dir, out, n, max);
		free(copy);
	}
	char self[PATH_MAX];
	if (cs_self_dir(self, sizeof self)) {
		/* installed: bin/cryptospeed and libexec/cryptospeed/ */
		char installed[PATH_MAX + 32];
		snprintf(installed, sizeof installed, "%s/../libexec/cryptospeed", self);
		n = scan_dir(installed, out, n, max);
		/* the build tree: the workers beside the program */
		n = scan_dir(self, out, n, max);
	}
	qsort(out, n, sizeof *out, cmp_file);
	return n;
}

size_t
cs_find_workers_in(const char *dir, cs_worker_file *out, size_t max)
{
	size_t n = scan_dir(dir, out, 0, max);
	qsort(out, n, sizeof *out, cmp_file);
	return n;
}

static void
close_pair(const int p[2])
{
	close(p[0]);
	close(p[1]);
}

/* The three pipes: to the worker, from it, and its exec error; -1 with errno
   and none of them left open. */
static int
open_pipes(int to[2], int from[2], int err[2])
{
	if (pipe2(to, O_CLOEXEC) != 0)
		return -1;
	if (pipe2(from, O_CLOEXEC) != 0) {
		close_pair(to);
		return -1;
	}
	if (pipe2(err, O_CLOEXEC) != 0) {
		close_pair(to);
		close_pair(from);
		return -1;
	}
	return 0;
}

/* In the forked child: the worker's process group, pipes, environment and
   CPU set up, then argv run; exec's errno written to err_fd if it fails. */
static _Noreturn void
child_exec(const cs_worker *w, char **argv, int stdin_fd, int stdout_fd, int err_fd, pid_t parent)
{
	/* own process group: a terminal's ^C reaches the orchestrator only,
	   which then ends the workers itself, as a group (the worker's own
	   children too) */
	setpgid(0, 0);
	/* and no worker outlives the orchestrator, even one killed with
	   SIGKILL: the kernel kills the child when its parent dies (the
	   setting survives exec); if the parent died before this line, the
	   child has been reparented already */
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent)
		_exit(127);
	dup2(stdin_fd, STDIN_FILENO);
	dup2(stdout_fd, STDOUT_FILENO);
	signal(SIGPIPE, SIG_DFL);
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	if (w->env_name[0])
		setenv(w->env_name, w->env_value, 1);
	for (int i = 0; w->variant && i < w->variant->n_env; i++) {
		char kv[320];
		snprintf(kv, sizeof kv, "%s", w->variant->env[i]);
		char *eq = strchr(kv, '=');
		if (eq) {
			*eq = '\0';
			setenv(kv, eq + 1, 1);
		}
	}
	if (w->cpu >= 0) {
		cpu_set_t set;
		CPU_ZERO(&set);
		CPU_SET(w->cpu, &set);
		sched_setaffinity(0, sizeof set, &set);
	}
	/* a path runs as is (no /bin/sh retry of a foreign binary), a bare
	   name (a launcher such as qemu-aarch64) is looked up in PATH */
	if (strchr(argv[0], '/'))
		execv(argv[0], argv);
	else
		execvp(argv[0], argv);
	int e = errno;
	if (write(err_fd, &e, sizeof e) < 0)
		_exit(126);
	_exit(127);
}

/* The started worker's hello read and decoded into w->info; -1 with
   w->error (the worker killed) when it says none or a wrong one. */
static int
await_hello(cs_worker *w, const cs_config *cfg, const char *exe)
{
	const char *line = NULL;
	char why[300];
	cs_req r = cs_worker_read(w, cfg->timeout_s * 3, &line);
	if (r == CS_REQ_INTR) {
		/* nothing was seen from it: not a fault of the worker's */
		snprintf(w->error, sizeof w->error,
			 "'%.150s': the run was interrupted before it said hello", exe);
		cs_worker_kill(w);
		return -1;
	}
	if (r != CS_REQ_OK) {
		snprintf(w->error, sizeof w->error, "'%.150s' did not say hello (%s)", exe,
			 r == CS_REQ_TIMEOUT ? "timed out"
			 : r == CS_REQ_CRASHED
				 ? "exited: wrong architecture, missing library, or not a worker?"
				 : "garbage on its output");
		cs_worker_kill(w);
		return -1;
	}
	static cs_msg_hello fresh; /* large: one at a time */
	if (cs_msg_hello_decode(line, &fresh, why, sizeof why) != 0) {
		if (fresh.protocol != CS_PROTOCOL_VERSION &&
		    strncmp(why, "hello: protocol:", 16) == 0)
			snprintf(w->error, sizeof w->error,
				 "'%.150s' speaks protocol %lld, this "
				 "cryptospeed speaks protocol %d: rebuild one of them",
				 exe, (long long)fresh.protocol, CS_PROTOCOL_VERSION);
		else
			snprintf(w->error, sizeof w->error, "'%.90s' broke the protocol: %.130s",
				 exe, why);
		cs_worker_kill(w);
		return -1;
	}
	/* keep the newest: a restart says the same */
	w->info = fresh;
	w->has_hello = true;
	w->error[0] = '\0';
	return 0;
}

int
cs_worker_start(cs_worker *w, const cs_config *cfg)
{
	int to[2], from[2], err[2];
	char exe[PATH_MAX];
	if (cfg->worker_dir)
		snprintf(exe, sizeof exe, "%s/%s%s", cfg->worker_dir, WORKER_PREFIX, w->file->name);
	else
		snprintf(exe, sizeof exe, "%s", w->file->path);

	if (cs_interrupt_signal) {
		/* a signal ends the run: nothing more is started */
		snprintf(w->error, sizeof w->error, "not started: the run was interrupted");
		return -1;
	}
	char *argv[32];
	size_t argc = 0;
	for (size_t i = 0; cfg->launcher[i] && argc < 20; i++)
		argv[argc++] = cfg->launcher[i];
	argv[argc++] = exe;
	argv[argc++] = "--mask";
	argv[argc++] = w->mask;
	argv[argc] = NULL;

	if (open_pipes(to, from, err) != 0)
		goto fail_errno;
	pid_t parent = getpid();
	pid_t pid = fork();
	if (pid < 0) {
		close_pair(to);
		close_pair(from);
		close_pair(err);
		goto fail_errno;
	}
	if (pid == 0)
		child_exec(w, argv, to[0], from[1], err[1], parent);
	close(to[0]);
	close(from[1]);
	close(err[1]);
	int child_errno = 0;
	ssize_t got = read(err[0], &child_errno, sizeof child_errno);
	close(err[0]);
	if (got == (ssize_t)sizeof child_errno) {
		close(to[1]);
		close(from[0]);
		waitpid(pid, NULL, 0);
		snprintf(w->error, sizeof w->error, "cannot start '%.180s': %s", argv[0],
			 strerror(child_errno));
		return -1;
	}
	w->pid = pid;
	w->to_fd = to[1];
	w->from_fd = from[0];
	w->buf_len = 0;
	w->used = 0;
	w->alive = true;
	w->gen++;
	return await_hello(w, cfg, exe);

fail_errno:
	snprintf(w->error, sizeof w->error, "cannot start '%.180s': %s", argv[0], strerror(errno));
	return -1;
}

/* The worker's whole process group: the worker (or its launcher) and any
   child it left. */
static void
kill_group(pid_t pid)
{
	if (kill(-pid, SIGKILL) != 0)
		kill(pid, SIGKILL); /* no such group: at least the process */
}

void
cs_worker_kill(cs_worker *w)
{
	if (!w->alive)
		return;
	kill_group(w->pid);
	waitpid(w->pid, NULL, 0);
	close(w->to_fd);
	close(w->from_fd);
	w->alive = false;
}

void
cs_worker_quit(cs_worker *w)
{
	if (!w->alive)
		return;
	char *quit = cs_msg_quit_encode();
	if (quit && cs_worker_send(w, quit) != CS_REQ_OK) {
		/* it is gone already; reaped below */
	}
	close(w->to_fd);
	/* give it a moment to exit cleanly (seen, not yet reaped, so its
	   process group id cannot be reused), then end what is left of its
	   group */
	for (int i = 0; i < 100; i++) {
		siginfo_t info = {.si_pid = 0};
		if (waitid(P_PID, (id_t)w->pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
		    info.si_pid == w->pid)
			break;
		struct timespec ts = {0, 10 * 1000 * 1000};
		nanosleep(&ts, NULL);
	}
	kill_group(w->pid);
	waitpid(w->pid, NULL, 0);
	close(w->from_fd);
	w->alive = false;
}

const cs_msg_hello *
cs_worker_hello(const cs_worker *w)
{
	return w->has_hello ? &w->info : NULL;
}

cs_req
cs_worker_read(cs_worker *w, double timeout_s, const char **line)
{
	*line = NULL;
	if (w->used) {
		memmove(w->buf, w->buf + w->used, w->buf_len - w->used);
		w->buf_len -= w->used;
		w->used = 0;
	}
	double deadline = cs_now_s() + timeout_s;
	for (;;) {
		char *nl = memchr(w->buf, '\n', w->buf_len);
		if (nl) {
			*nl = '\0';
			w->used = (size_t)(nl - w->buf) + 1;
			*line = w->buf;
			return CS_REQ_OK;
		}
		if (w->buf_len == sizeof w->buf)
			return CS_REQ_GARBAGE;
		if (cs_interrupt_signal)
			return CS_REQ_INTR;
		double left = deadline - cs_now_s();
		if (left <= 0)
			return CS_REQ_TIMEOUT;
		struct pollfd p = {.fd = w->from_fd, .events = POLLIN};
		int rc = poll(&p, 1, (int)(left * 1000) + 1);
		if (rc < 0 && errno == EINTR)
			continue;
		if (rc <= 0)
			continue;
		ssize_t got = read(w->from_fd, w->buf + w->buf_len, sizeof w->buf - w->buf_len);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			return CS_REQ_CRASHED;
		w->buf_len += (size_t)got;
	}
}

cs_req
cs_worker_request(cs_worker *w, char *req, double timeout_s, const char **line)
{
	*line = NULL;
	cs_req r = cs_worker_send(w, req);
	return r == CS_REQ_OK ? cs_worker_read(w, timeout_s, line) : r;
}

cs_req
cs_worker_send(cs_worker *w, char *text)
{
	if (!text)
		return CS_REQ_GARBAGE;
	size_t len = strlen(text);
	text[len] = '\n';
	size_t off = 0;
	while (off < len + 1) {
		ssize_t n = write(w->to_fd, text + off, len + 1 - off);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			free(text);
			return CS_REQ_CRASHED;
		}
		off += (size_t)n;
	}
	free(text);
	return CS_REQ_OK;
}
