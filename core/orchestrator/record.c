/* A finished run as the result model (docs/results-format.md): metadata
   first, then cells. results/encode.c writes it, results/load.c reads it
   back and checks it (cs_record_run), so run never writes a file the reader
   refuses. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "count.h"
#include "orchestrator.h"

#include "cryptospeed/version.h"

/* "" -> NULL: the model's "absent" for an optional string. */
static const char *
opt(const char *s)
{
	return s && *s ? s : NULL;
}

static void
quant(cs_res_quant *q, double median, double q1, double q3, double lo, double hi)
{
	*q = (cs_res_quant){
		.median = median, .q1 = q1, .q3 = q3, .ci_lo = lo, .ci_hi = hi, .has_spread = true};
}

/* --multi: each common window (its span and every worker's ops, the sample
   is span / all ops) and each worker's rate over all windows. */
static int
multi(const cs_rcell *c, cs_res_cell *m)
{
	size_t n_ws = (size_t)c->n_ws;
	double span = 0, scale = cs_op_sized(c->op) ? (double)c->size * 1e9 : 1e9;
	m->windows = calloc(c->n_win + 1, sizeof *m->windows);
	m->worker_rates = calloc(n_ws + 1, sizeof *m->worker_rates);
	if (!m->windows || !m->worker_rates)
		return -1;
	for (size_t i = 0; i < c->n_win; i++) {
		cs_res_window *w = &m->windows[m->n_windows++];
		w->ns = c->win_ns[i];
		w->ops = calloc(n_ws + 1, sizeof *w->ops);
		if (!w->ops)
			return -1;
		for (size_t k = 0; k < n_ws; k++)
			w->ops[w->n_ops++] = (long long)c->win_ops[i * n_ws + k];
		span += c->win_ns[i];
	}
	for (size_t k = 0; k < n_ws; k++) {
		double ops = 0;
		for (size_t i = 0; i < c->n_win; i++)
			ops += (double)c->win_ops[i * n_ws + k];
		m->worker_rates[m->n_worker_rates++] = span > 0 ? ops / span * scale : 0;
	}
	return 0;
}

/* A counted cell's count (run --count). */
static int
count(const cs_rcell *c, cs_res_cell *m)
{
	const cs_count_cell *k = c->count;
	cs_res_count *x = &m->count;
	double ops = (double)k->ops;
	x->present = true;
	x->ops = k->ops;
	x->insns = k->insns;
	x->mem = k->mem;
	x->classes = calloc(k->n_classes + 1, sizeof *x->classes);
	if (!x->classes)
		return -1;
	for (size_t i = 0; i < k->n_classes; i++)
		x->classes[x->n_classes++] =
			(cs_res_icount){.name = k->classes[i].name,
					.n = k->classes[i].n,
					.per_op = (double)k->classes[i].n / ops};
	x->insns_per_op = (double)k->insns / ops;
	x->per_byte = cs_op_sized(c->op) && c->size > 0;
	x->insns_per_byte = x->per_byte ? (double)k->insns / ops / (double)c->size : 0;
	x->mem_per_op = (double)k->mem / ops;
	x->exact = k->exact;
	x->insns_d1 = k->exact ? 0 : k->insns_d1;
	x->insns_d2 = k->exact ? 0 : k->insns_d2;
	x->cycles = k->cycles;
	x->stack = k->stack;
	x->heap = k->heap;
	return 0;
}

static int
evidence(const cs_rcell *c, cs_res_evidence *ev)
{
	const cs_msg_ev *e = c->evidence;
	*ev = (cs_res_evidence){.present = true,
				.available = e->available,
				.reason = opt(e->reason),
				.samples = e->samples ? e->samples : -1,
				.samples_total = e->samples_total,
				.objects = opt(e->objects),
				.size = (long long)c->ev_size};
	ev->classes = calloc(e->n_classes + 1, sizeof *ev->classes);
	if (!ev->classes)
		return -1;
	for (size_t i = 0; i < e->n_classes; i++)
		ev->classes[ev->n_classes++] =
			(cs_res_class){.name = e->classes[i].name, .share = e->classes[i].share};
	return 0;
}

