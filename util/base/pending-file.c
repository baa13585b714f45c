// SPDX-License-Identifier: GPL-2.0
/* Files renamed into place when whole: pending-file.h. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
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
