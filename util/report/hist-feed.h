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

/* NULL when no thread could be started (then add to the hists directly). */
struct hist_feed *hist_feed__start(void);

/* Queue @tmpl's keys and period for @h's @member. Returns 0, or the
 * thread's error (-ENOMEM) once it has failed. */
int hist_feed__add(struct hist_feed *f, struct hists *h, const struct hist_entry *tmpl,
		   int member);

/* A sample counted in @h's totals only (perf's filtered guest samples). */
int hist_feed__add_filtered(struct hist_feed *f, struct hists *h, uint64_t period, int member);

/* Fold what is queued, stop the thread and free @f. Returns its error. */
int hist_feed__finish(struct hist_feed *f);

#endif
