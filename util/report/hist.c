// SPDX-License-Identifier: GPL-2.0
/*
 * Histogram entries in a hash table keyed by the sort keys' identity
 * fields; one allocation per distinct entry, none per sample.
 */
#include <errno.h>
#include <string.h>

#include "../base/util.h"
#include "hist.h"

static uint64_t mix(uint64_t h, uint64_t v)
{
	h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
	return h;
}

static uint64_t hash_entry(const struct sort_list *l, const struct hist_entry *he)
{
	uint64_t h = 0;

	for (int i = 0; i < l->nr; i++) {
		switch (l->keys[i]->id) {
		case SORT_COMM: h = mix(h, (uintptr_t)he->comm); break;
		case SORT_PID: h = mix(h, (uintptr_t)he->thread); break;
		case SORT_DSO: h = mix(h, he->dso ? (uintptr_t)he->dso->short_name[0] : 0); break;
		case SORT_SYM: h = mix(h, he->sym ? he->sym->start : he->ip); break;
		case SORT_CPU: h = mix(h, (uint32_t)he->cpu); break;
		case SORT_SRCLINE: h = mix(h, he->srcline ? (unsigned char)he->srcline[0] : 0); break;
		case SORT_PERIOD:
		case SORT_NR_KEYS: break;
		}
	}
	return h;
}

int hists__init(struct hists *h, const struct sort_list *sort, int nr_members)
{
	memset(h, 0, sizeof(*h));
	h->sort = sort;
	h->nr_members = nr_members > 1 ? nr_members : 1;
	if (h->nr_members > 1) {
		h->member_total = calloc(h->nr_members, sizeof(*h->member_total));
		h->member_samples = calloc(h->nr_members, sizeof(*h->member_samples));
		if (!h->member_total || !h->member_samples)
			return -ENOMEM;
	}
	return 0;
}

void hists__exit(struct hists *h)
{
	for (size_t i = 0; i < h->nr_buckets; i++) {
		struct hist_entry *he = h->buckets[i];

		while (he) {
			struct hist_entry *next = he->next;

			free(he->member_period);
			free(he);
			he = next;
		}
	}
	free(h->buckets);
	free(h->sorted);
	free(h->member_total);
	free(h->member_samples);
	memset(h, 0, sizeof(*h));
}

static int grow(struct hists *h)
{
	size_t nb = h->nr_buckets ? 2 * h->nr_buckets : 1024;
	struct hist_entry **n = calloc(nb, sizeof(*n));

	if (!n)
		return -ENOMEM;
	for (size_t i = 0; i < h->nr_buckets; i++) {
		struct hist_entry *he = h->buckets[i];

		while (he) {
			struct hist_entry *next = he->next;

			he->next = n[he->hash & (nb - 1)];
			n[he->hash & (nb - 1)] = he;
			he = next;
		}
	}
	free(h->buckets);
	h->buckets = n;
	h->nr_buckets = nb;
	return 0;
}

static void account(struct hist_entry *he, uint64_t period, int member)
{
	if (member == 0) {
		he->period += period;
		he->nr_samples++;
	}
	if (he->member_period)
		he->member_period[member] += period;
}

void hists__add_filtered(struct hists *h, uint64_t period, int member)
{
	h->total_period += period;
	h->nr_samples++;
	if (h->member_total && member >= 0 && member < h->nr_members) {
		h->member_total[member] += period;
		h->member_samples[member]++;
	}
}

int hists__add(struct hists *h, const struct hist_entry *tmpl, int member)
{
	uint64_t hash = hash_entry(h->sort, tmpl);
	struct hist_entry *he;

	if (member < 0 || member >= h->nr_members)
		return -EINVAL;
	hists__add_filtered(h, tmpl->period, member);
	if (h->nr_entries >= h->nr_buckets && grow(h))
		return -ENOMEM;
	for (he = h->buckets[hash & (h->nr_buckets - 1)]; he; he = he->next) {
		if (he->hash == hash && !sort_list__collapse(h->sort, he, tmpl)) {
			account(he, tmpl->period, member);
			return 0;
		}
	}
	he = malloc(sizeof(*he));
	if (!he)
		return -ENOMEM;
	*he = *tmpl;
	he->period = 0;
	he->nr_samples = 0;
	he->member_period = NULL;
	if (h->nr_members > 1) {
		he->member_period = calloc(h->nr_members, sizeof(*he->member_period));
		if (!he->member_period) {
			free(he);
			return -ENOMEM;
		}
	}
	account(he, tmpl->period, member);
	he->hash = hash;
	he->next = h->buckets[hash & (h->nr_buckets - 1)];
	h->buckets[hash & (h->nr_buckets - 1)] = he;
	h->nr_entries++;
	return 0;
}

/* qsort has no context argument; the sort list travels in a wrapper. */
struct sort_item {
	struct hist_entry *he;
	const struct sort_list *sort;
	int sort_members;
};

static int cmp_output(const void *pa, const void *pb)
{
	const struct sort_item *a = pa, *b = pb;
	const struct sort_list *l = a->sort;
	int64_t c;

	if (a->he->period != b->he->period)
		return a->he->period > b->he->period ? -1 : 1;
	/* in a group view, the members' weights break ties in order */
	for (int m = 1; a->he->member_period && m < a->sort_members; m++) {
		uint64_t x = a->he->member_period[m], y = b->he->member_period[m];

		if (x != y)
			return x > y ? -1 : 1;
	}
	for (int i = 0; i < l->nr; i++) {
		int64_t c = sort_key__sort(l, l->keys[i], a->he, b->he);

		if (c)
			return c > 0 ? -1 : 1;
	}
	/* perf's output tree keeps equal entries in its collapse-tree order */
	c = sort_list__collapse(l, a->he, b->he);
	return c > 0 ? -1 : c < 0;
}

void hists__output_resort(struct hists *h)
{
	struct sort_item *items = calloc(h->nr_entries ? h->nr_entries : 1, sizeof(*items));
	size_t n = 0;

	free(h->sorted);
	h->sorted = calloc(h->nr_entries ? h->nr_entries : 1, sizeof(*h->sorted));
	if (!items || !h->sorted)
		abort();
	for (size_t i = 0; i < h->nr_buckets; i++)
		for (struct hist_entry *he = h->buckets[i]; he; he = he->next)
			items[n++] = (struct sort_item){ he, h->sort, h->nr_members };
	qsort(items, n, sizeof(*items), cmp_output);
	for (size_t i = 0; i < n; i++)
		h->sorted[i] = items[i].he;
	free(items);
}
