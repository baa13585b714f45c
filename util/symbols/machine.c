// SPDX-License-Identifier: GPL-2.0
/*
 * Threads, comm strings and address-space maps, rebuilt record by record
 * the way Linux perf's machine.c does, so that a sample resolves to the
 * same command and DSO in both tools.
 */
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "../base/array.h"
#include "../base/hash.h"
#include "../base/hmap.h"
#include "../base/util.h"
#include "kernel-build-id.h"
#include "machine.h"
#include "unwind.h"
#include "../base/xalloc.h"

/* --- comm strings ---------------------------------------------------- */

const char *machine__intern(struct machine *m, const char *s)
{
	uint64_t hash = fnv1a_64_str(s);
	struct hmap_slot *slot;
	char *copy;

	hmap_must_reserve(&m->comms, 1);
	hmap_for_each_probe(&m->comms, hash, slot)
		if (slot->hash == hash && !strcmp((const char *)slot->val, s))
			return (const char *)slot->val;
	copy = must_strdup(s);
	hmap_fill(&m->comms, slot, hash, (uintptr_t)copy);
	return copy;
}

/* --- maps ------------------------------------------------------------ */

static struct maps *maps__new(void)
{
	struct maps *maps = must_calloc(1, sizeof(*maps));

	maps->refcnt = 1;
	return maps;
}

static void maps__put(struct maps *maps)
{
	if (maps && --maps->refcnt == 0) {
		free(maps->v);
		free(maps);
	}
}

static struct maps *maps__clone(const struct maps *src)
{
	struct maps *maps = maps__new();

	maps->alloc = maps->nr = src->nr;
	maps->v = must_calloc(src->nr ? src->nr : 1, sizeof(*maps->v));
	if (src->nr)
		memcpy(maps->v, src->v, src->nr * sizeof(*maps->v));
	return maps;
}

/* Insert @new, trimming or splitting what it overlaps, as a new mmap
 * replaces the old mapping of those pages. */
static void maps__insert(struct maps *maps, const struct map *new)
{
	struct map *v = must_calloc(maps->nr + 3, sizeof(*v));
	size_t n = 0, pos;

	for (size_t i = 0; i < maps->nr; i++) {
		struct map m = maps->v[i];

		if (m.end <= new->start || m.start >= new->end) {
			v[n++] = m;
			continue;
		}
		if (m.start < new->start) {
			v[n] = m;
			v[n++].end = new->start;
		}
		if (m.end > new->end) {
			v[n] = m;
			if (!m.identity)
				v[n].pgoff += new->end - m.start;
			v[n++].start = new->end;
		}
	}
	for (pos = n; pos > 0 && v[pos - 1].start > new->start; pos--)
		v[pos] = v[pos - 1];
	v[pos] = *new;
	free(maps->v);
	maps->v = v;
	maps->gen++;
	maps->nr = n + 1;
	maps->alloc = maps->nr + 2;
}

struct map *maps__find(struct maps *maps, uint64_t addr)
{
	size_t at;

	/* consecutive samples mostly hit the same mapping */
	if (maps->last < maps->nr && addr >= maps->v[maps->last].start &&
	    addr < maps->v[maps->last].end)
		return &maps->v[maps->last];
	/* the maps do not overlap: the first ending past @addr holds it, if any does */
	at = partition_point(maps->nr, i, addr < maps->v[i].end);
	if (at == maps->nr || addr < maps->v[at].start)
		return NULL;
	return &maps->v[maps->last = at];
}

void machine__load_kernel_map(struct machine *m, struct map *map)
{
	uint64_t start, end;
	size_t i;

	if (m->kernel_map_loaded || map->dso != m->kernel_dso)
		return;
	m->kernel_map_loaded = true;
	if (!dso__kallsyms_span(&m->dsos, map->dso, &start, &end))
		return;
	/* never over its neighbours (modules): the maps stay in order */
	i = (size_t)(map - m->kmaps.v);
	if (i < m->kmaps.nr && i > 0 && start < m->kmaps.v[i - 1].end)
		start = m->kmaps.v[i - 1].end;
	if (i + 1 < m->kmaps.nr && end > m->kmaps.v[i + 1].start)
		end = m->kmaps.v[i + 1].start;
	if (start >= end)
		return;
	map->start = start;
	map->end = end;
	m->gen++;	/* addresses missed before may be found now */
}

