/*
 * Heap accounting for the TLS family's per-connection figures: the worker
 * defines malloc and its relatives over glibc's own (__libc_malloc, ...), so
 * every library it loads allocates through here, whatever allocator hooks it
 * has or lacks (GnuTLS has none that work since 3.3). Bytes are what
 * malloc_usable_size says a block holds. Counting is off until
 * cs_heap_begin(); while off, the cost is one branch per call.
 *
 * Built only where it can work: glibc, a dynamic link (a static libc.a
 * defines malloc in the same object as __libc_malloc) and no sanitizer (ASan
 * intercepts malloc itself). Elsewhere heap_stub.c answers "not measured".
 */
#define _GNU_SOURCE
#include <errno.h>
#include <malloc.h>
#include <stddef.h>
#include <stdint.h>

#include "worker.h"

void *__libc_malloc(size_t size);
void *__libc_calloc(size_t n, size_t size);
void *__libc_realloc(void *p, size_t size);
void *__libc_memalign(size_t align, size_t size);
void __libc_free(void *p);

static int counting;
static int64_t live, peak;

static void
count_in(void *p)
{
	if (counting && p) {
		live += (int64_t)malloc_usable_size(p);
		if (live > peak)
			peak = live;
	}
}

static void
count_out(void *p)
{
	if (counting && p)
		live -= (int64_t)malloc_usable_size(p);
}

void *
malloc(size_t size)
{
	void *p = __libc_malloc(size);
	count_in(p);
	return p;
}

void *
calloc(size_t n, size_t size)
{
	void *p = __libc_calloc(n, size);
	count_in(p);
	return p;
}

void *
realloc(void *old, size_t size)
{
	size_t before = counting && old ? malloc_usable_size(old) : 0;
	void *p = __libc_realloc(old, size);
	if (counting && (p || size == 0)) {
		live -= (int64_t)before;
		count_in(p);
	}
	return p;
}

void
free(void *p)
{
	count_out(p);
	__libc_free(p);
}

void *
memalign(size_t align, size_t size)
{
	void *p = __libc_memalign(align, size);
	count_in(p);
	return p;
}

void *
aligned_alloc(size_t align, size_t size)
{
	return memalign(align, size);
}

int
posix_memalign(void **out, size_t align, size_t size)
{
	if (align < sizeof(void *) || (align & (align - 1)))
		return EINVAL;
	void *p = memalign(align, size);
	if (!p)
		return ENOMEM;
	*out = p;
	return 0;
}

bool
cs_heap_available(void)
{
	return true;
}

void
cs_heap_begin(void)
{
	live = peak = 0;
	counting = 1;
}

void
cs_heap_end(int64_t *live_bytes, int64_t *peak_bytes)
{
	counting = 0;
	*live_bytes = live;
	*peak_bytes = peak;
}

int64_t
cs_heap_live(void)
{
	return live;
}
