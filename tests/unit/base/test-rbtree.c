// SPDX-License-Identifier: GPL-2.0
/*
 * The red-black tree with the kernel's insertion: whatever order the keys
 * come in, the tree stays balanced (a black root, no red node under a red
 * one, as many black nodes on every path) and the walk is in key order;
 * equal keys, sent right as perf's comparisons send them, keep the order
 * they came in; and the shape is the kernel's, node for node, since perf's
 * output order hangs on it where its comparisons are not total orders.
 */
#include "../unit-test.h"
#include "../../../util/base/rbtree.h"
#include "../../../util/base/strbuf.h"

struct item {
	struct rb_node rb;	/* first, as the header asks */
	int key;
	int seq;		/* insertion order */
};

/* perf's insertion: left while smaller, right otherwise (equal keys too) */
static void insert(struct rb_node **root, struct item *it)
{
	struct rb_node **link = root, *parent = NULL;

	while (*link) {
		parent = *link;
		link = it->key < ((struct item *)parent)->key ? &parent->left : &parent->right;
	}
	rb_link_insert(root, &it->rb, parent, link);
}

/* Black height of @n's subtree, checking the rules on the way; -1 if broken. */
static int black_height(const struct rb_node *n, const struct rb_node *parent)
{
	int l, r;

	if (!n)
		return 1;
	if (n->parent != parent)
		return -1;
	if (n->red && ((n->left && n->left->red) || (n->right && n->right->red)))
		return -1;
	l = black_height(n->left, n);
	r = black_height(n->right, n);
	if (l < 0 || l != r)
		return -1;
	return l + !n->red;
}

static int depth(const struct rb_node *n)
{
	int l, r;

	if (!n)
		return 0;
	l = depth(n->left);
	r = depth(n->right);
	return 1 + (l > r ? l : r);
}

/* "(key colour (left) (right))", with "." for an empty link */
static void shape(const struct rb_node *n, struct strbuf *sb)
{
	if (!n) {
		strbuf_addch(sb, '.');
		return;
	}
	strbuf_addf(sb, "(%d%c ", ((const struct item *)n)->key, n->red ? 'R' : 'B');
	shape(n->left, sb);
	strbuf_addch(sb, ' ');
	shape(n->right, sb);
	strbuf_addch(sb, ')');
}

static uint64_t xorshift(uint64_t *x)
{
	*x ^= *x << 13, *x ^= *x >> 7, *x ^= *x << 17;
	return *x;
}

enum order { ASCENDING, DESCENDING, ZIGZAG, RANDOM };

static const struct rb_case {
	const char *what;
	enum order order;
	int nr;
	int key_range;		/* keys modulo this: repeats when below nr */
} cases[] = {
	{ "empty", ASCENDING, 0, 1 },
	{ "one node", ASCENDING, 1, 1 },
	{ "ascending", ASCENDING, 1000, 1000000 },
	{ "descending", DESCENDING, 1000, 1000000 },
	{ "zigzag from both ends", ZIGZAG, 999, 1000000 },
	{ "random", RANDOM, 5000, 1000000 },
	{ "random, many repeats", RANDOM, 5000, 17 },
	{ "all one key", ASCENDING, 300, 1 },
};

static int key_of(const struct rb_case *c, int i, uint64_t *x)
{
	int k;

	switch (c->order) {
	case ASCENDING: k = i; break;
	case DESCENDING: k = c->nr - i; break;
	case ZIGZAG: k = i % 2 ? i : c->nr - i; break;
	default: k = (int)(xorshift(x) % 1000000); break;
	}
	return k % c->key_range;
}

static void run_case(const struct rb_case *c)
{
	struct item *items = calloc(c->nr ? c->nr : 1, sizeof(*items));
	struct rb_node *root = NULL, *n;
	const struct item *prev = NULL;
	uint64_t x = 88172645463325252ULL;
	int seen = 0, bh, lg = 0;

	assert_non_null(items);
	for (int i = 0; i < c->nr; i++) {
		items[i].key = key_of(c, i, &x);
		items[i].seq = i;
		insert(&root, &items[i]);
	}
	assert_true(!root || !root->red);
	bh = black_height(root, NULL);
	assert_true(bh > 0);
	/* balanced: no path more than twice another, so at most 2 log2(n + 1) */
	while ((1 << lg) < c->nr + 1)
		lg++;
	assert_true(depth(root) <= 2 * lg);
	for (n = rb_first(root); n; n = rb_next(n), seen++) {
		const struct item *it = (const struct item *)n;

		if (prev) {
			assert_true(prev->key <= it->key);
			if (prev->key == it->key)	/* equal keys: first come, first */
				assert_true(prev->seq < it->seq);
		}
		prev = it;
	}
	assert_int_equal(seen, c->nr);
	free(items);
}

static void test_rbtree__balanced_and_in_order(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		print_message("rbtree: %s\n", cases[i].what);
		run_case(&cases[i]);
	}
}

/* The kernel's lib/rbtree.c gives these shapes for these insertions. */
static const struct {
	int keys[10];
	int nr;
	const char *shape;
} shapes[] = {
	{ { 1, 2, 3 }, 3, "(2B (1R . .) (3R . .))" },
	{ { 3, 2, 1 }, 3, "(2B (1R . .) (3R . .))" },
	{ { 1, 3, 2 }, 3, "(2B (1R . .) (3R . .))" },
	{ { 1, 2, 3, 4, 5, 6, 7 }, 7,
	  "(2B (1B . .) (4R (3B . .) (6B (5R . .) (7R . .))))" },
	{ { 5, 5, 5, 5 }, 4, "(5B (5B . .) (5B . (5R . .)))" },
	{ { 10, 5, 1, 7, 8, 6 }, 6, "(5B (1B . .) (8R (7B (6R . .) .) (10B . .)))" },
};

static void test_rbtree__the_kernels_shape(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++) {
		struct item items[10];
		struct rb_node *root = NULL;
		struct strbuf sb = STRBUF_INIT;

		for (int k = 0; k < shapes[i].nr; k++) {
			items[k].key = shapes[i].keys[k];
			insert(&root, &items[k]);
		}
		shape(root, &sb);
		print_message("%s\n", sb.buf);
		assert_string_equal(sb.buf, shapes[i].shape);
		strbuf_release(&sb);
	}
}

static void test_rbtree__empty_walk(void **state)
{
	struct item one = { .key = 1 };
	struct rb_node *root = NULL;

	(void)state;
	assert_null(rb_first(NULL));
	insert(&root, &one);
	assert_ptr_equal(rb_first(root), &one.rb);
	assert_null(rb_next(&one.rb));
	assert_false(one.rb.red);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rbtree__balanced_and_in_order),
		cmocka_unit_test(test_rbtree__the_kernels_shape),
		cmocka_unit_test(test_rbtree__empty_walk),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
