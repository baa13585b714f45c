// SPDX-License-Identifier: GPL-2.0
/*
 * perf trace's argument formats: trace-beauty.h. The names are the
 * kernel's constants; the orders, separators and oddities are perf 6.1's,
 * so that a line reads the same in both tools.
 */
#include <fcntl.h>
#include <inttypes.h>
#include <linux/futex.h>
#include <sched.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../base/util.h"
#include "internal.h"
#include "trace-beauty.h"

#ifndef STATX_DIOALIGN
#define STATX_DIOALIGN 0x2000
#endif
#ifndef CLONE_PIDFD
#define CLONE_PIDFD 0x1000
#endif
#ifndef CLONE_CLEAR_SIGHAND
#define CLONE_CLEAR_SIGHAND 0x100000000ULL
#endif
#ifndef CLONE_INTO_CGROUP
#define CLONE_INTO_CGROUP 0x200000000ULL
#endif
#define O_LARGEFILE_KERNEL 0100000	/* glibc's x86_64 O_LARGEFILE is 0 */

struct flag {
	uint64_t bit;
	const char *name;
};

/*
 * perf's P_FLAG lists: each flag set, in the list's order, "|" between;
 * bits no name covers as one "%#x" at the end.
 */
static void flags(uint64_t v, const struct flag *f, size_t n, struct strbuf *out)
{
	size_t start = out->len;

	for (size_t i = 0; i < n; i++) {
		if ((v & f[i].bit) != f[i].bit || !f[i].bit)
			continue;
		strbuf_addf(out, "%s%s", out->len > start ? "|" : "", f[i].name);
		v &= ~f[i].bit;
	}
	if (v)
		strbuf_addf(out, "%s%#x", out->len > start ? "|" : "", (unsigned int)v);
}

/* perf's strarray__scnprintf_flags: names by bit, low first; bits past
 * the table are not shown */
static void bit_names(uint64_t v, const char *const *names, size_t n, struct strbuf *out)
{
	size_t start = out->len;

	for (size_t i = 0; i < n && i < 64; i++)
		if ((v & (1ULL << i)) && names[i])
			strbuf_addf(out, "%s%s", out->len > start ? "|" : "", names[i]);
}

/* perf's strarray: the name at @v - @offset, else @v as @intfmt */
static void table(int v, int offset, const char *const *names, size_t n, bool hex,
		  struct strbuf *out)
{
	long i = (long)v - offset;

	if (i >= 0 && (size_t)i < n && names[i])
		strbuf_addstr(out, names[i]);
	else
		strbuf_addf(out, hex ? "%#x" : "%d", v);
}

#define FLAGS(v, list, out) flags((v), (list), ARRAY_SIZE(list), (out))
#define TABLE(v, off, names, hex, out) table((v), (off), (names), ARRAY_SIZE(names), (hex), (out))

static const char *const rlimits[] = {
	"CPU", "FSIZE", "DATA", "STACK", "CORE", "RSS", "NPROC", "NOFILE", "MEMLOCK", "AS",
	"LOCKS", "SIGPENDING", "MSGQUEUE", "NICE", "RTPRIO", "RTTIME",
};
static const char *const sighows[] = { "BLOCK", "UNBLOCK", "SETMASK" };
static const char *const whences[] = { "SET", "CUR", "END", "DATA", "HOLE" };
static const char *const clockids[] = {
	"REALTIME", "MONOTONIC", "PROCESS_CPUTIME_ID", "THREAD_CPUTIME_ID", "MONOTONIC_RAW",
	"REALTIME_COARSE", "MONOTONIC_COARSE", "BOOTTIME", "REALTIME_ALARM", "BOOTTIME_ALARM",
	"SGI_CYCLE", "TAI",
};
static const char *const itimers[] = { "REAL", "VIRTUAL", "PROF" };
static const char *const fcntl_cmds[] = {
	"DUPFD", "GETFD", "SETFD", "GETFL", "SETFL", "GETLK", "SETLK", "SETLKW", "SETOWN",
	"GETOWN", "SETSIG", "GETSIG", "GETLK64", "SETLK64", "SETLKW64", "SETOWN_EX",
	"GETOWN_EX", "GETOWNER_UIDS",
};
static const char *const fcntl_linux_cmds[] = {	/* from F_LINUX_SPECIFIC_BASE */
	"SETLEASE", "GETLEASE", "NOTIFY", [5] = "CANCELLK", "DUPFD_CLOEXEC", "SETPIPE_SZ",
	"GETPIPE_SZ", "ADD_SEALS", "GET_SEALS", "GET_RW_HINT", "SET_RW_HINT",
	"GET_FILE_RW_HINT", "SET_FILE_RW_HINT",
};
static const char *const leases[] = { "RDLCK", "WRLCK", "UNLCK" };
static const char *const families[] = {	/* perf's: LOCAL for 1, not UNIX */
	"UNSPEC", "LOCAL", "INET", "AX25", "IPX", "APPLETALK", "NETROM", "BRIDGE", "ATMPVC",
	"X25", "INET6", "ROSE", "DECnet", "NETBEUI", "SECURITY", "KEY", "NETLINK", "PACKET",
	"ASH", "ECONET", "ATMSVC", "RDS", "SNA", "IRDA", "PPPOX", "WANPIPE", "LLC", "IB", "MPLS",
	"CAN", "TIPC", "BLUETOOTH", "IUCV", "RXRPC", "ISDN", "PHONET", "IEEE802154", "CAIF",
	"ALG", "NFC", "VSOCK", "KCM", "QIPCRTR", "SMC", "XDP", "MCTP",
};
static const char *const ipprotos[] = {
	[0] = "IP", [1] = "ICMP", [2] = "IGMP", [4] = "IPIP", [6] = "TCP", [8] = "EGP",
	[12] = "PUP", [17] = "UDP", [22] = "IDP", [29] = "TP", [33] = "DCCP", [41] = "IPV6",
	[46] = "RSVP", [47] = "GRE", [50] = "ESP", [51] = "AH", [92] = "MTP", [94] = "BEETPH",
	[98] = "ENCAP", [103] = "PIM", [108] = "COMP", [115] = "L2TP", [132] = "SCTP",
	[136] = "UDPLITE", [137] = "MPLS", [143] = "ETHERNET", [255] = "RAW", [262] = "MPTCP",
};
static const char *const epoll_ops[] = { "ADD", "DEL", "MOD" };	/* from 1 */
/* perf 6.1's bpf_cmd list ends at PROG_BIND_MAP; keyctl's at GET_PERSISTENT;
 * fsconfig's, from <linux/mount.h>, at CMD_RECONFIGURE */
