// SPDX-License-Identifier: GPL-2.0
/*
 * perf trace's formats for the mount calls (mount, fsmount, fspick,
 * move_mount) and kcmp: trace-beauty.h. Their flags go through perf
 * 6.1's strarray__scnprintf_flags, whose tables perf generates from the
 * uapi headers (an entry per bit, bit N at N + 1); the names, the holes
 * and what perf makes of them are reproduced here, as perf prints them.
 */
#include <stddef.h>

#include "../base/util.h"
#include "internal.h"
#include "trace-beauty.h"

/* by bit: MS_* in <linux/mount.h>, 512 unnamed */
static const char *const mount_bits[32] = {
	"RDONLY", "NOSUID", "NODEV", "NOEXEC", "SYNCHRONOUS", "REMOUNT", "MANDLOCK",
	"DIRSYNC", "NOSYMFOLLOW", NULL, "NOATIME", "NODIRATIME", "BIND", "MOVE", "REC",
	"SILENT", "POSIXACL", "UNBINDABLE", "PRIVATE", "SLAVE", "SHARED", "RELATIME",
	"KERNMOUNT", "I_VERSION", "STRICTATIME", "LAZYTIME", "SUBMOUNT", "NOREMOTELOCK",
	"NOSEC", "BORN", "ACTIVE", "NOUSER",
};
/* MOUNT_ATTR_*: RELATIME is 0 and the atime bits a field, both apart */
static const char *const mount_attr_bits[22] = {
	"RDONLY", "NOSUID", "NODEV", "NOEXEC", "NOATIME", "STRICTATIME", NULL, "NODIRATIME",
	[20] = "IDMAP", "NOSYMFOLLOW",
};
static const char *const fsmount_bits[1] = { "CLOEXEC" };
static const char *const fspick_bits[4] = {
	"CLOEXEC", "SYMLINK_NOFOLLOW", "NO_AUTOMOUNT", "EMPTY_PATH",
};
/* perf 6.1's table took the names with a "_" after a first word: SET_GROUP
 * too, not MOVE_MOUNT_BENEATH (Linux 6.5) */
static const char *const move_mount_bits[9] = {
	"F_SYMLINKS", "F_AUTOMOUNTS", "F_EMPTY_PATH", NULL, "T_SYMLINKS", "T_AUTOMOUNTS",
	"T_EMPTY_PATH", NULL, "SET_GROUP",
};
static const char *const kcmp_types[] = {
	"FILE", "VM", "FILES", "FS", "SIGHAND", "IO", "SYSVSEM", "EPOLL_TFD",
};

#define MS_MGC_MSK_32 0xffff0000u
#define MS_MGC_VAL_32 0xc0ed0000u
#define MOUNT_ATTR_ATIME_MASK 0x70u
#define KCMP_TYPE_FILE 0
#define KCMP_ARG_TYPE 2
#define KCMP_ARG_IDX1 3

/* perf's scnprintf at its count of what it printed: what lay past goes */
static void put_at(struct strbuf *out, size_t *pos, const char *s)
{
	strbuf_setlen(out, *pos);
	strbuf_addstr(out, s);
	*pos = out->len;
}

/*
 * perf's strarray__scnprintf_flags: the names of the bits set, "|"
 * between, the bits past the table not shown. An unnamed bit within it
 * prints its "0x%#", which glibc's vsnprintf leaves as "0x" and answers
 * with -1: perf's count then stands one before where that began, so
 * what it prints next (a "|", the next argument) starts there and the
 * "0x" shows only when nothing follows ("flags:|SET_GROUP", "flags: 0x").
 * @pos: where perf's count stands, in @out.
 */
static void strarray_flags(uint64_t v, const char *const *bits, size_t nr_bits,
			   struct strbuf *out, size_t *pos)
{
	size_t start = *pos;

	if (!v) {
		put_at(out, pos, "0");	/* no table here names 0 */
		return;
	}
	for (size_t i = 0; i < nr_bits; i++) {
		size_t before;

		if (!(v & (1ULL << i)))
			continue;
		if (*pos != start)
			put_at(out, pos, "|");
		if (bits[i]) {
			put_at(out, pos, bits[i]);
			continue;
		}
		before = *pos;
		put_at(out, pos, "0x");
		*pos = before ? before - 1 : 0;
	}
}

