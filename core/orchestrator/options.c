/* Option lists. */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "orchestrator.h"

int
cs_list_split(const char *s, cs_list *out)
{
	out->n = 0;
	if (strlen(s) >= sizeof out->buf)
		return -1;
	memcpy(out->buf, s, strlen(s) + 1);
	char *save = NULL;
	for (char *tok = strtok_r(out->buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (out->n == CS_MAX_LIST)
			return -1;
		out->item[out->n++] = tok;
	}
	return 0;
}

bool
cs_list_has(const cs_list *l, const char *s)
{
	for (size_t i = 0; i < l->n; i++)
		if (strcmp(l->item[i], s) == 0)
			return true;
	return false;
}
