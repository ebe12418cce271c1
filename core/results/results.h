/* The result file: built from a run, written atomically, and loaded back
   into typed structs with every field checked once (docs/results-format.md).
   Reports read only the typed form. */
#ifndef CS_RESULTS_H
#define CS_RESULTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "size.h"
#include "workload.h"

/* jansson's document type, declared only: core/results reads and writes a
   result document (root); a report that writes another format's JSON (BMF,
   Google Benchmark, the rank, compare and history documents) includes
   jansson.h itself (tests/unit/jansson_boundary.sh lists them). */
struct json_t;

/* Limits a loaded file must respect (beyond them it is refused, never cut). */
#define CS_RES_NAME_MAX 128	    /* bytes in a name: lib, path, alg, op, mask, ... */
#define CS_RES_TEXT_MAX 65536	    /* bytes in any other string */
#define CS_RES_DEPTH_MAX 16	    /* nesting of arrays and objects */
#define CS_RES_CELLS_MAX 10000000   /* cells in one file */
#define CS_RES_SAMPLES_MAX 10000000 /* samples in one cell */
#define CS_RES_SIZE_MAX CS_SIZE_MAX /* a cell's input size in bytes */
/* Room for a row label: lib/path[variant]/mask xN from names of CS_RES_NAME_MAX. */
#define CS_RES_LABEL_MAX (4 * CS_RES_NAME_MAX + 32)

/* Quantiles of a rate or a time. */
typedef struct cs_res_quant {
	double median;	     /* > 0 */
	double q1, q3;	     /* 0 when absent */
	double ci_lo, ci_hi; /* the median's 95% interval; 0 when absent */
	bool has_spread;     /* q1, q3 and the interval were in the file */
} cs_res_quant;

/* One instruction class of the hw evidence and its share of in-library samples. */
typedef struct cs_res_class {
	const char *name; /* "aes-ni", "sha-ni", "scalar", ... */
	double share;	  /* in [0, 1] */
} cs_res_class;

/* The hw evidence of a cell (PC samples classified by instruction). */
typedef struct cs_res_evidence {
	bool present;	       /* the cell has an evidence object */
	bool available;	       /* sampling worked */
	const char *reason;    /* why not, or NULL */
	cs_res_class *classes; /* n_classes entries */
	size_t n_classes;
	long long samples;	 /* in-library samples, -1 when absent */
	long long samples_total; /* all samples, 0 when absent */
	const char *objects;	 /* which objects were the library, or NULL */
	long long size;		 /* the input size it was sampled at, -1 when absent */
} cs_res_evidence;

/* A sign cell's signature checked by every other library (interop). */
typedef struct cs_res_interop {
	bool present;		  /* the cell has an interop object */
	const char **verified_by; /* "lib/path" that accepted it (n_verified) */
	size_t n_verified;
	const char **rejected_by; /* "lib/path" that refused it (n_rejected) */
	size_t n_rejected;
	const char **errors; /* "lib/path: what failed" (n_errors) */
	size_t n_errors;
	bool all_verify; /* verified by at least one, refused and failed by none */
} cs_res_interop;

/* One common window of a --multi row: its span and each worker's ops in it. */
typedef struct cs_res_window {
	double ns;	/* the window's length */
	long long *ops; /* operations worker k completed in it (n_ops = the row's N) */
	size_t n_ops;
} cs_res_window;

/* One repetition of a cell (run --repeat R): its own run's median. */
typedef struct cs_res_rep {
	long long seed;	     /* the repetition's shuffle seed */
	const char *status;  /* as a cell's status */
	bool ok;	     /* status is "ok": rate and ns are set */
	double rate;	     /* its median rate (the cell's unit), 0 when not ok */
	double ns;	     /* its median ns per op, 0 when not ok */
	long long n_samples; /* its samples: the next n_samples of the cell's, 0 when none */
	const char *detail;  /* why it was not ok, or NULL */
} cs_res_rep;

