// SPDX-License-Identifier: GPL-2.0
/* Symbol tables in the per-user cache: symtab-cache.h. */
#include <dirent.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../base/hash.h"
#include "../base/pending-file.h"
#include "cache-dir.h"
#include "symtab-cache.h"

/*
 * The file: the header, the key, each symbol's [start, end) (what lookups
 * search, used where it lies), the PLT ranges, a record per symbol, and
 * the names.
 */
#define CACHE_MAGIC "PMSYMTB5"	/* 5: a size-less symbol listed last at its address counts as sized */

struct cache_header {
	char magic[8];
	uint32_t sym_size;
	uint32_t key_size;
	uint64_t nr_syms;
	uint64_t names_size;
	uint64_t nr_overrides;
};

struct cache_sym {
	uint32_t name_off, namelen, seq;
	uint8_t binding, is_object, pad[2];
};

struct cache_override {
	uint64_t start, end, sym_start, sym_end, found;
};

#define KEY_ROOM(size) (((size) + 7) & ~(size_t)7)

/*
 * A page per write: the page cache keeps a file in folios of the sizes
 * it was written in, and a reader's fault maps the whole folio. Written
 * at once, the kernel's table came back in large folios, and a report
 * that looked up a few hundred symbols had 4 MB more resident.
 */
#define WRITE_CHUNK 4096

