/* A cell's keys: one table for the decoder, the encoder and the doc. */
#include <stdio.h>
#include <string.h>

#include "fields.h"
#include "results.h"

#define STR(k, t, req, d, dt, dr, doc)                                                             \
	{                                                                                          \
#k, t, offsetof(cs_res_cell, k), req, d, 0, 0, 0, dt, dr, doc, false               \
	}
#define STRA(k, t, req, d, dt, dr, doc)                                                            \
	{                                                                                          \
#k, t, offsetof(cs_res_cell, k), req, d, 0, 0, 0, dt, dr, doc, true                \
	}
#define INT(k, key, t, req, lo, hi, d, dt, dr, doc)                                                \
	{                                                                                          \
		key, t, offsetof(cs_res_cell, k), req, NULL, lo, hi, d, dt, dr, doc, false         \
	}
#define DOC(key, dt, dr, doc)                                                                      \
	{                                                                                          \
		key, CS_RES_F_DOC, 0, false, NULL, 0, 0, 0, dt, dr, doc, false                     \
	}

const cs_res_field cs_res_cell_fields[] = {
	STR(lib, CS_RES_F_NAME, true, NULL, "string", "yes",
	    "the library (worker name, `@version`)"),
	STRA(lib_version, CS_RES_F_TEXT, false, "", "string", "no", "the library's version line"),
	STR(path, CS_RES_F_NAME, true, NULL, "string", "yes",
	    "the API path (`evp`, `lowlevel`, ...)"),
	STRA(mask, CS_RES_F_NAME, false, "none", "string", "no (`\"none\"`)",
	     "the CPU-feature mask of the worker"),
	STR(variant, CS_RES_F_NAME, false, NULL, "string", "no", "provider or engine tag"),
	STR(served_by, CS_RES_F_TEXT, false, NULL, "string", "no", "what served the cell"),
	STR(alg, CS_RES_F_NAME, true, NULL, "string", "yes", "the algorithm"),
	STRA(kind, CS_RES_F_NAME, false, "", "string", "no", "`hash`, `aead`, `kex`, ..."),
	STR(op, CS_RES_F_NAME, true, NULL, "string", "yes", "the operation"),
	INT(size, "size", CS_RES_F_INT, true, 0, CS_RES_SIZE_MAX, 0, "integer", "yes",
	    "input bytes (0 for fixed-size operations)"),
	STR(status, CS_RES_F_NAME, true, NULL, "string", "yes",
	    "`ok`, `wrong`, `unsupported`, `crashed`, `timeout`, `error`"),
	STR(detail, CS_RES_F_TEXT, false, NULL, "string", "no", "why a cell is not ok"),
	STR(kat, CS_RES_F_NAME, false, NULL, "string", "no", "known-answer result"),
	STR(fingerprint, CS_RES_F_NAME, false, NULL, "string", "no",
	    "FNV-1a 64 of one operation's output (agreement)"),
	INT(multi, "multi", CS_RES_F_SMALL, false, 1, 4096, 1, "integer 1..4096", "no (1)",
	    "`--multi N`"),
	INT(ci95_rel, "ci95_rel", CS_RES_F_NUM, false, 0, 1000000000, -1, "number ≥ 0", "no",
	    "relative half-width of the median's 95% interval"),
	INT(batch, "batch", CS_RES_F_INT, false, 1, 1LL << 50, 0, "integer ≥ 1", "no",
	    "operations per timed batch"),
	INT(row_line, "row_line", CS_RES_F_INT, false, 0, 1LL << 40, 0, "integer ≥ 1", "no",
	    "imported: the row's own line"),
	INT(n_measured, "n_samples", CS_RES_F_INT, false, 0, CS_RES_SAMPLES_MAX, 0, "integer ≥ 0",
	    "no", "samples the rate is from (kept by `--no-samples`)"),
	INT(heap_peak, "heap_peak", CS_RES_F_INT, false, 0, 1LL << 50, 0, "integer ≥ 0", "no",
	    "TLS `handshake`: the most heap bytes one client + server connection pair held "
	    "during a handshake (docs/handshake.md); the TLS grid (path `tls>SERVER`): the "
	    "client's, during one connection"),
	INT(heap_idle, "heap_idle", CS_RES_F_INT, false, 0, 1LL << 50, 0, "integer ≥ 0", "no",
	    "TLS `send`, `recv`: heap bytes an open, idle client + server pair holds after its "
	    "handshake; the TLS grid: the client's, per open connection"),
	INT(server_heap_peak, "server_heap_peak", CS_RES_F_INT, false, 0, 1LL << 50, 0,
	    "integer ≥ 0", "no",
	    "the TLS grid (path `tls>SERVER`): the most heap bytes the server held during one "
	    "connection (`heap_peak`: the client's)"),
	INT(server_heap_idle, "server_heap_idle", CS_RES_F_INT, false, 0, 1LL << 50, 0,
	    "integer ≥ 0", "no",
	    "the TLS grid: heap bytes the server holds per open connection after its handshake"),
	INT(client_cpu_ns, "client_cpu_ns", CS_RES_F_INT, false, 0, 1LL << 50, 0, "integer ≥ 0",
	    "no", "the TLS grid: the client process's CPU ns per connection"),
	INT(server_cpu_ns, "server_cpu_ns", CS_RES_F_INT, false, 0, 1LL << 50, 0, "integer ≥ 0",
	    "no", "the TLS grid: the server process's CPU ns per connection"),
	INT(pmu_ops, "pmu_ops", CS_RES_F_INT, false, 0, 1LL << 62, 0, "integer ≥ 1",
	    "no, only when `ok`",
	    "`run --pmu`: the timed operations the timing lane's own PMU counters "
	    "(perf_event_open, user space) cover: every timed batch (docs/counting.md)"),
	INT(pmu_insns_per_op, "pmu_instructions_per_op", CS_RES_F_NUM, false, 0, 1LL << 50, 0,
	    "number > 0", "with `pmu_ops`", "instructions:u per operation, the mean over them"),
	INT(pmu_cycles_per_op, "pmu_cycles_per_op", CS_RES_F_NUM, false, 0, 1LL << 50, 0,
	    "number > 0", "with `pmu_ops`", "cycles:u per operation, the mean over them"),
	INT(pmu_insns_per_byte, "pmu_instructions_per_byte", CS_RES_F_NUM, false, 0, 1LL << 50, 0,
	    "number > 0", "with `pmu_ops`, for a sized op of size > 0",
	    "`pmu_instructions_per_op / size` (checked)"),
	INT(pmu_cycles_per_byte, "pmu_cycles_per_byte", CS_RES_F_NUM, false, 0, 1LL << 50, 0,
	    "number > 0", "with `pmu_ops`, for a sized op of size > 0",
	    "`pmu_cycles_per_op / size` (checked)"),
	DOC("rate", "object", "when `ok` and not counted, never otherwise",
	    "`median` > 0, `unit` `\"B/s\"` for a sized op of size > 0, else `\"op/s\"`; `q1`, "
	    "`q3` together; `ci95` `[low, high]`"),
	DOC("ns_per_op", "object", "no, never when not `ok`",
	    "as `rate` (no unit) plus `min`, `max`, `mean`"),
	DOC("multi_windows", "array of objects", "no",
	    "`--multi N`: each common window, `ns` (its length) and `ops` (N integers: each "
	    "worker's operations in it)"),
	DOC("multi_worker_rates", "array of numbers", "no",
	    "`--multi N`: each worker's rate over all windows"),
	DOC("interop", "object", "no",
	    "a sign cell's signature checked by the other libraries: `verified_by`, "
	    "`rejected_by`, `errors` (arrays of strings), `all_verify` (boolean)"),
	DOC("samples", "array of numbers > 0", "only when `ok`",
	    "ns per operation, one per batch (not for imported cells)"),
	DOC("partial", "object", "never when `ok`",
	    "a cell that ended badly (`crashed`, `timeout`, ...) after its first samples: "
	    "`n_samples` (≥ 1) and `samples` as above; never summarised into a `rate` (`run` "
	    "exits 4; every subcommand reads the file)"),
	DOC("agree", "boolean", "no", "output agrees with the other libraries"),
	DOC("evidence", "object", "no",
	    "`available` (boolean), `reason`, `classes` `{name: share in [0, 1]}`, `samples`, "
	    "`samples_total`, `objects`, `size` (not for imported cells)"),
	DOC("count", "object", "on a counted `ok` cell, never otherwise",
	    "`run --count`: the cell's exact instruction count (its own table below); a "
	    "counted cell has no `rate`"),
	DOC("source", "string", "no (`\"measured\"`)", "`\"measured\"` or `\"imported\"`"),
	DOC("file", "string", "when imported", "the table's file"),
	DOC("line", "integer ≥ 1", "when imported", "the line of this row's table"),
	DOC("table", "integer", "no (0)", "index into `sources`"),
	DOC("repetitions", "array of objects", "no",
	    "`run --repeat R`: one per repetition, `seed` (integer), `status` (required), and "
	    "when `ok` its median `rate` and `ns_per_op` (> 0) and `n_samples`; the cell's "
	    "`rate` and `ns_per_op` are then the median of the ok repetitions' medians with "
	    "`ci95` from them, and its `samples` are the repetitions' samples in order "
	    "(docs/nightly.md)"),
};
const size_t cs_res_n_cell_fields = sizeof cs_res_cell_fields / sizeof cs_res_cell_fields[0];

