// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "suggest.h"
#include "util.h"

#define SUGGEST_MAX_LEN 64

static size_t min3(size_t a, size_t b, size_t c)
{
	size_t m = a < b ? a : b;

	return m < c ? m : c;
}

size_t suggest_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	size_t d[SUGGEST_MAX_LEN + 1][SUGGEST_MAX_LEN + 1];

	if (la > SUGGEST_MAX_LEN || lb > SUGGEST_MAX_LEN)
		return (size_t)-1;
	for (size_t i = 0; i <= la; i++)
		d[i][0] = i;
	for (size_t j = 0; j <= lb; j++)
		d[0][j] = j;
	for (size_t i = 1; i <= la; i++) {
		for (size_t j = 1; j <= lb; j++) {
			size_t cost = a[i - 1] != b[j - 1];

			d[i][j] = min3(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
			    d[i - 2][j - 2] + 1 < d[i][j])
				d[i][j] = d[i - 2][j - 2] + 1;
		}
	}
	return d[la][lb];
}

const char *suggest_closest(const char *word, const char *const *cands, size_t nr)
{
	size_t limit = strlen(word) / 3, best_d = (size_t)-1;
	const char *best = NULL;

	/* two edits make any short word another ("aio" is not "pid") */
	if (limit < 2)
		limit = strlen(word) > 4 ? 2 : 1;
	for (size_t i = 0; i < nr; i++) {
		size_t dist = suggest_distance(word, cands[i]);

		if (dist < best_d) {
			best_d = dist;
			best = cands[i];
		}
	}
	if (best && best_d <= limit)
		return best;
	for (size_t i = 0; *word && i < nr; i++)
		if (!strncmp(cands[i], word, strlen(word)))
			return cands[i];
	return NULL;
}
