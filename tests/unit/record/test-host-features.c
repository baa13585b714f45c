// SPDX-License-Identifier: GPL-2.0
/*
 * Record's header feature writers (util/record/host-features.c): one table
 * entry per feature, in the id order the sections must take, each a
 * feature the reader knows; what a recording has picks the entries; and
 * every feature a written file's bitmap claims, as the reader sees it, came
 * from an entry of the table.
 */
#include <time.h>
#include <unistd.h>

#include "../unit-test.h"
#include "../../../util/data/feature-ops.h"
#include "../../../util/data/perf-data.h"
#include "../../../util/events/evlist.h"
#include "../../../util/record/host-features.h"

/* HOST_FEAT_DIR is the last bit: a new one fails the checks below until
 * it is counted here */
#define ALL_CONDITIONS ((HOST_FEAT_DIR << 1) - 1)

static const struct host_feature_writer *writer_of(int feat)
{
	for (int i = 0; i < nr_host_feature_writers; i++)
		if (host_feature_writers[i].id == feat)
			return &host_feature_writers[i];
	return NULL;
}

/* Which features a condition-free writer may still leave out: the host
 * may have no NUMA nodes or caches described in sysfs. */
static bool host_may_lack(int feat)
{
	return feat == HEADER_NUMA_TOPOLOGY || feat == HEADER_CACHE || feat == HEADER_MEM_TOPOLOGY;
}

static void test_host_features__each_id_once_in_order(void **state)
{
	int seen[HEADER_LAST_FEATURE] = { 0 }, prev = HEADER_RESERVED;

	(void)state;
	assert_true(nr_host_feature_writers > 0);
	for (int i = 0; i < nr_host_feature_writers; i++) {
		const struct host_feature_writer *w = &host_feature_writers[i];

		print_message("%d\n", w->id);
		assert_true(w->id > HEADER_RESERVED && w->id < HEADER_LAST_FEATURE);
		assert_int_equal(++seen[w->id], 1);
		assert_true(w->id > prev);	/* the sections' order */
		assert_non_null(w->write);
		assert_non_null(pd_feature__ops(w->id));
		assert_int_equal(w->needs & ~ALL_CONDITIONS, 0);
		prev = w->id;
	}
}

/* Every condition decides some feature, and each comes from its fact. */
static void test_host_features__conditions_from_the_recording(void **state)
{
	struct perf_event_attr branchy = { .sample_type = PERF_SAMPLE_BRANCH_STACK };
	struct pd_write_event ev = { .attr = &branchy, .name = "cycles" };
	struct strbuf tracing = STRBUF_INIT;
	struct build_id_entry bid = { .filename = "/bin/true" };
	struct host_features_src src = { .pipe = true };
	unsigned int used = 0;

	(void)state;
	for (int i = 0; i < nr_host_feature_writers; i++)
		used |= host_feature_writers[i].needs;
	assert_int_equal(used, ALL_CONDITIONS);

	assert_int_equal(host_features__conditions(&src), 0);
	src = (struct host_features_src){
		.events = &ev, .nr_events = 1, .build_ids = &bid, .tracing_data = &tracing,
		.record = true, .stat = true, .use_clockid = true, .compressed = true,
		.dir_format = true,
	};
	assert_int_equal(host_features__conditions(&src), ALL_CONDITIONS);
}

/* A recording with every condition but STAT (record's own) and TRACING_DATA
 * (its payload is the tracefs' formats): two events, one grouped evlist. */
struct fixture {
	struct perf_event_attr attr[2];
	uint64_t ids[2];
	struct pd_write_event ev[2];
	struct build_id_entry bid;
	struct evlist *evlist;
	char sysfs[512];
	const char *argv[3];
	struct host_features_src src;
};

static void fixture__init(struct fixture *fx)
{
	memset(fx, 0, sizeof(*fx));
	for (int i = 0; i < 2; i++) {
		fx->attr[i] = (struct perf_event_attr){
			.type = PERF_TYPE_SOFTWARE, .size = sizeof(fx->attr[i]),
			.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_BRANCH_STACK,
		};
		fx->ids[i] = 10 + i;
		fx->ev[i] = (struct pd_write_event){ &fx->attr[i], &fx->ids[i], 1,
						     i ? "task-clock" : "cpu-clock" };
	}
	fx->bid = (struct build_id_entry){ "/bin/true", { 1, 2, 3 }, 20, false };
	fx->evlist = evlist__new();
	evlist__add(fx->evlist, evsel__new("cpu-clock"));
	evlist__add(fx->evlist, evsel__new("task-clock"));
	evlist__make_group(fx->evlist, 0, 1);
	snprintf(fx->sysfs, sizeof(fx->sysfs), "%s/sysfs/icelake", unit_test_data());
	fx->argv[0] = "perf-mini", fx->argv[1] = "record", fx->argv[2] = "true";
	fx->src = (struct host_features_src){
		.argc = 3, .argv = fx->argv, .events = fx->ev, .nr_events = 2,
		.build_ids = &fx->bid, .nr_build_ids = 1, .record = true,
		.evlist = fx->evlist, .sysfs_root = fx->sysfs, .first_time = 1, .last_time = 2,
		.use_clockid = true, .clockid = CLOCK_MONOTONIC, .compressed = true,
		.zstd_level = 1, .mmap_len = 4096, .dir_format = true,
	};
}