/* The code of files and the vDSO: where an unwinder finds modules (not
 * anonymous memory, a JIT's code: those are mapped as they are addressed;
 * nor data, which a relocation's mprotect splits). */
static bool maps_a_binary(const struct map *m)
{
	return m->dso && !m->identity && !m->dso->kernel && (m->prot & PROT_EXEC);
}

uint64_t maps__layout(struct maps *maps)
{
	uint64_t h = FNV1A_64_INIT;

	if (maps->layout && maps->layout_gen == maps->gen)
		return maps->layout;
	for (size_t i = 0; i < maps->nr; i++) {
		const struct map *m = &maps->v[i];

		if (!maps_a_binary(m))
			continue;
		h = hash_combine(h, m->start);
		h = hash_combine(h, m->end);
		h = hash_combine(h, m->pgoff);
		h = hash_combine(h, (uintptr_t)m->dso);
	}
	maps->layout = h ? h : 1;
	maps->layout_gen = maps->gen;
	return maps->layout;
}

/* --- threads --------------------------------------------------------- */

/* tid's slot (hash_u64 is one to one: the hash is the tid), or the empty one it would take */
static struct hmap_slot *thread_slot(const struct machine *m, int32_t tid)
{
	uint64_t hash = hash_u64((uint32_t)tid);
	struct hmap_slot *s;

	hmap_for_each_probe(&m->threads, hash, s)
		if (s->hash == hash)
			break;
	return s;
}

static struct thread *find_thread(const struct machine *m, int32_t tid)
{
	return (struct thread *)thread_slot(m, tid)->val;
}

static struct thread *new_thread(struct machine *m, int32_t pid, int32_t tid)
{
	struct thread *t = must_calloc(1, sizeof(*t));
	char name[32];

	hmap_must_reserve(&m->threads, 1);
	t->pid = pid;
	t->tid = tid;
	t->ppid = -1;
	snprintf(name, sizeof(name), ":%d", tid);
	t->comm = machine__intern(m, name);
	hmap_fill(&m->threads, thread_slot(m, tid), hash_u64((uint32_t)tid), (uintptr_t)t);
	return t;
}

struct thread *machine__findnew_thread(struct machine *m, int32_t pid, int32_t tid)
{
	struct thread *t = find_thread(m, tid);
	struct thread *leader;

	if (t) {
		if (t->pid == -1 && pid != -1)
			t->pid = pid;
		if (t->maps)
			return t;
	} else {
		t = new_thread(m, pid, tid);
	}
	/* threads of one process share the leader's maps */
	if (pid != -1 && pid != tid) {
		leader = machine__findnew_thread(m, pid, pid);
		leader->maps->refcnt++;
		t->maps = leader->maps;
	} else {
		t->maps = maps__new();
	}
	return t;
}

static bool keep_thread(uintptr_t val, void *ctx)
{
	struct thread *t = (struct thread *)val;
	const uint32_t *in_use = ctx;

	/* a leader goes with the last of its process's threads */
	if (!t->exited || t->mark == *in_use ||
	    (t->pid == t->tid && t->maps && t->maps->refcnt > 1))
		return true;
	maps__put(t->maps);
	free(t);
	return false;
}

size_t machine__reap_exited(struct machine *m, uint32_t in_use)
{
	ssize_t n = hmap_filter(&m->threads, keep_thread, &in_use);

	if (n < 0)
		pm_fatal(PM_FATAL_OOM, "thread table");
	if (n)
		m->gen++;	/* the resolve cache may hold their maps */
	return n;
}

