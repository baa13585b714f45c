// SPDX-License-Identifier: GPL-2.0
/*
 * DSO registry and symbol tables. ELF parsing is libelf's; this file only
 * chooses which file to trust and puts the symbols in lookup order.
 */
#include <elf.h>
#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../base/strbuf.h"
#include "../base/util.h"
#include "buildid-cache.h"
#include "dso.h"
#include "elf-walk.h"
#include "kallsyms.h"
#include "symtab-cache.h"
#include "symtab.h"
#include "../base/xalloc.h"

struct dso *dsos__findnew(struct dsos *dsos, const char *long_name, bool kernel)
{
	struct dso *d;
	const char *slash;

	for (d = dsos->head; d; d = d->next)
		if (d->kernel == kernel && !strcmp(d->long_name, long_name))
			return d;
	d = must_calloc(1, sizeof(*d));
	d->long_name = must_strdup(long_name);
	slash = strrchr(d->long_name, '/');
	d->short_name = slash ? slash + 1 : d->long_name;
	if (!kernel && dso__jit_tid(d) >= 0) {	/* as perf names a JIT's code */
		char name[32];

		snprintf(name, sizeof(name), "[JIT] tid %d", dso__jit_tid(d));
		d->short_name_alloc = must_strdup(name);
		d->short_name = d->short_name_alloc;
	}
	d->kernel = kernel;
	d->next = dsos->head;
	dsos->head = d;
	d->seq = ++dsos->nr;
	return d;
}

void dsos__exit(struct dsos *dsos)
{
	struct dso *d = dsos->head;

	while (d) {
		struct dso *next = d->next;

		free(d->syms);
		free(d->plt_overrides);
		if (d->names_map) {
			munmap(d->names_map, d->names_map_size);
		} else {
			free(d->names);
			free(d->bounds);
		}
		free(d->long_name);
		free(d->short_name_alloc);
		free(d->vdso_copy);
		free(d);
		d = next;
	}
	dsos->head = NULL;
}

void dso__set_build_id(struct dso *dso, const uint8_t *id, size_t size)
{
	if (size > sizeof(dso->build_id))
		size = sizeof(dso->build_id);
	memcpy(dso->build_id, id, size);
	dso->build_id_size = size;
}

/* --- choosing the file ----------------------------------------------- */

static bool build_id_matches(const struct dso *dso, const char *path)
{
	uint8_t id[20];
	size_t n;

	if (!dso->build_id_size)
		return true;
	n = elf_read_build_id(path, id, sizeof(id));
	return n == dso->build_id_size && !memcmp(id, dso->build_id, n);
}

static void build_id_hex(const uint8_t *id, size_t size, char *hex)
{
	for (size_t i = 0; i < size; i++)
		snprintf(hex + 2 * i, 3, "%02x", id[i]);
}

/* /usr/lib/debug/.build-id/xx/rest.debug, where distributions put
 * symbols (under --symfs DIR, DIR's, as perf looks), into @out if it is
 * there. */
static bool debug_file_path(const char *symfs, const uint8_t *id, size_t size, char *out,
			    size_t out_size)
{
	char hex[41];

	if (!size)
		return false;
	build_id_hex(id, size, hex);
	snprintf(out, out_size, "%s/usr/lib/debug/.build-id/%.2s/%s.debug", symfs ? symfs : "",
		 hex, hex + 2);
	return !access(out, R_OK);
}

/* The recorded binary: where it was (under --symfs, which names the one
 * tree to look in), else, on another machine, in perf's build-id cache
 * (an unpacked archive). */
static bool user_binary(const struct dsos *dsos, const struct dso *dso, struct strbuf *path)
{
	bool symfs = dsos->cfg.symfs && *dsos->cfg.symfs;

	strbuf_reset(path);
	strbuf_addf(path, "%s%s", dsos->cfg.symfs ?: "", dso->long_name);
	if (!access(path->buf, R_OK) && build_id_matches(dso, path->buf))
		return true;
	return !symfs && dso->build_id_size &&
	       buildid_cache__find(dso->build_id, dso->build_id_size, "elf", path) &&
	       build_id_matches(dso, path->buf);
}

