/*
 * The records of a small tab-separated table (the cost tables of
 * data/costs: <core>.tsv read by estimate.c, <core>.pipe.tsv by
 * pipeline.c): one record per line, fields split at tabs, blank lines and
 * '#' comment lines skipped. Plain text with LF line ends only: a file that
 * starts with a UTF-8 byte-order mark, holds a NUL byte or a carriage
 * return (a CRLF line end) is refused, naming the file and the line, as is
 * one larger than CS_TSV_FILE_MAX.
 */
#ifndef CS_TSV_H
#define CS_TSV_H

#include <stdbool.h>
#include <stddef.h>

/* A table is small: anything larger is not one. */
#define CS_TSV_FILE_MAX (64 * 1024)
/* Fields of a record kept (a record may have more: n counts them all). */
#define CS_TSV_FIELDS_MAX 8
/* Bytes kept of a field, its terminating NUL included (len says the whole). */
#define CS_TSV_FIELD_SIZE 128

typedef struct cs_tsv {
	const char *name;			      /* the file's name, for messages */
	const char *p;				      /* the next line */
	long long line;				      /* the current record's line, from 1 */
	size_t n;				      /* fields in the current record */
	char f[CS_TSV_FIELDS_MAX][CS_TSV_FIELD_SIZE]; /* its first fields, cut to fit */
	size_t len[CS_TSV_FIELDS_MAX];		      /* their whole lengths */
} cs_tsv;

/* The whole file at path into *text (malloc'ed, NUL-terminated): 0, or -1
   with why: "no KIND for core 'CORE': cannot read PATH: the system's
   reason" when it cannot be opened, else the path and what is wrong (a
   read error, larger than CS_TSV_FILE_MAX, a NUL byte). */
int cs_tsv_read(const char *path, const char *kind, const char *core, char **text, char *why,
		size_t n);
/* Start on text's records (name for messages): 0, or -1 with why when it
   starts with a UTF-8 byte-order mark. */
int cs_tsv_begin(cs_tsv *r, const char *text, const char *name, char *why, size_t n);
/* The next record into r: 1, 0 at the end, -1 with why (a carriage return). */
int cs_tsv_next(cs_tsv *r, char *why, size_t n);
/* Field i of the current record as a number from lo to hi: 0, or -1 when it
   is none, or outside. */
int cs_tsv_number(const cs_tsv *r, size_t i, double lo, double hi, double *v);

#endif
