/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_RBTREE_H
#define PM_RBTREE_H

/*
 * A red-black tree with the kernel's insertion: the caller walks down to
 * the empty link a new node belongs at, then links it and rebalances. Used
 * where perf-mini must reproduce the order perf's own rbtrees produce
 * (its comparisons are not always total orders, so the shape matters).
 * Nodes are embedded first in the caller's structures.
 */
#include <stdbool.h>
#include <stddef.h>

struct rb_node {
	struct rb_node *left, *right, *parent;
	bool red;
};

/* Put @node at @link, a child link of @parent (NULL: the root). */
void rb_link_insert(struct rb_node **root, struct rb_node *node, struct rb_node *parent,
		    struct rb_node **link);

/* In-order walk: the leftmost node, then each one's successor (NULL at
 * the end). */
struct rb_node *rb_first(struct rb_node *root);
struct rb_node *rb_next(struct rb_node *node);

#endif
