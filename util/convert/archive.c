// SPDX-License-Identifier: GPL-2.0
/*
 * The archive's entries, perf's: for each DSO, the directory
 * <path>/<build-id> holding elf (kallsyms for the kernel), and the link
 * .build-id/xx/<rest> to it; the directories before what they hold.
 * The binaries are read where they are now, checked by build-id (the
 * recording names them; perf-mini record keeps no cache of its own).
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../base/xalloc.h"
#include "../data/tarball.h"
#include "../symbols/buildid-cache.h"
#include "../symbols/machine.h"
#include "archive.h"
#include "../report/dso-hits.h"

struct packer {
	struct tarball *tar;
	char **dirs;			/* made so far */
	size_t nr_dirs;
	struct strbuf *err;
};

/* @path's directories (those not made yet), outermost first */
static int make_dirs(struct packer *p, const char *path)
{
	char buf[4096];

	snprintf(buf, sizeof(buf), "%s", path);
	for (char *slash = strchr(buf + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
		size_t i;

		*slash = '\0';
		for (i = 0; i < p->nr_dirs && strcmp(p->dirs[i], buf); i++)
			;
		if (i == p->nr_dirs) {
			p->dirs = must_reallocarray(p->dirs, p->nr_dirs + 1, sizeof(*p->dirs));
			p->dirs[p->nr_dirs++] = must_strdup(buf);
			if (tarball__dir(p->tar, buf, p->err))
				return -1;
		}
		*slash = '/';
	}
	return 0;
}

/* The entry of one DSO: its file @data, named @what, under its cache names. */
static int pack(struct packer *p, const uint8_t *id, size_t size, const char *name,
		const char *what, const void *data, uint64_t len)
{
	struct strbuf link = STRBUF_INIT, dir = STRBUF_INIT, file = STRBUF_INIT,
		      target = STRBUF_INIT;
	int ret;

	buildid_cache__names(id, size, name, &link, &dir);
	strbuf_addf(&file, "%s/%s", dir.buf, what);
	strbuf_addf(&target, "../../%s", dir.buf);
	ret = make_dirs(p, file.buf) || tarball__file(p->tar, file.buf, data, len, p->err) ||
	      make_dirs(p, link.buf) || tarball__symlink(p->tar, link.buf, target.buf, p->err);
	strbuf_release(&link);
	strbuf_release(&dir);
	strbuf_release(&file);
	strbuf_release(&target);
	return ret ? -1 : 0;
}

static int pack_binary(struct packer *p, struct machine *m, struct dso *dso,
		       struct strbuf *skipped)
{
	struct strbuf path = STRBUF_INIT;
	struct stat st;
	void *data = MAP_FAILED;
	int fd = -1, ret = 0;

	if (!dso->build_id_size) {
		strbuf_addf(skipped, "%s: the recording has no build-id for it\n", dso->long_name);
	} else if (!dso__binary_path(&m->dsos, dso, &path)) {
		strbuf_addf(skipped, "%s: not here, or not the binary recorded (another "
			    "build-id)\n", dso->long_name);
	} else if ((fd = open(path.buf, O_RDONLY | O_CLOEXEC)) < 0 || fstat(fd, &st) ||
		   (st.st_size && (data = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0)) ==
				  MAP_FAILED)) {
		strbuf_addf(skipped, "%s: cannot be read\n", path.buf);
	} else {
		ret = pack(p, dso->build_id, dso->build_id_size, dso->long_name, "elf", data,
			   (uint64_t)st.st_size) ? -1 : 1;
	}
	if (data != MAP_FAILED)
		munmap(data, st.st_size);
	if (fd >= 0)
		close(fd);
	strbuf_release(&path);
	return ret;
}

/* The vDSO, this machine's image when it is the recorded one, as perf's
 * cache holds it: [vdso]/<build-id>/vdso */
static int pack_vdso(struct packer *p, struct machine *m, struct dso *dso,
		     struct strbuf *skipped)
{
	size_t size;
	const void *image = dso->build_id_size ? dso__vdso_image(&m->dsos, dso, &size) : NULL;

	if (!image) {
		strbuf_addf(skipped, "[vdso]: %s\n", dso->build_id_size ?
			    "this machine's is not the recorded one" :
			    "the recording has no build-id for it");
		return 0;
	}
	return pack(p, dso->build_id, dso->build_id_size, "[vdso]", "vdso", image, size) ? -1 : 1;
}

/* /proc/kallsyms of the recorded kernel, when it runs here and its
 * addresses can be read */
static int pack_kallsyms(struct packer *p, struct machine *m, struct strbuf *skipped)
{
	const struct dsos_config *cfg = &m->dsos.cfg;
	struct strbuf text = STRBUF_INIT;
	char buf[65536];
	FILE *f;
	size_t n;
	int ret = 0;

	if (!cfg->kernel_build_id_size || cfg->kernel_mismatch[0]) {
		strbuf_addf(skipped, "[kernel.kallsyms]: %s\n", cfg->kernel_mismatch[0] ?
			    cfg->kernel_mismatch : "the recording has no build-id for it");
		return 0;
	}
	f = fopen("/proc/kallsyms", "re");
	while (f && (n = fread(buf, 1, sizeof(buf), f)) > 0)
		strbuf_add(&text, buf, n);
	if (f)
		fclose(f);
	if (!text.len || !strncmp(text.buf, "0000000000000000", 16))
		strbuf_addstr(skipped, "[kernel.kallsyms]: its addresses are hidden from this user "
			      "(kernel.kptr_restrict): archive as root to include them\n");
	else
		ret = pack(p, cfg->kernel_build_id, cfg->kernel_build_id_size, "[kernel.kallsyms]",
			   "kallsyms", text.buf, text.len) ? -1 : 1;
	strbuf_release(&text);
	return ret;
}

int archive__write(struct perf_data *pd, FILE *out, struct strbuf *skipped, struct strbuf *err)
{
	struct dsos_config cfg = { .symfs = "", .kallsyms = "/dev/null" };
	struct packer p = { .err = err };
	struct dso **dsos = NULL;
	struct machine m;
	size_t nr = 0;
	int packed = 0, ret;

	machine__init(&m, &cfg);
	machine__apply_build_ids(&m, &pd->feat);
	ret = dso_hits__collect(pd, &m, &dsos, &nr, err);
	p.tar = ret ? NULL : tarball__open(out, err);
	for (size_t i = 0; p.tar && !ret && i < nr; i++) {
		struct dso *d = dsos[i];

		if (d->kernel && !d->is_module)
			ret = pack_kallsyms(&p, &m, skipped);
		else if (!strcmp(d->long_name, "[vdso]"))
			ret = pack_vdso(&p, &m, d, skipped);
		else if (d->kernel || d->long_name[0] != '/')
			strbuf_addf(skipped, "%s: modules are not archived yet\n", d->long_name);
		else
			ret = pack_binary(&p, &m, d, skipped);
		packed += ret > 0;
		ret = ret < 0 ? -1 : 0;
	}
	if (p.tar && tarball__close(p.tar, err))
		ret = -1;
	else if (!p.tar)
		ret = -1;
	for (size_t i = 0; i < p.nr_dirs; i++)
		free(p.dirs[i]);
	free(p.dirs);
	free(dsos);
	machine__exit(&m);
	return ret ? -1 : packed;
}
