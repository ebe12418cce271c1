/* The parsed tables as the result model, written by the one encoder
   (core/results/encode.c), and the sources' labels (import.h, speed.h). */
#define _GNU_SOURCE

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "escape.h"
#include "import.h"
#include "results.h"
#include "speed.h"

#include "cryptospeed/version.h"

/* s with '?' for each byte of an invalid UTF-8 sequence, malloc'd; *copy is
   NULL when s is valid as it is (no copy needed). -1 when out of memory. */
static int
utf8_fixed(const char *s, char **copy)
{
	size_t n = strlen(s), i = 0;
	size_t len;
	*copy = NULL;
	while (i < n && (len = cs_utf8_len(s + i)) > 0)
		i += len;
	if (i == n)
		return 0;
	char *out = malloc(n + 1);
	if (!out)
		return -1;
	memcpy(out, s, i);
	while (i < n) {
		len = cs_utf8_len(s + i);
		if (len == 0) {
			out[i++] = '?';
			continue;
		}
		memcpy(out + i, s + i, len);
		i += len;
	}
	out[n] = '\0';
	*copy = out;
	return 0;
}

/* Valid UTF-8 for jansson: each byte of an invalid sequence becomes '?'. */
static json_t *
safe_string(const char *s)
{
	char *fixed;
	if (utf8_fixed(s, &fixed) != 0)
		return NULL;
	json_t *j = json_string_nocheck(fixed ? fixed : s); /* checked by utf8_fixed */
	free(fixed);
	return j;
}

static int
set_str(json_t *obj, const char *key, const char *value)
{
	json_t *v = safe_string(value ? value : "");
	return v ? json_object_set_new(obj, key, v) : -1;
}

static const char *
base_name(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash && slash[1] ? slash + 1 : path;
}

/* What a table family split off a run is called in its label. */
static const char *const group_names[G_COUNT] = {NULL, "keygen/encaps/decaps table",
						 "keygen/sign/verify table"};

/*
 * A source's label from its keys: "MACHINE, VERSION OPTIONS (FILE:LINE) -multi N,
 * TABLE", or with --label "LABEL #I OPTIONS -multi N, TABLE" (#I when the file
 * has several sources). Every part but the version or label is left out when
 * absent.
 */
static int
compose_label(json_t *src, const char *label, size_t i, size_t n)
{
	char buf[1024], num[32] = "", multi[32] = "", head[600];
	const char *machine = json_string_value(json_object_get(src, "machine"));
	const char *version = json_string_value(json_object_get(src, "version"));
	const char *opts = json_string_value(json_object_get(src, "run_options"));
	const char *table = json_string_value(json_object_get(src, "table_kind"));
	const char *file = json_string_value(json_object_get(src, "file"));
	json_int_t m = json_integer_value(json_object_get(src, "multi"));
	json_int_t line = json_integer_value(json_object_get(src, "line"));
	if (m > 1)
		snprintf(multi, sizeof multi, " -multi %lld", (long long)m);
	if (label) {
		if (n > 1)
			snprintf(num, sizeof num, " #%zu", i + 1);
		snprintf(head, sizeof head, "%.400s%s", label, num);
	} else {
		snprintf(head, sizeof head, "%.160s%s%.200s", machine && *machine ? machine : "",
			 machine && *machine ? ", " : "",
			 version && *version ? version : "openssl speed");
	}
	char where[300] = "";
	if (!label)
		snprintf(where, sizeof where, " (%.200s:%lld)", base_name(file ? file : "?"),
			 (long long)line);
	snprintf(buf, sizeof buf, "%s%s%.200s%s%s%s%.60s", head, opts && *opts ? " " : "",
		 opts ? opts : "", where, multi, table && *table ? ", " : "", table ? table : "");
	return set_str(src, "label", buf);
}

/* The strings a document needs beyond the parser's: labels, and copies of
   text that was not valid UTF-8 ('?' for each bad byte). */
typedef struct pool {
	char **text;
	size_t n, cap;
	bool oom;
} pool;

static const char *
pool_add(pool *pl, char *s)
{
	if (s && pl->n == pl->cap) {
		size_t cap = pl->cap ? 2 * pl->cap : 64;
		char **more = realloc(pl->text, cap * sizeof *more);
		if (more) {
			pl->text = more;
			pl->cap = cap;
		}
	}
	if (!s || pl->n == pl->cap) {
		free(s);
		pl->oom = true;
		return "";
	}
	pl->text[pl->n++] = s;
	return s;
}

/* s itself when it is valid UTF-8 (the encoder writes only that), else a
   copy with '?' for each byte of an invalid sequence; NULL stays NULL. */
static const char *
utf8_safe(pool *pl, const char *s)
{
	char *fixed;
	if (!s)
		return NULL;
	if (utf8_fixed(s, &fixed) != 0)
		return pool_add(pl, NULL);
	return fixed ? pool_add(pl, fixed) : s;
}

