/* One line per cell, for spreadsheets and plotting scripts. */
#include <stdio.h>
#include <string.h>

#include "report.h"
#include "results.h"
#include "orchestrator.h"

static const char *
str(json_t *c, const char *key)
{
	const char *s = json_string_value(json_object_get(c, key));
	return s ? s : "";
}

void
cs_report_csv(json_t *results, FILE *f)
{
	fprintf(f, "lib,lib_version,path,mask,alg,op,size,status,rate_unit,rate_median,rate_q1,"
		   "rate_q3,ns_per_op_median,ci95_rel,n_samples,fingerprint,agree,hw,ns_per_op_mean\n");
	size_t i;
	json_t *c;
	json_array_foreach(json_object_get(results, "cells"), i, c) {
		json_t *rate = json_object_get(c, "rate");
		json_t *ns = json_object_get(c, "ns_per_op");
		json_t *agree = json_object_get(c, "agree");
		char hw[96];
		cs_report_hw(c, hw, sizeof hw);
		fprintf(f, "%s,\"%s\",%s,%s,%s,%s,%lld,%s,", str(c, "lib"), str(c, "lib_version"),
			str(c, "path"), str(c, "mask"), str(c, "alg"), str(c, "op"),
			(long long)json_integer_value(json_object_get(c, "size")), str(c, "status"));
		if (rate)
			fprintf(f, "%s,%.6g,%.6g,%.6g,%.6g,%.4g,%lld,", str(rate, "unit"),
				json_real_value(json_object_get(rate, "median")),
				json_real_value(json_object_get(rate, "q1")),
				json_real_value(json_object_get(rate, "q3")),
				json_real_value(json_object_get(ns, "median")),
				json_real_value(json_object_get(c, "ci95_rel")),
				(long long)json_integer_value(json_object_get(c, "n_samples")));
		else
			fprintf(f, ",,,,,,,");
		fprintf(f, "%s,%s,%s,", str(c, "fingerprint"),
			agree ? (json_is_true(agree) ? "true" : "false") : "", hw);
		if (ns)
			fprintf(f, "%.6g", json_real_value(json_object_get(ns, "mean")));
		fputc('\n', f);
	}
}
