// SPDX-License-Identifier: GPL-2.0
/*
 * A program that counts itself through util/selfmon, for the tests
 * (t7000) and make bench: linked with the kernel's seam (selfmon-check)
 * and with pmu-sim's (selfmon-check-sim), where the page path runs.
 *
 *   selfmon-check SPEC        count a busy loop, print each event:
 *                             name value enabled running fast retries
 *   selfmon-check -r SPEC     the first event after the loop, then after
 *                             pm_self_reset and a tenth of the loop
 *   selfmon-check -t          TopDown level 1 of the loop: the slots, then
 *                             each category's share in %, and fast
 *   selfmon-check -b N SPEC   ns per read of the first event through the
 *                             library, then through read(2) (the seam's:
 *                             pmu-sim answers the simulated events), and
 *                             where the page allows rdpmc a bare
 *                             rdpmc + rdtsc, the least a read can cost
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../../util/events/perf-sys.h"
#include "../../util/selfmon/selfmon.h"

static void busy(void)
{
	volatile double x = 0;

	for (int i = 0; i < 20000000; i++)
		x += i;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int count(const char *spec)
{
	struct pm_self_value v[64];
	struct pm_self *s;
	int ret = pm_self_open(spec, &s);

	if (ret) {
		fprintf(stderr, "selfmon-check: %s\n", pm_self_errmsg());
		return 1;
	}
	if (pm_self_nr(s) > 64) {
		pm_self_close(s);
		return 1;
	}
	busy();
	ret = pm_self_read(s, v);
	for (int i = 0; !ret && i < pm_self_nr(s); i++)
		printf("%s %llu %llu %llu %d %u\n", pm_self_name(s, i),
		       (unsigned long long)v[i].value, (unsigned long long)v[i].enabled,
		       (unsigned long long)v[i].running, v[i].fast, v[i].retries);
	if (ret)
		fprintf(stderr, "selfmon-check: %s\n", pm_self_errmsg());
	pm_self_close(s);
	return ret ? 1 : 0;
}

static int reset(const char *spec)
{
	struct pm_self_value before, after;
	struct pm_self *s;
	volatile double x = 0;

	if (pm_self_open(spec, &s)) {
		fprintf(stderr, "selfmon-check: %s\n", pm_self_errmsg());
		return 1;
	}
	busy();
	if (pm_self_read_one(s, 0, &before) || pm_self_reset(s)) {
		fprintf(stderr, "selfmon-check: %s\n", pm_self_errmsg());
		pm_self_close(s);
		return 1;
	}
	for (int i = 0; i < 2000000; i++)
		x += i;
	pm_self_read_one(s, 0, &after);
	printf("before %llu after %llu fast %d\n", (unsigned long long)before.value,
	       (unsigned long long)after.value, after.fast);
	pm_self_close(s);
	return 0;
}

static int topdown(void)
{
	static const char *const names[] = { "retiring", "bad-spec", "fe-bound", "be-bound" };
	struct pm_self_topdown a, b;
	double ratio[PM_SELF_TOPDOWN_NR];
	struct pm_self *s;

	if (pm_self_topdown_open(&s) || pm_self_topdown_read(s, &a)) {
		fprintf(stderr, "selfmon-check: %s\n", pm_self_errmsg());
		return 1;
	}
	busy();
	if (pm_self_topdown_read(s, &b)) {
		fprintf(stderr, "selfmon-check: %s\n", pm_self_errmsg());
		pm_self_close(s);
		return 1;
	}
	pm_self_topdown_ratios(&a, &b, ratio);
	printf("slots %llu fast %d\n", (unsigned long long)(b.slots - a.slots), a.fast && b.fast);
	for (int i = 0; i < PM_SELF_TOPDOWN_NR; i++)
		printf("%s %.1f\n", names[i], ratio[i] * 100);
	pm_self_close(s);
	return 0;
}

static int bench(long n, const char *spec)
{
	struct pm_self_value v;
	uint64_t buf[3];
	struct pm_self *s;
	double t0, t1, t2;

	if (pm_self_open(spec, &s)) {
		fprintf(stderr, "selfmon-check: %s\n", pm_self_errmsg());
		return 1;
	}
	t0 = now();
	for (long i = 0; i < n; i++)
		pm_self_read_one(s, 0, &v);
	t1 = now();
	for (long i = 0; i < n; i++)
		if (perf_sys_read(pm_self_fd(s, 0), buf, sizeof(buf)) < 0)
			break;
	t2 = now();
	printf("%s library %.1f ns read(2) %.1f ns fast %d", pm_self_name(s, 0), (t1 - t0) / n,
	       (t2 - t1) / n, v.fast);
	if (v.fast) {
		const struct perf_event_mmap_page *pc = pm_self_page(s, 0);
		uint64_t raw, cyc;

		for (long i = 0; i < n; i++)
			perf_sys_read_counter(pc, pc->index - 1, &raw), perf_sys_read_cycles(pc, &cyc);
		printf(" bare %.1f ns", (now() - t2) / n);
	}
	printf("\n");
	pm_self_close(s);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "-t"))
		return topdown();
	if (argc == 3 && !strcmp(argv[1], "-r"))
		return reset(argv[2]);
	if (argc == 4 && !strcmp(argv[1], "-b"))
		return bench(atol(argv[2]), argv[3]);
	if (argc == 2)
		return count(argv[1]);
	fprintf(stderr, "usage: selfmon-check SPEC | -r SPEC | -t | -b N SPEC\n");
	return 2;
}