static int
cell(const cs_rcell *c, cs_res_cell *m)
{
	const cs_worker *w = c->w;
	const cs_msg_hello *h = cs_worker_hello(w);
	*m = (cs_res_cell){.lib = w->file->name,
			   .lib_version = h ? h->version : "",
			   .path = c->path,
			   .mask = w->mask,
			   .variant = w->variant ? w->variant->tag : NULL,
			   .served_by = opt(c->served_by),
			   .multi = c->multi > 1 ? c->multi : 1,
			   .alg = c->alg->name,
			   .kind = cs_kind_name(c->alg->kind),
			   .op = cs_op_name(c->op),
			   .size = (long long)c->size,
			   .status = c->status,
			   .detail = opt(c->detail),
			   .kat = opt(c->kat),
			   .fingerprint = opt(c->fingerprint),
			   .ok = strcmp(c->status, "ok") == 0,
			   .bytes = cs_op_sized(c->op),
			   .ci95_rel = -1,
			   .agree = c->agree,
			   .heap_peak = c->heap_peak > 0 ? (long long)c->heap_peak : 0,
			   .heap_idle = c->heap_idle > 0 ? (long long)c->heap_idle : 0,
			   .server_heap_peak = (long long)c->server_heap_peak,
			   .server_heap_idle = (long long)c->server_heap_idle,
			   .client_cpu_ns = (long long)c->client_cpu_ns,
			   .server_cpu_ns = (long long)c->server_cpu_ns,
			   .ev.samples = -1,
			   .ev.size = -1};
	if (c->n > 0 && !m->ok) {
		/* ended badly after its first samples: kept, never summarised */
		m->partial = c->ns;
		m->n_partial = c->n;
		m->batch = (long long)c->batch;
	} else if (c->n > 0) {
		const cs_summary *s = &c->sum;
		double scale = m->bytes ? (double)c->size * 1e9 : 1e9;
		/* a rate is the inverse of a time: its lower quartile comes from the upper */
		quant(&m->rate, scale / s->median, scale / s->q3, scale / s->q1, scale / s->ci_hi,
		      scale / s->ci_lo);
		quant(&m->ns, s->median, s->q1, s->q3, s->ci_lo, s->ci_hi);
		m->has_ns = true;
		m->ns_min = s->min;
		m->ns_max = s->max;
		/* the mean is what a long single run (openssl speed) reports: it
		   includes every interruption the median leaves out */
		double sum = 0;
		for (size_t i = 0; i < c->n; i++)
			sum += c->ns[i];
		m->ns_mean = sum / (double)c->n;
		m->ci95_rel = cs_ci_rel_halfwidth(s);
		m->batch = (long long)c->batch;
		m->n_measured = (long long)c->n;
		m->samples = c->ns;
		m->n_samples = c->n;
		if (c->multi > 1 && multi(c, m) != 0)
			return -1;
		/* run --pmu: the timing lane's own counters */
		if (c->pmu_ops > 0 && c->pmu_insns > 0 && c->pmu_cycles > 0) {
			m->pmu_ops = (long long)c->pmu_ops;
			m->pmu_insns_per_op = (double)c->pmu_insns / (double)c->pmu_ops;
			m->pmu_cycles_per_op = (double)c->pmu_cycles / (double)c->pmu_ops;
			if (m->bytes && c->size > 0) {
				m->pmu_insns_per_byte = m->pmu_insns_per_op / (double)c->size;
				m->pmu_cycles_per_byte = m->pmu_cycles_per_op / (double)c->size;
			}
		}
	}
	if (c->interop)
		m->interop = *c->interop;
	if (c->evidence && evidence(c, &m->ev) != 0)
		return -1;
	if (c->count && count(c, m) != 0) /* run --count */
		return -1;
	return 0;
}

static void
host(cs_record *rec)
{
	cs_res_file *f = &rec->file;
	struct utsname u;
	cs_cpu_detect(&rec->cpu);
	gethostname(rec->host, sizeof rec->host - 1);
	if (uname(&u) == 0)
		snprintf(rec->kernel, sizeof rec->kernel, "%s", u.release);
	f->hostname = rec->host;
	f->kernel = rec->kernel;
	f->cpu_arch = rec->cpu.arch;
	f->cpu_model = rec->cpu.model;
	f->cpu_features = rec->cpu.features;
	f->cpu_source = rec->cpu.source;
	f->cpus = rec->cpu.cpus;
}

