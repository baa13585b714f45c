// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "../base/hash.h"
#include "../base/util.h"
#include "resolve.h"

static bool find_map(struct machine *m, struct thread *t, uint8_t cpumode, uint64_t ip,
		     struct addr_location *al)
{
	struct maps *maps;

	al->map = NULL;
	al->sym = NULL;
	al->addr = ip;
	if (cpumode == PERF_RECORD_MISC_KERNEL) {
		al->level = 'k';
		maps = &m->kmaps;
	} else if (cpumode == PERF_RECORD_MISC_USER) {
		al->level = '.';
		maps = t->maps;
	} else {
		al->level = 'H';
		return false;
	}
	al->map = maps__find(maps, ip);
	if (!al->map)
		return false;
	if (cpumode == PERF_RECORD_MISC_KERNEL)
		machine__load_kernel_map(m, al->map);
	al->addr = map__map_ip(al->map, ip);
	return true;
}

/*
 * Recent resolutions by (maps, cpumode, address): profiles hit the same
 * addresses over and over. Valid while no event has changed the maps
 * (machine->gen).
 */
#define RESOLVE_SLOTS 4096

struct resolve_slot {
	const struct maps *maps;
	uint64_t ip;
	uint32_t gen;
	uint8_t cpumode;
	struct addr_location al;
};

static struct resolve_slot *cache_slot(struct machine *m, const struct maps *maps,
				       uint8_t cpumode, uint64_t ip)
{
	uint64_t k = hash_combine(ip ^ (uintptr_t)maps, cpumode);

	if (!m->resolve_cache)
		m->resolve_cache = zalloc_written(RESOLVE_SLOTS * sizeof(struct resolve_slot));
	if (!m->resolve_cache)
		return NULL;
	return &((struct resolve_slot *)m->resolve_cache)[(k >> 40) & (RESOLVE_SLOTS - 1)];
}

static void resolve_uncached(struct machine *m, struct thread *t, uint8_t cpumode, uint64_t ip,
			     struct addr_location *al);

void resolve_addr(struct machine *m, struct thread *t, uint8_t cpumode, uint64_t ip,
		  struct addr_location *al)
{
	const struct maps *maps = cpumode == PERF_RECORD_MISC_KERNEL ? &m->kmaps : t->maps;
	struct resolve_slot *c = cache_slot(m, maps, cpumode, ip);
	uint32_t gen;

	if (c && c->maps == maps && c->ip == ip && c->cpumode == cpumode && c->gen == m->gen &&
	    c->maps) {
		*al = c->al;
		al->thread = t;
		return;
	}
	gen = m->gen;
	resolve_uncached(m, t, cpumode, ip, al);
	/* not when the lookup changed the maps (the kernel map's first load):
	 * what it found then is not what the maps hold now */
	if (c && gen == m->gen)
		*c = (struct resolve_slot){ maps, ip, m->gen, cpumode, *al };
}

static void resolve_uncached(struct machine *m, struct thread *t, uint8_t cpumode, uint64_t ip,
			     struct addr_location *al)
{
	/*
	 * No second try on the other side of the user/kernel split: on x86
	 * perf trusts the cpumode (a kernel-mode sample at a user address is
	 * "[unknown] [k]"), and so do we.
	 */
	al->thread = t;
	if (find_map(m, t, cpumode, ip, al))
		al->sym = dso__find_symbol(&m->dsos, al->map->dso, al->addr);
}

void resolve_sample(struct machine *m, const struct perf_sample *s, struct hist_entry *he,
		    struct hist_rare *rare)
{
	memset(he, 0, sizeof(*he));
	memset(rare, 0, sizeof(*rare));
	he->rare = rare;
	resolve_sample_keys(m, s, he);
}

/*
 * perf maps the kernel over a vmlinux's .text as over a file: an address
 * there that no symbol holds shows as its offset in the file. perf works
 * it out from .text's start even for the one address that found the map
 * before it shrank to .text (the first kernel sample), and so do we.
 */
static uint64_t shown_ip(const struct machine *m, const struct addr_location *al)
{
	const struct dsos *d = &m->dsos;

	if (al->sym || !al->map || al->map->dso != m->kernel_dso || !d->vmlinux_text_end)
		return al->addr;
	return al->addr - d->vmlinux_text_start + d->vmlinux_text_offset;
}

void resolve_sample_keys(struct machine *m, const struct perf_sample *s, struct hist_entry *he)
{
	struct thread *t = machine__findnew_thread(m, (int32_t)s->pid, (int32_t)s->tid);
	struct addr_location al;

	resolve_addr(m, t, s->cpumode, s->ip, &al);
	he->thread = t;
	he->comm = t->comm;
	he->dso = al.map ? al.map->dso : NULL;
	he->sym = al.sym;
	he->ip = shown_ip(m, &al);
	he->rare->raw_ip = s->ip;
	he->rare->map_size = al.map ? al.map->end - al.map->start : 0;
	he->rare->time = s->time;
	he->socket = -1;
	he->level = al.level;
	he->cpumode = s->cpumode;
	he->cpu = (int32_t)s->cpu;
	he->period = s->period;
	he->rare->cgroup = s->cgroup;
	he->rare->cgroup_ns_dev = t->cgroup_ns_dev;
	he->rare->cgroup_ns_ino = t->cgroup_ns_ino;
}