#define IN(st, k, key, t, req, lo, hi, d, dt, dr, doc)                                             \
	{                                                                                          \
		key, t, offsetof(st, k), req, NULL, lo, hi, d, dt, dr, doc, false                  \
	}
#define SIN(st, k, t, req, d, dt, dr, doc)                                                         \
	{                                                                                          \
#k, t, offsetof(st, k), req, d, 0, 0, 0, dt, dr, doc, false                        \
	}

const cs_res_field cs_res_count_fields[] = {
	IN(cs_res_count, ops, "ops", CS_RES_F_INT, true, 1, 1LL << 50, 0, "integer ≥ 1", "yes",
	   "operations counted (N2 − N1)"),
	IN(cs_res_count, insns, "insns", CS_RES_F_INT, true, 0, 1LL << 62, 0, "integer ≥ 0", "yes",
	   "instructions retired over them"),
	IN(cs_res_count, mem, "mem", CS_RES_F_INT, true, 0, 1LL << 62, 0, "integer ≥ 0", "yes",
	   "memory-access instructions (loads and stores) over them"),
	DOC("classes", "object", "yes",
	    "`{class: instructions}` (integers ≥ 0) over the ops counted, every class that ran"),
	DOC("insns_per_op", "number", "yes", "`insns / ops` (checked)"),
	DOC("insns_per_byte", "number", "for a sized op of size > 0",
	    "`insns / ops / size` (checked)"),
	DOC("mem_per_op", "number", "yes", "`mem / ops` (checked)"),
	DOC("classes_per_op", "object", "yes", "`{class: classes[class] / ops}` (checked)"),
	IN(cs_res_count, exact, "exact", CS_RES_F_BOOL, true, 0, 0, 0, "boolean", "yes",
	   "the two differences were equal (else the count is a mean: keygen, sign)"),
	IN(cs_res_count, insns_d1, "insns_d1", CS_RES_F_INT, false, 0, 1LL << 62, 0, "integer ≥ 0",
	   "when not `exact`", "instructions of the first difference"),
	IN(cs_res_count, insns_d2, "insns_d2", CS_RES_F_INT, false, 0, 1LL << 62, 0, "integer ≥ 0",
	   "when not `exact`", "instructions of the second difference"),
	IN(cs_res_count, cycles, "cycles", CS_RES_F_INT, false, 0, 1LL << 62, 0, "integer ≥ 0",
	   "MCU boards",
	   "estimated core cycles over the ops counted (data/costs/mcu, docs/mcu.md)"),
	IN(cs_res_count, stack, "stack", CS_RES_F_INT, false, 0, 1LL << 40, 0, "integer ≥ 0",
	   "MCU boards", "most stack bytes one batch of ops used (painted stack)"),
	IN(cs_res_count, heap, "heap", CS_RES_F_INT, false, 0, 1LL << 40, 0, "integer ≥ 0",
	   "MCU boards", "most heap bytes held during one batch of ops (counting allocator)"),
};
const size_t cs_res_n_count_fields = sizeof cs_res_count_fields / sizeof cs_res_count_fields[0];

