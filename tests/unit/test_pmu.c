/*
 * The timing lane's PMU (core/worker/pmu.c) without a PMU: the probe's
 * reason when perf_event_open fails (an injected open function, a devices
 * directory and a perf_event_paranoid file made here), the delta and its
 * multiplexing scale, the group read on the software stand-ins, and the
 * result file's pmu fields: read back equal, refused when inconsistent.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "pmu.h"
#include "results.h"

static int open_errno;	/* what the failing open sets */
static int opens;	/* calls so far */
static int fail_at = 1; /* the call that fails (1: the leader) */

static int
failing_open(struct perf_event_attr *attr, int group_fd)
{
	(void)attr;
	(void)group_fd;
	if (++opens == fail_at) {
		errno = open_errno;
		return -1;
	}
	return open("/dev/null", O_RDONLY | O_CLOEXEC);
}

static char dir[64];

/* A devices directory holding the given entries, a paranoid file with value
   (NULL: none); their paths in env. */
static void
make_env(cs_pmu_env *env, const char *const *entries, const char *value, char *devices,
	 char *paranoid, size_t n)
{
	char cmd[512];
	snprintf(cmd, sizeof cmd, "rm -rf %s/dev %s/paranoid", dir, dir);
	CHECK(system(cmd) == 0);
	snprintf(devices, n, "%s/dev", dir);
	snprintf(paranoid, n, "%s/paranoid", dir);
	CHECK(mkdir(devices, 0700) == 0);
	for (const char *const *e = entries; *e; e++) {
		char p[256];
		snprintf(p, sizeof p, "%s/%s", devices, *e);
		CHECK(mkdir(p, 0700) == 0);
	}
	if (value) {
		FILE *f = fopen(paranoid, "w");
		CHECK(f != NULL);
		if (f) {
			fprintf(f, "%s\n", value);
			fclose(f);
		}
	}
	*env = (cs_pmu_env){.open = failing_open, .devices = devices, .paranoid = paranoid};
}

static void
expect_why(const char *const *entries, const char *paranoid_value, int err, int at,
	   const char *want_prefix, const char *want_also)
{
	char devices[128], paranoid[128], why[512] = "", want[512];
	cs_pmu_env env;
	cs_pmu p;
	make_env(&env, entries, paranoid_value, devices, paranoid, sizeof devices);
	open_errno = err;
	opens = 0;
	fail_at = at;
	snprintf(want, sizeof want, want_prefix, devices);
	int rc = cs_pmu_open(&p, &env, why, sizeof why);
	CHECK(rc == -1 && !p.open && p.fd_insns == -1 && p.fd_cycles == -1);
	CHECK(strncmp(why, want, strlen(want)) == 0);
	CHECK(strchr(why, '\n') == NULL); /* one line */
	if (want_also)
		CHECK(strstr(why, want_also) != NULL);
	if (strncmp(why, want, strlen(want)) != 0 || (want_also && !strstr(why, want_also)))
		printf("  want '%s' ... '%s'\n  got  '%s'\n", want, want_also ? want_also : "",
		       why);
}

static void
reasons(void)
{
	static const char *const no_cpu[] = {"breakpoint", "software", "tracepoint", NULL};
	static const char *const cpu[] = {"cpu", "software", NULL};
	static const char *const hybrid[] = {"cpu_core", "cpu_atom", NULL};
	/* this VM: no core PMU among the event sources */
	expect_why(no_cpu, "2", ENOENT, 1, "no PMU: %s has no cpu; perf_event_paranoid=2", NULL);
	/* no cpu says it first, whatever the error */
	expect_why(no_cpu, "3", EACCES, 1, "no PMU: %s has no cpu; perf_event_paranoid=3", NULL);
	/* a PMU, but not for this user */
	expect_why(cpu, "4", EACCES, 1, "perf_event_open(instructions:u): Permission denied",
		   "perf_event_paranoid=4 (2 or less");
	expect_why(hybrid, "2", EPERM, 1, "perf_event_open(instructions:u): Operation not",
		   "perf_event_paranoid=2");
	/* no paranoid file */
	expect_why(no_cpu, NULL, ENOENT, 1, "no PMU: %s has no cpu; perf_event_paranoid=unreadable",
		   NULL);
	/* an emulator or a kernel without perf events */
	expect_why(cpu, "1", ENOSYS, 1, "no PMU: perf_event_open is not implemented here",
		   "perf_event_paranoid=1");
	/* a core PMU that refuses the event */
	expect_why(cpu, "1", ENOENT, 1, "no PMU: perf_event_open(instructions:u): No such file",
		   "has a cpu; perf_event_paranoid=1");
	/* the leader opened, cycles did not: both closed, cycles named */
	expect_why(cpu, "1", EINVAL, 2, "perf_event_open(cycles:u) in the group of instructions:u",
		   "Invalid argument");
}

