/* A result file's text to a jansson tree. jansson's parser reads a large
   file at about 40 MB/s here (a 20,000-cell file, 33 MB: 0.8 s of CPU);
   most of it is its character-by-character lexer. yajl (Debian's libyajl)
   lexes the same text four times faster, and its events build the very
   same jansson tree in 0.33 s, so the build uses it when it has it (the
   reports and `report --format json` read the tree). Every text yajl refuses, and every text where the
   two could differ, goes to jansson's json_loadb instead, so what is
   accepted and every error message stay jansson's:
   - "\u" escapes (yajl lets a lone surrogate or \u0000 through), and the
     \f and \v bytes (yajl takes them for white space) send the whole text
     to jansson before yajl sees it;
   - a string or key that is not valid UTF-8 (json_stringn and
     json_object_setn_new check it), a NUL byte, an integer out of range, a
     real that overflows, a duplicate key, a scalar at the top, or nesting
     deeper than CS_RES_DEPTH_MAX stop the build, and jansson parses the
     text from the start (it then either names the error or, for deep
     nesting, leaves it to the decoder). */
#include <stdlib.h>
#include <string.h>

#ifdef CS_RESULTS_YAJL
#include <yajl/yajl_parse.h>
#endif

#include "parse.h"
#include "results.h"

/* The parsed document lives in one arena, released at once: jansson's
   values are each a malloc'd block, and allocating and freeing them one by
   one was about half the time of loading a large file. The arena is
   jansson's allocator only while a file is parsed; the tree is never freed
   value by value (cs_results_free releases the arena). */
struct cs_res_arena {
	struct cs_res_arena *next; /* the chunk filled before this one */
	size_t used, cap;	   /* bytes of data used and available */
	max_align_t data[];	   /* the values */
};

#define ARENA_CHUNK ((size_t)1 << 20)
#define ARENA_MAX2(a, b) ((a) > (b) ? (a) : (b))
#define ARENA_ALIGN                                                                                \
	ARENA_MAX2(ARENA_MAX2(_Alignof(double), _Alignof(long long)),                              \
		   ARENA_MAX2(_Alignof(void *), _Alignof(size_t)))

/* The arena jansson allocates into during a parse (NULL otherwise). */
static cs_res_arena *parsing;

static void *
arena_malloc(size_t n)
{
	/* jansson's values hold pointers, sizes, doubles and long longs: their
	   alignment is enough (max_align_t's 16 bytes cost a tenth more memory) */
	size_t align = ARENA_ALIGN, need = (n + align - 1) / align * align;
	if (!parsing || parsing->cap - parsing->used < need) {
		size_t cap = need > ARENA_CHUNK / 4 ? need : ARENA_CHUNK;
		cs_res_arena *c = malloc(sizeof *c + cap);
		if (!c)
			return NULL;
		c->cap = cap;
		c->used = 0;
		if (parsing && cap != ARENA_CHUNK) {
			/* a large block: its own chunk, behind the current one */
			c->next = parsing->next;
			parsing->next = c;
			c->used = need;
			return c->data;
		}
		c->next = parsing;
		parsing = c;
	}
	void *p = (char *)parsing->data + parsing->used;
	parsing->used += need;
	return p;
}

static void
arena_free(void *p)
{
	(void)p; /* released with the whole arena */
}

void
cs_res_arena_release(cs_res_arena *a)
{
	while (a) {
		cs_res_arena *next = a->next;
		free(a);
		a = next;
	}
}

#ifdef CS_RESULTS_YAJL
/* The tree being built from yajl's events. */
typedef struct builder {
	json_t *open[CS_RES_DEPTH_MAX + 1]; /* the arrays and objects not closed yet */
	int depth;			    /* entries in open */
	json_t *root;			    /* the top array or object */
	char *key;			    /* the key the next value of an object goes under */
	size_t key_len, key_cap;	    /* its length, and bytes allocated */
} builder;

/* v into the open container (or as the root): 0 stops the parse. */
static int
add(builder *b, json_t *v)
{
	if (!v)
		return 0;
	if (b->depth == 0) {
		if (b->root || !(json_is_object(v) || json_is_array(v)))
			return 0; /* a scalar at the top: jansson names it */
		b->root = v;
		return 1;
	}
	if (b->depth > CS_RES_DEPTH_MAX)
		return 0; /* deeper than the decoder accepts: jansson's tree, the decoder's message */
	json_t *in = b->open[b->depth - 1];
	if (json_is_array(in))
		return json_array_append_new(in, v) == 0;
	size_t size = json_object_size(in);
	/* checks the key's UTF-8; a duplicate replaces a value and leaves the size */
	return json_object_setn_new(in, b->key, b->key_len, v) == 0 &&
	       json_object_size(in) == size + 1;
}