static int
config(const cs_run *run, cs_record *rec)
{
	const cs_config *cfg = run->cfg;
	cs_res_config *c = &rec->file.config;
	size_t n_launcher = 0;
	while (cfg->launcher[n_launcher])
		n_launcher++;
	*c = (cs_res_config){.present = true,
			     .clock = "CLOCK_MONOTONIC_RAW",
			     .budget_s = cfg->budget_s,
			     .quick = cfg->quick,
			     .misalign = (long long)cfg->misalign,
			     .evidence = cfg->evidence,
			     .evidence_size = (long long)cfg->evidence_size,
			     .batch_target_ns = (long long)cfg->target_ns,
			     .warmup_ns = (long long)cfg->warmup_ns,
			     .min_samples = (long long)cfg->min_samples,
			     .seed = cfg->seed,
			     .multi = cfg->multi,
			     .multi_cpus_allowed = run->cpus_allowed,
			     .multi_shared = run->multi_shared,
			     .samples_kept = true};
	c->sizes = calloc(cfg->n_sizes + 1, sizeof *c->sizes);
	c->launcher = calloc(n_launcher + 1, sizeof *c->launcher);
	if (!c->sizes || !c->launcher)
		return -1;
	for (size_t i = 0; i < cfg->n_sizes; i++)
		c->sizes[c->n_sizes++] = (long long)cfg->sizes[i];
	for (size_t i = 0; i < n_launcher; i++)
		c->launcher[c->n_launcher++] = cfg->launcher[i];
	return 0;
}

/* run --count: what counted, on what CPU profile. */
/* Remove every occurrence of cut ("" = none) from s. */
static void
strip(char *s, const char *cut)
{
	size_t n = strlen(cut);
	char *at;
	while (n && (at = strstr(s, cut)) != NULL)
		memmove(at, at + n, strlen(at + n) + 1);
}

static void
counting(const cs_config *cfg, cs_record *rec)
{
	const cs_count_profile *p = cfg->count;
	if (!p)
		return;
	for (size_t i = 0; cfg->launcher[i]; i++) {
		size_t n = strlen(rec->count_launcher);
		snprintf(rec->count_launcher + n, sizeof rec->count_launcher - n, "%s%s",
			 i ? " " : "", cfg->launcher[i]);
	}
	/* the per-block counts' temporary directory is no part of the method */
	strip(rec->count_launcher, cs_count_blocks_arg());
	rec->count_blocks[0] = '\0';
	/* (an MCU profile's cycles come from its own plugin: no sidecar) */
	if (cfg->out && !p->machine) {
		const char *base = strrchr(cfg->out, '/') ? strrchr(cfg->out, '/') + 1 : cfg->out;
		snprintf(rec->count_blocks, sizeof rec->count_blocks, "%s.blocks", base);
	}
	snprintf(rec->hwcap_clear, sizeof rec->hwcap_clear, "%#lx", p->hwcap_clear);
	snprintf(rec->hwcap2_clear, sizeof rec->hwcap2_clear, "%#lx", p->hwcap2_clear);
	cs_count_table_name(p, rec->count_table, sizeof rec->count_table);
	rec->file.counting = (cs_res_counting){
		.present = true,
		.profile = p->name,
		.board = p->about,
		.arch = p->arch,
		.launcher = rec->count_launcher,
		.emulator = p->qemu,
		.emulated_cpu = p->qemu_cpu,
		.emulated = true,
		.instrument = "qemu-user TCG plugin cryptospeed-count.so (Capstone classes)",
		.hwcap_clear = rec->hwcap_clear,
		.hwcap2_clear = rec->hwcap2_clear,
		.blocks = rec->count_blocks,
		.n1 = CS_COUNT_N1,
		.n2 = CS_COUNT_N2,
		.board_name = "",
		.clock_source = "",
		.table = rec->count_table};
	/* the board and its clock as counted: a report of this file uses these,
	   whatever the board table says later */
	const cs_board *b = cfg->board;
	if (b) {
		rec->file.counting.board = b->about;
		rec->file.counting.board_name = b->name;
		rec->file.counting.clock_mhz = b->clock_mhz;
		rec->file.counting.clock_source = b->clock_source;
	}
}

/* "emulation": a launcher word that is a program named qemu-* (timed or
   counted) ran the workers; its -cpu, "default" when it names none. */
