/* report --view estimate: a board's speed from exact counts and a per-core
   cost table (estimate.h, docs/estimates.md). */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "escape.h"
#include "estimate.h"
#include "report.h"
#include "tsv.h"

/* Counting runs compared in one row, at most. */
#define CS_EST_RUNS_MAX 16

int
cs_est_table_parse(const char *text, const char *core, const char *name, cs_est_table *t, char *why,
		   size_t n)
{
	memset(t, 0, sizeof *t);
	snprintf(t->core, sizeof t->core, "%s", core);
	cs_tsv r;
	int got;
	bool have_mem = false;
	if (cs_tsv_begin(&r, text, name, why, n) != 0)
		return -1;
	while ((got = cs_tsv_next(&r, why, n)) == 1) {
		if (r.n < 3 || !*r.f[2]) {
			snprintf(why, n,
				 "%s line %lld: want 'class<TAB>cycles<TAB>source' (every row "
				 "names its source)",
				 name, r.line);
			return -1;
		}
		cs_est_row row;
		if (!*r.f[0] || r.len[0] >= sizeof row.key) {
			snprintf(why, n, "%s line %lld: empty or too long class name", name,
				 r.line);
			return -1;
		}
		memcpy(row.key, r.f[0], r.len[0] + 1); /* shorter than key: checked */
		/* an instruction takes time to issue: a class costs more than 0
		   cycles; a memory access may cost nothing beyond its instruction */
		bool mem = strcmp(row.key, "memory-access") == 0;
		if (cs_tsv_number(&r, 1, 0, 1000, &row.cycles) != 0 || (!mem && row.cycles <= 0)) {
			snprintf(why, n, "%s line %lld: cycles '%.40s' of '%s' (want a number %s)",
				 name, r.line, r.f[1], row.key,
				 mem ? "from 0 to 1000" : "above 0, at most 1000");
			return -1;
		}
		for (size_t i = 0; i < t->n_rows; i++)
			if (strcmp(t->rows[i].key, row.key) == 0) {
				snprintf(why, n, "%s line %lld: class '%s' twice", name, r.line,
					 row.key);
				return -1;
			}
		if (t->n_rows == CS_EST_ROWS_MAX) {
			snprintf(why, n, "%s line %lld: more than %d rows", name, r.line,
				 CS_EST_ROWS_MAX);
			return -1;
		}
		if (mem) {
			t->mem_cycles = row.cycles;
			have_mem = true;
		}
		t->rows[t->n_rows++] = row;
	}
	if (got < 0)
		return -1;
	if (t->n_rows == 0) {
		snprintf(why, n, "%s: no rows (want 'class<TAB>cycles<TAB>source' lines)", name);
		return -1;
	}
	if (!have_mem) {
		snprintf(why, n,
			 "%s: no 'memory-access' row (every count has loads and stores; want "
			 "'memory-access<TAB>cycles<TAB>source', 0 when an access costs "
			 "nothing beyond its instruction)",
			 name);
		return -1;
	}
	return 0;
}

int
cs_est_table_load(const char *dir, const char *core, cs_est_table *t, char *why, size_t n)
{
	char path[4096], *text;
	snprintf(path, sizeof path, "%s/%s.tsv", dir, core);
	if (cs_tsv_read(path, "cost table", core, &text, why, n) != 0)
		return -1;
	int rc = cs_est_table_parse(text, core, path, t, why, n);
	free(text);
	if (rc == 0)
		snprintf(t->path, sizeof t->path, "%s", path);
	return rc;
}

int
cs_est_cycles(const cs_est_table *t, const cs_res_count *k, double *cycles, char *why, size_t n)
{
	double sum = 0;
	for (size_t i = 0; i < k->n_classes; i++) {
		const cs_res_icount *c = &k->classes[i];
		const cs_est_row *row = NULL;
		for (size_t j = 0; j < t->n_rows && !row; j++)
			if (strcmp(t->rows[j].key, c->name) == 0)
				row = &t->rows[j];
		if (!row) {
			const char *slash = strrchr(t->path, '/');
			snprintf(why, n, "no cost for class '%s' in %s", c->name,
				 slash	    ? slash + 1
				 : *t->path ? t->path
					    : t->core);
			return -1;
		}
		sum += (double)c->n * row->cycles;
	}
	sum += (double)k->mem * t->mem_cycles;
	*cycles = sum / (double)(k->ops > 0 ? k->ops : 1);
	return 0;
}

