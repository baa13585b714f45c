/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_SORT_H
#define PM_SORT_H

/*
 * report's sort keys (--sort): what makes two samples the same histogram
 * entry, how entries of equal weight are ordered, and how each key's
 * column is titled and printed, all as Linux perf does.
 */
#include <stdbool.h>
#include <stdint.h>

#include "../base/strbuf.h"

struct hist_entry;

enum sort_key_id {
	SORT_COMM,
	SORT_PID,
	SORT_DSO,
	SORT_SYM,
	SORT_CPU,
	SORT_PERIOD,
	SORT_SRCLINE,
	SORT_DSO_FROM,		/* branch mode: where a taken branch came from ... */
	SORT_SYM_FROM,
	SORT_SYM_TO,		/* ... and went to */
	SORT_CYCLES,		/* its basic block's cycles (LBR) */
	SORT_NR_KEYS
};

struct sort_key {
	enum sort_key_id id;
	const char *name;	/* as --sort spells it */
	const char *header;
	bool right_align;
};

#define MAX_SORT_KEYS 8

struct sort_list {
	const struct sort_key *keys[MAX_SORT_KEYS];
	int nr;
};

/*
 * Parse "comm,dso,sym". Returns 0 or -EINVAL with "unknown --sort key 'x'"
 * and the valid keys in @err.
 */
int sort_list__parse(struct sort_list *l, const char *spec, struct strbuf *err);
bool sort_list__has(const struct sort_list *l, enum sort_key_id id);

/* Identity of two entries under @l (0: same entry). */
int64_t sort_list__collapse(const struct sort_list *l, const struct hist_entry *a,
			    const struct hist_entry *b);

/* Output order among equal weights: > 0 when @a prints before @b. */
int64_t sort_key__sort(const struct sort_list *l, const struct sort_key *k,
		       const struct hist_entry *a, const struct hist_entry *b);

/* The cell text of @k for @he (unpadded), appended to @sb. */
void sort_key__cell(const struct sort_key *k, const struct hist_entry *he, int width,
		    struct strbuf *sb);

#endif