/* One instruction class of a counted cell (run --count). */
typedef struct cs_res_icount {
	const char *name; /* "aes-ni", "armv8-sha2", "scalar", ... */
	long long n;	  /* its instructions over the ops counted */
	double per_op;	  /* n / ops */
} cs_res_icount;

/* A counted cell's exact instruction count (run --count, docs/counting.md):
   the difference of two runs of N1 and N2 ops, so only the op is counted. */
typedef struct cs_res_count {
	bool present;		/* the cell has a count object (then it has no rate) */
	long long ops;		/* operations counted, >= 1 */
	long long insns;	/* instructions over them */
	long long mem;		/* memory accesses over them */
	cs_res_icount *classes; /* n_classes entries, by class */
	size_t n_classes;
	double insns_per_op;   /* insns / ops */
	bool per_byte;	       /* a sized op of size > 0: insns_per_byte is set */
	double insns_per_byte; /* insns / ops / size when per_byte, else 0 */
	double mem_per_op;     /* mem / ops */
	bool exact;	       /* both differences equal (else a mean: keygen, sign) */
	long long insns_d1;    /* not exact: the first difference's instructions, else 0 */
	long long insns_d2;    /* not exact: the second's, else 0 */
	long long cycles;      /* MCU boards: estimated core cycles over the ops, else 0 */
	long long stack;       /* MCU boards: most stack bytes a batch of ops used, else 0 */
	long long heap;	       /* MCU boards: most heap bytes a batch of ops held, else 0 */
	const char *profile;   /* the file's counting profile (NULL when none) */
	bool emulated;	       /* counted under an emulator (never a timing) */
} cs_res_count;

/* A counting run's "counting" object: what counted, on what CPU profile. */
typedef struct cs_res_counting {
	bool present;		  /* the file is a counting run (run --count) */
	const char *profile;	  /* --cpu profile: "x86-64", "cortex-a53", ... */
	const char *board;	  /* the boards it stands for, or "" */
	const char *arch;	  /* guest architecture */
	const char *launcher;	  /* the emulator's command line, or "" */
	const char *emulator;	  /* "qemu-aarch64", ... or "" */
	const char *emulated_cpu; /* the emulator's -cpu model, or "" */
	bool emulated;		  /* counted under an emulator */
	const char *instrument;	  /* what counted */
	const char *hwcap_clear;  /* AT_HWCAP bits masked for the worker, or "" */
	const char *hwcap2_clear; /* AT_HWCAP2 bits, or "" */
	const char *blocks;	  /* the per-block counts' sidecar, beside the file, or "" */
	long long n1, n2;	  /* operations of the two counted runs, 0 when absent */
	const char *board_name;	  /* the board counted for ("rpi4"), or "" (none, or an
				     older file: reports then take today's board table's) */
	long long clock_mhz;	  /* that board's clock the estimates use, 0 when none */
	const char *clock_source; /* how the clock is known, or "" */
	const char *table;	  /* the core's cost table as counted ("cortex-a72 1": its
				     core line's name and version), or "" */
} cs_res_counting;

/* The "emulation" object: the workers ran under an emulator (a launcher
   such as qemu-aarch64), timed or counted. Its timings are the emulator's,
   not the CPU's: no report orders them by time. */
typedef struct cs_res_emulation {
	bool present;		  /* the file has an "emulation" object */
	bool emulated;		  /* the workers ran under an emulator */
	const char *launcher;	  /* the launcher's command line */
	const char *emulator;	  /* "qemu-aarch64", ... */
	const char *emulated_cpu; /* its -cpu model, or "default" */
} cs_res_emulation;
/* The outcomes of the Wycheproof test vectors on one impl, in the file's
   order (docs/conformance.md says what each means). */
