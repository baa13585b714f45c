// SPDX-License-Identifier: GPL-2.0
/*
 * The session's time order: samples come in per-CPU runs, each in order,
 * the runs not; they are delivered by time, equal times in file order,
 * round by round (FINISHED_ROUND), as perf's ordered events deliver them.
 */
#include <linux/perf_event.h>
#include <unistd.h>

#include "../unit-test.h"
#include "../../../util/base/util.h"
#include "../../../util/data/perf-data.h"
#include "../../../util/data/session.h"
#include "../../../util/data/writer.h"

static const uint64_t ids[] = { 1 };

/* A sample at @time whose IP says where it was in the file. */
static void write_sample(struct perf_data_writer *w, uint64_t time, uint64_t order)
{
	uint64_t rec[4] = { 0, order, (uint64_t)7 << 32 | 7, time };
	struct pm_event_header h = { .type = PERF_RECORD_SAMPLE, .size = sizeof(rec) };

	memcpy(rec, &h, sizeof(h));
	perf_data_writer__write(w, rec, sizeof(rec));
}

static void write_round(struct perf_data_writer *w)
{
	struct pm_event_header h = { .type = PERF_RECORD_FINISHED_ROUND, .size = sizeof(h) };

	perf_data_writer__write(w, &h, sizeof(h));
}

struct delivered {
	uint64_t ip[64];
	size_t nr;
};

static int on_sample(void *ctx, const struct pm_event_header *ev, const struct perf_sample *s,
		     struct pd_evsel *evsel, const char *note)
{
	struct delivered *d = ctx;

	(void)ev, (void)evsel, (void)note;
	if (d->nr < 64)
		d->ip[d->nr++] = s->ip;
	return 0;
}

/* Write the samples (time, file position) with rounds where @time is 0,
 * read them back through a session, return the IPs in delivery order. */
static void deliver(const uint64_t *times, size_t n, struct delivered *d)
{
	char path[] = "/tmp/pm-unit-XXXXXX";
	struct perf_event_attr a = {
		.type = PERF_TYPE_SOFTWARE, .config = PERF_COUNT_SW_CPU_CLOCK,
		.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME,
	};
	struct pd_write_event ev = { &a, ids, 1, "cpu-clock" };
	struct session_tool tool = { .sample = on_sample, .ctx = d };
	struct session_stats stats = { 0 };
	struct strbuf err = STRBUF_INIT;
	struct perf_data_writer w;
	struct perf_data pd;
	int fd = mkstemp(path);

	close(fd);
	assert_int_equal(perf_data_writer__open(&w, path, &ev, 1, NULL, 0, &err), 0);
	for (size_t i = 0; i < n; i++) {
		if (times[i])
			write_sample(&w, times[i], i);
		else
			write_round(&w);
	}
	assert_int_equal(perf_data_writer__finish(&w, &ev, 1, NULL, 0, &err), 0);
	assert_int_equal(perf_data__open(&pd, path, &err), 0);
	d->nr = 0;
	assert_int_equal(session__process(&pd, &tool, &stats, &err), 0);
	perf_data__close(&pd);
	unlink(path);
	strbuf_release(&err);
}

static void assert_delivered(const uint64_t *times, size_t n, const uint64_t *want,
			     size_t nr_want)
{
	struct delivered d;

	deliver(times, n, &d);
	assert_int_equal(d.nr, nr_want);
	for (size_t i = 0; i < d.nr; i++)
		assert_int_equal(d.ip[i], want[i]);
}

static void test_session__runs_merged_by_time_equal_in_file_order(void **state)
{
	/* three CPUs' runs, equal times across them */
	const uint64_t times[] = { 10, 20, 30, 40, 5, 20, 35, 15, 20, 20, 50 };
	const uint64_t want[] = { 4, 0, 7, 1, 5, 8, 9, 2, 6, 3, 10 };

	(void)state;
	assert_delivered(times, ARRAY_SIZE(times), want, ARRAY_SIZE(want));
}

static void test_session__rounds_keep_the_rest_in_order(void **state)
{
	/*
	 * perf's rule: at a round's end, what is older than the previous
	 * round's newest record goes; the rest waits, in order, for the
	 * records that come after it in the file (here 25 and 30 at 2, 6).
	 */
	const uint64_t times[] = { 10, 30, 20, 0, 25, 40, 30, 0, 35, 0 };
	const uint64_t want[] = { 0, 2, 4, 1, 6, 8, 5 };

	(void)state;
	assert_delivered(times, ARRAY_SIZE(times), want, ARRAY_SIZE(want));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_session__runs_merged_by_time_equal_in_file_order),
		cmocka_unit_test(test_session__rounds_keep_the_rest_in_order),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
