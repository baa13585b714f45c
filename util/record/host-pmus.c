// SPDX-License-Identifier: GPL-2.0
/*
 * PMU_MAPPINGS, CPU_PMU_CAPS and PMU_CAPS as perf 6.1 writes them, from
 * sysfs' event_source devices (@src->sysfs_root, a test's copy, or /sys):
 * the writers of host-features.c's table that walk the PMUs, each in
 * directory order as perf reads them.
 */
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "../base/util.h"
#include "../data/header-features.h"
#include "host-features.h"
#include "internal.h"

static void pmus_dir(char *path, size_t size, const struct host_features_src *src)
{
	snprintf(path, size, "%s/bus/event_source/devices", src->sysfs_root ?: "/sys");
}

/* Every PMU with its type; nothing where sysfs lists none. */
bool host_pmus__mappings(struct strbuf *sb, const struct host_features_src *src)
{
	char path[4096], type[32];
	struct strbuf list = STRBUF_INIT;
	struct dirent *d;
	uint32_t nr = 0;
	uint64_t id;
	DIR *dir;

	pmus_dir(path, sizeof(path), src);
	dir = opendir(path);
	while (dir && (d = readdir(dir))) {
		char file[4096 + 300];

		if (d->d_name[0] == '.')
			continue;
		snprintf(file, sizeof(file), "%s/%s/type", path, d->d_name);
		if (read_small_file(file, type, sizeof(type)) <= 0 || str_to_u64(type, 10, &id) ||
		    id > UINT32_MAX)
			continue;
		host_features__put_u32(&list, (uint32_t)id);
		pd_features__put_string(&list, d->d_name);
		nr++;
	}
	if (dir)
		closedir(dir);
	if (nr) {
		host_features__put_u32(sb, nr);
		strbuf_add(sb, list.buf, list.len);
	}
	strbuf_release(&list);
	return nr;
}

/* A PMU's caps (sysfs caps/NAME holds the value) as perf writes them: the
 * count, then name and value strings, in directory order as perf reads
 * them (struct pmu holds them sorted). 0 when it has none. */
static uint32_t put_caps(struct strbuf *sb, const char *pmu_dir)
{
	char path[PATH_MAX], value[256];
	struct strbuf pairs = STRBUF_INIT;
	struct dirent *d;
	uint32_t nr = 0;
	DIR *dir;

	snprintf(path, sizeof(path), "%s/caps", pmu_dir);
	dir = opendir(path);
	while (dir && (d = readdir(dir))) {
		char file[PATH_MAX + 256];

		snprintf(file, sizeof(file), "%s/%s", path, d->d_name);
		if (d->d_name[0] == '.' || read_small_file(file, value, sizeof(value)) < 0)
			continue;
		value[strcspn(value, "\n")] = '\0';
		pd_features__put_string(&pairs, d->d_name);
		pd_features__put_string(&pairs, value);
		nr++;
	}
	if (dir)
		closedir(dir);
	if (nr) {
		host_features__put_u32(sb, nr);
		strbuf_add(sb, pairs.buf, pairs.len);
	}
	strbuf_release(&pairs);
	return nr;
}

/* The core PMU's caps, a count of 0 where it has none; nothing (as perf)
 * where there is no "cpu" PMU. */
bool host_pmus__cpu_caps(struct strbuf *sb, const struct host_features_src *src)
{
	char path[PATH_MAX], cpu[PATH_MAX + 8];
	struct stat st;

	pmus_dir(path, sizeof(path), src);
	snprintf(cpu, sizeof(cpu), "%s/cpu", path);
	if (lstat(cpu, &st))
		return false;
	if (!put_caps(sb, cpu))
		host_features__put_u32(sb, 0);
	return true;
}

/* Every other PMU that has caps, with its name; perf writes the count
 * (0 included) always. */
bool host_pmus__caps(struct strbuf *sb, const struct host_features_src *src)
{
	char path[PATH_MAX];
	struct strbuf others = STRBUF_INIT;
	struct dirent *d;
	uint32_t nr = 0;
	DIR *dir;

	pmus_dir(path, sizeof(path), src);
	dir = opendir(path);
	while (dir && (d = readdir(dir))) {
		char pmu_dir[PATH_MAX + 256];

		if (d->d_name[0] == '.' || !strcmp(d->d_name, "cpu"))
			continue;
		snprintf(pmu_dir, sizeof(pmu_dir), "%s/%s", path, d->d_name);
		if (put_caps(&others, pmu_dir)) {
			pd_features__put_string(&others, d->d_name);
			nr++;
		}
	}
	if (dir)
		closedir(dir);
	host_features__put_u32(sb, nr);
	strbuf_add(sb, others.buf, others.len);
	strbuf_release(&others);
	return true;
}
