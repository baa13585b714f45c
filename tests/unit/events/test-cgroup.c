// SPDX-License-Identifier: GPL-2.0
/*
 * -G as perf reads it: the n-th cgroup named goes to the n-th event, an
 * empty name to none, a single name to every event, and more names than
 * events are refused. perf counts in the cgroup v1 hierarchy that has
 * the perf_event controller, else in cgroup2, whatever the order of the
 * mounts; a cgroup that is not there is named with the mount it was
 * looked for under. Mount tables and cgroup trees are fakes in /tmp.
 */
#include <errno.h>
#include <limits.h>
#include <unistd.h>

#include "../unit-test.h"
#include "../../../util/events/cgroup.h"

static struct evlist *evlist_of(int nr)
{
	struct evlist *evlist = evlist__new();

	for (int i = 0; i < nr; i++)
		evlist__add(evlist, evsel__new(i ? "instructions" : "cycles"));
	return evlist;
}

struct parse_case {
	int nr_events;
	const char *names;	/* -G's argument */
	int ret;
	const char *want[3];	/* each event's cgroup ("": none), or the error */
};

static const struct parse_case parse_cases[] = {
	{ 2, "a", 0, { "a", "a" } },
	{ 2, "a,b", 0, { "a", "b" } },
	{ 3, "a,,b", 0, { "a", "", "b" } },
	{ 3, "a,b", 0, { "a", "b", "" } },
	{ 3, ",b", 0, { "", "b", "" } },
	{ 2, "", 0, { "", "" } },
	{ 1, "system.slice/x.service", 0, { "system.slice/x.service" } },
	{ 2, "a,b,c", -EINVAL, { "-G a,b,c: more cgroups than events" } },
	{ 1, "a,", -EINVAL, { "more cgroups than events" } },
	{ 0, "a", -EINVAL, { "-G names the cgroups of the events before it" } },
};

static void test_cgroup__nth_name_to_nth_event(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(parse_cases) / sizeof(parse_cases[0]); i++) {
		const struct parse_case *c = &parse_cases[i];
		struct evlist *evlist = evlist_of(c->nr_events);
		struct strbuf err = STRBUF_INIT;

		print_message("%d events, -G '%s'\n", c->nr_events, c->names);
		assert_int_equal(evlist__parse_cgroups(evlist, c->names, &err), c->ret);
		if (c->ret)
			assert_non_null(strstr(err.buf, c->want[0]));
		for (int k = 0; !c->ret && k < c->nr_events; k++) {
			const char *cg = evlist->entries[k]->cgroup;

			assert_string_equal(cg ? cg : "", c->want[k]);
		}
		assert_true(c->ret || !err.len);
		evlist__delete(evlist);
		strbuf_release(&err);
	}
}

/* -e a -G x -e b -G y: each -G goes on from where the last one stopped */
static void test_cgroup__second_option_continues(void **state)
{
	struct evlist *evlist = evlist_of(3);
	struct strbuf err = STRBUF_INIT;

	(void)state;
	assert_int_equal(evlist__parse_cgroups(evlist, "x,y", &err), 0);
	assert_int_equal(evlist__parse_cgroups(evlist, "z", &err), 0);
	assert_string_equal(evlist->entries[0]->cgroup, "x");
	assert_string_equal(evlist->entries[1]->cgroup, "y");
	assert_string_equal(evlist->entries[2]->cgroup, "z");
	assert_int_equal(evlist->nr_cgroups, 3);
	assert_int_equal(evlist__parse_cgroups(evlist, "w", &err), -EINVAL);
	evlist__delete(evlist);
	strbuf_release(&err);
}

/* *@state: a fake /proc, with self/ and an empty cgroup tree cg/grp */
static int root_up(void **state)
{
	char *root = strdup("/tmp/pm-cgroup.XXXXXX"), path[PATH_MAX];

	assert_non_null(mkdtemp(root));
	*state = root;
	snprintf(path, sizeof(path), "%s/self", root);
	assert_int_equal(mkdir(path, 0755), 0);
	snprintf(path, sizeof(path), "%s/cg", root);
	assert_int_equal(mkdir(path, 0755), 0);
	snprintf(path, sizeof(path), "%s/cg/grp", root);
	assert_int_equal(mkdir(path, 0755), 0);
	return 0;
}

static int root_down(void **state)
{
	char cmd[PATH_MAX + 16];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", (char *)*state);
	free(*state);
	return system(cmd);
}

/* @proc/self/mounts holding @mounts (NULL: no such file) */
static void write_mounts(const char *proc, const char *mounts)
{
	char path[PATH_MAX];
	FILE *f;

	snprintf(path, PATH_MAX, "%s/self/mounts", proc);
	unlink(path);
	if (!mounts)
		return;
	assert_non_null(f = fopen(path, "w"));
	fputs(mounts, f);
	fclose(f);
}

#define V1(dir, opts) "cgroup " dir " cgroup rw,nosuid,nodev,noexec," opts " 0 0\n"
#define V2(dir) "cgroup2 " dir " cgroup2 rw,nosuid,nodev,noexec,nsdelegate 0 0\n"
#define OTHER "proc /proc proc rw,nosuid 0 0\nsysfs /sys sysfs rw 0 0\n"