static const char *const bpf_cmds[] = {
	"MAP_CREATE", "MAP_LOOKUP_ELEM", "MAP_UPDATE_ELEM", "MAP_DELETE_ELEM", "MAP_GET_NEXT_KEY",
	"PROG_LOAD", "OBJ_PIN", "OBJ_GET", "PROG_ATTACH", "PROG_DETACH", "PROG_TEST_RUN",
	"PROG_GET_NEXT_ID", "MAP_GET_NEXT_ID", "PROG_GET_FD_BY_ID", "MAP_GET_FD_BY_ID",
	"OBJ_GET_INFO_BY_FD", "PROG_QUERY", "RAW_TRACEPOINT_OPEN", "BTF_LOAD", "BTF_GET_FD_BY_ID",
	"TASK_FD_QUERY", "MAP_LOOKUP_AND_DELETE_ELEM", "MAP_FREEZE", "BTF_GET_NEXT_ID",
	"MAP_LOOKUP_BATCH", "MAP_LOOKUP_AND_DELETE_BATCH", "MAP_UPDATE_BATCH", "MAP_DELETE_BATCH",
	"LINK_CREATE", "LINK_UPDATE", "LINK_GET_FD_BY_ID", "LINK_GET_NEXT_ID", "ENABLE_STATS",
	"ITER_CREATE", "LINK_DETACH", "PROG_BIND_MAP",
};
static const char *const keyctl_options[] = {
	"GET_KEYRING_ID", "JOIN_SESSION_KEYRING", "UPDATE", "REVOKE", "CHOWN", "SETPERM",
	"DESCRIBE", "CLEAR", "LINK", "UNLINK", "SEARCH", "READ", "INSTANTIATE", "NEGATE",
	"SET_REQKEY_KEYRING", "SET_TIMEOUT", "ASSUME_AUTHORITY", "GET_SECURITY",
	"SESSION_TO_PARENT", "REJECT", "INSTANTIATE_IOV", "INVALIDATE", "GET_PERSISTENT",
};
static const char *const fsconfig_cmds[] = {
	"SET_FLAG", "SET_STRING", "SET_BINARY", "SET_PATH", "SET_PATH_EMPTY", "SET_FD",
	"CMD_CREATE", "CMD_RECONFIGURE",
};
static const char *const rename_bits[3] = { "NOREPLACE", "EXCHANGE", "WHITEOUT" };
static const char *const sock_levels[] = {	/* perf's: SOL_SOCKET (1) is not here */
	[0] = "IP", [6] = "TCP", [17] = "UDP", [41] = "IPV6", [58] = "ICMPV6", [132] = "SCTP",
	[136] = "UDPLITE", [255] = "RAW", [256] = "IPX", "AX25", "ATALK", "NETROM", "ROSE",
	"DECNET", "X25", "PACKET", "ATM", "AAL", "IRDA", "NETBEUI", "LLC", "DCCP", "NETLINK",
	"TIPC", "RXRPC", "PPPOL2TP", "BLUETOOTH", "PNPIPE", "RDS", "IUCV", "CAIF", "ALG", "NFC",
	"KCM", "TLS", "XDP", "MPTCP", "MCTP", "SMC",
};
static const char *const prctl_options[] = {
	[1] = "SET_PDEATHSIG", "GET_PDEATHSIG", "GET_DUMPABLE", "SET_DUMPABLE", "GET_UNALIGN",
	"SET_UNALIGN", "GET_KEEPCAPS", "SET_KEEPCAPS", "GET_FPEMU", "SET_FPEMU", "GET_FPEXC",
	"SET_FPEXC", "GET_TIMING", "SET_TIMING", "SET_NAME", "GET_NAME",
	[19] = "GET_ENDIAN", "SET_ENDIAN", "GET_SECCOMP", "SET_SECCOMP", "CAPBSET_READ",
	"CAPBSET_DROP", "GET_TSC", "SET_TSC", "GET_SECUREBITS", "SET_SECUREBITS",
	"SET_TIMERSLACK", "GET_TIMERSLACK", "TASK_PERF_EVENTS_DISABLE", "TASK_PERF_EVENTS_ENABLE",
	"MCE_KILL", "MCE_KILL_GET", "SET_MM", "SET_CHILD_SUBREAPER", "GET_CHILD_SUBREAPER",
	"SET_NO_NEW_PRIVS", "GET_NO_NEW_PRIVS", "GET_TID_ADDRESS", "SET_THP_DISABLE",
	"GET_THP_DISABLE", "MPX_ENABLE_MANAGEMENT", "MPX_DISABLE_MANAGEMENT", "SET_FP_MODE",
	"GET_FP_MODE", "CAP_AMBIENT",
	[50] = "SVE_SET_VL", "SVE_GET_VL", "GET_SPECULATION_CTRL", "SET_SPECULATION_CTRL",
	"PAC_RESET_KEYS", "SET_TAGGED_ADDR_CTRL", "GET_TAGGED_ADDR_CTRL", "SET_IO_FLUSHER",
	"GET_IO_FLUSHER", "SET_SYSCALL_USER_DISPATCH", "PAC_SET_ENABLED_KEYS",
	"PAC_GET_ENABLED_KEYS", "SCHED_CORE", "SME_SET_VL", "SME_GET_VL",
};
static const char *const prctl_set_mm[] = {
	[1] = "START_CODE", "END_CODE", "START_DATA", "END_DATA", "START_STACK", "START_BRK",
	"BRK", "ARG_START", "ARG_END", "ENV_START", "ENV_END", "AUXV", "EXE_FILE", "MAP",
	"MAP_SIZE",
};
#define PR_OPT_SET_NAME 15
#define PR_OPT_SET_MM 35