static int
on_null(void *ctx)
{
	return add(ctx, json_null());
}

static int
on_boolean(void *ctx, int v)
{
	return add(ctx, json_boolean(v));
}

/* Numbers as jansson reads them: yajl's lexer tells an integer (no
   fraction, no exponent) from a real as jansson's does; yajl refuses an
   integer out of range (even -2^63, which jansson takes: jansson then
   parses the text) and a real that overflows, as jansson does. */
static int
on_integer(void *ctx, long long v)
{
	return add(ctx, json_integer((json_int_t)v));
}

static int
on_double(void *ctx, double v)
{
	return add(ctx, json_real(v));
}

static int
on_string(void *ctx, const unsigned char *s, size_t len)
{
	if (memchr(s, '\0', len))
		return 0;
	return add(ctx, json_stringn((const char *)s, len)); /* NULL when not UTF-8 */
}

static int
on_key(void *ctx, const unsigned char *s, size_t len)
{
	builder *b = ctx;
	if (memchr(s, '\0', len))
		return 0;
	if (len + 1 > b->key_cap) {
		size_t cap = 2 * (len + 1);
		char *k = realloc(b->key, cap);
		if (!k)
			return 0;
		b->key = k;
		b->key_cap = cap;
	}
	memcpy(b->key, s, len);
	b->key[len] = '\0';
	b->key_len = len;
	return 1;
}

static int
open_container(builder *b, json_t *v)
{
	if (!add(b, v) || b->depth > CS_RES_DEPTH_MAX)
		return 0;
	b->open[b->depth++] = v;
	return 1;
}

static int
on_start_map(void *ctx)
{
	return open_container(ctx, json_object());
}

static int
on_start_array(void *ctx)
{
	return open_container(ctx, json_array());
}

static int
on_end(void *ctx)
{
	builder *b = ctx;
	b->depth--;
	return 1;
}

static const yajl_callbacks events = {
	.yajl_null = on_null,
	.yajl_boolean = on_boolean,
	.yajl_integer = on_integer,
	.yajl_double = on_double,
	.yajl_string = on_string,
	.yajl_start_map = on_start_map,
	.yajl_map_key = on_key,
	.yajl_end_map = on_end,
	.yajl_start_array = on_start_array,
	.yajl_end_array = on_end,
};

/* Text yajl could read differently from jansson: "\u", \f, \v. */
static bool
for_jansson(const char *buf, size_t len)
{
	if (memchr(buf, '\f', len) || memchr(buf, '\v', len))
		return true;
	for (const char *p = buf, *end = buf + len; (p = memchr(p, '\\', (size_t)(end - p)));) {
		if (++p < end && *p == 'u')
			return true;
		p++; /* the escaped character (a backslash does not start another escape) */
		if (p >= end)
			break;
	}
	return false;
}

/* The tree from yajl's events, or NULL (then jansson parses the text). */
static json_t *
yajl_tree(const char *buf, size_t len)
{
	if (for_jansson(buf, len))
		return NULL;
	builder b = {.depth = 0};
	yajl_handle h = yajl_alloc(&events, NULL, &b);
	if (!h)
		return NULL;
	bool ok = yajl_parse(h, (const unsigned char *)buf, len) == yajl_status_ok &&
		  yajl_complete_parse(h) == yajl_status_ok && b.root && b.depth == 0;
	yajl_free(h);
	free(b.key);
	return ok ? b.root : NULL;
}
#endif

json_t *
cs_res_parse(const char *buf, size_t len, cs_res_parser how, json_error_t *e, cs_res_arena **arena,
	     bool *shallow)
{
	json_malloc_t old_malloc;
	json_free_t old_free;
	json_get_alloc_funcs(&old_malloc, &old_free);
	parsing = NULL;
	json_set_alloc_funcs(arena_malloc, arena_free);
	json_t *r = NULL;
	*shallow = false;
#ifdef CS_RESULTS_YAJL
	if (how == CS_RES_PARSE_BEST) {
		r = yajl_tree(buf, len);
		*shallow = r != NULL; /* the builder refused anything deeper */
		if (!r) {
			/* a part-built tree: thrown away with its chunks */
			cs_res_arena_release(parsing);
			parsing = NULL;
		}
	}
#else
	(void)how;
#endif
	if (!r)
		r = json_loadb(buf, len, JSON_REJECT_DUPLICATES, e);
	json_set_alloc_funcs(old_malloc, old_free);
	*arena = parsing;
	parsing = NULL;
	return r;
}
