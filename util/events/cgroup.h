/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_CGROUP_H
#define PM_CGROUP_H

/*
 * -G/--cgroup: counting only the tasks of a cgroup (system-wide, per CPU),
 * as perf does: each event opened with its cgroup directory's fd as the
 * pid and PERF_FLAG_PID_CGROUP. The directory is found under the cgroup
 * filesystem with the perf_event controller (cgroup v1), else cgroup2.
 */
#include "evlist.h"
#include "../base/strbuf.h"

/*
 * -G NAME[,NAME...]: perf's rule, the n-th cgroup named on the command
 * line goes to the n-th event (an empty name: none); a single one goes to
 * every event. Returns 0, or -EINVAL with the message in @err.
 */
int evlist__parse_cgroups(struct evlist *evlist, const char *names, struct strbuf *err);

/* Open the cgroup directory of every event that has one (@proc: "/proc",
 * for its mounts). Returns 0, or -errno with the cause and fix in @err. */
int evlist__open_cgroups(struct evlist *evlist, const char *proc, struct strbuf *err);

/* Where the cgroup filesystem perf counts in is mounted (v1 with
 * perf_event, else v2), from @proc/self/mounts. 0, or -ENOENT. */
int cgroup__mount_dir(const char *proc, char *out, size_t size);

/* --for-each-cgroup's cgroups, by name. */
struct cgroup_names {
	char **v;
	int nr;
};

/*
 * @spec: NAME[,NAME...], each a cgroup's path under the mount ("" or "/":
 * the root, named "/"), or, when it holds a regular-expression character,
 * the expressions every cgroup is matched against (the root as "", and
 * named so). Returns 0, or -errno with the cause and fix in @err.
 */
int cgroup_names__parse(struct cgroup_names *out, const char *spec, const char *proc,
			struct strbuf *err);
void cgroup_names__exit(struct cgroup_names *n);

/* Replace the events by a copy of them all for each cgroup of @names, in
 * that order (perf's); metrics are the caller's to repeat. */
void evlist__expand_cgroups(struct evlist *evlist, const struct cgroup_names *names);

#endif