void machine__set_comm(struct machine *m, struct thread *t, const char *comm)
{
	const char *name = machine__intern(m, comm);

	if (!t->comm_set) {
		t->placeholder = t->comm;
		t->first_comm = name;
	}
	t->comm = name;
	t->comm_set = true;
}

void machine__fork(struct machine *m, int32_t pid, int32_t tid, int32_t ppid, int32_t ptid,
		   bool clone_maps)
{
	struct thread *parent = machine__findnew_thread(m, ppid, ptid);
	struct thread *child = find_thread(m, tid);

	if (child == parent)
		return;		/* a record forking a thread from itself: nonsense */
	if (child && child->maps) {
		/* a re-used tid starts afresh */
		maps__put(child->maps);
		child->maps = NULL;
		child->pid = pid;
	}
	if (!child)
		child = new_thread(m, pid, tid);
	child->ppid = parent->tid;
	if (pid == ppid) {
		parent->maps->refcnt++;
		child->maps = parent->maps;
	} else if (clone_maps) {
		child->maps = maps__clone(parent->maps);
	} else if (pid != tid && pid != -1) {
		struct thread *leader = machine__findnew_thread(m, pid, pid);

		leader->maps->refcnt++;
		child->maps = leader->maps;
	} else {
		child->maps = maps__new();
	}
	if (parent->comm_set) {
		child->comm = parent->comm;
		child->comm_set = true;
	}
}

/* --- mmap ------------------------------------------------------------ */

static bool is_kernel_text(const char *filename)
{
	return !strncmp(filename, "[kernel.kallsyms]", 17) ||
	       !strncmp(filename, "[guest.kernel.kallsyms", 22);
}

/* Modules show as "[name]" with dashes as underscores, as in perf; a
 * module recorded by its name ("[i915]", not a path) keeps it. */
static struct dso *module_dso(struct machine *m, const char *filename)
{
	struct dso *dso = dsos__findnew(&m->dsos, filename, true);
	const char *base = strrchr(filename, '/');
	char name[256];

	if (dso->is_module)
		return dso;
	base = base ? base + 1 : filename;
	if (base[0] == '[')
		snprintf(name, sizeof(name), "%.*s", (int)strcspn(base, "]") + 1, base);
	else
		snprintf(name, sizeof(name), "[%.*s]", (int)strcspn(base, "."), base);
	for (char *c = name; *c; c++)
		if (*c == '-')
			*c = '_';
	dso->short_name_alloc = must_strdup(name);
	dso->short_name = dso->short_name_alloc;
	dso->is_module = true;
	return dso;
}

static bool is_vdso(const char *f)
{
	return !strcmp(f, "[vdso]") || !strcmp(f, "[vdso32]") || !strcmp(f, "[vdsox32]");
}

/* perf's is_anon_memory() and is_no_dso_memory(): no file behind them */
static bool is_anon_memory(const char *f)
{
	return !strncmp(f, "//anon", 6) || !strncmp(f, "/dev/zero", 9) ||
	       !strncmp(f, "/anon_hugepage", 14);
}

static bool is_no_dso_memory(const char *f)
{
	return !strncmp(f, "[stack", 6) || !strncmp(f, "/SYSV", 5) || !strcmp(f, "[heap]");
}