static int write_fully(int fd, const char *p, size_t len)
{
	while (len) {
		ssize_t n = write(fd, p, len < WRITE_CHUNK ? len : WRITE_CHUNK);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return n < 0 ? -errno : -EIO;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

static size_t names_used(const struct dso *dso)
{
	size_t names_end = 0;

	for (size_t i = 0; i < dso->nr_syms; i++) {
		size_t end = (size_t)(dso->syms[i].name - dso->names) + dso->syms[i].namelen + 1;

		if (end > names_end)
			names_end = end;
	}
	return names_end;
}

int symtab_cache__write(const char *path, const struct dso *dso, const void *key,
			size_t key_size)
{
	struct cache_header h = { .magic = CACHE_MAGIC, .sym_size = sizeof(struct cache_sym),
				  .key_size = (uint32_t)key_size, .nr_syms = dso->nr_syms,
				  .names_size = names_used(dso),
				  .nr_overrides = dso->nr_plt_overrides };
	struct strbuf out = STRBUF_INIT;
	struct pending_file pf;
	int err;

	if (dso->lazy_syms)	/* made from a cache: its names are not all at hand */
		return -EINVAL;
	strbuf_add(&out, &h, sizeof(h));
	strbuf_add(&out, key, key_size);
	strbuf_addchars(&out, 0, KEY_ROOM(key_size) - key_size);
	for (size_t i = 0; i < dso->nr_syms; i++) {
		/* the searched bounds, not the ends of symbols stretched over
		 * the PLT (dso.c), once they are made */
		uint64_t bounds[2] = { dso->syms[i].start, dso->syms[i].end };

		if (dso->bounds)
			memcpy(bounds, &dso->bounds[2 * i], sizeof(bounds));
		strbuf_add(&out, bounds, sizeof(bounds));
	}
	for (size_t i = 0; i < dso->nr_plt_overrides; i++) {
		const struct sym_override *o = &dso->plt_overrides[i];
		struct cache_override c = { o->start, o->end, o->sym_start, o->sym_end, o->found };

		strbuf_add(&out, &c, sizeof(c));
	}
	for (size_t i = 0; i < dso->nr_syms; i++) {
		const struct symbol *s = &dso->syms[i];
		struct cache_sym c = { (uint32_t)(s->name - dso->names), s->namelen, s->seq,
				       s->binding, s->is_object, { 0 } };

		strbuf_add(&out, &c, sizeof(c));
	}
	strbuf_add(&out, dso->names, h.names_size);
	err = pending_file__open(&pf, path);
	if (!err) {
		err = write_fully(pf.fd, out.buf, out.len);
		if (close(pf.fd) && !err)
			err = -errno;
		err = pending_file__finish(&pf, err);
	}
	strbuf_release(&out);
	return err;
}

/* A regular file of ours mapped whole (its size when opened), or NULL:
 * one another user could write might name other symbols. */
static void *map_file(const char *path, size_t *size)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	struct stat st;
	void *p = NULL;

	if (fd < 0)
		return NULL;
	if (!fstat(fd, &st) && S_ISREG(st.st_mode) && st.st_size > 0 && st.st_uid == geteuid() &&
	    !(st.st_mode & 022)) {
		*size = (size_t)st.st_size;
		p = mmap(NULL, *size, PROT_READ, MAP_PRIVATE, fd, 0);
	}
	close(fd);
	return p == MAP_FAILED ? NULL : p;
}

/* The PLT ranges, copied out (dsos__exit frees them); false if a range
 * is not in order. */
static bool read_overrides(const struct cache_override *v, uint64_t nr, struct dso *dso)
{
	if (!nr)
		return true;
	dso->plt_overrides = calloc(nr, sizeof(*dso->plt_overrides));
	if (!dso->plt_overrides)
		return false;
	for (uint64_t i = 0; i < nr; i++) {
		if (v[i].start >= v[i].end || (i && v[i].start < v[i - 1].end)) {
			free(dso->plt_overrides);
			dso->plt_overrides = NULL;
			return false;
		}
		dso->plt_overrides[i] = (struct sym_override){ v[i].start, v[i].end, v[i].sym_start,
							       v[i].sym_end, v[i].found != 0 };
	}
	dso->nr_plt_overrides = nr;
	return true;
}

/*
 * The dso then owns the mapping: its bounds and names stay there, and its
 * symbols are made from the records as lookups find them (a report needs
 * a few hundred of the kernel's 100,000). The file is replaced by rename,
 * never rewritten in place, so what is mapped does not change.
 */
bool symtab_cache__read(const char *path, const void *key, size_t key_size, struct dso *dso)
{
	const size_t per_sym = 2 * sizeof(uint64_t) + sizeof(struct cache_sym);
	struct cache_header h;
	size_t size = 0, fixed;
	char *map = map_file(path, &size);
	const uint64_t *bounds;
	const struct cache_override *ov;
	const struct cache_sym *v;
	const char *names;

	fixed = sizeof(h) + KEY_ROOM(key_size);
	if (!map || size < fixed)
		goto fail;
	memcpy(&h, map, sizeof(h));
	if (memcmp(h.magic, CACHE_MAGIC, 8) || h.sym_size != sizeof(*v) ||
	    h.key_size != key_size || memcmp(map + sizeof(h), key, key_size) || !h.nr_syms ||
	    h.nr_syms > (size - fixed) / per_sym ||
	    h.nr_overrides > (size - fixed - h.nr_syms * per_sym) / sizeof(*ov) ||
	    size - fixed - h.nr_syms * per_sym - h.nr_overrides * sizeof(*ov) != h.names_size)
		goto fail;
	bounds = (const void *)(map + fixed);
	ov = (const void *)(bounds + 2 * h.nr_syms);
	v = (const void *)(ov + h.nr_overrides);
	names = (const char *)(v + h.nr_syms);
	/* each name is checked as its symbol is made: reading them all here
	 * was a sixth of a small report */
	if (!h.names_size || names[h.names_size - 1] != '\0' ||
	    !read_overrides(ov, h.nr_overrides, dso))
		goto fail;
	if (!(dso->syms = calloc(h.nr_syms, sizeof(*dso->syms)))) {	/* untouched: free */
		free(dso->plt_overrides);
		dso->plt_overrides = NULL;
		dso->nr_plt_overrides = 0;
		goto fail;
	}
	dso->names_size = h.names_size;
	dso->nr_syms = h.nr_syms;
	dso->bounds = (uint64_t *)bounds;
	dso->lazy_syms = v;
	dso->names = (char *)names;
	dso->names_map = map;
	dso->names_map_size = size;
	return true;
fail:
	if (map)
		munmap(map, size);
	return false;
}

void symtab_cache__make_symbol(struct dso *dso, size_t i)
{
	const struct cache_sym *v = (const struct cache_sym *)dso->lazy_syms + i;
	bool name_ok = (uint64_t)v->name_off + v->namelen < dso->names_size &&
		       dso->names[(uint64_t)v->name_off + v->namelen] == '\0';

	/* a damaged record still names no memory outside the names */
	dso->syms[i] = (struct symbol){
		.start = dso->bounds[2 * i], .end = dso->bounds[2 * i + 1],
		.name = name_ok ? dso->names + v->name_off : dso->names + dso->names_size - 1,
		.namelen = name_ok ? v->namelen : 0,
		.binding = v->binding, .is_object = v->is_object, .seq = v->seq,
	};
}

/*
 * A writer killed before its rename leaves its temporary file (the name
 * and mkostemp's ".XXXXXX"); one this old is no one's any more, while a
 * write in progress takes milliseconds.
 */
#define ABANDONED_AFTER_S (10 * 60)

static bool abandoned(const char *path)
{
	struct stat st;

	return !lstat(path, &st) && S_ISREG(st.st_mode) &&
	       time(NULL) - st.st_mtime > ABANDONED_AFTER_S;
}

void symtab_cache__remove_others(const char *path)
{
	const char *base = strrchr(path, '/') + 1, *dash = strrchr(base, '-');
	size_t dir_len = (size_t)(base - path), prefix = (size_t)(dash - base) + 1;
	struct strbuf dir = STRBUF_INIT, old = STRBUF_INIT;
	struct dirent *d;
	DIR *dp;

	strbuf_add(&dir, path, dir_len);
	dp = opendir(dir.buf);
	while (dp && (d = readdir(dp))) {
		bool temporary;

		if (strncmp(d->d_name, base, prefix) || !strcmp(d->d_name, base))
			continue;
		temporary = strchr(d->d_name + prefix, '.') != NULL;
		strbuf_reset(&old);
		strbuf_addf(&old, "%s%s", dir.buf, d->d_name);
		if (!temporary || abandoned(old.buf))
			unlink(old.buf);
	}
	if (dp)
		closedir(dp);
	pm_cache_sweep(dir.buf);
	strbuf_release(&dir);
	strbuf_release(&old);
}

/* --- user DSOs' tables ------------------------------------------------ */

/* dl_iterate_phdr(): the GNU build-id note of the program itself. */
static int own_build_id(struct dl_phdr_info *info, size_t size, void *data)
{
	unsigned char *out = data;

	(void)size;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		const char *p = (const char *)(info->dlpi_addr + ph->p_vaddr), *end;

		if (ph->p_type != PT_NOTE)
			continue;
		for (end = p + ph->p_memsz; p + sizeof(ElfW(Nhdr)) <= end; ) {
			const ElfW(Nhdr) *n = (const void *)p;
			size_t name = (n->n_namesz + 3) & ~3u, desc = (n->n_descsz + 3) & ~3u;

			if (n->n_type == NT_GNU_BUILD_ID && n->n_namesz == 4 && n->n_descsz >= 20 &&
			    !memcmp(p + sizeof(*n), "GNU", 4)) {
				memcpy(out, p + sizeof(*n) + name, 20);
				return 1;
			}
			p += sizeof(*n) + name + desc;
		}
	}
	return 1;	/* the first object is the program: no further */
}

