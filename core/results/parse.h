/* Text to a jansson tree for the loader (load.c): yajl's event parser builds
   the tree when it can, jansson's own parser otherwise and for every error
   message. Internal to core/results. */
#ifndef CS_RES_PARSE_H
#define CS_RES_PARSE_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

/* The memory of one parsed document (its values are never freed one by one). */
typedef struct cs_res_arena cs_res_arena;

/* Which parser builds the tree. */
typedef enum cs_res_parser {
	CS_RES_PARSE_BEST,    /* yajl when built with it and the text allows, else jansson */
	CS_RES_PARSE_JANSSON, /* jansson's json_loadb alone (the reference) */
} cs_res_parser;

/* Parse buf into a tree allocated in a new arena (*arena; release it with
   cs_res_arena_release, also on failure). NULL with jansson's error in *e
   when the text is not a JSON object or array, exactly as json_loadb with
   JSON_REJECT_DUPLICATES says it. *shallow is set when the tree is known to
   nest no deeper than CS_RES_DEPTH_MAX (no need to walk it again). */
json_t *cs_res_parse(const char *buf, size_t len, cs_res_parser how, json_error_t *e,
		     cs_res_arena **arena, bool *shallow);
void cs_res_arena_release(cs_res_arena *a);

/* Read a conform file's JSON as every reader of one does (a duplicate key is
   an error); NULL with e set. */
json_t *cs_res_conform_read(const char *path, json_error_t *e);
/* Why it could not be read: "PATH: cannot read: No such file or directory",
   "PATH: is a directory (...)" or "PATH: line 3: not JSON: ...". */
void cs_res_conform_read_error(const char *path, const json_error_t *e, char *why, size_t n);

#endif
