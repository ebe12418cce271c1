/* A string-keyed hash index (open addressing, FNV-1a): the reports' way to
   find a row, a block or a cell in constant time, so 20,000 cells cost
   20,000 lookups, not 20,000^2 comparisons. */
#include <stdlib.h>
#include <string.h>

#include "report.h"

static uint64_t
fnv1a(const char *s, size_t len)
{
	uint64_t h = 1469598103934665603ULL;
	for (size_t i = 0; i < len; i++) {
		h ^= (unsigned char)s[i];
		h *= 1099511628211ULL;
	}
	return h;
}

static int
grow(cs_index *x)
{
	size_t cap = x->cap ? x->cap * 2 : 64;
	cs_index_slot *s = calloc(cap, sizeof *s);
	if (!s)
		return -1;
	for (size_t i = 0; i < x->cap; i++) {
		if (!x->slots[i].key)
			continue;
		size_t j = x->slots[i].hash & (cap - 1);
		while (s[j].key)
			j = (j + 1) & (cap - 1);
		s[j] = x->slots[i];
	}
	free(x->slots);
	x->slots = s;
	x->cap = cap;
	return 0;
}

size_t
cs_index_put(cs_index *x, const char *key, size_t len, size_t val, bool *found)
{
	if ((x->n + 1) * 2 > x->cap && grow(x) != 0)
		return CS_INDEX_NONE;
	uint64_t h = fnv1a(key, len);
	size_t j = h & (x->cap - 1);
	for (; x->slots[j].key; j = (j + 1) & (x->cap - 1)) {
		cs_index_slot *s = &x->slots[j];
		if (s->hash == h && s->len == len && memcmp(s->key, key, len) == 0) {
			*found = true;
			return s->val;
		}
	}
	char *k = malloc(len + 1);
	if (!k)
		return CS_INDEX_NONE;
	memcpy(k, key, len);
	k[len] = '\0';
	x->slots[j] = (cs_index_slot){.key = k, .len = len, .hash = h, .val = val};
	x->n++;
	*found = false;
	return val;
}

size_t
cs_index_get(const cs_index *x, const char *key, size_t len)
{
	if (!x->cap)
		return CS_INDEX_NONE;
	uint64_t h = fnv1a(key, len);
	for (size_t j = h & (x->cap - 1); x->slots[j].key; j = (j + 1) & (x->cap - 1)) {
		const cs_index_slot *s = &x->slots[j];
		if (s->hash == h && s->len == len && memcmp(s->key, key, len) == 0)
			return s->val;
	}
	return CS_INDEX_NONE;
}

void
cs_index_free(cs_index *x)
{
	for (size_t i = 0; i < x->cap; i++)
		free(x->slots[i].key);
	free(x->slots);
	memset(x, 0, sizeof *x);
}