void machine__add_mmap(struct machine *m, int32_t pid, int32_t tid, const struct mmap_desc *d)
{
	struct map map = { .start = d->start, .end = d->start + d->len, .pgoff = d->pgoff,
			   .prot = d->prot, .flags = d->flags, .ino = d->ino };
	const char *filename = d->filename;
	char jit_map[32];
	struct thread *t;

	if (pid == -1) {
		if (is_kernel_text(filename)) {
			/* "[kernel.kallsyms]_text": where _text ran, in pgoff */
			if (!strncmp(filename, "[kernel.kallsyms]", 17) && filename[17] && d->pgoff) {
				snprintf(m->dsos.kernel_ref_name, sizeof(m->dsos.kernel_ref_name), "%s",
					 filename + 17);
				m->dsos.kernel_ref_addr = d->pgoff;
			}
			map.dso = m->kernel_dso;
			map.identity = true;
			if (!d->start && !d->len)
				map.end = ~0ULL;
		} else {
			map.dso = module_dso(m, filename);
			map.pgoff = 0;
		}
		maps__insert(&m->kmaps, &map);
		return;
	}
	/*
	 * As perf's map__new(): memory without a file is addressed as it is;
	 * executable such memory is a JIT's code, whose symbols the JIT
	 * writes to /tmp/perf-PID.map (the "[JIT] tid PID" object).
	 */
	if (is_anon_memory(filename) || is_no_dso_memory(filename)) {
		map.identity = true;
		if (d->prot & PROT_EXEC) {
			snprintf(jit_map, sizeof(jit_map), "/tmp/perf-%d.map", pid);
			filename = jit_map;
		}
	}
	if (is_vdso(filename))
		map.pgoff = 0;	/* as perf: older kernels gave its address */
	map.dso = dsos__findnew(&m->dsos, filename, false);
	if (d->build_id_size && !map.dso->build_id_size)
		dso__set_build_id(map.dso, d->build_id, d->build_id_size);
	t = machine__findnew_thread(m, pid, tid);
	maps__insert(t->maps, &map);
}

/* --- lifetime -------------------------------------------------------- */

int machine__init(struct machine *m, struct dsos_config *cfg)
{
	memset(m, 0, sizeof(*m));
	m->dsos.cfg = *cfg;
	m->kernel_dso = dsos__findnew(&m->dsos, "[kernel.kallsyms]", true);
	m->kmaps.refcnt = 1;
	/* perf names the idle task, which no COMM record describes */
	machine__set_comm(m, machine__findnew_thread(m, 0, 0), "swapper");
	return 0;
}

void machine__exit(struct machine *m)
{
	struct hmap_slot *slot;

	free(m->resolve_cache);
	m->resolve_cache = NULL;
	unwind__cache_free(m->unwind_cache);
	m->unwind_cache = NULL;
	hmap_for_each(&m->threads, slot) {
		struct thread *t = (struct thread *)slot->val;

		maps__put(t->maps);
		free(t);
	}
	hmap_release(&m->threads);
	hmap_for_each(&m->comms, slot)
		free((char *)slot->val);
	hmap_release(&m->comms);
	hmap_release(&m->cgroups);
	free(m->kmaps.v);
	dsos__exit(&m->dsos);
	memset(m, 0, sizeof(*m));
}

/* --- records --------------------------------------------------------- */

/* A record's trailing string, bounded by the record (never trusts a NUL). */
static void record_string(const struct pm_event_header *ev, const char *s, char *out,
			  size_t out_size)
{
	size_t room = (const char *)ev + ev->size - s;

	if ((const char *)ev + ev->size < s)
		room = 0;
	if (room >= out_size)
		room = out_size - 1;
	memcpy(out, s, room);
	out[room] = '\0';
	out[strnlen(out, room)] = '\0';
}

/* @id's slot (the hash is the id), or the empty one it would take */
static struct hmap_slot *cgroup_slot(const struct machine *m, uint64_t id)
{
	uint64_t hash = hash_u64(id);
	struct hmap_slot *s;

	hmap_for_each_probe(&m->cgroups, hash, s)
		if (s->hash == hash)
			break;
	return s;
}

const char *machine__cgroup_path(const struct machine *m, uint64_t id)
{
	return (const char *)cgroup_slot(m, id)->val;
}

/* As perf's cgroup__findnew(): a known id keeps its first path. */
static void add_cgroup(struct machine *m, uint64_t id, const char *path)
{
	const char *interned = machine__intern(m, path);	/* first: it may grow the comms */
	struct hmap_slot *slot;

	hmap_must_reserve(&m->cgroups, 1);
	slot = cgroup_slot(m, id);
	if (!slot->val)
		hmap_fill(&m->cgroups, slot, hash_u64(id), (uintptr_t)interned);
}

