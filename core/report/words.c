/* Words and numbers every format shows the same way: a cell's hw classes,
   its status, a table's number. Shared by text.c, rank.c and the other
   formats, so no format depends on another for them. */
#include <stdio.h>
#include <string.h>

#include "report.h"

void
cs_report_hw(const cs_res_cell *cell, char *buf, size_t n)
{
	const cs_res_evidence *ev = &cell->ev;
	buf[0] = '\0';
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
