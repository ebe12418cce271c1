/* Heap accounting where the interposer (heap.c) cannot work: a static link
   or a sanitizer build. The TLS cells then carry no heap figures. */
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
