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

const char *
cs_report_tls_grid_server(const cs_res_cell *c)
{
	return strncmp(c->path, "tls>", 4) == 0 ? c->path + 4 : NULL;
}

/* A TLS cell of one process (the grid's pairs have their own view). */
static bool
tls_cell(const cs_res_cell *c)
{
	return c->kind && strcmp(c->kind, "tls") == 0 && !cs_report_tls_grid_server(c);
}

/* The grid cell of client lib with server lib for alg, or NULL. */
static const cs_res_cell *
grid_find(const cs_res_file *file, const char *alg, const char *client, const char *server)
{
	for (size_t i = 0; i < file->n_cells; i++) {
		const cs_res_cell *c = &file->cells[i];
		const char *sv = cs_report_tls_grid_server(c);
		if (sv && strcmp(c->alg, alg) == 0 && strcmp(c->lib, client) == 0 &&
		    strcmp(sv, server) == 0)
			return c;
	}
	return NULL;
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
	fprintf(f, " %9s %9s %17s %17s\n", "peak KiB", "idle KiB", "client peak/idle",
		"server peak/idle");
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
		fprintf(f, " %9s %9s", a, b);
		/* per side: the library as client and server of itself, each side
		   its own worker (run --tls-grid) */
		const cs_res_cell *self = hs ? grid_find(file, alg, hs->lib, hs->lib) : NULL;
		char side[2][80];
		for (int k = 0; k < 2; k++) {
			long long peak = self ? (k ? self->server_heap_peak : self->heap_peak) : 0;
			long long held = self ? (k ? self->server_heap_idle : self->heap_idle) : 0;
			kib_text(peak, a, sizeof a);
			kib_text(held, b, sizeof b);
			snprintf(side[k], sizeof side[k], "%s/%s", a, b);
		}
		fprintf(f, " %17s %17s\n", side[0], side[1]);
	}
	/* every word above that is not a number, with its reason (n/a: what
	   the library or its build lacks) */
	int said = 0;
	for (size_t i = 0; i < file->n_cells; i++) {
		const cs_res_cell *c = &file->cells[i];
		char label[CS_RES_LABEL_MAX], why[1024];
		if (!tls_cell(c) || strcmp(c->alg, alg) != 0 || c->ok)
			continue;
		cs_res_row_label(c, label, sizeof label);
		if (said++ == 0)
			fputs("not measured:\n", f);
		fprintf(f, "  %s %s", cs_esc_term(label), cs_esc_term(c->op));
		if (c->size > 0)
			fprintf(f, " %lld", c->size);
		fprintf(f, ": %s: %s\n", cs_report_status_word(c->status),
			cs_esc_term_buf(why, sizeof why,
					c->detail && *c->detail ? c->detail
								: "(no reason recorded)"));
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
		   "open after it; client, server peak/idle: each side alone, in\nits own "
		   "process, per connection (the library with itself in run --tls-grid; "
		   "--view\ntls-grid has every pair) (docs/handshake.md).\n");
	return 0;
}

/* ---------- the client x server grid (--view tls-grid) ---------- */

typedef enum { GRID_TEXT, GRID_MD, GRID_HTML } grid_fmt;

static void
put(FILE *f, grid_fmt g, const char *s)
{
	if (g == GRID_HTML)
		cs_esc_xml(f, s);
	else if (g == GRID_MD)
		cs_esc_md(f, s);
	else
		fputs(cs_esc_term(s), f);
}

/* Distinct clients (what 0) or servers (1) of alg's grid cells. */
static size_t
grid_names(const cs_res_file *file, const char *alg, int what, char (*out)[CS_RES_LABEL_MAX])
{
	size_t n = 0;
	for (size_t i = 0; i < file->n_cells; i++) {
		const cs_res_cell *c = &file->cells[i];
		const char *sv = cs_report_tls_grid_server(c);
		if (!sv || (alg && strcmp(c->alg, alg) != 0))
			continue;
		const char *name = !alg ? c->alg : what ? sv : c->lib;
		size_t k = 0;
		while (k < n && strcmp(out[k], name) != 0)
			k++;
		if (k == n)
			snprintf(out[n++], CS_RES_LABEL_MAX, "%s", name);
	}
	return n;
}

