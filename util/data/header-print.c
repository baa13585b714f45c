// SPDX-License-Identifier: GPL-2.0
#include <inttypes.h>
#include <sys/stat.h>
#include <time.h>

#include "../events/attr-print.h"
#include "header-print.h"

static void print_string(FILE *out, const char *label, const char *v)
{
	if (v)
		fprintf(out, "# %s : %s\n", label, v);
}

static void print_event(const struct perf_data *pd, const struct pd_evsel *e, FILE *out)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "# event : name = %s, , id = {", e->name);
	for (uint32_t i = 0; i < e->nr_ids; i++)
		strbuf_addf(&sb, "%s %" PRIu64, i ? "," : "", e->ids[i]);
	strbuf_addstr(&sb, " }");
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
		fprintf(out, "# group: %s{", "");
		for (int m = 0; m < e->nr_members; m++)
			fprintf(out, "%s%s", m ? "," : "", pd->evsels[e->idx + m]->name);
		fprintf(out, "}\n");
	}
}

static void print_missing(const struct perf_data *pd, FILE *out)
{
	fprintf(out, "# missing features:");
	for (int f = HEADER_TRACING_DATA; f < HEADER_LAST_FEATURE; f++)
		if (!perf_data__has_feat(pd, f))
			fprintf(out, " %s", pd_feature_name(f));
	fprintf(out, " \n");
}

static void print_file_section(const struct perf_data *pd, FILE *out)
{
	struct stat st;
	char when[64] = "";

	if (!pd->pipe && !stat(pd->path, &st)) {
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

void perf_data__fprintf_header(const struct perf_data *pd, FILE *out)
{
	const struct pd_features *f = &pd->feat;

	print_file_section(pd, out);
	print_string(out, "hostname", f->hostname);
	print_string(out, "os release", f->osrelease);
	print_string(out, "perf version", f->version);
	print_string(out, "arch", f->arch);
	if (f->has_nrcpus)
		fprintf(out, "# nrcpus online : %u\n# nrcpus avail : %u\n", f->nr_cpus_online,
			f->nr_cpus_avail);
	print_string(out, "cpudesc", f->cpudesc);
	print_string(out, "cpuid", f->cpuid);
	if (perf_data__has_feat(pd, HEADER_TOTAL_MEM))
		fprintf(out, "# total memory : %" PRIu64 " kB\n", f->total_mem);
	if (f->nr_cmdline) {
		fprintf(out, "# cmdline : ");
		for (uint32_t i = 0; i < f->nr_cmdline; i++)
			fprintf(out, "%s ", f->cmdline[i]);
		fprintf(out, "\n");
	}
	for (size_t i = 0; i < pd->nr_evsels; i++)
		print_event(pd, pd->evsels[i], out);
	if (perf_data__has_feat(pd, HEADER_CPU_TOPOLOGY))
		fprintf(out, "# CPU_TOPOLOGY info available, use -I to display\n");
	print_groups(pd, out);
	if (perf_data__has_feat(pd, HEADER_COMPRESSED))
		fprintf(out, "# compressed : %s, level = %u, ratio = %u\n",
			f->comp_type == 1 ? "Zstd" : "Unknown", f->comp_level, f->comp_ratio);
	if (f->has_clockid)
		fprintf(out, "# clockid frequency: %" PRIu64 " MHz\n",
			f->clockid_res_ns ? 1000 / f->clockid_res_ns : 0);
	print_missing(pd, out);
	fprintf(out, "# ========\n#\n");
}
