/* The timing lane's hardware counters: instructions:u and cycles:u of the
   worker's own thread, read with perf_event_open around the timed batches
   (docs/counting.md, "The PMU in the timing lane"). */
#ifndef CS_PMU_H
#define CS_PMU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct perf_event_attr;

/* perf_event_open(attr, 0 (this thread), -1 (any CPU), group_fd, 0): the
   file descriptor, or -1 with errno set. Tests pass one that fails. */
typedef int cs_pmu_open_fn(struct perf_event_attr *attr, int group_fd);

/* Where the probe looks (NULL: the system's). */
typedef struct cs_pmu_env {
	cs_pmu_open_fn *open; /* NULL: the perf_event_open system call */
	const char *devices;  /* NULL: "/sys/bus/event_source/devices" */
	const char *paranoid; /* NULL: "/proc/sys/kernel/perf_event_paranoid" */
	bool software;	      /* tests only: the software events task-clock and
				 cpu-clock stand in for instructions and cycles
				 (a machine without a PMU still runs the syscall,
				 the group read and everything downstream) */
} cs_pmu_env;

/* An open group of the two counters. */
typedef struct cs_pmu {
	bool open;	    /* both counters are open */
	int fd_insns;	    /* group leader: instructions:u */
	int fd_cycles;	    /* cycles:u, in the leader's group */
	uint64_t id_insns;  /* the kernel's id of each, to match the group read */
	uint64_t id_cycles; /* (PERF_FORMAT_ID) */
} cs_pmu;

/* One read of the group: running totals since the group was opened. */
typedef struct cs_pmu_reading {
	uint64_t insns;	  /* instructions retired in user space */
	uint64_t cycles;  /* CPU cycles in user space */
	uint64_t enabled; /* ns the group was enabled */
	uint64_t running; /* ns it was on the PMU (< enabled: multiplexed) */
} cs_pmu_reading;

/* Open instructions:u and cycles:u (PERF_TYPE_HARDWARE, exclude_kernel,
   exclude_hv) as one group on the calling thread, counting from now. 0, or
   -1 with why: one line naming the cause, e.g. "no PMU:
   /sys/bus/event_source/devices has no cpu; perf_event_paranoid=2". */
int cs_pmu_open(cs_pmu *p, const cs_pmu_env *env, char *why, size_t n);
/* Read both counters at once (one read of the group). 0, or -1. */
int cs_pmu_read(const cs_pmu *p, cs_pmu_reading *r);
void cs_pmu_close(cs_pmu *p);

/* What happened between readings a and b: instructions and cycles, scaled
   by enabled/running when the kernel multiplexed the group (the estimate
   perf stat prints). False when the group never ran between them. */
bool cs_pmu_delta(const cs_pmu_reading *a, const cs_pmu_reading *b, uint64_t *insns,
		  uint64_t *cycles);

/* The worker's counters, opened by cs_pmu_worker_start. */
/* Open them when CRYPTOSPEED_PMU is "1" (run sets it unless --pmu=off; never
   in a counting worker); CRYPTOSPEED_PMU_FAKE=software with CRYPTOSPEED_TEST_SUITE=1 (the
   test suite only; the fake alone is refused) opens the software stand-ins. Returns 1 open, 0 could not (why says why), -1
   not asked. */
int cs_pmu_worker_start(char *why, size_t n);
/* The worker's current reading; false when its counters are not open. */
bool cs_pmu_worker_read(cs_pmu_reading *r);

#endif