bool dso__binary_path(const struct dsos *dsos, struct dso *dso, struct strbuf *path)
{
	strbuf_reset(path);
	if (dso->kernel || dso->long_name[0] != '/' || dso->binary_ok < 0)
		return false;
	if (!dso->binary_ok)
		dso->binary_ok = user_binary(dsos, dso, path) ? 1 : -1;
	else
		user_binary(dsos, dso, path);
	return dso->binary_ok > 0;
}

const void *dso__vdso_image(const struct dsos *dsos, const struct dso *dso, size_t *size)
{
	uint8_t id[20];
	size_t n = vdso_build_id(id, sizeof(id));
	const void *image = vdso_image(size);

	if (dso->vdso_copy) {
		*size = dso->vdso_copy_size;
		return dso->vdso_copy;
	}
	/* our own vDSO is the recorded one if the build-ids (or kernels) match */
	if (!image || (dsos->cfg.symfs && *dsos->cfg.symfs) || strcmp(dso->long_name, "[vdso]") ||
	    (dso->build_id_size ? n != dso->build_id_size || memcmp(id, dso->build_id, n) :
				  dsos->cfg.kernel_mismatch[0]))
		return NULL;
	return image;
}

/* The recorded vDSO from the build-id cache ([vdso]/<build-id>/vdso, as
 * perf's cache and archives hold it) when this machine's is another. */
static void read_cached_vdso(const struct dsos *dsos, struct dso *dso)
{
	struct strbuf path = STRBUF_INIT, image = STRBUF_INIT;
	char buf[8192];
	size_t n;
	FILE *f;

	if ((dsos->cfg.symfs && *dsos->cfg.symfs) || !dso->build_id_size ||
	    !buildid_cache__find(dso->build_id, dso->build_id_size, "vdso", &path) ||
	    !(f = fopen(path.buf, "re"))) {
		strbuf_release(&path);
		return;
	}
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0 && image.len < (64u << 20))
		strbuf_add(&image, buf, n);
	fclose(f);
	strbuf_release(&path);
	if (image.len >= 4 && !memcmp(image.buf, ELFMAG, SELFMAG)) {
		dso->vdso_copy_size = image.len;
		dso->vdso_copy = strbuf_detach(&image, NULL);
	}
	strbuf_release(&image);
}

static void load_vdso(struct dsos *dsos, struct dso *dso, struct symtab *t)
{
	size_t size;
	const void *image = dso__vdso_image(dsos, dso, &size);

	if (!image && !strcmp(dso->long_name, "[vdso]")) {
		read_cached_vdso(dsos, dso);
		image = dso__vdso_image(dsos, dso, &size);
	}
	if (image)
		symtab_load_elf_image(t, image, size);
}

/*
 * Like perf: a separate debug file (full .symtab) wins over the binary,
 * which is only trusted with the recorded build-id. A large table is
 * kept in the cache (symtab-cache.h). True when @dso has its table,
 * finished here or read from the cache.
 */
static bool load_user_dso(struct dsos *dsos, struct dso *dso, struct symtab *t,
			  struct strbuf *from)
{
	struct strbuf path = STRBUF_INIT, cache = STRBUF_INIT;
	struct user_table_key key;
	char debug[PATH_MAX];
	bool finished = false, keyed;
	uint8_t id[20];
	size_t n;

	if (!user_binary(dsos, dso, &path)) {
		strbuf_addf(from, "!no file with the recorded build-id at %s%s%s",
			    dsos->cfg.symfs ?: "", dso->long_name,
			    dsos->cfg.symfs && *dsos->cfg.symfs ? "" : " nor in the build-id cache");
		goto out;
	}
	n = dso->build_id_size;
	memcpy(id, dso->build_id, n);
	if (!n)
		n = elf_read_build_id(path.buf, id, sizeof(id));
	if (!debug_file_path(dsos->cfg.symfs, id, n, debug, sizeof(debug)))
		debug[0] = '\0';
	keyed = !dsos->cfg.symfs &&
		symtab_cache__user_key(path.buf, *debug ? debug : NULL, !dsos->cfg.no_demangle,
				       &key, &cache);
	finished = true;
	if (keyed && symtab_cache__read(cache.buf, &key, sizeof(key), dso)) {
		strbuf_addf(from, "%s, as cached in %s", *debug ? debug : path.buf, cache.buf);
		goto out;
	}
	if (!*debug || !symtab_load_elf(t, debug, path.buf, false))
		symtab_load_elf(t, path.buf, NULL, false);
	else
		strbuf_addf(from, "%s", debug);
	if (!from->len)
		strbuf_addf(from, "%s", path.buf);
	symtab_finish(t, dso);
	if (keyed && dso->nr_syms >= SYMTAB_CACHE_MIN_SYMS &&
	    !symtab_cache__write(cache.buf, dso, &key, sizeof(key)))
		symtab_cache__remove_others(cache.buf);	/* best effort, as the write */
out:
	strbuf_release(&path);
	strbuf_release(&cache);
	return finished;
}

