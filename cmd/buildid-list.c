// SPDX-License-Identifier: GPL-2.0
/*
 * perf-mini buildid-list: the build-ids a perf.data names (its BUILD_ID
 * feature) or the running kernel's, as perf buildid-list prints them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "../util/base/parse-options.h"
#include "../util/data/perf-data.h"
#include "../util/report/dso-hits.h"
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

static const struct pd_build_id *table_entry(const struct perf_data *pd, const char *name)
{
	for (uint32_t i = 0; i < pd->feat.nr_build_ids; i++)
		if (pd->feat.build_ids[i].filename && !strcmp(pd->feat.build_ids[i].filename, name))
			return &pd->feat.build_ids[i];
	return NULL;
}

/* perf makes the table's DSOs first, in its order, then what the maps
 * name: the order it lists them in. */
static const struct perf_data *order_pd;

static uint64_t list_rank(const struct dso *dso)
{
	const struct pd_build_id *b = table_entry(order_pd, dso->long_name);

	return b ? (uint64_t)(b - order_pd->feat.build_ids) :
		   order_pd->feat.nr_build_ids + (uint64_t)dso->seq;
}

static int by_list_rank(const void *a, const void *b)
{
	uint64_t x = list_rank(*(struct dso *const *)a), y = list_rank(*(struct dso *const *)b);

	return x < y ? -1 : x > y;
}

/*
 * -H, and what perf does for a file without a build-id table (a pipe
 * stream, a file recorded without one): the DSOs samples hit, with the
 * build-id each has ("" padded when none).
 */
static int print_hits(struct perf_data *pd, struct strbuf *err)
{
	struct dsos_config cfg = { .symfs = "", .kallsyms = "/dev/null" };
	struct strbuf out = STRBUF_INIT, id = STRBUF_INIT;
	struct machine m;
	struct dso **dsos = NULL;
	size_t nr = 0;
	int ret;

	machine__init(&m, &cfg);
	machine__apply_build_ids(&m, &pd->feat);
	/* a stream that breaks off: what came before, and a warning, as perf */
	ret = dso_hits__collect(pd, &m, &dsos, &nr, err);
	if (ret && nr) {
		cmd_warn_lines("buildid-list", err->buf);
		strbuf_reset(err);
		ret = 0;
	}
	order_pd = pd;
	if (nr)
		qsort(dsos, nr, sizeof(*dsos), by_list_rank);
	for (size_t i = 0; !ret && i < nr; i++) {
		const struct pd_build_id *b = table_entry(pd, dsos[i]->long_name);

		strbuf_reset(&id);
		if (dsos[i]->build_id_size)
			add_hex(&id, dsos[i]->build_id, dsos[i]->build_id_size);
		else if (b)	/* the kernel's: the machine keeps it for its checks */
			add_hex(&id, b->id, b->size ? b->size : sizeof(b->id));
		strbuf_addf(&out, "%-40s %s\n", id.buf, dsos[i]->long_name);
	}
	fwrite(out.buf, 1, out.len, stdout);
	free(dsos);
	machine__exit(&m);
	strbuf_release(&out);
	strbuf_release(&id);
	return ret;
}

/* The build-id table, one line per DSO. Entries without a size (files
 * before perf 5.x) hold 20 bytes, as perf prints them. */
static void print_table(const struct perf_data *pd)
{
	struct strbuf out = STRBUF_INIT;

	for (uint32_t i = 0; i < pd->feat.nr_build_ids; i++) {
		const struct pd_build_id *b = &pd->feat.build_ids[i];

		if (seen_before(pd, i))
			continue;
		add_hex(&out, b->id, b->size ? b->size : sizeof(b->id));
		strbuf_addf(&out, " %s\n", b->filename ? b->filename : "");
	}
	fwrite(out.buf, 1, out.len, stdout);
	strbuf_release(&out);
}

static int print_file(const struct buildid_opts *o)
{
	struct perf_data pd = { 0 };
	struct strbuf err = STRBUF_INIT;
	int ret = perf_data__open(&pd, o->input, &err);

	/* a stream cut after its header still lists what it holds */
	if (!ret && pd.pipe && perf_data__read_pipe_meta(&pd, &err))
		strbuf_reset(&err);
	if (!ret && (o->with_hits || pd.pipe || !perf_data__has_feat(&pd, HEADER_BUILD_ID)))
		ret = print_hits(&pd, &err);
	else if (!ret)
		print_table(&pd);
	if (ret)
		cmd_error("buildid-list", err.buf);
	perf_data__close(&pd);
	strbuf_release(&err);
	return ret ? 1 : 0;
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
	perf_data__trust_any_owner(o.force);
	if (ret < 0) {
		ret = cmd_usage_result(ret, err.buf);
	} else if (ret > 0) {
		cmd_error("buildid-list", "takes no arguments\nhint: name the file with -i FILE");
		ret = 129;
	} else if (o.kernel_maps) {
		cmd_error("buildid-list", "-m (modules' build-ids) is not done yet\nhint: -k "
			  "gives the kernel's");
		ret = 1;
	} else {
		ret = o.kernel ? print_kernel() : print_file(&o);
	}
	strbuf_release(&err);
	return ret;
}
