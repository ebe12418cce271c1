/* Orchestrator side: workers, the plan of cells, the interleaved run, results. */
#ifndef CS_RUN_H
#define CS_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "cpu.h"
#include "protocol.h"
#include "results.h"
#include "stats.h"
#include "workload.h"

#define CS_MAX_LIST 32
/* The most workers one --multi row runs at once. */
#define CS_MAX_MULTI 64

/* A comma-separated option, split (the items point into buf). */
typedef struct cs_list {
	size_t n;
	char *item[CS_MAX_LIST];
	char buf[1024];
} cs_list;

/* A worker variant: the same library started with extra environment, shown
   as its own rows "lib/path[tag]" (an OpenSSL provider or engine). */
typedef struct cs_variant {
	char lib[32];	  /* applies to workers of this library (any @version) */
	char tag[96];	  /* "default", "engine=afalg" */
	char env[4][320]; /* "NAME=VALUE" */
	int n_env;
} cs_variant;

/* run --pmu: the timing lane's hardware counters (docs/counting.md). */
enum cs_pmu_mode {
	CS_PMU_AUTO, /* when every worker could open them (the default) */
	CS_PMU_OFF,  /* never */
	CS_PMU_ON    /* required: exit 2 before measuring when a worker cannot */
};

typedef struct cs_config {
	cs_list libs, paths, algs, ops, masks;
	size_t sizes[CS_MAX_LIST];
	size_t n_sizes;
	bool sizes_given; /* --sizes was given (else TLS records: cs_tls_record_sizes) */
	double precision; /* target relative CI half-width of the median */
	double budget_s;  /* cap on timed seconds per cell */
	bool quick;
	const char *out;    /* -o FILE (JSON) or NULL */
	const char *format; /* text | json | csv | openssl */
	const char *label;  /* run --label: names this run in reports, or NULL (host + CPU) */
	size_t misalign;
	double timeout_s; /* per request */
	bool tls_grid;	  /* run --tls-grid: the TLS client x server grid too */
	bool evidence;
	size_t evidence_size;
	char *launcher[16]; /* argv prefix, NULL-terminated (words point into launcher_buf) */
	char launcher_buf[1024];
	const char *worker_dir; /* where workers are on the target */
	int multi;		/* --multi N (1 = single) */
	cs_variant variants[CS_MAX_LIST];
	size_t n_variants;
	unsigned seed;
	const struct cs_count_profile *count; /* run --count: the CPU profile (NULL: timed) */
	const struct cs_board *board;	      /* run --count: the board counted for (NULL: none) */
	int pmu;			      /* run --pmu: an enum cs_pmu_mode */
	int repeat;	       /* --repeat R: the progress line counts all R repetitions */
	int repetition;	       /* the one measuring now, 0..repeat-1 */
	double progress_start; /* when the first began (CLOCK_MONOTONIC s), 0 = not yet */
	/* derived */
	uint64_t target_ns, warmup_ns;
	size_t min_samples, visit;
} cs_config;

/* A worker executable found on disk. */
typedef struct cs_worker_file {
	char name[64];	 /* "openssl", "openssl@3.0.22", "noop" */
	char path[4096]; /* local path */
} cs_worker_file;

typedef enum cs_req {
	CS_REQ_OK,
	CS_REQ_CRASHED,
	CS_REQ_TIMEOUT,
	CS_REQ_GARBAGE,
	CS_REQ_INTR
} cs_req;

/* One running worker process (a library build under one mask, one CPU). */
typedef struct cs_worker {
	const cs_worker_file *file;
	char mask[16];
	char env_name[64], env_value[256]; /* the mask's switch */
	const cs_variant *variant;	   /* NULL = plain */
	int cpu;			   /* pinned CPU or -1 */
	pid_t pid;
	int to_fd, from_fd;
	char buf[1 << 16];
	size_t buf_len;
	size_t used;	   /* bytes of the line last read (dropped at the next read) */
	cs_msg_hello info; /* its latest hello, decoded (valid when has_hello) */
	bool has_hello;	   /* it said one (else info is empty); read cs_worker_hello() */
	unsigned gen;	   /* incremented at every (re)start */
	int restarts;
	bool alive;
	int active;	 /* cells prepared in it now (the window) */
	char error[256]; /* why it could not start */
} cs_worker;