static void
deltas(void)
{
	cs_pmu_reading a = {.insns = 1000, .cycles = 500, .enabled = 100, .running = 100};
	cs_pmu_reading b = {.insns = 9000, .cycles = 4500, .enabled = 300, .running = 300};
	uint64_t i = 0, c = 0;
	/* on the PMU the whole time: the plain differences */
	CHECK(cs_pmu_delta(&a, &b, &i, &c) && i == 8000 && c == 4000);
	/* multiplexed: on it half of the 200 ns between, so twice the counts */
	b.running = 200;
	CHECK(cs_pmu_delta(&a, &b, &i, &c) && i == 16000 && c == 8000);
	/* never on it between the two: no value */
	b.running = 100;
	CHECK(!cs_pmu_delta(&a, &b, &i, &c));
	/* a counter that went back (another group, a reset): no value */
	b = (cs_pmu_reading){.insns = 999, .cycles = 4500, .enabled = 300, .running = 300};
	CHECK(!cs_pmu_delta(&a, &b, &i, &c));
}

/* The real syscall and group read, with the software events standing in
   (every Linux has them; a sandbox that refuses perf_event_open skips). */
static void
software_group(void)
{
	cs_pmu p;
	char why[512];
	cs_pmu_env env = {.software = true};
	if (cs_pmu_open(&p, &env, why, sizeof why) != 0) {
		printf("  (software stand-in not available here: %s)\n", why);
		return;
	}
	cs_pmu_reading a, b;
	CHECK(cs_pmu_read(&p, &a) == 0);
	volatile uint64_t x = 0;
	for (int k = 0; k < 5000000; k++)
		x += (uint64_t)k;
	CHECK(cs_pmu_read(&p, &b) == 0);
	uint64_t i = 0, c = 0;
	CHECK(cs_pmu_delta(&a, &b, &i, &c) && i > 0 && c > 0);
	CHECK(b.enabled >= a.enabled && b.running > a.running);
	cs_pmu_close(&p);
	CHECK(!p.open && cs_pmu_read(&p, &a) == -1);
}

#define CELL                                                                                       \
	"{\"schema\": \"cryptospeed/1\", \"cells\": [{\"lib\": \"a\", \"path\": \"p\", \"alg\": "  \
	"\"%s\", \"op\": \"%s\", \"size\": %d, \"status\": \"%s\", %s%s}]}"
#define RATE_B "\"rate\": {\"median\": 1e9, \"unit\": \"B/s\"}, "
#define RATE_OP "\"rate\": {\"median\": 1e4, \"unit\": \"op/s\"}, "

