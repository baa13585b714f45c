/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_SRCCODE_H
#define PM_SRCCODE_H

/*
 * The text of source lines, for script -F srccode: each source file is
 * read once (up to SRCCODE_MAX_FILE bytes) and indexed by line.
 */
#include <stddef.h>

#include "../base/hmap.h"

#define SRCCODE_MAX_FILE (64u << 20)

struct srccode_file;

struct srccode {
	struct hmap by_path;	/* struct srccode_file * */
};

/* Line @line (1 up) of @path without its newline, @len bytes; NULL when
 * the file cannot be read or is shorter. Valid until srccode__exit(). */
const char *srccode__line(struct srccode *sc, const char *path, unsigned int line, int *len);

void srccode__exit(struct srccode *sc);

#endif
