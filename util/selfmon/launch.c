// SPDX-License-Identifier: GPL-2.0
/* What perf-mini profviz prepares: see launch.h. */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "launch.h"
#include "../symbols/elf-walk.h"

int profviz__events_env(const struct evlist *evlist, struct strbuf *out)
{
	if (evlist->nr > PROFVIZ_EVENTS_MAX)
		return -E2BIG;
	for (int i = 0; i < evlist->nr; i++) {
		const struct perf_event_attr *a = &evlist->entries[i]->attr;

		strbuf_addf(out, "%s%u:%llx:%llx:%llx:%u:%s", i ? ";" : "", a->type,
			    (unsigned long long)a->config, (unsigned long long)a->config1,
			    (unsigned long long)a->config2,
			    a->exclude_kernel | a->exclude_hv << 1 | a->exclude_user << 2,
			    evlist->entries[i]->name);
	}
	return 0;
}

int profviz__find_so(const char *exe, struct strbuf *out, struct strbuf *err)
{
	static const char *const beside[] = { "", "build/", "../lib/perf-mini/" };
	const char *env = getenv("PERF_MINI_PROFVIZ_SO");
	const char *slash = strrchr(exe, '/');
	int dir_len = slash ? (int)(slash - exe + 1) : 0;

	if (env && *env) {
		strbuf_addstr(out, env);
		if (!access(env, R_OK))
			return 0;
		strbuf_addf(err, "PERF_MINI_PROFVIZ_SO names %s, which cannot be read", env);
		return -ENOENT;
	}
	for (size_t i = 0; i < sizeof(beside) / sizeof(beside[0]); i++) {
		strbuf_reset(out);
		strbuf_addf(out, "%.*s%sprofviz.so", dir_len, exe, beside[i]);
		if (!access(out->buf, R_OK))
			return 0;
	}
	strbuf_addstr(err, "cannot find profviz.so; looked in");
	for (size_t i = 0; i < sizeof(beside) / sizeof(beside[0]); i++)
		strbuf_addf(err, " %.*s%sprofviz.so", dir_len, exe, beside[i]);
	strbuf_addstr(err, "\nhint: build it with 'make', or name it in PERF_MINI_PROFVIZ_SO");
	return -ENOENT;
}

/* @prog as exec would find it: a path, or through $PATH. */
static bool resolve(const char *prog, char *path, size_t size)
{
	const char *dirs = getenv("PATH");

	if (strchr(prog, '/')) {
		snprintf(path, size, "%s", prog);
		return true;
	}
	for (const char *d = dirs ? dirs : "/usr/bin:/bin"; *d;) {
		size_t len = strcspn(d, ":");

		snprintf(path, size, "%.*s/%s", (int)len, d, prog);
		if (!access(path, X_OK))
			return true;
		d += len + (d[len] == ':');
	}
	return false;
}

static bool named(const GElf_Sym *sym, const char *name, void *ctx)
{
	(void)sym;
	return !strcmp(name, ctx);
}

static bool has_symbol(Elf *elf, Elf64_Word type, const char *name, bool *defined)
{
	GElf_Sym sym;

	if (!elf_find_symbol(elf, type, named, (void *)name, &sym))
		return false;
	*defined = sym.st_shndx != SHN_UNDEF;
	return true;
}

enum profviz_target profviz__inspect(const char *prog)
{
	enum profviz_target t = PROFVIZ_UNKNOWN;
	char path[PATH_MAX];
	bool defined = false;
	Elf *elf;
	int fd;

	if (!resolve(prog, path, sizeof(path)) || elf_version(EV_CURRENT) == EV_NONE ||
	    (fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return PROFVIZ_UNKNOWN;
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (elf && elf_kind(elf) == ELF_K_ELF) {
		if (has_symbol(elf, SHT_DYNSYM, "__cyg_profile_func_enter", &defined) && !defined)
			t = PROFVIZ_INSTRUMENTED;
		else if (has_symbol(elf, SHT_SYMTAB, "__cyg_profile_func_enter", &defined))
			t = PROFVIZ_STATIC;
		else
			t = PROFVIZ_NOT_INSTRUMENTED;
	}
	if (elf)
		elf_end(elf);
	close(fd);
	return t;
}
