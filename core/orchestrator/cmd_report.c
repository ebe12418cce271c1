/* cryptospeed report: print result files (several side by side) in another
   format or view. */
#define _GNU_SOURCE
#include <getopt.h>
#include <stdio.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "conform_file.h"
#include "board.h"
#include "count.h"
#include "estimate.h"
#include "fleet.h"
#include "mcu.h"
#include "handshake.h"
#include "outfile.h"
#include "report.h"
#include "text.h"

void
cs_cli_load_results(const char *file, cs_res_file *out)
{
	char why[1024];
	if (cs_results_load(file, out, why, sizeof why) != 0)
		cs_usage_error("%s", why);
}

const char *
cs_costs_dir(char *buf, size_t n)
{
	const char *env = getenv("CRYPTOSPEED_COSTS_DIR");
	if (env && *env)
		return env;
	return cs_share_dir("costs", CS_COSTS_DIR, buf, n);
}

/* dir/<core>.pipe.tsv into buf. */
static const char *
pipes_path(const char *dir, const char *core, char *buf, size_t n)
{
	snprintf(buf, n, "%s/%s.pipe.tsv", dir, core);
	return buf;
}

/* One counting file's estimate input: its core's class table (the
   labelled fallback), its pipeline table where the core has one, and the
   per-block counts the file names beside it. 0, or -1 with why. */
static int
est_input(const cs_res_file *f, const cs_count_profile *p, const char *dir, double mhz,
	  cs_est_input *in, cs_est_table *table, cs_pipe_table *pipe, char *why, size_t why_n)
{
	char table_why[768], path[4200];
	if (cs_est_table_load(dir, p->qemu_cpu, table, table_why, sizeof table_why) != 0) {
		snprintf(why, why_n, "--view estimate: %s", table_why);
		return -1;
	}
	in->file = f;
	in->table = table;
	in->mhz = mhz;
	/* the pipeline model: the core's table and the file's per-block counts
	   beside it (a missing one: no estimate, said per cell) */
	if (cs_pipe_table_load(dir, p->qemu_cpu, pipe, table_why, sizeof table_why) == 0)
		in->pipe = pipe;
	else if (access(pipes_path(dir, p->qemu_cpu, path, sizeof path), F_OK) == 0) {
		snprintf(why, why_n, "--view estimate: %s", table_why);
		return -1;
	}
	if (f->counting.blocks && *f->counting.blocks) {
		const char *slash = strrchr(f->name, '/');
		int len = slash ? (int)(slash - f->name) + 1 : 0;
		snprintf(in->blocks, sizeof in->blocks, "%.*s%s", len, f->name, f->counting.blocks);
	}
	return 0;
}

/* A counting file's board clock in MHz (0: none): the file's own record
   (every counting file since boards had a table, board or none), else, for
   an older file, today's board table's first board of its profile. */
static unsigned
file_clock(const cs_res_file *f)
{
	const cs_res_counting *k = &f->counting;
	if ((k->board_name && *k->board_name) || (k->table && *k->table))
		return (unsigned)k->clock_mhz;
	const cs_board *b = cs_board_of_profile(k->profile);
	return b ? b->clock_mhz : 0;
}

/* report --view estimate: each counting file's profile gives the core (its
   cost table) and the clock (--board's, else the file's board's); the
   other files are the tables compared with. 0, or -1 with why (bad input:
   the caller exits 2 after freeing the files). */
