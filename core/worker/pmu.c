/* The timing lane's hardware counters (pmu.h). */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "pmu.h"

#define DEVICES "/sys/bus/event_source/devices"
#define PARANOID "/proc/sys/kernel/perf_event_paranoid"

static int
sys_open(struct perf_event_attr *attr, int group_fd)
{
	return (int)syscall(SYS_perf_event_open, attr, 0, -1, group_fd, PERF_FLAG_FD_CLOEXEC);
}

/* perf_event_paranoid's value as text, or "unreadable". */
static void
paranoid_text(const char *path, char *buf, size_t n)
{
	FILE *f = fopen(path, "r");
	snprintf(buf, n, "unreadable");
	if (!f)
		return;
	char line[32];
	if (fgets(line, sizeof line, f)) {
		line[strcspn(line, " \n")] = '\0';
		if (line[0])
			snprintf(buf, n, "%s", line);
	}
	fclose(f);
}

/* Whether the devices directory has a core PMU: "cpu" (or a hybrid CPU's
   "cpu_core"/"cpu_atom"). -1 when the directory cannot be read. */
static int
has_cpu_pmu(const char *devices)
{
	DIR *d = opendir(devices);
	if (!d)
		return -1;
	int found = 0;
	struct dirent *e;
	while ((e = readdir(d)) && !found)
		found = strcmp(e->d_name, "cpu") == 0 || strncmp(e->d_name, "cpu_", 4) == 0;
	closedir(d);
	return found;
}

/* why: the cause of a failed perf_event_open (err: its errno). */
static void
explain(const cs_pmu_env *env, int err, char *why, size_t n)
{
	const char *devices = env && env->devices ? env->devices : DEVICES;
	char par[32];
	paranoid_text(env && env->paranoid ? env->paranoid : PARANOID, par, sizeof par);
	int cpu = has_cpu_pmu(devices);
	if (err == ENOSYS)
		snprintf(why, n,
			 "no PMU: perf_event_open is not implemented here (a kernel without "
			 "perf events, or an emulator); perf_event_paranoid=%s",
			 par);
	else if (cpu == 0)
		snprintf(why, n, "no PMU: %s has no cpu; perf_event_paranoid=%s", devices, par);
	else if (err == EACCES || err == EPERM)
		snprintf(why, n,
			 "perf_event_open(instructions:u): %s; perf_event_paranoid=%s (2 or "
			 "less lets a process count its own user space)",
			 strerror(err), par);
	else
		snprintf(why, n,
			 "no PMU: perf_event_open(instructions:u): %s; %s%s; "
			 "perf_event_paranoid=%s",
			 strerror(err), devices, cpu < 0 ? " cannot be read" : " has a cpu", par);
}

static void
attr_init(struct perf_event_attr *a, uint32_t type, uint64_t config, bool leader)
{
	memset(a, 0, sizeof *a);
	a->size = sizeof *a;
	a->type = type;
	a->config = config;
	a->exclude_kernel = 1;
	a->exclude_hv = 1;
	a->read_format = PERF_FORMAT_GROUP | PERF_FORMAT_ID | PERF_FORMAT_TOTAL_TIME_ENABLED |
			 PERF_FORMAT_TOTAL_TIME_RUNNING;
	a->disabled = leader; /* the group starts together (enabled below) */
}

