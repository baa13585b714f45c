// SPDX-License-Identifier: GPL-2.0
/* What each system call's line shows: trace-syscall.h. */
#include <event-parse.h>
#include <fnmatch.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../base/util.h"
#include "../base/xalloc.h"
#include "../events/tracepoint.h"
#include "trace-syscall.h"

#define MAX_ID 4096

/* perf 6.1's formats for particular calls: its syscall_fmts, entry for entry */
struct sc_fmt {
	const char *name, *alias;	/* alias: the tracepoint's name where it differs */
	bool hexret, errpid, timeout;
	enum sca arg[SC_MAX_ARGS];	/* SCA_LONG: the default for the field's type */
};

static const struct sc_fmt fmts[] = {
	{ "access", .arg = { [1] = SCA_ACCMODE } },
	{ "arch_prctl", .arg = { [0] = SCA_ARCH_PRCTL, [1] = SCA_PTR } },
	{ "bind", .arg = { SCA_INT, SCA_PTR, SCA_INT } },	/* no sockaddr: the pointer */
	{ "bpf", .arg = { [0] = SCA_BPF_CMD } },
	{ "brk", .hexret = true, .arg = { [0] = SCA_PTR } },
	{ "clock_gettime", .arg = { [0] = SCA_CLOCKID } },
	{ "clone", .errpid = true, .arg = { SCA_CLONE_FLAGS, SCA_HEX, SCA_HEX, SCA_HEX, SCA_HEX } },
	{ "close", .arg = { [0] = SCA_CLOSE_FD } },
	{ "connect", .arg = { SCA_INT, SCA_PTR, SCA_INT } },
	{ "fchmodat", .arg = { [0] = SCA_FDAT } },
	{ "fchownat", .arg = { [0] = SCA_FDAT } },
	{ "epoll_ctl", .arg = { [1] = SCA_EPOLL_OP } },
	{ "eventfd2", .arg = { [1] = SCA_EFD_FLAGS } },
	{ "fcntl", .arg = { [1] = SCA_FCNTL_CMD, [2] = SCA_FCNTL_ARG } },
	{ "fstat", "newfstat" },
	{ "fstatat", "newfstatat" },
	{ "flock", .arg = { [1] = SCA_FLOCK } },
	{ "fsconfig", .arg = { [1] = SCA_FSCONFIG_CMD } },
	{ "fsmount", .arg = { [1] = SCA_FSMOUNT_FLAGS, [2] = SCA_FSMOUNT_ATTR_FLAGS } },
	{ "fspick", .arg = { SCA_FDAT, SCA_FILENAME, SCA_FSPICK_FLAGS } },
	{ "futex", .arg = { [1] = SCA_FUTEX_OP, [5] = SCA_FUTEX_VAL3 } },
	{ "futimesat", .arg = { [0] = SCA_FDAT } },
	{ "getitimer", .arg = { [0] = SCA_ITIMER } },
	{ "getpgid", .errpid = true },
	/* no getpid: perf's table lists it out of order, its bsearch misses it */
	{ "getppid", .errpid = true },
	{ "getrandom", .arg = { [2] = SCA_GETRANDOM_FLAGS } },
	{ "getsockopt", .arg = { [1] = SCA_SOCK_LEVEL } },
	{ "getrlimit", .arg = { [0] = SCA_RLIMIT } },
	{ "gettid", .errpid = true },
	{ "ioctl", .arg = { [1] = SCA_IOCTL_CMD, [2] = SCA_HEX } },
	{ "kcmp", .arg = { SCA_PID, SCA_PID, SCA_KCMP_TYPE, SCA_KCMP_IDX, SCA_KCMP_IDX } },
	{ "keyctl", .arg = { [0] = SCA_KEYCTL_OPTION } },
	{ "kill", .arg = { [1] = SCA_SIGNUM } },
	{ "linkat", .arg = { [0] = SCA_FDAT } },
	{ "lseek", .arg = { [2] = SCA_WHENCE } },
	{ "madvise", .arg = { [0] = SCA_HEX, [2] = SCA_MADV_BEHAVIOR } },
	{ "lstat", "newlstat" },
	{ "mkdirat", .arg = { [0] = SCA_FDAT } },
	{ "mknodat", .arg = { [0] = SCA_FDAT } },
	{ "mmap", .hexret = true,
	  .arg = { [2] = SCA_MMAP_PROT, [3] = SCA_MMAP_FLAGS, [5] = SCA_HEX } },
	/* dev_name: a file name, though its field is a "char *" */
	{ "mount", .arg = { [0] = SCA_FILENAME, [3] = SCA_MOUNT_FLAGS } },
	{ "move_mount",
	  .arg = { SCA_FDAT, SCA_FILENAME, SCA_FDAT, SCA_FILENAME, SCA_MOVE_MOUNT_FLAGS } },
	{ "mprotect", .arg = { [0] = SCA_HEX, [2] = SCA_MMAP_PROT } },
	{ "mq_unlink", .arg = { [0] = SCA_FILENAME } },	/* what its field gets anyway */
	{ "mremap", .hexret = true, .arg = { [3] = SCA_MREMAP_FLAGS } },
	{ "name_to_handle_at", .arg = { [0] = SCA_FDAT } },
	{ "newfstatat", .arg = { [0] = SCA_FDAT } },
	{ "open", .arg = { [1] = SCA_OPEN_FLAGS } },
	{ "open_by_handle_at", .arg = { [0] = SCA_FDAT, [2] = SCA_OPEN_FLAGS } },
	{ "openat", .arg = { [0] = SCA_FDAT, [2] = SCA_OPEN_FLAGS } },
	{ "perf_event_open", .arg = { [2] = SCA_INT, [3] = SCA_FD, [4] = SCA_PERF_FLAGS } },
	{ "pipe2", .arg = { [1] = SCA_PIPE_FLAGS } },
	{ "pkey_alloc", .arg = { [1] = SCA_PKEY_ACCESS } },
	{ "pkey_free", .arg = { [0] = SCA_INT } },
	{ "pkey_mprotect", .arg = { [0] = SCA_HEX, [2] = SCA_MMAP_PROT, [3] = SCA_INT } },
	{ "poll", .timeout = true },
	{ "ppoll", .timeout = true },
	{ "pread", "pread64" },
	{ "preadv", "pread" },
	{ "prctl", .arg = { SCA_PRCTL_OPTION, SCA_PRCTL_ARG2, SCA_PRCTL_ARG3 } },
	{ "prlimit64", .arg = { [1] = SCA_RLIMIT } },
	{ "pwrite", "pwrite64" },
	{ "readlinkat", .arg = { [0] = SCA_FDAT } },
	{ "renameat", .arg = { [0] = SCA_FDAT, [2] = SCA_FDAT } },
	{ "recvfrom", .arg = { [3] = SCA_MSG_FLAGS } },
	{ "recvmmsg", .arg = { [3] = SCA_MSG_FLAGS } },
	{ "recvmsg", .arg = { [2] = SCA_MSG_FLAGS } },
	{ "renameat2", .arg = { [0] = SCA_FDAT, [2] = SCA_FDAT, [4] = SCA_RENAME_FLAGS } },
	{ "rt_sigaction", .arg = { [0] = SCA_SIGNUM } },
	{ "rt_sigprocmask", .arg = { [0] = SCA_SIGHOW } },
	{ "rt_sigqueueinfo", .arg = { [1] = SCA_SIGNUM } },
	{ "rt_tgsigqueueinfo", .arg = { [2] = SCA_SIGNUM } },
	{ "sched_setscheduler", .arg = { [1] = SCA_SCHED_POLICY } },
	{ "seccomp", .arg = { SCA_SECCOMP_OP, SCA_SECCOMP_FLAGS } },
	{ "select", .timeout = true },
	{ "sendfile", "sendfile64" },
	{ "sendmmsg", .arg = { [3] = SCA_MSG_FLAGS } },
	{ "sendmsg", .arg = { [2] = SCA_MSG_FLAGS } },
	{ "sendto", .arg = { [3] = SCA_MSG_FLAGS } },
	{ "set_tid_address", .errpid = true },
	{ "setitimer", .arg = { [0] = SCA_ITIMER } },
	{ "setrlimit", .arg = { [0] = SCA_RLIMIT } },
	{ "setsockopt", .arg = { [1] = SCA_SOCK_LEVEL } },
	{ "socket", .arg = { SCA_SOCK_FAMILY, SCA_SK_TYPE, SCA_SK_PROTO } },
	{ "socketpair", .arg = { SCA_SOCK_FAMILY, SCA_SK_TYPE, SCA_SK_PROTO } },
	{ "stat", "newstat" },
	{ "statx", .arg = { [0] = SCA_FDAT, [2] = SCA_STATX_FLAGS, [3] = SCA_STATX_MASK } },
	{ "swapoff", .arg = { [0] = SCA_FILENAME } },
	{ "swapon", .arg = { [0] = SCA_FILENAME } },
	{ "symlinkat", .arg = { [0] = SCA_FDAT } },
	{ "sync_file_range", .arg = { [3] = SCA_SYNC_FILE_RANGE } },
	{ "tgkill", .arg = { [2] = SCA_SIGNUM } },
	{ "tkill", .arg = { [1] = SCA_SIGNUM } },
	{ "umount2", "umount", .arg = { [0] = SCA_FILENAME } },
	{ "uname", "newuname" },
	{ "unlinkat", .arg = { [0] = SCA_FDAT } },
	{ "utimensat", .arg = { [0] = SCA_FDAT } },
	{ "wait4", .errpid = true, .arg = { [2] = SCA_WAITID_OPTIONS } },
	{ "waitid", .errpid = true, .arg = { [3] = SCA_WAITID_OPTIONS } },
};

