// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aggr-map.h"
#include "../base/util.h"

static int read_topology(const char *cpu_dir, int cpu, const char *name, int *val,
			 struct strbuf *err)
{
	char path[512];
	FILE *f;
	int ok;

	snprintf(path, sizeof(path), "%s/cpu%d/topology/%s", cpu_dir, cpu, name);
	f = fopen(path, "r");
	ok = f && fscanf(f, "%d", val) == 1;
	if (f)
		fclose(f);
	if (!ok && !strcmp(name, "die_id")) {
		*val = 0;	/* kernels before 5.2 have no dies: one per socket */
		return 0;
	}
	if (!ok) {
		strbuf_addf(err, "cannot read the CPU topology (%s): %s\nhint: per-core, "
			    "per-die and per-socket counts need sysfs topology", path,
			    f ? "not a number" : strerror(errno));
		return -EINVAL;
	}
	return 0;
}

/* The node a CPU sits on: its cpuN/nodeM link; -1 without NUMA in sysfs. */
static int cpu_node(const char *cpu_dir, int cpu)
{
	char path[512];
	struct dirent *d;
	DIR *dir;
	int node = -1;

	snprintf(path, sizeof(path), "%s/cpu%d", cpu_dir, cpu);
	dir = opendir(path);
	while (dir && (d = readdir(dir)))
		if (!strncmp(d->d_name, "node", 4) && isdigit((unsigned char)d->d_name[4]))
			str_to_int(d->d_name + 4, &node);
	if (dir)
		closedir(dir);
	return node;
}

static int id_cmp(const struct aggr_id *a, const struct aggr_id *b)
{
	if (a->node != b->node)
		return a->node < b->node ? -1 : 1;
	if (a->socket != b->socket)
		return a->socket < b->socket ? -1 : 1;
	if (a->die != b->die)
		return a->die < b->die ? -1 : 1;
	return a->core < b->core ? -1 : a->core > b->core;
}

static int id_qsort_cmp(const void *a, const void *b)
{
	return id_cmp(a, b);
}

static int cpu_id(const char *cpu_dir, int cpu, enum aggr_level level, struct aggr_id *id,
		  struct strbuf *err)
{
	memset(id, 0, sizeof(*id));
	id->node = id->socket = id->die = id->core = -1;
	if (level == AGGR_LEVEL_NODE) {
		id->node = cpu_node(cpu_dir, cpu);
		return 0;
	}
	if (read_topology(cpu_dir, cpu, "physical_package_id", &id->socket, err))
		return -EINVAL;
	if (level == AGGR_LEVEL_SOCKET)
		return 0;
	if (read_topology(cpu_dir, cpu, "die_id", &id->die, err))
		return -EINVAL;
	if (level == AGGR_LEVEL_CORE && read_topology(cpu_dir, cpu, "core_id", &id->core, err))
		return -EINVAL;
	return 0;
}

int aggr_map__build(struct aggr_map *m, const struct cpu_map *cpus, enum aggr_level level,
		    const char *cpu_dir, struct strbuf *err)
{
	struct aggr_id *of = calloc((size_t)cpus->nr + 1, sizeof(*of));

	memset(m, 0, sizeof(*m));
	m->ids = calloc((size_t)cpus->nr + 1, sizeof(*m->ids));
	m->of_cpu = calloc((size_t)cpus->nr + 1, sizeof(*m->of_cpu));
	if (!of || !m->ids || !m->of_cpu) {
		free(of);
		aggr_map__exit(m);
		strbuf_addstr(err, "out of memory");
		return -ENOMEM;
	}
	for (int i = 0; i < cpus->nr; i++) {
		if (cpu_id(cpu_dir, cpus->cpus[i], level, &of[i], err)) {
			free(of);
			aggr_map__exit(m);
			return -EINVAL;
		}
		m->ids[i] = of[i];
	}
	/* the distinct ids, sorted; then each CPU's place among them */
	qsort(m->ids, (size_t)cpus->nr, sizeof(*m->ids), id_qsort_cmp);
	for (int i = 0; i < cpus->nr; i++)
		if (!m->nr || id_cmp(&m->ids[m->nr - 1], &m->ids[i]))
			m->ids[m->nr++] = m->ids[i];
	for (int i = 0; i < cpus->nr; i++)
		for (int a = 0; a < m->nr; a++)
			if (!id_cmp(&m->ids[a], &of[i])) {
				m->of_cpu[i] = a;
				m->ids[a].nr_cpus++;
			}
	free(of);
	return 0;
}

void aggr_map__exit(struct aggr_map *m)
{
	free(m->ids);
	free(m->of_cpu);
	m->ids = NULL;
	m->of_cpu = NULL;
	m->nr = 0;
}
