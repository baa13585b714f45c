// SPDX-License-Identifier: GPL-2.0
#include <dirent.h>
#include <errno.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <tracefs.h>
#include <unistd.h>

#include "tracepoint.h"
#include "../base/strbuf.h"
#include "../base/util.h"
#include "../base/xalloc.h"

/* Asked once: libtracefs 1.6 checks its cached answer again at every
 * call, and where the mount is not readable (a normal user's) it looks
 * again and drops the string it found before, a leak per call. */
const char *tracepoint_tracefs_dir(const char *override)
{
	static const char *found;
	static bool looked;

	if (override)
		return override;
	if (!looked) {
		found = tracefs_tracing_dir();
		looked = true;
	}
	return found;
}

static int is_dir_entry(const struct dirent *d)
{
	return d->d_name[0] != '.';
}

/* In the directory's own order, as perf reads it (stat -e 'irq:*' counts
 * them so; list sorts its own) */
static int events_in(const char *dir, const char *sys, const char *glob, tracepoint_cb *cb,
		     void *data)
{
	char path[PATH_MAX], text[64];
	struct dirent **names;
	int n, matched = 0, ret = 0;

	snprintf(path, sizeof(path), "%s/events/%s", dir, sys);
	n = scandir(path, &names, is_dir_entry, NULL);
	if (n < 0)
		return 0;
	for (int i = 0; i < n; i++) {
		uint64_t id;

		if (!ret && !fnmatch(glob, names[i]->d_name, 0)) {
			snprintf(path, sizeof(path), "%s/events/%s/%s/id", dir, sys, names[i]->d_name);
			if (read_small_file(path, text, sizeof(text)) > 0 &&
			    !str_to_u64(text, 10, &id)) {
				ret = cb(sys, names[i]->d_name, id, data);
				matched++;
			}
		}
		free(names[i]);
	}
	free(names);
	return ret < 0 ? ret : matched;
}

int tracepoint_for_each(const char *tracefs_dir, const char *sys_glob, const char *name_glob,
			tracepoint_cb *cb, void *data)
{
	char path[PATH_MAX];
	struct dirent **names;
	int n, total = 0, ret = 0;

	snprintf(path, sizeof(path), "%s/events", tracefs_dir);
	n = scandir(path, &names, is_dir_entry, NULL);
	if (n < 0)
		return -errno;
	for (int i = 0; i < n; i++) {
		if (!ret && !fnmatch(sys_glob, names[i]->d_name, 0)) {
			int r = events_in(tracefs_dir, names[i]->d_name, name_glob, cb, data);

			if (r < 0)
				ret = r;
			else
				total += r;
		}
		free(names[i]);
	}
	free(names);
	return ret ? ret : total;
}

int tracepoint_check_system(const char *tracefs_dir, const char *sys, struct strbuf *err)
{
	char path[PATH_MAX];

	if (!tracefs_dir) {
		strbuf_addstr(err, "no tracefs is mounted, and none could be mounted\n"
			      "hint: as root: mount -t tracefs nodev /sys/kernel/tracing");
		return -1;
	}
	snprintf(path, sizeof(path), "%s/events/%s", tracefs_dir, sys);
	if (!access(path, R_OK | X_OK))
		return 0;
	if (errno == EACCES || errno == EPERM)
		strbuf_addf(err, "cannot read %s: tracefs is readable by root only\nhint: run as "
			    "root, or make tracefs readable (sudo mount -o remount,mode=755 %s)",
			    path, tracefs_dir);
	else
		strbuf_addf(err, "cannot read %s: %s\nhint: 'perf-mini list tracepoint' shows "
			    "the tracepoints this kernel has", path, strerror(errno));
	return -1;
}

int tracepoint_has_system(const char *tracefs_dir, const char *sys)
{
	char path[PATH_MAX];
	struct stat st;

	snprintf(path, sizeof(path), "%s/events/%s", tracefs_dir, sys);
	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

#define MAX_FORMAT (64 * 1024)

char *tracepoint_format(const char *tracefs_dir, const char *sys, const char *name,
			size_t *len)
{
	char path[PATH_MAX];
	char *buf;
	int n;

	if (!tracefs_dir)
		return NULL;
	snprintf(path, sizeof(path), "%s/events/%s/%s/format", tracefs_dir, sys, name);
	buf = must_malloc(MAX_FORMAT);
	n = read_small_file(path, buf, MAX_FORMAT);
	if (n <= 0) {
		free(buf);
		return NULL;
	}
	*len = (size_t)n;
	return buf;
}
