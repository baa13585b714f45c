// SPDX-License-Identifier: GPL-2.0
#include <dwarf.h>
#include <elf.h>
#include <gelf.h>
#include <elfutils/libdwfl.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../base/strbuf.h"
#include "../base/util.h"
#include "unwind.h"
#include "unwind-step.h"
#include "debug-find.h"

/* perf's x86-64 register numbers (arch/x86/include/uapi/asm/perf_regs.h) */
enum {
	REG_AX, REG_BX, REG_CX, REG_DX, REG_SI, REG_DI, REG_BP, REG_SP, REG_IP,
	REG_R8 = 16,
};

/* The callbacks' argument, fixed when a Dwfl is attached: each sample
 * sets what it is about. */
struct unwind_ctx {
	struct machine *m;
	struct thread *t;
	const struct perf_sample *s;
	uint64_t sp;
	uint64_t *ips;
	size_t nr, max;
	bool attached;
	bool stale;		/* a module here is not what the thread maps */
};

/*
 * One Dwfl per address-space layout, kept for the session: libdw then
 * reads each binary's ELF, CFI and debug sections once, not per sample
 * (a process's forks share one). The least recently used goes when full.
 */
#define UNWIND_DWFLS 8

struct dwfl_slot {
	uint64_t layout;
	uint64_t last_use;
	Dwfl *dwfl;
	struct unwind_ctx *ctx;
	struct step_cache *steps;	/* the CFI rules met so far, by address */
};

struct unwind_cache {
	struct dwfl_slot slot[UNWIND_DWFLS];
	uint64_t clock;
};

/* Register @reg of the sample's user registers (one per mask bit, in order). */
static bool reg_value(const struct sample_regs *r, int reg, uint64_t *v)
{
	int idx = 0;

	if (!r->regs || !(r->mask >> reg & 1))
		return false;
	for (int b = 0; b < reg; b++)
		idx += r->mask >> b & 1;
	*v = r->regs[idx];
	return true;
}

bool unwind__possible(const struct perf_sample *s)
{
	uint64_t v;

	/* as perf: nothing to unwind when the kernel copied no stack (its
	 * dynamic size is 0, as in a sample taken while execve replaces the
	 * image) - not even the registers' IP is a frame then */
	return s->user_regs.abi == PERF_SAMPLE_REGS_ABI_64 && s->user_stack_size &&
	       s->user_stack_dyn_size && reg_value(&s->user_regs, REG_SP, &v) && reg_value(&s->user_regs, REG_IP, &v);
}

static const struct map *user_map(struct unwind_ctx *u, uint64_t addr)
{
	return u->t->maps ? maps__find(u->t->maps, addr) : NULL;
}

/* The vDSO is no file: libdw reads our own image (when it is the recorded
 * one) from a memory file. */
static Dwfl_Module *report_vdso(Dwfl *dwfl, struct unwind_ctx *u, const struct map *map)
{
	size_t size;
	const void *image = dso__vdso_image(&u->m->dsos, map->dso, &size);
	Dwfl_Module *mod = NULL;
	int fd;

	if (!image)
		return NULL;
	fd = memfd_create("vdso", MFD_CLOEXEC);
	if (fd < 0)
		return NULL;
	if (write(fd, image, size) == (ssize_t)size)
		mod = dwfl_report_elf(dwfl, "[vdso]", "[vdso]", fd, map->start - map->pgoff,
				      false);
	if (!mod)
		close(fd);	/* on success libdw owns it */
	return mod;
}

static void **module_dso(Dwfl_Module *mod)
{
	void **userdata = NULL;

	dwfl_module_info(mod, &userdata, NULL, NULL, NULL, NULL, NULL, NULL);
	return userdata;
}

/* Tell libdw about the binary mapped at @pc, once (perf's report_module).
 * A module reported for another layout marks the Dwfl stale. */
