// SPDX-License-Identifier: GPL-2.0
/*
 * Live histograms for top: perf top's decay, and folding the samples of
 * the last refresh into what is shown. Folding into a fresh histogram
 * (hists__init_like, then hists__fold) also drops what decayed away, so
 * a top left running for hours holds only the entries still counting.
 */
#include <errno.h>
#include <string.h>

#include "hist.h"

#define DECAY(v) ((v) = (v) * 7 / 8)

int hists__init_like(struct hists *h, const struct hists *like)
{
	int err = hists__init(h, like->sort, like->fields, like->nr_members);

	h->self_header = like->self_header;
	h->need_collapse = like->need_collapse;
	h->relative = like->relative;
	h->group_sort_idx = like->group_sort_idx;
	h->cumulate = like->cumulate;
	h->use_callchain = like->use_callchain;
	h->chain_min_percent = like->chain_min_percent;
	h->caller_order = like->caller_order;
	h->chain_skip_first = like->chain_skip_first;
	h->chain_mode = like->chain_mode;
	return err;
}

static void decay_chain(struct cc_node *n)
{
	DECAY(n->hit);
	DECAY(n->children_hit);
	for (uint32_t i = 0; i < n->nr_children; i++)
		decay_chain(n->children[i].node);
}

/* Returns the self period it lost. */
static uint64_t decay_entry(const struct hists *h, struct hist_entry *he)
{
	uint64_t before = he->period;

	DECAY(he->period);
	DECAY(he->nr_samples);
	DECAY(he->period_acc);
	for (int i = 0; he->member_period && i < 3 * h->nr_members; i++)
		DECAY(he->member_period[i]);
	for (int i = 0; he->mode_period && i < h->nr_members * MODE_NR; i++)
		DECAY(he->mode_period[i]);
	if (he->chain)
		decay_chain(he->chain);
	return before - he->period;
}

void hists__decay(struct hists *h)
{
	uint64_t lost = 0;

	for (struct hist_chunk *c = h->chunks; c; c = c->next) {
		for (size_t i = 0; i < c->nr; i++) {
			struct hist_entry *he = &c->entries[i];

			if (he->merged)
				continue;
			lost += decay_entry(h, he);
			/* as perf: gone once its own period is, callees or not */
			if (!he->period) {
				he->merged = true;
				h->nr_entries--;
			}
		}
	}
	h->total_period -= lost < h->total_period ? lost : h->total_period;
	DECAY(h->nr_samples);
	for (int m = 0; h->member_total && m < h->nr_members; m++) {
		DECAY(h->member_total[m]);
		DECAY(h->member_samples[m]);
	}
	hists__drop_index(h);	/* it still finds the dropped entries */
}

int hists__fold(struct hists *into, struct hists *from)
{
	for (struct hist_chunk *c = from->chunks; c; c = c->next) {
		for (size_t i = 0; i < c->nr; i++) {
			struct hist_entry *he = &c->entries[i], *to;

			if (he->merged)
				continue;
			to = hists__findnew(into, he);
			if (!to || hists__merge_entry(into, to, he))
				return -ENOMEM;
		}
	}
	into->total_period += from->total_period;
	into->nr_samples += from->nr_samples;
	for (int m = 0; into->member_total && m < into->nr_members; m++) {
		into->member_total[m] += from->member_total[m];
		into->member_samples[m] += from->member_samples[m];
	}
	return 0;
}

void hists__zap(struct hists *h, bool user, bool kernel)
{
	for (struct hist_chunk *c = h->chunks; (user || kernel) && c; c = c->next) {
		for (size_t i = 0; i < c->nr; i++) {
			struct hist_entry *he = &c->entries[i];

			if (!he->merged && (he->level == '.' ? user : kernel)) {
				he->merged = true;
				h->nr_entries--;
			}
		}
	}
	hists__drop_index(h);
}

void hists__recount(struct hists *h)
{
	h->total_period = 0;
	h->nr_samples = 0;
	for (int m = 0; h->member_total && m < h->nr_members; m++)
		h->member_total[m] = h->member_samples[m] = 0;
	for (struct hist_chunk *c = h->chunks; c; c = c->next) {
		for (size_t i = 0; i < c->nr; i++) {
			const struct hist_entry *he = &c->entries[i];

			if (he->merged)
				continue;
			h->total_period += he->period;
			h->nr_samples += he->nr_samples;
			for (int m = 0; he->member_period && m < h->nr_members; m++) {
				h->member_total[m] += he->member_period[m];
				h->member_samples[m] += he->member_period[h->nr_members + m];
			}
		}
	}
}
