// SPDX-License-Identifier: GPL-2.0
#include <dirent.h>
#include <sys/stat.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "thread-map.h"
#include "../base/util.h"
#include "../base/xalloc.h"

static void thread_map__push(struct thread_map *map, pid_t tid)
{
	map->entries = must_reallocarray(map->entries, (size_t)(map->nr + 1), sizeof(*map->entries));
	map->entries[map->nr].tid = tid;
	map->entries[map->nr].comm[0] = '\0';
	map->nr++;
}

struct thread_map *thread_map__single(pid_t pid)
{
	struct thread_map *map = must_calloc(1, sizeof(*map));

	thread_map__push(map, pid);
	return map;
}

void thread_map__delete(struct thread_map *map)
{
	if (!map)
		return;
	free(map->entries);
	free(map);
}

static int numeric_dirent(const struct dirent *d)
{
	return d->d_name[0] >= '0' && d->d_name[0] <= '9';
}

static int add_tasks(struct thread_map *map, pid_t pid, const char *proc)
{
	char path[PATH_MAX];
	struct dirent **names;
	int n;

	snprintf(path, sizeof(path), "%s/%d/task", proc, pid);
	n = scandir(path, &names, numeric_dirent, NULL);
	if (n <= 0)
		return -ESRCH;
	for (int i = 0; i < n; i++) {
		int tid;

		if (!str_to_int(names[i]->d_name, &tid))
			thread_map__push(map, tid);
		free(names[i]);
	}
	free(names);
	return 0;
}

static int add_one(struct thread_map *map, const char *item, int all_threads, const char *proc,
		   struct strbuf *err)
{
	char path[PATH_MAX];
	int pid;

	if (str_to_int(item, &pid) || pid <= 0) {
		strbuf_addf(err, "invalid %s '%s'\nhint: give numeric ids separated by commas",
			    all_threads ? "process id" : "thread id", item);
		return -EINVAL;
	}
	snprintf(path, sizeof(path), "%s/%d/comm", proc, pid);
	if (all_threads ? add_tasks(map, pid, proc) : access(path, F_OK) ? -ESRCH : 0) {
		strbuf_addf(err, "no such %s: %d\nhint: check it is still running ('ps -p %d')",
			    all_threads ? "process" : "thread", pid, pid);
		return -ESRCH;
	}
	if (!all_threads)
		thread_map__push(map, pid);
	return 0;
}

/* Every thread of the processes in @proc (those @owner owns, unless NULL);
 * a process gone since the listing is simply not counted. */
static struct thread_map *processes(const char *proc, const uid_t *owner)
{
	struct thread_map *map = must_calloc(1, sizeof(*map));
	struct dirent **names;
	int n = scandir(proc, &names, numeric_dirent, NULL);

	for (int i = 0; i < n; i++) {
		char path[PATH_MAX];
		struct stat st;
		int pid;

		/* as perf: the owner of /proc/PID is the process's user */
		snprintf(path, sizeof(path), "%s/%s", proc, names[i]->d_name);
		if (!str_to_int(names[i]->d_name, &pid) &&
		    (!owner || (!stat(path, &st) && st.st_uid == *owner)))
			add_tasks(map, pid, proc);
		free(names[i]);
	}
	if (n > 0)
		free(names);
	thread_map__read_comms(map, proc);
	return map;
}

struct thread_map *thread_map__all(const char *proc)
{
	return processes(proc, NULL);
}

struct thread_map *thread_map__by_uid(const char *proc, uid_t uid)
{
	return processes(proc, &uid);
}

void thread_map__append(struct thread_map *map, pid_t tid)
{
	thread_map__push(map, tid);
}

int thread_map__parse(struct thread_map **out, const char *list, int all_threads,
		      const char *proc, struct strbuf *err)
{
	struct thread_map *map = must_calloc(1, sizeof(*map));
	struct strbuf item = STRBUF_INIT;
	const char *p = list;
	int ret = 0;

	do {
		size_t len = strcspn(p, ",");

		strbuf_reset(&item);
		strbuf_add(&item, p, len);
		ret = add_one(map, item.buf, all_threads, proc, err);
		p += len + (p[len] == ',');
	} while (!ret && *p);
	strbuf_release(&item);
	if (ret) {
		thread_map__delete(map);
		return ret;
	}
	thread_map__read_comms(map, proc);
	*out = map;
	return 0;
}

static void read_comm(struct thread_map_entry *e, const char *proc)
{
	char path[PATH_MAX];

	if (e->tid <= 0)
		return;
	snprintf(path, sizeof(path), "%s/%d/comm", proc, e->tid);
	if (read_small_file(path, e->comm, sizeof(e->comm)) < 0)
		snprintf(e->comm, sizeof(e->comm), "<unknown>");
}

void thread_map__read_comms(struct thread_map *map, const char *proc)
{
	for (int i = 0; i < map->nr; i++)
		read_comm(&map->entries[i], proc);
}

void thread_map__set(struct thread_map *map, int idx, pid_t tid, const char *proc)
{
	map->entries[idx].tid = tid;
	read_comm(&map->entries[idx], proc);
}

int thread_map__count(const char *proc, const char *pids)
{
	struct strbuf err = STRBUF_INIT;
	struct thread_map *map = NULL;
	int n = thread_map__parse(&map, pids, 1, proc, &err) ? 0 : map->nr;

	thread_map__delete(map);
	strbuf_release(&err);
	return n;
}
