// SPDX-License-Identifier: GPL-2.0
/*
 * record --switch-output-event: events whose occurrence switches the
 * output file, as perf's side-band events do. perf watches them where it
 * records tasks (-p/-t), on the CPUs it records (-a/-C), and for a
 * workload on the whole system (its side-band is not tied to the
 * workload); so does perf-mini. They are counted, and read at each
 * wake-up of the recording loop (a tenth of a second at most apart): the
 * occurrences in between make one switch, as signals pending together do
 * in perf.
 */
#include <errno.h>
#include <inttypes.h>
#include <linux/perf_event.h>
#include <string.h>

#include "../base/parse-options.h"
#include "../base/util.h"
#include "../events/evlist-open.h"
#include "internal.h"

int record_parse_switch_event(const struct option *opt, const char *arg, int unset,
			      struct strbuf *err)
{
	struct record_opts *o = opt->value;

	(void)unset;
	if (!o->switch_evlist)
		o->switch_evlist = evlist__new();
	BUG_ON(!o->switch_evlist);
	if (parse_events(o->switch_evlist, arg, &o->pctx, err))
		return (strbuf_addch(err, '\n'), -1);
	/* as perf: the events auto-select --switch-output=signal */
	o->switch_signal = true;
	o->timestamp_filename = true;
	return 0;
}

int record_open_switch_events(struct record_opts *o, struct strbuf *err)
{
	struct evlist_open_opts oo = { .cpus = o->target.cpus, .threads = o->target.threads };
	struct thread_map *any = NULL;
	struct cpu_map *online = NULL;
	struct strbuf why = STRBUF_INIT;
	int ret;

	if (!o->switch_evlist)
		return 0;
	record_attr__count_only(o->switch_evlist);
	if (!target__has_task(&o->target) && !target__has_cpu(&o->target)) {
		any = thread_map__single(-1);
		ret = cpu_map__online(&online, o->paths.online_cpus, err);
		if (ret || !any) {
			thread_map__delete(any);
			return ret ? ret : -ENOMEM;
		}
		oo.cpus = online;
		oo.threads = any;
	}
	ret = evlist__open(o->switch_evlist, &oo, &why);
	if (ret)
		strbuf_addf(err, "--switch-output-event (watched on the whole system as perf does, "
			    "unless -p, -t, -a or -C say where): %s", why.buf);
	strbuf_release(&why);
	thread_map__delete(any);
	cpu_map__delete(online);
	return ret;
}

bool record_switch_event_fired(struct record_opts *o)
{
	struct evsel *e;
	uint64_t seen = 0;
	int i;

	if (!o->switch_evlist || evlist__read(o->switch_evlist))
		return false;
	evlist__for_each(o->switch_evlist, e, i)
		for (int f = 0; e->fds && f < e->nr_cpus * e->nr_threads; f++)
			if (e->fds[f] >= 0)
				seen += e->counts[f].val;
	if (seen == o->switch_events_seen)
		return false;
	o->switch_events_seen = seen;
	return true;
}

void record_close_switch_events(struct record_opts *o)
{
	if (!o->switch_evlist)
		return;
	evlist__close(o->switch_evlist);
	evlist__delete(o->switch_evlist);
	o->switch_evlist = NULL;
}

bool record_size_limit_reached(struct record_opts *o, const struct recorder *r)
{
	uint64_t size = r->w->data_size + perf_data_writer__dir_size(r->w);	/* --threads' files too */

	if (!o->max_size || size < o->max_size)
		return false;
	if (!o->quiet)
		record_say(o, "[ perf record: perf size limit reached (%" PRIu64 " KB), "
			   "stopping session ]\n", size / 1024);
	o->size_limited = true;
	return true;
}
