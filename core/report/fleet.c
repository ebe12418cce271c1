/* report --view fleet: boards side by side, measured beside estimated. */
#include "fleet.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "report.h"

#define FLEET_BOARDS_MAX 64

/* One board: its files (indices into the caller's arrays). */
typedef struct fleet_board {
	const char *name;
	size_t timed[FLEET_BOARDS_MAX]; /* timed or imported files */
	size_t n_timed;
	size_t est[FLEET_BOARDS_MAX]; /* indices into est[] */
	size_t n_est;
	size_t n_counted; /* counting files, with or without an estimate */
} fleet_board;

/* One row: a cell identity (its first cell seen). */
typedef struct fleet_row {
	const cs_res_cell *c;
	char label[CS_RES_LABEL_MAX];
} fleet_row;

const char *
cs_fleet_board(const cs_res_file *r)
{
	if (r->label && *r->label)
		return r->label;
	if (r->counting.present && r->counting.profile && *r->counting.profile)
		return r->counting.profile;
	return r->default_label;
}

static bool
same_cell(const fleet_row *row, const cs_res_cell *c)
{
	char label[CS_RES_LABEL_MAX];
	if (strcmp(row->c->alg, c->alg) != 0 || strcmp(row->c->op, c->op) != 0 ||
	    row->c->size != c->size)
		return false;
	cs_res_row_label(c, label, sizeof label);
	return strcmp(row->label, label) == 0;
}

static const cs_res_cell *
find_cell(const cs_res_file *r, const fleet_row *row)
{
	for (size_t k = 0; k < r->n_cells; k++)
		if (same_cell(row, &r->cells[k]))
			return &r->cells[k];
	return NULL;
}

/* The unit of a row: MB/s for sized operations, op/s for the others. */
static bool
sized(const cs_res_cell *c)
{
	return c->size > 0;
}

/* The board's measured rate of a row (MB/s or op/s), 0 when none. */
static double
measured(const cs_res_file *const *files, const fleet_board *b, const fleet_row *row)
{
	for (size_t i = 0; i < b->n_timed; i++) {
		const cs_res_cell *c = find_cell(files[b->timed[i]], row);
		if (c && c->ok && c->rate.median > 0)
			return c->bytes ? c->rate.median / 1e6 : c->rate.median;
	}
	return 0;
}

/* The board's estimated rate of a row (MB/s or op/s), 0 when none. */
static double
estimated(const cs_est_input *est, const fleet_board *b, const fleet_row *row)
{
	for (size_t i = 0; i < b->n_est; i++) {
		const cs_est_input *in = &est[b->est[i]];
		const cs_res_cell *c = find_cell(in->file, row);
		double cycles = 0, share = 0;
		char why[256];
		/* the pipeline model only (the class table is a fallback no
		   comparison uses): no pipeline table or no blocks, no estimate */
		if (!c || !c->count.present || !in->pipe || !*in->blocks ||
		    cs_est_model_cell(in->pipe, in->blocks, c, &cycles, &share, why, sizeof why) !=
			    0 ||
		    share < CS_EST_MODEL_MIN || cycles <= 0)
			continue;
		return sized(c) ? cs_est_mbps(cycles, c->size, in->mhz) : in->mhz * 1e6 / cycles;
	}
	return 0;
}

static fleet_board *
board_of(fleet_board *boards, size_t *n, const char *name)
{
	for (size_t i = 0; i < *n; i++)
		if (strcmp(boards[i].name, name) == 0)
			return &boards[i];
	if (*n == FLEET_BOARDS_MAX)
		return NULL;
	boards[*n].name = name;
	return &boards[(*n)++];
}

static void
num(double v, char *buf, size_t n)
{
	if (v > 0)
		cs_report_number(v, buf, n);
	else
		snprintf(buf, n, "-");
}

static void
ratio(double est, double meas, char *buf, size_t n)
{
	if (est > 0 && meas > 0)
		snprintf(buf, n, "%.2f", est / meas);
	else
		snprintf(buf, n, "-");
}

