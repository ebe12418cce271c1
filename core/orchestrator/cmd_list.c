/* cryptospeed list: the workers found, what each library has. */
#define _GNU_SOURCE
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "board.h"
#include "escape.h"
#include "cli.h"
#include "count.h"
#include "cpu.h"

#define MAX_WORKERS 64

/* list --boards: the board table (core/common/board.c), one tab-separated
   line a board under a header line; scripts read it by the header's names. */
static int
list_boards(void)
{
	puts("board\tprofile\tcore\tclock_mhz\tflash_kib\tram_kib\tabout\tclock_source");
	for (size_t i = 0; i < cs_n_boards; i++) {
		const cs_board *b = &cs_boards[i];
		const cs_count_profile *p = cs_count_profile_find(b->profile);
		printf("%s\t%s\t%s\t%u\t%u\t%u\t%s\t%s\n", b->name, b->profile,
		       p ? p->qemu_cpu : "-", b->clock_mhz, b->flash_kib, b->ram_kib, b->about,
		       b->clock_source);
	}
	return CS_EXIT_OK;
}

int
cs_cmd_list(int argc, char **argv)
{
	cs_config cfg;
	memset(&cfg, 0, sizeof cfg);
	cfg.timeout_s = 10;
	static const struct option options[] = {
		{"help", no_argument, NULL, 'h'},
		{"launcher", required_argument, NULL, 'l'},
		{"worker-dir", required_argument, NULL, 'w'},
		{"boards", no_argument, NULL, 'b'},
		{NULL, 0, NULL, 0},
	};
	int c;
	bool boards = false;
	optind = 1;
	while ((c = cs_getopt(argc, argv, ":h", options, "list")) != -1) {
		switch (c) {
		case 'h':
			puts("usage: cryptospeed list [--launcher 'CMD ARGS'] [--worker-dir DIR]\n"
			     "       cryptospeed list --boards\n"
			     "Start every worker found and show its library version, build, paths\n"
			     "and algorithms (with why an algorithm is unsupported), and the CPU.\n"
			     "--boards: the boards run --count --board and report --board know,\n"
			     "tab-separated (board, profile, core, clock_mhz, flash_kib, ram_kib,\n"
			     "about, clock_source), nothing started.");
			return CS_EXIT_OK;
		case 'l': cs_parse_launcher(&cfg, optarg); break;
		case 'w': cfg.worker_dir = optarg; break;
		case 'b': boards = true; break;
		}
	}
	if (optind < argc)
		cs_usage_error("unexpected argument '%s' for list (accepted: --launcher, "
			       "--worker-dir, --boards, --help)",
			       argv[optind]);
	if (boards)
		return list_boards();
	static cs_worker_file files[MAX_WORKERS];
	size_t n_files = cs_find_workers(files, MAX_WORKERS);
	cs_cpu cpu;
	cs_cpu_detect(&cpu);
	/* what workers say (a launcher may run them on another machine) and the
	   names of files found are shown, never obeyed: escaped for the terminal */
	char s1[4096], s2[4096];
	printf("cpu: %s (%s, %d CPUs)\nfeatures (%s): %s\n", cs_esc_term(cpu.model),
	       cs_esc_term(cpu.arch), cpu.cpus, cs_esc_term(cpu.source),
	       cs_esc_term_buf(s1, sizeof s1, cpu.features));
	if (n_files == 0)
		printf("no workers found in ../libexec/cryptospeed, next to cryptospeed or in "
		       "CRYPTOSPEED_WORKER_PATH\n");
	size_t failed = 0;
	for (size_t f = 0; f < n_files; f++) {
		cs_worker w;
		memset(&w, 0, sizeof w);
		w.file = &files[f];
		w.cpu = -1;
		snprintf(w.mask, sizeof w.mask, "%s", cs_mask_name(CS_MASK_NONE));
		printf("\n%s  (%s)\n", cs_esc_term(files[f].name),
		       cs_esc_term_buf(s1, sizeof s1, files[f].path));
		if (cs_worker_start(&w, &cfg) != 0) {
			printf("  error: %s\n", cs_esc_term_buf(s1, sizeof s1, w.error));
			failed++;
			continue;
		}
		const cs_msg_hello *h = cs_worker_hello(&w);
		printf("  version:  %s\n", cs_esc_term_buf(s1, sizeof s1, h->version));
		if (h->build[0])
			printf("  build:    %s\n", cs_esc_term_buf(s1, sizeof s1, h->build));
		if (h->cpu_info[0])
			printf("  cpu info: %s\n", cs_esc_term_buf(s1, sizeof s1, h->cpu_info));
		printf("  masks:   ");
		for (size_t i = 0; i < h->n_masks; i++)
			printf(" %s=%s", cs_esc_term(h->masks[i].name),
			       cs_esc_term(cs_msg_mask_status_names[h->masks[i].status]));
		printf("\n  %-10s %-18s %s\n", "path", "algorithm", "status");
		for (size_t i = 0; i < h->n_impls; i++) {
			const cs_msg_impl *impl = &h->impls[i];
			printf("  %-10s %-18s %s%s%s\n", cs_esc_term(impl->path),
			       cs_esc_term(impl->alg), impl->available ? "ok" : "unsupported",
			       impl->why[0] ? ": " : "", cs_esc_term_buf(s2, sizeof s2, impl->why));
		}
		cs_worker_quit(&w);
	}
	if (n_files > 0 && failed == n_files) {
		/* the exit status table: no worker could start is 1 */
		fprintf(stderr, "cryptospeed: list: none of the %zu workers could start (above)\n",
			n_files);
		return CS_EXIT_FAILURE;
	}
	if (failed) {
		fprintf(stderr, "cryptospeed: list: %zu of %zu workers could not start (above)\n",
			failed, n_files);
		return CS_EXIT_NOT_OK;
	}
	return CS_EXIT_OK;
}