typedef enum cs_res_ckind {
	CS_RC_PASSED,		   /* as the vector expects */
	CS_RC_INVALID_ACCEPTED,	   /* an invalid case accepted: the serious kind */
	CS_RC_VALID_REFUSED,	   /* a valid case refused */
	CS_RC_WRONG_OUTPUT,	   /* accepted with another output than the vector's */
	CS_RC_ACCEPTABLE_ACCEPTED, /* an "acceptable" case accepted */
	CS_RC_ACCEPTABLE_REFUSED,  /* an "acceptable" case refused */
	CS_RC_NOT_APPLICABLE,	   /* parameters the catalogue's algorithm does not take */
	CS_RC_CRASHED,		   /* the worker crashed or hung on it */
	CS_RC_ERRORS,		   /* the request could not be run */
	CS_RC_COUNT
} cs_res_ckind;

/* One conformance row: library build x path x vector file x algorithm
   (a "conformance" block's rows, or a `conform -o` file's). */
typedef struct cs_res_conform {
	const char *lib;	     /* worker name, as a cell's lib */
	const char *path;	     /* the API path */
	const char *file;	     /* the vector file, e.g. "ed25519_test" */
	const char *alg;	     /* the catalogue's algorithm */
	long long n[CS_RC_COUNT];    /* cases per outcome */
	long long *ids[CS_RC_COUNT]; /* tcIds (n[k] of them) of the kinds that list them
					 (cs_res_ckind_has_ids), else NULL */
} cs_res_conform;

/* One cell: one lib/path/mask measuring (alg, op, size) in one source. */
typedef struct cs_res_cell {
	const char *lib;	 /* "openssl", "openssl@3.0.22" */
	const char *lib_version; /* "" when absent */
	const char *path;	 /* "evp", "lowlevel" */
	const char *mask;	 /* "none" when absent */
	const char *variant;	 /* provider/engine tag or NULL */
	const char *served_by;	 /* or NULL */
	const char *alg;	 /* any name: a newer file may hold algorithms this build lacks */
	const char *kind;	 /* "hash", "aead", "kex"... or "" */
	const char *op;		 /* "digest", "encrypt", ... (any name) */
	const char *status;	 /* ok | wrong | unsupported | crashed | timeout | error */
	const char *detail;	 /* or NULL */
	const char *kat;	 /* or NULL */
	const char *fingerprint; /* or NULL */
	long long size;		 /* input bytes, 0 for fixed-size ops */
	int multi;		 /* N of --multi N, 1 = a single worker */
	bool bytes;		 /* the rate is in B/s (else op/s) */
	bool ok;		 /* status is "ok": rate is set */
	cs_res_quant rate;	 /* B/s or op/s (ok cells) */
	bool has_ns;		 /* ns_per_op below is from the file */
	cs_res_quant ns;	 /* ns per operation */
	double ns_mean;		 /* mean ns per op, 0 when absent */
	double ns_min, ns_max;	 /* fastest and slowest batch, ns per op, 0 when absent */
	long long n_measured;	 /* "n_samples": samples the rate is from (kept with
				    --no-samples), 0 when absent */
	double ci95_rel;	 /* relative CI half-width of the median, -1 when absent */
	long long batch;	 /* operations per timed batch, 0 when absent */
	long long heap_peak;	 /* TLS handshake: peak heap bytes of a connection pair, 0 absent */
	long long heap_idle;	 /* TLS send/recv: heap bytes of an idle pair, 0 absent */
	long long server_heap_peak; /* TLS grid: the server's peak heap per connection, 0 absent */
	long long server_heap_idle; /* TLS grid: the server's heap per open connection, 0 absent */
	long long client_cpu_ns;    /* TLS grid: the client's CPU ns per connection, 0 absent */
	long long server_cpu_ns;    /* TLS grid: the server's CPU ns per connection, 0 absent */
	long long pmu_ops;	    /* run --pmu: timed ops the PMU counters cover, 0 absent */
	double pmu_insns_per_op;    /* instructions:u per op over them (0 with pmu_ops 0) */
	double pmu_cycles_per_op;   /* cycles:u per op over them (0 with pmu_ops 0) */
	double pmu_insns_per_byte;  /* per byte: a sized op of size > 0, else 0 */
	double pmu_cycles_per_byte; /* per byte: a sized op of size > 0, else 0 */
	double *samples;	    /* ns per op per batch (n_samples), NULL for imported cells */
	size_t n_samples;
	double *partial;    /* a cell that ended badly after samples: its samples (n_partial),
			     never summarised into a rate; else NULL */
	size_t n_partial;   /* entries in partial */
	int agree;	    /* -1 not compared, 0 disagrees, 1 agrees */
	cs_res_evidence ev; /* hw evidence */
	cs_res_rep *reps;   /* run --repeat: one per repetition (n_reps), else NULL */
	size_t n_reps;
	bool imported;		/* "source": "imported": no samples, no evidence */
	const char *file;	/* imported: the table's file, else NULL */
	long long line;		/* imported: the table's first line, else 0 */
	long long row_line;	/* imported: the row's own line, 0 when absent */
	size_t source;		/* index into the file's sources */
	cs_res_count count;	/* run --count: the exact count (count.present) */
	cs_res_interop interop; /* sign: the other libraries' verdicts (interop.present) */
	cs_res_window *windows; /* --multi: the common windows (n_windows), else NULL */
	size_t n_windows;
	double *worker_rates; /* --multi: each worker's rate over all windows (n_worker_rates) */
	size_t n_worker_rates;
} cs_res_cell;

