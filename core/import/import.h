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
 *                "cells", ["machine"], ["run_options"], ["table_kind"]}]
 *                                   one per table (one run of openssl speed)
 *   "cells": [{"source": "imported", "table" (index into sources), "file", "line" (the table's),
 *              "row_line", "lib": "openssl", "lib_version", "path": "evp"|"lowlevel",
 *              "mask": "none", ["variant": "engine=ID" or the -provider], ["multi": N when > 1],
 *              "alg", "op", "size" (0 for op/s),
 *              "status": "ok", "rate": {"median", "unit": "B/s"|"op/s"}}]
 * No samples, no confidence interval, no evidence: one number per cell. This is
 * the imported form of docs/results-format.md (core/results/load.c reads it).
 *
 * Names (one table: names.c, cs_import_alg_name below): the catalogue's
 * wherever the project measures the algorithm, whatever the era printed
 * ("rsa 2048 bits" -> rsa-2048, "256 bit ecdsa (nistp256)" -> ecdsa-p256,
 * ecdh nistp256 -> p256, ecdh X25519 -> x25519, "hmac(sha256)" ->
 * hmac-sha256, 3.4+'s "rsa2048" row -> rsa-2048), with the catalogue's op
 * ("aes-128-gcm" seal, "sha256" digest); otherwise OpenSSL's speed selector:
 * 3.x's byte-rate names ("des-cbc", "blowfish", "hmac-md5") and the key-op
 * selectors ("rsa4096", "dsa2048", "ecdsap384", "ecdhp384", "ecdhx448",
 * "ed448", "ffdh2048"; 3.5's rows lower case, "ml-kem-768"). Low-level rows
 * ("aes-128 cbc") are path "lowlevel", EVP rows ("aes-128-cbc") "evp"; a bare
 * name ("sha256") is "evp" from 3.0 (which runs everything through EVP) and
 * "lowlevel" before (or when the era cannot be told). A rate of 0.00 (an
 * algorithm the build left out) gives no cell.
 *
 * Sources: one per run of openssl speed. 3.4+ prints some operations in two
 * tables (rsa2048 sign in the classic table and the keygen/sign/verify one,
 * rsa2048 keygen in the KEM and the signature table): a table family that
 * repeats an operation of an earlier one is a source of its own, named
 * ", keygen/sign/verify table" in its label; never one cell with two values.
 * -engine, -provider, -propquery and -async_jobs on a command line in the
 * text are the source's "run_options" (in its label); an engine or provider
 * is also the cells' variant ("engine=cryptodev", as run --variant tags it).
 * Rows with no "type ..." line above (a trimmed paste) are read with the
 * sizes speed prints for that many columns; a -multi summary value printed
 * as inf is taken from the children's "Got: +F..." lines; both are said on
 * the diag stream as "FILE:LINE: note: ...".
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
 * Name the sources of doc: label (import --label) when not NULL, machine
 * (import --machine) when not NULL, for every source. A label is "LABEL" for
 * one source, "LABEL #1", "LABEL #2", ... for several; the run's options
 * ("-engine cryptodev"), " -multi N" and a split-off table
 * (", keygen/sign/verify table") are kept. The default label is
 * "MACHINE, VERSION OPTIONS (FILE:LINE) -multi N, TABLE", the machine being
 * what the text names (cpuinfo's model name, Hardware or Model, an Arm core
 * from "CPU part", a board named in the prose, uname -a's architecture).
 * 0, or -1 when out of memory.
 */
int cs_import_name(struct json_t *doc, const char *label, const char *machine);
/* cs_import_name(doc, label, NULL). */
int cs_import_label(struct json_t *doc, const char *label);

/*
 * import openssl-speed FILE [--label L] [--machine M]: the file's tables as the result model
 * (out owns its data: cs_results_free), named after label when not NULL,
 * checked by the reader every subcommand uses. Returns as the functions
 * above; diag and skipped as in cs_import_openssl_speed_ex.
 */
int cs_import_openssl_speed_typed(const char *path, const char *label, const char *machine,
				  cs_res_file *out, char *err, size_t err_size, FILE *diag,
				  size_t *skipped);

/*
 * The name a cell gets for an algorithm openssl speed printed (names.c has
 * the one table): the catalogue's ("rsa2048" -> "rsa-2048", "ecdsap256" ->
 * "ecdsa-p256", "ecdhx25519" -> "x25519", "hmac(sha256)" -> "hmac-sha256")
 * wherever the project measures the algorithm, else OpenSSL's speed
 * selector ("ecdhp384", "ecdhx448", "dsa2048", "hmac-md5"). openssl is
 * lower case, spaces as '-', key ops as selectors; the result is openssl,
 * a constant, or buf (n bytes).
 */
const char *cs_import_alg_name(const char *openssl, char *buf, size_t n);

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
