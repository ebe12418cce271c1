/* Small text helpers shared by both processes. */
#include <string.h>

#include "text.h"

bool
cs_join(char *buf, size_t size, const void *items, size_t n, size_t stride, bool by_value,
	const char *sep)
{
	static const char ellipsis[] = "...";
	if (size == 0)
		return n == 0;
	size_t used = 0, sep_len = strlen(sep);
	buf[0] = '\0';
	for (size_t i = 0; i < n; i++) {
		const char *at = (const char *)items + i * stride;
		const char *item = by_value ? at : *(const char *const *)(const void *)at;
		size_t len = strlen(item), need = (i ? sep_len : 0) + len;
		if (used + need >= size) {
			/* leave room for the ellipsis, cutting back as far as needed */
			size_t keep = size > sizeof ellipsis ? size - sizeof ellipsis : 0;
			if (used > keep)
				used = keep;
			if (used + sizeof ellipsis <= size)
				memcpy(buf + used, ellipsis, sizeof ellipsis);
			else
				buf[used] = '\0';
			return false;
		}
		if (i) {
			memcpy(buf + used, sep, sep_len);
			used += sep_len;
		}
		memcpy(buf + used, item, len);
		used += len;
		buf[used] = '\0';
	}
	return true;
}

bool
cs_join_strv(char *buf, size_t size, const char *const *strv, const char *sep)
{
	size_t n = 0;
	while (strv[n])
		n++;
	return cs_join(buf, size, strv, n, sizeof *strv, false, sep);
}
