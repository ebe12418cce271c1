/* A cell's identity across result files, and a hash map keyed by it (history,
   compare and the exports match cells in O(1), not by scanning). */
#ifndef CS_CELLMAP_H
#define CS_CELLMAP_H

#include <stddef.h>
#include <jansson.h>

/* "label alg op size" (label as cs_row_label: lib/path[variant]/mask xN). */
void cs_cell_key(json_t *cell, char *buf, size_t n);

typedef struct cs_cellmap {
	size_t cap;		/* slots (a power of two), 0 before init */
	size_t n;		/* keys stored */
	char **keys;		/* per slot: a copy of the key, NULL when empty */
	size_t *vals;		/* per slot: the value stored with the key */
} cs_cellmap;

/* Room for about expect keys before it grows. 0, or -1 on no memory. */
int cs_cellmap_init(cs_cellmap *m, size_t expect);
/* The value stored for key, or (size_t)-1 when absent. */
size_t cs_cellmap_get(const cs_cellmap *m, const char *key);
/* Store key -> val unless key is present: 0 stored, 1 present (unchanged), -1 no memory. */
int cs_cellmap_put(cs_cellmap *m, const char *key, size_t val);
void cs_cellmap_free(cs_cellmap *m);

#endif
