/* Fuzz target: the catalogue's hex decoder, which reads every KAT vector. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "workload.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);
	if (!s)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	uint8_t out[64];
	long n = cs_hex_decode(s, out, sizeof out);
	if (n >= 0) {
		/* what decoded must encode back to the same (lowercased) hex */
		char back[2 * sizeof out + 1];
		cs_hex_encode(out, (size_t)n, back);
		for (long i = 0; i < 2 * n; i++)
			if ((s[i] | 0x20) != back[i])
				abort();
	}
	free(s);
	return 0;
}
