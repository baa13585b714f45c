/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_RECORD_ATTR_H
#define PM_RECORD_ATTR_H

/*
 * perf record's perf_event_attr for each event of a recording, as Linux
 * perf sets it: what each sample holds (IP, TID, TIME, the callchain, data
 * addresses, branch stacks, ...), how often it is taken, the side-band
 * records the first event asks for, and PERF_SAMPLE_IDENTIFIER where the
 * events' sample layouts differ. record -vv shows the result; the oracle
 * tests compare it with perf's (tests/oracle/record-attr-cmdlines.txt).
 */
#include <stdbool.h>
#include <stdint.h>

#include "../base/strbuf.h"
#include "evlist.h"

#define RECORD_DEFAULT_FREQ 4000

struct record_attr_opts {
	bool callchain;		/* -g or --call-graph: PERF_SAMPLE_CALLCHAIN */
	uint32_t dwarf_stack;	/* --call-graph dwarf: user stack bytes, 0 for none */
	bool lbr;		/* --call-graph lbr: Intel's LBR call stacks */
	bool cpu_wide;		/* -a or -C: the CPU in every sample */
	bool enable_on_exec;	/* a workload we start: counting begins at its exec */
	/* -D, -G: the last event is perf's tracking dummy (dummy:HG): it alone
	 * records mmaps, comms and tasks (from the exec), so that the maps are
	 * known while the sampled events wait (-D) or see a cgroup only (-G) */
	bool tracking_dummy;
	bool no_buffering;	/* --no-buffering: a wakeup for every event */
	bool overwrite;		/* --overwrite: backward rings, the newest kept */
	bool no_time;		/* --per-thread: one buffer, in order: no TIME (as perf) */
	/* -d, -W, --phys-data, --data-page-size, --code-page-size, --sample-cpu, -P */
	bool sample_addr, sample_weight, sample_phys, data_page_size, code_page_size,
	     sample_cpu, sample_period;
	bool sample_transaction;	/* --transaction: the abort flags of TSX (x86) */
	bool all_user, all_kernel;	/* override every event's own modifiers */
	bool no_inherit;
	uint64_t branch_mode;	/* -b / -j: PERF_SAMPLE_BRANCH_*, 0 for none */
	bool inherit_stat;	/* -s: per-thread counts (READ records) as children exit */
	bool running_time;	/* --running-time: times enabled and running in reads */
	bool raw_samples;	/* -R: every sample's RAW, TIME and CPU */
	bool sample_identifier;	/* --sample-identifier: PERF_SAMPLE_IDENTIFIER always */
	bool no_samples;	/* -n: count, never sample */
	/* side-band records the tracking event asks for: --switch-events,
	 * --namespaces, --all-cgroups (which samples the cgroup too) */
	bool switch_events, namespaces, cgroups;
	bool buildid_mmap;	/* --buildid-mmap: MMAP2 records carry build-ids */
	bool kernel_callchains, user_callchains;	/* only that part of -g's chains */
	uint64_t user_regs;	/* --user-regs: the registers at each sample, user's */
	uint64_t intr_regs;	/* -I/--intr-regs: and where it interrupted */
	bool use_clockid;	/* -k: timestamps of clock @clockid, not perf's */
	int clockid;
	uint64_t period;	/* -c, 0 for none */
	int freq;		/* -F, 0 for the default */
	bool user_freq;		/* -F was given: it overrides an event's own period */
};

/*
 * --call-graph MODE[,SIZE]: "fp", "dwarf[,size]" (a multiple of 8 up to
 * 65528, default 8192) or "lbr", into @o. Returns 0, or -EINVAL with a
 * message naming the choices.
 */
int record_attr__parse_call_graph(const char *mode, struct record_attr_opts *o,
				  struct strbuf *err);

/*
 * -k NAME|NUMBER: monotonic (mono), monotonic_raw (raw), realtime (real),
 * boottime (boot), tai, or a clockid number, into @o. Returns 0
 * or -EINVAL with the choices in @err.
 */
int record_attr__parse_clockid(const char *name, struct record_attr_opts *o, struct strbuf *err);

/* Set every event's attr of @evlist for a recording as @o asks. */
void record_attr__configure(struct evlist *evlist, const struct record_attr_opts *o);

/* --switch-output-event's events: counted from the open, never sampled
 * (a count that moves is the signal to switch). */
void record_attr__count_only(struct evlist *evlist);

#endif
