/*
 * cryptospeed-heap.so, the heap interposer of the TLS family's
 * per-connection figures: it defines malloc and its relatives over glibc's
 * own (__libc_malloc, ...), so every library of a process it is preloaded
 * into allocates through here, whatever allocator hooks the library has or
 * lacks (GnuTLS has none that work since 3.3). Bytes are what
 * malloc_usable_size says a block holds. Counting is off until
 * cryptospeed_heap_begin().
 *
 * Never linked into a worker: a worker that times loads it in no process.
 * Heap figures come from a second process of the same worker, started with
 * it preloaded, that prepares the same cell untimed (heap_probe.c), and from
 * a TLS grid pair run only for them (core/orchestrator/tls_pair.c). The
 * worker finds these functions with dlsym.
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

/* The three the worker looks up (heap_probe.c): the only names exported
   besides the allocator's. */
#define CS_HEAP_EXPORT __attribute__((visibility("default")))
CS_HEAP_EXPORT void cryptospeed_heap_begin(void);
CS_HEAP_EXPORT void cryptospeed_heap_end(int64_t *live_bytes, int64_t *peak_bytes);
CS_HEAP_EXPORT int64_t cryptospeed_heap_live(void);

void
cryptospeed_heap_begin(void)
{
	live = peak = 0;
	counting = 1;
}

void
cryptospeed_heap_end(int64_t *live_bytes, int64_t *peak_bytes)
{
	counting = 0;
	*live_bytes = live;
	*peak_bytes = peak;
}

int64_t
cryptospeed_heap_live(void)
{
	return live;
}
