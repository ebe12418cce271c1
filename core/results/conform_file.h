/* The conformance result file (`cryptospeed conform -o`, schema
   "cryptospeed-conform/1", docs/conformance.md) and compare's document for
   two of them ("cryptospeed-conform-compare/1"): typed both ways, so the
   orchestrator never reads or writes their JSON. */
#ifndef CS_RES_CONFORM_FILE_H
#define CS_RES_CONFORM_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* What one case did on one impl, in the order the file lists the counts. */
typedef enum cs_conform_outcome {
	CS_CONFORM_PASS,	     /* "passed": as expected */
	CS_CONFORM_INVALID_ACCEPTED, /* an invalid case accepted: the serious kind */
	CS_CONFORM_VALID_REFUSED,    /* a valid case refused */
	CS_CONFORM_WRONG_OUTPUT,     /* accepted with another output than the vector's */
	CS_CONFORM_ACCEPTABLE_OK,    /* "acceptable_accepted" */
	CS_CONFORM_ACCEPTABLE_NO,    /* "acceptable_refused" */
	CS_CONFORM_NA,		     /* "not_applicable" to this impl */
	CS_CONFORM_CRASHED,	     /* the worker crashed or hung on it */
	CS_CONFORM_ERROR,	     /* "errors": the request could not be run */
	CS_CONFORM_OUTCOMES
} cs_conform_outcome;

/* The outcomes' keys in the file ("passed", "invalid_accepted", ...). */
extern const char *const cs_conform_outcome_keys[CS_CONFORM_OUTCOMES];
/* Whether the file lists an outcome's tcIds ("<key>_ids"): every outcome
   but passed, not_applicable and acceptable_accepted. */
bool cs_conform_has_ids(int outcome);

/* One row: library build x path x vector file x algorithm. */
typedef struct cs_conform_row {
	const char *lib;		      /* "openssl", "openssl@3.0.22" */
	const char *path;		      /* the API path */
	const char *file;		      /* the vector file, without .json */
	const char *alg;		      /* the algorithm */
	long long count[CS_CONFORM_OUTCOMES]; /* cases of each outcome */
	long long *ids[CS_CONFORM_OUTCOMES];  /* tcIds of an outcome with ids */
	size_t n_ids[CS_CONFORM_OUTCOMES];    /* entries in ids[o] */
} cs_conform_row;

/* A conform file. Built by conform (strings are the caller's) or loaded
   (strings point into the document, released by cs_conform_free). */
typedef struct cs_conform_file {
	const char *vectors;	 /* "Wycheproof testvectors_v1" */
	const char *vectors_dir; /* where they were read */
	double elapsed_s;	 /* wall time of the run */
	cs_conform_row *rows;	 /* n_rows entries */
	size_t n_rows;
	void *doc; /* the loaded document (owned), NULL when built */
} cs_conform_file;

/* Whether path is a conform file (its schema); never an error. */
bool cs_conform_is_file(const char *path);
/* Read and check a conform file: every row has lib, path, file, alg (strings),
   counts (integers >= 0, 0 when absent) and id lists (integers, empty when
   absent). 0, or -1 with "FILE: rows[3].lib: must be a string" in why. */
int cs_conform_load(const char *path, cs_conform_file *out, char *why, size_t n);
/* Release what cs_conform_load allocated (a built file's arrays are the caller's). */
void cs_conform_free(cs_conform_file *f);
/* A cs_outfile_writer (arg: a cs_conform_file *): the document indented by
   one, keys in order, a final newline. */
int cs_conform_writer(FILE *f, void *conform_file);

/* One tcId that differs between two conform files (compare). */
typedef struct cs_conform_change {
	const char *row;  /* "lib/path file alg" */
	const char *kind; /* the outcome's key: "invalid_accepted", ... */
	long long tc;	  /* the tcId */
} cs_conform_change;

/* compare's result for two conform files. */
typedef struct cs_conform_diff {
	const char *base, *cur;	  /* the two file names */
	cs_conform_change *worse; /* failing in cur, not in base (n_worse) */
	size_t n_worse;
	cs_conform_change *fixed; /* failing in base, not in cur (n_fixed) */
	size_t n_fixed;
	const char **missing; /* rows of base missing in cur (n_missing) */
	size_t n_missing;
	int status; /* compare's exit status */
} cs_conform_diff;

/* The diff as compare's JSON document, indented, with a final newline.
   0, or -1 when it could not be written. */
int cs_conform_diff_print(FILE *f, const cs_conform_diff *d);

#endif