/* The CPU as one worker saw it (its hello). */
typedef struct cs_res_cpu {
	bool present;	      /* the library entry has a worker_cpu object */
	const char *arch;     /* "" when absent */
	const char *model;    /* "" when absent */
	const char *features; /* "" when absent */
	const char *source;   /* "" when absent */
	long long cpus;	      /* 0 when absent */
} cs_res_cpu;

/* How the run was configured (its "config" object). */
typedef struct cs_res_config {
	bool present;	   /* the file has a config object */
	const char *clock; /* "CLOCK_MONOTONIC_RAW", or "" */
	double budget_s;   /* cap on timed seconds per cell, 0 when absent */
	bool quick;	   /* run --quick */
	long long *sizes;  /* the sizes asked for (n_sizes) */
	size_t n_sizes;
	long long misalign;	 /* bytes of input misalignment */
	bool evidence;		 /* hw evidence was gathered */
	long long evidence_size; /* at this input size */
	const char **launcher;	 /* the launcher prefix's words (n_launcher) */
	size_t n_launcher;
	long long batch_target_ns;    /* a batch's target length */
	long long warmup_ns;	      /* warm-up before calibration */
	long long min_samples;	      /* samples before the stop rule may stop a cell */
	long long seed;		      /* the shuffle seed (the first repetition's) */
	int multi;		      /* --multi N, 1 = single */
	long long multi_cpus_allowed; /* --multi: CPUs the orchestrator could use, 0 when absent */
	bool multi_shared;	      /* --multi: its workers shared CPUs */
	long long repeat;	      /* run --repeat R, 0 when absent */
	long long *seeds;	      /* each repetition's seed (n_seeds) */
	size_t n_seeds;
	bool samples_kept; /* false with run --no-samples */
} cs_res_config;

/* One library build of a measured file (its "libraries" entry). */
typedef struct cs_res_lib {
	const char *name;    /* worker name */
	const char *version; /* or NULL */
	const char *build;   /* build flags or NULL */
	const char *mask;    /* or NULL */
	const char *variant; /* or NULL */
	const char *error;   /* could not start (error or init_error), or NULL */
	/* as the file says them (encode writes these; error is derived) */
	const char *start_error;  /* "error": the worker could not start, or NULL */
	const char *init_error;	  /* the library could not initialise, or NULL */
	long long pinned_cpu;	  /* the CPU the worker was pinned to, -1 when not */
	const char *worker;	  /* the worker's executable name, or NULL */
	const char *cpu_info;	  /* what the library says of the CPU, or NULL */
	const char *variant_info; /* the variant as the worker describes it, or NULL */
	const char *mask_env;	  /* "NAME=VALUE": the mask's switch, or NULL */
	cs_res_cpu worker_cpu;	  /* the CPU as the worker saw it */
} cs_res_lib;

