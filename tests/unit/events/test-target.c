// SPDX-License-Identifier: GPL-2.0
/*
 * What a command measures, as perf allows it: -p/-t, -a/-C and --uid
 * exclude one another and something must be measured; each accepted
 * target gets the CPU and thread maps the counters open on ({-1} on the
 * side not chosen), the workload its slot, and the description perf's
 * summary line names it by. /proc and the online CPUs are fakes: pids
 * 100 (threads 100, 101) and 200, CPUs 0-3.
 */
#include <errno.h>
#include <limits.h>
#include <unistd.h>

#include "../unit-test.h"
#include "../../../util/events/target.h"

struct combo_case {
	const char *what;
	struct target t;	/* pid, tid, cpu_list, uid_str, system_wide, has_workload */
	const char *err;
};

static const struct combo_case bad_combos[] = {
	{ "-p and -t", { .pid = "100", .tid = "101" }, "-p and -t cannot be used together" },
	{ "-p and -a", { .pid = "100", .system_wide = true }, "-p cannot be used with -a\n" },
	{ "-t and -C", { .tid = "100", .cpu_list = "0" }, "-t cannot be used with -C\n" },
	{ "--uid and -p", { .uid_str = "0", .pid = "100" },
	  "--uid records the processes of a user: it cannot be used with -p, -t, -a or -C" },
	{ "--uid and -a", { .uid_str = "0", .system_wide = true }, "--uid records" },
};

static void test_target__combinations_refused(void **state)
{
	const struct target_paths p = { "/nonexistent", "/nonexistent" };

	(void)state;
	for (size_t i = 0; i < sizeof(bad_combos) / sizeof(bad_combos[0]); i++) {
		const struct combo_case *c = &bad_combos[i];
		struct strbuf err = STRBUF_INIT;
		struct target t;

		print_message("%s\n", c->what);
		target__init(&t);
		t.pid = c->t.pid, t.tid = c->t.tid, t.cpu_list = c->t.cpu_list;
		t.uid_str = c->t.uid_str, t.system_wide = c->t.system_wide;
		assert_int_equal(target__setup(&t, NULL, 0, &p, &err), -EINVAL);
		assert_non_null(strstr(err.buf, c->err));
		assert_null(t.cpus);
		assert_null(t.threads);
		target__exit(&t);
		strbuf_release(&err);
	}
}

static void write_file(const char *root, const char *rel, const char *text)
{
	char path[PATH_MAX];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	assert_non_null(f = fopen(path, "w"));
	fputs(text, f);
	fclose(f);
}

static void make_dir(const char *root, const char *rel)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	assert_int_equal(mkdir(path, 0755), 0);
}

/* *@state: a directory with proc/, pids 100 (threads 100, 101) and 200,
 * and online, "0-3" */
static int machine_up(void **state)
{
	char *root = strdup("/tmp/pm-target.XXXXXX");

	assert_non_null(mkdtemp(root));
	*state = root;
	write_file(root, "online", "0-3\n");
	make_dir(root, "proc");
	make_dir(root, "proc/100");
	make_dir(root, "proc/100/task");
	make_dir(root, "proc/100/task/100");
	make_dir(root, "proc/100/task/101");
	write_file(root, "proc/100/comm", "server\n");
	make_dir(root, "proc/200");
	make_dir(root, "proc/200/task");
	make_dir(root, "proc/200/task/200");
	write_file(root, "proc/200/comm", "client\n");
	return 0;
}

static int machine_down(void **state)
{
	char cmd[PATH_MAX + 16];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", (char *)*state);
	free(*state);
	return system(cmd);
}

static int setup(struct target *t, const char *root, const char **argv, int argc,
		 struct strbuf *err)
{
	char proc[PATH_MAX], online[PATH_MAX];
	struct target_paths p = { proc, online };

	snprintf(proc, sizeof(proc), "%s/proc", root);
	snprintf(online, sizeof(online), "%s/online", root);
	return target__setup(t, argv, argc, &p, err);
}

