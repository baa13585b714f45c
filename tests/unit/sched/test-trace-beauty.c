// SPDX-License-Identifier: GPL-2.0
/*
 * perf trace's argument formats: kernel constants in, perf 6.1's text out
 * (its order of flags, its tables, its quirks), and the arguments a flag
 * makes meaningless masked.
 */
#include <fcntl.h>
#include <sys/ioctl.h>

#include "../unit-test.h"
#include "../../../util/sched/trace-beauty.h"

static const struct {
	enum sca fmt;
	uint64_t val;
	const char *want;
} cases[] = {
	{ SCA_OPEN_FLAGS, O_RDONLY | O_CLOEXEC, "RDONLY|CLOEXEC" },
	{ SCA_OPEN_FLAGS, O_WRONLY | O_CREAT | O_TRUNC, "CREAT|TRUNC|WRONLY" },
	{ SCA_OPEN_FLAGS, O_RDONLY | O_DIRECTORY | O_NONBLOCK | O_CLOEXEC,
	  "RDONLY|CLOEXEC|DIRECTORY|NONBLOCK" },
	{ SCA_MMAP_PROT, 0x5, "READ|EXEC" },
	{ SCA_MMAP_FLAGS, 0x812, "PRIVATE|FIXED|DENYWRITE" },
	{ SCA_MMAP_FLAGS, 0x22, "PRIVATE|ANONYMOUS" },
	{ SCA_FUTEX_OP, 0x81, "WAKE|PRIVATE_FLAG" },
	{ SCA_FUTEX_OP, 0x189, "WAIT_BITSET|PRIVATE_FLAG|CLOCK_REALTIME" },
	{ SCA_FUTEX_VAL3, 0xffffffff, "MATCH_ANY" },
	{ SCA_SIGNUM, 9, "KILL" },
	{ SCA_SIGNUM, 200, "0xc8" },
	{ SCA_RLIMIT, 3, "STACK" },
	{ SCA_RLIMIT, 99, "99" },
	{ SCA_ARCH_PRCTL, 0x1002, "SET_FS" },
	{ SCA_ARCH_PRCTL, 0x2003, "MAP_VDSO_64" },
	{ SCA_ARCH_PRCTL, 0x3001, "0x3001" },
	{ SCA_IOCTL_CMD, TCGETS, "TCGETS" },
	{ SCA_IOCTL_CMD, _IOR('X', 1, int), "(READ, 0x58, 0x1, 0x4)" },
	{ SCA_STATX_MASK, 0xfff, "" },		/* perf's: known bits print nothing */
	{ SCA_STATX_MASK, 0x4fff, "0x4000" },
	{ SCA_ACCMODE, 5, "RX" },		/* perf's: no separator */
	{ SCA_MODE_T, 0640, "IRUSR|IWUSR|IRGRP" },
	{ SCA_MODE_T, 0777, "IRWXUGO" },
	{ SCA_FDAT, (uint64_t)(int64_t)AT_FDCWD, "CWD" },
	{ SCA_FDAT, 3, "3" },
	{ SCA_FILENAME, 0x7f1234567890ULL, "0x34567890" },	/* perf's %#x */
	{ SCA_PTR, 0x7fffe627c930ULL, "0x7fffe627c930" },
	{ SCA_SK_TYPE, 0x80001, "STREAM|CLOEXEC" },
	{ SCA_SOCK_FAMILY, 10, "INET6" },
	{ SCA_SOCK_FAMILY, 1, "LOCAL" },
	{ SCA_WAITID_OPTIONS, 1, "NOHANG" },
	{ SCA_GETRANDOM_FLAGS, 3, "RANDOM|NONBLOCK" },
	{ SCA_FCNTL_GETFD, 1, "0" },		/* perf's, inverted */
	{ SCA_FCNTL_GETFD, 0, "CLOEXEC" },
	{ SCA_LONG, (uint64_t)-1, "-1" },
	{ SCA_MSG_FLAGS, 0x40, "DONTWAIT" },
	{ SCA_PIPE_FLAGS, O_CLOEXEC | O_NONBLOCK, "CLOEXEC|NONBLOCK" },
	{ SCA_FLOCK, 6, "EX|NB" },
	{ SCA_FLOCK, 192, "RW" },
	{ SCA_EPOLL_OP, 1, "ADD" },
	{ SCA_EPOLL_OP, 0, "0" },
	{ SCA_RENAME_FLAGS, 1, "NOREPLACE" },
	{ SCA_PERF_FLAGS, 0x19, "FD_NO_GROUP|FD_CLOEXEC|0x10" },
	{ SCA_SCHED_POLICY, 3 | 0x40000000, "BATCH|RESET_ON_FORK" },
	{ SCA_SCHED_POLICY, 0x109, "0x9|0x100" },
	{ SCA_SECCOMP_OP, 1, "FILTER" },
	{ SCA_SECCOMP_OP, 2, "0x2" },
	{ SCA_SECCOMP_FLAGS, 3, "TSYNC|0x2" },
	{ SCA_SYNC_FILE_RANGE, 7, "WRITE_AND_WAIT0" },	/* perf 6.1's */
	{ SCA_SYNC_FILE_RANGE, 15, "WRITE_AND_WAIT" },	/* bit 3: past its table */
	{ SCA_SYNC_FILE_RANGE, 5, "WAIT_BEFORE|WAIT_AFTER" },
	{ SCA_PKEY_ACCESS, 6, "DISABLE_WRITE" },
	{ SCA_SOCK_LEVEL, 1, "1" },		/* perf's table has no SOL_SOCKET */
	{ SCA_SOCK_LEVEL, 0, "IP" },
	{ SCA_BPF_CMD, 0, "MAP_CREATE" },
	{ SCA_BPF_CMD, 35, "PROG_BIND_MAP" },
	{ SCA_BPF_CMD, 36, "36" },		/* perf 6.1's list ends before */
	{ SCA_KEYCTL_OPTION, 0, "GET_KEYRING_ID" },
	{ SCA_KEYCTL_OPTION, 22, "GET_PERSISTENT" },
	{ SCA_KEYCTL_OPTION, 23, "23" },
	{ SCA_FSCONFIG_CMD, 7, "CMD_RECONFIGURE" },
	{ SCA_FSCONFIG_CMD, 8, "8" },
	{ SCA_MOUNT_FLAGS, 1 | 4096, "RDONLY|BIND" },
	{ SCA_MOUNT_FLAGS, 16384 | (1 << 18) | (1 << 21), "REC|PRIVATE|RELATIME" },
	{ SCA_MOUNT_FLAGS, 0x80000000ULL | (1ULL << 32), "NOUSER" },	/* 32 bits */
	{ SCA_FSMOUNT_FLAGS, 1, "CLOEXEC" },
	{ SCA_FSMOUNT_FLAGS, 2, "" },		/* past the table: not shown */
	{ SCA_FSMOUNT_ATTR_FLAGS, 1, "RDONLY|RELATIME" },
	{ SCA_FSMOUNT_ATTR_FLAGS, 0x10, "" },	/* NOATIME alone: perf's nothing */
	{ SCA_FSMOUNT_ATTR_FLAGS, 0x11, "RDONLY|NOATIME" },
	{ SCA_FSMOUNT_ATTR_FLAGS, 0x300000, "IDMAP|NOSYMFOLLOW|RELATIME" },
	{ SCA_FSPICK_FLAGS, 0xf, "CLOEXEC|SYMLINK_NOFOLLOW|NO_AUTOMOUNT|EMPTY_PATH" },
	{ SCA_FSPICK_FLAGS, 0x20, "" },
	{ SCA_MOVE_MOUNT_FLAGS, 0x177,
	  "F_SYMLINKS|F_AUTOMOUNTS|F_EMPTY_PATH|T_SYMLINKS|T_AUTOMOUNTS|T_EMPTY_PATH|SET_GROUP" },
	{ SCA_KCMP_TYPE, 1, "VM" },
	{ SCA_KCMP_TYPE, 7, "EPOLL_TFD" },
	{ SCA_KCMP_TYPE, 8, "8" },
	{ SCA_KCMP_IDX, 5, "5" },		/* no KCMP_FILE known: a number */
};

