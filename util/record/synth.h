/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_SYNTH_H
#define PM_SYNTH_H

/*
 * Records the kernel will not send because what they describe already
 * exists when recording starts: the kernel text mapping, and for -p/-t/-a
 * the running processes' COMM and executable MMAP2s, read from /proc.
 * Each record gets a zeroed sample_id trailer of @id_size bytes so that
 * readers find the layout the attrs announce.
 */
#include <stddef.h>
#include <sys/types.h>

#include "../base/strbuf.h"

/*
 * PERF_RECORD_LOST_SAMPLES as perf 6.1 writes it at the end of a recording:
 * @lost samples the kernel dropped for the event of @id, whose attr has
 * @sample_type (the trailer carries the id where the readers look).
 */
void synth__lost_samples(struct strbuf *out, uint64_t lost, uint64_t id, uint64_t sample_type);

void synth__kernel_mmap(struct strbuf *out, size_t id_size);

/* What record --synth asks to describe of the tasks that exist. */
enum synth_what {
	SYNTH_TASK = 1 << 0,	/* a COMM for each thread */
	SYNTH_MMAP = 1 << 1,	/* and each process's mappings (MMAP2) */
	SYNTH_CGROUP = 1 << 2,	/* the cgroups that exist (with --all-cgroups) */
	SYNTH_ALL = SYNTH_TASK | SYNTH_MMAP | SYNTH_CGROUP,
	SYNTH_NAMESPACES = 1 << 3,	/* each thread's namespaces (--namespaces) */
};

/* Every thread of @pid (COMM each, and NAMESPACES with SYNTH_NAMESPACES
 * in @what) and, with SYNTH_MMAP, its executable mappings (MMAP2). */
int synth__process(struct strbuf *out, const char *proc, pid_t pid, unsigned int what,
		   size_t id_size);

/* A COMM naming task @pid: the workload record starts, named before its
 * exec (the kernel names it again at exec), as perf synthesizes it. */
void synth__comm(struct strbuf *out, pid_t pid, const char *comm, size_t id_size);

/* A NAMESPACES record of thread @tid of process @pid: the device and
 * inode of each of its /proc/TID/ns links, as perf synthesizes them. */
void synth__namespaces(struct strbuf *out, const char *proc, pid_t pid, pid_t tid,
		       size_t id_size);

/* A CGROUP record for every cgroup under @mount (its root "/" first, then
 * depth first), the id being the directory's file handle, as the kernel's
 * samples name it. */
void synth__cgroups(struct strbuf *out, const char *mount, size_t id_size);

/* PERF_RECORD_FINISHED_INIT: the synthesized records end here. */
void synth__finished_init(struct strbuf *out);

/* All processes in @proc (system-wide recording). */
void synth__all_processes(struct strbuf *out, const char *proc, unsigned int what,
			  size_t id_size);

#endif