int
cs_pmu_open(cs_pmu *p, const cs_pmu_env *env, char *why, size_t n)
{
	cs_pmu_open_fn *open_fn = env && env->open ? env->open : sys_open;
	struct perf_event_attr a;
	memset(p, 0, sizeof *p);
	p->fd_insns = p->fd_cycles = -1;
	bool sw = env && env->software;
	attr_init(&a, sw ? PERF_TYPE_SOFTWARE : PERF_TYPE_HARDWARE,
		  sw ? PERF_COUNT_SW_TASK_CLOCK : PERF_COUNT_HW_INSTRUCTIONS, true);
	p->fd_insns = open_fn(&a, -1);
	if (p->fd_insns < 0) {
		explain(env, errno, why, n);
		return -1;
	}
	attr_init(&a, sw ? PERF_TYPE_SOFTWARE : PERF_TYPE_HARDWARE,
		  sw ? PERF_COUNT_SW_CPU_CLOCK : PERF_COUNT_HW_CPU_CYCLES, false);
	p->fd_cycles = open_fn(&a, p->fd_insns);
	if (p->fd_cycles < 0) {
		int err = errno;
		snprintf(why, n, "perf_event_open(cycles:u) in the group of instructions:u: %s",
			 strerror(err));
		cs_pmu_close(p);
		return -1;
	}
	if (ioctl(p->fd_insns, PERF_EVENT_IOC_ID, &p->id_insns) != 0 ||
	    ioctl(p->fd_cycles, PERF_EVENT_IOC_ID, &p->id_cycles) != 0 ||
	    ioctl(p->fd_insns, PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP) != 0) {
		snprintf(why, n, "perf_event_open: the counters' ioctl failed: %s",
			 strerror(errno));
		cs_pmu_close(p);
		return -1;
	}
	p->open = true;
	cs_pmu_reading r;
	if (cs_pmu_read(p, &r) != 0) {
		snprintf(why, n, "perf_event_open: the counters cannot be read: %s",
			 strerror(errno));
		cs_pmu_close(p);
		return -1;
	}
	return 0;
}

int
cs_pmu_read(const cs_pmu *p, cs_pmu_reading *r)
{
	/* PERF_FORMAT_GROUP: nr, time_enabled, time_running, {value, id} x nr */
	uint64_t buf[3 + 2 * 2];
	if (!p->open)
		return -1;
	ssize_t got = read(p->fd_insns, buf, sizeof buf);
	if (got < (ssize_t)sizeof buf || buf[0] != 2)
		return -1;
	memset(r, 0, sizeof *r);
	r->enabled = buf[1];
	r->running = buf[2];
	for (int i = 0; i < 2; i++) {
		uint64_t v = buf[3 + 2 * i], id = buf[4 + 2 * i];
		if (id == p->id_insns)
			r->insns = v;
		else if (id == p->id_cycles)
			r->cycles = v;
	}
	return 0;
}

void
cs_pmu_close(cs_pmu *p)
{
	if (p->fd_cycles >= 0)
		close(p->fd_cycles);
	if (p->fd_insns >= 0)
		close(p->fd_insns);
	p->fd_insns = p->fd_cycles = -1;
	p->open = false;
}

bool
cs_pmu_delta(const cs_pmu_reading *a, const cs_pmu_reading *b, uint64_t *insns, uint64_t *cycles)
{
	if (b->running <= a->running || b->enabled < a->enabled || b->insns < a->insns ||
	    b->cycles < a->cycles)
		return false;
	uint64_t di = b->insns - a->insns, dc = b->cycles - a->cycles;
	uint64_t en = b->enabled - a->enabled, run = b->running - a->running;
	if (run < en) {
		double scale = (double)en / (double)run;
		di = (uint64_t)((double)di * scale + 0.5);
		dc = (uint64_t)((double)dc * scale + 0.5);
	}
	*insns = di;
	*cycles = dc;
	return true;
}

static cs_pmu worker_pmu = {.fd_insns = -1, .fd_cycles = -1};

int
cs_pmu_worker_start(char *why, size_t n)
{
	const char *want = getenv("CRYPTOSPEED_PMU");
	const char *counting = getenv("CRYPTOSPEED_COUNTING");
	why[0] = '\0';
	if (!want || strcmp(want, "1") != 0 || (counting && strcmp(counting, "1") == 0))
		return -1;
	const char *fake = getenv("CRYPTOSPEED_PMU_FAKE");
	const char *suite = getenv("CRYPTOSPEED_TEST_SUITE");
	bool sw = fake && strcmp(fake, "software") == 0;
	if (sw && !(suite && strcmp(suite, "1") == 0)) {
		/* never software clocks under the counters' names outside the suite */
		snprintf(why, n,
			 "CRYPTOSPEED_PMU_FAKE=software is for the test suite only "
			 "(with CRYPTOSPEED_TEST_SUITE=1)");
		return 0;
	}
	cs_pmu_env env = {.software = sw};
	return cs_pmu_open(&worker_pmu, &env, why, n) == 0 ? 1 : 0;
}

bool
cs_pmu_worker_read(cs_pmu_reading *r)
{
	return cs_pmu_read(&worker_pmu, r) == 0;
}
