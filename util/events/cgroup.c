// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <mntent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cgroup.h"
#include "../base/util.h"
#include "../base/xalloc.h"

int evlist__parse_cgroups(struct evlist *evlist, const char *names, struct strbuf *err)
{
	const char *p = names;
	int given = 0;

	if (!evlist->nr) {
		strbuf_addstr(err, "-G names the cgroups of the events before it\nhint: e.g. "
				   "-e cycles,instructions -G mygroup -a");
		return -EINVAL;
	}
	for (;;) {
		size_t len = strcspn(p, ",");

		if (evlist->nr_cgroups >= evlist->nr) {
			strbuf_addf(err, "-G %s: more cgroups than events\nhint: one cgroup per "
				    "event, in order (-G a,,b leaves the second event out)", names);
			return -EINVAL;
		}
		if (len) {
			struct evsel *e = evlist->entries[evlist->nr_cgroups];

			free(e->cgroup);
			e->cgroup = must_strndup(p, len);
		}
		evlist->nr_cgroups++;
		given++;
		if (!p[len])
			break;
		p += len + 1;
	}
	/* as perf: one cgroup for all the events */
	for (int i = 1; given == 1 && evlist->nr_cgroups == 1 && i < evlist->nr; i++) {
		free(evlist->entries[i]->cgroup);
		evlist->entries[i]->cgroup = evlist->entries[0]->cgroup ?
					     strdup(evlist->entries[0]->cgroup) : NULL;
	}
	return 0;
}

int cgroup__mount_dir(const char *proc, char *out, size_t size)
{
	char path[PATH_MAX];
	struct mntent *m;
	FILE *f;
	bool found = false;

	snprintf(path, sizeof(path), "%s/self/mounts", proc);
	f = setmntent(path, "re");
	while (f && (m = getmntent(f)))
		if (!strcmp(m->mnt_type, "cgroup") && hasmntopt(m, "perf_event")) {
			snprintf(out, size, "%s", m->mnt_dir);
			found = true;
			break;
		}
	if (f)
		rewind(f);
	while (f && !found && (m = getmntent(f)))
		if (!strcmp(m->mnt_type, "cgroup2")) {
			snprintf(out, size, "%s", m->mnt_dir);
			found = true;
		}
	if (f)
		endmntent(f);
	return found ? 0 : -ENOENT;
}

int evlist__open_cgroups(struct evlist *evlist, const char *proc, struct strbuf *err)
{
	char root[PATH_MAX], dir[PATH_MAX * 2];
	const char *opt = evlist->cgroup_option ? evlist->cgroup_option : "-G";
	struct evsel *e;
	int i;

	if (!evlist->nr_cgroups)
		return 0;
	if (cgroup__mount_dir(proc, root, sizeof(root))) {
		strbuf_addf(err, "%s: no cgroup filesystem with the perf_event controller is "
			    "mounted\nhint: mount cgroup2 (mount -t cgroup2 none /sys/fs/cgroup)",
			    opt);
		return -ENOENT;
	}
	evlist__for_each(evlist, e, i) {
		if (!e->cgroup)
			continue;
		snprintf(dir, sizeof(dir), "%s/%s", root, e->cgroup);
		e->cgroup_fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (e->cgroup_fd < 0) {
			int ret = -errno;

			e->cgroup_fd = 0;
			strbuf_addf(err, "%s %s: cannot open %s: %s\nhint: cgroups are named by "
				    "their path under %s (e.g. %s / or %s system.slice)", opt,
				    e->cgroup, dir, strerror(-ret), root, opt, opt);
			return ret;
		}
	}
	return 0;
}
