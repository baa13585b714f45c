// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "../base/util.h"
#include "../data/perf-data-format.h"
#include "../data/sample.h"
#include "synth.h"

/* Header, fixed part, NUL-padded string to 8 bytes, zeroed trailer. */
static void put_record(struct strbuf *out, uint32_t type, uint16_t misc, const void *fixed,
		       size_t fixed_len, const char *str, size_t id_size)
{
	size_t slen = strlen(str) + 1, padded = (slen + 7) & ~(size_t)7;
	struct pm_event_header h = {
		.type = type, .misc = misc,
		.size = sizeof(h) + fixed_len + padded + id_size,
	};

	strbuf_add(out, &h, sizeof(h));
	strbuf_add(out, fixed, fixed_len);
	strbuf_add(out, str, slen - 1);
	strbuf_addchars(out, 0, padded - slen + 1 + id_size);
}

void synth__lost_samples(struct strbuf *out, uint64_t lost, uint64_t id, uint64_t sample_type)
{
	unsigned int words = perf_sample__id_words(sample_type), at = words;
	uint64_t trailer[8] = { 0 };
	struct pm_lost_samples_event ev = {
		.header = { .type = PERF_RECORD_LOST_SAMPLES,
			    .size = (uint16_t)(sizeof(ev) + words * 8) },
		.lost = lost,
	};

	/* the trailer: TID, TIME, ID, STREAM_ID, CPU, IDENTIFIER, in that order */
	if (sample_type & PERF_SAMPLE_IDENTIFIER)
		at = words - 1;
	else if (sample_type & PERF_SAMPLE_ID)
		at = !!(sample_type & PERF_SAMPLE_TID) + !!(sample_type & PERF_SAMPLE_TIME);
	if (at < words && at < ARRAY_SIZE(trailer))
		trailer[at] = id;
	strbuf_add(out, &ev, sizeof(ev));
	strbuf_add(out, trailer, words * 8);
}

/* _text from kallsyms (0 when kptr_restrict hides addresses). */
static uint64_t kernel_text(void)
{
	FILE *f = fopen("/proc/kallsyms", "re");
	char line[256];
	unsigned long long addr = 0;

	while (f && fgets(line, sizeof(line), f)) {
		char type, name[128];

		if (sscanf(line, "%llx %c %127s", &addr, &type, name) == 3 && !strcmp(name, "_text"))
			break;
		addr = 0;
	}
	if (f)
		fclose(f);
	return addr;
}

void synth__kernel_mmap(struct strbuf *out, size_t id_size)
{
	uint64_t text = kernel_text();
	struct {
		uint32_t pid, tid;
		uint64_t start, len, pgoff;
	} fixed = { (uint32_t)-1, 0, text, ~0ULL - text, text };

	put_record(out, PERF_RECORD_MMAP, PERF_RECORD_MISC_KERNEL, &fixed, sizeof(fixed),
		   "[kernel.kallsyms]_text", id_size);
}

static void comm_record(struct strbuf *out, pid_t pid, pid_t tid, const char *comm,
			size_t id_size)
{
	uint32_t ids[2] = { pid, tid };

	put_record(out, PERF_RECORD_COMM, 0, ids, sizeof(ids), comm, id_size);
}

void synth__finished_init(struct strbuf *out)
{
	struct pm_event_header h = { .type = PERF_RECORD_FINISHED_INIT, .size = sizeof(h) };

	strbuf_add(out, &h, sizeof(h));
}

void synth__comm(struct strbuf *out, pid_t pid, const char *comm, size_t id_size)
{
	comm_record(out, pid, pid, comm, id_size);
}

void synth__namespaces(struct strbuf *out, const char *proc, pid_t pid, pid_t tid,
		       size_t id_size)
{
	/* the order of perf's NET_NS_INDEX ... CGROUP_NS_INDEX */
	static const char *const ns[] = { "net", "uts", "ipc", "pid", "user", "mnt", "cgroup" };
	struct {
		struct pm_namespaces_event e;
		struct { uint64_t dev, ino; } link[ARRAY_SIZE(ns)];
	} rec = {
		.e = { .header = { .type = PERF_RECORD_NAMESPACES,
				   .size = (uint16_t)(sizeof(rec) + id_size) },
		       .pid = (uint32_t)pid, .tid = (uint32_t)tid, .nr_namespaces = ARRAY_SIZE(ns) },
	};
	char path[128];
	struct stat st;

	for (size_t i = 0; i < ARRAY_SIZE(ns); i++) {
		snprintf(path, sizeof(path), "%s/%d/ns/%s", proc, tid, ns[i]);
		if (!stat(path, &st)) {	/* else 0/0, as perf leaves it */
			rec.link[i].dev = st.st_dev;
			rec.link[i].ino = st.st_ino;
		}
	}
	strbuf_add(out, &rec, sizeof(rec));
	strbuf_addchars(out, 0, id_size);
}

