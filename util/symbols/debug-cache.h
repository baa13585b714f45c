/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_DEBUG_CACHE_H
#define PM_DEBUG_CACHE_H

/*
 * Distributions ship debug files with their DWARF compressed (zlib):
 * libdw inflates every section each time a file is opened, most of what
 * an inline lookup in libc costs a report. The first report that reads
 * such a file keeps a decompressed copy in the cache directory, named by
 * build-id; later ones map that copy.
 */
#include <elfutils/libdwfl.h>

/*
 * libdwfl's find_debuginfo callback: the standard search, then for a
 * debug file with compressed sections its decompressed copy (made now
 * when missing) in its place. Returns an fd, or -1.
 */
int debug_cache__find_debuginfo(Dwfl_Module *mod, void **userdata, const char *modname,
				Dwarf_Addr base, const char *file_name,
				const char *debuglink_file, GElf_Word debuglink_crc,
				char **debuginfo_file_name);

#endif