const cs_res_field cs_res_counting_fields[] = {
	SIN(cs_res_counting, profile, CS_RES_F_NAME, true, NULL, "string", "yes",
	    "the CPU profile (`--cpu`): `x86-64`, `cortex-a53`, ..."),
	SIN(cs_res_counting, board, CS_RES_F_TEXT, false, "", "string", "no",
	    "the board counted for, in words (its SoC and core), or the profile's description"),
	SIN(cs_res_counting, arch, CS_RES_F_NAME, false, "", "string", "no",
	    "the guest architecture"),
	SIN(cs_res_counting, launcher, CS_RES_F_TEXT, false, "", "string", "no",
	    "the emulator's command line"),
	SIN(cs_res_counting, emulator, CS_RES_F_NAME, false, "", "string", "no",
	    "the qemu-user program"),
	SIN(cs_res_counting, emulated_cpu, CS_RES_F_NAME, false, "", "string", "no",
	    "its `-cpu` model"),
	IN(cs_res_counting, emulated, "emulated", CS_RES_F_BOOL, false, 0, 0, 0, "boolean",
	   "no (false)", "counted under an emulator: no timing of this run is a rate"),
	SIN(cs_res_counting, instrument, CS_RES_F_TEXT, false, "", "string", "no", "what counted"),
	SIN(cs_res_counting, hwcap_clear, CS_RES_F_NAME, false, "", "string", "no",
	    "`AT_HWCAP` bits masked for the worker (hex)"),
	SIN(cs_res_counting, hwcap2_clear, CS_RES_F_NAME, false, "", "string", "no",
	    "`AT_HWCAP2` bits (hex)"),
	SIN(cs_res_counting, blocks, CS_RES_F_TEXT, false, "", "string", "no",
	    "the file of per-block execution counts beside this one (`FILE.blocks`, "
	    "docs/estimates.md), `\"\"` when none"),
	IN(cs_res_counting, n1, "n1", CS_RES_F_INT, false, 0, 1LL << 50, 0, "integer ≥ 0", "no",
	   "operations of the first counted run"),
	IN(cs_res_counting, n2, "n2", CS_RES_F_INT, false, 0, 1LL << 50, 0, "integer ≥ 0", "no",
	   "operations of the second"),
	SIN(cs_res_counting, board_name, CS_RES_F_NAME, false, "", "string", "no",
	    "the board counted for (`--board`, or the first board of the `--cpu` profile in "
	    "the board table), `\"\"` when none; a file without it is reported with today's "
	    "board table"),
	IN(cs_res_counting, clock_mhz, "clock_mhz", CS_RES_F_INT, false, 0, 100000, 0,
	   "integer 0..100000", "no (0)",
	   "the board's core clock in MHz that its estimates use (0: none); reports use this, "
	   "not today's table"),
	SIN(cs_res_counting, clock_source, CS_RES_F_TEXT, false, "", "string", "no",
	    "how that clock is known"),
	SIN(cs_res_counting, table, CS_RES_F_TEXT, false, "", "string", "no",
	    "the core's cost table when counted: the pipeline table's name and version "
	    "(`cortex-a72 1`) or the MCU cycle table (`mcu/cortex-m4.tsv`), `\"\"` when none"),
};
const size_t cs_res_n_counting_fields =
	sizeof cs_res_counting_fields / sizeof cs_res_counting_fields[0];