static Dwfl_Module *report_module(Dwfl *dwfl, struct unwind_ctx *u, uint64_t pc)
{
	const struct map *map = user_map(u, pc);
	Dwfl_Module *mod = dwfl_addrmodule(dwfl, pc);
	struct strbuf path = STRBUF_INIT;
	void **owner;

	if (mod) {
		/* another binary's code here now: the session is another
		 * layout's (data areas, unmapped holes: libdw's, as ever) */
		owner = module_dso(mod);
		if (map && (map->prot & PROT_EXEC) && owner && *owner != map->dso)
			u->stale = true;
		return u->stale ? NULL : mod;
	}
	if (!map || !map->dso || map->dso->kernel)
		return NULL;
	if (dso__binary_path(&u->m->dsos, map->dso, &path))
		mod = dwfl_report_elf(dwfl, map->dso->short_name, path.buf, -1,
				      map->start - map->pgoff, false);
	else
		mod = report_vdso(dwfl, u, map);
	strbuf_release(&path);
	if (mod && (owner = module_dso(mod)))
		*owner = map->dso;
	return mod && dwfl_addrmodule(dwfl, pc) == mod ? mod : NULL;
}

/* A word of the file mapped at @addr (data segments read by the CFI). */
static bool read_mapped_file(struct unwind_ctx *u, uint64_t addr, Dwarf_Word *out)
{
	const struct map *map = user_map(u, addr);
	struct strbuf path = STRBUF_INIT;
	bool ok = false;
	int fd;

	if (map && map->dso && dso__binary_path(&u->m->dsos, map->dso, &path)) {
		fd = open(path.buf, O_RDONLY | O_CLOEXEC);
		ok = fd >= 0 && pread(fd, out, sizeof(*out),
				      (off_t)(map->pgoff + (addr - map->start))) == sizeof(*out);
		if (fd >= 0)
			close(fd);
	}
	strbuf_release(&path);
	return ok;
}

static bool memory_read(Dwfl *dwfl, Dwarf_Addr addr, Dwarf_Word *result, void *arg)
{
	struct unwind_ctx *u = arg;
	uint64_t size = u->s->user_stack_dyn_size;

	(void)dwfl;
	if (addr + sizeof(*result) < addr)
		return false;
	/* as perf's libunwind reader: the copy's last word counts as past it,
	 * and a word past it in a map with no file to read (the rest of the
	 * stack, anonymous memory) reads as 0; outside every map, nothing */
	if (addr < u->sp || addr + sizeof(*result) >= u->sp + size) {
		if (read_mapped_file(u, addr, result))
			return true;
		*result = 0;
		return user_map(u, addr) != NULL;
	}
	memcpy(result, (const uint8_t *)u->s->user_stack + (addr - u->sp), sizeof(*result));
	return true;
}

static pid_t next_thread(Dwfl *dwfl, void *arg, void **thread_argp)
{
	if (*thread_argp)
		return 0;	/* one thread: the sample's */
	*thread_argp = arg;
	return dwfl_pid(dwfl);
}

/* DWARF's x86-64 numbering: ax dx cx bx si di bp sp r8..r15, then the ip;
 * those the sample lacks are zero. */
static void initial_registers(const struct unwind_ctx *u, uint64_t regs[STEP_NREGS])
{
	static const int order[] = { REG_AX, REG_DX, REG_CX, REG_BX, REG_SI, REG_DI, REG_BP,
				     REG_SP };
	uint64_t v;

	for (int i = 0; i < STEP_NREGS; i++)
		regs[i] = 0;
	for (int i = 0; i < 8; i++)
		if (reg_value(&u->s->user_regs, order[i], &v))
			regs[i] = v;
	for (int i = 0; i < 8; i++)
		if (reg_value(&u->s->user_regs, REG_R8 + i, &v))
			regs[8 + i] = v;
	if (reg_value(&u->s->user_regs, REG_IP, &v))
		regs[STEP_RA] = v;
}

static bool set_initial_registers(Dwfl_Thread *thread, void *arg)
{
	Dwarf_Word regs[STEP_NREGS];

	initial_registers(arg, regs);
	return dwfl_thread_state_registers(thread, 0, STEP_NREGS, regs);
}

static int frame_callback(Dwfl_Frame *state, void *arg)
{
	struct unwind_ctx *u = arg;
	Dwarf_Addr pc;
	bool activation;

	if (!dwfl_frame_pc(state, &pc, NULL))
		return DWARF_CB_ABORT;
	report_module(dwfl_thread_dwfl(dwfl_frame_thread(state)), u, pc);
	if (u->stale || !dwfl_frame_pc(state, &pc, &activation))
		return DWARF_CB_ABORT;
	u->ips[u->nr++] = activation ? pc : pc - 1;
	return u->nr < u->max ? DWARF_CB_OK : DWARF_CB_ABORT;
}