static void set_namespaces(struct machine *m, const struct pm_event_header *ev)
{
	const struct pm_namespaces_event *e = (const void *)ev;
	struct thread *t;

	if (ev->size < sizeof(*e) || e->nr_namespaces <= CGROUP_NS_INDEX ||
	    (ev->size - sizeof(*e)) / sizeof(e->link_info[0]) <= CGROUP_NS_INDEX)
		return;
	t = machine__findnew_thread(m, (int32_t)e->pid, (int32_t)e->tid);
	t->cgroup_ns_dev = e->link_info[CGROUP_NS_INDEX].dev;
	t->cgroup_ns_ino = e->link_info[CGROUP_NS_INDEX].ino;
}

void machine__process_event(struct machine *m, const struct pm_event_header *ev)
{
	char name[4096];

	m->gen++;
	switch (ev->type) {
	case PERF_RECORD_MMAP: {
		const struct pm_mmap_event *e = (const void *)ev;

		if (ev->size < sizeof(*e))
			return;
		record_string(ev, e->filename, name, sizeof(name));
		machine__add_mmap(m, e->pid, e->tid, &(struct mmap_desc){
			.start = e->start, .len = e->len, .pgoff = e->pgoff, .filename = name,
			.prot = ev->misc & PERF_RECORD_MISC_MMAP_DATA ? 0 : PROT_EXEC });
		break;
	}
	case PERF_RECORD_MMAP2: {
		const struct pm_mmap2_event *e = (const void *)ev;
		bool has_id = ev->misc & PERF_RECORD_MISC_MMAP_BUILD_ID;

		if (ev->size < sizeof(*e))
			return;
		record_string(ev, e->filename, name, sizeof(name));
		machine__add_mmap(m, e->pid, e->tid, &(struct mmap_desc){
			.start = e->start, .len = e->len, .pgoff = e->pgoff, .filename = name,
			.prot = e->prot, .flags = e->flags, .ino = has_id ? 0 : e->ino,
			.build_id = has_id ? e->build_id : NULL,
			.build_id_size = has_id ? e->build_id_size : 0 });
		break;
	}
	case PERF_RECORD_COMM: {
		const struct pm_comm_event *e = (const void *)ev;

		if (ev->size < sizeof(*e))
			return;
		record_string(ev, e->comm, name, sizeof(name));
		machine__set_comm(m, machine__findnew_thread(m, e->pid, e->tid), name);
		break;
	}
	case PERF_RECORD_EXIT: {
		const struct pm_fork_event *e = (const void *)ev;
		struct thread *t;

		if (m->reap_exited && ev->size >= sizeof(*e) && (t = find_thread(m, e->tid)))
			t->exited = true;
		break;
	}
	case PERF_RECORD_FORK: {
		const struct pm_fork_event *e = (const void *)ev;

		if (ev->size >= sizeof(*e))
			machine__fork(m, e->pid, e->tid, e->ppid, e->ptid,
				      !(ev->misc & PERF_RECORD_MISC_FORK_EXEC));
		break;
	}
	case PERF_RECORD_NAMESPACES:
		set_namespaces(m, ev);
		break;
	case PERF_RECORD_CGROUP: {
		const struct pm_cgroup_event *e = (const void *)ev;

		if (ev->size < sizeof(*e))
			return;
		record_string(ev, e->path, name, sizeof(name));
		add_cgroup(m, e->id, name);
		break;
	}
	default:
		break;
	}
}

/*
 * The recorded kernel is another than the running one when its build-id
 * says so or, without one, its release (uname -r) does.
 */