double
cs_est_mbps(double cycles, long long size, double mhz)
{
	if (!(cycles > 0) || size <= 0)
		return 0;
	return (double)size * mhz / cycles; /* bytes per microsecond = MB/s */
}

/* Decode hex digits [s, s + 2 n) into out; false when one is not hex. */
static bool
unhex(const char *s, size_t n, uint8_t *out)
{
	for (size_t i = 0; i < n; i++) {
		unsigned v = 0;
		for (int k = 0; k < 2; k++) {
			char ch = s[2 * i + (size_t)k];
			int d = ch >= '0' && ch <= '9'	 ? ch - '0'
				: ch >= 'a' && ch <= 'f' ? ch - 'a' + 10
							 : -1;
			if (d < 0)
				return false;
			v = v * 16 + (unsigned)d;
		}
		out[i] = (uint8_t)v;
	}
	return true;
}

int
cs_est_model_cell(const cs_pipe_table *t, const char *path, const cs_res_cell *c, double *cycles,
		  double *share, char *why, size_t n)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		snprintf(why, n, "no per-block counts: cannot read %s: %s", path, strerror(errno));
		return -1;
	}
	char want[512], *line = NULL;
	size_t cap = 0;
	snprintf(want, sizeof want, "cell %s %s %s %s %lld ", c->lib, c->path ? c->path : "",
		 c->alg, c->op, c->size);
	bool in = false, found = false;
	long long ops = 0, total = 0, lineno = 0;
	double sum = 0, modelled = 0;
	int rc = 0;
	ssize_t len;
	uint8_t *code = NULL;
	while (rc == 0 && (len = getline(&line, &cap, f)) > 0) {
		lineno++;
		if (line[len - 1] == '\n')
			line[--len] = '\0';
		if (strncmp(line, "cell ", 5) == 0) {
			if (in)
				break;
			if (strncmp(line, want, strlen(want)) == 0) {
				size_t kept = 0;
				long long kept_insns = 0;
				if (sscanf(line + strlen(want), "%lld %lld %zu %lld", &ops, &total,
					   &kept, &kept_insns) != 4 ||
				    ops <= 0 || total <= 0) {
					snprintf(why, n, "%s line %lld: malformed cell line", path,
						 lineno);
					rc = -1;
				}
				in = found = true;
			}
			continue;
		}
		if (!in || line[0] == '#')
			continue;
		unsigned long long addr = 0;
		long long execs = 0;
		unsigned insns = 0;
		char mode[8];
		int off = 0;
		if (sscanf(line, "%llx %lld %u %7s %n", &addr, &execs, &insns, mode, &off) != 4 ||
		    off <= 0 || execs < 0 || insns == 0 || insns > 1024) {
			snprintf(why, n, "%s line %lld: malformed block line", path, lineno);
			rc = -1;
			break;
		}
		size_t hex = strlen(line + off);
		free(code);
		code = malloc(hex / 2 + 1);
		if (!code || hex % 2 || !unhex(line + off, hex / 2, code)) {
			snprintf(why, n, "%s line %lld: the block's bytes are not hex", path,
				 lineno);
			rc = -1;
			break;
		}
		double cyc = 0;
		size_t got = 0, ok = 0;
		if (cs_pipe_block(t, mode, code, hex / 2, addr, &cyc, &got, &ok, why, n) != 0) {
			/* a block the model cannot read counts as not modelled */
			continue;
		}
		sum += (double)execs * cyc;
		modelled += (double)execs * (double)ok;
	}
	free(code);
	free(line);
	fclose(f);
	if (rc != 0)
		return -1;
	if (!found) {
		snprintf(why, n, "no per-block counts for this cell in %s", path);
		return -1;
	}
	*cycles = sum / (double)ops;
	*share = modelled / (double)total;
	return 0;
}

