/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_PROFILED_BINARY_H
#define PM_PROFILED_BINARY_H

/*
 * The program a profile for an optimiser is of (--to-bolt, --to-autofdo):
 * the one --binary names, else the main executable (the lowest
 * executable file map) of the first sample's process, read from where
 * the recording's build-id says it is. Maps are matched to it by file
 * name, as perf2bolt and create_llvm_prof match them.
 */
#include <stdbool.h>

#include "../base/strbuf.h"
#include "../symbols/machine.h"

/* Its path in @path and its file name in *@name (malloc'ed); -ENOENT with
 * @err when the process maps no executable. */
int profiled_binary__find(struct machine *m, const struct thread *t, const char *named,
			  struct strbuf *path, char **name, struct strbuf *err);
/* -EINVAL with @err when the file at @path is not the @name that @t ran
 * (their build-ids differ); 0 where it is or nothing says otherwise. */
int profiled_binary__check(const struct thread *t, const char *name, const char *path,
			   struct strbuf *err);
/* Whether @map maps the binary called @name. */
bool profiled_binary__maps(const char *name, const struct map *map);
const char *base_name(const char *path);

#endif