struct mount_case {
	const char *what;
	const char *mounts;	/* NULL: no mounts file */
	const char *dir;	/* NULL: -ENOENT */
};

static const struct mount_case mount_cases[] = {
	{ "cgroup2 alone", OTHER V2("/sys/fs/cgroup"), "/sys/fs/cgroup" },
	{ "v1 perf_event over cgroup2", V2("/sys/fs/cgroup/unified")
	  V1("/sys/fs/cgroup/cpu", "cpu,cpuacct") V1("/sys/fs/cgroup/perf_event", "perf_event"),
	  "/sys/fs/cgroup/perf_event" },
	{ "perf_event among other controllers", V1("/cg/pe", "net_cls,perf_event,net_prio"),
	  "/cg/pe" },
	{ "v1 without perf_event: cgroup2", V1("/cg/cpu", "cpu") V2("/cg/unified"),
	  "/cg/unified" },
	{ "an option that only starts like it", V1("/cg/x", "perf_events"), NULL },
	{ "v1 without perf_event alone", V1("/cg/cpu", "cpu"), NULL },
	{ "no cgroup at all", OTHER, NULL },
	{ "empty", "", NULL },
	{ "no mounts file", NULL, NULL },
};

static void test_cgroup__mount_perf_counts_in(void **state)
{
	const char *proc = *state;
	char dir[PATH_MAX];

	for (size_t i = 0; i < sizeof(mount_cases) / sizeof(mount_cases[0]); i++) {
		const struct mount_case *c = &mount_cases[i];

		print_message("%s\n", c->what);
		write_mounts(proc, c->mounts);
		assert_int_equal(cgroup__mount_dir(proc, dir, sizeof(dir)), c->dir ? 0 : -ENOENT);
		if (c->dir)
			assert_string_equal(dir, c->dir);
	}
	assert_int_equal(cgroup__mount_dir("/nonexistent", dir, sizeof(dir)), -ENOENT);
}

/* cgroup2 mounted at @root/cg */
static void mount_cg(const char *root)
{
	char mounts[PATH_MAX + 64];

	snprintf(mounts, sizeof(mounts), OTHER "cgroup2 %s/cg cgroup2 rw 0 0\n", root);
	write_mounts(root, mounts);
}

static void test_cgroup__events_open_their_directory(void **state)
{
	struct evlist *evlist = evlist_of(3);
	struct strbuf err = STRBUF_INIT;

	mount_cg(*state);
	assert_int_equal(evlist__parse_cgroups(evlist, "grp,,/grp", &err), 0);
	assert_int_equal(evlist__open_cgroups(evlist, *state, &err), 0);
	assert_true(evlist->entries[0]->cgroup_fd > 0);
	assert_int_equal(evlist->entries[1]->cgroup_fd, 0);
	assert_true(evlist->entries[2]->cgroup_fd > 0);
	assert_int_equal(err.len, 0);
	evlist__delete(evlist);		/* closes them */
	strbuf_release(&err);
}

static void test_cgroup__missing_cgroup_or_mount_named(void **state)
{
	struct evlist *evlist = evlist_of(2);
	struct strbuf err = STRBUF_INIT;

	mount_cg(*state);
	assert_int_equal(evlist__parse_cgroups(evlist, "grp,nope", &err), 0);
	assert_int_equal(evlist__open_cgroups(evlist, *state, &err), -ENOENT);
	assert_non_null(strstr(err.buf, "-G nope: cannot open "));
	assert_non_null(strstr(err.buf, "/cg/nope: No such file or directory\n"
				"hint: cgroups are named by their path under "));
	assert_int_equal(evlist->entries[1]->cgroup_fd, 0);

	/* --for-each-cgroup names itself */
	strbuf_reset(&err);
	evlist->cgroup_option = "--for-each-cgroup";
	write_mounts(*state, OTHER);
	assert_int_equal(evlist__open_cgroups(evlist, *state, &err), -ENOENT);
	assert_string_equal(err.buf, "--for-each-cgroup: no cgroup filesystem with the "
			    "perf_event controller is mounted\nhint: mount cgroup2 (mount -t "
			    "cgroup2 none /sys/fs/cgroup)");
	evlist__delete(evlist);
	strbuf_release(&err);
}

/* nothing asked: the mounts are not even looked at */
static void test_cgroup__no_cgroups_no_lookup(void **state)
{
	struct evlist *evlist = evlist_of(1);
	struct strbuf err = STRBUF_INIT;

	(void)state;
	assert_int_equal(evlist__open_cgroups(evlist, "/nonexistent", &err), 0);
	assert_int_equal(err.len, 0);
	evlist__delete(evlist);
	strbuf_release(&err);
}

#define WITH_ROOT(f) cmocka_unit_test_setup_teardown(f, root_up, root_down)

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cgroup__nth_name_to_nth_event),
		cmocka_unit_test(test_cgroup__second_option_continues),
		WITH_ROOT(test_cgroup__mount_perf_counts_in),
		WITH_ROOT(test_cgroup__events_open_their_directory),
		WITH_ROOT(test_cgroup__missing_cgroup_or_mount_named),
		cmocka_unit_test(test_cgroup__no_cgroups_no_lookup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