#define ALW(st, k, key, t, lo, hi, d, dt, doc)                                                     \
	{                                                                                          \
		key, t, offsetof(st, k), false, NULL, lo, hi, d, dt, "no", doc, true               \
	}
#define ASTR(st, k, t, d, dt, doc)                                                                 \
	{                                                                                          \
#k, t, offsetof(st, k), false, d, 0, 0, 0, dt, "no", doc, true                     \
	}

/* A "sources" entry (cs_res_source): `source` and `multi` are written by
   hand (source.c's order is this table's), the rest from here. */
const cs_res_field cs_res_source_fields[] = {
	SIN(cs_res_source, label, CS_RES_F_TEXT, true, NULL, "string", "yes",
	    "the column's name in reports (e.g. `\"nanopi-r2s OpenSSL 1.1.1\"`)"),
	DOC("source", "string", "no (`\"measured\"`)", "`\"measured\"` or `\"imported\"`"),
	SIN(cs_res_source, file, CS_RES_F_TEXT, false, NULL, "string", "no",
	    "imported: the input file"),
	IN(cs_res_source, line, "line", CS_RES_F_INT, false, 1, 1LL << 40, 0, "integer ≥ 1", "no",
	   "imported: the line the table starts at"),
	SIN(cs_res_source, version, CS_RES_F_TEXT, false, NULL, "string", "no",
	    "imported: the tool's version line"),
	SIN(cs_res_source, options, CS_RES_F_TEXT, false, NULL, "string", "no",
	    "imported: the `options:` line"),
	SIN(cs_res_source, cpuinfo, CS_RES_F_TEXT, false, NULL, "string", "no",
	    "imported: the `CPUINFO:` line"),
	SIN(cs_res_source, compiler, CS_RES_F_TEXT, false, NULL, "string", "no",
	    "imported: the `compiler:` line"),
	SIN(cs_res_source, built_on, CS_RES_F_TEXT, false, NULL, "string", "no",
	    "imported: the `built on:` line"),
	SIN(cs_res_source, machine, CS_RES_F_TEXT, false, NULL, "string", "no",
	    "what the tables ran on: `import --machine`, or what the text names (cpuinfo's "
	    "model name, an Arm core, a board, `uname -a`); the reports' machine column"),
	SIN(cs_res_source, run_options, CS_RES_F_TEXT, false, NULL, "string", "no",
	    "imported: the run's `-engine`, `-provider`, `-propquery`, `-async_jobs` options"),
	SIN(cs_res_source, table_kind, CS_RES_F_TEXT, false, NULL, "string", "no",
	    "imported: a table family split off its run (it repeated an operation)"),
	DOC("multi", "integer 1..4096", "no (1)", "`-multi N`"),
	SIN(cs_res_source, format, CS_RES_F_NAME, false, NULL, "string", "no",
	    "imported: `text`, `mr` or `progress`"),
	IN(cs_res_source, n_cells, "cells", CS_RES_F_INT, false, 0, CS_RES_CELLS_MAX, 0,
	   "integer ≥ 0", "no", "imported: its cells"),
};
const size_t cs_res_n_source_fields = sizeof cs_res_source_fields / sizeof cs_res_source_fields[0];