static void
us_text(long long ns, char *buf, size_t n)
{
	if (ns > 0)
		snprintf(buf, n, "%.0f", (double)ns / 1e3);
	else
		snprintf(buf, n, "-");
}

/* One algorithm's grid: its clients and servers, and the widths of the
   text columns. */
typedef struct grid {
	FILE *f;
	grid_fmt g;
	const cs_res_file *file;
	const char *alg;
	char (*clients)[CS_RES_LABEL_MAX], (*servers)[CS_RES_LABEL_MAX];
	size_t nc, ns;
	int width, colw; /* text: the clients' column, each server's */
} grid;

/* The grid's heading and its header row (the servers). */
static void
grid_head(const grid *x)
{
	FILE *f = x->f;
	grid_fmt g = x->g;
	if (g == GRID_HTML) {
		fputs("<h2>", f);
		put(f, g, x->alg);
		fputs("</h2>\n<table class=\"tls-grid\"><tr><th>client \\ server</th>", f);
	} else if (g == GRID_MD) {
		fputs("\n### ", f);
		put(f, g, x->alg);
		fputs(" (connections/s)\n\n| client \\ server |", f);
	} else {
		fprintf(f, "\n%s  (connections per second; row: client, column: server)\n%-*s",
			cs_esc_term(x->alg), x->width, "client\\server");
	}
	for (size_t j = 0; j < x->ns; j++) {
		if (g == GRID_TEXT) {
			fprintf(f, " %*s", x->colw, cs_esc_term(x->servers[j]));
			continue;
		}
		fputs(g == GRID_HTML ? "<th>" : " ", f);
		put(f, g, x->servers[j]);
		fputs(g == GRID_HTML ? "</th>" : " |", f);
	}
	if (g == GRID_MD) {
		fputs("\n|---|", f);
		for (size_t j = 0; j < x->ns; j++)
			fputs("---:|", f);
	}
	fputs(g == GRID_HTML ? "</tr>\n" : "\n", f);
}

/* The grid: connections per second, or the status. */
static void
grid_table(const grid *x)
{
	FILE *f = x->f;
	grid_fmt g = x->g;
	char a[64];
	grid_head(x);
	for (size_t i = 0; i < x->nc; i++) {
		if (g == GRID_HTML) {
			fputs("<tr><th>", f);
			put(f, g, x->clients[i]);
			fputs("</th>", f);
		} else if (g == GRID_MD) {
			fputs("| ", f);
			put(f, g, x->clients[i]);
			fputs(" |", f);
		} else {
			fprintf(f, "%-*s", x->width, cs_esc_term(x->clients[i]));
		}
		for (size_t j = 0; j < x->ns; j++) {
			const cs_res_cell *c =
				grid_find(x->file, x->alg, x->clients[i], x->servers[j]);
			rate_text(c, a, sizeof a);
			if (g == GRID_TEXT)
				fprintf(f, " %*s", x->colw, a);
			else
				fprintf(f, g == GRID_HTML ? "<td>%s</td>" : " %s |", a);
		}
		fputs(g == GRID_HTML ? "</tr>\n" : "\n", f);
	}
	if (g == GRID_HTML)
		fputs("</table>\n", f);
}