static void formats_as_perf(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct sca_ctx ctx = { .idx = 1 };
		struct strbuf sb = STRBUF_INIT;

		sca_print(cases[i].fmt, cases[i].val, &ctx, &sb);
		print_message("%d %#llx: '%s'\n", cases[i].fmt, (unsigned long long)cases[i].val,
			      sb.buf);
		assert_string_equal(sb.buf, cases[i].want);
		strbuf_release(&sb);
	}
}

/* open's mode only with O_CREAT; mmap's fd and offset not when anonymous */
static void flags_mask_later_arguments(void **state)
{
	struct sca_ctx ctx = { .idx = 2 };
	struct strbuf sb = STRBUF_INIT;

	(void)state;
	sca_print(SCA_OPEN_FLAGS, O_RDONLY, &ctx, &sb);
	assert_int_equal(ctx.mask, 1u << 3);
	ctx = (struct sca_ctx){ .idx = 2 };
	sca_print(SCA_OPEN_FLAGS, O_CREAT, &ctx, &sb);
	assert_int_equal(ctx.mask, 0);
	ctx = (struct sca_ctx){ .idx = 3 };
	sca_print(SCA_MMAP_FLAGS, 0x22, &ctx, &sb);
	assert_int_equal(ctx.mask, (1u << 4) | (1u << 5));
	assert_true(sca_shows_zero(SCA_RLIMIT) && !sca_shows_zero(SCA_OPEN_FLAGS));
	strbuf_release(&sb);
}