/* The boards and their files, in text or Markdown. */
static void
legend(const cs_res_file *const *files, const cs_est_input *est, const fleet_board *boards,
       size_t nb, bool md, FILE *f)
{
	for (size_t i = 0; i < nb; i++) {
		const fleet_board *b = &boards[i];
		if (md)
			fputs("- **", f);
		else
			fprintf(f, "  [%zu] ", i + 1);
		if (md)
			cs_esc_md(f, b->name);
		else
			fputs(cs_esc_term(b->name), f);
		fputs(md ? "**:" : ":", f);
		for (size_t k = 0; k < b->n_timed; k++) {
			fputs(k ? "," : " measured", f);
			fputc(' ', f);
			if (md)
				cs_esc_md(f, files[b->timed[k]]->name);
			else
				fputs(cs_esc_term(files[b->timed[k]]->name), f);
		}
		for (size_t k = 0; k < b->n_est; k++) {
			const cs_est_input *in = &est[b->est[k]];
			fputs(k || b->n_timed ? "; estimated " : " estimated ", f);
			if (md) {
				cs_esc_md(f, in->file->name);
				fputs(" (", f);
				cs_esc_md(f, in->table->core);
			} else {
				fprintf(f, "%s (%s", cs_esc_term(in->file->name),
					cs_esc_term(in->table->core));
			}
			fprintf(f, ", %.0f MHz)", in->mhz);
		}
		if (b->n_counted > b->n_est)
			fprintf(f, "; %zu counting file%s without a cost table or clock",
				b->n_counted - b->n_est, b->n_counted - b->n_est == 1 ? "" : "s");
		fputc('\n', f);
	}
}

/* Each file on its board (by cs_fleet_board), timed files and estimates
   apart; *nb boards. Returns true when a board past FLEET_BOARDS_MAX was
   dropped. */
static bool
group_boards(const cs_res_file *const *files, size_t n, const cs_est_input *est, size_t n_est,
	     fleet_board *boards, size_t *nb)
{
	bool dropped = false;
	for (size_t i = 0; i < n; i++) {
		fleet_board *b = board_of(boards, nb, cs_fleet_board(files[i]));
		if (!b) {
			dropped = true; /* past FLEET_BOARDS_MAX: said under the table */
			continue;
		}
		if (!files[i]->counting.present) {
			if (b->n_timed < FLEET_BOARDS_MAX)
				b->timed[b->n_timed++] = i;
			continue;
		}
		b->n_counted++;
		for (size_t k = 0; k < n_est; k++)
			if (est[k].file == files[i] && b->n_est < FLEET_BOARDS_MAX)
				b->est[b->n_est++] = k;
	}
	return dropped;
}

/* The rows: every cell identity, in the order first seen (malloc'd in
   *rows). 0, -1 on no memory. */
static int
collect_rows(const cs_res_file *const *files, size_t n, fleet_row **rows, size_t *n_rows)
{
	size_t cap = 0;
	*rows = NULL;
	*n_rows = 0;
	for (size_t i = 0; i < n; i++) {
		for (size_t k = 0; k < files[i]->n_cells; k++) {
			const cs_res_cell *c = &files[i]->cells[k];
			bool seen = false;
			for (size_t r = 0; r < *n_rows && !seen; r++)
				seen = same_cell(&(*rows)[r], c);
			if (seen)
				continue;
			if (*n_rows == cap) {
				size_t ncap = cap ? 2 * cap : 64;
				fleet_row *nr = realloc(*rows, ncap * sizeof *nr);
				if (!nr) {
					free(*rows);
					*rows = NULL;
					return -1;
				}
				*rows = nr;
				cap = ncap;
			}
			fleet_row *row = &(*rows)[(*n_rows)++];
			row->c = c;
			cs_res_row_label(c, row->label, sizeof row->label);
		}
	}
	return 0;
}