/* Where a group of cells comes from: the run itself, or one imported table. */
typedef struct cs_res_source {
	const char *label;    /* shown in column headers and legends */
	bool imported;	      /* a table imported from another tool's output */
	const char *file;     /* imported: the input file name */
	long long line;	      /* imported: the table's first line */
	const char *version;  /* imported: the tool/library version line, or NULL */
	const char *options;  /* imported: "options:" line, or NULL */
	const char *cpuinfo;  /* imported: "CPUINFO:" line, or NULL */
	const char *compiler; /* imported: "compiler:" line, or NULL */
	const char *built_on; /* imported: "built on:" line, or NULL */
	const char *machine;  /* imported: what the tables ran on (import --machine), or NULL */
	const char *
		run_options; /* imported: -engine/-provider/-async_jobs options of the run, or NULL */
	const char *table_kind; /* imported: a table family split off its run, or NULL */
	int multi;		/* imported: -multi N, 1 when absent */
	const char *format;	/* imported: "text", "mr" or "progress", or NULL */
	long long n_cells;	/* imported: its cells ("cells"), 0 when absent */
} cs_res_source;

/* A loaded result file. Strings point into the JSON kept in root. */
typedef struct cs_res_file {
	const char *name;	    /* the file name given to the loader */
	struct json_t *root;	    /* the document (owned) */
	struct cs_res_arena *arena; /* the document's memory when loaded from a file, else NULL */
	const char *tool_version;   /* "" when absent */
	const char *label;	    /* run --label, or NULL */
	const char *started;	    /* or "" */
	double elapsed_s;	    /* 0 when absent */
	double evidence_s;	    /* of which gathering hw evidence, -1 when absent */
	bool interrupted;
	const char *hostname, *kernel;				      /* "" when absent */
	const char *cpu_arch, *cpu_model, *cpu_features, *cpu_source; /* "" when absent */
	long long cpus;						      /* 0 when absent */
	double precision;	    /* config.precision, 0.01 when absent */
	cs_res_config config;	    /* the rest of "config" (config.present) */
	const char *import_format;  /* "imported": the tool whose output it is, or NULL */
	const char *import_file;    /* "imported": the input file, or NULL */
	const char *import_note;    /* "imported": what the numbers are, or NULL */
	cs_res_counting counting;   /* run --count: what counted (counting.present) */
	cs_res_emulation emulation; /* run under an emulator (emulation.emulated) */
	cs_res_lib *libs;
	size_t n_libs;
	cs_res_source *sources; /* at least one */
	size_t n_sources;
	char default_label[2 * CS_RES_NAME_MAX + 8]; /* host + CPU model */
	cs_res_cell *cells;
	size_t n_cells;
	bool has_conform;	     /* a "conformance" block (run --conform, report --conform) */
	const char *conform_vectors; /* its "vectors" ("" when absent) */
	cs_res_conform *conform;     /* its rows (n_conform), owned */
	size_t n_conform;
	struct json_t *conform_docs; /* report --conform: the attached files' documents (owned) */
} cs_res_file;

/* Decode a result document (a reference is taken) into out. 0, or -1 with
   "NAME: cells[3].rate.median: missing" in why. */
int cs_results_decode(struct json_t *root, const char *name, cs_res_file *out, char *why, size_t n);
/* The model as a result document (a new reference): what decode reads back
   to an equal model. Every field a cell has is written by the table that
   decode reads (fields.c). */
struct json_t *cs_results_encode(const cs_res_file *f);
/* The same as compact JSON text (malloc'd; NULL when out of memory). */
char *cs_results_encode_text(const cs_res_file *f);
/* Give f a config object (run --repeat, --no-samples add keys to it): its
   defaults when it had none. */
void cs_results_config(cs_res_file *f);
/* The model as the reader gives it back (encode, then decode): out owns its
   data, in may then be freed. Every writer goes through it, so a model the
   reader refuses is never written. 0, or -1 with why (named by name). */
