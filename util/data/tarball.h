/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_TARBALL_H
#define PM_TARBALL_H

/*
 * A bzip2-compressed tar file (ustar, with pax headers for names of more
 * than ustar holds; what `tar xjf` unpacks), written
 * entry by entry: archive's perf.data.tar.bz2, as perf archive makes it.
 * Paths are relative; each directory before its entries.
 */
#include <stdint.h>
#include <stdio.h>

#include "../base/strbuf.h"

struct tarball;

/* On @f (open for writing). NULL with @err when bzip2 cannot start. */
struct tarball *tarball__open(FILE *f, struct strbuf *err);

/* A directory, a symbolic link to @target, a file with @size bytes of
 * @data. 0, or -1 with @err (a name too long for ustar, a write error). */
int tarball__dir(struct tarball *t, const char *path, struct strbuf *err);
int tarball__symlink(struct tarball *t, const char *path, const char *target,
		     struct strbuf *err);
int tarball__file(struct tarball *t, const char *path, const void *data, uint64_t size,
		  struct strbuf *err);

/* The end blocks and bzip2's end: 0, or -1 with @err. Frees @t. */
int tarball__close(struct tarball *t, struct strbuf *err);

#endif