static bool file_identity(const char *path, unsigned long long id[5])
{
	struct stat st;

	if (stat(path, &st))
		return false;
	id[0] = st.st_dev;
	id[1] = st.st_ino;
	id[2] = (unsigned long long)st.st_size;
	id[3] = (unsigned long long)st.st_mtim.tv_sec * 1000000000ULL + st.st_mtim.tv_nsec;
	id[4] = (unsigned long long)st.st_ctim.tv_sec * 1000000000ULL + st.st_ctim.tv_nsec;
	return true;
}

bool symtab_cache__user_key(const char *binary, const char *debug, bool demangle,
			    struct user_table_key *key, struct strbuf *path)
{
	static const unsigned char none[20];
	struct strbuf which = STRBUF_INIT;
	char host[13];

	memset(key, 0, sizeof(*key));
	key->demangle = demangle;
	dl_iterate_phdr(own_build_id, key->self_build_id);
	if (!memcmp(key->self_build_id, none, sizeof(none)) ||
	    !file_identity(binary, key->files[0]) || (debug && !file_identity(debug, key->files[1])))
		return false;
	strbuf_reset(path);
	if (!pm_cache_dir(path))
		return false;
	/* one file per machine, binary's path and demangling: a new build
	 * replaces the old one's, and nothing else does */
	pm_cache_host(host);
	strbuf_addf(&which, "%d %s", demangle, binary);
	strbuf_addf(path, "/symtab-%s-%016llx-%016llx", host,
		    (unsigned long long)fnv1a_64(which.buf, which.len),
		    (unsigned long long)fnv1a_64(key, sizeof(*key)));
	strbuf_release(&which);
	return true;
}
