// SPDX-License-Identifier: GPL-2.0
/*
 * thread_map: -p lists as every thread of each process, -t lists as the
 * threads named; counted live from /proc (this test's own process, and a
 * thread it starts), a pid that is not there refused with its name.
 */
#include <pthread.h>
#include <unistd.h>

#include "../unit-test.h"
#include "../../../util/events/thread-map.h"

static pthread_mutex_t hold = PTHREAD_MUTEX_INITIALIZER;

static void *wait_for_release(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&hold);
	pthread_mutex_unlock(&hold);
	return NULL;
}

static void count_follows_the_threads(void **state)
{
	char self[32];
	pthread_t t;

	(void)state;
	snprintf(self, sizeof(self), "%d", (int)getpid());
	assert_int_equal(thread_map__count("/proc", self), 1);
	pthread_mutex_lock(&hold);
	assert_int_equal(pthread_create(&t, NULL, wait_for_release, NULL), 0);
	assert_int_equal(thread_map__count("/proc", self), 2);
	pthread_mutex_unlock(&hold);
	pthread_join(t, NULL);
	assert_int_equal(thread_map__count("/proc", "999999999"), 0);
	assert_int_equal(thread_map__count("/proc", "1x"), 0);
}

static void a_missing_pid_is_named(void **state)
{
	struct strbuf err = STRBUF_INIT;
	struct thread_map *map = NULL;

	(void)state;
	assert_true(thread_map__parse(&map, "999999999", 1, "/proc", &err) < 0);
	assert_non_null(strstr(err.buf, "999999999"));
	thread_map__delete(map);
	strbuf_release(&err);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(count_follows_the_threads),
		cmocka_unit_test(a_missing_pid_is_named),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