const cs_res_field cs_res_lib_fields[] = {
	SIN(cs_res_lib, name, CS_RES_F_NAME, true, NULL, "string", "yes",
	    "the worker's name (`openssl@3.0.22`)"),
	SIN(cs_res_lib, mask, CS_RES_F_NAME, false, NULL, "string", "no", "its CPU-feature mask"),
	SIN(cs_res_lib, variant, CS_RES_F_NAME, false, NULL, "string", "no",
	    "provider or engine tag"),
	IN(cs_res_lib, pinned_cpu, "pinned_cpu", CS_RES_F_INT, false, 0, 1 << 20, -1, "integer ≥ 0",
	   "no", "the CPU its worker was pinned to (`--multi`)"),
	SIN(cs_res_lib, version, CS_RES_F_TEXT, false, NULL, "string", "no",
	    "the library's version line"),
	SIN(cs_res_lib, build, CS_RES_F_TEXT, false, NULL, "string", "no",
	    "the library's build information"),
	SIN(cs_res_lib, cpu_info, CS_RES_F_TEXT, false, NULL, "string", "no",
	    "what the library says of the CPU"),
	SIN(cs_res_lib, worker, CS_RES_F_TEXT, false, NULL, "string", "no",
	    "the worker's executable name"),
	SIN(cs_res_lib, init_error, CS_RES_F_TEXT, false, NULL, "string", "no",
	    "the library could not initialise: why"),
	SIN(cs_res_lib, variant_info, CS_RES_F_TEXT, false, NULL, "string", "no",
	    "the variant as the worker describes it"),
	SIN(cs_res_lib, mask_env, CS_RES_F_TEXT, false, NULL, "string", "no",
	    "`NAME=VALUE`: the environment that applied the mask"),
	DOC("worker_cpu", "object", "no",
	    "the CPU as the worker saw it: `arch`, `model`, `features`, `source`, `cpus`"),
	IN(cs_res_lib, start_error, "error", CS_RES_F_TEXT, false, 0, 0, 0, "string", "no",
	   "the worker could not start: why"),
};
const size_t cs_res_n_lib_fields = sizeof cs_res_lib_fields / sizeof cs_res_lib_fields[0];