int dso__jit_tid(const struct dso *dso)
{
	int tid, end = 0;

	if (sscanf(dso->long_name, "/tmp/perf-%d.map%n", &tid, &end) == 1 && end &&
	    !dso->long_name[end])
		return tid;
	return -1;
}

/*
 * A JIT's symbol file, "START SIZE name" per line (hex, no 0x), absolute
 * addresses: perf's dso__load_perf_map(), which skips lines too short to
 * hold a name the same way.
 */
static void load_perf_map(struct symtab *t, const char *path)
{
	FILE *f = fopen(path, "re");
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;

	if (!f)
		return;
	t->sizes_final = true;	/* perf loads these without its fixups */
	while ((len = getline(&line, &cap, f)) > 0) {
		uint64_t start, size;
		char *end;
		size_t at;

		if (line[len - 1] == '\n')
			line[--len] = '\0';
		start = strtoull(line, &end, 16);	/* as perf's hex2u64() */
		at = (size_t)(end - line) + 1;
		if (at + 2 >= (size_t)len)
			continue;
		size = strtoull(line + at, &end, 16);
		at = (size_t)(end - line) + 1;
		if (at + 2 >= (size_t)len)
			continue;
		symtab_add(t, start, size, line + at, STB_GLOBAL);
	}
	free(line);
	fclose(f);
}

/* DIR/proc/kallsyms under --symfs DIR, if it is there (perf reads no
 * host kallsyms under --symfs either). */
static void load_symfs_kallsyms(const struct dsos *dsos, struct symtab *t)
{
	struct strbuf path = STRBUF_INIT;

	strbuf_addf(&path, "%s/proc/kallsyms", dsos->cfg.symfs);
	if (!access(path.buf, R_OK))
		kallsyms__parse(t, path.buf);
	strbuf_release(&path);
}

static bool cached_kallsyms(const struct dsos *dsos, struct symtab *t)
{
	struct strbuf path = STRBUF_INIT;
	bool found = buildid_cache__find(dsos->cfg.kernel_build_id,
					 dsos->cfg.kernel_build_id_size, "kallsyms", &path);

	if (found)
		kallsyms__parse(t, path.buf);
	strbuf_release(&path);
	return found;
}

static bool named(const GElf_Sym *sym, const char *name, void *ctx)
{
	(void)sym;
	return !strcmp(name, ctx);
}

/* The vmlinux's .text, where the recorded kernel ran it. */
static void vmlinux_text(struct dsos *dsos, Elf *elf)
{
	GElf_Shdr sh;

	if (elf_section_by_name(elf, ".text", &sh) && sh.sh_size) {
		dsos->vmlinux_text_start = sh.sh_addr + dsos->vmlinux_delta;
		dsos->vmlinux_text_end = dsos->vmlinux_text_start + sh.sh_size;
		dsos->vmlinux_text_offset = sh.sh_offset;
	}
}

uint64_t dsos__vmlinux_delta(struct dsos *dsos)
{
	const char *ref = dsos->kernel_ref_name[0] ? dsos->kernel_ref_name : "_text";
	GElf_Sym sym;
	Elf *elf;
	int fd;

	if (dsos->vmlinux_delta_known || !dsos->cfg.vmlinux)
		return dsos->vmlinux_delta;
	/* an answer is kept once the recording's kernel map has said where
	 * it ran (the first event perf and perf-mini write) */
	if (dsos->kernel_ref_addr)
		dsos->vmlinux_delta_known = -1;
	elf_version(EV_CURRENT);
	fd = open(dsos->cfg.vmlinux, O_RDONLY | O_CLOEXEC);
	elf = fd >= 0 ? elf_begin(fd, ELF_C_READ_MMAP, NULL) : NULL;
	if (elf && dsos->kernel_ref_addr &&
	    elf_find_symbol(elf, SHT_SYMTAB, named, (void *)ref, &sym)) {
		dsos->vmlinux_delta = dsos->kernel_ref_addr - sym.st_value;
		dsos->vmlinux_delta_known = 1;
	}
	if (elf)
		vmlinux_text(dsos, elf);
	if (elf)
		elf_end(elf);
	if (fd >= 0)
		close(fd);
	return dsos->vmlinux_delta;
}

