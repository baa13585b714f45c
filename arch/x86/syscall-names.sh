#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Writes syscall-names.c, x86_64's system call names by number, from the
# kernel's uapi header (Debian's linux-libc-dev): run it again when a
# newer kernel adds calls.
# Usage: arch/x86/syscall-names.sh [/usr/include/x86_64-linux-gnu/asm/unistd_64.h]
hdr=${1:-/usr/include/x86_64-linux-gnu/asm/unistd_64.h}
out=$(dirname "$0")/syscall-names.c
{
	echo '// SPDX-License-Identifier: GPL-2.0'
	echo "/* x86_64's system calls by number; written by syscall-names.sh from"
	echo " * the kernel's asm/unistd_64.h. */"
	echo '#include "../arch.h"'
	echo
	echo 'static const char *const names[] = {'
	awk '/^#define __NR_[a-z0-9_]+ [0-9]+$/ { sub("__NR_", "", $2); printf "\t[%d] = \"%s\",\n", $3, $2 }' "$hdr"
	echo '};'
	echo
	echo 'const char *x86_64_syscall_name(int64_t id)'
	echo '{'
	echo '	return id >= 0 && id < (int64_t)(sizeof(names) / sizeof(names[0])) ? names[id] : NULL;'
	echo '}'
} >"$out"
