/* The cell's scalar fields as one table (fields.c): the decoder (load.c),
   the encoder (encode.c) and docs/results-format.md's cell table
   (cs_results_doc) all walk it, so the three cannot drift apart. Internal to
   core/results. */
#ifndef CS_RES_FIELDS_H
#define CS_RES_FIELDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* How a field is stored in cs_res_cell and written in the file. */
typedef enum cs_res_ftype {
	CS_RES_F_NAME,	/* const char *, at most CS_RES_NAME_MAX bytes */
	CS_RES_F_TEXT,	/* const char *, at most CS_RES_TEXT_MAX bytes */
	CS_RES_F_INT,	/* long long in [lo, hi] */
	CS_RES_F_SMALL, /* int in [lo, hi] */
	CS_RES_F_NUM,	/* double in [lo, hi] */
	CS_RES_F_BOOL,	/* bool (def_num != 0 when absent) */
	CS_RES_F_DOC,	/* not a scalar: decoded and encoded by hand; a doc row only */
} cs_res_ftype;

/* One key of a cell. */
typedef struct cs_res_field {
	const char *key;      /* the JSON key */
	cs_res_ftype type;    /* storage and check */
	size_t off;	      /* offset in its struct (cs_res_cell, cs_res_count, ...) */
	bool required;	      /* absent: the file is refused */
	const char *def;      /* strings: the value when absent (NULL: none) */
	long long lo, hi;     /* integers and numbers: the accepted range */
	double def_num;	      /* integers and numbers: the value when absent */
	const char *doc_type; /* the doc's type column */
	const char *doc_req;  /* the doc's required column */
	const char *doc;      /* the doc's meaning column */
	bool always;	      /* written even at its default (read as optional) */
} cs_res_field;

extern const cs_res_field cs_res_cell_fields[];
extern const size_t cs_res_n_cell_fields;
/* A cell's "count" object (cs_res_count) and the file's "counting" object
   (cs_res_counting): run --count. */
extern const cs_res_field cs_res_count_fields[];
extern const size_t cs_res_n_count_fields;
extern const cs_res_field cs_res_counting_fields[];
extern const size_t cs_res_n_counting_fields;
/* A "libraries" entry (cs_res_lib), its "worker_cpu" (cs_res_cpu) and the
   file's "config" object (cs_res_config). */
/* A "sources" entry (cs_res_source). */
extern const cs_res_field cs_res_source_fields[];
extern const size_t cs_res_n_source_fields;
extern const cs_res_field cs_res_lib_fields[];
extern const size_t cs_res_n_lib_fields;
extern const cs_res_field cs_res_cpu_fields[];
extern const size_t cs_res_n_cpu_fields;
extern const cs_res_field cs_res_config_fields[];
extern const size_t cs_res_n_config_fields;

/* Write doc (consumed; NULL is a failure) to f indented by one, keys in
   order, with a final newline: every document core/results writes. 0 or -1. */
struct json_t;
int cs_res_dump(FILE *f, struct json_t *doc);
/* A JSON array of the n integers (a new reference). */
struct json_t *cs_res_integers(const long long *v, size_t n);
/* The "emulation" object's keys (cs_res_emulation). */
extern const cs_res_field cs_res_emulation_fields[];
extern const size_t cs_res_n_emulation_fields;

/* A "conformance" block (the file's) and one of its rows (cs_res_conform):
   run --conform, docs/conformance.md. */
extern const cs_res_field cs_res_conformance_fields[];
extern const size_t cs_res_n_conformance_fields;
extern const cs_res_field cs_res_conform_fields[];
extern const size_t cs_res_n_conform_fields;

#endif
