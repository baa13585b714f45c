/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_AUTOFDO_PROFILE_H
#define PM_AUTOFDO_PROFILE_H

/*
 * LLVM's sample profile as AutoFDO builds it: per function a total, a
 * head count (calls into it), and per source location (the line offset
 * from the function's first line << 16 | the base discriminator) the
 * largest count of an instruction there, with the call targets seen
 * there; inlined calls as nested functions under their call site.
 * Written in LLVM's text format ("main:1981:0", " 2.1: 50 callee:50"),
 * which clang -fprofile-sample-use and llvm-profdata read.
 */
#include <stdint.h>
#include <stdio.h>

#include "../base/arena.h"
#include "../base/hmap.h"
#include "autofdo-binary.h"

struct afdo_node;

struct afdo_entry {
	const char *name;
	struct afdo_node *node;	/* aliases share one */
};

struct afdo_profile {
	struct afdo_entry *entries;
	size_t nr, alloc;
	struct hmap by_name;	/* index + 1 into entries */
	struct afdo_node *nodes;	/* every node, for release */
	struct arena strings;	/* names made here */
};

/* The function @name, made with its @aliases when new (AddSymbol). */
struct afdo_node *afdo_profile__add(struct afdo_profile *p, const char *name,
				    const char *const *aliases, size_t nr_aliases);
struct afdo_node *afdo_profile__find(struct afdo_profile *p, const char *name);

/* An instruction's @count at the location its inline stack (@frames,
 * innermost first) names in @fn: every function on the way gets @count
 * added to its total, the location keeps the largest count seen. */
void afdo_node__add_count(struct afdo_profile *p, struct afdo_node *fn,
			  const struct afdo_frame *frames, size_t n, uint64_t count);
/* A call or jump from that location to @callee (@count, the last one
 * counted wins) and @count more calls into @callee_node. */
void afdo_node__add_call(struct afdo_profile *p, struct afdo_node *fn,
			 const struct afdo_frame *frames, size_t n, const char *callee,
			 struct afdo_node *callee_node, uint64_t count);

/* Fold each "f.suffix" (f.cold, f.part.0) into f. */
void afdo_profile__merge(struct afdo_profile *p);
/* The functions whose total exceeds @threshold, biggest first. */
void afdo_profile__write(struct afdo_profile *p, uint64_t threshold, FILE *out);
void afdo_profile__release(struct afdo_profile *p);

#endif
