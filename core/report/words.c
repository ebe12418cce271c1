/* Words and numbers every format shows the same way: a cell's hw classes,
   its status, a table's number. Shared by text.c, rank.c and the other
   formats, so no format depends on another for them. */
#include <stdio.h>
#include <string.h>

#include "report.h"

/* An exact count's classes: every class that ran but scalar, with its share
   of the instructions, no cut-off ("sha-ni 81.2%+avx2 0.46%"); "scalar"
   when nothing else ran. */
void
cs_report_hw_count(const cs_res_count *k, char *buf, size_t n)
{
	size_t used = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < k->n_classes; i++) {
		const cs_res_icount *c = &k->classes[i];
		if (c->n == 0 || strcmp(c->name, "scalar") == 0)
			continue;
		double share = k->insns ? 100.0 * (double)c->n / (double)k->insns : 0;
		char pct[32];
		if (share < 0.01)
			snprintf(pct, sizeof pct, "<0.01%%");
		else
			snprintf(pct, sizeof pct, "%.*f%%", share < 1 ? 2 : 1, share);
		int w = snprintf(buf + used, n - used, "%s%s %s", used ? "+" : "", c->name, pct);
		if (w < 0 || (size_t)w >= n - used) {
			buf[used] = '\0';
			if (n - used >= 6)
				snprintf(buf + used, n - used, "+more");
			return;
		}
		used += (size_t)w;
	}
	if (!used)
		snprintf(buf, n, "scalar");
}

void
cs_report_hw(const cs_res_cell *cell, char *buf, size_t n)
{
	const cs_res_evidence *ev = &cell->ev;
	buf[0] = '\0';
	/* exact counts: the cell's own, or its twin's in a counting file of the
	   same report (count.c) */
	const cs_res_count *k = cell->count.present ? &cell->count : cs_report_count_for(cell);
	if (k) {
		cs_report_hw_count(k, buf, n);
		return;
	}
	if (cell->imported) {
		snprintf(buf, n, "imported");
		return;
	}
	if (!ev->present) {
		snprintf(buf, n, "-");
		return;
	}
	if (!ev->available) {
		snprintf(buf, n, "unavailable");
		return;
	}
	/* classes making up at least 10% of in-library samples; scalar only alone */
	size_t used = 0;
	for (size_t i = 0; i < ev->n_classes; i++) {
		const cs_res_class *c = &ev->classes[i];
		if (c->share < 0.10 || strcmp(c->name, "scalar") == 0)
			continue;
		int w = snprintf(buf + used, n - used, "%s%s", used ? "+" : "", c->name);
		if (w < 0 || (size_t)w >= n - used) {
			/* said, not cut silently: the classes that fit and a mark */
			buf[used] = '\0';
			if (n - used >= 6)
				snprintf(buf + used, n - used, "+more");
			return;
		}
		used += (size_t)w;
	}
	if (!used)
		snprintf(buf, n, "%s", ev->n_classes ? "scalar" : "no samples");
}

const char *
cs_report_status_word(const char *status)
{
	if (!status || !*status)
		return "?";
	if (strcmp(status, "unsupported") == 0)
		return "n/a";
	if (strcmp(status, "crashed") == 0)
		return "crash";
	return status; /* wrong, timeout, error */
}

void
cs_report_number(double v, char *buf, size_t n)
{
	if (v >= 10000)
		snprintf(buf, n, "%.0f", v);
	else if (v >= 100)
		snprintf(buf, n, "%.1f", v);
	else if (v >= 1)
		snprintf(buf, n, "%.2f", v);
	else
		snprintf(buf, n, "%.3f", v);
}