static const struct flag pipe_flags[] = { { O_CLOEXEC, "CLOEXEC" }, { O_NONBLOCK, "NONBLOCK" } };
static const struct flag efd_flags[] = {
	{ 1, "SEMAPHORE" }, { O_CLOEXEC, "CLOEXEC" }, { O_NONBLOCK, "NONBLOCK" },
};
static const struct flag msg_flags[] = {
	{ MSG_OOB, "OOB" }, { MSG_PEEK, "PEEK" }, { MSG_DONTROUTE, "DONTROUTE" },
	{ MSG_CTRUNC, "CTRUNC" }, { 0x10, "PROBE" }, { MSG_TRUNC, "TRUNC" },
	{ MSG_DONTWAIT, "DONTWAIT" }, { MSG_EOR, "EOR" }, { MSG_WAITALL, "WAITALL" },
	{ MSG_FIN, "FIN" }, { MSG_SYN, "SYN" }, { MSG_CONFIRM, "CONFIRM" }, { MSG_RST, "RST" },
	{ MSG_ERRQUEUE, "ERRQUEUE" }, { MSG_NOSIGNAL, "NOSIGNAL" }, { MSG_MORE, "MORE" },
	{ MSG_WAITFORONE, "WAITFORONE" }, { 0x20000, "SENDPAGE_NOTLAST" },
	{ MSG_FASTOPEN, "FASTOPEN" }, { MSG_CMSG_CLOEXEC, "CMSG_CLOEXEC" },
};
/* whole values first: RW is READ and WRITE */
static const struct flag flock_ops[] = {
	{ 1, "SH" }, { 2, "EX" }, { 4, "NB" }, { 8, "UN" }, { 32, "MAND" }, { 192, "RW" },
	{ 64, "READ" }, { 128, "WRITE" },
};

static const struct flag perf_flags[] = {
	{ 1, "FD_NO_GROUP" }, { 2, "FD_OUTPUT" }, { 4, "PID_CGROUP" }, { 8, "FD_CLOEXEC" },
};
static const char *const sched_policies[] = {
	"NORMAL", "FIFO", "RR", "BATCH", "ISO", "IDLE", "DEADLINE",
};
static const char *const seccomp_ops[] = { "STRICT", "FILTER" };
static const struct flag seccomp_flags[] = { { 1, "TSYNC" } };
static const char *const sync_file_range_bits[] = { "WAIT_BEFORE", "WRITE", "WAIT_AFTER" };
static const char *const pkey_access_bits[] = { "DISABLE_ACCESS", "DISABLE_WRITE" };

#define SCHED_RESET_ON_FORK_FLAG 0x40000000
#define SYNC_FILE_RANGE_ALL 7

/* perf's: the policy's name (else "%#x"), then its flags, "|" before each */
static void sched_policy(uint64_t v, struct strbuf *out)
{
	unsigned int flags = (unsigned int)v & ~0xffu;

	TABLE((int)(v & 0xff), 0, sched_policies, true, out);
	if (flags & SCHED_RESET_ON_FORK_FLAG)
		strbuf_addstr(out, "|RESET_ON_FORK");
	flags &= ~SCHED_RESET_ON_FORK_FLAG;
	if (flags)
		strbuf_addf(out, "|%#x", flags);
}

/* perf's: all three as WRITE_AND_WAIT, then the rest by bit, where its
 * strarray prints a 0 for nothing left ("WRITE_AND_WAIT0", as perf 6.1) */
static void sync_file_range_flags(uint64_t v, struct strbuf *out)
{
	if ((v & SYNC_FILE_RANGE_ALL) == SYNC_FILE_RANGE_ALL) {
		strbuf_addstr(out, "WRITE_AND_WAIT");
		v &= ~(uint64_t)SYNC_FILE_RANGE_ALL;
		if (!v)
			strbuf_addch(out, '0');
	}
	bit_names(v, sync_file_range_bits, ARRAY_SIZE(sync_file_range_bits), out);
}

/* perf's: prctl's option hides the arguments it takes none of */
static void prctl_option(int option, struct sca_ctx *ctx, struct strbuf *out)
{
	enum { A2 = 1 << 1, A3 = 1 << 2, A4 = 1 << 3, A5 = 1 << 4, A6 = 1 << 5 };
	static const unsigned char masks[] = {
		[3] = A2 | A3 | A4 | A5 | A6, [4] = A3 | A4 | A5 | A6, [15] = A3 | A4 | A5 | A6,
		[37] = A3 | A4 | A5 | A6, [36] = A3 | A4 | A5 | A6, [27] = A2 | A3 | A4 | A5 | A6,
		[28] = A3 | A4 | A5 | A6, [35] = A4 | A5 | A6, [2] = A2 | A3 | A4 | A5 | A6,
		[1] = A3 | A4 | A5 | A6,
	};

	if (option >= 0 && (size_t)option < ARRAY_SIZE(masks))
		ctx->mask |= masks[option];
	TABLE(option, 0, prctl_options, false, out);
}

