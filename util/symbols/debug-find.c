// SPDX-License-Identifier: GPL-2.0
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../base/strbuf.h"
#include "debug-find.h"

static bool exists(const struct strbuf *path)
{
	return !access(path->buf, F_OK);
}

/* The build-id path under /usr/lib/debug (libdw's default debuginfo path). */
static bool by_build_id(Dwfl_Module *mod)
{
	struct strbuf path = STRBUF_INIT;
	const unsigned char *id;
	GElf_Addr vaddr;
	int len = dwfl_module_build_id(mod, &id, &vaddr);
	bool found;

	if (len <= 1)
		return false;
	strbuf_addf(&path, "/usr/lib/debug/.build-id/%02x/", id[0]);
	for (int i = 1; i < len; i++)
		strbuf_addf(&path, "%02x", id[i]);
	strbuf_addstr(&path, ".debug");
	found = exists(&path);
	strbuf_release(&path);
	return found;
}

/* @name beside @dir (@beside), in .debug/ there, or under /usr/lib/debug at DIR and
 * at each shorter form of it, down to /usr/lib/debug itself (libdw's walk
 * of its search path). */
static bool in_dirs(const char *dir, const char *name, bool beside)
{
	struct strbuf path = STRBUF_INIT;
	bool found;

	strbuf_addf(&path, "%s/%s", dir, name);
	found = beside && exists(&path);
	strbuf_reset(&path);
	strbuf_addf(&path, "%s/.debug/%s", dir, name);
	found = found || exists(&path);
	for (const char *d = dir; !found && d && *d; d = strchr(d + 1, '/')) {
		strbuf_reset(&path);
		strbuf_addf(&path, "/usr/lib/debug%s/%s", *d == '/' ? d : "", name);
		found = exists(&path);
	}
	if (!found) {
		strbuf_reset(&path);
		strbuf_addf(&path, "/usr/lib/debug/%s", name);
		found = exists(&path);
	}
	strbuf_release(&path);
	return found;
}

/* @file's directory, then the names libdw tries there: the debuglink's
 * (else FILE.debug), and the file's own. */
static bool by_link(const char *file, const char *link)
{
	char *copy = strdup(file), *base;
	const char *dir;
	struct strbuf name = STRBUF_INIT;
	bool found;

	if (!copy)
		return true;	/* cannot tell: libdw decides */
	base = strrchr(copy, '/');
	if (base) {
		*base++ = '\0';
		dir = *copy ? copy : "/";
	} else {
		dir = ".";
		base = copy;
	}
	if (link)
		strbuf_addstr(&name, link);
	else
		strbuf_addf(&name, "%s.debug", base);
	/* the file's own name anywhere but beside it (that is the file) */
	found = in_dirs(dir, name.buf, true) || in_dirs(dir, base, false);
	strbuf_release(&name);
	free(copy);
	return found;
}

/*
 * Whether one of the files libdw's search tries may be on disk: the
 * build-id path, then those by_link() names for the file and for where
 * its symlink points. A debuglink naming a directory (dwz's alternate
 * files) is left to libdw.
 */
static bool local_candidate(Dwfl_Module *mod, const char *file_name, const char *debuglink_file)
{
	char real[PATH_MAX];

	if (by_build_id(mod))
		return true;
	if (!file_name || (debuglink_file && strchr(debuglink_file, '/')))
		return true;
	return by_link(file_name, debuglink_file) ||
	       (realpath(file_name, real) && by_link(real, debuglink_file));
}

int debug_find__standard(Dwfl_Module *mod, void **userdata, const char *modname,
			 Dwarf_Addr base, const char *file_name, const char *debuglink_file,
			 GElf_Word debuglink_crc, char **debuginfo_file_name)
{
	const char *urls = getenv("DEBUGINFOD_URLS");

	if ((!urls || !*urls) && !local_candidate(mod, file_name, debuglink_file))
		return -1;
	return dwfl_standard_find_debuginfo(mod, userdata, modname, base, file_name,
					    debuglink_file, debuglink_crc, debuginfo_file_name);
}
