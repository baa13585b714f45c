// SPDX-License-Identifier: GPL-2.0
#include <libiberty/demangle.h>
#include <stdlib.h>

#include "demangle.h"

char *symbol_demangle(const char *name, bool with_params)
{
	return cplus_demangle(name, with_params ? DMGL_PARAMS | DMGL_ANSI : DMGL_NO_OPTS);
}
