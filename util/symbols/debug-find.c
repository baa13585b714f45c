// SPDX-License-Identifier: GPL-2.0
#include <libgen.h>
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

/* @name beside @file, in .debug/ there, or under /usr/lib/debug/DIR. */
static bool by_link(const char *file, const char *name)
{
	static const char *const where[] = { "%s/%s", "%s/.debug/%s", "/usr/lib/debug%s/%s" };
	struct strbuf path = STRBUF_INIT;
	char *copy = strdup(file);
	const char *dir = copy ? dirname(copy) : NULL;
	bool found = false;

	for (size_t i = 0; dir && !found && i < sizeof(where) / sizeof(where[0]); i++) {
		strbuf_reset(&path);
		strbuf_addf(&path, where[i], dir, name);
		found = exists(&path);
	}
	strbuf_release(&path);
	free(copy);
	return found;
}

/* Whether one of the files libdw's search tries is on disk: the build-id
 * path, then the debuglink name (or FILE.debug) near the file or where
 * its symlink points. */
static bool local_candidate(Dwfl_Module *mod, const char *file_name, const char *debuglink_file)
{
	char real[PATH_MAX];
	struct strbuf name = STRBUF_INIT;
	bool found;

	if (by_build_id(mod))
		return true;
	if (!file_name)
		return false;
	if (debuglink_file) {
		strbuf_addstr(&name, debuglink_file);
	} else {
		const char *base = strrchr(file_name, '/');

		strbuf_addf(&name, "%s.debug", base ? base + 1 : file_name);
	}
	found = by_link(file_name, name.buf) ||
		(realpath(file_name, real) && by_link(real, name.buf));
	strbuf_release(&name);
	return found;
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
