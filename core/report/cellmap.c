/* Cell identity and an open-addressing hash map (FNV-1a, linear probing). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cellmap.h"
#include "exports.h"
#include "results.h"

void
cs_cell_key(json_t *cell, char *buf, size_t n)
{
	char label[256];
	const char *alg = json_string_value(json_object_get(cell, "alg"));
	const char *op = json_string_value(json_object_get(cell, "op"));
	cs_row_label(cell, label, sizeof label);
	snprintf(buf, n, "%s %s %s %lld", label, alg ? alg : "?", op ? op : "?",
		 (long long)json_integer_value(json_object_get(cell, "size")));
}

static uint64_t
hash(const char *s)
{
	uint64_t h = 0xcbf29ce484222325u;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3u;
	return h;
}

int
cs_cellmap_init(cs_cellmap *m, size_t expect)
{
	size_t cap = 16;
	while (cap < 2 * expect)
		cap *= 2;
	m->keys = calloc(cap, sizeof *m->keys);
	m->vals = calloc(cap, sizeof *m->vals);
	m->cap = cap;
	m->n = 0;
	if (!m->keys || !m->vals) {
		cs_cellmap_free(m);
		return -1;
	}
	return 0;
}

static size_t
slot(const cs_cellmap *m, const char *key)
{
	size_t i = (size_t)hash(key) & (m->cap - 1);
	while (m->keys[i] && strcmp(m->keys[i], key) != 0)
		i = (i + 1) & (m->cap - 1);
	return i;
}

size_t
cs_cellmap_get(const cs_cellmap *m, const char *key)
{
	if (m->cap == 0)
		return (size_t)-1;
	size_t i = slot(m, key);
	return m->keys[i] ? m->vals[i] : (size_t)-1;
}

static int
grow(cs_cellmap *m)
{
	cs_cellmap bigger;
	if (cs_cellmap_init(&bigger, m->cap) != 0)
		return -1;
	for (size_t i = 0; i < m->cap; i++)
		if (m->keys[i]) {
			size_t j = slot(&bigger, m->keys[i]);
			bigger.keys[j] = m->keys[i];
			bigger.vals[j] = m->vals[i];
			bigger.n++;
		}
	free(m->keys);
	free(m->vals);
	*m = bigger;
	return 0;
}

int
cs_cellmap_put(cs_cellmap *m, const char *key, size_t val)
{
	if ((m->cap == 0 && cs_cellmap_init(m, 8) != 0) ||
	    (2 * (m->n + 1) > m->cap && grow(m) != 0))
		return -1;
	size_t i = slot(m, key);
	if (m->keys[i])
		return 1;
	size_t len = strlen(key) + 1;
	m->keys[i] = malloc(len);
	if (!m->keys[i])
		return -1;
	memcpy(m->keys[i], key, len);
	m->vals[i] = val;
	m->n++;
	return 0;
}

void
cs_cellmap_free(cs_cellmap *m)
{
	for (size_t i = 0; m->keys && i < m->cap; i++)
		free(m->keys[i]);
	free(m->keys);
	free(m->vals);
	memset(m, 0, sizeof *m);
}

size_t
cs_cell_rep_ns(json_t *cell, double *out, size_t max)
{
	const char *status = json_string_value(json_object_get(cell, "status"));
	if (!status || strcmp(status, "ok") != 0 || max == 0)
		return 0;
	json_t *reps = json_object_get(cell, "repetitions"), *r;
	size_t n = 0, i;
	json_array_foreach(reps, i, r) {
		double v = json_number_value(json_object_get(r, "ns_per_op"));
		if (n < max && v > 0 && isfinite(v))
			out[n++] = v;
	}
	if (n)
		return n;
	double v = json_number_value(json_object_get(json_object_get(cell, "ns_per_op"), "median"));
	if (!(v > 0) || !isfinite(v))
		return 0;
	out[0] = v;
	return 1;
}
