/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_HANDOFF_H
#define PM_HANDOFF_H

/*
 * Work handed from one thread to a second one in batches, taken in the
 * order given: the giver fills the batch handoff__batch() returns and
 * passes it on; the second thread runs @fn on each. A few batches are in
 * flight at most, so the giver waits when it gets that far ahead.
 *
 * What a batch holds is the caller's: a struct of @batch_size bytes that
 * the giver sets up, count included, before each pass.
 */
#include <stdbool.h>
#include <stddef.h>

struct handoff;

/* Run on the second thread, one batch at a time; non-zero stops it and
 * is what later passes and handoff__finish() return. */
typedef int handoff_fn(void *batch, void *ctx);

/* NULL when the thread cannot be started (do the work in place then). */
struct handoff *handoff__start(size_t batch_size, handoff_fn *fn, void *ctx);

/* The batch to fill; it stays the giver's until handoff__pass(). */
void *handoff__batch(struct handoff *h);

/* Pass the filled batch on. Returns 0, or the error @fn stopped with. */
int handoff__pass(struct handoff *h);

/* The second thread is more than half the batches in flight behind: the
 * giver could take on some of its work. */
bool handoff__behind(struct handoff *h);

/* Pass the current batch on when @pass_current, wait for the thread to
 * finish everything, free @h. Returns @fn's error, if any. */
int handoff__finish(struct handoff *h, bool pass_current);

#endif