static const char *const sock_types[] = {
	[1] = "STREAM", "DGRAM", "RAW", "RDM", "SEQPACKET", "DCCP", [10] = "PACKET",
};

static void sock_type(int v, struct strbuf *out)
{
	int type = v & 0xf, f = v & ~0xf;

	TABLE(type, 0, sock_types, true, out);
	if (f & SOCK_CLOEXEC)
		strbuf_addstr(out, "|CLOEXEC");
	if (f & SOCK_NONBLOCK)
		strbuf_addstr(out, "|NONBLOCK");
	f &= ~(SOCK_CLOEXEC | SOCK_NONBLOCK);
	if (f)
		strbuf_addf(out, "|%#x", f);
}

/* x86's arch_prctl codes, from 0x1001 and from 0x2001 */
static const char *const arch_prctl_1[] = {
	[0x1001 - 0x1001] = "SET_GS", "SET_FS", "GET_FS", "GET_GS",
	[0x1011 - 0x1001] = "GET_CPUID", "SET_CPUID",
	[0x1021 - 0x1001] = "GET_XCOMP_SUPP", "GET_XCOMP_PERM", "REQ_XCOMP_PERM",
	"GET_XCOMP_GUEST_PERM", "REQ_XCOMP_GUEST_PERM",
};
static const char *const arch_prctl_2[] = { "MAP_VDSO_X32", "MAP_VDSO_32", "MAP_VDSO_64" };

/* by bit number: mmap's PROT_ and MAP_ names (perf's generated tables) */
static const char *const prot_bits[26] = {
	[0] = "READ", [1] = "WRITE", [2] = "EXEC", [3] = "SEM", [24] = "GROWSDOWN",
	[25] = "GROWSUP",
};
static const char *const map_bits[21] = {
	[0] = "SHARED", [1] = "PRIVATE", [4] = "FIXED", [5] = "ANONYMOUS", [6] = "32BIT",
	[8] = "GROWSDOWN", [11] = "DENYWRITE", [12] = "EXECUTABLE", [13] = "LOCKED",
	[14] = "NORESERVE", [15] = "POPULATE", [16] = "NONBLOCK", [17] = "STACK",
	[18] = "HUGETLB", [19] = "SYNC", [20] = "FIXED_NOREPLACE",
};
static const char *const mremap_bits[3] = { "MAYMOVE", "FIXED", "DONTUNMAP" };

static const char *const madvises[] = {
	"NORMAL", "RANDOM", "SEQUENTIAL", "WILLNEED", "DONTNEED", NULL, NULL, NULL, "FREE",
	"REMOVE", "DONTFORK", "DOFORK", "MERGEABLE", "UNMERGEABLE", "HUGEPAGE", "NOHUGEPAGE",
	"DONTDUMP", "DODUMP", "WIPEONFORK", "KEEPONFORK", "COLD", "PAGEOUT", "POPULATE_READ",
	"POPULATE_WRITE", "DONTNEED_LOCKED", "COLLAPSE",
	[100] = "HWPOISON", "SOFT_OFFLINE",
};

/* the tty ioctls ('T'), by number */
static const char *const tty_ioctls[] = {
	[0x01] = "TCGETS", "TCSETS", "TCSETSW", "TCSETSF", "TCGETA", "TCSETA", "TCSETAW",
	"TCSETAF", "TCSBRK", "TCXONC", "TCFLSH", "TIOCEXCL", "TIOCNXCL", "TIOCSCTTY",
	"TIOCGPGRP", "TIOCSPGRP", "TIOCOUTQ", "TIOCSTI", "TIOCGWINSZ", "TIOCSWINSZ",
	"TIOCMGET", "TIOCMBIS", "TIOCMBIC", "TIOCMSET", "TIOCGSOFTCAR", "TIOCSSOFTCAR",
	"FIONREAD", "TIOCLINUX", "TIOCCONS", "TIOCGSERIAL", "TIOCSSERIAL", "TIOCPKT",
	"FIONBIO", "TIOCNOTTY", "TIOCSETD", "TIOCGETD", "TCSBRKP",
	[0x27] = "TIOCSBRK", "TIOCCBRK", "TIOCGSID", "TCGETS2", "TCSETS2", "TCSETSW2",
	"TCSETSF2", "TIOCGRS48", "TIOCSRS485", "TIOCGPTN", "TIOCSPTLCK", "TIOCGDEV", "TCSETX",
	"TCSETXF", "TCSETXW", "TIOCSIG", "TIOCVHANGUP", "TIOCGPKT", "TIOCGPTLCK",
	[0x40] = "TIOCGEXCL", "TIOCGPTPEER", "TIOCGISO7816", "TIOCSISO7816",
	[0x50] = "FIONCLEX", "FIOCLEX", "FIOASYNC", "TIOCSERCONFIG", "TIOCSERGWILD",
	"TIOCSERSWILD", "TIOCGLCKTRMIOS", "TIOCSLCKTRMIOS", "TIOCSERGSTRUCT", "TIOCSERGETLSR",
	"TIOCSERGETMULTI", "TIOCSERSETMULTI", "TIOCMIWAIT", "TIOCGICOUNT",
};

static const struct flag open_flags[] = {
	{ O_RDWR, "RDWR" }, { O_APPEND, "APPEND" }, { O_ASYNC, "ASYNC" },
	{ O_CLOEXEC, "CLOEXEC" }, { O_CREAT, "CREAT" }, { O_DIRECT, "DIRECT" },
	{ O_DIRECTORY, "DIRECTORY" }, { O_EXCL, "EXCL" }, { O_LARGEFILE_KERNEL, "LARGEFILE" },
	{ O_NOFOLLOW, "NOFOLLOW" }, { 020000000, "TMPFILE" }, { O_NOATIME, "NOATIME" },
	{ O_NOCTTY, "NOCTTY" }, { O_NONBLOCK, "NONBLOCK" }, { O_PATH, "PATH" },
};