static const struct sc_fmt *fmt_of(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(fmts); i++)
		if (!strcmp(fmts[i].name, name))
			return &fmts[i];
	return NULL;
}

bool sc_table__readable(const char *tracefs)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/events/syscalls/sys_enter_close/format",
		 tracefs ? tracefs : "/nonexistent");
	return !access(path, R_OK);
}

enum sca sc_default_fmt(const struct tep_format_field *f)
{
	size_t len = strlen(f->name);

	if (!strcmp(f->type, "const char *") &&
	    ((len >= 4 && !strcmp(f->name + len - 4, "name")) || strstr(f->name, "path")))
		return SCA_FILENAME;
	if ((f->flags & TEP_FIELD_IS_POINTER) || strstr(f->name, "addr"))
		return SCA_PTR;
	if (!strcmp(f->type, "pid_t"))
		return SCA_PID;
	if (!strcmp(f->type, "umode_t"))
		return SCA_MODE_T;
	if ((!strcmp(f->type, "int") || !strcmp(f->type, "unsigned int") ||
	     !strcmp(f->type, "long")) && len >= 2 && !strcmp(f->name + len - 2, "fd"))
		return SCA_FD;
	return SCA_LONG;
}

/* The fields of sys_enter_@tp after the call's number, as @sc's arguments. */
static bool read_args(struct sc_info *sc, const struct sc_fmt *fmt, const char *tracefs,
		      const char *tp)
{
	struct tep_handle *tep = tep_alloc();
	struct tep_event *ev = NULL;
	struct tep_format_field *f;
	size_t len = 0;
	char name[256];
	char *text;

	snprintf(name, sizeof(name), "sys_enter_%s", tp);
	text = tep ? tracepoint_format(tracefs, "syscalls", name, &len) : NULL;

	if (text && !tep_parse_event(tep, text, len, "syscalls"))
		ev = tep_get_event(tep, 0);
	for (f = ev ? ev->format.fields : NULL; f && sc->nr_args < SC_MAX_ARGS; f = f->next) {
		struct sc_arg *a = &sc->arg[sc->nr_args];

		if (f == ev->format.fields && (!strcmp(f->name, "__syscall_nr") ||
					       !strcmp(f->name, "nr")))
			continue;
		a->name = must_strdup(f->name);
		a->fmt = fmt && fmt->arg[sc->nr_args] != SCA_LONG ? fmt->arg[sc->nr_args] :
								    sc_default_fmt(f);
		sc->nr_args++;
	}
	free(text);
	if (tep)
		tep_free(tep);
	return ev != NULL;
}

