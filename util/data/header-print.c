// SPDX-License-Identifier: GPL-2.0
#include <inttypes.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <time.h>

#include "../base/util.h"
#include "../events/attr-print.h"
#include "header-print.h"
#include "header-topology.h"

static void print_string(FILE *out, const char *label, const char *v)
{
	fprintf(out, "# %s : %s\n", label, v ?: "(null)");
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

static void print_groups(const struct perf_data *pd, FILE *out)
{
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

static void print_pmu_mappings(const struct pd_features *f, FILE *out)
{
	if (!f->nr_pmus) {
		fprintf(out, "# pmu mappings: not available\n");
		return;
	}
	for (uint32_t i = 0; i < f->nr_pmus; i++)
		fprintf(out, "%s%s = %u", i ? ", " : "# pmu mappings: ", f->pmus[i].name,
			f->pmus[i].type);
	fputc('\n', out);
}

static void print_sample_time(const struct pd_features *f, FILE *out)
{
	uint64_t t[2] = { f->first_sample_time, f->last_sample_time };

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

static void print_cmdline(const struct pd_features *f, FILE *out)
{
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

static void print_clock_data(const struct pd_features *f, FILE *out)
{
	time_t tod_sec = f->clock_tod_ns / 1000000000;
	int tod_usec = f->clock_tod_ns % 1000000000 / 1000;
	const char *name = clockid_name(f->clock_data_clockid);
	char date[64] = "<error>";
	struct tm tm;

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

/* What perf prints for feature @feat (nothing for those it keeps quiet). */
static void print_feature(const struct perf_data *pd, int feat, bool full, FILE *out)
{
	const struct pd_features *f = &pd->feat;

	switch (feat) {
	case HEADER_HOSTNAME: print_string(out, "hostname", f->hostname); break;
	case HEADER_OSRELEASE: print_string(out, "os release", f->osrelease); break;
	case HEADER_VERSION: print_string(out, "perf version", f->version); break;
	case HEADER_ARCH: print_string(out, "arch", f->arch); break;
	case HEADER_NRCPUS:
		fprintf(out, "# nrcpus online : %u\n# nrcpus avail : %u\n", f->nr_cpus_online,
			f->nr_cpus_avail);
		break;
	case HEADER_CPUDESC: print_string(out, "cpudesc", f->cpudesc); break;
	case HEADER_CPUID: print_string(out, "cpuid", f->cpuid); break;
	case HEADER_TOTAL_MEM:
		fprintf(out, "# total memory : %" PRIu64 " kB\n", f->total_mem);
		break;
	case HEADER_CMDLINE: print_cmdline(f, out); break;
	case HEADER_EVENT_DESC:
		for (size_t i = 0; i < pd->nr_evsels; i++)
			print_event(pd, pd->evsels[i], out);
		break;
	case HEADER_CPU_TOPOLOGY:	/* perf's full-only ones: shown with -I */
	case HEADER_NUMA_TOPOLOGY:
	case HEADER_CACHE:
	case HEADER_MEM_TOPOLOGY:
	case HEADER_HYBRID_TOPOLOGY:
		if (!full || !header_topology__fprintf(feat, f->raw[feat], f->raw_size[feat],
						       f->nr_cpus_avail, out))
			fprintf(out, "# %s info available, use -I to display\n",
				pd_feature_name(feat));
		break;
	case HEADER_BRANCH_STACK:
		fprintf(out, "# contains samples with branch stack\n");
		break;
	case HEADER_PMU_MAPPINGS:
		print_pmu_mappings(f, out);
		break;
	case HEADER_GROUP_DESC:
		print_groups(pd, out);
		break;
	case HEADER_AUXTRACE:
		fprintf(out, "# contains AUX area data (e.g. instruction trace)\n");
		break;
	case HEADER_STAT:
		fprintf(out, "# contains stat data\n");
		break;
	case HEADER_SAMPLE_TIME:
		print_sample_time(f, out);
		break;
	case HEADER_CLOCKID:
		fprintf(out, "# clockid frequency: %" PRIu64 " MHz\n",
			f->clockid_res_ns ? 1000 / f->clockid_res_ns : 0);
		break;
	case HEADER_CLOCK_DATA:
		print_clock_data(f, out);
		break;
	case HEADER_COMPRESSED:
		fprintf(out, "# compressed : %s, level = %u, ratio = %u\n",
			f->comp_type == 1 ? "Zstd" : "Unknown", f->comp_level, f->comp_ratio);
		break;
	case HEADER_CPU_PMU_CAPS:
		print_caps("cpu", f->cpu_pmu_caps, f->nr_cpu_pmu_caps, out);
		break;
	case HEADER_PMU_CAPS:
		for (uint32_t i = 0; i < f->nr_pmu_caps; i++)
			print_caps(f->pmu_caps[i].pmu ?: "?", f->pmu_caps[i].caps,
				   f->pmu_caps[i].nr_caps, out);
		break;
	default:
		break;
	}
}

/*
 * A stream's features are records: perf prints each as it comes, after
 * the file section, and has no bitmap to list the missing ones from.
 * BRANCH_STACK and STAT it skips there (they have no process op, and
 * perf_event__process_feature() stops at that).
 */
static void print_pipe_features(const struct perf_data *pd, bool full, FILE *out)
{
	fprintf(out, "# ========\n#\n");
	for (uint32_t i = 0; i < pd->feat.nr_arrived; i++) {
		int feat = pd->feat.arrived[i];

		if (feat != HEADER_BRANCH_STACK && feat != HEADER_STAT)
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
