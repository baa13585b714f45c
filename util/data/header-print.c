// SPDX-License-Identifier: GPL-2.0
#include <inttypes.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <time.h>

#include "../base/util.h"
#include "../events/attr-print.h"
#include "feature-ops.h"
#include "header-print.h"
#include "header-topology.h"
#include "internal.h"

void pd_feat_print_string(const struct perf_data *pd, int feat, bool full, FILE *out)
{
	const struct pd_feature_ops *ops = &pd_feature_ops[feat];
	const char *v = *(char *const *)((const char *)&pd->feat + ops->str_field);

	(void)full;
	fprintf(out, "# %s : %s\n", ops->label, v ?: "(null)");
}

void pd_feat_print_label(const struct perf_data *pd, int feat, bool full, FILE *out)
{
	(void)pd, (void)full;
	fprintf(out, "# %s\n", pd_feature_ops[feat].label);
}

void pd_feat_print_nrcpus(const struct perf_data *pd, int feat, bool full, FILE *out)
{
	(void)feat, (void)full;
	fprintf(out, "# nrcpus online : %u\n# nrcpus avail : %u\n", pd->feat.nr_cpus_online,
		pd->feat.nr_cpus_avail);
}

void pd_feat_print_total_mem(const struct perf_data *pd, int feat, bool full, FILE *out)
{
	(void)feat, (void)full;
	fprintf(out, "# total memory : %" PRIu64 " kB\n", pd->feat.total_mem);
}

static void print_event(const struct perf_data *pd, const struct pd_evsel *e, FILE *out)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "# event : name = %s, ", e->name);
	if (e->nr_ids) {
		strbuf_addstr(&sb, ", id = {");
		for (uint32_t i = 0; i < e->nr_ids; i++)
			strbuf_addf(&sb, "%s %" PRIu64, i ? "," : "", e->ids[i]);
		strbuf_addstr(&sb, " }");
	}
	attr_print_inline(&sb, &e->attr);
	fprintf(out, "%s\n", sb.buf);
	strbuf_release(&sb);
	(void)pd;
}

void pd_feat_print_event_desc(const struct perf_data *pd, int feat, bool full, FILE *out)
{
	(void)feat, (void)full;
	for (size_t i = 0; i < pd->nr_evsels; i++)
		print_event(pd, pd->evsels[i], out);
}

void pd_feat_print_group_desc(const struct perf_data *pd, int feat, bool full, FILE *out)
{
	(void)feat, (void)full;
	for (size_t i = 0; i < pd->nr_evsels; i++) {
		const struct pd_evsel *e = pd->evsels[i];

		if (e->nr_members < 2)
			continue;
		fprintf(out, "# group: %s{", e->group_name ?: "");
		for (int m = 0; m < e->nr_members; m++)
			fprintf(out, "%s%s", m ? "," : "", pd->evsels[e->idx + m]->name);
		fprintf(out, "}\n");
	}
}

static void print_file_section(const struct perf_data *pd, FILE *out)
{
	struct stat st;
	char when[64] = "";

	/* the file's time, or a stream's from standard input, as perf */
	if (!(strcmp(pd->path, "-") ? stat(pd->path, &st) : fstat(STDIN_FILENO, &st))) {
		struct tm tm;

		localtime_r(&st.st_mtime, &tm);
		strftime(when, sizeof(when), "%a %b %e %H:%M:%S %Y", &tm);
	}
	fprintf(out, "# ========\n# captured on    : %s\n# header version : 1\n", when);
	fprintf(out, "# data offset    : %" PRIu64 "\n# data size      : %" PRIu64 "\n",
		pd->pipe ? 0 : pd->data_offset, pd->pipe ? 0 : pd->data_size);
	fprintf(out, "# feat offset    : %" PRIu64 "\n",
		pd->pipe ? 0 : pd->data_offset + pd->data_size);
}

