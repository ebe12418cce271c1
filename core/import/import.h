/*
 * Import of `openssl speed` output: the text that people paste, from OpenSSL
 * 0.9.6 to 3.x (text, -mr, -multi), with prose around it, turned into one
 * cryptospeed/1 document (what each era prints: the top of import.c).
 *
 * The document, metadata before cells:
 *   "schema": "cryptospeed/1", "tool": {name, version},
 *   "imported": {"format": "openssl-speed", "file", "note"},
 *   "sources": [{"label", "source": "imported", "file", "line", "version", "built_on", "options",
 *                "compiler", "cpuinfo", "multi", "format": "text"|"mr"|"progress",
 *                "cells"}]          one per table (one run of openssl speed)
 *   "cells": [{"source": "imported", "table" (index into sources), "file", "line" (the table's),
 *              "row_line", "lib": "openssl", "lib_version", "path": "evp"|"lowlevel",
 *              "mask": "none", ["multi": N when > 1], "alg", "op", "size" (0 for op/s),
 *              "status": "ok", "rate": {"median", "unit": "B/s"|"op/s"}}]
 * No samples, no confidence interval, no evidence: one number per cell. This is
 * the imported form of docs/results-format.md (core/results/load.c reads it).
 *
 * Names: ours where the catalogue (core/workload/algs.def) has them, with its
 * op ("aes-128-gcm" seal, "sha256" digest; ecdh X25519 -> x25519 derive,
 * nistp256 -> p256 derive); otherwise OpenSSL's own, spaces as '-' ("des-cbc", "hmac(md5)")
 * and key ops as its speed selectors ("rsa2048" sign/verify[/encrypt/decrypt],
 * "dsa1024", "ecdsap256", "ecdhp384", "ed25519", "ffdh2048"). Low-level rows
 * ("aes-128 cbc") are path "lowlevel", EVP rows ("aes-128-cbc") "evp"; a bare
 * name ("sha256") is "evp" from 3.0 (which runs everything through EVP) and
 * "lowlevel" before (or when the era cannot be told). A rate of 0.00 (an
 * algorithm the build left out) gives no cell.
 */
#ifndef CS_IMPORT_H
#define CS_IMPORT_H

#include <stddef.h>
#include <stdio.h>

#include "results.h"

/* Return values of the import functions (they are the CLI's exit statuses). */
#define CS_IMPORT_OK 0
#define CS_IMPORT_IO 1	/* the file could not be read */
#define CS_IMPORT_BAD 2 /* not text, or no table in it: err names the file and line */

/*
 * Parse len bytes of text (need not be NUL-terminated). file_name is recorded
 * in every source and cell and names the input in err. On success *out is a
 * new reference to the document; on failure *out is NULL and err holds one
 * line "FILE:LINE: what was wrong (accepted: ...)".
 */
int cs_import_openssl_speed(const char *text, size_t len, const char *file_name,
			    struct json_t **out, char *err, size_t err_size);

/*
 * The same, and every line that looked like part of a table but could not be
 * read (a value that is not a number, more values than the table has sizes,
 * an -mr line with a bad field, a line over 8 KiB, a cell given twice with
 * another value) is reported to diag (when not NULL) as one line
 * "cryptospeed: FILE:LINE: skipped: why" and counted in *skipped (when not
 * NULL). A skipped line never ends the table it is in: the rows after it are
 * read.
 */
int cs_import_openssl_speed_ex(const char *text, size_t len, const char *file_name,
			       struct json_t **out, char *err, size_t err_size, FILE *diag,
			       size_t *skipped);

/* The same for a file read whole (at most CS_IMPORT_MAX_BYTES); "-" is stdin,
   named "stdin" in the document and messages. */
int cs_import_openssl_speed_file(const char *path, struct json_t **out, char *err, size_t err_size);
int cs_import_openssl_speed_file_ex(const char *path, struct json_t **out, char *err,
				    size_t err_size, FILE *diag, size_t *skipped);

/*
 * Name the sources of doc after label (import --label): "label" for one
 * source, "label #1", "label #2", ... for several; " -multi N" kept. The
 * default label is the version line (or "openssl speed") and "(file:line)".
 */
int cs_import_label(struct json_t *doc, const char *label);

/*
 * import openssl-speed FILE [--label L]: the file's tables as the result model
 * (out owns its data: cs_results_free), named after label when not NULL,
 * checked by the reader every subcommand uses. Returns as the functions
 * above; diag and skipped as in cs_import_openssl_speed_ex.
 */
int cs_import_openssl_speed_typed(const char *path, const char *label, cs_res_file *out, char *err,
				  size_t err_size, FILE *diag, size_t *skipped);

/* The largest input read: far beyond any pasted page. */
#define CS_IMPORT_MAX_BYTES ((size_t)64 << 20)

/* The most cells one import makes (about 2 KiB of memory each as JSON): a
   full openssl speed run has about 200, a long forum thread a few thousand. */
#define CS_IMPORT_MAX_CELLS 100000

/*
 * One value of the byte-rate table, as speed.c prints it: "35875.57k" is
 * thousands of bytes per second, "9795.82" (no suffix, printed under 10000)
 * is bytes per second, "0.00" is a rate of zero (an algorithm not measured),
 * as are "inf" and "nan" (printed when a timing came out as 0 s).
 * n is the token's length. 0 and *bytes_per_s set, or -1 when it is not one.
 */
int cs_import_parse_rate(const char *tok, size_t n, double *bytes_per_s);

#endif
