/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_TRACE_BEAUTY_H
#define PM_TRACE_BEAUTY_H

/*
 * A system call's argument as perf trace 6.1 prints it: flags by their
 * names in perf's order, tables of names, file descriptors, pointers, and
 * perf's own quirks where its output has them (a file name without its
 * string is the low 32 bits of its pointer; statx's flags print empty).
 */
#include <stdbool.h>
#include <stdint.h>

#include "../base/strbuf.h"
#include "trace-syscall.h"

struct sca_ctx {
	const uint64_t *args;	/* all of the call's */
	unsigned int mask;	/* arguments a flag made meaningless: not shown */
	int idx;		/* the one being printed */
	enum sca ret_fmt;	/* set by an argument: how the result prints (fcntl's) */
	/* a process's name as perf finds it (its COMM, or /proc), or NULL */
	const char *(*comm_of)(void *priv, int32_t pid);
	/* live: the file an fd of the calling thread is, as perf reads it
	 * from /proc while tracing (NULL: unknown); @closing: it goes after */
	const char *(*fd_path)(void *priv, int fd, bool closing);
	/* live: the file fd @fd of process @pid is, as perf reads it (NULL:
	 * unknown; a process that made no call traced has none) */
	const char *(*pid_fd_path)(void *priv, int32_t pid, int fd);
	void *priv;
	/* set by a format: the last bytes of the output perf leaves past
	 * where it goes on writing (what it prints next replaces them) */
	size_t residue;
};

/* perf prints a zero argument only where its format names zero; SCA_LONG:
 * a result printed as a number (also where no argument asked otherwise) */
bool sca_shows_zero(enum sca fmt);
/* the value an argument shows, before its zero test: perf's mask_val
 * (mount's flags lose their old magic top half) */
uint64_t sca_mask_val(enum sca fmt, uint64_t val);
/* @val as @fmt prints it, appended to @out; may set @ctx->mask (arguments
 * not to show), ->ret_fmt and ->residue */
void sca_print(enum sca fmt, uint64_t val, struct sca_ctx *ctx, struct strbuf *out);

#endif
