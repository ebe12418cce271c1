/* libFuzzer target: any bytes as a result file; whatever the decoder accepts
   encodes to a document the decoder accepts again, and encoding that gives
   the same bytes (encode -> decode -> encode is the identity). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "results.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	cs_res_file a, b;
	char why[1024];
	if (cs_results_load_buffer((const char *)data, size, "fuzz.json", &a, why, sizeof why) != 0)
		return 0;
	char *one = cs_results_encode_text(&a);
	cs_results_free(&a);
	if (!one)
		__builtin_trap();
	if (cs_results_load_buffer(one, strlen(one), "encoded", &b, why, sizeof why) != 0)
		__builtin_trap(); /* the encoder wrote what the decoder refuses */
	char *two = cs_results_encode_text(&b);
	cs_results_free(&b);
	if (!two || strcmp(one, two) != 0)
		__builtin_trap(); /* not a fixed point */
	free(one);
	free(two);
	return 0;
}