static int
report_estimate(const cs_res_file *const *files, size_t n, const char *board, const char *format,
		FILE *out, char *why, size_t why_n)
{
	char known[512], dirbuf[4096];
	const cs_board *b_on = NULL;
	const cs_count_profile *on = NULL;
	cs_board_names(known, sizeof known, false, true);
	if (board && !(b_on = cs_board_find(board))) {
		snprintf(why, why_n, "unknown board '%s' (known: %s)", board, known);
		return -1;
	}
	if (b_on && !(on = cs_count_profile_find(b_on->profile))) {
		snprintf(why, why_n, "board '%s' names profile '%s', which is none", board,
			 b_on->profile);
		return -1;
	}
	const char *dir = cs_costs_dir(dirbuf, sizeof dirbuf);
	cs_est_input *in = calloc(n, sizeof *in);
	cs_est_table *tables = calloc(n, sizeof *tables);
	cs_pipe_table *pipes = calloc(n, sizeof *pipes);
	const cs_res_file **others = calloc(n, sizeof *others);
	size_t n_in = 0, n_others = 0;
	int rc = 0;
	if (!in || !tables || !others || !pipes) {
		snprintf(why, why_n, "out of memory");
		rc = -1;
	}
	for (size_t i = 0; i < n && rc == 0; i++) {
		const cs_res_file *f = files[i];
		if (!f->counting.present) {
			others[n_others++] = f;
			continue;
		}
		const cs_count_profile *p = cs_count_profile_find(f->counting.profile);
		unsigned mhz = b_on ? b_on->clock_mhz : file_clock(f);
		if (!p || strcmp(p->arch, "x86_64") == 0) {
			snprintf(why, why_n,
				 "--view estimate: %s was counted for profile '%s', which is no "
				 "board "
				 "(boards: %s)",
				 f->name, f->counting.profile, known);
			rc = -1;
		} else if (on && strcmp(on->qemu_cpu, p->qemu_cpu) != 0) {
			snprintf(why, why_n,
				 "--view estimate: %s was counted on core %s (profile '%s'), not "
				 "on "
				 "--board %s's core %s (accepted: a counting file of that core)",
				 f->name, p->qemu_cpu, p->name, board, on->qemu_cpu);
			rc = -1;
		} else if (est_input(f, p, dir, mhz, &in[n_in], &tables[n_in], &pipes[n_in], why,
				     why_n) != 0) {
			rc = -1;
		} else {
			n_in++;
		}
	}
	if (rc == 0 && n_in == 0) {
		snprintf(why, why_n,
			 "--view estimate needs a counting run (run --count --board B): none of "
			 "the "
			 "%zu file%s has counts",
			 n, n == 1 ? "" : "s");
		rc = -1;
	}
	if (rc == 0) {
		if (strcmp(format, "text") != 0) {
			if (cs_report_estimate_format(in, n_in, format, out) != 0) {
				snprintf(why, why_n, "--view estimate: cannot write the %s output",
					 format);
				rc = -1;
			}
		} else {
			if (on)
				fprintf(out, "clock: %u MHz for every estimate (--board %s)\n\n",
					b_on->clock_mhz, board);
			cs_report_estimate(in, n_in, others, n_others, out);
		}
	}
	free(in);
	free(tables);
	free(pipes);
	free(others);
	return rc;
}

/* report --view mcu: each file's board clock from its counting profile. */
static int
report_mcu(const cs_res_file *const *files, size_t n, const char *format, FILE *out)
{
	unsigned *clock = calloc(n + 1, sizeof *clock);
	if (!clock)
		return -1;
	for (size_t i = 0; i < n; i++) {
		clock[i] = files[i]->counting.present ? file_clock(files[i]) : 0;
	}
	int rc = cs_report_mcu(files, n, clock, format, out);
	free(clock);
	return rc;
}

/* report --view fleet: the counting files whose profile is a board's with a
   clock and a cost table get estimates; the others show none. */
static int
report_fleet(const cs_res_file *const *files, size_t n, const char *format, FILE *out)
{
	char dirbuf[4096], why[1024];
	const char *dir = cs_costs_dir(dirbuf, sizeof dirbuf);
	cs_est_input *in = calloc(n + 1, sizeof *in);
	cs_est_table *tables = calloc(n + 1, sizeof *tables);
	cs_pipe_table *pipes = calloc(n + 1, sizeof *pipes);
	size_t n_in = 0;
	int rc = -1;
	if (in && tables && pipes) {
		for (size_t i = 0; i < n; i++) {
			const cs_res_file *f = files[i];
			if (!f->counting.present)
				continue;
			const cs_count_profile *p = cs_count_profile_find(f->counting.profile);
			unsigned mhz = file_clock(f);
			if (!p || strcmp(p->arch, "x86_64") == 0 || mhz == 0 ||
			    est_input(f, p, dir, mhz, &in[n_in], &tables[n_in], &pipes[n_in], why,
				      sizeof why) != 0)
				continue;
			n_in++;
		}
		rc = cs_report_fleet(files, n, in, n_in, format, out);
	}
	free(in);
	free(tables);
	free(pipes);
	return rc;
}

/* report -o: the report made in memory, written by cs_outfile_write. */
struct buf {
	const char *p;
	size_t n;
};

static cs_outfile_writer write_buf;
static int
write_buf(FILE *f, void *arg)
{
	const struct buf *b = arg;
	return b->n && fwrite(b->p, 1, b->n, f) != b->n ? -1 : 0;
}

/* What `cryptospeed report` was asked for, from its command line. */
struct report_opts {
	const char *format, *view_name, *handshake, *board, *output;
	const char *conform[16];
	size_t n_conform;
	cs_view view;
	char target[4096]; /* the checked -o path */
};