static const struct flag clone_flags[] = {
	{ CLONE_VM, "VM" }, { CLONE_FS, "FS" }, { CLONE_FILES, "FILES" },
	{ CLONE_SIGHAND, "SIGHAND" }, { CLONE_PIDFD, "PIDFD" }, { CLONE_PTRACE, "PTRACE" },
	{ CLONE_VFORK, "VFORK" }, { CLONE_PARENT, "PARENT" }, { CLONE_THREAD, "THREAD" },
	{ CLONE_NEWNS, "NEWNS" }, { CLONE_SYSVSEM, "SYSVSEM" }, { CLONE_SETTLS, "SETTLS" },
	{ CLONE_PARENT_SETTID, "PARENT_SETTID" }, { CLONE_CHILD_CLEARTID, "CHILD_CLEARTID" },
	{ CLONE_DETACHED, "DETACHED" }, { CLONE_UNTRACED, "UNTRACED" },
	{ CLONE_CHILD_SETTID, "CHILD_SETTID" }, { CLONE_NEWCGROUP, "NEWCGROUP" },
	{ CLONE_NEWUTS, "NEWUTS" }, { CLONE_NEWIPC, "NEWIPC" }, { CLONE_NEWUSER, "NEWUSER" },
	{ CLONE_NEWPID, "NEWPID" }, { CLONE_NEWNET, "NEWNET" }, { CLONE_IO, "IO" },
	{ CLONE_CLEAR_SIGHAND, "CLEAR_SIGHAND" }, { CLONE_INTO_CGROUP, "INTO_CGROUP" },
};

static const struct flag wait_options[] = {
	{ WNOHANG, "NOHANG" }, { WUNTRACED, "UNTRACED" }, { WCONTINUED, "CONTINUED" },
};

static const struct flag getrandom_flags[] = { { 0x2, "RANDOM" }, { 0x1, "NONBLOCK" } };

/* the largest first: a mode that has them all is IALLUGO, not its parts */
static const struct flag modes[] = {
	{ S_ISUID | S_ISGID | S_ISVTX | 0777, "IALLUGO" }, { 0777, "IRWXUGO" },
	{ 0444, "IRUGO" }, { 0222, "IWUGO" }, { 0111, "IXUGO" }, { S_IFMT, "IFMT" },
	{ S_IFSOCK, "IFSOCK" }, { S_IFLNK, "IFLNK" }, { S_IFREG, "IFREG" }, { S_IFBLK, "IFBLK" },
	{ S_IFDIR, "IFDIR" }, { S_IFCHR, "IFCHR" }, { S_IFIFO, "IFIFO" }, { S_ISUID, "ISUID" },
	{ S_ISGID, "ISGID" }, { S_ISVTX, "ISVTX" }, { S_IRWXU, "IRWXU" }, { S_IRUSR, "IRUSR" },
	{ S_IWUSR, "IWUSR" }, { S_IXUSR, "IXUSR" }, { S_IRWXG, "IRWXG" }, { S_IRGRP, "IRGRP" },
	{ S_IWGRP, "IWGRP" }, { S_IXGRP, "IXGRP" }, { S_IRWXO, "IRWXO" }, { S_IROTH, "IROTH" },
	{ S_IWOTH, "IWOTH" }, { S_IXOTH, "IXOTH" },
};

static void open_flags_of(uint64_t v, struct strbuf *out)
{
	int f = (int)v;
	size_t start = out->len;

	if ((f & O_ACCMODE) == O_RDONLY)
		strbuf_addstr(out, "RDONLY");
	for (size_t i = 0; i < ARRAY_SIZE(open_flags); i++) {
		if (!(f & (int)open_flags[i].bit))
			continue;
		strbuf_addf(out, "%s%s", out->len > start ? "|" : "", open_flags[i].name);
		f &= ~(int)open_flags[i].bit;
	}
	if ((f & O_SYNC) == O_SYNC) {
		strbuf_addf(out, "%sSYNC", out->len > start ? "|" : "");
	} else if (f & O_DSYNC) {
		strbuf_addf(out, "%sDSYNC", out->len > start ? "|" : "");
		f &= ~O_DSYNC;
	}
	if (f & O_TRUNC) {
		strbuf_addf(out, "%sTRUNC", out->len > start ? "|" : "");
		f &= ~O_TRUNC;
	}
	if (f & O_WRONLY) {
		strbuf_addf(out, "%sWRONLY", out->len > start ? "|" : "");
		f &= ~O_WRONLY;
	}
	if (f)	/* O_SYNC stays: perf clears it nowhere */
		strbuf_addf(out, "%s%#x", out->len > start ? "|" : "", f);
}