/* Written: each entry whose conditions the recording has, in id order. */
static void test_host_features__entries_the_recording_has(void **state)
{
	struct fixture fx;
	struct host_features hf;
	unsigned int has;
	int n = 0;

	(void)state;
	fixture__init(&fx);
	has = host_features__conditions(&fx.src);
	host_features__build(&hf, &fx.src);
	for (int i = 0; i < nr_host_feature_writers; i++) {
		const struct host_feature_writer *w = &host_feature_writers[i];
		bool wanted = (w->needs & has) == w->needs;

		print_message("%d\n", w->id);
		if (n < hf.nr && hf.v[n].id == w->id) {
			assert_true(wanted);
			n++;
		} else {
			assert_true(!wanted || host_may_lack(w->id));
		}
	}
	assert_int_equal(n, hf.nr);	/* nothing the table does not list */
	host_features__exit(&hf);
	evlist__delete(fx.evlist);
}

/* A pipe's header has no SAMPLE_TIME; stat record's has STAT and none of
 * record's own features; a generator's describes the host and events. */
static void test_host_features__pipe_stat_and_generators(void **state)
{
	struct fixture fx;
	struct host_features hf;
	int nr_stat = 0;

	(void)state;
	fixture__init(&fx);
	fx.src.pipe = true;
	host_features__build(&hf, &fx.src);
	for (int i = 0; i < hf.nr; i++)
		assert_int_not_equal(hf.v[i].id, HEADER_SAMPLE_TIME);
	host_features__exit(&hf);

	fx.src = (struct host_features_src){ .argc = 3, .argv = fx.argv, .events = fx.ev,
					      .nr_events = 2, .stat = true };
	host_features__build(&hf, &fx.src);
	for (int i = 0; i < hf.nr; i++) {
		assert_int_equal(writer_of(hf.v[i].id)->needs & HOST_FEAT_RECORD, 0);
		assert_int_not_equal(hf.v[i].id, HEADER_BUILD_ID);
		nr_stat += hf.v[i].id == HEADER_STAT;
	}
	assert_int_equal(nr_stat, 1);
	host_features__exit(&hf);

	fx.src.stat = false;
	host_features__build(&hf, &fx.src);
	for (int i = 0; i < hf.nr; i++)
		assert_int_equal(writer_of(hf.v[i].id)->needs &
				 ~(HOST_FEAT_FILE | HOST_FEAT_BRANCH_STACK), 0);
	host_features__exit(&hf);
	evlist__delete(fx.evlist);
}

/* The bitmap perf reads back: every feature in it has a writer, and every
 * feature written is in it. */
static void test_host_features__bitmap_has_writers(void **state)
{
	char path[] = "/tmp/pm-unit-XXXXXX";
	struct strbuf err = STRBUF_INIT;
	struct perf_event_header round = { PERF_RECORD_FINISHED_ROUND, 0, sizeof(round) };
	struct perf_data_writer w;
	struct host_features hf;
	struct perf_data pd;
	struct fixture fx;
	int fd = mkstemp(path), nr = 0;

	(void)state;
	close(fd);
	fixture__init(&fx);
	fx.src.dir_format = false;	/* the file is no directory's */
	fx.src.compressed = false;	/* nor compressed */
	host_features__build(&hf, &fx.src);
	assert_int_equal(perf_data_writer__open(&w, path, fx.ev, 2, NULL, 0, &err), 0);
	/* an empty data section is an unfinished file: features unread */
	perf_data_writer__write(&w, &round, sizeof(round));
	assert_int_equal(perf_data_writer__finish(&w, fx.ev, 2, hf.v, hf.nr, &err), 0);
	assert_int_equal(perf_data__open(&pd, path, &err), 0);
	for (int feat = HEADER_TRACING_DATA; feat < HEADER_LAST_FEATURE; feat++) {
		if (!perf_data__has_feat(&pd, feat))
			continue;
		print_message("%d\n", feat);
		assert_non_null(writer_of(feat));
		assert_int_equal(hf.v[nr++].id, feat);
	}
	assert_int_equal(nr, hf.nr);
	perf_data__close(&pd);
	host_features__exit(&hf);
	evlist__delete(fx.evlist);
	unlink(path);
	strbuf_release(&err);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_host_features__each_id_once_in_order),
		cmocka_unit_test(test_host_features__conditions_from_the_recording),
		cmocka_unit_test(test_host_features__entries_the_recording_has),
		cmocka_unit_test(test_host_features__pipe_stat_and_generators),
		cmocka_unit_test(test_host_features__bitmap_has_writers),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