static struct sc_info *read_info(struct sc_table *t, int64_t id)
{
	const char *name = arch__syscall_name(t->arch, id);
	struct sc_info *sc = must_calloc(1, sizeof(*sc));
	const struct sc_fmt *fmt;

	if (!name)
		return sc;
	fmt = fmt_of(name);
	sc->name = name;
	sc->exists = read_args(sc, fmt, t->tracefs, name) ||
		     (fmt && fmt->alias && read_args(sc, fmt, t->tracefs, fmt->alias));
	sc->is_exit = !strcmp(name, "exit_group") || !strcmp(name, "exit");
	if (fmt) {
		sc->hexret = fmt->hexret;
		sc->errpid = fmt->errpid;
		sc->timeout = fmt->timeout;
	}
	return sc;
}

const struct sc_info *sc_table__get(struct sc_table *t, int64_t id)
{
	if (id < 0 || id >= MAX_ID)
		return NULL;
	if (!t->by_id)
		t->by_id = must_calloc(MAX_ID, sizeof(*t->by_id));
	if (!t->by_id[id])
		t->by_id[id] = read_info(t, id);
	return t->by_id[id]->exists ? t->by_id[id] : NULL;
}

void sc_table__exit(struct sc_table *t)
{
	for (int64_t i = 0; t->by_id && i < MAX_ID; i++) {
		struct sc_info *sc = t->by_id[i];

		for (int a = 0; sc && a < sc->nr_args; a++)
			free((char *)sc->arg[a].name);
		free(sc);
	}
	free(t->by_id);
	t->by_id = NULL;
}

