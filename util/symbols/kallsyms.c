// SPDX-License-Identifier: GPL-2.0
#include <dirent.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../base/pending-file.h"
#include "../base/strbuf.h"
#include "../base/util.h"
#include "cache-dir.h"
#include "kallsyms.h"
#include "kernel-build-id.h"

/* --- parsing ---------------------------------------------------------- */

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c |= 0x20;
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* One line, "address type name[\t[module]]", without its newline. */
static void parse_line(struct symtab *t, const char *p, const char *end)
{
	uint64_t addr = 0;
	const char *name;
	size_t len;
	char type;
	int d;

	while (p < end && (d = hex_digit(*p)) >= 0)
		addr = addr << 4 | (uint64_t)d, p++;
	if (end - p < 4 || p[0] != ' ' || p[2] != ' ')
		return;
	type = p[1];
	name = p + 3;
	for (len = 0; name + len < end && name[len] != ' ' && name[len] != '\t'; len++)
		;
	/* module symbols ("name\t[mod]") belong to module maps; perf keeps
	 * code and data (d, b: for memory samples' addresses) */
	if (!addr || !len || memchr(p, '[', (size_t)(end - p)) || !strchr("tTwWdDbB", type))
		return;
	if (len > 255)
		len = 255;
	{
		char buf[256];

		memcpy(buf, name, len);
		buf[len] = '\0';
		symtab_add(t, addr, 0, buf, type == 'W' || type == 'w' ? STB_WEAK :
			   type >= 'a' ? STB_LOCAL : STB_GLOBAL);
	}
	t->v[t->nr - 1].is_object = type == 'd' || type == 'D' || type == 'b' || type == 'B';
}

void kallsyms__parse(struct symtab *t, const char *path)
{
	size_t size = 1 << 20, have = 0;
	char *buf = malloc(size);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n = 0;

	/* the kernel prints it a read at a time: big reads, few of them */
	while (buf && fd >= 0 && (n = read(fd, buf + have, size - have)) > 0) {
		char *p = buf, *end = buf + have + (size_t)n, *nl;

		while ((nl = memchr(p, '\n', (size_t)(end - p)))) {
			parse_line(t, p, nl);
			p = nl + 1;
		}
		have = (size_t)(end - p);
		if (have == size)	/* a line as long as the buffer: drop it */
			have = 0;
		memmove(buf, p, have);
	}
	if (buf && have && n == 0)
		parse_line(t, buf, buf + have);
	if (fd >= 0)
		close(fd);
	free(buf);
}

/* --- the cache file --------------------------------------------------- */

/*
 * The file: the header, each symbol's [start, end) (what lookups search,
 * used where it lies), a record per symbol (made a struct symbol when a
 * lookup first finds it), and the names.
 */
#define CACHE_MAGIC "PMKSYMS2"

struct cache_header {
	char magic[8];
	uint32_t sym_size;
	uint32_t pad;
	uint64_t nr_syms;
	uint64_t names_size;
	struct kallsyms_key key;
};

struct cache_sym {
	uint32_t name_off, namelen, seq;
	uint8_t binding, is_object, pad[2];
};

