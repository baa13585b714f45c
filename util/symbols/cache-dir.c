// SPDX-License-Identifier: GPL-2.0
/* perf-mini's per-user cache directory: cache-dir.h. */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../base/hash.h"
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

static char host_id[13];

static void read_host(void)
{
	char id[64];
	char *out = host_id;
	uint64_t h;
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
	h = fnv1a_64_str(id);
	snprintf(out, 13, "%012llx", (unsigned long long)(h & 0xffffffffffffULL));
}

void pm_cache_host(char out[13])
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;

	pthread_once(&once, read_host);	/* once a run: a report names many files */
	memcpy(out, host_id, sizeof(host_id));
}

#define UNUSED_AFTER_S (30 * 24 * 3600)

static bool hex_run(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!isxdigit((unsigned char)s[i]))
			return false;
	return true;
}

/*
 * Files this machine wrote (their names hold @host), or an older
 * perf-mini did before names held the machine: "symtab-" and two hashes,
 * "kallsyms-BUILDID-" and a boot id's 8 characters. Another machine's
 * files of a shared home are left to it: it may have one mapped.
 */
static bool sweepable(const char *name, const char *host)
{
	size_t len = strlen(name);
	const char *dash;

	if (!strncmp(name, "symtab-", 7))
		return !strncmp(name + 7, host, 12) ||
		       (len == 40 && hex_run(name + 7, 16) && name[23] == '-' && hex_run(name + 24, 16));
	if (strncmp(name, "kallsyms-", 9) || !(dash = strchr(name + 9, '-')))
		return false;
	return !strncmp(dash + 1, host, 12) || (strlen(dash + 1) == 8 && !strchr(dash + 1, '-'));
}

void pm_cache_sweep(const char *dir)
{
	static bool swept;	/* once a run: a report may write many tables */
	struct strbuf path = STRBUF_INIT;
	time_t now = time(NULL);
	struct dirent *d;
	struct stat st;
	char host[13];
	DIR *dp;

	if (swept)
		return;
	swept = true;
	pm_cache_host(host);
	dp = opendir(dir);
	while (dp && (d = readdir(dp))) {
		if (!sweepable(d->d_name, host) || strchr(d->d_name, '.'))
			continue;
		strbuf_reset(&path);
		strbuf_addf(&path, "%s/%s", dir, d->d_name);
		/* one renamed into place since would go too: the next run
		 * writes it again */
		if (!lstat(path.buf, &st) && S_ISREG(st.st_mode) && st.st_uid == geteuid() &&
		    now - st.st_atime > UNUSED_AFTER_S && now - st.st_mtime > UNUSED_AFTER_S)
			unlink(path.buf);
	}
	if (dp)
		closedir(dp);
	strbuf_release(&path);
}