static void futex_op(uint64_t v, struct sca_ctx *ctx, struct strbuf *out)
{
	enum { UADDR2 = 1 << 4, TIMEOUT = 1 << 3, VAL3 = 1 << 5 };
	static const struct { const char *name; unsigned int mask; } ops[] = {
		[FUTEX_WAIT] = { "WAIT", VAL3 | UADDR2 },
		[FUTEX_WAKE] = { "WAKE", VAL3 | UADDR2 | TIMEOUT },
		[FUTEX_FD] = { "FD", VAL3 | UADDR2 | TIMEOUT },
		[FUTEX_REQUEUE] = { "REQUEUE", VAL3 | TIMEOUT },
		[FUTEX_CMP_REQUEUE] = { "CMP_REQUEUE", TIMEOUT },
		[FUTEX_WAKE_OP] = { "WAKE_OP", 0 },
		[FUTEX_LOCK_PI] = { "LOCK_PI", VAL3 | UADDR2 | TIMEOUT },
		[FUTEX_UNLOCK_PI] = { "UNLOCK_PI", VAL3 | UADDR2 | TIMEOUT },
		[FUTEX_TRYLOCK_PI] = { "TRYLOCK_PI", VAL3 | UADDR2 },
		[FUTEX_WAIT_BITSET] = { "WAIT_BITSET", UADDR2 },
		[FUTEX_WAKE_BITSET] = { "WAKE_BITSET", UADDR2 },
		[FUTEX_WAIT_REQUEUE_PI] = { "WAIT_REQUEUE_PI", 0 },
		[FUTEX_CMP_REQUEUE_PI] = { "CMP_REQUEUE_PI", TIMEOUT },
	};
	int op = (int)v, cmd = op & FUTEX_CMD_MASK;

	if (cmd >= 0 && (size_t)cmd < ARRAY_SIZE(ops) && ops[cmd].name) {
		strbuf_addstr(out, ops[cmd].name);
		ctx->mask |= ops[cmd].mask;
	} else {
		strbuf_addf(out, "%#x", cmd);
	}
	if (op & FUTEX_PRIVATE_FLAG)
		strbuf_addstr(out, "|PRIVATE_FLAG");
	if (op & FUTEX_CLOCK_REALTIME)
		strbuf_addstr(out, "|CLOCK_REALTIME");
}

static void signum(int sig, struct strbuf *out)
{
	static const char *const names[] = {
		[SIGHUP] = "HUP", [SIGINT] = "INT", [SIGQUIT] = "QUIT", [SIGILL] = "ILL",
		[SIGTRAP] = "TRAP", [SIGABRT] = "ABRT", [SIGBUS] = "BUS", [SIGFPE] = "FPE",
		[SIGKILL] = "KILL", [SIGUSR1] = "USR1", [SIGSEGV] = "SEGV", [SIGUSR2] = "USR2",
		[SIGPIPE] = "PIPE", [SIGALRM] = "ALRM", [SIGTERM] = "TERM", [SIGCHLD] = "CHLD",
		[SIGCONT] = "CONT", [SIGSTOP] = "STOP", [SIGTSTP] = "TSTP", [SIGTTIN] = "TTIN",
		[SIGTTOU] = "TTOU", [SIGURG] = "URG", [SIGXCPU] = "XCPU", [SIGXFSZ] = "XFSZ",
		[SIGVTALRM] = "VTALRM", [SIGPROF] = "PROF", [SIGWINCH] = "WINCH", [SIGIO] = "IO",
		[SIGPWR] = "PWR", [SIGSYS] = "SYS", [SIGSTKFLT] = "STKFLT",
	};

	TABLE(sig, 0, names, true, out);
}

/* perf's statx flags and mask: its format prints no name, "|" only
 * after something printed, so known flags come out as nothing */
static void statx_bits(uint64_t v, uint64_t known, const char *zero, struct strbuf *out)
{
	int f = (int)v;

	if (!f && zero) {
		strbuf_addstr(out, zero);
		return;
	}
	f &= ~(int)known;
	if (f)
		strbuf_addf(out, "%#x", f);
}

static void ioctl_cmd(uint64_t v, struct strbuf *out)
{
	unsigned int cmd = (unsigned int)v;
	int dir = _IOC_DIR(cmd), type = _IOC_TYPE(cmd), nr = _IOC_NR(cmd), sz = _IOC_SIZE(cmd);

	if (type == 'T') {
		if ((size_t)nr < ARRAY_SIZE(tty_ioctls) && tty_ioctls[nr])
			strbuf_addstr(out, tty_ioctls[nr]);
		else
			strbuf_addf(out, "(%#x, %#x, %#x)", 'T', nr, dir);
		return;
	}
	strbuf_addch(out, '(');
	if (dir == _IOC_NONE)
		strbuf_addstr(out, "NONE");
	if (dir & _IOC_READ)
		strbuf_addstr(out, "READ");
	if (dir & _IOC_WRITE)
		strbuf_addf(out, "%sWRITE", dir & _IOC_READ ? "|" : "");
	strbuf_addf(out, ", %#x, %#x, %#x)", type, nr, sz);
}

static void clone_flags_of(uint64_t v, struct sca_ctx *ctx, struct strbuf *out)
{
	if (!(v & CLONE_PARENT_SETTID))
		ctx->mask |= 1u << 2;
	if (!(v & (CLONE_CHILD_SETTID | CLONE_CHILD_CLEARTID)))
		ctx->mask |= 1u << 3;
	if (!(v & CLONE_SETTLS))
		ctx->mask |= 1u << 4;
	FLAGS(v, clone_flags, out);
}

static void pid_of(uint64_t v, struct sca_ctx *ctx, struct strbuf *out)
{
	const char *comm = ctx->comm_of ? ctx->comm_of(ctx->priv, (int32_t)v) : NULL;

	strbuf_addf(out, "%d", (int)v);
	if (comm)
		strbuf_addf(out, " (%s)", comm);
}

static void accmode(int mode, struct strbuf *out)
{
	if (mode == F_OK) {
		strbuf_addch(out, 'F');
		return;
	}
	/* perf's: no separator between the letters */
	if (mode & R_OK)
		strbuf_addch(out, 'R');
	if (mode & W_OK)
		strbuf_addch(out, 'W');
	if (mode & X_OK)
		strbuf_addch(out, 'X');
	mode &= ~(R_OK | W_OK | X_OK);
	if (mode)
		strbuf_addf(out, "|%#x", mode);
}

