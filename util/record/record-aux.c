// SPDX-License-Identifier: GPL-2.0
/*
 * The record options about what perf keeps beside the samples: an AUX
 * area's trace (-S/--snapshot, --aux-sample), the kernel's code
 * (--kcore), the kernel image (--vmlinux). perf-mini records no AUX area
 * and copies no kcore: it checks these as perf 6.1 does, so that a
 * command line perf refuses is refused with perf's reason, and says so
 * where perf would go on.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "../base/parse-options.h"
#include "../events/pmu.h"
#include "internal.h"

int record_parse_optional_string(const struct option *opt, const char *arg, int unset,
				 struct strbuf *err)
{
	const char **value = opt->value;

	(void)err;
	*value = unset ? NULL : arg ? arg : "";
	return 0;
}

/* The PMUs whose events write an AUX area (perf's auxtrace PMUs). */
static bool is_aux_pmu(const char *name)
{
	static const char *const aux[] = { "intel_pt", "intel_bts", "cs_etm", "arm_spe" };

	for (size_t i = 0; name && i < sizeof(aux) / sizeof(aux[0]); i++)
		if (!strncmp(name, aux[i], strlen(aux[i])))
			return true;
	return false;
}

static bool has_aux_event(const struct record_opts *o)
{
	for (int i = 0; i < o->evlist->nr; i++) {
		const struct evsel *e = o->evlist->entries[i];
		const struct pmu *pmu = pmus__find_by_type(o->pmus, e->attr.type);

		if (is_aux_pmu(e->pmu_name) || (pmu && is_aux_pmu(pmu->name)))
			return true;
	}
	return false;
}

static int check_aux_area(const struct record_opts *o, struct strbuf *err)
{
	const char *opt = o->snapshot ? "-S/--snapshot" : "--aux-sample";

	/* perf's order: the streaming mode first, then snapshot, then sample */
	if (o->threads) {
		strbuf_addf(err, "%s: AUX area tracing options are not available in parallel "
			    "streaming mode\nhint: drop --threads", opt);
		return -EINVAL;
	}
	if (!has_aux_event(o)) {
		strbuf_addf(err, "%s: %s\nhint: add an AUX area event, e.g. -e intel_pt// (Intel PT) "
			    "where the machine has one", opt,
			    o->snapshot ? "no AUX area tracing to snapshot" :
			    "no AUX area event to sample");
		return -EINVAL;
	}
	strbuf_addf(err, "%s: recording an AUX area (%s) is not implemented in perf-mini\n"
		    "hint: use perf record for AUX area tracing", opt,
		    o->snapshot ? "its snapshots" : "samples of it");
	return -ENOTSUP;
}

int record_check_aux(const struct record_opts *o, struct strbuf *err)
{
	/* perf checks the file before anything else, and only that it reads */
	if (o->vmlinux && access(o->vmlinux, R_OK)) {
		strbuf_addf(err, "--vmlinux: invalid file: '%s': %s\nhint: give the path of a "
			    "readable vmlinux", o->vmlinux, strerror(errno));
		return -EINVAL;
	}
	if (o->snapshot || o->aux_sample)
		return check_aux_area(o, err);
	return 0;
}

int record_check_kcore(const struct record_opts *o, struct strbuf *err)
{
	char path[4096];
	int fd;

	snprintf(path, sizeof(path), "%s/kcore", o->paths.proc);
	fd = open(path, O_RDONLY);
	if (fd < 0) {
		strbuf_addf(err, "--kcore: kcore is not readable: cannot open '%s': %s\n"
			    "hint: it needs root and a kernel with /proc/kcore "
			    "(CONFIG_PROC_KCORE)", path, strerror(errno));
		return -ENOTSUP;
	}
	close(fd);
	strbuf_addf(err, "--kcore: copying the kernel's code from '%s' into the recording is "
		    "not implemented in perf-mini\nhint: drop --kcore (perf-mini report reads "
		    "the kernel's symbols from kallsyms), or use perf record", path);
	return -ENOTSUP;
}
