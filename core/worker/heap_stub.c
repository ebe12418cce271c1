/* Heap accounting where the interposer (heap.c) cannot work: a static link
   or a sanitizer build. The TLS cells then carry no heap figures. */
#include <stdio.h>

#include "worker.h"

bool
cs_heap_available(void)
{
	return false;
}

void
cs_heap_begin(void)
{
}

void
cs_heap_end(int64_t *live_bytes, int64_t *peak_bytes)
{
	*live_bytes = *peak_bytes = 0;
}

int64_t
cs_heap_live(void)
{
	return 0;
}

void
cs_heap_probe(cs_cell *cell)
{
	(void)cell;
}

int
cs_heap_probe_main(const char *index, const char *op, const char *size)
{
	(void)index;
	(void)op;
	(void)size;
	fprintf(stderr, "--heap-probe: this worker is built without heap accounting\n");
	return 1;
}