/* A vmlinux's symbols, where the recorded kernel ran them. */
static void load_vmlinux(struct dsos *dsos, struct symtab *t)
{
	uint64_t delta;

	if (!symtab_load_elf(t, dsos->cfg.vmlinux, NULL, true))
		return;
	delta = dsos__vmlinux_delta(dsos);
	for (size_t i = 0; i < t->nr; i++) {
		t->v[i].start += delta;
		t->v[i].end += delta;
	}
}

/* -v: perf's verbose report names each symbol table's origin with a
 * letter in the table; perf-mini says it in words, to the caller's file. */
static void say_origin(const struct dsos *dsos, const struct dso *dso, struct strbuf *from)
{
	const char *kernel = dsos->cfg.vmlinux ? dsos->cfg.vmlinux :
			     dsos->cfg.kallsyms ? dsos->cfg.kallsyms :
			     dsos->kernel_unresolved ? "!this is not the recorded kernel" :
			     dsos->cfg.symfs && *dsos->cfg.symfs ? "the --symfs tree's /proc/kallsyms" :
			     "/proc/kallsyms";

	if (dso->kernel && !dso->is_module)
		strbuf_addstr(from, kernel);
	else if (!from->len)
		strbuf_addstr(from, !strcmp(dso->long_name, "[vdso]") ? "the vDSO's image" :
			      dso__jit_tid(dso) >= 0 ? dso->long_name :
			      "!not a file perf-mini reads symbols from");
	if (from->buf[0] == '!')	/* why there are none */
		fprintf(dsos->cfg.verbose, "perf-mini: %s: no symbols: %s\n", dso->long_name,
			from->buf + 1);
	else
		fprintf(dsos->cfg.verbose, "perf-mini: %s: %zu symbols, from %s\n", dso->long_name,
			dso->nr_syms, from->buf);
}

static void load_symbols(struct dsos *dsos, struct dso *dso)
{
	struct strbuf from = STRBUF_INIT;
	struct symtab t = SYMTAB_INIT;
	bool finished = false;	/* the running kernel's table, or a user one, done */

	dso->symbols_loaded = true;
	/* as perf: user symbols unless --no-demangle, the kernel's on request */
	t.demangle = dso->kernel ? dsos->cfg.demangle_kernel : !dsos->cfg.no_demangle;
	if (dso->kernel && !dso->is_module) {
		dso->from_kallsyms = !dsos->cfg.vmlinux;
		dso->vmlinux_path = dsos->cfg.vmlinux;
		if (dsos->cfg.vmlinux)
			load_vmlinux(dsos, &t);
		else if (dsos->cfg.vmlinux_rejected)
			dsos->kernel_unresolved = true;
		else if (dsos->cfg.kallsyms)
			kallsyms__parse(&t, dsos->cfg.kallsyms);
		else if (dsos->cfg.symfs && *dsos->cfg.symfs)
			load_symfs_kallsyms(dsos, &t);	/* the recorded machine's tree */
		else if (!dsos->cfg.kernel_mismatch[0] && !t.demangle)
			finished = kallsyms__load_running(dso);
		else if (!dsos->cfg.kernel_mismatch[0])
			kallsyms__parse(&t, "/proc/kallsyms");
		else if (cached_kallsyms(dsos, &t))
			;	/* the recorded kernel's, from an unpacked archive */
		else
			dsos->kernel_unresolved = true;
	} else if (!strcmp(dso->long_name, "[vdso]")) {
		load_vdso(dsos, dso, &t);
	} else if (!dso->kernel && dso__jit_tid(dso) >= 0) {
		load_perf_map(&t, dso->long_name);	/* never under --symfs, as perf */
	} else if (!dso->kernel && dso->long_name[0] == '/') {
		finished = load_user_dso(dsos, dso, &t, &from);
	}
	if (finished)
		strbuf_release(&t.names);
	else
		symtab_finish(&t, dso);
	if (dsos->cfg.verbose)
		say_origin(dsos, dso, &from);
	strbuf_release(&from);
}