static void
emulation(const cs_config *cfg, cs_record *rec)
{
	const char *emulator = NULL, *cpu = "default";
	rec->emu_launcher[0] = '\0';
	for (size_t i = 0; cfg->launcher[i]; i++) {
		const char *word = cfg->launcher[i];
		const char *base = strrchr(word, '/') ? strrchr(word, '/') + 1 : word;
		if (!emulator && strncmp(base, "qemu-", 5) == 0)
			emulator = base;
		else if (emulator && strcmp(word, "-cpu") == 0 && cfg->launcher[i + 1])
			cpu = cfg->launcher[i + 1];
		size_t n = strlen(rec->emu_launcher);
		snprintf(rec->emu_launcher + n, sizeof rec->emu_launcher - n, "%s%s", i ? " " : "",
			 word);
	}
	strip(rec->emu_launcher, cs_count_blocks_arg());
	if (!emulator)
		return;
	/* "cortex-a53,pmu=off" names the model first */
	snprintf(rec->emu_cpu, sizeof rec->emu_cpu, "%.*s", (int)strcspn(cpu, ","), cpu);
	rec->file.emulation = (cs_res_emulation){.present = true,
						 .emulated = true,
						 .launcher = rec->emu_launcher,
						 .emulator = emulator,
						 .emulated_cpu = rec->emu_cpu};
}

static void
library(const cs_worker *w, cs_res_lib *l, char *mask_env, size_t n)
{
	const cs_msg_hello *h = cs_worker_hello(w);
	*l = (cs_res_lib){.name = w->file->name,
			  .mask = w->mask,
			  .variant = w->variant ? w->variant->tag : NULL,
			  .pinned_cpu = w->cpu >= 0 ? w->cpu : -1};
	if (h) {
		l->version = h->version;
		l->build = opt(h->build);
		l->cpu_info = opt(h->cpu_info);
		l->worker = opt(h->worker);
		l->init_error = opt(h->init_error);
		l->variant_info = opt(h->variant);
		l->worker_cpu = (cs_res_cpu){.present = true,
					     .arch = h->cpu.arch,
					     .model = h->cpu.model,
					     .features = h->cpu.features,
					     .source = h->cpu.source,
					     .cpus = h->cpu.cpus};
	}
	if (w->env_name[0]) {
		snprintf(mask_env, n, "%s=%s", w->env_name, w->env_value);
		l->mask_env = mask_env;
	}
	if (w->error[0] && !h)
		l->start_error = w->error;
	l->error = l->start_error ? l->start_error : l->init_error;
}

int
cs_record_build(const cs_run *run, cs_record *rec)
{
	memset(rec, 0, sizeof *rec);
	cs_res_file *f = &rec->file;
	f->name = "this run";
	f->tool_version = CS_VERSION;
	f->label = run->cfg->label;
	f->started = run->started;
	f->elapsed_s = run->elapsed_s;
	f->evidence_s = run->evidence_s;
	f->interrupted = run->interrupted;
	f->precision = run->cfg->precision;
	host(rec);
	counting(run->cfg, rec);
	emulation(run->cfg, rec);
	f->libs = calloc(run->n_workers + 1, sizeof *f->libs);
	rec->mask_env = calloc(run->n_workers + 1, sizeof *rec->mask_env);
	f->cells = calloc(run->n_cells + 1, sizeof *f->cells);
	if (!f->libs || !rec->mask_env || !f->cells || config(run, rec) != 0)
		return -1;
	for (size_t i = 0; i < run->n_workers; i++)
		library(run->workers[i], &f->libs[f->n_libs++], rec->mask_env[i],
			sizeof rec->mask_env[i]);
	for (size_t i = 0; i < run->n_cells; i++)
		if (cell(&run->cells[i], &f->cells[f->n_cells++]) != 0)
			return -1;
	return 0;
}

void
cs_record_free(cs_record *rec)
{
	cs_res_file *f = &rec->file;
	for (size_t i = 0; f->cells && i < f->n_cells; i++) {
		cs_res_cell *c = &f->cells[i];
		free(c->ev.classes);
		free(c->count.classes);
		for (size_t k = 0; c->windows && k < c->n_windows; k++)
			free(c->windows[k].ops);
		free(c->windows);
		free(c->worker_rates);
	}
	free(f->cells);
	free(f->libs);
	free(f->config.sizes);
	free(f->config.launcher);
	free(rec->mask_env);
	memset(rec, 0, sizeof *rec);
}

int
cs_record_run(const cs_run *run, cs_res_file *out, char *why, size_t n)
{
	cs_record *rec = malloc(sizeof *rec);
	if (!rec || cs_record_build(run, rec) != 0) {
		if (rec)
			cs_record_free(rec);
		free(rec);
		memset(out, 0, sizeof *out);
		snprintf(why, n, "this run: out of memory");
		return -1;
	}
	int rc = cs_results_copy(&rec->file, "this run", out, why, n);
	cs_record_free(rec);
	free(rec);
	return rc;
}
