// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <pwd.h>
#include <stdio.h>
#include <string.h>

#include "target.h"
#include "../base/util.h"

void target__init(struct target *t)
{
	memset(t, 0, sizeof(*t));
	t->workload_idx = -1;
	strbuf_init(&t->desc, 0);
}

void target__exit(struct target *t)
{
	cpu_map__delete(t->cpus);
	thread_map__delete(t->threads);
	strbuf_release(&t->desc);
	t->cpus = NULL;
	t->threads = NULL;
}

static int check_combination(const struct target *t, struct strbuf *err)
{
	if (t->uid_str && (t->pid || t->tid || target__has_cpu(t))) {
		strbuf_addstr(err, "--uid records the processes of a user: it cannot be used with "
				   "-p, -t, -a or -C\nhint: drop one of them");
		return -EINVAL;
	}
	if (t->pid && t->tid) {
		strbuf_addstr(err, "-p and -t cannot be used together\nhint: give the threads "
				   "with -t, or whole processes with -p");
		return -EINVAL;
	}
	if ((t->pid || t->tid) && target__has_cpu(t)) {
		strbuf_addf(err, "%s cannot be used with %s\nhint: count processes (-p/-t) or "
			    "CPUs (-a/-C), not both", t->pid ? "-p" : "-t",
			    t->system_wide ? "-a" : "-C");
		return -EINVAL;
	}
	return 0;
}

static void describe(struct target *t, const char **argv, int argc)
{
	if (t->system_wide) {
		strbuf_addstr(&t->desc, "'system wide'");
	} else if (t->cpu_list) {
		strbuf_addf(&t->desc, "'CPU(s) %s'", t->cpu_list);
	} else if (t->pid) {
		strbuf_addf(&t->desc, "process id '%s'", t->pid);
	} else if (t->tid) {
		strbuf_addf(&t->desc, "thread id '%s'", t->tid);
	} else if (t->uid_str) {
		strbuf_addf(&t->desc, "user '%s'", t->uid_str);
	} else {
		strbuf_addch(&t->desc, '\'');
		for (int i = 0; i < argc; i++)
			strbuf_addf(&t->desc, "%s%s", i ? " " : "", argv[i]);
		strbuf_addch(&t->desc, '\'');
	}
}

/*
 * A user name's uid from /etc/passwd. Read with fgetpwent(), not
 * getpwnam(): this binary links glibc statically, and NSS modules loaded
 * into it at run time crash it.
 */
static bool passwd_uid(const char *name, uid_t *uid)
{
	FILE *f = fopen("/etc/passwd", "re");
	const struct passwd *pw;
	bool found = false;

	while (f && !found && (pw = fgetpwent(f)))
		if (!strcmp(pw->pw_name, name)) {
			*uid = pw->pw_uid;
			found = true;
		}
	if (f)
		fclose(f);
	return found;
}

/* --uid NAME|NUMBER: the user's threads, as they are now. */
static int uid_threads(struct target *t, const char *proc, struct strbuf *err)
{
	int n;

	if (passwd_uid(t->uid_str, &t->uid)) {
		/* named */
	} else if (!str_to_int(t->uid_str, &n) && n >= 0) {
		t->uid = (uid_t)n;
	} else {
		strbuf_addf(err, "--uid %s: no such user\nhint: a user name or number (see "
			    "'id %s')", t->uid_str, t->uid_str);
		return -EINVAL;
	}
	t->threads = thread_map__by_uid(proc, t->uid);
	if (t->threads->nr)
		return 0;
	strbuf_addf(err, "--uid %s: the user runs no processes\nhint: check with 'ps -u %s'",
		    t->uid_str, t->uid_str);
	return -ESRCH;
}

int target__setup(struct target *t, const char **argv, int argc, const struct target_paths *p,
		  struct strbuf *err)
{
	struct cpu_map *online = NULL;
	int ret = check_combination(t, err);

	if (ret)
		return ret;
	/* as perf: no command and no -p, -t, --uid, -a or -C is the whole
	 * system, until a signal ends it */
	if (!t->has_workload && !target__has_task(t) && !target__has_cpu(t))
		t->system_wide = true;
	describe(t, argv, argc);
	if (target__all_threads(t)) {
		t->cpus = cpu_map__any();
		t->threads = thread_map__all(p->proc);
		/* the workload is forked later: a place for it, filled per run */
		if (t->has_workload) {
			t->workload_idx = t->threads->nr;
			thread_map__append(t->threads, 0);
		}
		return 0;
	}
	if (target__has_cpu(t)) {
		ret = cpu_map__online(&online, p->online_cpus, err);
		if (!ret && t->cpu_list)
			ret = cpu_map__parse(&t->cpus, t->cpu_list, online, err);
		else if (!ret)
			t->cpus = online, online = NULL;
		cpu_map__delete(online);
		if (!ret)
			t->threads = thread_map__single(-1);
		return ret;
	}
	t->cpus = cpu_map__any();
	if (t->has_workload && !target__has_task(t)) {
		t->threads = thread_map__single(0);
		t->workload_idx = 0;
		return 0;
	}
	if (t->uid_str)
		return uid_threads(t, p->proc, err);
	ret = thread_map__parse(&t->threads, t->pid ? t->pid : t->tid, t->pid != NULL, p->proc,
				err);
	if (!ret && t->pid && !strchr(t->pid, ','))
		str_to_int(t->pid, &t->watch_pid);
	return ret;
}
