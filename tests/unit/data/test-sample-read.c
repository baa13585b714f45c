// SPDX-License-Identifier: GPL-2.0
/*
 * Samples of :S groups: each carries the group's counts; the session
 * delivers one sample per count that grew since its id's previous sample,
 * of the event that id belongs to, as perf's deliver_sample_group() does.
 */
#include <linux/perf_event.h>
#include <unistd.h>

#include "../unit-test.h"
#include "../../../util/base/util.h"
#include "../../../util/data/perf-data.h"
#include "../../../util/data/session.h"
#include "../../../util/data/writer.h"

#define RF (PERF_FORMAT_GROUP | PERF_FORMAT_ID | PERF_FORMAT_LOST)

static const uint64_t leader_ids[] = { 10 }, member_ids[] = { 20 };

/* A sample (IP, TID, ID, READ) of the leader: counts for ids 10, 20 and @other. */
static void write_sample(struct perf_data_writer *w, uint64_t ip, uint64_t v10, uint64_t v20,
			 uint64_t other)
{
	uint64_t rec[] = { 0, ip, (uint64_t)7 << 32 | 7, 10, other ? 3 : 2,
			   v10, 10, 0, v20, 20, 0, 1, other, 0 };
	size_t words = other ? ARRAY_SIZE(rec) : ARRAY_SIZE(rec) - 3;
	struct pm_event_header h = { .type = PERF_RECORD_SAMPLE, .size = words * 8 };

	memcpy(rec, &h, sizeof(h));
	perf_data_writer__write(w, rec, words * 8);
}

struct delivered {
	uint64_t period[16], idx[16];
	size_t nr;
};

static int on_sample(void *ctx, const struct pm_event_header *ev, const struct perf_sample *s,
		     struct pd_evsel *evsel, const char *note)
{
	struct delivered *d = ctx;

	(void)ev, (void)note;
	if (d->nr < 16) {
		d->period[d->nr] = s->period;
		d->idx[d->nr++] = (uint64_t)evsel->idx;
	}
	return 0;
}

static void test_sample_read__one_sample_per_count_that_grew(void **state)
{
	char path[] = "/tmp/pm-unit-XXXXXX";	/* mkstemp's template */
	struct perf_event_attr a = {
		.type = PERF_TYPE_SOFTWARE, .config = PERF_COUNT_SW_CPU_CLOCK,
		.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_ID | PERF_SAMPLE_READ,
		.read_format = RF, .sample_id_all = 1,
	}, b = a;
	struct pd_write_event ev[2] = { { &a, leader_ids, 1, "cpu-clock" },
					{ &b, member_ids, 1, "task-clock" } };
	struct delivered d = { .nr = 0 };
	struct session_tool tool = { .sample = on_sample, .ctx = &d };
	struct session_stats stats = { 0 };
	struct strbuf err = STRBUF_INIT;
	struct perf_data_writer w;
	struct perf_data pd;
	int fd = mkstemp(path);
	/* deltas: (100, 5), (150, 0: none), (150, 25), and an id of no event */
	const uint64_t want_period[] = { 100, 5, 150, 150, 25 }, want_idx[] = { 0, 1, 0, 0, 1 };

	(void)state;
	b.config = PERF_COUNT_SW_TASK_CLOCK;
	close(fd);
	assert_int_equal(perf_data_writer__open(&w, path, ev, 2, NULL, 0, &err), 0);
	write_sample(&w, 1, 100, 5, 0);
	write_sample(&w, 2, 250, 5, 0);
	write_sample(&w, 3, 400, 30, 77);
	assert_int_equal(perf_data_writer__finish(&w, ev, 2, NULL, 0, &err), 0);
	assert_int_equal(perf_data__open(&pd, path, &err), 0);
	assert_int_equal(session__process(&pd, &tool, &stats, &err), 0);
	assert_int_equal(d.nr, ARRAY_SIZE(want_period));
	for (size_t i = 0; i < d.nr; i++) {
		assert_int_equal(d.period[i], want_period[i]);
		assert_int_equal(d.idx[i], want_idx[i]);
	}
	assert_int_equal(stats.nr_unknown_id, 1);
	perf_data__close(&pd);
	unlink(path);
	strbuf_release(&err);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sample_read__one_sample_per_count_that_grew),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
