/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_DEBUG_FIND_H
#define PM_DEBUG_FIND_H
/*
 * libdwfl's standard search for a module's debug file, without its last
 * step when no debuginfod server is configured. That step loads
 * libdebuginfod into the process whenever the files on disk give nothing
 * (and with it libcurl, gnutls, Kerberos and a second libc: some twenty
 * libraries, 6 MB and milliseconds), only for the client to find
 * DEBUGINFOD_URLS empty. So without DEBUGINFOD_URLS a module none of the
 * places libdw looks in has a file for is answered "none" first.
 */
#include <elfutils/libdwfl.h>

/* A Dwfl_Callbacks.find_debuginfo: dwfl_standard_find_debuginfo(), or -1
 * where it could only have asked debuginfod, and no server is set. */
int debug_find__standard(Dwfl_Module *mod, void **userdata, const char *modname,
			 Dwarf_Addr base, const char *file_name, const char *debuglink_file,
			 GElf_Word debuglink_crc, char **debuginfo_file_name);

#endif
