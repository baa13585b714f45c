/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_PENDING_FILE_H
#define PM_PENDING_FILE_H

/*
 * A file written beside its name under a temporary one and renamed into
 * place only when whole: a reader never finds half of it, and a failure
 * leaves nothing behind (the kallsyms and debug-file caches, data
 * convert's output).
 */
#include <stdio.h>

#include "strbuf.h"

struct pending_file {
	struct strbuf tmp;	/* PATH.XXXXXX: mkostemp's template, then the name it made */
	const char *path;	/* borrowed */
	int fd;			/* a new file of ours (0600, close-on-exec), never a link */
};

/* 0 with @pf->fd open for writing, or -errno. */
int pending_file__open(struct pending_file *pf, const char *path);

/*
 * After the caller closed @pf->fd (itself, or through fclose): renamed to
 * its path when @err is 0, removed otherwise. Returns @err, or -errno of
 * a rename that failed.
 */
int pending_file__finish(struct pending_file *pf, int err);

/* The same through stdio, mode 0644: 0 with *@f open, or -errno. */
int pending_file__fopen(struct pending_file *pf, const char *path, FILE **f);

/* Close @f and finish (@err as pending_file__finish()): the first error. */
int pending_file__fclose(struct pending_file *pf, FILE *f, int err);

#endif