/* Every pair that did not end ok, with what it ended with; returns how many. */
static size_t
grid_failures(const grid *x)
{
	FILE *f = x->f;
	grid_fmt g = x->g;
	size_t failures = 0;
	for (size_t i = 0; i < x->nc; i++)
		for (size_t j = 0; j < x->ns; j++) {
			const cs_res_cell *c =
				grid_find(x->file, x->alg, x->clients[i], x->servers[j]);
			if (!c || c->ok)
				continue;
			if (failures++ == 0)
				fputs(g == GRID_HTML ? "<p>Pairs not measured:</p>\n<ul>\n"
				      : g == GRID_MD ? "\nPairs not measured:\n\n"
						     : "not measured:\n",
				      f);
			fputs(g == GRID_HTML ? "<li>" : g == GRID_MD ? "- " : "  ", f);
			put(f, g, x->clients[i]);
			fputs(" client x ", f);
			put(f, g, x->servers[j]);
			fputs(" server: ", f);
			put(f, g, c->status);
			if (c->detail && *c->detail) {
				fputs(": ", f);
				put(f, g, c->detail);
			}
			fputs(g == GRID_HTML ? "</li>\n" : "\n", f);
		}
	if (failures && g == GRID_HTML)
		fputs("</ul>\n", f);
	return failures;
}

/* The header of the sides table. */
static void
sides_head(const grid *x)
{
	static const char *const heads[] = {
		"client",	   "server",	      "conn/s",
		"client CPU µs",   "server CPU µs",   "client peak KiB",
		"client idle KiB", "server peak KiB", "server idle KiB"};
	const size_t nh = sizeof heads / sizeof heads[0];
	FILE *f = x->f;
	if (x->g == GRID_HTML) {
		fputs("<table class=\"tls-sides\"><tr>", f);
		for (size_t h = 0; h < nh; h++)
			fprintf(f, "<th>%s</th>", heads[h]);
		fputs("</tr>\n", f);
	} else if (x->g == GRID_MD) {
		fputs("\n|", f);
		for (size_t h = 0; h < nh; h++)
			fprintf(f, " %s |", heads[h]);
		fputs("\n|---|---|", f);
		for (size_t h = 2; h < nh; h++)
			fputs("---:|", f);
		fputs("\n", f);
	} else {
		fprintf(f,
			"per connection, each side in its own process:\n%-*s %-*s %10s %9s %9s "
			"%9s %9s %9s %9s\n",
			x->width, "client", x->colw, "server", "conn/s", "c CPU µs", "s CPU µs",
			"c peak", "c idle", "s peak", "s idle");
	}
}

/* Each side of each ok pair: CPU and heap per connection. */
static void
grid_sides(const grid *x)
{
	FILE *f = x->f;
	grid_fmt g = x->g;
	sides_head(x);
	for (size_t i = 0; i < x->nc; i++)
		for (size_t j = 0; j < x->ns; j++) {
			const cs_res_cell *c =
				grid_find(x->file, x->alg, x->clients[i], x->servers[j]);
			if (!c || !c->ok)
				continue;
			char v[7][32];
			rate_text(c, v[0], sizeof v[0]);
			us_text(c->client_cpu_ns, v[1], sizeof v[1]);
			us_text(c->server_cpu_ns, v[2], sizeof v[2]);
			kib_text(c->heap_peak, v[3], sizeof v[3]);
			kib_text(c->heap_idle, v[4], sizeof v[4]);
			kib_text(c->server_heap_peak, v[5], sizeof v[5]);
			kib_text(c->server_heap_idle, v[6], sizeof v[6]);
			if (g == GRID_TEXT) {
				fprintf(f, "%-*s %-*s %10s %9s %9s %9s %9s %9s %9s\n", x->width,
					cs_esc_term(x->clients[i]), x->colw,
					cs_esc_term(x->servers[j]), v[0], v[1], v[2], v[3], v[4],
					v[5], v[6]);
				continue;
			}
			const char *td = g == GRID_HTML ? "<td>" : "| ";
			const char *etd = g == GRID_HTML ? "</td>" : " ";
			fputs(g == GRID_HTML ? "<tr>" : "", f);
			fputs(td, f);
			put(f, g, x->clients[i]);
			fputs(etd, f);
			fputs(td, f);
			put(f, g, x->servers[j]);
			fputs(etd, f);
			for (int k = 0; k < 7; k++)
				fprintf(f, "%s%s%s", td, v[k], etd);
			fputs(g == GRID_HTML ? "</tr>\n" : "|\n", f);
		}
	if (g == GRID_HTML)
		fputs("</table>\n", f);
}

