/*
 * results-load FILE [REPEAT]: load a result file the way every subcommand
 * does (cs_results_load) and nothing else, REPEAT times (default 1); prints
 * the number of cells. bench/load.sh times it; a bad file is refused with
 * the loader's message and exit 2, as the subcommands do.
 */
#include <stdio.h>
#include <stdlib.h>

#include "results.h"

int
main(int argc, char **argv)
{
	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: results-load FILE [REPEAT]\n");
		return 2;
	}
	long repeat = argc == 3 ? strtol(argv[2], NULL, 10) : 1;
	if (repeat < 1 || repeat > 1000) {
		fprintf(stderr, "results-load: REPEAT '%s' (accepted: 1 to 1000)\n", argv[2]);
		return 2;
	}
	size_t cells = 0;
	for (long i = 0; i < repeat; i++) {
		cs_res_file f;
		char why[512];
		if (cs_results_load(argv[1], &f, why, sizeof why) != 0) {
			fprintf(stderr, "%s\n", why);
			return 2;
		}
		cells = f.n_cells;
		cs_results_free(&f);
	}
	printf("%zu cells\n", cells);
	return 0;
}
