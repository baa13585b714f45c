// SPDX-License-Identifier: GPL-2.0
/*
 * The LBR options of perf report, checked as perf 6.1 checks them
 * (builtin-report.c: report__setup_sample_type and cmd_report).
 */
#include <errno.h>

#include "report.h"

static bool any_attr(const struct perf_data *pd, uint64_t sample_bits, uint64_t branch_bits)
{
	for (size_t i = 0; i < pd->nr_evsels; i++) {
		const struct perf_event_attr *a = &pd->evsels[i]->attr;

		if ((a->sample_type & sample_bits) == sample_bits &&
		    (a->branch_sample_type & branch_bits) == branch_bits)
			return true;
	}
	return false;
}

/* perf's callchain_param.record_mode == CALLCHAIN_LBR: callchains in use
 * (graph or children), branch stacks, and no user stacks (DWARF's). */
static bool lbr_record_mode(const struct report *r)
{
	const struct report_opts *o = r->o;
	const struct perf_data *pd = &r->pd;

	if (!any_attr(pd, PERF_SAMPLE_CALLCHAIN, 0))
		return false;
	if (o->chain.mode == CHAIN_NONE && o->children == 0)
		return false;
	if (any_attr(pd, PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER, 0))
		return false;
	return any_attr(pd, PERF_SAMPLE_BRANCH_STACK, 0);
}

static int check_stitch_lbr(struct report *r)
{
	if (!lbr_record_mode(r)) {
		r->warn_stitch_lbr = true;	/* perf goes on without it */
		return 0;
	}
	/* perf stitches only LBR call stacks (record --call-graph lbr) */
	if (!any_attr(&r->pd, PERF_SAMPLE_BRANCH_STACK, PERF_SAMPLE_BRANCH_CALL_STACK))
		return 0;
	strbuf_addf(&r->err, "--stitch-lbr: stitching the LBR call stacks of %s is not "
		    "implemented in perf-mini\nhint: drop --stitch-lbr, or use perf report",
		    r->pd.path);
	return -EINVAL;
}

static int check_branch_history(struct report *r)
{
	/* perf: "Selected -g or --branch-history. But no callchain or branch
	 * data." (and exits 0: a failure here) */
	if (!r->pd.pipe && !any_attr(&r->pd, PERF_SAMPLE_CALLCHAIN, 0) &&
	    !perf_data__has_feat(&r->pd, HEADER_BRANCH_STACK)) {
		strbuf_addf(&r->err, "--branch-history: %s has no callchains or branch stacks"
			    "\nhint: record them with perf record -g or -b", r->pd.path);
		return -EINVAL;
	}
	strbuf_addf(&r->err, "--branch-history: branch stacks added to the callchains are not "
		    "implemented in perf-mini\nhint: drop --branch-history, or use perf report");
	return -EINVAL;
}

int report__check_lbr_opts(struct report *r)
{
	const struct report_opts *o = r->o;

	if (o->branch_history && check_branch_history(r))
		return -EINVAL;
	if (o->stitch_lbr && check_stitch_lbr(r))
		return -EINVAL;
	/* perf keeps --total-cycles only in branch mode */
	if (o->total_cycles && r->branch_mode) {
		strbuf_addstr(&r->err, "--total-cycles: perf's block table (Sampled Cycles%) is not "
			      "implemented in perf-mini\nhint: drop --total-cycles, or use perf "
			      "report");
		return -EINVAL;
	}
	return 0;
}
