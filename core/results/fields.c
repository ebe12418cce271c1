/* A cell's keys: one table for the decoder, the encoder and the doc. */
#include <stdio.h>

#include "fields.h"
#include "results.h"

#define STR(k, t, req, d, dt, dr, doc)                                                             \
	{                                                                                          \
#k, t, offsetof(cs_res_cell, k), req, d, 0, 0, 0, dt, dr, doc                      \
	}
#define INT(k, key, t, req, lo, hi, d, dt, dr, doc)                                                \
	{                                                                                          \
		key, t, offsetof(cs_res_cell, k), req, NULL, lo, hi, d, dt, dr, doc                \
	}
#define DOC(key, dt, dr, doc)                                                                      \
	{                                                                                          \
		key, CS_RES_F_DOC, 0, false, NULL, 0, 0, 0, dt, dr, doc                            \
	}

const cs_res_field cs_res_cell_fields[] = {
	STR(lib, CS_RES_F_NAME, true, NULL, "string", "yes",
	    "the library (worker name, `@version`)"),
	STR(lib_version, CS_RES_F_TEXT, false, "", "string", "no", "the library's version line"),
	STR(path, CS_RES_F_NAME, true, NULL, "string", "yes",
	    "the API path (`evp`, `lowlevel`, ...)"),
	STR(mask, CS_RES_F_NAME, false, "none", "string", "no (`\"none\"`)",
	    "the CPU-feature mask of the worker"),
	STR(variant, CS_RES_F_NAME, false, NULL, "string", "no", "provider or engine tag"),
	STR(served_by, CS_RES_F_TEXT, false, NULL, "string", "no", "what served the cell"),
	STR(alg, CS_RES_F_NAME, true, NULL, "string", "yes", "the algorithm"),
	STR(kind, CS_RES_F_NAME, false, "", "string", "no", "`hash`, `aead`, `kex`, ..."),
	STR(op, CS_RES_F_NAME, true, NULL, "string", "yes", "the operation"),
	INT(size, "size", CS_RES_F_INT, true, 0, CS_RES_SIZE_MAX, 0, "integer", "yes",
	    "input bytes (0 for fixed-size operations)"),
	STR(status, CS_RES_F_NAME, true, NULL, "string", "yes",
	    "`ok`, `wrong`, `unsupported`, `crashed`, `timeout`, `error`"),
	STR(detail, CS_RES_F_TEXT, false, NULL, "string", "no", "why a cell is not ok"),
	STR(kat, CS_RES_F_NAME, false, NULL, "string", "no", "known-answer result"),
	STR(fingerprint, CS_RES_F_NAME, false, NULL, "string", "no",
	    "FNV-1a 64 of one operation's output (agreement)"),
	INT(multi, "multi", CS_RES_F_SMALL, false, 1, 4096, 1, "integer 1..4096", "no (1)",
	    "`--multi N`"),
	INT(ci95_rel, "ci95_rel", CS_RES_F_NUM, false, 0, 1000000000, -1, "number ≥ 0", "no",
	    "relative half-width of the median's 95% interval"),
	INT(batch, "batch", CS_RES_F_INT, false, 1, 1LL << 50, 0, "integer ≥ 1", "no",
	    "operations per timed batch"),
	DOC("rate", "object", "when `ok`, never otherwise",
	    "`median` > 0, `unit` `\"B/s\"` for a sized op of size > 0, else `\"op/s\"`; `q1`, "
	    "`q3` together; `ci95` `[low, high]`"),
	DOC("ns_per_op", "object", "no, never when not `ok`",
	    "as `rate` (no unit) plus `min`, `max`, `mean`"),
	DOC("samples", "array of numbers > 0", "only when `ok`",
	    "ns per operation, one per batch (not for imported cells)"),
	DOC("partial", "object", "never when `ok`",
	    "a cell that ended badly (`crashed`, `timeout`, ...) after its first samples: "
	    "`n_samples` (≥ 1) and `samples` as above; never summarised into a `rate` (`run` "
	    "exits 4; every subcommand reads the file)"),
	DOC("agree", "boolean", "no", "output agrees with the other libraries"),
	DOC("evidence", "object", "no",
	    "`available` (boolean), `reason`, `classes` `{name: share in [0, 1]}`, `samples` (not "
	    "for imported cells)"),
	DOC("source", "string", "no (`\"measured\"`)", "`\"measured\"` or `\"imported\"`"),
	DOC("file", "string", "when imported", "the table's file"),
	DOC("line", "integer ≥ 1", "when imported", "the line of this row's table"),
	DOC("table", "integer", "no (0)", "index into `sources`"),
	DOC("repetitions", "array of objects", "no",
	    "`run --repeat R`: one per repetition, `seed` (integer), `status` (required), and "
	    "when `ok` its median `rate` and `ns_per_op` (> 0) and `n_samples`; the cell's "
	    "`rate` and `ns_per_op` are then the median of the ok repetitions' medians with "
	    "`ci95` from them, and its `samples` are the repetitions' samples in order "
	    "(docs/nightly.md)"),
};
const size_t cs_res_n_cell_fields = sizeof cs_res_cell_fields / sizeof cs_res_cell_fields[0];

void
cs_results_doc(FILE *out)
{
	fprintf(out, "| key | type | required | meaning |\n|---|---|---|---|\n");
	for (size_t i = 0; i < cs_res_n_cell_fields; i++) {
		const cs_res_field *f = &cs_res_cell_fields[i];
		fprintf(out, "| `%s` | %s | %s | %s |\n", f->key, f->doc_type, f->doc_req, f->doc);
	}
}