static void
grid_alg(FILE *f, grid_fmt g, const cs_res_file *file, const char *alg,
	 char (*clients)[CS_RES_LABEL_MAX], char (*servers)[CS_RES_LABEL_MAX])
{
	grid x = {.f = f, .g = g, .file = file, .alg = alg, .clients = clients, .servers = servers};
	x.nc = grid_names(file, alg, 0, clients);
	x.ns = grid_names(file, alg, 1, servers);
	x.width = 13; /* "client \\ server" */
	for (size_t i = 0; i < x.nc; i++)
		if ((int)strlen(clients[i]) > x.width)
			x.width = (int)strlen(clients[i]);
	x.colw = 10;
	for (size_t j = 0; j < x.ns; j++)
		if ((int)strlen(servers[j]) > x.colw)
			x.colw = (int)strlen(servers[j]);
	grid_table(&x);
	if (grid_failures(&x) == x.nc * x.ns)
		return; /* no pair ok: no sides to show */
	grid_sides(&x);
}

int
cs_report_tls_grid(const cs_res_file *const *files, size_t n, const char *format, FILE *f)
{
	grid_fmt g = strcmp(format, "html") == 0       ? GRID_HTML
		     : strcmp(format, "markdown") == 0 ? GRID_MD
						       : GRID_TEXT;
	if (g == GRID_HTML)
		fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
		      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
		      "style-src 'unsafe-inline'\">\n<title>cryptospeed TLS grid</title>\n"
		      "<style>body{font-family:sans-serif}table{border-collapse:collapse}"
		      "td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}</style>"
		      "</head><body>\n<h1>cryptospeed TLS grid</h1>\n",
		      f);
	else if (g == GRID_MD)
		fputs("## TLS client x server grid\n", f);
	int found = 0;
	for (size_t k = 0; k < n; k++) {
		const cs_res_file *file = files[k];
		char(*algs)[CS_RES_LABEL_MAX] = calloc(file->n_cells + 1, sizeof *algs);
		char(*clients)[CS_RES_LABEL_MAX] = calloc(file->n_cells + 1, sizeof *clients);
		char(*servers)[CS_RES_LABEL_MAX] = calloc(file->n_cells + 1, sizeof *servers);
		if (algs && clients && servers) {
			size_t n_algs = grid_names(file, NULL, 0, algs);
			if (n_algs && n > 1) {
				fputs(g == GRID_HTML ? "<h2>"
				      : g == GRID_MD ? "\n## "
						     : "\n== ",
				      f);
				put(f, g, file->name);
				fputs(g == GRID_HTML ? "</h2>\n" : "\n", f);
			}
			for (size_t a = 0; a < n_algs; a++)
				grid_alg(f, g, file, algs[a], clients, servers);
			found |= n_algs > 0;
		}
		free(algs);
		free(clients);
		free(servers);
	}
	static const char *const note =
		"Each pair: the client in one worker, the server in another, joined by a "
		"socketpair; a connection is a full handshake (the client verifying the server's "
		"certificate against the test CA), one 1350-byte record each way checked "
		"byte-exact, close_notify both ways (docs/handshake.md).";
	if (!found) {
		static const char *const none =
			"no TLS grid cells (cryptospeed run --alg tls13-x25519-ecdsa-aes128gcm "
			"--op handshake --tls-grid)";
		fputs(g == GRID_HTML ? "<p>" : g == GRID_MD ? "\n" : "", f);
		put(f, g, none);
		fputs(g == GRID_HTML ? "</p>\n</body></html>\n" : "\n", f);
		return 1;
	}
	fputs(g == GRID_HTML ? "<p>" : "\n", f);
	put(f, g, note);
	fputs(g == GRID_HTML ? "</p>\n</body></html>\n" : "\n", f);
	return 0;
}