/* One cell of the matrix as the orchestrator sees it. */
typedef struct cs_rcell {
	cs_worker *w;	/* = ws[0] */
	cs_worker **ws; /* the workers sampled together: 1, or --multi N */
	unsigned *gens; /* per worker: generation it was prepared in (0 = not) */
	int n_ws;
	int multi; /* 0 = a single-worker row, else N of --multi N */
	char path[32];
	const cs_alg *alg;
	cs_op op;
	size_t size;
	int64_t id;
	bool active;	    /* admitted to the window */
	bool evidence_here; /* the row's cell that gathers hw evidence */
	char status[16]; /* "" while measuring, then ok/wrong/unsupported/crashed/timeout/error */
	char detail[256];
	char kat[16];
	char served_by[256]; /* what the worker says served it (e.g. provider=default) */
	char fingerprint[17];
	uint64_t batch;
	int64_t heap_peak, heap_idle; /* TLS: heap bytes per connection pair, 0 none */
	/* the TLS grid (tls_pair.c): the server's heap per connection, each side's
	   CPU ns per connection (heap_peak, heap_idle: the client's) */
	int64_t server_heap_peak, server_heap_idle, client_cpu_ns, server_cpu_ns;
	double *ns; /* ns per op, one per batch */
	size_t n, cap;
	double timed_ns; /* sum of timed batch ns */
	int visits;	 /* sample requests so far (bounded: MAX_VISITS in runner.c) */
	/* --multi: one common window per visit (each is one sample) */
	double *win_ns;	   /* window i: its length, ns */
	uint64_t *win_ops; /* ops worker k completed in window i: win_ops[i * n_ws + k] */
	size_t n_win, cap_win;
	bool done;
	int agree;	     /* -1 not compared, 0, 1 */
	cs_msg_ev *evidence; /* the row's evidence (owned copy), NULL when none */
	size_t ev_size;	     /* the input size the row's evidence was sampled at */
	char *signature;     /* sign: hex of one signature the worker made (owned), for interop */
	cs_res_interop *interop;     /* sign: the other libraries' verdicts (owned: its arrays
				    and strings too), NULL when not checked */
	struct cs_count_cell *count; /* run --count: the cell's count (owned), NULL when none */
	uint64_t pmu_ops, pmu_insns, pmu_cycles; /* PMU: sums over the timed batches, 0 none */
	cs_summary sum;
} cs_rcell;

typedef struct cs_run {
	cs_config *cfg;
	cs_worker **workers;
	size_t n_workers;
	cs_rcell *cells;
	size_t n_cells;
	double t0;	   /* when cs_run_start began (CLOCK_MONOTONIC s) */
	double elapsed_s;  /* this run's wall time: from t0 to its end (the grid's too) */
	double evidence_s; /* of which spent gathering hw evidence */
	char started[32];
	bool interrupted;
	int signal;
	int cpus_allowed;	   /* CPUs this process may use (sched_getaffinity) */
	int cpu_ids[CS_MAX_MULTI]; /* the first of them: --multi pins worker k to cpu_ids[k] */
	bool multi_shared;	   /* --multi N > cpus_allowed: its workers share CPUs, unpinned */
} cs_run;

/* ---- spawn.c ---- */
/* The directory holding this program (from /proc/self/exe) into buf; false,
   buf empty, when it is unknown. */
bool cs_self_dir(char *buf, size_t n);
/* An installed cryptospeed's data: ../share/cryptospeed/<what> beside this
   program's bin/ into buf when that is a directory, else fallback (the
   source tree's copy this build was made from). */
