// SPDX-License-Identifier: GPL-2.0
/* Files renamed into place when whole: pending-file.h. */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pending-file.h"

int pending_file__open(struct pending_file *pf, const char *path)
{
	strbuf_init(&pf->tmp, 0);
	pf->path = path;
	strbuf_addf(&pf->tmp, "%s.XXXXXX", path);	/* mkostemp's template */
	pf->fd = mkostemp(pf->tmp.buf, O_CLOEXEC);
	if (pf->fd >= 0)
		return 0;
	strbuf_release(&pf->tmp);
	return -errno;
}

int pending_file__finish(struct pending_file *pf, int err)
{
	if (!err && rename(pf->tmp.buf, pf->path))
		err = -errno;
	if (err)
		unlink(pf->tmp.buf);
	strbuf_release(&pf->tmp);
	pf->fd = -1;
	return err;
}

int pending_file__fopen(struct pending_file *pf, const char *path, FILE **f)
{
	int err = pending_file__open(pf, path);
	mode_t mask;

	if (err)
		return err;
	mask = umask(0);	/* the only way to read it */
	umask(mask);
	fchmod(pf->fd, 0666 & ~mask);	/* as an ordinary new file, not mkostemp's 0600 */
	*f = fdopen(pf->fd, "w");
	if (*f)
		return 0;
	err = -errno;
	close(pf->fd);
	return pending_file__finish(pf, err);
}

int pending_file__fclose(struct pending_file *pf, FILE *f, int err)
{
	/* a write that failed earlier (ENOSPC) leaves its mark on the stream */
	bool failed = ferror(f);
	int closed = fclose(f) ? -errno : 0;

	if (!err)
		err = closed ? closed : failed ? -EIO : 0;
	return pending_file__finish(pf, err);
}