const cs_res_field cs_res_cpu_fields[] = {
	SIN(cs_res_cpu, arch, CS_RES_F_NAME, false, "", "string", "no", "architecture"),
	SIN(cs_res_cpu, model, CS_RES_F_TEXT, false, "", "string", "no", "CPU model"),
	SIN(cs_res_cpu, features, CS_RES_F_TEXT, false, "", "string", "no",
	    "crypto-relevant features"),
	SIN(cs_res_cpu, source, CS_RES_F_TEXT, false, "", "string", "no",
	    "where the features came from"),
	IN(cs_res_cpu, cpus, "cpus", CS_RES_F_INT, false, 0, 1 << 20, 0, "integer ≥ 0", "no",
	   "online CPUs"),
};
const size_t cs_res_n_cpu_fields = sizeof cs_res_cpu_fields / sizeof cs_res_cpu_fields[0];

const cs_res_field cs_res_config_fields[] = {
	DOC("precision", "number in [0, 1]", "no (0.01)", "`--precision`"),
	ASTR(cs_res_config, clock, CS_RES_F_NAME, "", "string", "the clock batches are timed with"),
	ALW(cs_res_config, budget_s, "budget_s", CS_RES_F_NUM, 0, 1000000000, 0, "number ≥ 0",
	    "`--budget`: timed seconds per cell at most"),
	ALW(cs_res_config, quick, "quick", CS_RES_F_BOOL, 0, 0, 0, "boolean", "`--quick`"),
	DOC("sizes", "array of integers", "no", "`--sizes`"),
	ALW(cs_res_config, misalign, "misalign", CS_RES_F_INT, 0, 4096, 0, "integer ≥ 0",
	    "`--misalign`"),
	ALW(cs_res_config, evidence, "evidence", CS_RES_F_BOOL, 0, 0, 0, "boolean",
	    "hw evidence gathered"),
	ALW(cs_res_config, evidence_size, "evidence_size", CS_RES_F_INT, 0, CS_RES_SIZE_MAX, 0,
	    "integer ≥ 0", "`--evidence-size`"),
	DOC("launcher", "array of strings", "no", "`--launcher`, word by word"),
	ALW(cs_res_config, batch_target_ns, "batch_target_ns", CS_RES_F_INT, 0, 1LL << 50, 0,
	    "integer ≥ 0", "a batch's target length"),
	ALW(cs_res_config, warmup_ns, "warmup_ns", CS_RES_F_INT, 0, 1LL << 50, 0, "integer ≥ 0",
	    "warm-up before calibration"),
	ALW(cs_res_config, min_samples, "min_samples", CS_RES_F_INT, 0, 1LL << 40, 0, "integer ≥ 0",
	    "samples before the stop rule may stop a cell"),
	ALW(cs_res_config, seed, "seed", CS_RES_F_INT, 0, 4294967295LL, 0, "integer ≥ 0",
	    "`--seed`: the shuffle (the first repetition's)"),
	ALW(cs_res_config, multi, "multi", CS_RES_F_SMALL, 1, 4096, 1, "integer 1..4096",
	    "`--multi N`"),
	DOC("multi_cpus_allowed", "integer ≥ 0", "with `--multi`",
	    "CPUs the orchestrator could use"),
	DOC("multi_shared", "boolean", "with `--multi`", "its workers shared CPUs (unpinned)"),
	IN(cs_res_config, repeat, "repeat", CS_RES_F_INT, false, 0, 1000000, 0, "integer ≥ 0", "no",
	   "`--repeat R`"),
	DOC("seeds", "array of integers", "with `repeat`", "each repetition's seed"),
	IN(cs_res_config, samples_kept, "samples_kept", CS_RES_F_BOOL, false, 0, 0, 1, "boolean",
	   "no (true)", "false with `--no-samples`"),
};
const size_t cs_res_n_config_fields = sizeof cs_res_config_fields / sizeof cs_res_config_fields[0];