static void
report_usage(void)
{
	char formats[256], views[256];
	cs_format_names(CS_FOR_REPORT, "|", formats, sizeof formats);
	cs_join_strv(views, sizeof views, cs_report_view_names, "|");
	printf("usage: cryptospeed report FILE.json... [--format %s] [--view %s]\n"
	       "                          [--handshake KEX+SIG] [--conform "
	       "C.json] [--mix-sources]\n"
	       "                          [-o FILE]\n"
	       "-o FILE: the report into FILE (written whole or not at all, as "
	       "run -o),\n"
	       "not to standard output.\n"
	       "Several files side by side: one source per run or imported table.\n"
	       "--view handshake: the crypto cost of a TLS 1.3 handshake per "
	       "lib/path;\n"
	       "--handshake picks one configuration (default: x25519+ecdsa-p256,\n"
	       "x25519+ed25519, x25519+rsa-2048; KEX x25519|p256).\n"
	       "--conform C.json (a `cryptospeed conform -o` file, may be given\n"
	       "again): its rows join every file's conformance block, as run\n"
	       "--conform writes one: the matrix's conform column, and the rank\n"
	       "view marks every lib/path that accepted an invalid test vector.\n"
	       "--view evidence: each instruction class's share per cell (exact "
	       "counts\n"
	       "of a counting run). A view a format does not print exits 2.\n"
	       "--view estimate (text): a board's speed from a counting run "
	       "(run --count\n"
	       "--board B) and the core's cost table: cycles/op, cycles/B, MB/s "
	       "at the\n"
	       "board's clock; imported tables given with it get estimate/table "
	       "per row\n"
	       "and the counting run nearest; --board B: B's clock for every "
	       "estimate.\n"
	       "--view fleet (text, markdown): boards side by side (a file's "
	       "board:\n"
	       "its --label), each board's measured rate beside its estimate\n"
	       "from a counting run and their ratio.\n"
	       "--view mcu (text, markdown, csv, html): MCU boards' counting runs\n"
	       "(run --count --board stm32f407 ...): cycles/op, cycles/B, us/op,\n"
	       "stack and heap per library build, a verdict line per question.\n"
	       "Rankings follow one set of rules (printed under each): one per "
	       "source\n"
	       "and parallelism, emulated runs unranked; --mix-sources ranks "
	       "sources\n"
	       "(imported and measured) together.\n",
	       formats, views);
}

/* The options into o; true after --help (printed). */
static bool
report_parse(int argc, char **argv, struct report_opts *o)
{
	static const struct option options[] = {
		{"help", no_argument, NULL, 'h'},
		{"format", required_argument, NULL, 'f'},
		{"view", required_argument, NULL, 'v'},
		{"handshake", required_argument, NULL, 'H'},
		{"conform", required_argument, NULL, 'C'},
		{"mix-sources", no_argument, NULL, 'M'},
		{"board", required_argument, NULL, 'B'},
		{"output", required_argument, NULL, 'o'},
		{NULL, 0, NULL, 0},
	};
	const size_t max_conform = sizeof o->conform / sizeof o->conform[0];
	int c;
	optind = 1;
	while ((c = cs_getopt(argc, argv, ":ho:", options, "report")) != -1) {
		switch (c) {
		case 'h': report_usage(); return true;
		case 'f': o->format = optarg; break;
		case 'v': o->view_name = optarg; break;
		case 'H': o->handshake = optarg; break;
		case 'C':
			if (o->n_conform == max_conform)
				cs_usage_error("--conform '%s': at most %zu files", optarg,
					       max_conform);
			o->conform[o->n_conform++] = optarg;
			break;
		case 'M': cs_rules_set_mix_sources(true); break;
		case 'B': o->board = optarg; break;
		case 'o': o->output = optarg; break;
		}
	}
	return false;
}

/* Every option checked against the others before a file is read;
   cs_usage_error on the first that does not fit. */
static void
report_check(int argc, struct report_opts *o)
{
	if (optind == argc)
		cs_usage_error("report needs a result file (cryptospeed report FILE.json...)");
	char known[256];
	if (!cs_format_known(CS_FOR_REPORT, o->format)) {
		cs_format_names(CS_FOR_REPORT, ", ", known, sizeof known);
		cs_usage_error("unknown format '%s' (known: %s)", o->format, known);
	}
	o->view = cs_report_view_find(o->view_name);
	if (o->view == CS_VIEW_COUNT) {
		cs_join_strv(known, sizeof known, cs_report_view_names, ", ");
		cs_usage_error("unknown view '%s' (known: %s)", o->view_name, known);
	}
	char pair[256];
	if (!cs_report_pair_check(o->format, o->view, pair, sizeof pair))
		cs_usage_error("%s", pair);
	if (o->handshake) {
		cs_hs_config hs;
		char why[256];
		if (o->view != CS_VIEW_HANDSHAKE)
			cs_usage_error("--handshake '%s' needs --view handshake", o->handshake);
		if (!cs_hs_config_parse(o->handshake, &hs, why, sizeof why))
			cs_usage_error("%s", why);
	}
	if (o->board && o->view != CS_VIEW_ESTIMATE)
		cs_usage_error("--board '%s' needs --view estimate", o->board);
	if (o->output) {
		char why[1024];
		if (cs_outfile_check(o->output, o->target, sizeof o->target, why, sizeof why) != 0)
			cs_usage_error("-o %s", why);
	}
}