/* live, a known fd carries its path; a close says it goes */
static const char *known_fd(void *priv, int fd, bool closing)
{
	bool *closed = priv;

	*closed |= closing;
	return fd == 3 ? "/etc/passwd" : NULL;
}

static void fds_named_live(void **state)
{
	static const struct { enum sca fmt; uint64_t val; const char *want; bool closes; } fds[] = {
		{ SCA_FD, 3, "3</etc/passwd>", false },
		{ SCA_FD, 4, "4", false },
		{ SCA_CLOSE_FD, 3, "3</etc/passwd>", true },
		{ SCA_FDAT, 3, "3</etc/passwd>", false },
		{ SCA_FDAT, (uint64_t)(int64_t)AT_FDCWD, "CWD", false },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(fds) / sizeof(fds[0]); i++) {
		bool closed = false;
		struct sca_ctx ctx = { .idx = 0, .fd_path = known_fd, .priv = &closed };
		struct strbuf sb = STRBUF_INIT;

		sca_print(fds[i].fmt, fds[i].val, &ctx, &sb);
		assert_string_equal(sb.buf, fds[i].want);
		assert_int_equal(closed, fds[i].closes);
		strbuf_release(&sb);
	}
}

/*
 * perf's bit tables print an unnamed bit within them as "0x" and count
 * one byte less than before it: what follows (a "|", the next argument)
 * is written from there, and "0x" shows only when nothing follows
 */