static const struct symbol *symbol_at(struct dso *dso, size_t i)
{
	if (dso->lazy_syms && !dso->syms[i].name)
		symtab_cache__make_symbol(dso, i);
	return &dso->syms[i];
}

/* Same steps as a search of syms (perf's: overlapping symbols resolve as
 * there), over the compact bounds. */
static const struct symbol *search(struct dso *dso, uint64_t addr)
{
	size_t lo = 0, hi = dso->nr_syms;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (addr < dso->bounds[2 * mid])
			hi = mid;
		else if (addr >= dso->bounds[2 * mid + 1])
			lo = mid + 1;
		else
			return symbol_at(dso, mid);
	}
	return NULL;
}

static void index_bounds(struct dso *dso)
{
	if (dso->bounds)	/* read with the table (the kallsyms cache) */
		return;
	dso->bounds = malloc((dso->nr_syms ? dso->nr_syms : 1) * 2 * sizeof(*dso->bounds));
	if (!dso->bounds) {
		dso->nr_syms = 0;	/* no lookups rather than none of them right */
		return;
	}
	for (size_t i = 0; i < dso->nr_syms; i++) {
		dso->bounds[2 * i] = dso->syms[i].start;
		dso->bounds[2 * i + 1] = dso->syms[i].end;
	}
}

/*
 * A symbol perf stretches over the PLT (a program's _init) has perf's end
 * where the symbol is used whole: its size, the code annotate and
 * brstackinsn walk. Lookups search the bounds, which stop at the first
 * stub, and plt_override() says where perf names the symbol past them.
 */
static void stretch_over_plt(struct dso *dso)
{
	for (size_t i = 0; i < dso->nr_plt_overrides; i++) {
		const struct sym_override *o = &dso->plt_overrides[i];
		struct symbol *s = o->found ? (struct symbol *)search(dso, o->sym_start) : NULL;

		if (s && s->start == o->sym_start && o->sym_end > s->end)
			s->end = o->sym_end;
	}
}

static void ensure_symbols(struct dsos *dsos, struct dso *dso)
{
	if (!dso->symbols_loaded) {
		load_symbols(dsos, dso);
		index_bounds(dso);
		stretch_over_plt(dso);
	}
}

const struct symbol *dso__table_symbol(struct dsos *dsos, struct dso *dso, uint64_t addr)
{
	ensure_symbols(dsos, dso);
	return dso->nr_syms ? search(dso, addr) : NULL;
}

/* The range of a PLT stub, or beside one, that perf names otherwise. */
static const struct sym_override *plt_override(const struct dso *dso, uint64_t addr)
{
	size_t lo = 0, hi = dso->nr_plt_overrides;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (addr < dso->plt_overrides[mid].start)
			hi = mid;
		else if (addr >= dso->plt_overrides[mid].end)
			lo = mid + 1;
		else
			return &dso->plt_overrides[mid];
	}
	return NULL;
}

const struct symbol *dso__find_symbol(struct dsos *dsos, struct dso *dso, uint64_t addr)
{
	const struct sym_override *o;

	ensure_symbols(dsos, dso);
	if (!dso->nr_syms)
		return NULL;
	if (dso->nr_plt_overrides && (o = plt_override(dso, addr)))
		return o->found ? search(dso, o->sym_start) : NULL;
	return search(dso, addr);
}

bool dso__kallsyms_span(struct dsos *dsos, struct dso *dso, uint64_t *start, uint64_t *end)
{
	ensure_symbols(dsos, dso);
	/* perf maps the kernel over a vmlinux's .text, where it ran */
	if (dso->kernel && !dso->is_module && dsos->vmlinux_text_end) {
		*start = dsos->vmlinux_text_start;
		*end = dsos->vmlinux_text_end;
		return true;
	}
	if (!dso->from_kallsyms || !dso->nr_syms)
		return false;
	*start = dso->bounds[0];
	*end = dso->bounds[2 * dso->nr_syms - 1];
	return true;
}
