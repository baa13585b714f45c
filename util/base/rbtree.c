// SPDX-License-Identifier: GPL-2.0
#include "rbtree.h"

static void rb_rotate(struct rb_node **root, struct rb_node *x, bool left)
{
	struct rb_node *y = left ? x->right : x->left;

	if (left) {
		x->right = y->left;
		if (y->left)
			y->left->parent = x;
		y->left = x;
	} else {
		x->left = y->right;
		if (y->right)
			y->right->parent = x;
		y->right = x;
	}
	y->parent = x->parent;
	if (!x->parent)
		*root = y;
	else if (x == x->parent->left)
		x->parent->left = y;
	else
		x->parent->right = y;
	x->parent = y;
}

static void rb_fixup(struct rb_node **root, struct rb_node *z)
{
	while (z->parent && z->parent->red) {
		struct rb_node *p = z->parent, *g = p->parent;
		bool p_left = p == g->left;
		struct rb_node *u = p_left ? g->right : g->left;

		if (u && u->red) {
			p->red = u->red = false;
			g->red = true;
			z = g;
			continue;
		}
		if (z == (p_left ? p->right : p->left)) {
			z = p;
			rb_rotate(root, z, p_left);
			p = z->parent;
		}
		p->red = false;
		g->red = true;
		rb_rotate(root, g, !p_left);
	}
	(*root)->red = false;
}

void rb_link_insert(struct rb_node **root, struct rb_node *node, struct rb_node *parent,
		    struct rb_node **link)
{
	*node = (struct rb_node){ .parent = parent, .red = true };
	*link = node;
	rb_fixup(root, node);
}

struct rb_node *rb_first(struct rb_node *root)
{
	while (root && root->left)
		root = root->left;
	return root;
}

struct rb_node *rb_next(struct rb_node *node)
{
	struct rb_node *p;

	if (node->right)
		return rb_first(node->right);
	for (p = node->parent; p && node == p->right; p = p->parent)
		node = p;
	return p;
}
