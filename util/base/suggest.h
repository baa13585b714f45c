/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_SUGGEST_H
#define PM_SUGGEST_H

/*
 * "Did you mean ...?" support: the closest spelling of a mistyped word
 * among a list of valid ones.
 */
#include <stddef.h>

/* Damerau-Levenshtein distance (adjacent swaps cost 1), case-sensitive. */
size_t suggest_distance(const char *a, const char *b);

/*
 * The candidate closest to @word, or NULL when none is close enough to be a
 * plausible typo (distance at most a third of the word, at least 2) and
 * none starts with @word. Returns a borrowed pointer into @cands.
 */
const char *suggest_closest(const char *word, const char *const *cands, size_t nr);

#endif