struct map_case {
	const char *what;
	struct target t;
	int ret;
	const char *cpus;	/* as cpu_map__print() writes it; or the error */
	int nr_threads;
	int threads[2];		/* the tids (-1: any, 0: the workload's slot) */
	int workload_idx;
	const char *desc;
};

static const char *workload[] = { "sleep", "1" };

static const struct map_case map_cases[] = {
	{ "a workload", { .has_workload = true }, 0, "-1", 1, { 0 }, 0, "'sleep 1'" },
	{ "-a", { .system_wide = true }, 0, "0-3", 1, { -1 }, -1, "'system wide'" },
	{ "nothing: the whole system, as perf", { .pid = NULL }, 0, "0-3", 1, { -1 }, -1,
	  "'system wide'" },
	{ "-a with a workload to time", { .system_wide = true, .has_workload = true }, 0,
	  "0-3", 1, { -1 }, -1, "'system wide'" },
	{ "-C", { .cpu_list = "1,3" }, 0, "1,3", 1, { -1 }, -1, "'CPU(s) 1,3'" },
	{ "-C offline", { .cpu_list = "2-4" }, -ENODEV,
	  "CPU 4 in '2-4' does not exist or is offline\nhint: this machine has CPUs 0-3" },
	{ "-C bad", { .cpu_list = "x" }, -EINVAL, "invalid CPU list 'x'" },
	{ "-p", { .pid = "100" }, 0, "-1", 2, { 100, 101 }, -1, "process id '100'" },
	{ "-p with a workload to time", { .pid = "200", .has_workload = true }, 0, "-1",
	  1, { 200 }, -1, "process id '200'" },
	{ "-t of a thread not listed", { .tid = "101,200" }, -ESRCH, "no such thread: 101" },
	{ "-t", { .tid = "100,200" }, 0, "-1", 2, { 100, 200 }, -1, "thread id '100,200'" },
	{ "-p gone", { .pid = "300" }, -ESRCH, "no such process: 300" },
	{ "-p bad", { .pid = "1x" }, -EINVAL, "invalid process id '1x'" },
};

static bool has_tid(const struct thread_map *map, int tid)
{
	for (int i = 0; i < map->nr; i++)
		if (map->entries[i].tid == tid)
			return true;
	return false;
}

/* a process's threads come in the order its task/ directory lists them */
static void check_maps(const struct map_case *c, const struct target *t)
{
	struct strbuf cpus = STRBUF_INIT;

	cpu_map__print(t->cpus, &cpus);
	assert_string_equal(cpus.buf, c->cpus);
	assert_int_equal(t->threads->nr, c->nr_threads);
	for (int i = 0; i < c->nr_threads; i++)
		assert_true(has_tid(t->threads, c->threads[i]));
	assert_int_equal(t->workload_idx, c->workload_idx);
	assert_string_equal(t->desc.buf, c->desc);
	strbuf_release(&cpus);
}

static void test_target__maps_of_each_target(void **state)
{
	const char *root = *state;

	for (size_t i = 0; i < sizeof(map_cases) / sizeof(map_cases[0]); i++) {
		const struct map_case *c = &map_cases[i];
		struct strbuf err = STRBUF_INIT;
		struct target t;

		print_message("%s\n", c->what);
		target__init(&t);
		t.pid = c->t.pid, t.tid = c->t.tid, t.cpu_list = c->t.cpu_list;
		t.system_wide = c->t.system_wide, t.has_workload = c->t.has_workload;
		assert_int_equal(setup(&t, root, workload, 2, &err), c->ret);
		if (c->ret)
			assert_non_null(strstr(err.buf, c->cpus));
		else
			check_maps(c, &t);
		target__exit(&t);
		strbuf_release(&err);
	}
}