/* The profile's name and board: "cortex-a53 (nanopi-r2s)". */
static void
profile_name(const cs_res_file *f, char *buf, size_t n)
{
	const cs_res_counting *k = &f->counting;
	if (*k->board)
		snprintf(buf, n, "%s (%s)", k->profile, k->board);
	else
		snprintf(buf, n, "%s", k->profile);
}

static bool
same(const char *a, const char *b)
{
	return strcmp(a ? a : "", b ? b : "") == 0;
}

/* The counted cell an imported row is compared with: openssl's, of the
   same alg, op and size, on the row's own path first (a table of `openssl
   speed -evp` is path evp, one without -evp lowlevel), else evp, else any;
   NULL when none was counted. */
static const cs_res_cell *
counted_for(const cs_res_file *f, const cs_res_cell *row)
{
	const cs_res_cell *evp = NULL, *any = NULL;
	for (size_t i = 0; i < f->n_cells; i++) {
		const cs_res_cell *c = &f->cells[i];
		if (!c->count.present || c->size != row->size || !same(c->alg, row->alg) ||
		    !same(c->op, row->op) || strncmp(c->lib, "openssl", 7) != 0 ||
		    !same(c->mask, "none"))
			continue;
		if (same(c->path, row->path))
			return c;
		if (!evp && same(c->path, "evp"))
			evp = c;
		if (!any)
			any = c;
	}
	return evp ? evp : any;
}

/* The estimate of a counted cell: the pipeline model's, when the core has
   a table, the file its per-block counts and >= CS_EST_MODEL_MIN of the
   instructions were modelled. 0, or -1 with why (*share set when known). */
static int
model_cycles(const cs_est_input *in, const cs_res_cell *c, double *cycles, double *share, char *why,
	     size_t n)
{
	*share = 0;
	if (!in->pipe) {
		snprintf(why, n, "no pipeline table for core %s", in->table->core);
		return -1;
	}
	if (!*in->blocks) {
		snprintf(why, n, "the counting file names no per-block counts (count again)");
		return -1;
	}
	if (cs_est_model_cell(in->pipe, in->blocks, c, cycles, share, why, n) != 0)
		return -1;
	if (*share < CS_EST_MODEL_MIN) {
		snprintf(why, n, "%.1f%% of the instructions modelled (below %.0f%%)", 100 * *share,
			 100 * CS_EST_MODEL_MIN);
		return -1;
	}
	return 0;
}