static void check_kernel(struct machine *m, const struct pd_build_id *kernel_bid,
			 const char *osrelease)
{
	char *why = m->dsos.cfg.kernel_mismatch;
	size_t size = sizeof(m->dsos.cfg.kernel_mismatch);
	struct utsname u;

	if (kernel_bid) {
		size_t n = kernel_bid->size && kernel_bid->size <= sizeof(kernel_bid->id) ?
			   kernel_bid->size : sizeof(kernel_bid->id);

		memcpy(m->dsos.cfg.kernel_build_id, kernel_bid->id, n);
		m->dsos.cfg.kernel_build_id_size = n;
		if (!kernel_build_id_matches(kernel_bid->id, kernel_bid->size))
			snprintf(why, size, "the file's kernel build-id is not the running kernel's");
	} else if (osrelease && !uname(&u) && strcmp(osrelease, u.release)) {
		snprintf(why, size, "the file was recorded on Linux %s, this is %s", osrelease,
			 u.release);
	}
}

/*
 * As perf, a -k vmlinux counts only when its build-id is the recorded
 * kernel's: another kernel's symbols would name the wrong functions. Then
 * nothing names the kernel's addresses, and the warning says why.
 */
static void check_vmlinux(struct machine *m)
{
	struct dsos_config *cfg = &m->dsos.cfg;
	uint8_t id[20];
	size_t n;

	if (!cfg->vmlinux || !cfg->kernel_build_id_size || access(cfg->vmlinux, R_OK))
		return;
	n = elf_read_build_id(cfg->vmlinux, id, sizeof(id));
	if (n == cfg->kernel_build_id_size && !memcmp(id, cfg->kernel_build_id, n))
		return;
	snprintf(cfg->kernel_mismatch, sizeof(cfg->kernel_mismatch),
		 "%.100s is not the recorded kernel (%s)", cfg->vmlinux,
		 n ? "another build-id" : "it has no build-id");
	cfg->vmlinux = NULL;
	cfg->vmlinux_rejected = true;
}

/* perf's is_kernel_module() on a build-id table name: foo.ko[.xz], [foo] */
static bool is_module_name(const char *name)
{
	const char *ko = strstr(name, ".ko");

	if (name[0] == '[')
		return !is_kernel_text(name);
	return ko && (!ko[3] || ko[3] == '.');
}

/*
 * perf's kernel DSO is the first kernel one of the build-id table that is
 * not a module: where that is a vmlinux file, perf shows it as
 * [kernel.vmlinux] (script: by its path).
 */
static void name_kernel(struct machine *m, const char *filename)
{
	struct dso *k = m->kernel_dso;
	char *name;

	if (!strstr(filename, "vmlinux") || !(name = strdup(filename)))
		return;
	free(k->long_name);
	k->long_name = name;
	k->short_name = "[kernel.vmlinux]";
}

void machine__apply_build_ids(struct machine *m, const struct pd_features *f)
{
	const struct pd_build_id *kernel_bid = NULL;
	bool kernel_named = false;

	for (uint32_t i = 0; i < f->nr_build_ids; i++) {
		const struct pd_build_id *b = &f->build_ids[i];
		bool kernel = (b->misc & PERF_RECORD_MISC_CPUMODE_MASK) == PERF_RECORD_MISC_KERNEL;

		if (kernel && !kernel_named && !is_module_name(b->filename)) {
			kernel_named = true;
			kernel_bid = b;
			name_kernel(m, b->filename);
		} else if (kernel && !strncmp(b->filename, "[kernel.kallsyms]", 17)) {
			kernel_bid = b;
		} else if (kernel && b->filename[0] == '/') {
			struct dso *dso = module_dso(m, b->filename);

			dso->path_known = true;
			dso__set_build_id(dso, b->id, b->size);
		} else if (!kernel) {
			dso__set_build_id(dsos__findnew(&m->dsos, b->filename, false), b->id, b->size);
		}
	}
	check_kernel(m, kernel_bid, f->osrelease);
	check_vmlinux(m);
}

const char *machine__kernel_unresolved(const struct machine *m)
{
	return m->dsos.kernel_unresolved ? m->dsos.cfg.kernel_mismatch : NULL;
}
