/*
 * The TLS view (tls.h): for each TLS configuration a file holds, one line per
 * lib/path: full and resumed handshakes per second, record throughput by
 * size (send: the client seals, the server opens; recv: the other way), and
 * the heap one client + server connection pair takes (peak during a
 * handshake, held while idle after it). A cell that is not ok shows its
 * status word; one not measured, "—".
 */
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "report.h"
#include "tls.h"

static bool
tls_cell(const cs_res_cell *c)
{
	return c->kind && strcmp(c->kind, "tls") == 0;
}

/* The first cell of (row, alg, op, size), or NULL. */
static const cs_res_cell *
find(const cs_res_file *file, const char *row, const char *alg, const char *op, long long size)
{
	for (size_t i = 0; i < file->n_cells; i++) {
		const cs_res_cell *c = &file->cells[i];
		char label[CS_RES_LABEL_MAX];
		if (strcmp(c->alg, alg) != 0 || strcmp(c->op, op) != 0 ||
		    (size >= 0 && c->size != size))
			continue;
		cs_res_row_label(c, label, sizeof label);
		if (strcmp(label, row) == 0)
			return c;
	}
	return NULL;
}

/* A rate (op/s, or MB/s for a sized op) or the cell's status word. */
static void
rate_text(const cs_res_cell *c, char *buf, size_t n)
{
	if (!c) {
		snprintf(buf, n, "-");
	} else if (!c->ok) {
		snprintf(buf, n, "%s", cs_report_status_word(c->status));
	} else {
		cs_report_number(c->bytes ? c->rate.median / 1e6 : c->rate.median, buf, n);
	}
}

static void
kib_text(long long bytes, char *buf, size_t n)
{
	if (bytes > 0)
		snprintf(buf, n, "%.1f", (double)bytes / 1024);
	else
		snprintf(buf, n, "-");
}

/* Distinct strings of the file's TLS cells, first-seen order: alg (what 0),
   row label (1), send/recv size (2, as text). */
static size_t
distinct(const cs_res_file *file, const char *alg, int what, char (*out)[CS_RES_LABEL_MAX])
{
	size_t n = 0;
	for (size_t i = 0; i < file->n_cells; i++) {
		const cs_res_cell *c = &file->cells[i];
		char s[CS_RES_LABEL_MAX];
		if (!tls_cell(c) || (alg && strcmp(c->alg, alg) != 0))
			continue;
		if (what == 0)
			snprintf(s, sizeof s, "%s", c->alg);
		else if (what == 1)
			cs_res_row_label(c, s, sizeof s);
		else if (c->size > 0)
			snprintf(s, sizeof s, "%lld", c->size);
		else
			continue;
		size_t k = 0;
		while (k < n && strcmp(out[k], s) != 0)
			k++;
		if (k == n)
			memcpy(out[n++], s, sizeof s);
	}
	return n;
}

static void
print_alg(FILE *f, const cs_res_file *file, const char *alg, char (*rows)[CS_RES_LABEL_MAX],
	  char (*sizes)[CS_RES_LABEL_MAX])
{
	size_t n_rows = distinct(file, alg, 1, rows), n_sizes = distinct(file, alg, 2, sizes);
	int width = 8; /* "lib/path" */
	for (size_t r = 0; r < n_rows; r++)
		if ((int)strlen(rows[r]) > width)
			width = (int)strlen(rows[r]);
	fprintf(f, "\n%s\n%-*s %10s %10s", cs_esc_term(alg), width, "lib/path", "hs/s", "resume/s");
	for (size_t s = 0; s < n_sizes; s++) {
		char h[40];
		snprintf(h, sizeof h, "send %s", sizes[s]);
		fprintf(f, " %10s", h);
		snprintf(h, sizeof h, "recv %s", sizes[s]);
		fprintf(f, " %10s", h);
	}
	fprintf(f, " %9s %9s\n", "peak KiB", "idle KiB");
	for (size_t r = 0; r < n_rows; r++) {
		char a[32], b[32];
		const cs_res_cell *hs = find(file, rows[r], alg, "handshake", 0);
		rate_text(hs, a, sizeof a);
		rate_text(find(file, rows[r], alg, "resume", 0), b, sizeof b);
		fprintf(f, "%-*s %10s %10s", width, cs_esc_term(rows[r]), a, b);
		long long idle = 0;
		for (size_t s = 0; s < n_sizes; s++) {
			long long size = atoll(sizes[s]);
			const char *ops[] = {"send", "recv"};
			for (int o = 0; o < 2; o++) {
				const cs_res_cell *c = find(file, rows[r], alg, ops[o], size);
				rate_text(c, a, sizeof a);
				fprintf(f, " %10s", a);
				if (c && c->heap_idle > idle)
					idle = c->heap_idle;
			}
		}
		kib_text(hs ? hs->heap_peak : 0, a, sizeof a);
		kib_text(idle, b, sizeof b);
		fprintf(f, " %9s %9s\n", a, b);
	}
}

int
cs_report_tls(const cs_res_file *const *files, size_t n, FILE *f)
{
	int found = 0;
	for (size_t k = 0; k < n; k++) {
		const cs_res_file *file = files[k];
		char(*algs)[CS_RES_LABEL_MAX] = calloc(file->n_cells + 1, sizeof *algs);
		char(*rows)[CS_RES_LABEL_MAX] = calloc(file->n_cells + 1, sizeof *rows);
		char(*sizes)[CS_RES_LABEL_MAX] = calloc(file->n_cells + 1, sizeof *sizes);
		if (algs && rows && sizes) {
			size_t n_algs = distinct(file, NULL, 0, algs);
			if (n_algs && n > 1)
				fprintf(f, "\n== %s\n", cs_esc_term(file->name));
			for (size_t a = 0; a < n_algs; a++)
				print_alg(f, file, algs[a], rows, sizes);
			found |= n_algs > 0;
		}
		free(algs);
		free(rows);
		free(sizes);
	}
	if (!found) {
		fprintf(f, "no TLS cells (cryptospeed run --alg tls)\n");
		return 1;
	}
	fprintf(f, "\nhs/s, resume/s: full and resumed handshakes per second, client and server "
		   "in one process;\nsend N, recv N: MB/s of N-byte records (send: the client "
		   "seals, the server opens; recv: the\nother way); peak KiB: the most heap one "
		   "client + server pair held during a handshake; idle\nKiB: what the pair holds "
		   "open after it (docs/handshake.md).\n");
	return 0;
}