/* One counting file's estimate block. */
static void
estimate_block(const cs_est_input *in, FILE *f)
{
	char prof[128];
	profile_name(in->file, prof, sizeof prof);
	if (in->mhz > 0)
		fprintf(f, "estimate from counts: %s, core %s at %.0f MHz (%s)\n",
			cs_esc_term(prof), cs_esc_term(in->table->core), in->mhz,
			cs_esc_term(in->file->name));
	else /* a profile of no board: cycles, and no MB/s without a clock */
		fprintf(f,
			"estimate from counts: %s, core %s, no clock: cycles only (give --board "
			"for MB/s) (%s)\n",
			cs_esc_term(prof), cs_esc_term(in->table->core),
			cs_esc_term(in->file->name));
	if (*in->table->path)
		fprintf(f, "cost table: %s\n", cs_esc_term(in->table->path));
	if (in->pipe)
		fprintf(f, "model: %s pipeline table version %s (per-block, %s)\n",
			cs_esc_term(in->pipe->core), cs_esc_term(in->pipe->version),
			*in->blocks ? cs_esc_term(in->blocks) : "no per-block counts");
	fprintf(f, "\n%-28s %-18s %-7s %6s %12s %12s %9s %10s %9s %9s  %s\n", "lib/path", "alg",
		"op", "size", "insns/op", "cycles/op", "cycles/B", "MB/s", "modelled", "class c/B",
		"hw (share of instructions)");
	for (size_t i = 0; i < in->file->n_cells; i++) {
		const cs_res_cell *c = &in->file->cells[i];
		if (!c->count.present || strcmp(c->lib, "noop") == 0)
			continue;
		char row[CS_RES_LABEL_MAX], hw[512], why[256], per_b[32] = "-", mbps[32] = "-";
		char share_s[32] = "-", class_b[32] = "-", class_why[320] = "";
		cs_res_row_label(c, row, sizeof row);
		double cyc = 0, ccyc = 0, share = 0;
		/* a class the table prices not: said on the row, never a silent "-" */
		if (cs_est_cycles(in->table, &c->count, &ccyc, why, sizeof why) != 0)
			snprintf(class_why, sizeof class_why, " (class c/B: %s)", why);
		else if (c->count.per_byte)
			snprintf(class_b, sizeof class_b, "%.2f", ccyc / (double)c->size);
		int model = model_cycles(in, c, &cyc, &share, why, sizeof why);
		if (model != 0 && share > 0)
			snprintf(share_s, sizeof share_s, "%.1f%%", 100 * share);
		if (model != 0) {
			fprintf(f,
				"%-28s %-18s %-7s %6lld %12.0f %12s %9s %10s %9s %9s  no estimate: "
				"%s%s\n",
				cs_esc_term(row), cs_esc_term(c->alg), cs_esc_term(c->op), c->size,
				c->count.insns_per_op, "-", "-", "-", share_s, class_b,
				cs_esc_term(why), cs_esc_term(class_why));
			continue;
		}
		snprintf(share_s, sizeof share_s, "%.1f%%", 100 * share);
		if (c->count.per_byte) {
			snprintf(per_b, sizeof per_b, "%.2f", cyc / (double)c->size);
			if (in->mhz > 0)
				cs_report_number(cs_est_mbps(cyc, c->size, in->mhz), mbps,
						 sizeof mbps);
		}
		cs_report_hw_count(&c->count, hw, sizeof hw);
		fprintf(f, "%-28s %-18s %-7s %6lld %12.0f %12.0f %9s %10s %9s %9s  %s%s\n",
			cs_esc_term(row), cs_esc_term(c->alg), cs_esc_term(c->op), c->size,
			c->count.insns_per_op, cyc, per_b, mbps, share_s, class_b, hw,
			cs_esc_term(class_why));
	}
	fprintf(f, "\n");
}

/* A table row's estimates: per counting run its MB/s (0 when it has no
   such cell) and the run nearest the table (n_in when none). */
typedef struct cs_est_cmp {
	double table;		      /* the table's MB/s */
	double mbps[CS_EST_RUNS_MAX]; /* per counting run, 0 = no estimate */
	size_t nearest;		      /* the run nearest the table, n_in when none */
	double off;		      /* how far the nearest is: max(ratio, 1 / ratio) */
	char near[256];		      /* the nearest and every run with the same estimate */
} cs_est_cmp;

static void
compare_eval(const cs_est_input *in, size_t n_in, const cs_res_cell *c, cs_est_cmp *r)
{
	memset(r, 0, sizeof *r);
	r->table = c->rate.median / 1e6;
	r->nearest = n_in;
	double best = 0;
	for (size_t k = 0; k < n_in && k < CS_EST_RUNS_MAX; k++) {
		const cs_res_cell *e = counted_for(in[k].file, c);
		double cyc;
		char why[256];
		double share;
		if (!e || model_cycles(&in[k], e, &cyc, &share, why, sizeof why) != 0)
			continue;
		r->mbps[k] = cs_est_mbps(cyc, c->size, in[k].mhz);
		double off = fabs(log(r->mbps[k] / r->table));
		if (r->mbps[k] > 0 && (r->nearest == n_in || off < best)) {
			r->nearest = k;
			best = off;
		}
	}
	r->off = exp(best);
	size_t nu = 0;
	for (size_t k = 0; r->nearest < n_in && k < n_in && k < CS_EST_RUNS_MAX; k++)
		if (r->mbps[k] > 0 && fabs(log(r->mbps[k] / r->mbps[r->nearest])) < 0.005 &&
		    nu < sizeof r->near)
			nu += (size_t)snprintf(r->near + nu, sizeof r->near - nu, "%s%s",
					       nu ? " = " : "", in[k].file->counting.profile);
}

