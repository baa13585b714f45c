// SPDX-License-Identifier: GPL-2.0
/* One binary open at a time: a script's samples come in runs of a DSO. */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../base/strbuf.h"
#include "../disasm/disasm.h"
#include "insn-fetch.h"

struct insn_fetch {
	struct disasm *d;
	const struct dso *dso;		/* whose file fd is, NULL: none open */
	int fd;
};

struct insn_fetch *insn_fetch__new(const char *arch)
{
	struct insn_fetch *f = calloc(1, sizeof(*f));
	struct strbuf err = STRBUF_INIT;

	if (f) {
		f->fd = -1;
		f->d = disasm__new(arch, false, &err);	/* NULL: lengths unknown */
	}
	strbuf_release(&err);
	return f;
}

void insn_fetch__delete(struct insn_fetch *f)
{
	if (!f)
		return;
	if (f->fd >= 0)
		close(f->fd);
	disasm__delete(f->d);
	free(f);
}

static bool open_dso(struct insn_fetch *f, struct machine *m, struct dso *dso)
{
	struct strbuf path = STRBUF_INIT;

	if (f->dso == dso)
		return f->fd >= 0;
	if (f->fd >= 0)
		close(f->fd);
	f->dso = dso;
	f->fd = dso__binary_path(&m->dsos, dso, &path) ?
		open(path.buf, O_RDONLY | O_CLOEXEC) : -1;
	strbuf_release(&path);
	return f->fd >= 0;
}

/* the vDSO's image, which this machine has when its kernel recorded */
static ssize_t vdso_bytes(struct machine *m, const struct dso *dso, uint64_t off, uint8_t *buf,
			  size_t len)
{
	size_t size, n;
	const uint8_t *image = dso__vdso_image(&m->dsos, dso, &size);

	if (!image || off >= size)
		return -1;
	n = size - off < len ? size - off : len;
	memcpy(buf, image + off, n);
	return (ssize_t)n;
}

size_t insn_fetch__read(struct insn_fetch *f, struct machine *m, const struct addr_location *al,
			uint8_t *buf, size_t len)
{
	ssize_t n;

	if (!f || !al->map || !al->map->dso || al->map->dso->kernel)
		return 0;
	if (!strcmp(al->map->dso->long_name, "[vdso]"))
		n = vdso_bytes(m, al->map->dso, al->addr, buf, len);
	else if (open_dso(f, m, al->map->dso))
		n = pread(f->fd, buf, len, (off_t)al->addr);
	else
		return 0;
	return n > 0 ? (size_t)n : 0;
}

struct disasm *insn_fetch__disasm(struct insn_fetch *f)
{
	return f ? f->d : NULL;
}

size_t insn_fetch__at(struct insn_fetch *f, struct machine *m, const struct addr_location *al,
		      uint8_t *buf)
{
	size_t n = f && f->d ? insn_fetch__read(f, m, al, buf, 16) : 0;

	return n ? disasm__length(f->d, buf, n, al->addr) : 0;
}