/* a single -p process is watched: its exit ends the measurement */
static void test_target__single_process_watched(void **state)
{
	static const struct { const char *pid; int watch; } cases[] = {
		{ "100", 100 }, { "200", 200 }, { "100,200", 0 },
	};
	const char *root = *state;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct strbuf err = STRBUF_INIT;
		struct target t;

		target__init(&t);
		t.pid = cases[i].pid;
		assert_int_equal(setup(&t, root, NULL, 0, &err), 0);
		assert_int_equal(t.watch_pid, cases[i].watch);
		target__exit(&t);
		strbuf_release(&err);
	}
}

/* -a --per-thread: every thread of the system, and a slot for the workload */
static void test_target__every_thread_per_thread(void **state)
{
	const char *root = *state;
	struct strbuf err = STRBUF_INIT, cpus = STRBUF_INIT;
	struct target t;

	target__init(&t);
	t.system_wide = t.per_thread = t.has_workload = true;
	assert_int_equal(setup(&t, root, workload, 2, &err), 0);
	cpu_map__print(t.cpus, &cpus);
	assert_string_equal(cpus.buf, "-1");
	assert_int_equal(t.threads->nr, 4);
	assert_true(has_tid(t.threads, 100) && has_tid(t.threads, 101) &&
		    has_tid(t.threads, 200));
	assert_int_equal(t.workload_idx, 3);
	assert_int_equal(t.threads->entries[3].tid, 0);
	target__exit(&t);
	strbuf_release(&cpus);
	strbuf_release(&err);
}

/* --uid NUMBER: the processes whose /proc directory that user owns */
static void test_target__uid_by_number(void **state)
{
	const char *root = *state;
	char mine[16], other[16], desc[32];
	struct strbuf err = STRBUF_INIT;
	struct target t;

	snprintf(mine, sizeof(mine), "%u", (unsigned int)getuid());
	snprintf(other, sizeof(other), "%u", (unsigned int)getuid() + 1);
	target__init(&t);
	t.uid_str = mine;
	assert_int_equal(setup(&t, root, NULL, 0, &err), 0);
	assert_int_equal(t.uid, getuid());
	assert_int_equal(t.threads->nr, 3);
	snprintf(desc, sizeof(desc), "user '%s'", mine);
	assert_string_equal(t.desc.buf, desc);
	target__exit(&t);

	target__init(&t);
	t.uid_str = other;
	assert_int_equal(setup(&t, root, NULL, 0, &err), -ESRCH);
	assert_non_null(strstr(err.buf, ": the user runs no processes\nhint: check with 'ps -u "));
	target__exit(&t);

	strbuf_reset(&err);
	target__init(&t);
	t.uid_str = "-2";
	assert_int_equal(setup(&t, root, NULL, 0, &err), -EINVAL);
	assert_string_equal(err.buf, "--uid -2: no such user\nhint: a user name or number "
			    "(see 'id -2')");
	target__exit(&t);
	strbuf_release(&err);
}

/* what each target counts by */
static void test_target__predicates(void **state)
{
	struct target t;

	(void)state;
	target__init(&t);
	t.has_workload = true;
	assert_true(target__counts_workload(&t));
	t.cpu_list = "0";
	assert_true(target__has_cpu(&t) && !target__counts_workload(&t));
	t.cpu_list = NULL;
	t.uid_str = "0";
	assert_true(target__has_task(&t) && !target__counts_workload(&t));
	t.uid_str = NULL;
	t.system_wide = true;
	assert_false(target__all_threads(&t));
	t.per_thread = true;
	assert_true(target__all_threads(&t));
	target__exit(&t);
	target__exit(&t);	/* twice: ready for init again */
}

#define WITH_MACHINE(f) cmocka_unit_test_setup_teardown(f, machine_up, machine_down)

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_target__combinations_refused),
		WITH_MACHINE(test_target__maps_of_each_target),
		WITH_MACHINE(test_target__single_process_watched),
		WITH_MACHINE(test_target__every_thread_per_thread),
		WITH_MACHINE(test_target__uid_by_number),
		cmocka_unit_test(test_target__predicates),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