const char *cs_share_dir(const char *what, const char *fallback, char *buf, size_t n);
/* Workers in CRYPTOSPEED_WORKER_PATH, then in ../libexec/cryptospeed from
   this executable's directory (installed), then beside it (the build tree). */
size_t cs_find_workers(cs_worker_file *out, size_t max);
/* The workers in one directory (run --count for another architecture). */
size_t cs_find_workers_in(const char *dir, cs_worker_file *out, size_t max);
/* Start the worker and read its hello (decoded and checked, protocol version
   included). -1 with w->error set when it cannot start or its hello is
   refused. */
int cs_worker_start(cs_worker *w, const cs_config *cfg);
/* The worker's decoded hello, NULL when it never said one. */
const cs_msg_hello *cs_worker_hello(const cs_worker *w);
void cs_worker_kill(cs_worker *w);
void cs_worker_quit(cs_worker *w);
/* Send an encoded request line (consumed; NULL = out of memory), then wait
   for one reply line within timeout_s: *line points into the worker's buffer,
   valid until its next read. */
cs_req cs_worker_request(cs_worker *w, char *req, double timeout_s, const char **line);
/* Send an encoded request line (consumed) without waiting. */
cs_req cs_worker_send(cs_worker *w, char *req);
/* Read one line (CS_REQ_GARBAGE when none fits the buffer). */
cs_req cs_worker_read(cs_worker *w, double timeout_s, const char **line);
extern volatile int cs_interrupt_signal;

/* ---- options.c ---- */
/* Split "a,b,c" into list. 0; -1 when too many items or too long; -2 when an item
   is empty ("a,,b", "a,", ""). */
int cs_list_split(const char *s, cs_list *out);
bool cs_list_has(const cs_list *l, const char *s);

/* ---- runner.c ---- */
/* Start a worker per library and mask, and plan the cells from their hellos. */
int cs_run_start(cs_run *run, const cs_worker_file *files, size_t n_files);
/* Measure every planned cell. Returns how many cells disagree with the others, or -1. */
int cs_run_measure(cs_run *run);
void cs_run_stop_workers(cs_run *run);
void cs_run_free(cs_run *run);

/* ---- interop.c ---- */
/* Each sign cell's signature verified by every other library's worker (still
   running) that has the algorithm; fills cell->interop. Returns how many
   signatures another library refused. */
int cs_interop_check(cs_run *run);
/* Free a cell's interop (its lists and strings too); NULL is fine. */
void cs_interop_free(cs_res_interop *x);

/* ---- record.c ---- */
/* A finished run as the result model (docs/results-format.md). */
typedef struct cs_record {
	cs_res_file file;			/* the model: strings and samples point into the run
			     and into this record (valid while both live) */
	char host[256], kernel[256];		/* the host, as file points to them */
	cs_cpu cpu;				/* the host's CPU */
	char (*mask_env)[400];			/* per library: "NAME=VALUE" */
	char count_launcher[1024];		/* run --count: the launcher as one line */
	char hwcap_clear[32], hwcap2_clear[32]; /* run --count: the masked bits */
	char count_blocks[300];			/* run --count -o FILE: "FILE.blocks", else "" */
	char count_table[96];			/* run --count: the core's cost table, or "" */
	char emu_launcher[1024];		/* under an emulator: the launcher as one line */
	char emu_cpu[64];			/* under an emulator: its -cpu model */
} cs_record;
/* Build the model of run into rec (cs_record_free releases it). 0, or -1
   when out of memory. */
int cs_record_build(const cs_run *run, cs_record *rec);
void cs_record_free(cs_record *rec);
/* The run as a model that owns its data, checked by the reader every
   subcommand uses (the writer never emits what the reader refuses). 0, or
   -1 with why. */
int cs_record_run(const cs_run *run, cs_res_file *out, char *why, size_t n);

#endif