static void
fields(void)
{
	char doc[1024], why[512];
	cs_res_file f, g;
	snprintf(doc, sizeof doc, CELL, "sha256", "digest", 64, "ok", RATE_B,
		 "\"pmu_ops\": 3000, \"pmu_instructions_per_op\": 640.5, \"pmu_cycles_per_op\": "
		 "320.25, \"pmu_instructions_per_byte\": 10.0078125, \"pmu_cycles_per_byte\": "
		 "5.00390625");
	int rc = cs_results_load_buffer(doc, strlen(doc), "r", &f, why, sizeof why);
	CHECK(rc == 0);
	if (rc != 0) {
		printf("  refused: %s\n", why);
		return;
	}
	const cs_res_cell *c = &f.cells[0];
	CHECK(c->pmu_ops == 3000 && c->pmu_insns_per_op == 640.5 &&
	      c->pmu_cycles_per_op == 320.25 && c->pmu_insns_per_byte == 10.0078125 &&
	      c->pmu_cycles_per_byte == 5.00390625);
	/* written back and read again: the same document */
	char *one = cs_results_encode_text(&f);
	CHECK(one && strstr(one, "\"pmu_instructions_per_op\""));
	CHECK(one && cs_results_load_buffer(one, strlen(one), "again", &g, why, sizeof why) == 0);
	char *two = one ? cs_results_encode_text(&g) : NULL;
	CHECK(two && strcmp(one, two) == 0);
	if (one)
		cs_results_free(&g);
	free(one);
	free(two);
	cs_results_free(&f);

	/* a cell without them writes none */
	snprintf(doc, sizeof doc, CELL, "sha256", "digest", 64, "ok", RATE_B, "\"batch\": 1");
	CHECK(cs_results_load_buffer(doc, strlen(doc), "r", &f, why, sizeof why) == 0);
	one = cs_results_encode_text(&f);
	CHECK(one && !strstr(one, "pmu_"));
	free(one);
	cs_results_free(&f);

	static const struct {
		const char *alg, *op;
		int size;
		const char *status, *rate, *pmu, *want;
	} bad[] = {
		{"sha256", "digest", 64, "error", "",
		 "\"pmu_ops\": 5, \"pmu_instructions_per_op\": 1, \"pmu_cycles_per_op\": 1, "
		 "\"pmu_instructions_per_byte\": 0.015625, \"pmu_cycles_per_byte\": 0.015625",
		 "r: cells[0].pmu_ops: present on a cell that was not timed ok"},
		{"sha256", "digest", 64, "ok", RATE_B,
		 "\"pmu_ops\": 5, \"pmu_instructions_per_op\": 64, \"pmu_cycles_per_op\": 64, "
		 "\"pmu_instructions_per_byte\": 1.5, \"pmu_cycles_per_byte\": 1",
		 "r: cells[0].pmu_instructions_per_byte: 1.5, but per op / size is 1"},
		{"sha256", "digest", 64, "ok", RATE_B,
		 "\"pmu_ops\": 5, \"pmu_instructions_per_op\": 64, \"pmu_cycles_per_op\": 64",
		 "r: cells[0].pmu_instructions_per_byte: 0, but per op / size is 1"},
		{"sha256", "digest", 64, "ok", RATE_B, "\"pmu_instructions_per_op\": 64",
		 "r: cells[0].pmu_ops: missing"},
		{"sha256", "digest", 64, "ok", RATE_B,
		 "\"pmu_ops\": 5, \"pmu_instructions_per_op\": 64",
		 "r: cells[0].pmu_cycles_per_op: missing"},
		{"x25519", "derive", 0, "ok", RATE_OP,
		 "\"pmu_ops\": 5, \"pmu_instructions_per_op\": 64, \"pmu_cycles_per_op\": 64, "
		 "\"pmu_cycles_per_byte\": 2",
		 "r: cells[0].pmu_cycles_per_byte: present on an op without bytes"},
		{"sha256", "digest", 64, "ok", RATE_B, "\"pmu_ops\": -1",
		 "r: cells[0].pmu_ops: -1 is out of range"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		snprintf(doc, sizeof doc, CELL, bad[i].alg, bad[i].op, bad[i].size, bad[i].status,
			 bad[i].rate, bad[i].pmu);
		rc = cs_results_load_buffer(doc, strlen(doc), "r", &f, why, sizeof why);
		bool match = rc != 0 && strncmp(why, bad[i].want, strlen(bad[i].want)) == 0;
		CHECK(match);
		if (rc == 0)
			cs_results_free(&f);
		if (!match)
			printf("  want '%s'\n  got  '%s'\n", bad[i].want, rc ? why : "(accepted)");
	}
}

int
main(void)
{
	snprintf(dir, sizeof dir, "/tmp/cs-pmu.XXXXXX");
	CHECK(mkdtemp(dir) != NULL);
	reasons();
	deltas();
	software_group();
	fields();
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	CHECK(system(cmd) == 0);
	return check_done("test_pmu");
}