static void
source_model(const parser *p, size_t index, const char *file, pool *pl, cs_res_source *m)
{
	const isource *s = &p->src[index];
	char machine[400];
	cs_imp_source_machine(p, index, machine, sizeof machine);
	char label[512], multi[32] = "";
	if (s->multi > 1)
		snprintf(multi, sizeof multi, " -multi %d", s->multi);
	const char *version = s->meta[M_VERSION];
	snprintf(label, sizeof label, "%.200s (%.200s:%d)%s", version ? version : "openssl speed",
		 base_name(file), s->line, multi);
	/* the preamble lines are written even when absent, as ""; the label is
	   composed from the written keys (compose_label) once encoded */
	*m = (cs_res_source){
		.label = utf8_safe(pl, pool_add(pl, strdup(label))),
		.imported = true,
		.file = utf8_safe(pl, file),
		.line = s->line,
		.version = utf8_safe(pl, version ? version : ""),
		.built_on = utf8_safe(pl, s->meta[M_BUILT_ON] ? s->meta[M_BUILT_ON] : ""),
		.options = utf8_safe(pl, s->meta[M_OPTIONS] ? s->meta[M_OPTIONS] : ""),
		.compiler = utf8_safe(pl, s->meta[M_COMPILER] ? s->meta[M_COMPILER] : ""),
		.cpuinfo = utf8_safe(pl, s->meta[M_CPUINFO] ? s->meta[M_CPUINFO] : ""),
		.machine = machine[0] ? utf8_safe(pl, pool_add(pl, strdup(machine))) : NULL,
		.run_options = utf8_safe(pl, s->run_opts),
		.table_kind = s->group ? group_names[s->group] : NULL,
		.multi = s->multi,
		.format = s->has_mr			? "mr"
			  : s->has_sym || s->pkey_kinds ? "text"
							: "progress",
		.n_cells = (long long)s->n_cells};
}

static void
cell_model(const icell *c, const cs_res_source *src, const char *variant, size_t index, pool *pl,
	   cs_res_cell *m)
{
	*m = (cs_res_cell){.imported = true,
			   .source = index,
			   .file = src->file,
			   .line = c->line,
			   .row_line = c->row_line,
			   .lib = "openssl",
			   .lib_version = src->version,
			   .path = utf8_safe(pl, c->path),
			   .mask = "none",
			   .variant = utf8_safe(pl, variant),
			   .multi = src->multi > 1 ? src->multi : 1,
			   .alg = utf8_safe(pl, c->alg),
			   .kind = "",
			   .op = utf8_safe(pl, c->op),
			   .size = c->size,
			   .status = "ok",
			   .ok = true,
			   .bytes = c->bytes,
			   .rate.median = c->rate,
			   .ci95_rel = -1,
			   .agree = -1,
			   .ev.samples = -1,
			   .ev.size = -1};
}

/* The parsed tables as the result model, written by the one encoder
   (core/results/encode.c). */
json_t *
cs_imp_document(const parser *p)
{
	pool pl = {0};
	cs_res_file f = {.tool_version = CS_VERSION,
			 .started = "",
			 .hostname = "",
			 .kernel = "",
			 .cpu_arch = "",
			 .cpu_model = "",
			 .cpu_features = "",
			 .cpu_source = "",
			 .precision = 0.01,
			 .evidence_s = -1,
			 .import_format = "openssl-speed",
			 .import_file = utf8_safe(&pl, p->file),
			 .import_note = "rates as openssl speed printed them: one number per cell, "
					"no samples, no confidence interval, no evidence"};
	json_t *doc = NULL;
	f.sources = calloc(p->n_src + 1, sizeof *f.sources);
	f.cells = calloc(p->n_cells + 1, sizeof *f.cells);
	if (!f.sources || !f.cells)
		goto done;
	for (size_t i = 0; i < p->n_src; i++) {
		const isource *s = &p->src[i];
		if (!s->n_cells)
			continue; /* a preamble or prose with no numbers under it */
		cs_res_source *src = &f.sources[f.n_sources];
		source_model(p, i, p->file, &pl, src);
		for (size_t c = s->first_cell; c < s->first_cell + s->n_cells; c++)
			cell_model(&p->cells[c], src, s->variant, f.n_sources, &pl,
				   &f.cells[f.n_cells++]);
		f.n_sources++;
	}
	if (!pl.oom)
		doc = cs_results_encode(&f);
	if (doc && cs_import_name(doc, NULL, NULL) != 0) {
		json_decref(doc);
		doc = NULL;
	}
done:
	for (size_t i = 0; i < pl.n; i++)
		free(pl.text[i]);
	free(pl.text);
	free(f.sources);
	free(f.cells);
	return doc;
}

int
cs_import_label(json_t *doc, const char *label)
{
	return cs_import_name(doc, label, NULL);
}

int
cs_import_name(json_t *doc, const char *label, const char *machine)
{
	json_t *sources = json_object_get(doc, "sources"), *s;
	size_t i, n = json_array_size(sources);
	json_array_foreach(sources, i, s)
	{
		if (machine && set_str(s, "machine", machine) != 0)
			return -1;
		if (compose_label(s, label, i, n) != 0)
			return -1;
	}
	return 0;
}