int cs_results_copy(const cs_res_file *in, const char *name, cs_res_file *out, char *why, size_t n);
/* A cs_outfile_writer (common/outfile.h) for a model (arg: a cs_res_file *):
   the result document indented by one, keys in order, a final newline. */
int cs_results_writer(FILE *f, void *model);
/* The json format: one file's document as read (or written), or an array
   of several, indented by one, keys in order, a final newline. 0, or -1
   when it could not be written. */
int cs_results_print_json(FILE *f, const cs_res_file *const *files, size_t n);
/* Two loaded files hold the same document (history's duplicate check). */
bool cs_results_equal(const cs_res_file *a, const cs_res_file *b);
/* Print docs/results-format.md's cell table (between its "cell fields" markers). */
void cs_results_doc(FILE *out);
/* Print the "count" object's table (counting false) or the "counting" object's. */
void cs_results_doc_count(FILE *out, bool counting);
/* Print the table of a "libraries" entry ("library"), of its "worker_cpu"
   or of the "config" object; -1 for another name. */
int cs_results_doc_object(FILE *out, const char *what);
/* Print the "emulation" object's table. */
void cs_results_doc_emulation(FILE *out);
/* Print the "conformance" block's table (rows false) or its rows' table. */
void cs_results_doc_conform(FILE *out, bool rows);
/* Read and decode a file; on failure why names the file and the first bad place. */
int cs_results_load(const char *path, cs_res_file *out, char *why, size_t n);
/* The largest result file the loader reads (bytes): more is refused, so
   `report /dev/zero` ends with a line, not with the memory. */
#define CS_RES_FILE_MAX (256 << 20)

/* Parse and decode a buffer (the fuzz target's entry). */
int cs_results_load_buffer(const char *buf, size_t len, const char *name, cs_res_file *out,
			   char *why, size_t n);
void cs_results_free(cs_res_file *f);

/* ---- conform.c: the "conformance" block (docs/results-format.md) ---- */
/* The key of an outcome ("invalid_accepted"); its id list is KEY_ids. */
const char *cs_res_ckind_key(cs_res_ckind k);
/* Whether the kind lists its tcIds (not passed, acceptable_accepted, not_applicable). */
bool cs_res_ckind_has_ids(cs_res_ckind k);
/* Decode a conformance object ({"vectors", "rows": [...]}, where names it in
   messages) and append its rows to f; 0, or -1 with the first bad place in
   why. Every count has as many tcIds as it says, a tcId one outcome, a row
   (lib, path, file, alg) one entry. block NULL: nothing (0). */
int cs_res_conform_decode(struct json_t *block, const char *where, cs_res_file *f, char *why,
			  size_t n);
/* The block as written in a result file (a new reference), NULL when f has none. */
struct json_t *cs_res_conform_encode(const cs_res_file *f);
/* Read a `cryptospeed conform -o` file (schema cryptospeed-conform/1) and
   append its rows to f (report --conform); its JSON is kept in f until
   cs_results_free. 0, or -1 naming the file and the first bad place. */
int cs_res_conform_attach(const char *path, cs_res_file *f, char *why, size_t n);
/* Free the rows (cs_results_free calls it). */
void cs_res_conform_free(cs_res_file *f);

/* Row label: lib/path[variant][/mask][ xN]. Fits in CS_RES_LABEL_MAX. */
void cs_res_row_label(const cs_res_cell *c, char *buf, size_t n);
/* A cell's identity among the cells of another run or repetition: its row
   label, alg, op and size (what compare, history and run --repeat match on).
   Returns the key's length as snprintf does. */
int cs_res_cell_key(const cs_res_cell *c, char *key, size_t n);
/* "[2] lib/path alg op size" (the prefix only when n_files > 1); a cell of
   a file f of several sources (import tables) gets its table: "[t2] ...",
   "[2.t2] ...", so every table's names are its own. */
void cs_res_cell_name(const cs_res_file *f, const cs_res_cell *c, size_t file, size_t n_files,
		      char *name, size_t n);

#endif
