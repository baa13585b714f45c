// SPDX-License-Identifier: GPL-2.0
/* perf-mini's per-user cache directory: cache-dir.h. */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../base/util.h"
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

void pm_cache_host(char out[13])
{
	char id[64];
	uint64_t h = 0xcbf29ce484222325ULL;	/* FNV-1a */
	int i;

	if (read_small_file("/etc/machine-id", id, sizeof(id)) >= 12) {
		for (i = 0; i < 12 && isxdigit((unsigned char)id[i]); i++)
			out[i] = (char)tolower((unsigned char)id[i]);
		out[i] = '\0';
		if (i == 12)
			return;
	}
	if (gethostname(id, sizeof(id)))
		id[0] = '\0';
	id[sizeof(id) - 1] = '\0';
	for (const char *p = id; *p; p++)
		h = (h ^ (unsigned char)*p) * 0x100000001b3ULL;
	snprintf(out, 13, "%012llx", (unsigned long long)(h & 0xffffffffffffULL));
}

#define UNUSED_AFTER_S (30 * 24 * 3600)

static bool cache_file_name(const char *name)
{
	return !strncmp(name, "kallsyms-", 9) || !strncmp(name, "symtab-", 7) ||
	       !strncmp(name, "debug-", 6);
}

void pm_cache_sweep(const char *dir)
{
	DIR *dp = opendir(dir);
	struct strbuf path = STRBUF_INIT;
	time_t now = time(NULL);
	struct dirent *d;
	struct stat st;

	while (dp && (d = readdir(dp))) {
		if (!cache_file_name(d->d_name))
			continue;
		strbuf_reset(&path);
		strbuf_addf(&path, "%s/%s", dir, d->d_name);
		if (!lstat(path.buf, &st) && S_ISREG(st.st_mode) && st.st_uid == geteuid() &&
		    now - st.st_atime > UNUSED_AFTER_S && now - st.st_mtime > UNUSED_AFTER_S)
			unlink(path.buf);
	}
	if (dp)
		closedir(dp);
	strbuf_release(&path);
}