const cs_res_field cs_res_emulation_fields[] = {
	IN(cs_res_emulation, emulated, "emulated", CS_RES_F_BOOL, true, 0, 0, 0, "boolean", "yes",
	   "the workers ran under an emulator: a timing of this file is the emulator's, never "
	   "ranked or judged by time"),
	SIN(cs_res_emulation, launcher, CS_RES_F_TEXT, false, "", "string", "no",
	    "the launcher's command line"),
	SIN(cs_res_emulation, emulator, CS_RES_F_NAME, false, "", "string", "no",
	    "the emulator (`qemu-aarch64`, ...)"),
	SIN(cs_res_emulation, emulated_cpu, CS_RES_F_NAME, false, "", "string", "no",
	    "its `-cpu` model, `default` when the launcher names none"),
};
const size_t cs_res_n_emulation_fields =
	sizeof cs_res_emulation_fields / sizeof cs_res_emulation_fields[0];
const cs_res_field cs_res_conformance_fields[] = {
	{"vectors", CS_RES_F_TEXT, offsetof(cs_res_file, conform_vectors), false, "", 0, 0, 0,
	 "string", "no", "the vectors run: `\"Wycheproof testvectors_v1\"`", false},
	DOC("vectors_dir", "string", "no", "where they were read"),
	DOC("elapsed_s", "number", "no", "wall time of the conformance run"),
	DOC("rows", "array of objects", "yes",
	    "one per library x path x vector file x algorithm "
	    "that ran at least one case (below)"),
};
const size_t cs_res_n_conformance_fields =
	sizeof cs_res_conformance_fields / sizeof cs_res_conformance_fields[0];

#define CN(k, key, doc)                                                                            \
	{                                                                                          \
		key, CS_RES_F_INT, offsetof(cs_res_conform, n) + (k) * sizeof(long long), false,   \
			NULL, 0, 1LL << 40, 0, "integer ≥ 0", "no (0)", doc, false                 \
	}