/* perf's: the bits outside the atime field by name (when there are
 * any), then RELATIME where that field is 0 */
static void fsmount_attr_flags(uint64_t v, struct strbuf *out, size_t *pos)
{
	size_t start = *pos;

	if (v & ~(uint64_t)MOUNT_ATTR_ATIME_MASK)
		strarray_flags(v, mount_attr_bits, ARRAY_SIZE(mount_attr_bits), out, pos);
	if (!(v & MOUNT_ATTR_ATIME_MASK))
		put_at(out, pos, *pos != start ? "|RELATIME" : "RELATIME");
}

/* perf's: with another type than KCMP_FILE, idx1 and idx2 mean nothing */
static void kcmp_type(uint64_t v, struct sca_ctx *ctx, struct strbuf *out)
{
	int type = (int)v;	/* perf's name is the int's, its test the long's */

	if (v != KCMP_TYPE_FILE)
		ctx->mask |= (1u << 3) | (1u << 4);
	if (type >= 0 && (size_t)type < ARRAY_SIZE(kcmp_types))
		strbuf_addstr(out, kcmp_types[type]);
	else
		strbuf_addf(out, "%d", type);
}

/* KCMP_FILE's idx1 and idx2: fds of pid1 and pid2, named as perf names
 * a process's fd; else a number */
static void kcmp_idx(uint64_t v, struct sca_ctx *ctx, struct strbuf *out)
{
	const char *path = NULL;
	int32_t pid;

	if (!ctx->args || (int)ctx->args[KCMP_ARG_TYPE] != KCMP_TYPE_FILE) {
		strbuf_addf(out, "%ld", (long)v);
		return;
	}
	pid = (int32_t)ctx->args[ctx->idx == KCMP_ARG_IDX1 ? 0 : 1];
	if (ctx->pid_fd_path && (int)v >= 0)
		path = ctx->pid_fd_path(ctx->priv, pid, (int)v);
	strbuf_addf(out, "%d", (int)v);
	if (path)
		strbuf_addf(out, "<%s>", path);
}

/* the strarray flags: where perf's count ends, past which @out may hold
 * what perf leaves there (ctx->residue) */
static bool print_bits(enum sca fmt, uint64_t val, struct sca_ctx *ctx, struct strbuf *out)
{
	size_t pos = out->len;

	switch (fmt) {
	case SCA_MOUNT_FLAGS:
		strarray_flags(val, mount_bits, ARRAY_SIZE(mount_bits), out, &pos);
		break;
	case SCA_FSMOUNT_FLAGS:
		strarray_flags(val, fsmount_bits, ARRAY_SIZE(fsmount_bits), out, &pos);
		break;
	case SCA_FSMOUNT_ATTR_FLAGS: fsmount_attr_flags(val, out, &pos); break;
	case SCA_FSPICK_FLAGS:
		strarray_flags(val, fspick_bits, ARRAY_SIZE(fspick_bits), out, &pos);
		break;
	case SCA_MOVE_MOUNT_FLAGS:
		strarray_flags(val, move_mount_bits, ARRAY_SIZE(move_mount_bits), out, &pos);
		break;
	default:
		return false;
	}
	ctx->residue = out->len - pos;
	return true;
}

bool sca_print_fs(enum sca fmt, uint64_t val, struct sca_ctx *ctx, struct strbuf *out)
{
	switch (fmt) {
	case SCA_KCMP_TYPE: kcmp_type(val, ctx, out); return true;
	case SCA_KCMP_IDX: kcmp_idx(val, ctx, out); return true;
	default: return print_bits(fmt, val, ctx, out);
	}
}

uint64_t sca_mask_val(enum sca fmt, uint64_t val)
{
	/*
	 * perf's, after do_mount(): flags whose top half is the old magic
	 * 0xC0ED lose it. perf clears it with ~MS_MGC_MSK, an unsigned int,
	 * which takes the bits above 31 away too.
	 */
	if (fmt == SCA_MOUNT_FLAGS && (val & MS_MGC_MSK_32) == MS_MGC_VAL_32)
		return val & (uint32_t)~MS_MGC_MSK_32;
	return val;
}
