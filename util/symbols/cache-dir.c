// SPDX-License-Identifier: GPL-2.0
/* perf-mini's per-user cache directory: cache-dir.h. */
#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cache-dir.h"

/* A directory only this user can write: what is in it is this user's. */
static bool private_dir(const char *path)
{
	struct stat st;

	return !lstat(path, &st) && S_ISDIR(st.st_mode) && st.st_uid == geteuid() &&
	       !(st.st_mode & 022);
}

bool pm_cache_dir(struct strbuf *path)
{
	const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");

	if (geteuid() != getuid())
		return false;
	if (xdg && *xdg)
		strbuf_addstr(path, xdg);
	else if (home && *home)
		strbuf_addf(path, "%s/.cache", home);
	else
		return false;
	mkdir(path->buf, 0700);
	strbuf_addstr(path, "/perf-mini");
	return !(mkdir(path->buf, 0700) && errno != EEXIST) && private_dir(path->buf);
}
