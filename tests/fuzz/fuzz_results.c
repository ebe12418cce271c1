/* libFuzzer target: any bytes as a result file. The loader either refuses
   them with a message or yields a file every report format can print. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "report.h"
#include "verdict.h"
#include "results.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	cs_res_file r;
	char why[1024];
	if (cs_results_load_buffer((const char *)data, size, "fuzz.json", &r, why, sizeof why) !=
	    0) {
		/* a refusal names the file and says something */
		if (strncmp(why, "fuzz.json: ", 11) != 0 || !why[11])
			__builtin_trap();
		return 0;
	}
	FILE *sink = fopen("/dev/null", "w");
	if (sink) {
		const cs_res_file *one = &r;
		for (size_t i = 0; cs_format_name(CS_FOR_REPORT, i); i++)
			for (int v = 0; v < CS_VIEW_COUNT; v++)
				cs_report_emit(&one, 1, cs_format_name(CS_FOR_REPORT, i),
					       (cs_view)v, sink);
		cs_comparison c;
		char w2[512];
		if (cs_compare(&r, &r, &cs_compare_defaults, &c, w2, sizeof w2) == 0) {
			cs_compare_text(&c, sink);
			cs_comparison_free(&c);
		}
		fclose(sink);
	}
	cs_results_free(&r);
	return 0;
}
