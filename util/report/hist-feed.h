/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_HIST_FEED_H
#define PM_HIST_FEED_H

/*
 * Folding samples into histograms on a second thread. The reading thread
 * walks the file, orders, decodes and resolves each sample (machine state
 * is its alone); this one hashes and counts, which on a large profile is
 * half the work and cache-miss bound. Samples go over in batches, in
 * delivery order, so the histograms come out exactly as without it.
 *
 * Ownership: between hist_feed__start() and hist_feed__finish() the
 * histograms belong to the feed's thread; nobody else may touch them.
 */
#include "hist.h"

struct hist_feed;

/* What identifies an entry under the keys a fed report may sort by (comm,
 * pid, dso, sym): all a feed passes of it, here and in chain-feed. */
struct feed_keys {
	const char *comm;
	struct thread *thread;
	struct dso *dso;
	const struct symbol *sym;
	uint64_t ip;
	char level;
};

static inline struct feed_keys feed_keys__of(const struct hist_entry *he)
{
	return (struct feed_keys){ he->comm, he->thread, he->dso, he->sym, he->ip, he->level };
}

static inline void feed_keys__set(const struct feed_keys *k, struct hist_entry *he)
{
	he->comm = k->comm;
	he->thread = k->thread;
	he->dso = k->dso;
	he->sym = k->sym;
	he->ip = k->ip;
	he->level = k->level;
}

/* NULL when no thread could be started (then add to the hists directly). */
struct hist_feed *hist_feed__start(void);

/* The same for whole entries (hist_feed__add_entry() instead of _add()):
 * reports whose keys read more of the sample, a memory report's. */
struct hist_feed *hist_feed__start_entries(void);

/* Queue @tmpl for @h's @member, its rare part and memory access copied. */
int hist_feed__add_entry(struct hist_feed *f, struct hists *h, const struct hist_entry *tmpl,
			 int member);

/* Queue @tmpl's keys and period for @h's @member. Returns 0, or the
 * thread's error (-ENOMEM) once it has failed. */
int hist_feed__add(struct hist_feed *f, struct hists *h, const struct hist_entry *tmpl,
		   int member);

/* A sample counted in @h's totals only (perf's filtered guest samples). */
int hist_feed__add_filtered(struct hist_feed *f, struct hists *h, uint64_t period, int member);

/* Fold what is queued, stop the thread and free @f. Returns its error. */
int hist_feed__finish(struct hist_feed *f);

#endif
