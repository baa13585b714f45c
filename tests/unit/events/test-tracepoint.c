// SPDX-License-Identifier: GPL-2.0
/*
 * Tracepoints as a tracefs tree lists them: the globs perf takes
 * (sched:*, *:sys_enter_*), every match in the directories' own order
 * (perf's readdir),
 * an event without a readable id skipped, a callback's error ending the
 * walk; a subsystem that cannot be read named with the way out, and a
 * format's text as the file holds it. The tracefs is a fake in /tmp.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../unit-test.h"
#include "../../../util/base/strbuf.h"
#include "../../../util/events/tracepoint.h"

static void write_file(const char *root, const char *rel, const char *text)
{
	char path[PATH_MAX];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	assert_non_null(f = fopen(path, "w"));
	fputs(text, f);
	fclose(f);
}

/* *@state: a tracefs with sched, syscalls and an id-less event */
static int tracefs_up(void **state)
{
	char *root = strdup("/tmp/pm-tracefs.XXXXXX"), path[PATH_MAX];

	assert_non_null(mkdtemp(root));
	*state = root;
	/* made out of order: the walk reads them in the directory's order */
	unit_test_make_tracepoint(root, "syscalls", "sys_exit_read", 612);
	unit_test_make_tracepoint(root, "sched", "sched_switch", 316);
	unit_test_make_tracepoint(root, "syscalls", "sys_enter_read", 613);
	unit_test_make_tracepoint(root, "sched", "sched_process_exec", 311);
	unit_test_make_tracepoint(root, "syscalls", "sys_enter_write", 611);
	unit_test_make_tracepoint(root, "sched", "sched_wakeup", 320);
	/* an id that is no number, and one with no id at all */
	unit_test_make_tracepoint(root, "sched", "sched_bad", 0);
	write_file(root, "events/sched/sched_bad/id", "x12\n");
	snprintf(path, sizeof(path), "%s/events/sched/sched_none", root);
	assert_int_equal(mkdir(path, 0755), 0);
	/* tracefs's own files beside the subsystems */
	write_file(root, "events/enable", "0\n");
	write_file(root, "events/sched/enable", "0\n");
	write_file(root, "events/sched/sched_switch/format",
		   "name: sched_switch\nID: 316\nformat:\n"
		   "\tfield:char prev_comm[16];\toffset:8;\tsize:16;\tsigned:0;\n\n"
		   "print fmt: \"prev_comm=%s\", REC->prev_comm\n");
	write_file(root, "events/sched/sched_wakeup/format", "");
	return 0;
}

static int tracefs_down(void **state)
{
	char cmd[PATH_MAX + 16];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", (char *)*state);
	free(*state);
	return system(cmd);
}

/* "sys:name=id " for each tracepoint seen */
static int collect(const char *sys, const char *name, uint64_t id, void *data)
{
	strbuf_addf(data, "%s:%s=%llu ", sys, name, (unsigned long long)id);
	return 0;
}

struct glob_case {
	const char *sys, *name;
	int ret;
	const char *seen;
};

static const struct glob_case globs[] = {
	{ "sched", "sched_switch", 1, "sched:sched_switch=316 " },
	{ "sched", "*", 3, "sched:sched_process_exec=311 sched:sched_switch=316 "
			   "sched:sched_wakeup=320 " },
	{ "*", "sys_enter_*", 2, "syscalls:sys_enter_read=613 syscalls:sys_enter_write=611 " },
	{ "s*", "*_read", 2, "syscalls:sys_enter_read=613 syscalls:sys_exit_read=612 " },
	{ "*", "*", 6, "sched:sched_process_exec=311 sched:sched_switch=316 "
		       "sched:sched_wakeup=320 syscalls:sys_enter_read=613 "
		       "syscalls:sys_enter_write=611 syscalls:sys_exit_read=612 " },
	{ "sched", "sched_[sw]*", 2, "sched:sched_switch=316 sched:sched_wakeup=320 " },
	{ "sched", "sched_bad", 0, "" },
	{ "sched", "sched_none", 0, "" },
	{ "sched", "enable", 0, "" },
	{ "irq", "*", 0, "" },
	{ "enable", "*", 0, "" },
};