static void flag_table_holes_as_perf(void **state)
{
	static const struct {
		enum sca fmt;
		uint64_t val;
		const char *want;
		size_t residue;
	} holes[] = {
		{ SCA_MOVE_MOUNT_FLAGS, 0x8 | 0x80 | 0x100, "flags:|SET_GROUP", 0 },
		{ SCA_MOVE_MOUNT_FLAGS, 0x8, "flags: 0x", 3 },
		{ SCA_FSMOUNT_ATTR_FLAGS, 0x41, "flags: RDONLY|0x", 3 },
		{ SCA_FSMOUNT_ATTR_FLAGS, 0x1000, "flags:|RELATIME", 0 },
		{ SCA_MOUNT_FLAGS, 1 | 512, "flags: RDONLY|0x", 3 },
		{ SCA_MOUNT_FLAGS, 1 | 512 | 1024, "flags: RDONLY|NOATIME", 0 },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(holes) / sizeof(holes[0]); i++) {
		struct sca_ctx ctx = { .idx = 3 };
		struct strbuf sb = STRBUF_INIT;

		strbuf_addstr(&sb, "flags: ");
		sca_print(holes[i].fmt, holes[i].val, &ctx, &sb);
		print_message("%#llx: '%s' %zu\n", (unsigned long long)holes[i].val, sb.buf,
			      ctx.residue);
		assert_string_equal(sb.buf, holes[i].want);
		assert_int_equal(ctx.residue, holes[i].residue);
		strbuf_release(&sb);
	}
}

/* mount's flags lose the old magic, with perf's 32-bit mask; zero shown
 * for the command tables only */
static void mount_magic_masked_commands_shown_at_zero(void **state)
{
	(void)state;
	assert_int_equal(sca_mask_val(SCA_MOUNT_FLAGS, 0xc0ed0000ULL | (1ULL << 32) | 1), 1);
	assert_int_equal(sca_mask_val(SCA_MOUNT_FLAGS, 0x00ed0001ULL), 0x00ed0001ULL);
	assert_int_equal(sca_mask_val(SCA_LONG, 0xc0ed0000ULL), 0xc0ed0000ULL);
	assert_true(sca_shows_zero(SCA_BPF_CMD) && sca_shows_zero(SCA_KEYCTL_OPTION) &&
		    sca_shows_zero(SCA_FSCONFIG_CMD));
	assert_false(sca_shows_zero(SCA_KCMP_TYPE) || sca_shows_zero(SCA_MOUNT_FLAGS) ||
		     sca_shows_zero(SCA_FSMOUNT_FLAGS));
}

static const char *pid_fd(void *priv, int32_t pid, int fd)
{
	(void)priv;
	return pid == 42 && fd == 3 ? "/etc/passwd" : NULL;
}

/* kcmp: indexes for KCMP_FILE alone, each an fd of its own pid */
static void kcmp_indexes_are_fds_of_their_pid(void **state)
{
	const uint64_t file[] = { 42, 43, 0, 3, 3 }, vm[] = { 42, 43, 1, 3, 3 };
	struct sca_ctx ctx = { .args = file, .pid_fd_path = pid_fd };
	struct strbuf sb = STRBUF_INIT;

	(void)state;
	ctx.idx = 3;
	sca_print(SCA_KCMP_IDX, 3, &ctx, &sb);
	assert_string_equal(sb.buf, "3</etc/passwd>");
	strbuf_reset(&sb);
	ctx.idx = 4;				/* pid2's fd 3: not known */
	sca_print(SCA_KCMP_IDX, 3, &ctx, &sb);
	assert_string_equal(sb.buf, "3");
	assert_int_equal(ctx.mask, 0);
	ctx = (struct sca_ctx){ .args = vm, .idx = 2 };
	strbuf_reset(&sb);
	sca_print(SCA_KCMP_TYPE, 1, &ctx, &sb);
	assert_int_equal(ctx.mask, (1u << 3) | (1u << 4));
	strbuf_release(&sb);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(formats_as_perf),
		cmocka_unit_test(flags_mask_later_arguments),
		cmocka_unit_test(fds_named_live),
		cmocka_unit_test(flag_table_holes_as_perf),
		cmocka_unit_test(mount_magic_masked_commands_shown_at_zero),
		cmocka_unit_test(kcmp_indexes_are_fds_of_their_pid),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
