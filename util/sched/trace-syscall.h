/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_TRACE_SYSCALL_H
#define PM_TRACE_SYSCALL_H

/*
 * What perf trace knows of each system call: its name (the recording
 * machine's table), its arguments' names and types (this machine's
 * syscalls:sys_enter_NAME tracepoint format, as perf reads it), and how
 * each argument and the return value are printed (perf 6.1's defaults
 * by type and name, and its formats for particular calls).
 */
#include <stdbool.h>
#include <stdint.h>

#include "../../arch/arch.h"
#include "../base/strbuf.h"

/* How an argument prints: trace-beauty.c */
enum sca {
	SCA_LONG,		/* perf's default: "%ld" */
	SCA_INT, SCA_HEX, SCA_PTR, SCA_FD, SCA_CLOSE_FD, SCA_FDAT, SCA_FILENAME, SCA_PID,
	SCA_MODE_T, SCA_ACCMODE, SCA_ARCH_PRCTL, SCA_MMAP_PROT, SCA_MMAP_FLAGS,
	SCA_OPEN_FLAGS, SCA_FUTEX_OP, SCA_FUTEX_VAL3, SCA_GETRANDOM_FLAGS, SCA_SIGNUM,
	SCA_STATX_FLAGS, SCA_STATX_MASK, SCA_WAITID_OPTIONS, SCA_IOCTL_CMD, SCA_CLONE_FLAGS,
	SCA_MREMAP_FLAGS, SCA_MADV_BEHAVIOR,
	SCA_FCNTL_CMD, SCA_FCNTL_ARG, SCA_FCNTL_GETFD, SCA_FCNTL_LEASE, SCA_SK_TYPE, SCA_SK_PROTO,
	SCA_PIPE_FLAGS, SCA_EFD_FLAGS, SCA_MSG_FLAGS, SCA_FLOCK, SCA_RENAME_FLAGS,
	SCA_PRCTL_OPTION, SCA_PRCTL_ARG2, SCA_PRCTL_ARG3,
	SCA_PERF_FLAGS, SCA_SCHED_POLICY, SCA_SECCOMP_OP, SCA_SECCOMP_FLAGS,
	SCA_SYNC_FILE_RANGE, SCA_PKEY_ACCESS,
	/* trace-beauty-fs.c: mounts, kcmp; flags by perf's strarray of bits */
	SCA_MOUNT_FLAGS, SCA_FSMOUNT_FLAGS, SCA_FSMOUNT_ATTR_FLAGS, SCA_FSPICK_FLAGS,
	SCA_MOVE_MOUNT_FLAGS, SCA_KCMP_TYPE, SCA_KCMP_IDX,
	/* a name from a table indexed by the value (zero shown too) */
	SCA_RLIMIT, SCA_SIGHOW, SCA_WHENCE, SCA_CLOCKID, SCA_ITIMER, SCA_SOCK_FAMILY,
	SCA_EPOLL_OP, SCA_SOCK_LEVEL, SCA_BPF_CMD, SCA_KEYCTL_OPTION, SCA_FSCONFIG_CMD,
};

#define SC_MAX_ARGS 6

struct sc_arg {
	const char *name;	/* the tracepoint field's */
	enum sca fmt;
};

struct sc_info {
	const char *name;
	bool exists;		/* this machine has its tracepoint */
	bool is_exit;		/* exit, exit_group: no return */
	bool hexret, errpid, timeout;	/* how the return value prints */
	int nr_args;
	struct sc_arg arg[SC_MAX_ARGS];
};

struct sc_table {
	const struct pmu_arch_ops *arch;
	const char *tracefs;
	struct sc_info **by_id;		/* read at first use */
	int64_t nr;
};

/* perf's format of a tracepoint field by its type and name
 * (syscall_arg_fmt__init_array), SCA_LONG when none applies */
struct tep_format_field;
enum sca sc_default_fmt(const struct tep_format_field *f);

/* Whether this machine's tracefs has the system calls' formats. */
bool sc_table__readable(const char *tracefs);

/* @id's info, NULL for an id perf skips (no name, no tracepoint here). */
const struct sc_info *sc_table__get(struct sc_table *t, int64_t id);
void sc_table__exit(struct sc_table *t);

/*
 * trace -e LIST: the system calls named (names or globs, comma-separated)
 * as a raw_syscalls filter, " && (id == 0 || id == 1)", appended to
 * @filter; nothing when every call is named. -1 with @err for an entry
 * that names none (perf: an event syntax error).
 */
int sc_filter(const struct pmu_arch_ops *arch, const char *list, struct strbuf *filter,
	      struct strbuf *err);

/*
 * trace -e LIST as perf's trace splits it: system calls (names, globs)
 * into sc_filter's @filter, "system:event" entries (tracepoints, names or
 * globs) into @events, "a:b,c:*". 1 when the list names events and no
 * call (perf then traces none), else 0; -1 with @err for an entry that
 * names nothing here (perf: an event syntax error). NULL @list: all calls.
 */
int trace_events_split(const struct pmu_arch_ops *arch, const char *tracefs, const char *list,
		       struct strbuf *filter, struct strbuf *events, struct strbuf *err);

#endif