static const Dwfl_Thread_Callbacks thread_callbacks = {
	.next_thread = next_thread,
	.memory_read = memory_read,
	.set_initial_registers = set_initial_registers,
};

static bool has_debug_frame(int fd)
{
	Elf *elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	Elf_Scn *scn = NULL;
	size_t strndx;
	bool found = false;

	if (!elf || elf_getshdrstrndx(elf, &strndx))
		goto out;
	while (!found && (scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		const char *name;

		if (gelf_getshdr(scn, &sh) && sh.sh_type != SHT_NOBITS &&
		    (name = elf_strptr(elf, strndx, sh.sh_name)))
			found = !strcmp(name, ".debug_frame") || !strcmp(name, ".zdebug_frame");
	}
out:
	elf_end(elf);
	return found;
}

/* Whether the file at @path exists and has no .debug_frame. */
static bool lacks_debug_frame(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	bool lacks;

	if (fd < 0)
		return false;
	lacks = !has_debug_frame(fd);
	close(fd);
	return lacks;
}

/*
 * libdw looks for a separate debug file when .eh_frame does not unwind a
 * frame (the outermost one always), for its .debug_frame. Distributions'
 * debug files have none, yet opening one decompresses all its DWARF: a
 * debug file without .debug_frame is not given, which unwinds the same.
 * The file found by build-id is checked before libdw's search, which
 * would keep it open (the other places it looks, after).
 */
static int find_cfi_debuginfo(Dwfl_Module *mod, void **userdata, const char *modname,
			      Dwarf_Addr base, const char *file_name, const char *debuglink_file,
			      GElf_Word debuglink_crc, char **debuginfo_file_name)
{
	const unsigned char *id;
	GElf_Addr vaddr;
	int len = dwfl_module_build_id(mod, &id, &vaddr), fd;
	struct strbuf path = STRBUF_INIT;
	bool lacks = false;

	if (len > 1) {
		strbuf_addf(&path, "/usr/lib/debug/.build-id/%02x/", id[0]);
		for (int i = 1; i < len; i++)
			strbuf_addf(&path, "%02x", id[i]);
		strbuf_addstr(&path, ".debug");
		lacks = lacks_debug_frame(path.buf);
	}
	strbuf_release(&path);
	if (lacks)
		return -1;
	fd = debug_find__standard(mod, userdata, modname, base, file_name, debuglink_file,
				  debuglink_crc, debuginfo_file_name);
	if (fd < 0 || has_debug_frame(fd))
		return fd;
	close(fd);
	free(*debuginfo_file_name);
	*debuginfo_file_name = NULL;
	return -1;
}

static char *debuginfo_path;
static const Dwfl_Callbacks offline_callbacks = {
	.find_debuginfo = find_cfi_debuginfo,
	.debuginfo_path = &debuginfo_path,
	.section_address = dwfl_offline_section_address,
};

static void slot_clear(struct dwfl_slot *slot)
{
	if (slot->dwfl)
		dwfl_end(slot->dwfl);
	step_cache__free(slot->steps);
	free(slot->ctx);
	*slot = (struct dwfl_slot){ 0 };
}

void unwind__cache_free(void *cache)
{
	struct unwind_cache *c = cache;

	for (int i = 0; c && i < UNWIND_DWFLS; i++)
		slot_clear(&c->slot[i]);
	free(c);
}

/* The Dwfl of @layout: kept, or made in the least recently used slot. */
static struct dwfl_slot *slot_of(struct machine *m, uint64_t layout)
{
	struct unwind_cache *c = m->unwind_cache;
	struct dwfl_slot *slot = NULL;

	if (!c && !(c = m->unwind_cache = calloc(1, sizeof(*c))))
		return NULL;
	if (c->clock == 0)
		raise_nofile();	/* the sessions keep their binaries open */
	c->clock++;
	for (int i = 0; i < UNWIND_DWFLS; i++) {
		if (c->slot[i].dwfl && c->slot[i].layout == layout) {
			slot = &c->slot[i];
			break;
		}
		if (!slot || c->slot[i].last_use < slot->last_use)
			slot = &c->slot[i];
	}
	if (slot->dwfl && slot->layout != layout)
		slot_clear(slot);
	if (!slot->dwfl) {
		slot->ctx = calloc(1, sizeof(*slot->ctx));
		slot->dwfl = slot->ctx ? dwfl_begin(&offline_callbacks) : NULL;
		if (!slot->dwfl) {
			slot_clear(slot);
			return NULL;
		}
		slot->layout = layout;
	}
	slot->last_use = c->clock;
	return slot;
}

static bool read_word(uint64_t addr, uint64_t *word, void *arg)
{
	return memory_read(NULL, addr, word, arg);
}

enum fast_unwind { FAST_DONE, FAST_STALE, FAST_NOT };

/*
 * The frames libdwfl's walk and frame_callback() would give, stepped
 * through cached CFI rules (unwind-step); FAST_NOT, with nothing kept,
 * where a frame needs more than those rules (libdwfl then walks it all).
 */
static enum fast_unwind unwind_fast(struct dwfl_slot *slot)
{
	struct unwind_ctx *u = slot->ctx;
	struct step_regs regs, caller;
	bool initial = true;

	if (!slot->steps && !(slot->steps = step_cache__new()))
		return FAST_NOT;
	initial_registers(u, regs.val);
	regs.set = (1u << STEP_NREGS) - 1;
	for (;;) {
		uint64_t pc = regs.val[STEP_RA], at = initial ? pc : pc - 1;
		Dwfl_Module *mod;
		enum step_result step;

		/* a return address read as 0 (the stack past its copy): perf's
		 * libunwind keeps it, less one, as the last frame */
		if (!initial && !pc) {
			u->ips[u->nr++] = at;
			return FAST_DONE;
		}

		report_module(slot->dwfl, u, pc);
		if (u->stale)
			return FAST_STALE;
		u->ips[u->nr++] = at;
		/* the last frame too: libdwfl's callback reads its rules (a
		 * signal frame's address is kept whole) */
		mod = dwfl_addrmodule(slot->dwfl, at);
		step = mod ? step_up(slot->steps, mod, at, &regs, &caller, read_word, u) :
			     STEP_UNKNOWN;
		if (step == STEP_UNKNOWN) {
			u->nr = 0;
			return FAST_NOT;
		}
		if (step == STEP_END || u->nr >= u->max)
			return FAST_DONE;
		regs = caller;
		initial = false;
	}
}

/* One try on @slot's Dwfl; false when it turned out stale. */
static bool unwind_in(struct dwfl_slot *slot, uint64_t ip)
{
	struct unwind_ctx *u = slot->ctx;
	enum fast_unwind fast;

	/* the innermost frame stands even where no CFI describes it; libdw
	 * learns the machine from the first module */
	if (!report_module(slot->dwfl, u, ip))
		return !u->stale;
	fast = unwind_fast(slot);
	if (fast != FAST_NOT)
		return fast == FAST_DONE;
	if (!u->attached)
		u->attached = dwfl_attach_state(slot->dwfl, NULL, u->t->pid, &thread_callbacks, u);
	if (u->attached)
		dwfl_getthread_frames(slot->dwfl, dwfl_pid(slot->dwfl), frame_callback, u);
	return !u->stale;
}

size_t unwind__user(struct machine *m, struct thread *t, const struct perf_sample *s,
		    uint64_t *ips, size_t max)
{
	uint64_t ip = 0, sp = 0, layout;
	struct dwfl_slot *slot;
	struct unwind_ctx *u;

	/* perf's libunwind has no address space for a thread that never had
	 * a map (its FORK and MMAPs lost): no user frame, not even the IP */
	if (!max || !unwind__possible(s) || !t->maps || !t->maps->nr)
		return 0;
	reg_value(&s->user_regs, REG_SP, &sp);
	reg_value(&s->user_regs, REG_IP, &ip);
	layout = maps__layout(t->maps);
	for (int attempt = 0; attempt < 2; attempt++) {
		if (!(slot = slot_of(m, layout)))
			return 0;
		u = slot->ctx;
		u->m = m, u->t = t, u->s = s, u->sp = sp, u->ips = ips, u->nr = 0, u->max = max;
		if (unwind_in(slot, ip))
			break;
		slot_clear(slot);	/* made for another layout: start afresh */
		u = NULL;
	}
	if (!u) {	/* no session would take it: the sample's own IP stands */
		ips[0] = ip;
		return 1;
	}
	if (!u->nr)
		ips[u->nr++] = ip;
	return u->nr;
}