double
cs_est_window(const cs_pipe_table *t)
{
	if (!t || t->error < 1)
		return CS_EST_WINDOW_UNVALIDATED;
	return ceil(t->error * 20 - 1e-9) / 20;
}

/* One table row against every counting file's estimate: false when no
   counting file has its cell. */
static bool
compare_row(const cs_est_input *in, size_t n_in, const cs_res_cell *c, FILE *f)
{
	cs_est_cmp r;
	compare_eval(in, n_in, c, &r);
	if (r.nearest == n_in)
		return false;
	char num[32];
	cs_report_number(r.table, num, sizeof num);
	fprintf(f, "%-18s %-7s %6lld %10s", cs_esc_term(c->alg), cs_esc_term(c->op), c->size, num);
	for (size_t k = 0; k < n_in && k < CS_EST_RUNS_MAX; k++) {
		if (r.mbps[k] <= 0) {
			fprintf(f, " %10s %7s", "-", "");
			continue;
		}
		cs_report_number(r.mbps[k], num, sizeof num);
		fprintf(f, " %10s %6.2fx", num, r.mbps[k] / r.table);
	}
	double w = cs_est_window(in[r.nearest].pipe);
	fprintf(f, "  %s", cs_esc_term(r.near));
	if (r.off > w)
		fprintf(f, " (off by more than %.2fx)", w);
	fputc('\n', f);
	return true;
}

/* The path: per algorithm and op, at the table's largest size with an
   estimate (where the per-call cost of the API matters least), the run
   nearest the table. */
static void
compare_paths(const cs_est_input *in, size_t n_in, const cs_res_file *t, size_t s, FILE *f)
{
	for (size_t i = 0; i < t->n_cells; i++) {
		const cs_res_cell *c = &t->cells[i], *big = NULL;
		bool first = true;
		for (size_t j = 0; j < t->n_cells && first; j++) {
			const cs_res_cell *o = &t->cells[j];
			if (o->source != s || !o->ok || !o->bytes || o->size <= 0 || o->multi > 1 ||
			    !same(o->alg, c->alg) || !same(o->op, c->op))
				continue;
			if (j < i)
				first = false; /* reported with its first row */
			else if (!big || o->size > big->size) {
				cs_est_cmp r;
				compare_eval(in, n_in, o, &r);
				if (r.nearest < n_in)
					big = o;
			}
		}
		if (!first || !big || c->source != s)
			continue;
		cs_est_cmp r;
		compare_eval(in, n_in, big, &r);
		double w = cs_est_window(in[r.nearest].pipe);
		fprintf(f, "path: %s %s at %lld B (%.4g MB/s) is %s %s (%.2fx)",
			cs_esc_term(big->alg), cs_esc_term(big->op), big->size, r.table,
			r.off > w ? "nearest to" : "consistent with", cs_esc_term(r.near),
			r.mbps[r.nearest] / r.table);
		for (size_t k = 0; k < n_in && k < CS_EST_RUNS_MAX; k++)
			if (r.mbps[k] > 0 && fabs(log(r.mbps[k] / r.mbps[r.nearest])) >= 0.005)
				fprintf(f, "; %s %.2fx", cs_esc_term(in[k].file->counting.profile),
					r.mbps[k] / r.table);
		if (r.off > w)
			fprintf(f, "; off by more than %.2fx", w);
		fputc('\n', f);
	}
}

/* The byte-op rows of one worker of each source of a table file (imported
   or timed) against every counting file's estimate. */
