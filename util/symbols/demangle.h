/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_DEMANGLE_H
#define PM_DEMANGLE_H

/*
 * Symbol names as perf shows them: C++ (Itanium ABI) and Rust (legacy and
 * v0) names demangled by libiberty's cplus_demangle, as perf 6.1 built
 * without libbfd demangles them (Debian's perf), without parameter lists
 * (perf adds them under -v only). Anything else, C names included, is not
 * mangled and stays as it is.
 */
#include <stdbool.h>

/* @name demangled (caller frees), or NULL when it is not a mangled name. */
char *symbol_demangle(const char *name, bool with_params);

#endif