const cs_res_field cs_res_conform_fields[] = {
	SIN(cs_res_conform, lib, CS_RES_F_NAME, true, NULL, "string", "yes",
	    "the library build (a cell's `lib`)"),
	SIN(cs_res_conform, path, CS_RES_F_NAME, true, NULL, "string", "yes", "the API path"),
	SIN(cs_res_conform, file, CS_RES_F_NAME, true, NULL, "string", "yes",
	    "the vector file (`aes_gcm_test`, ...)"),
	SIN(cs_res_conform, alg, CS_RES_F_NAME, true, NULL, "string", "yes", "the algorithm"),
	CN(CS_RC_PASSED, "passed", "cases as the vector expects"),
	CN(CS_RC_INVALID_ACCEPTED, "invalid_accepted",
	   "invalid cases accepted (a forged tag opened, a point off the curve used): the "
	   "serious kind"),
	CN(CS_RC_VALID_REFUSED, "valid_refused", "valid cases refused"),
	CN(CS_RC_WRONG_OUTPUT, "wrong_output", "accepted with another output than the vector's"),
	CN(CS_RC_ACCEPTABLE_ACCEPTED, "acceptable_accepted", "\"acceptable\" cases accepted"),
	CN(CS_RC_ACCEPTABLE_REFUSED, "acceptable_refused", "\"acceptable\" cases refused"),
	CN(CS_RC_NOT_APPLICABLE, "not_applicable",
	   "parameters the catalogue's algorithm does not take: not run"),
	CN(CS_RC_CRASHED, "crashed", "cases the worker crashed or hung on"),
	CN(CS_RC_ERRORS, "errors", "cases that could not be run"),
	DOC("KIND_ids", "array of integers ≥ 0", "with its count",
	    "for `invalid_accepted`, `valid_refused`, `wrong_output`, `acceptable_refused`, "
	    "`crashed` and `errors`: the tcIds, as many as the count says"),
};
const size_t cs_res_n_conform_fields =
	sizeof cs_res_conform_fields / sizeof cs_res_conform_fields[0];

static void
doc_table(FILE *out, const cs_res_field *t, size_t n)
{
	fprintf(out, "| key | type | required | meaning |\n|---|---|---|---|\n");
	for (size_t i = 0; i < n; i++)
		fprintf(out, "| `%s` | %s | %s | %s |\n", t[i].key, t[i].doc_type, t[i].doc_req,
			t[i].doc);
}

void
cs_results_doc(FILE *out)
{
	doc_table(out, cs_res_cell_fields, cs_res_n_cell_fields);
}

void
cs_results_doc_emulation(FILE *out)
{
	doc_table(out, cs_res_emulation_fields, cs_res_n_emulation_fields);
}

void
cs_results_doc_conform(FILE *out, bool rows)
{
	if (rows)
		doc_table(out, cs_res_conform_fields, cs_res_n_conform_fields);
	else
		doc_table(out, cs_res_conformance_fields, cs_res_n_conformance_fields);
}

void
cs_results_doc_count(FILE *out, bool counting)
{
	if (counting)
		doc_table(out, cs_res_counting_fields, cs_res_n_counting_fields);
	else
		doc_table(out, cs_res_count_fields, cs_res_n_count_fields);
}

int
cs_results_doc_object(FILE *out, const char *what)
{
	if (strcmp(what, "source") == 0)
		doc_table(out, cs_res_source_fields, cs_res_n_source_fields);
	else if (strcmp(what, "library") == 0)
		doc_table(out, cs_res_lib_fields, cs_res_n_lib_fields);
	else if (strcmp(what, "worker_cpu") == 0)
		doc_table(out, cs_res_cpu_fields, cs_res_n_cpu_fields);
	else if (strcmp(what, "config") == 0)
		doc_table(out, cs_res_config_fields, cs_res_n_config_fields);
	else
		return -1;
	return 0;
}
