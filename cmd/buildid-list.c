// SPDX-License-Identifier: GPL-2.0
/*
 * perf-mini buildid-list: the build-ids a perf.data names (its BUILD_ID
 * feature) or the running kernel's, as perf buildid-list prints them.
 */
#include <stdio.h>
#include <string.h>

#include "builtin.h"
#include "../util/base/parse-options.h"
#include "../util/data/perf-data.h"
#include "../util/symbols/kernel-build-id.h"

static const char *const buildid_list_usage[] = {
	"perf-mini buildid-list [<options>]",
	NULL,
};

struct buildid_opts {
	const char *input;
	bool force, kernel, with_hits, kernel_maps;
	int verbose;
};

static void add_hex(struct strbuf *sb, const uint8_t *id, size_t size)
{
	for (size_t i = 0; i < size; i++)
		strbuf_addf(sb, "%02x", id[i]);
}

static int print_kernel(void)
{
	struct strbuf sb = STRBUF_INIT;
	uint8_t id[20];
	size_t n = kernel_build_id(id, sizeof(id));

	if (!n) {
		cmd_error("buildid-list", "cannot read the running kernel's build-id "
			  "(/sys/kernel/notes)");
		return 1;
	}
	add_hex(&sb, id, n);
	printf("%s\n", sb.buf);
	strbuf_release(&sb);
	return 0;
}

/* An entry per DSO: perf keeps the first of a name given again (the
 * vDSO of each process). */
static bool seen_before(const struct perf_data *pd, uint32_t i)
{
	const char *name = pd->feat.build_ids[i].filename;

	for (uint32_t k = 0; name && k < i; k++)
		if (pd->feat.build_ids[k].filename && !strcmp(pd->feat.build_ids[k].filename, name))
			return true;
	return false;
}

/* Entries without a size (files before perf 5.x) hold 20 bytes, as perf
 * prints them. */
static int print_file(const struct buildid_opts *o)
{
	struct perf_data pd = { 0 };
	struct strbuf err = STRBUF_INIT, out = STRBUF_INIT;
	int ret = perf_data__open(&pd, o->input, &err);

	if (!ret && pd.pipe)
		perf_data__read_pipe_meta(&pd, &err);
	/* perf lists the DSOs samples hit there instead: -H, not done yet */
	if (!ret && (pd.pipe || !perf_data__has_feat(&pd, HEADER_BUILD_ID))) {
		strbuf_reset(&err);
		strbuf_addf(&err, "%s has no build-id table (%s): listing the DSOs its samples "
			    "hit, as perf does then, is not done yet\nhint: perf-mini report "
			    "--sort dso lists them", o->input,
			    pd.pipe ? "a pipe stream carries none" : "recorded without one");
		ret = -1;
	}
	if (ret) {
		cmd_error("buildid-list", err.buf);
		perf_data__close(&pd);
		strbuf_release(&err);
		return 1;
	}
	for (uint32_t i = 0; i < pd.feat.nr_build_ids; i++) {
		const struct pd_build_id *b = &pd.feat.build_ids[i];

		if (seen_before(&pd, i))
			continue;
		add_hex(&out, b->id, b->size ? b->size : sizeof(b->id));
		strbuf_addf(&out, " %s\n", b->filename ? b->filename : "");
	}
	fwrite(out.buf, 1, out.len, stdout);
	perf_data__close(&pd);
	strbuf_release(&out);
	strbuf_release(&err);
	return 0;
}

int cmd_buildid_list(int argc, const char **argv, struct pm_env *env)
{
	struct buildid_opts o = { .input = cmd_default_input() };
	const struct option options[] = {
		OPT_BOOLEAN('f', "force", &o.force, "don't complain, do it"),
		OPT_BOOLEAN('H', "with-hits", &o.with_hits, "Show only DSOs with hits"),
		OPT_STRING('i', "input", &o.input, "file", "input file name"),
		OPT_BOOLEAN('k', "kernel", &o.kernel, "Show current kernel build id"),
		OPT_BOOLEAN('m', "kernel-maps", &o.kernel_maps,
			    "Show build id of current kernel + modules"),
		OPT_INCR('v', "verbose", &o.verbose, "be more verbose"),
		OPT_END(),
	};
	struct strbuf err = STRBUF_INIT;
	int ret = parse_options(argc, argv, options, buildid_list_usage, 0, &err);

	(void)env;
	if (ret < 0) {
		ret = cmd_usage_result(ret, err.buf);
	} else if (ret > 0) {
		cmd_error("buildid-list", "takes no arguments\nhint: name the file with -i FILE");
		ret = 129;
	} else if (o.with_hits || o.kernel_maps) {
		cmd_error("buildid-list", o.with_hits ?
			  "-H (only the DSOs samples hit) is not done yet\nhint: perf-mini report "
			  "--sort dso lists the DSOs samples hit" :
			  "-m (modules' build-ids) is not done yet\nhint: -k gives the kernel's");
		ret = 1;
	} else {
		ret = o.kernel ? print_kernel() : print_file(&o);
	}
	strbuf_release(&err);
	return ret;
}