void pd_feat_print_pmu_mappings(const struct perf_data *pd, int feat, bool full, FILE *out)
{
	const struct pd_features *f = &pd->feat;

	(void)feat, (void)full;
	if (!f->nr_pmus) {
		fprintf(out, "# pmu mappings: not available\n");
		return;
	}
	for (uint32_t i = 0; i < f->nr_pmus; i++)
		fprintf(out, "%s%s = %u", i ? ", " : "# pmu mappings: ", f->pmus[i].name,
			f->pmus[i].type);
	fputc('\n', out);
}

void pd_feat_print_sample_time(const struct perf_data *pd, int feat, bool full, FILE *out)
{
	uint64_t t[2] = { pd->feat.first_sample_time, pd->feat.last_sample_time };

	(void)feat, (void)full;
	for (int i = 0; i < 2; i++)
		fprintf(out, "# time of %s sample : %" PRIu64 ".%06" PRIu64 "\n",
			i ? "last" : "first", t[i] / 1000000000, t[i] % 1000000000 / 1000);
	fprintf(out, "# sample duration : %10.3f ms\n", (double)(t[1] - t[0]) / 1e6);
}

static void print_caps(const char *pmu, char *const *caps, uint32_t nr, FILE *out)
{
	if (!nr) {
		fprintf(out, "# %s pmu capabilities: not available\n", pmu);
		return;
	}
	fprintf(out, "# %s pmu capabilities: ", pmu);
	for (uint32_t i = 0; i < nr; i++)
		fprintf(out, "%s%s", i ? ", " : "", caps[i]);
	fputc('\n', out);
}

void pd_feat_print_cmdline(const struct perf_data *pd, int feat, bool full, FILE *out)
{
	const struct pd_features *f = &pd->feat;

	(void)feat, (void)full;
	fprintf(out, "# cmdline : ");
	for (uint32_t i = 0; i < f->nr_cmdline; i++)
		fprintf(out, "%s ", f->cmdline[i]);
	fprintf(out, "\n");
}

static const char *clockid_name(uint32_t clockid)
{
	static const char *const names[] = {
		[CLOCK_REALTIME] = "realtime", [CLOCK_MONOTONIC] = "monotonic",
		[CLOCK_MONOTONIC_RAW] = "monotonic_raw", [CLOCK_BOOTTIME] = "boottime",
		[CLOCK_TAI] = "tai",
	};

	return clockid < ARRAY_SIZE(names) && names[clockid] ? names[clockid] : "unknown";
}

void pd_feat_print_clock_data(const struct perf_data *pd, int feat, bool full, FILE *out)
{
	const struct pd_features *f = &pd->feat;
	time_t tod_sec = f->clock_tod_ns / 1000000000;
	int tod_usec = f->clock_tod_ns % 1000000000 / 1000;
	const char *name = clockid_name(f->clock_data_clockid);
	char date[64] = "<error>";
	struct tm tm;

	(void)feat, (void)full;
	if (!f->has_clock_data) {
		fprintf(out, "# reference time disabled\n");
		return;
	}
	if (localtime_r(&tod_sec, &tm))
		strftime(date, sizeof(date), "%F %T", &tm);
	fprintf(out, "# clockid: %s (%u)\n", name, f->clock_data_clockid);
	fprintf(out, "# reference time: %s.%06d = %ld.%06d (TOD) = %ld.%09ld (%s)\n", date,
		tod_usec, (long)tod_sec, tod_usec, (long)(f->clock_clockid_ns / 1000000000),
		(long)(f->clock_clockid_ns % 1000000000), name);
}

/* perf's full-only features: named, and shown with -I */
void pd_feat_print_full_only(const struct perf_data *pd, int feat, bool full, FILE *out)
{
	const struct pd_features *f = &pd->feat;

	if (!full || !header_topology__fprintf(feat, f->raw[feat], f->raw_size[feat],
					       f->nr_cpus_avail, out))
		fprintf(out, "# %s info available, use -I to display\n", pd_feature_name(feat));
}