static void cgroup_record(struct strbuf *out, const char *dir, size_t mount_len,
			  size_t id_size)
{
	struct {
		struct file_handle fh;
		uint64_t id;
	} handle = { .fh = { .handle_bytes = sizeof(uint64_t) } };
	int mount_id;

	if (name_to_handle_at(AT_FDCWD, dir, &handle.fh, &mount_id, 0) < 0)
		return;	/* gone, or not a cgroup filesystem: nothing to name */
	put_record(out, PERF_RECORD_CGROUP, 0, &handle.id, sizeof(handle.id),
		   dir + mount_len, id_size);
}

/* @path (a buffer of PATH_MAX) ends with the directory to describe. */
static void walk_cgroups(struct strbuf *out, char *path, size_t mount_len, size_t id_size,
			 int depth)
{
	size_t len = strlen(path);
	struct dirent *d;
	DIR *dir;

	cgroup_record(out, path, mount_len, id_size);
	if (depth > 64 || !(dir = opendir(path)))
		return;
	while ((d = readdir(dir))) {
		if (d->d_type != DT_DIR || !strcmp(d->d_name, ".") || !strcmp(d->d_name, ".."))
			continue;
		if (len + strlen(d->d_name) + 2 >= PATH_MAX)
			continue;
		snprintf(path + len, PATH_MAX - len, "%s%s", path[len - 1] == '/' ? "" : "/",
			 d->d_name);
		walk_cgroups(out, path, mount_len, id_size, depth + 1);
		path[len] = '\0';
	}
	closedir(dir);
}

void synth__cgroups(struct strbuf *out, const char *mount, size_t id_size)
{
	char path[PATH_MAX];
	size_t mount_len = strlen(mount);

	if (mount_len + 2 >= sizeof(path))
		return;
	snprintf(path, sizeof(path), "%s/", mount);	/* the root is "/" */
	walk_cgroups(out, path, mount_len, id_size, 0);
}

static void read_comm(const char *proc, pid_t pid, pid_t tid, char *comm, size_t size)
{
	char path[128];

	snprintf(path, sizeof(path), "%s/%d/task/%d/comm", proc, pid, tid);
	if (read_small_file(path, comm, size) < 0)
		snprintf(comm, size, ":%d", tid);
}

/* One /proc/PID/maps line, if executable and file-backed, as MMAP2. */
static void maps_line(struct strbuf *out, pid_t pid, const char *line, size_t id_size)
{
	unsigned long long start, end, pgoff, ino;
	unsigned int maj, min;
	char perms[8];
	int name_at = 0;
	struct {
		uint32_t pid, tid;
		uint64_t start, len, pgoff;
		uint32_t maj, min;
		uint64_t ino, ino_generation;
		uint32_t prot, flags;
	} fixed;
	const char *name;

	if (sscanf(line, "%llx-%llx %7s %llx %x:%x %llu %n", &start, &end, perms, &pgoff, &maj,
		   &min, &ino, &name_at) < 7 || perms[2] != 'x' || !name_at)
		return;
	name = line + name_at;
	if (!*name || (*name != '/' && *name != '['))
		return;
	fixed = (typeof(fixed)){ pid, pid, start, end - start, pgoff, maj, min, ino, 0,
				 5 /* PROT_READ | PROT_EXEC */, perms[3] == 's' ? 1 : 2 };
	put_record(out, PERF_RECORD_MMAP2, PERF_RECORD_MISC_USER, &fixed, sizeof(fixed), name,
		   id_size);
}

int synth__process(struct strbuf *out, const char *proc, pid_t pid, unsigned int what,
		   size_t id_size)
{
	char path[128], line[4096], comm[64];
	struct dirent *d;
	DIR *dir;
	FILE *maps;

	snprintf(path, sizeof(path), "%s/%d/task", proc, pid);
	dir = opendir(path);
	if (!dir)
		return -errno;
	while ((d = readdir(dir))) {
		int tid;

		if (!isdigit((unsigned char)d->d_name[0]) || str_to_int(d->d_name, &tid))
			continue;
		read_comm(proc, pid, tid, comm, sizeof(comm));
		comm_record(out, pid, tid, comm, id_size);
		if (what & SYNTH_NAMESPACES)
			synth__namespaces(out, proc, pid, tid, id_size);
	}
	closedir(dir);
	if (!(what & SYNTH_MMAP))
		return 0;
	snprintf(path, sizeof(path), "%s/%d/maps", proc, pid);
	maps = fopen(path, "re");
	while (maps && fgets(line, sizeof(line), maps)) {
		line[strcspn(line, "\n")] = '\0';
		maps_line(out, pid, line, id_size);
	}
	if (maps)
		fclose(maps);
	return 0;
}

void synth__all_processes(struct strbuf *out, const char *proc, unsigned int what,
			  size_t id_size)
{
	DIR *dir = opendir(proc);
	struct dirent *d;

	while (dir && (d = readdir(dir))) {
		int pid;

		if (isdigit((unsigned char)d->d_name[0]) && !str_to_int(d->d_name, &pid))
			synth__process(out, proc, pid, what, id_size);	/* gone: skip */
	}
	if (dir)
		closedir(dir);
}
