// SPDX-License-Identifier: GPL-2.0
#include <dwarf.h>
#include <elf.h>
#include <elfutils/libdwfl.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../base/strbuf.h"
#include "unwind.h"

/* perf's x86-64 register numbers (arch/x86/include/uapi/asm/perf_regs.h) */
enum {
	REG_AX, REG_BX, REG_CX, REG_DX, REG_SI, REG_DI, REG_BP, REG_SP, REG_IP,
	REG_R8 = 16,
};

struct unwind_ctx {
	struct machine *m;
	struct thread *t;
	const struct perf_sample *s;
	uint64_t sp;
	uint64_t *ips;
	size_t nr, max;
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

/* Tell libdw about the binary mapped at @pc, once (perf's report_module). */
static Dwfl_Module *report_module(Dwfl *dwfl, struct unwind_ctx *u, uint64_t pc)
{
	const struct map *map = user_map(u, pc);
	Dwfl_Module *mod = dwfl_addrmodule(dwfl, pc);
	struct strbuf path = STRBUF_INIT;

	if (mod || !map || !map->dso || map->dso->kernel)
		return mod;
	if (dso__binary_path(&u->m->dsos, map->dso, &path))
		mod = dwfl_report_elf(dwfl, map->dso->short_name, path.buf, -1,
				      map->start - map->pgoff, false);
	else
		mod = report_vdso(dwfl, u, map);
	strbuf_release(&path);
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
	if (addr < u->sp || addr + sizeof(*result) > u->sp + size)
		return read_mapped_file(u, addr, result);
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

/* DWARF's x86-64 numbering: ax dx cx bx si di bp sp r8..r15, then the ip. */
static bool set_initial_registers(Dwfl_Thread *thread, void *arg)
{
	static const int order[] = { REG_AX, REG_DX, REG_CX, REG_BX, REG_SI, REG_DI, REG_BP,
				     REG_SP };
	struct unwind_ctx *u = arg;
	Dwarf_Word regs[17] = { 0 };
	uint64_t v;

	for (int i = 0; i < 8; i++)
		if (reg_value(&u->s->user_regs, order[i], &v))
			regs[i] = v;
	for (int i = 0; i < 8; i++)
		if (reg_value(&u->s->user_regs, REG_R8 + i, &v))
			regs[8 + i] = v;
	if (reg_value(&u->s->user_regs, REG_IP, &v))
		regs[16] = v;
	return dwfl_thread_state_registers(thread, 0, 17, regs);
}

static int frame_callback(Dwfl_Frame *state, void *arg)
{
	struct unwind_ctx *u = arg;
	Dwarf_Addr pc;
	bool activation;

	if (!dwfl_frame_pc(state, &pc, NULL))
		return DWARF_CB_ABORT;
	report_module(dwfl_thread_dwfl(dwfl_frame_thread(state)), u, pc);
	if (!dwfl_frame_pc(state, &pc, &activation))
		return DWARF_CB_ABORT;
	u->ips[u->nr++] = activation ? pc : pc - 1;
	return u->nr < u->max ? DWARF_CB_OK : DWARF_CB_ABORT;
}

static const Dwfl_Thread_Callbacks thread_callbacks = {
	.next_thread = next_thread,
	.memory_read = memory_read,
	.set_initial_registers = set_initial_registers,
};

static char *debuginfo_path;
static const Dwfl_Callbacks offline_callbacks = {
	.find_debuginfo = dwfl_standard_find_debuginfo,
	.debuginfo_path = &debuginfo_path,
	.section_address = dwfl_offline_section_address,
};

size_t unwind__user(struct machine *m, struct thread *t, const struct perf_sample *s,
		    uint64_t *ips, size_t max)
{
	struct unwind_ctx u = { m, t, s, 0, ips, 0, max };
	uint64_t ip = 0;
	Dwfl *dwfl;

	if (!max || !unwind__possible(s))
		return 0;
	reg_value(&s->user_regs, REG_SP, &u.sp);
	reg_value(&s->user_regs, REG_IP, &ip);
	dwfl = dwfl_begin(&offline_callbacks);
	if (!dwfl)
		return 0;
	/* the innermost frame stands even where no CFI describes it */
	if (report_module(dwfl, &u, ip) && dwfl_attach_state(dwfl, NULL, t->pid,
							       &thread_callbacks, &u))
		dwfl_getthread_frames(dwfl, t->pid, frame_callback, &u);
	if (!u.nr)
		ips[u.nr++] = ip;
	dwfl_end(dwfl);
	return u.nr;
}