static void
compare_file(const cs_est_input *in, size_t n_in, const cs_res_file *t, FILE *f)
{
	for (size_t s = 0; s < (t->n_sources ? t->n_sources : 1); s++) {
		bool header = false;
		size_t missed = 0;
		for (size_t i = 0; i < t->n_cells; i++) {
			const cs_res_cell *c = &t->cells[i];
			if (c->source != s || !c->ok || !c->bytes || c->size <= 0 || c->multi > 1 ||
			    c->count.present)
				continue;
			if (!header) {
				fprintf(f, "against %s",
					cs_esc_term(t->n_sources ? t->sources[s].label : t->name));
				fprintf(f, ": measured MB/s, per counting run its estimate "
					   "(estimate/table), the nearest\n\n");
				fprintf(f, "%-18s %-7s %6s %10s", "alg", "op", "size", "table");
				for (size_t k = 0; k < n_in && k < CS_EST_RUNS_MAX; k++)
					fprintf(f, " %19.19s", in[k].file->counting.profile);
				fprintf(f, "  nearest\n");
				header = true;
			}
			if (!compare_row(in, n_in, c, f))
				missed++;
		}
		if (missed)
			fprintf(f, "(%zu rows of it were not counted: no estimate)\n", missed);
		if (header) {
			fprintf(f, "\n");
			compare_paths(in, n_in, t, s, f);
			fprintf(f, "\n");
		}
	}
}

int
cs_report_estimate(const cs_est_input *in, size_t n_in, const cs_res_file *const *tables,
		   size_t n_tables, FILE *f)
{
	for (size_t i = 0; i < n_in; i++)
		estimate_block(&in[i], f);
	for (size_t i = 0; i < n_tables; i++)
		compare_file(in, n_in, tables[i], f);
	fprintf(f, "An estimate from counts, not a measurement: each hot block's executions times "
		   "its cycles\non the core's pipeline table (data/costs/<core>.pipe.tsv, "
		   "docs/estimates.md), at the\nboard's clock; caches and branch prediction are "
		   "not in it. \"class c/B\" is the old\nper-class table, a labelled fallback "
		   "no comparison uses.\n");
	return 0;
}

/* One field in format fmt ("csv", "markdown", "html"), escaped there. */
static void
put(FILE *f, const char *fmt, const char *s)
{
	if (strcmp(fmt, "csv") == 0)
		cs_esc_csv(f, s);
	else if (strcmp(fmt, "markdown") == 0)
		cs_esc_md(f, s);
	else
		cs_esc_xml(f, s);
}

/* The estimate's columns (CSV header, Markdown and HTML table heads). */
static const char *const est_cols[] = {"lib",		"path",
				       "alg",		"op",
				       "size",		"profile",
				       "core",		"model",
				       "cycles_per_op", "cycles_per_byte",
				       "mb_s",		"clock_mhz",
				       "modelled",	"class_cycles_per_byte",
				       "note",		NULL};

/* v with prec decimals when show, else the empty field. */
static void
opt_num(char *buf, size_t n, bool show, int prec, double v)
{
	if (show)
		snprintf(buf, n, "%.*f", prec, v);
	else if (n)
		buf[0] = '\0';
}

