// SPDX-License-Identifier: GPL-2.0
/*
 * perf stat's options whose events one vendor's PMUs offer: -T (Intel
 * TSX), --smi-cost (Intel's SMI counter and freeze_on_smi), --iostat
 * (Intel's IIO uncore) and --cputype (hybrid CPUs). They are checked as
 * perf 6.1 checks them against the PMUs sysfs describes, so a machine
 * without them gets perf's refusal; where perf would count, perf-mini
 * says it does not (it computes none of their metrics).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "stat-run.h"
#include "../base/parse-options.h"
#include "../events/pmu.h"

/* perf's sets: the full one where the CPU counts elisions too */
#define TX_EVENTS "task-clock,{instructions,cycles,cpu/cycles-t/,cpu/tx-start/"
#define TX_FULL TX_EVENTS ",cpu/el-start/,cpu/cycles-ct/}"
#define TX_LIMITED TX_EVENTS "}"

int stat_parse_iostat(const struct option *opt, const char *arg, int unset, struct strbuf *err)
{
	struct stat_opts *o = opt->value;

	(void)unset;
	/* perf counts the root ports through uncore_iio_0, _1, ... */
	if (!pmus__find(o->pmus, "uncore_iio_0")) {
		strbuf_addstr(err, "Unsupported uncore pmu configuration\n");
		return -1;
	}
	o->iostat = arg ? arg : "";
	return 0;
}

int stat_parse_cputype(const struct option *opt, const char *arg, int unset, struct strbuf *err)
{
	struct stat_opts *o = opt->value;
	char name[64];
	const struct pmu *pmu;

	(void)unset;
	/* perf filters the events as they are parsed: later ones only */
	if (o->evlist->nr) {
		strbuf_addstr(err, "Must define cputype before events/metrics\n");
		return -1;
	}
	snprintf(name, sizeof(name), "cpu_%s", arg);
	pmu = pmus__find(o->pmus, name);
	if (!pmu || !pmu->cpus) {
		strbuf_addf(err, "--cputype %s is not supported!\n", arg);
		return -1;
	}
	o->cputype = arg;
	return 0;
}

static bool pmu_has_event(struct stat_opts *o, const char *pmu_name, const char *event)
{
	const struct pmu *pmu = pmus__find(o->pmus, pmu_name);

	return pmu && pmu__find_alias(pmu, event, strlen(event));
}

static int check_transaction(struct stat_opts *o, struct strbuf *err)
{
	const char *events = pmu_has_event(o, "cpu", "cycles-ct") &&
			     pmu_has_event(o, "cpu", "el-start") ? TX_FULL : TX_LIMITED;
	struct evlist *scratch = evlist__new();
	struct strbuf why = STRBUF_INIT;
	int ret = -ENOTSUP;

	if (!scratch)
		return -ENOMEM;
	if (parse_events(scratch, events, &o->pctx, &why)) {
		strbuf_addf(err, "-T: Cannot set up transaction events\n%s", why.buf);
		ret = -EINVAL;
	} else {
		strbuf_addf(err, "-T: the transaction metrics (transactional and aborted cycles, "
			    "cycles per transaction) are not implemented in perf-mini\nhint: count "
			    "the events: perf-mini stat -e '%s'", events);
	}
	strbuf_release(&why);
	evlist__delete(scratch);
	return ret;
}

static int check_smi_cost(struct stat_opts *o, struct strbuf *err)
{
	char path[4096];
	FILE *f;
	bool readable;
	int val;

	/* the cpu PMU's directory is /sys/devices/cpu, where perf reads it */
	snprintf(path, sizeof(path), "%s/bus/event_source/devices/cpu/freeze_on_smi",
		 pmus__root(o->pmus));
	f = fopen(path, "r");
	/* perf sets it where it reads 0: perf-mini refuses before that */
	readable = f && fscanf(f, "%d", &val) == 1;
	if (f)
		fclose(f);
	if (!readable) {
		strbuf_addstr(err, "--smi-cost: freeze_on_smi is not supported\nhint: it needs an "
			      "Intel CPU PMU that can freeze its counters on SMIs");
		return -EINVAL;
	}
	if (!pmu_has_event(o, "msr", "aperf") || !pmu_has_event(o, "msr", "smi")) {
		strbuf_addstr(err, "--smi-cost: To measure SMI cost, it needs msr/aperf/, msr/smi/ "
			      "and cpu/cycles/ support");
		return -EINVAL;
	}
	strbuf_addstr(err, "--smi-cost: the SMI cycles and counts metrics are not implemented in "
		      "perf-mini\nhint: count the events: perf-mini stat -e "
		      "'{msr/aperf/,msr/smi/,cycles}' -a");
	return -ENOTSUP;
}

int stat_check_vendor_opts(struct stat_opts *o, struct strbuf *err)
{
	if (o->cputype) {
		strbuf_addf(err, "--cputype %s: counting one type of a hybrid CPU's cores is not "
			    "implemented in perf-mini\nhint: name the PMU in each event: -e "
			    "cpu_%s/cycles/", o->cputype, o->cputype);
		return -ENOTSUP;
	}
	if (o->iostat) {
		strbuf_addstr(err, "--iostat: the I/O metrics of the IIO uncore are not implemented "
			      "in perf-mini\nhint: use perf stat --iostat");
		return -ENOTSUP;
	}
	if (o->transaction)
		return check_transaction(o, err);
	if (o->smi_cost)
		return check_smi_cost(o, err);
	return 0;
}
