// SPDX-License-Identifier: GPL-2.0
/* The program a profile for an optimiser is of (see profiled-binary.h). */
#include <errno.h>
#include <string.h>
#include <sys/mman.h>

#include "../base/xalloc.h"
#include "profiled-binary.h"

const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

bool profiled_binary__maps(const char *name, const struct map *map)
{
	return map && map->dso && !map->dso->kernel &&
	       !strcmp(base_name(map->dso->long_name), name);
}

/* The process's main executable: its lowest executable file map. */
static struct dso *main_executable(const struct thread *t)
{
	for (size_t i = 0; t->maps && i < t->maps->nr; i++) {
		const struct map *map = &t->maps->v[i];

		if (map->dso && !map->dso->kernel && map->dso->long_name[0] == '/' &&
		    (map->prot & PROT_EXEC))
			return map->dso;
	}
	return NULL;
}

int profiled_binary__find(struct machine *m, const struct thread *t, const char *named,
			  struct strbuf *path, char **name, struct strbuf *err)
{
	struct dso *dso = named ? NULL : main_executable(t);

	if (named) {
		strbuf_addstr(path, named);
	} else if (!dso) {
		strbuf_addstr(err, "the first sample's process maps no executable file\n"
				   "hint: --binary=PATH names the program to profile");
		return -ENOENT;
	} else if (!dso__binary_path(&m->dsos, dso, path)) {
		strbuf_reset(path);	/* it leaves its last try there */
		strbuf_addstr(path, dso->long_name);
	}
	*name = must_strdup(base_name(named ? named : dso->long_name));
	return 0;
}

static struct dso *dso_named(const struct thread *t, const char *name)
{
	for (size_t i = 0; t->maps && i < t->maps->nr; i++)
		if (profiled_binary__maps(name, &t->maps->v[i]))
			return t->maps->v[i].dso;
	return NULL;
}

int profiled_binary__check(const struct thread *t, const char *name, const char *path,
			   struct strbuf *err)
{
	const struct dso *dso = dso_named(t, name);
	uint8_t id[20];
	size_t n;

	if (!dso || !dso->build_id_size)
		return 0;
	n = elf_read_build_id(path, id, sizeof(id));
	if (!n || (n == dso->build_id_size && !memcmp(id, dso->build_id, n)))
		return 0;
	strbuf_addf(err, "%s is not the %s that was recorded (its build-id differs)\n"
		    "hint: name the binary that ran", path, name);
	return -EINVAL;
}
