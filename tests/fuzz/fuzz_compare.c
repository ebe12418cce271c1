/* Fuzz target: compare and history on an untrusted result file. Whatever the
   file holds, they must not crash, and a file compared with itself flags
   nothing (no slower, hw, status or missing cell, no drift). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "history.h"
#include "verdict.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	json_t *r = json_loadb((const char *)data, size, 0, NULL);
	if (!json_is_object(r)) {
		json_decref(r);
		return 0;
	}
	FILE *null = fopen("/dev/null", "w");
	if (!null) {
		json_decref(r);
		return 0;
	}
	cs_comparison c;
	char why[512];
	if (cs_compare(r, r, &cs_compare_defaults, "a", "a", &c, why, sizeof why) == 0) {
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
	if (cs_compare(r, r, &o, "a", "a", &c, why, sizeof why) == 0) {
		cs_compare_text(&c, null);
		cs_comparison_free(&c);
	}
	json_t *two[2] = {r, r};
	const char *paths[2] = {"a", "b"};
	cs_history_opts h = cs_history_defaults;
	h.cp.permutations = 19;
	cs_history(two, paths, 2, &h, null, why, sizeof why);
	h.format = "json";
	cs_history(two, paths, 2, &h, null, why, sizeof why);
	fclose(null);
	json_decref(r);
	return 0;
}