static int cmp_word(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* @sb's words sorted, for comparing what matched whatever the order */
static void sort_words(struct strbuf *sb)
{
	char *words[16], *copy = strdup(sb->buf), *save = NULL;
	size_t n = 0;

	for (char *w = strtok_r(copy, " ", &save); w && n < 16; w = strtok_r(NULL, " ", &save))
		words[n++] = w;
	qsort(words, n, sizeof(*words), cmp_word);
	strbuf_reset(sb);
	for (size_t i = 0; i < n; i++)
		strbuf_addf(sb, "%s ", words[i]);
	free(copy);
}

static void test_tracepoint__globs_match(void **state)
{
	for (size_t i = 0; i < sizeof(globs) / sizeof(globs[0]); i++) {
		const struct glob_case *c = &globs[i];
		struct strbuf seen = STRBUF_INIT;

		print_message("%s:%s\n", c->sys, c->name);
		assert_int_equal(tracepoint_for_each(*state, c->sys, c->name, collect, &seen),
				 c->ret);
		sort_words(&seen);
		assert_string_equal(seen.buf, c->seen);
		strbuf_release(&seen);
	}
}

/* sched:* in the order readdir gives the directory, as perf reads it */
static void test_tracepoint__globs_in_directory_order(void **state)
{
	struct strbuf seen = STRBUF_INIT, want = STRBUF_INIT;
	static const char *const ids[][2] = {
		{ "sched_process_exec", "311" }, { "sched_switch", "316" }, { "sched_wakeup", "320" },
	};
	char path[PATH_MAX];
	struct dirent *d;
	DIR *dir;

	snprintf(path, sizeof(path), "%s/events/sched", (char *)*state);
	assert_non_null(dir = opendir(path));
	while ((d = readdir(dir)))
		for (size_t i = 0; i < sizeof(ids) / sizeof(ids[0]); i++)
			if (!strcmp(d->d_name, ids[i][0]))
				strbuf_addf(&want, "sched:%s=%s ", ids[i][0], ids[i][1]);
	closedir(dir);
	assert_int_equal(tracepoint_for_each(*state, "sched", "*", collect, &seen), 3);
	assert_string_equal(seen.buf, want.buf);
	strbuf_release(&seen);
	strbuf_release(&want);
}

/* stops at the second: its error comes back, not a count */
static int fail_second(const char *sys, const char *name, uint64_t id, void *data)
{
	int *calls = data;

	(void)sys, (void)name, (void)id;
	return ++*calls == 2 ? -EINTR : 0;
}

static void test_tracepoint__callback_error_ends_the_walk(void **state)
{
	int calls = 0;

	assert_int_equal(tracepoint_for_each(*state, "*", "*", fail_second, &calls), -EINTR);
	assert_int_equal(calls, 2);
	calls = 0;
	assert_int_equal(tracepoint_for_each(*state, "*", "sys_*", fail_second, &calls),
			 -EINTR);
	assert_int_equal(calls, 2);
}

static void test_tracepoint__no_tracefs(void **state)
{
	struct strbuf seen = STRBUF_INIT;

	(void)state;
	assert_int_equal(tracepoint_for_each("/nonexistent", "*", "*", collect, &seen),
			 -ENOENT);
	assert_int_equal(seen.len, 0);
	assert_string_equal(tracepoint_tracefs_dir("/somewhere"), "/somewhere");
	assert_null(tracepoint_format(NULL, "sched", "sched_switch", &(size_t){ 0 }));
	strbuf_release(&seen);
}

static void test_tracepoint__system_checked(void **state)
{
	struct strbuf err = STRBUF_INIT;
	char want[PATH_MAX + 128];

	assert_int_equal(tracepoint_check_system(*state, "sched", &err), 0);
	assert_int_equal(err.len, 0);
	assert_int_equal(tracepoint_check_system(*state, "kvm", &err), -1);
	snprintf(want, sizeof(want), "cannot read %s/events/kvm: No such file or directory\n"
		 "hint: 'perf-mini list tracepoint' shows the tracepoints this kernel has",
		 (char *)*state);
	assert_string_equal(err.buf, want);
	strbuf_reset(&err);
	assert_int_equal(tracepoint_check_system(NULL, "sched", &err), -1);
	assert_string_equal(err.buf, "no tracefs is mounted, and none could be mounted\n"
			    "hint: as root: mount -t tracefs nodev /sys/kernel/tracing");
	assert_true(tracepoint_has_system(*state, "syscalls"));
	assert_false(tracepoint_has_system(*state, "kvm"));
	assert_false(tracepoint_has_system(*state, "enable"));	/* a file, not a subsystem */
	strbuf_release(&err);
}

static void test_tracepoint__format_text(void **state)
{
	size_t len = 0;
	char *text = tracepoint_format(*state, "sched", "sched_switch", &len);

	assert_non_null(text);
	assert_true(!strncmp(text, "name: sched_switch\nID: 316\nformat:\n", 35));
	assert_non_null(strstr(text, "\tfield:char prev_comm[16];\toffset:8;\tsize:16;"));
	assert_non_null(strstr(text, "print fmt: \"prev_comm=%s\", REC->prev_comm"));
	assert_int_equal(len, strlen(text));
	free(text);
	len = 7;
	assert_null(tracepoint_format(*state, "sched", "sched_wakeup", &len));	/* empty */
	assert_null(tracepoint_format(*state, "sched", "sched_nope", &len));
	assert_null(tracepoint_format(*state, "nope", "sched_switch", &len));
	assert_int_equal(len, 7);
}

#define WITH_TRACEFS(f) cmocka_unit_test_setup_teardown(f, tracefs_up, tracefs_down)

int main(void)
{
	const struct CMUnitTest tests[] = {
		WITH_TRACEFS(test_tracepoint__globs_match),
		WITH_TRACEFS(test_tracepoint__globs_in_directory_order),
		WITH_TRACEFS(test_tracepoint__callback_error_ends_the_walk),
		cmocka_unit_test(test_tracepoint__no_tracefs),
		WITH_TRACEFS(test_tracepoint__system_checked),
		WITH_TRACEFS(test_tracepoint__format_text),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
