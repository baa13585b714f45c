/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_CHAIN_FEED_H
#define PM_CHAIN_FEED_H

/*
 * hist-feed's counterpart for samples with callchains: the reading thread
 * resolves each sample and its frames; a second thread folds them into the
 * histograms (the entry, its graph, the callers' --children entries) with
 * report__fold_chain(), in delivery order, so the report comes out the
 * same. Only for keys that read nothing but the task and the addresses
 * (comm, pid, dso, sym), so that an entry is made of what is passed here.
 *
 * The reading thread also remembers what recent samples resolved to: a
 * profile repeats the same task, address and callchain over and over, and
 * while no event changes the machine's state they resolve the same.
 *
 * Ownership: between chain_feed__start() and chain_feed__finish() the
 * histograms belong to the feed's thread; nobody else may touch them.
 */
#include "report.h"

/* NULL when no thread could be started (then fold in place). */
struct chain_feed *chain_feed__start(struct report *r);

/*
 * A sample whose task, address and callchain were resolved before, at the
 * same machine state @gen (struct machine's: every event and every change
 * of the maps bump it), queued as that one was. Returns 1 when it was, 0
 * when it must be resolved (then passed with chain_feed__add(), which
 * remembers it), or the thread's error.
 */
int chain_feed__add_seen(struct chain_feed *f, struct hists *h, const struct perf_sample *s,
			 uint32_t gen, int member);

/* Queue the sample's entry @tmpl and its @n resolved frames for @h's
 * @member; @frames NULL: a sample without a callchain. When @gen is that
 * of the last chain_feed__add_seen() (the resolving changed nothing), the
 * result is remembered for the samples like it. Returns 0, or the
 * thread's error (-ENOMEM) once it has failed. */
int chain_feed__add(struct chain_feed *f, struct hists *h, const struct perf_sample *s,
		    const struct hist_entry *tmpl, const struct fold_frame *frames, size_t n,
		    uint32_t gen, int member);

/* A sample counted in @h's totals only (perf's filtered guest samples). */
int chain_feed__add_filtered(struct chain_feed *f, struct hists *h, uint64_t period, int member);

/* Fold what is queued, stop the thread and free @f. Returns its error. */
int chain_feed__finish(struct chain_feed *f);

#endif