void pd_feat_print_clockid(const struct perf_data *pd, int feat, bool full, FILE *out)
{
	uint64_t res_ns = pd->feat.clockid_res_ns;

	(void)feat, (void)full;
	fprintf(out, "# clockid frequency: %" PRIu64 " MHz\n", res_ns ? 1000 / res_ns : 0);
}

void pd_feat_print_compressed(const struct perf_data *pd, int feat, bool full, FILE *out)
{
	const struct pd_features *f = &pd->feat;

	(void)feat, (void)full;
	fprintf(out, "# compressed : %s, level = %u, ratio = %u\n",
		f->comp_type == 1 ? "Zstd" : "Unknown", f->comp_level, f->comp_ratio);
}

void pd_feat_print_cpu_pmu_caps(const struct perf_data *pd, int feat, bool full, FILE *out)
{
	(void)feat, (void)full;
	print_caps("cpu", pd->feat.cpu_pmu_caps, pd->feat.nr_cpu_pmu_caps, out);
}

void pd_feat_print_pmu_caps(const struct perf_data *pd, int feat, bool full, FILE *out)
{
	const struct pd_features *f = &pd->feat;

	(void)feat, (void)full;
	for (uint32_t i = 0; i < f->nr_pmu_caps; i++)
		print_caps(f->pmu_caps[i].pmu ?: "?", f->pmu_caps[i].caps, f->pmu_caps[i].nr_caps,
			   out);
}

/* What perf prints for feature @feat (nothing for those it keeps quiet). */
static void print_feature(const struct perf_data *pd, int feat, bool full, FILE *out)
{
	const struct pd_feature_ops *ops = pd_feature__ops(feat);

	if (ops && ops->print)
		ops->print(pd, feat, full, out);
}

/*
 * A stream's features are records: perf prints each as it comes, after
 * the file section, and has no bitmap to list the missing ones from.
 * Those without a process op in perf (no_process: BRANCH_STACK, STAT) it
 * skips there: perf_event__process_feature() stops at that.
 */
static void print_pipe_features(const struct perf_data *pd, bool full, FILE *out)
{
	fprintf(out, "# ========\n#\n");
	for (uint32_t i = 0; i < pd->feat.nr_arrived; i++) {
		int feat = pd->feat.arrived[i];
		const struct pd_feature_ops *ops = pd_feature__ops(feat);

		if (ops && !ops->no_process)
			print_feature(pd, feat, full, out);
	}
}

/*
 * A file lists its features in the header bitmap, and perf prints every
 * listed one with what it could read: after a damaged section perf reads
 * no further, and the later ones print empty ("(null)", 0 kB). The event
 * list is printed even where the file has no EVENT_DESC (from its attrs).
 */
static void print_file_features(const struct perf_data *pd, bool full, FILE *out)
{
	const uint64_t *bits = pd->header.adds_features;

	for (int feat = 1; feat < HEADER_LAST_FEATURE; feat++)
		if (feat == HEADER_EVENT_DESC || (bits[feat / 64] >> (feat % 64) & 1))
			print_feature(pd, feat, full, out);
	fprintf(out, "# missing features:");
	for (int feat = HEADER_TRACING_DATA; feat < HEADER_LAST_FEATURE; feat++)
		if (!(bits[feat / 64] >> (feat % 64) & 1))
			fprintf(out, " %s", pd_feature_name(feat));
	fprintf(out, " \n# ========\n#\n");
}

void perf_data__fprintf_header_full(const struct perf_data *pd, bool full, FILE *out)
{
	print_file_section(pd, out);
	if (pd->pipe)
		print_pipe_features(pd, full, out);
	else
		print_file_features(pd, full, out);
}

void perf_data__fprintf_header(const struct perf_data *pd, FILE *out)
{
	perf_data__fprintf_header_full(pd, false, out);
}