/* Each of the n files into files[], with every --conform file attached. */
static void
report_load(const struct report_opts *o, char **paths, size_t n, cs_res_file *files,
	    const cs_res_file **ptrs)
{
	for (size_t i = 0; i < n; i++) {
		cs_cli_load_results(paths[i], &files[i]);
		ptrs[i] = &files[i];
		for (size_t k = 0; k < o->n_conform; k++) {
			char why[1024];
			if (cs_res_conform_attach(o->conform[k], &files[i], why, sizeof why) != 0)
				cs_usage_error("--conform %s", why);
		}
	}
}

/* The chosen view of the files onto out; nonzero with why when the estimate
   view cannot be made. */
static int
report_view(const struct report_opts *o, const cs_res_file *const *ptrs, size_t n, FILE *out,
	    char *why, size_t why_n)
{
	if (o->view == CS_VIEW_HANDSHAKE)
		cs_report_handshake(ptrs, n, o->handshake, out);
	else if (o->view == CS_VIEW_ESTIMATE)
		return report_estimate(ptrs, n, o->board, o->format, out, why, why_n);
	else if (o->view == CS_VIEW_FLEET) {
		if (report_fleet(ptrs, n, o->format, out) != 0)
			fprintf(stderr, "cryptospeed: out of memory\n");
	} else if (o->view == CS_VIEW_MCU) {
		if (report_mcu(ptrs, n, o->format, out) != 0)
			fprintf(stderr, "cryptospeed: out of memory\n");
	} else
		cs_report_emit(ptrs, n, o->format, o->view, out);
	return 0;
}

/* With -o, the report made in memory (text) written whole to the target;
   then standard output flushed. */
static int
report_finish(const struct report_opts *o, char *text, size_t text_len)
{
	if (o->output) {
		char why[1024];
		struct buf b = {text, text_len};
		int rc = cs_outfile_write(o->target, write_buf, &b, why, sizeof why);
		free(text);
		if (rc != 0) {
			fprintf(stderr, "cryptospeed: -o %s\n", why);
			return CS_EXIT_FAILURE;
		}
	}
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "cryptospeed: cannot write to standard output\n");
		return CS_EXIT_FAILURE;
	}
	return CS_EXIT_OK;
}

int
cs_cmd_report(int argc, char **argv)
{
	struct report_opts o = {.format = "text", .view_name = "matrix"};
	if (report_parse(argc, argv, &o))
		return CS_EXIT_OK;
	report_check(argc, &o);
	size_t n = (size_t)(argc - optind);
	char est_why[1024];
	cs_res_file *files = calloc(n, sizeof *files);
	const cs_res_file **ptrs = calloc(n, sizeof *ptrs);
	if (!files || !ptrs) {
		fprintf(stderr, "cryptospeed: out of memory\n");
		return CS_EXIT_FAILURE;
	}
	report_load(&o, argv + optind, n, files, ptrs);
	char emit_why[256];
	if (o.view != CS_VIEW_HANDSHAKE && o.view != CS_VIEW_ESTIMATE &&
	    !cs_report_emit_check(ptrs, n, o.format, emit_why, sizeof emit_why))
		cs_usage_error("%s", emit_why);
	/* with -o, the report is made in memory and then written whole */
	char *text = NULL;
	size_t text_len = 0;
	FILE *out = o.output ? open_memstream(&text, &text_len) : stdout;
	if (!out) {
		fprintf(stderr, "cryptospeed: out of memory\n");
		return CS_EXIT_FAILURE;
	}
	int est = report_view(&o, ptrs, n, out, est_why, sizeof est_why);
	for (size_t i = 0; i < n; i++)
		cs_results_free(&files[i]);
	free(files);
	free(ptrs);
	if (o.output && fclose(out) != 0) {
		free(text);
		fprintf(stderr, "cryptospeed: out of memory\n");
		return CS_EXIT_FAILURE;
	}
	if (est != 0) {
		free(text);
		cs_usage_error("%s", est_why);
	}
	return report_finish(&o, text, text_len);
}