/* The table's ids up to the first long run of none (x86_64's ends at 450) */
#define SC_MAX_ID 1024

/* Marks in @want the ids whose names @glob (@len bytes) matches: how many */
static int mark_matches(const struct pmu_arch_ops *arch, const char *glob, size_t len,
			bool *want)
{
	char *pattern = must_strndup(glob, len);
	int matched = 0;

	for (int64_t id = 0; id < SC_MAX_ID; id++) {
		const char *name = arch__syscall_name(arch, id);

		if (name && !fnmatch(pattern, name, 0)) {
			want[id] = true;
			matched++;
		}
	}
	free(pattern);
	return matched;
}

int sc_filter(const struct pmu_arch_ops *arch, const char *list, struct strbuf *filter,
	      struct strbuf *err)
{
	bool *want = must_calloc(SC_MAX_ID, sizeof(*want));
	int all = 0, nr = 0;
	const char *p = list;

	for (int64_t id = 0; id < SC_MAX_ID; id++)
		all += arch__syscall_name(arch, id) != NULL;
	while (*p) {
		size_t len = strcspn(p, ",");

		if (len && !mark_matches(arch, p, len, want)) {
			strbuf_addf(err, "-e %.*s: no system call of that name\nhint: perf-mini "
				    "trace -e openat,close, or a glob: -e 'open*'", (int)len, p);
			free(want);
			return -1;
		}
		p += len + (p[len] == ',');
	}
	for (int64_t id = 0; id < SC_MAX_ID; id++)
		nr += want[id];
	if (nr && nr < all) {
		strbuf_addstr(filter, " && (");
		for (int64_t id = 0, first = 1; id < SC_MAX_ID; id++) {
			if (!want[id])
				continue;
			strbuf_addf(filter, "%sid == %" PRId64, first ? "" : " || ", id);
			first = 0;
		}
		strbuf_addch(filter, ')');
	}
	free(want);
	return 0;
}

static int count_match(const char *sys, const char *name, uint64_t id, void *data)
{
	(void)sys, (void)name, (void)id, (void)data;
	return 0;
}

/* a "system:event" entry into @events, if tracefs has it */
static int add_event(const char *tracefs, char *entry, char *colon, struct strbuf *events,
		     struct strbuf *err)
{
	char dir[4096];
	int found, unreadable;

	snprintf(dir, sizeof(dir), "%s/events", tracefs ? tracefs : "/nonexistent");
	*colon = '\0';
	found = tracepoint_for_each(tracefs, entry, colon + 1, count_match, NULL);
	/* a tracefs a normal user cannot read says so, not "no such" */
	unreadable = found <= 0 && access(dir, R_OK | X_OK) &&
		     tracepoint_check_system(tracefs, entry, err);
	*colon = ':';
	if (found > 0) {
		strbuf_addf(events, "%s%s", events->len ? "," : "", entry);
		return 0;
	}
	if (!unreadable)
		strbuf_addf(err, "-e %s: no such tracepoint here\nhint: perf-mini list tracepoint "
			    "shows them", entry);
	return -1;
}

int trace_events_split(const struct pmu_arch_ops *arch, const char *tracefs, const char *list,
		       struct strbuf *filter, struct strbuf *events, struct strbuf *err)
{
	struct strbuf calls = STRBUF_INIT;
	char *copy = must_strdup(list ? list : ""), *save = NULL;
	int ret = 0;

	for (char *tok = strtok_r(copy, ",", &save); tok && !ret; tok = strtok_r(NULL, ",", &save)) {
		char *colon = strchr(tok, ':');

		if (colon)
			ret = add_event(tracefs, tok, colon, events, err);
		else
			strbuf_addf(&calls, "%s%s", calls.len ? "," : "", tok);
	}
	if (!ret && calls.len)
		ret = sc_filter(arch, calls.buf, filter, err);
	else if (!ret && events->len)
		ret = 1;
	strbuf_release(&calls);
	free(copy);
	return ret;
}