static void arch_prctl(int code, struct strbuf *out)
{
	if (code >= 0x2001)
		TABLE(code, 0x2001, arch_prctl_2, true, out);
	else
		TABLE(code, 0x1001, arch_prctl_1, true, out);
}

/* perf's: the command sets how the result prints, and hides an
 * argument the command does not read */
static void fcntl_cmd(int cmd, struct sca_ctx *ctx, struct strbuf *out)
{
	long i = (long)cmd - 1024;

	switch (cmd) {
	case F_GETFL: ctx->ret_fmt = SCA_OPEN_FLAGS; ctx->mask |= 1u << 2; break;
	case F_GETFD: ctx->ret_fmt = SCA_FCNTL_GETFD; ctx->mask |= 1u << 2; break;
	case F_DUPFD: case F_DUPFD_CLOEXEC: ctx->ret_fmt = SCA_FD; break;
	case F_GETOWN: ctx->ret_fmt = SCA_PID; ctx->mask |= 1u << 2; break;
	case F_GETLEASE: ctx->ret_fmt = SCA_FCNTL_LEASE; ctx->mask |= 1u << 2; break;
	case F_GET_SEALS: case F_GETSIG: ctx->mask |= 1u << 2; break;
	}
	if (cmd >= 0 && (size_t)cmd < ARRAY_SIZE(fcntl_cmds))
		strbuf_addstr(out, fcntl_cmds[cmd]);
	else if (i >= 0 && (size_t)i < ARRAY_SIZE(fcntl_linux_cmds) && fcntl_linux_cmds[i])
		strbuf_addstr(out, fcntl_linux_cmds[i]);
	else
		strbuf_addf(out, "%d", cmd);
}

/* fcntl's third argument, read as its command says */
static enum sca fcntl_arg(int cmd)
{
	switch (cmd) {
	case F_DUPFD: return SCA_FD;
	case F_SETFD: return SCA_FCNTL_GETFD;
	case F_SETFL: return SCA_OPEN_FLAGS;
	case F_SETOWN: return SCA_PID;
	case F_SETLEASE: return SCA_FCNTL_LEASE;
	case F_SETLK: case F_SETLKW: case F_GETLK: case F_OFD_SETLK: case F_OFD_SETLKW:
	case F_OFD_GETLK: case F_GETOWN_EX: case F_SETOWN_EX: case 1035: case 1036:
	case 1037: case 1038:	/* the read/write hints */
		return SCA_HEX;
	default: return SCA_LONG;
	}
}

bool sca_shows_zero(enum sca fmt)
{
	return fmt == SCA_RLIMIT || fmt == SCA_SIGHOW || fmt == SCA_WHENCE ||
	       fmt == SCA_CLOCKID || fmt == SCA_ITIMER || fmt == SCA_FCNTL_CMD ||
	       fmt == SCA_SOCK_FAMILY || fmt == SCA_EPOLL_OP || fmt == SCA_SOCK_LEVEL ||
	       fmt == SCA_BPF_CMD || fmt == SCA_KEYCTL_OPTION || fmt == SCA_FSCONFIG_CMD;
}

/* the flag and table formats, which read the value alone */
static bool print_named(enum sca fmt, uint64_t val, struct strbuf *out)
{
	switch (fmt) {
	case SCA_MODE_T: FLAGS(val, modes, out); return true;
	case SCA_ACCMODE: accmode((int)val, out); return true;
	case SCA_ARCH_PRCTL: arch_prctl((int)val, out); return true;
	case SCA_MMAP_PROT: bit_names(val, prot_bits, ARRAY_SIZE(prot_bits), out); return true;
	case SCA_MREMAP_FLAGS:
		bit_names(val, mremap_bits, ARRAY_SIZE(mremap_bits), out);
		return true;
	case SCA_FUTEX_VAL3:
		if ((uint32_t)val == 0xffffffff)
			strbuf_addstr(out, "MATCH_ANY");
		else
			strbuf_addf(out, "%#xd", (unsigned int)val);	/* perf's "d" */
		return true;
	case SCA_GETRANDOM_FLAGS: FLAGS(val, getrandom_flags, out); return true;
	case SCA_SIGNUM: signum((int)val, out); return true;
	case SCA_STATX_FLAGS:
		statx_bits(val, 0x7f00, "SYNC_AS_STAT", out);
		return true;
	case SCA_STATX_MASK:
		statx_bits(val, 0x7ff | STATX_BTIME | STATX_MNT_ID | STATX_DIOALIGN, NULL, out);
		return true;
	case SCA_WAITID_OPTIONS: FLAGS(val, wait_options, out); return true;
	case SCA_IOCTL_CMD: ioctl_cmd(val, out); return true;
	case SCA_MADV_BEHAVIOR:	/* perf's: the prefix, and nothing for an unknown one */
		if (val < ARRAY_SIZE(madvises) && madvises[val])
			strbuf_addf(out, "MADV_%s", madvises[val]);
		return true;
	case SCA_FCNTL_GETFD:	/* perf's, inverted: "0" when the flag is there */
		strbuf_addstr(out, val ? "0" : "CLOEXEC");
		return true;
	case SCA_FCNTL_LEASE:
		if (val < ARRAY_SIZE(leases))
			strbuf_addstr(out, leases[val]);
		else
			strbuf_addf(out, "%x", (int)val);
		return true;
	case SCA_RLIMIT: TABLE((int)val, 0, rlimits, false, out); return true;
	case SCA_SIGHOW: TABLE((int)val, 0, sighows, false, out); return true;
	case SCA_WHENCE: TABLE((int)val, 0, whences, false, out); return true;
	case SCA_CLOCKID: TABLE((int)val, 0, clockids, false, out); return true;
	case SCA_ITIMER: TABLE((int)val, 0, itimers, false, out); return true;
	case SCA_SOCK_FAMILY: TABLE((int)val, 0, families, false, out); return true;
	case SCA_EPOLL_OP: TABLE((int)val, 1, epoll_ops, false, out); return true;
	case SCA_SOCK_LEVEL: TABLE((int)val, 0, sock_levels, false, out); return true;
	case SCA_BPF_CMD: TABLE((int)val, 0, bpf_cmds, false, out); return true;
	case SCA_KEYCTL_OPTION: TABLE((int)val, 0, keyctl_options, false, out); return true;
	case SCA_FSCONFIG_CMD: TABLE((int)val, 0, fsconfig_cmds, false, out); return true;
	case SCA_PIPE_FLAGS: FLAGS(val, pipe_flags, out); return true;
	case SCA_EFD_FLAGS: FLAGS(val, efd_flags, out); return true;
	case SCA_MSG_FLAGS: FLAGS(val, msg_flags, out); return true;
	case SCA_FLOCK: FLAGS(val, flock_ops, out); return true;
	case SCA_RENAME_FLAGS:
		bit_names(val, rename_bits, ARRAY_SIZE(rename_bits), out);
		return true;
	case SCA_SK_TYPE: sock_type((int)val, out); return true;
	case SCA_PERF_FLAGS: FLAGS(val, perf_flags, out); return true;
	case SCA_SCHED_POLICY: sched_policy(val, out); return true;
	case SCA_SECCOMP_OP: TABLE((int)val, 0, seccomp_ops, true, out); return true;
	case SCA_SECCOMP_FLAGS: FLAGS(val, seccomp_flags, out); return true;
	case SCA_SYNC_FILE_RANGE: sync_file_range_flags(val, out); return true;
	case SCA_PKEY_ACCESS:
		bit_names(val, pkey_access_bits, ARRAY_SIZE(pkey_access_bits), out);
		return true;
	default: return false;
	}
}

