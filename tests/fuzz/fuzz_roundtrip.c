/* libFuzzer target: any bytes as a result file; whatever the decoder accepts
   encodes to a document the decoder accepts again, and encoding that gives
   the same bytes (encode -> decode -> encode is the identity). The loader's
   two parsers (yajl's events and jansson, core/results/parse.c) give the
   same tree, in order and type, or the same error. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"
#include "results.h"

static void
same_parse(const char *buf, size_t len)
{
	json_error_t e1, e2;
	cs_res_arena *a1, *a2;
	bool s1, s2;
	json_t *t1 = cs_res_parse(buf, len, CS_RES_PARSE_BEST, &e1, &a1, &s1);
	json_t *t2 = cs_res_parse(buf, len, CS_RES_PARSE_JANSSON, &e2, &a2, &s2);
	if (!t1 != !t2)
		__builtin_trap(); /* one parser accepts what the other refuses */
	if (!t1 && (strcmp(e1.text, e2.text) != 0 || e1.position != e2.position))
		__builtin_trap(); /* not jansson's message */
	if (t1) {
		size_t flags = JSON_COMPACT | JSON_PRESERVE_ORDER;
		char *d1 = json_dumps(t1, flags), *d2 = json_dumps(t2, flags);
		if (!d1 || !d2 || strcmp(d1, d2) != 0)
			__builtin_trap(); /* two trees */
		free(d1);
		free(d2);
	}
	cs_res_arena_release(a1);
	cs_res_arena_release(a2);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	same_parse((const char *)data, size);
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
