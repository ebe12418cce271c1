/* Fuzz target: compare and history on an untrusted result file. Whatever the
   file holds, the loader refuses it or they run without crashing, and a file
   compared with itself flags nothing (no slower, hw, status or missing cell). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "history.h"
#include "verdict.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	cs_res_file r;
	char why[512];
	if (cs_results_load_buffer((const char *)data, size, "fuzz", &r, why, sizeof why) != 0)
		return 0;
	FILE *null = fopen("/dev/null", "w");
	if (!null) {
		cs_results_free(&r);
		return 0;
	}
	cs_comparison c;
	if (cs_compare(&r, &r, &cs_compare_defaults, &c, why, sizeof why) == 0) {
		for (int k = 0; k < CS_FLAG_COUNT; k++)
			if (c.count[k])
				abort();
		if (c.status != 0 || c.new_cells)
			abort();
		cs_compare_text(&c, null);
		cs_compare_markdown(&c, null);
		cs_compare_junit(&c, null);
		cs_compare_json(&c, null);
		cs_comparison_free(&c);
	}
	/* same-run mode with selections the file may or may not have */
	cs_compare_opts o = cs_compare_defaults;
	o.base_sel = "noop";
	o.cur_sel = "noop[x]/no-aes";
	if (cs_compare(&r, &r, &o, &c, why, sizeof why) == 0) {
		cs_compare_text(&c, null);
		cs_comparison_free(&c);
	}
	const cs_res_file *two[2] = {&r, &r};
	cs_history_opts h = cs_history_defaults;
	h.cp.permutations = 19;
	cs_history(two, 2, &h, null, why, sizeof why);
	h.format = "json";
	cs_history(two, 2, &h, null, why, sizeof why);
	fclose(null);
	cs_results_free(&r);
	return 0;
}