/* perf's fd: "3</etc/passwd>" where its path is known (live), else "3" */
static void fd_of(int fd, bool closing, struct sca_ctx *ctx, struct strbuf *out)
{
	const char *path = ctx->fd_path && fd >= 0 ? ctx->fd_path(ctx->priv, fd, closing) : NULL;

	strbuf_addf(out, "%d", fd);
	if (path)
		strbuf_addf(out, "<%s>", path);
}

void sca_print(enum sca fmt, uint64_t val, struct sca_ctx *ctx, struct strbuf *out)
{
	if (print_named(fmt, val, out) || sca_print_fs(fmt, val, ctx, out))
		return;
	switch (fmt) {
	case SCA_FD: case SCA_CLOSE_FD:
		fd_of((int)val, fmt == SCA_CLOSE_FD, ctx, out);
		break;
	case SCA_INT:
		strbuf_addf(out, "%d", (int)val);
		break;
	case SCA_HEX:
		strbuf_addf(out, "%#" PRIx64, val);
		break;
	case SCA_PTR:
		if (val)
			strbuf_addf(out, "%#" PRIx64, val);
		else
			strbuf_addstr(out, "NULL");
		break;
	case SCA_FDAT:
		if ((int)val == AT_FDCWD)
			strbuf_addstr(out, "CWD");
		else
			fd_of((int)val, false, ctx, out);
		break;
	case SCA_FILENAME:	/* no string recorded: perf's "%#x" of the pointer */
		strbuf_addf(out, "%#x", (unsigned int)val);
		break;
	case SCA_PID: pid_of(val, ctx, out); break;
	case SCA_MMAP_FLAGS:
		if (val & MAP_ANONYMOUS)
			ctx->mask |= (1u << 4) | (1u << 5);	/* no fd, no offset */
		bit_names(val, map_bits, ARRAY_SIZE(map_bits), out);
		break;
	case SCA_OPEN_FLAGS:
		if (!((int)val & O_CREAT) && ctx->idx >= 0 && ctx->idx < 31)
			ctx->mask |= 1u << (ctx->idx + 1);	/* no mode without O_CREAT */
		open_flags_of(val, out);
		break;
	case SCA_FUTEX_OP: futex_op(val, ctx, out); break;
	case SCA_CLONE_FLAGS: clone_flags_of(val, ctx, out); break;
	case SCA_FCNTL_CMD: fcntl_cmd((int)val, ctx, out); break;
	case SCA_PRCTL_OPTION: prctl_option((int)val, ctx, out); break;
	case SCA_PRCTL_ARG2:
		if ((int)ctx->args[0] == PR_OPT_SET_MM)
			TABLE((int)val, 0, prctl_set_mm, false, out);
		else
			sca_print((int)ctx->args[0] == PR_OPT_SET_NAME ? SCA_HEX : SCA_LONG, val, ctx,
				  out);
		break;
	case SCA_PRCTL_ARG3:
		sca_print((int)ctx->args[0] == PR_OPT_SET_MM ? SCA_HEX : SCA_LONG, val, ctx, out);
		break;
	case SCA_SK_PROTO:	/* IPPROTO_ names for the internet families only */
		if ((int)ctx->args[0] == AF_INET || (int)ctx->args[0] == AF_INET6)
			TABLE((int)val, 0, ipprotos, false, out);
		else
			strbuf_addf(out, "%d", (int)val);
		break;
	case SCA_FCNTL_ARG:
		if (fcntl_arg((int)ctx->args[1]) == SCA_OPEN_FLAGS)	/* no masking here */
			open_flags_of(val, out);
		else
			sca_print(fcntl_arg((int)ctx->args[1]), val, ctx, out);
		break;
	default:
		strbuf_addf(out, "%" PRId64, (int64_t)val);
		break;
	}
}