/*
 * perf's ip__resolve_ams(): a branch can cross the user/kernel boundary,
 * so the sample's cpumode says nothing about its ends; try user, then
 * kernel. Guest modes never resolve without a guest machine, so what is
 * left is perf's hypervisor level 'H' with the raw address.
 */
void resolve_addr_fb(struct machine *m, struct thread *t, uint8_t cpumode, uint64_t addr,
		     struct addr_location *al)
{
	resolve_addr(m, t, cpumode, addr, al);
	if (!al->map)
		resolve_addr(m, t, (int64_t)addr < 0 ? PERF_RECORD_MISC_KERNEL : PERF_RECORD_MISC_USER,
			     addr, al);
}

void resolve_ams_any_mode(struct machine *m, struct thread *t, uint64_t addr,
			  struct addr_map_sym *e)
{
	static const uint8_t modes[] = { PERF_RECORD_MISC_USER, PERF_RECORD_MISC_KERNEL };

	for (size_t i = 0; i < sizeof(modes); i++) {
		resolve_ams_data(m, t, modes[i], addr, e);
		if (e->dso)
			return;
	}
	*e = (struct addr_map_sym){ .addr = addr, .al_addr = addr, .level = 'H' };
}

/* perf's ip__resolve_data(): no fallback, so a kernel-mode access to a
 * user address stays "[unknown]" with level 'k'. */
static void ams_of(const struct addr_location *al, uint64_t addr, struct addr_map_sym *e)
{
	e->dso = al->map ? al->map->dso : NULL;
	e->sym = al->sym;
	e->addr = addr;
	e->al_addr = al->addr;
	e->level = al->level;
}

/*
 * The program's own file: the ELF loader maps it below where libraries go
 * (at its fixed address, or ELF_ET_DYN_BASE for a PIE), so it is the file
 * mapped lowest.
 */
static const struct dso *program_of(const struct maps *maps)
{
	for (size_t i = 0; i < maps->nr; i++)
		if (!maps->v[i].identity && maps->v[i].dso)
			return maps->v[i].dso;
	return NULL;
}

/*
 * A program's .bss past the last page of its file is anonymous memory that
 * the ELF loader maps right after the file's data segment, so perf shows
 * such an address raw, in "anon". The segment's offsets run on past the
 * file (p_memsz), so the file's map just below names it from the symbol
 * table: big+0x2000 in the program, not 0x5581... in anon. Only the
 * program's: the libraries' rows stay perf's (ld.so's static TLS blocks
 * lie in memory of that kind too, and perf users know them as addresses).
 */
static void name_bss(struct machine *m, const struct thread *t, struct addr_location *al)
{
	const struct symbol *sym;
	struct map *file;
	uint64_t off;

	if (al->level != '.' || !al->map || !al->map->identity || al->sym ||
	    !al->map->start || (al->map->prot & PROT_EXEC))
		return;
	file = maps__find(t->maps, al->map->start - 1);
	if (!file || file->identity || file->end != al->map->start ||
	    file->dso != program_of(t->maps))
		return;
	off = map__map_ip(file, al->addr);
	sym = dso__find_symbol(&m->dsos, file->dso, off);
	if (!sym || !sym->is_object)
		return;
	al->map = file;
	al->sym = sym;
	al->addr = off;
}

static void resolve_data_addr(struct machine *m, struct thread *t, uint8_t cpumode,
			      uint64_t addr, struct addr_location *al)
{
	resolve_addr(m, t, cpumode, addr, al);
	name_bss(m, t, al);
}

void resolve_ams_data(struct machine *m, struct thread *t, uint8_t cpumode, uint64_t addr,
		      struct addr_map_sym *e)
{
	struct addr_location al;

	resolve_data_addr(m, t, cpumode, addr, &al);
	ams_of(&al, addr, e);
}

void resolve_ams_data_map(struct machine *m, struct thread *t, uint8_t cpumode, uint64_t addr,
			  struct addr_map_sym *e, struct data_map *dm)
{
	struct addr_location al;

	/* the memory's own map: c2c keys private anonymous lines by pid */
	resolve_addr(m, t, cpumode, addr, &al);
	*dm = al.map ? (struct data_map){ true, al.map->prot, al.map->flags, al.map->ino,
					  map__unmap_ip(al.map, 0) } :
		       (struct data_map){ 0 };
	name_bss(m, t, &al);
	ams_of(&al, addr, e);
}

void resolve_dump_sample(struct machine *m, const struct perf_sample *s, FILE *out)
{
	struct thread *t = machine__findnew_thread(m, s->pid, s->tid);
	struct addr_location al = { 0 };

	if (!t)
		return;
	fprintf(out, " ... thread: %s:%d\n", t->comm, t->tid);
	resolve_addr(m, t, s->cpumode, s->ip, &al);
	fprintf(out, " ...... dso: %s\n", al.map ? al.map->dso->long_name :
		al.level == 'H' ? "[hypervisor]" : "<not found>");
}
