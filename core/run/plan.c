/* Option lists. */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "run.h"

int
cs_list_split(const char *s, cs_list *out)
{
	out->n = 0;
	char *copy = strdup(s), *save = NULL;
	if (!copy)
		return -1;
	for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (out->n == CS_MAX_LIST)
			return -1;
		out->item[out->n++] = tok;
	}
	/* the copy is owned by the list for the life of the process */
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