/* The table's header: three columns per board. */
static void
fleet_header(const fleet_board *boards, size_t nb, bool md, FILE *f)
{
	if (md) {
		fputs("| alg | op | size | lib/path | unit |", f);
		for (size_t i = 0; i < nb; i++) {
			for (int col = 0; col < 3; col++) {
				fputc(' ', f);
				cs_esc_md(f, boards[i].name);
				fputs(col == 0	 ? " measured |"
				      : col == 1 ? " estimate |"
						 : " est/meas |",
				      f);
			}
		}
		fputs("\n|---|---|--:|---|---|", f);
		for (size_t i = 0; i < nb; i++)
			fputs("--:|--:|--:|", f);
		fputc('\n', f);
	} else {
		fprintf(f, "%-18s %-8s %6s %-28s %-5s", "alg", "op", "size", "lib/path", "unit");
		for (size_t i = 0; i < nb; i++) {
			char m[40], e[40], r[40];
			snprintf(m, sizeof m, "[%zu] measured", i + 1);
			snprintf(e, sizeof e, "[%zu] estimate", i + 1);
			snprintf(r, sizeof r, "[%zu] est/meas", i + 1);
			fprintf(f, " | %14s %14s %14s", m, e, r);
		}
		fputc('\n', f);
	}
}

/* One row: the cell identity, then measured, estimate and their ratio on
   each board. */
static void
fleet_line(const cs_res_file *const *files, const cs_est_input *est, const fleet_board *boards,
	   size_t nb, const fleet_row *row, bool md, FILE *f)
{
	const cs_res_cell *c = row->c;
	const char *unit = sized(c) ? "MB/s" : "op/s";
	char buf[64];
	if (md) {
		fputs("| ", f);
		cs_esc_md(f, c->alg);
		fputs(" | ", f);
		cs_esc_md(f, c->op);
		fprintf(f, " | %lld | ", c->size);
		cs_esc_md(f, row->label);
		fprintf(f, " | %s |", unit);
	} else {
		fprintf(f, "%-18s %-8s %6lld %-28s %-5s", cs_esc_term(c->alg), cs_esc_term(c->op),
			c->size, cs_esc_term(row->label), unit);
	}
	for (size_t i = 0; i < nb; i++) {
		double m = measured(files, &boards[i], row);
		double e = estimated(est, &boards[i], row);
		char mb[32], eb[32];
		num(m, mb, sizeof mb);
		num(e, eb, sizeof eb);
		ratio(e, m, buf, sizeof buf);
		if (md)
			fprintf(f, " %s | %s | %s |", mb, eb, buf);
		else
			fprintf(f, " | %14s %14s %14s", mb, eb, buf);
	}
	fputc('\n', f);
}

int
cs_report_fleet(const cs_res_file *const *files, size_t n, const cs_est_input *est, size_t n_est,
		const char *format, FILE *f)
{
	bool md = strcmp(format, "markdown") == 0;
	fleet_board *boards = calloc(FLEET_BOARDS_MAX, sizeof *boards);
	size_t nb = 0, n_rows = 0;
	fleet_row *rows = NULL;
	if (!boards)
		return -1;
	bool dropped = group_boards(files, n, est, n_est, boards, &nb);
	if (collect_rows(files, n, &rows, &n_rows) != 0) {
		free(boards);
		return -1;
	}
	if (md)
		fprintf(f, "## Fleet: %zu board%s\n\n", nb, nb == 1 ? "" : "s");
	else
		fprintf(f, "fleet: %zu board%s\n", nb, nb == 1 ? "" : "s");
	legend(files, est, boards, nb, md, f);
	fputs(md ? "\nmeasured: the timed median; estimate: exact per-block counts x the core's "
		   "pipeline "
		   "model at the board's clock (docs/estimates.md); est/meas: their ratio. MB/s "
		   "for "
		   "sized operations, op/s for the others.\n\n"
		 : "measured: the timed median; estimate: exact per-block counts x the core's "
		   "pipeline model at "
		   "the board's clock; est/meas: their ratio\n\n",
	      f);
	fleet_header(boards, nb, md, f);
	for (size_t r = 0; r < n_rows; r++)
		fleet_line(files, est, boards, nb, &rows[r], md, f);
	if (dropped)
		fprintf(f, "%sat most %d boards are shown\n", md ? "\n" : "", FLEET_BOARDS_MAX);
	free(rows);
	free(boards);
	return 0;
}