static int write_fully(int fd, const char *p, size_t len)
{
	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return n < 0 ? -errno : -EIO;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

int kallsyms_cache__write(const char *path, const struct dso *dso,
			  const struct kallsyms_key *key)
{
	struct cache_header h = { .magic = CACHE_MAGIC, .sym_size = sizeof(struct cache_sym),
				  .nr_syms = dso->nr_syms, .key = *key };
	struct strbuf out = STRBUF_INIT;
	struct pending_file pf;
	size_t names_end = 0;
	int err;

	for (size_t i = 0; i < dso->nr_syms; i++) {
		size_t end = (size_t)(dso->syms[i].name - dso->names) + dso->syms[i].namelen + 1;

		if (end > names_end)
			names_end = end;
	}
	h.names_size = names_end;
	strbuf_add(&out, &h, sizeof(h));
	for (size_t i = 0; i < dso->nr_syms; i++) {
		uint64_t bounds[2] = { dso->syms[i].start, dso->syms[i].end };

		strbuf_add(&out, bounds, sizeof(bounds));
	}
	for (size_t i = 0; i < dso->nr_syms; i++) {
		const struct symbol *s = &dso->syms[i];
		struct cache_sym c = { (uint32_t)(s->name - dso->names), s->namelen, s->seq,
				       s->binding, s->is_object, { 0 } };

		strbuf_add(&out, &c, sizeof(c));
	}
	strbuf_add(&out, dso->names, names_end);
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

/*
 * The dso then owns the mapping: its bounds and names stay there, and its
 * symbols are made from the records as lookups find them (a report needs
 * a few hundred of the kernel's 100,000). The file is replaced by rename,
 * never rewritten in place, so what is mapped does not change.
 */
bool kallsyms_cache__read(const char *path, const struct kallsyms_key *key, struct dso *dso)
{
	const size_t per_sym = 2 * sizeof(uint64_t) + sizeof(struct cache_sym);
	struct cache_header h;
	size_t size = 0;
	char *map = map_file(path, &size);
	const uint64_t *bounds;
	const struct cache_sym *v;
	const char *names;

	if (!map || size < sizeof(h))
		goto fail;
	memcpy(&h, map, sizeof(h));
	if (memcmp(h.magic, CACHE_MAGIC, 8) || h.sym_size != sizeof(*v) ||
	    memcmp(&h.key, key, sizeof(*key)) || !h.nr_syms ||
	    h.nr_syms > (size - sizeof(h)) / per_sym ||
	    size - sizeof(h) - h.nr_syms * per_sym != h.names_size)
		goto fail;
	bounds = (const void *)(map + sizeof(h));
	v = (const void *)(bounds + 2 * h.nr_syms);
	names = (const char *)(v + h.nr_syms);
	/* each name is checked as its symbol is made: reading them all here
	 * was a sixth of a small report */
	if (!h.names_size || names[h.names_size - 1] != '\0' ||
	    !(dso->syms = calloc(h.nr_syms, sizeof(*dso->syms))))	/* untouched: free */
		goto fail;
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

void kallsyms_cache__make_symbol(struct dso *dso, size_t i)
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

/* --- the running kernel ----------------------------------------------- */

/* This boot and this kernel; false when either is unknown. */
static bool running_key(struct kallsyms_key *key)
{
	char boot[64];

	memset(key, 0, sizeof(*key));
	if (read_small_file("/proc/sys/kernel/random/boot_id", boot, sizeof(boot)) < 36)
		return false;
	memcpy(key->boot_id, boot, 36);
	key->build_id_size = (uint8_t)kernel_build_id(key->build_id, sizeof(key->build_id));
	return key->build_id_size > 0;
}

/*
 * $XDG_CACHE_HOME/perf-mini/kallsyms-BUILDID-BOOTID, its directories made:
 * a home shared by machines (NFS) holds one file per boot. None for a
 * program run with another user's environment (sudo -E).
 */
static bool cache_path(const struct kallsyms_key *key, struct strbuf *path)
{
	if (!pm_cache_dir(path))
		return false;
	strbuf_addstr(path, "/kallsyms-");
	for (int i = 0; i < key->build_id_size; i++)
		strbuf_addf(path, "%02x", key->build_id[i]);
	strbuf_addf(path, "-%.8s", key->boot_id);
	return true;
}

/* The cache files of this kernel's earlier boots: stale for good. */
static void remove_other_boots(const char *path)
{
	const char *base = strrchr(path, '/') + 1, *dash = strrchr(base, '-');
	size_t dir_len = (size_t)(base - path), prefix = (size_t)(dash - base) + 1;
	struct strbuf dir = STRBUF_INIT, old = STRBUF_INIT;
	struct dirent *d;
	DIR *dp;

	strbuf_add(&dir, path, dir_len);
	dp = opendir(dir.buf);
	while (dp && (d = readdir(dp))) {
		if (strncmp(d->d_name, base, prefix) || !strcmp(d->d_name, base) ||
		    strchr(d->d_name + prefix, '.'))
			continue;
		strbuf_reset(&old);
		strbuf_addf(&old, "%s%s", dir.buf, d->d_name);
		unlink(old.buf);
	}
	if (dp)
		closedir(dp);
	strbuf_release(&dir);
	strbuf_release(&old);
}

/* kptr_restrict shows some users zeros: they must not get a cached table. */
static bool addresses_visible(void)
{
	char line[64];
	int d;

	if (read_small_file("/proc/kallsyms", line, sizeof(line)) <= 0)
		return false;
	for (const char *p = line; (d = hex_digit(*p)) >= 0; p++)
		if (d)
			return true;
	return false;
}

bool kallsyms__load_running(struct dso *dso)
{
	struct symtab t = SYMTAB_INIT;
	struct strbuf path = STRBUF_INIT;
	struct kallsyms_key key;
	bool cacheable;

	if (!addresses_visible())
		return false;
	cacheable = running_key(&key) && cache_path(&key, &path);
	if (cacheable && kallsyms_cache__read(path.buf, &key, dso)) {
		strbuf_release(&path);
		return true;
	}
	kallsyms__parse(&t, "/proc/kallsyms");
	symtab_finish(&t, dso);
	if (cacheable && dso->nr_syms && !kallsyms_cache__write(path.buf, dso, &key))
		remove_other_boots(path.buf);	/* best effort, as the write */
	strbuf_release(&path);
	return true;
}