int
cs_report_estimate_format(const cs_est_input *in, size_t n_in, const char *fmt, FILE *f)
{
	bool csv = strcmp(fmt, "csv") == 0, md = strcmp(fmt, "markdown") == 0,
	     json = strcmp(fmt, "json") == 0;
	json_t *arr = json ? json_array() : NULL;
	if (json && !arr)
		return -1;
	if (csv || md || !json) {
		if (!csv && !md)
			fprintf(f, "<table>\n<tr>");
		for (size_t k = 0; est_cols[k]; k++)
			fprintf(f,
				csv  ? "%s%s"
				: md ? "%s%s "
				     : "%s<th>%s</th>",
				csv  ? (k ? "," : "")
				: md ? "| "
				     : "",
				est_cols[k]);
		fprintf(f, csv ? "\n" : md ? "|\n" : "</tr>\n");
		if (md) {
			for (size_t k = 0; est_cols[k]; k++)
				fprintf(f, "|---");
			fprintf(f, "|\n");
		}
	}
	for (size_t i = 0; i < n_in; i++) {
		char model[96];
		if (in[i].pipe)
			snprintf(model, sizeof model, "%s.pipe.tsv v%s", in[i].pipe->core,
				 in[i].pipe->version);
		else
			snprintf(model, sizeof model, "none");
		for (size_t j = 0; j < in[i].file->n_cells; j++) {
			const cs_res_cell *c = &in[i].file->cells[j];
			if (!c->count.present || strcmp(c->lib, "noop") == 0)
				continue;
			double cyc = 0, ccyc = 0, share = 0;
			char why[256] = "", class_why[256] = "", v[16][128];
			int model_rc = model_cycles(&in[i], c, &cyc, &share, why, sizeof why);
			bool have_class = cs_est_cycles(in[i].table, &c->count, &ccyc, class_why,
							sizeof class_why) == 0;
			snprintf(v[0], sizeof v[0], "%s", c->lib);
			snprintf(v[1], sizeof v[1], "%s", c->path ? c->path : "");
			snprintf(v[2], sizeof v[2], "%s", c->alg);
			snprintf(v[3], sizeof v[3], "%s", c->op);
			snprintf(v[4], sizeof v[4], "%lld", c->size);
			snprintf(v[5], sizeof v[5], "%s", in[i].file->counting.profile);
			snprintf(v[6], sizeof v[6], "%s", in[i].table->core);
			snprintf(v[7], sizeof v[7], "%s", model);
			opt_num(v[8], sizeof v[8], model_rc == 0, 0, cyc);
			opt_num(v[9], sizeof v[9], model_rc == 0 && c->count.per_byte, 2,
				c->size > 0 ? cyc / (double)c->size : 0);
			opt_num(v[10], sizeof v[10],
				model_rc == 0 && c->count.per_byte && in[i].mhz > 0, 2,
				cs_est_mbps(cyc, c->size, in[i].mhz));
			opt_num(v[11], sizeof v[11], in[i].mhz > 0, 0, in[i].mhz);
			opt_num(v[12], sizeof v[12], share > 0, 3, share);
			opt_num(v[13], sizeof v[13], have_class && c->count.per_byte, 2,
				c->size > 0 ? ccyc / (double)c->size : 0);
			/* the note: why no model estimate, then why no class c/B */
			snprintf(v[14], sizeof v[14], "%s%s%s%s", model_rc == 0 ? "" : why,
				 model_rc != 0 && !have_class ? "; " : "",
				 have_class ? "" : "class c/B: ", have_class ? "" : class_why);
			if (json) {
				json_t *o = json_object();
				for (size_t k = 0; o && est_cols[k]; k++) {
					bool num = (k == 4 || (k >= 8 && k <= 13)) && *v[k];
					json_object_set_new(
						o, est_cols[k],
						num && (k == 4 || k == 8 || k == 11)
							? json_integer(strtoll(v[k], NULL, 10))
						: num		 ? json_real(strtod(v[k], NULL))
						: *v[k] || k < 8 ? json_string(v[k])
								 : json_null());
				}
				if (o)
					json_array_append_new(arr, o);
				continue;
			}
			if (!csv && !md)
				fprintf(f, "<tr>");
			for (size_t k = 0; est_cols[k]; k++) {
				fprintf(f, csv ? (k ? "," : "") : md ? "| " : "<td>");
				put(f, fmt, v[k]);
				fprintf(f, csv ? "" : md ? " " : "</td>");
			}
			fprintf(f, csv ? "\n" : md ? "|\n" : "</tr>\n");
		}
	}
	if (json) {
		int rc = json_dumpf(arr, f,
				    JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(6));
		fprintf(f, "\n");
		json_decref(arr);
		return rc == 0 ? 0 : -1;
	}
	if (!csv && !md)
		fprintf(f, "</table>\n");
	return 0;
}
