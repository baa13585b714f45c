// SPDX-License-Identifier: GPL-2.0
#include <inttypes.h>
#include <stdlib.h>
#include <sys/mman.h>

#include "../base/util.h"
#include "../symbols/dso.h"
#include "tasks.h"
#include "../base/xalloc.h"

struct task {
	struct thread *thread;
	struct task *up;			/* the parent it is listed under */
	struct task *child, *last_child;	/* in the order they were linked */
	struct task *sibling;
	bool listed;
};

static int cmp_table_order(const void *pa, const void *pb)
{
	const struct thread *a = ((const struct task *)pa)->thread;
	const struct thread *b = ((const struct task *)pb)->thread;
	uint32_t bucket_a = (uint32_t)a->tid % 256, bucket_b = (uint32_t)b->tid % 256;

	if (bucket_a != bucket_b)
		return bucket_a < bucket_b ? -1 : 1;
	return (a->tid > b->tid) - (a->tid < b->tid);
}

static int cmp_tid(const void *pa, const void *pb)
{
	int32_t a = (*(struct task *const *)pa)->thread->tid;
	int32_t b = (*(struct task *const *)pb)->thread->tid;

	return (a > b) - (a < b);
}

static struct task *find_task(struct task **by_tid, size_t n, int32_t tid)
{
	struct thread key_thread = { .tid = tid };
	struct task key = { .thread = &key_thread }, *k = &key, **hit;

	hit = bsearch(&k, by_tid, n, sizeof(*by_tid), cmp_tid);
	return hit ? *hit : NULL;
}

static void add_child(struct task *parent, struct task *child)
{
	if (parent->last_child)
		parent->last_child->sibling = child;
	else
		parent->child = child;
	parent->last_child = child;
	child->up = parent;
}

/*
 * perf's tasks_list(): list @task under its parent, and that one under
 * its own, up to one listed already (NULL) or to a root, returned. perf
 * gives up on a thread whose parent it does not know; here it is a root.
 */
static struct task *list_ancestors(struct task *task, struct task **by_tid, size_t n)
{
	while (!task->listed) {
		struct task *parent = NULL;

		if (task->thread->ppid != -1)
			parent = find_task(by_tid, n, task->thread->ppid);
		if (!parent)
			return task;
		add_child(parent, task);
		task->listed = true;
		task = parent;
	}
	return NULL;
}

static void print_maps(const struct maps *maps, int indent, FILE *out)
{
	for (size_t i = 0; maps && i < maps->nr; i++) {
		const struct map *m = &maps->v[i];

		fprintf(out, "%*s  %" PRIx64 "-%" PRIx64 " %c%c%c%c %08" PRIx64 " %" PRIu64 " %s\n",
			indent, "", m->start, m->end, m->prot & PROT_READ ? 'r' : '-',
			m->prot & PROT_WRITE ? 'w' : '-', m->prot & PROT_EXEC ? 'x' : '-',
			m->flags & MAP_SHARED ? 's' : 'p', m->pgoff, m->ino,
			m->dso ? m->dso->long_name : "");
	}
}

static void print_task(const struct task *task, int level, bool mmaps, FILE *out)
{
	const struct thread *t = task->thread;
	int indent = fprintf(out, "  %8d %8d %8d |%*s", t->pid, t->tid, t->ppid, level, "");

	fprintf(out, "%s\n", t->comm);
	if (mmaps)
		print_maps(t->maps, indent, out);
}

/* Depth first, without recursion: a hostile file may fork deep chains. */
static void print_tree(const struct task *root, bool mmaps, FILE *out)
{
	const struct task *task = root;
	int level = 0;

	for (;;) {
		print_task(task, level, mmaps, out);
		if (task->child) {
			task = task->child;
			level++;
			continue;
		}
		while (task != root && !task->sibling) {
			task = task->up;
			level--;
		}
		if (task == root)
			return;
		task = task->sibling;
	}
}

void tasks__fprintf(struct machine *m, bool mmaps, FILE *out)
{
	size_t n = 0, nr_roots = 0, nr = m->threads.nr;
	struct task *tasks = must_calloc(nr + 1, sizeof(*tasks));
	struct task **by_tid = must_calloc(nr + 1, sizeof(*by_tid));
	struct task **roots = must_calloc(nr + 1, sizeof(*roots));
	struct hmap_slot *s;

	hmap_for_each(&m->threads, s)
		tasks[n++].thread = (struct thread *)s->val;
	qsort(tasks, n, sizeof(*tasks), cmp_table_order);
	for (size_t i = 0; i < n; i++)
		by_tid[i] = &tasks[i];
	qsort(by_tid, n, sizeof(*by_tid), cmp_tid);
	for (size_t i = 0; i < n; i++) {
		struct task *root = list_ancestors(&tasks[i], by_tid, n);

		if (root) {
			root->listed = true;
			roots[nr_roots++] = root;
		}
	}
	fprintf(out, "# %8s %8s %8s  %s\n", "pid", "tid", "ppid", "comm");
	for (size_t i = 0; i < nr_roots; i++)
		print_tree(roots[i], mmaps, out);
	free(roots);
	free(by_tid);
	free(tasks);
}
