// SPDX-License-Identifier: GPL-2.0
/*
 * The callchain tree must hold exactly the chains appended to it, merged
 * by function (by address where there is no symbol), with every node's
 * children in descending match order as perf's tree holds them (their
 * binary search depends on it), each child's key that of its first frame
 * through all the splits, and cc_sort() listing children by weight, equal
 * weights in match order.
 */
#include <stdio.h>
#include <string.h>

#include <math.h>

#include "../unit-test.h"
#include "../../../util/report/callchain-tree.h"

#define NR_SYMS 6
#define MAX_DEPTH 7
#define NR_CHAINS 4000

static struct symbol syms[NR_SYMS];
static struct dso with_syms = { .short_name = "a", .seq = 1 };
static struct dso without = { .short_name = "b", .seq = 2 };

static uint64_t next(uint64_t *x)
{
	*x ^= *x << 13, *x ^= *x >> 7, *x ^= *x << 17;
	return *x;
}

/* Frames of one symbol have different ips; unresolved ones repeat few. */
static struct cc_frame frame(uint64_t *x)
{
	uint64_t r = next(x);

	if (r % 4) {
		const struct symbol *s = &syms[(r >> 8) % NR_SYMS];

		return (struct cc_frame){ s->start + (r >> 16) % 0x40, &with_syms, s };
	}
	return (struct cc_frame){ 0x9000 + 8 * ((r >> 8) % 3), &without, NULL };
}

/* What a frame merges by, as text: one token per frame. */
static void token(const struct cc_frame *f, struct strbuf *out)
{
	strbuf_addf(out, "%u:%llx;", f->dso->seq,
		    (unsigned long long)(f->sym ? f->sym->start : f->ip));
}

struct chains {
	char *key[NR_CHAINS];
	uint64_t period[NR_CHAINS];
	int nr;
};

static void count(struct chains *c, const char *key, uint64_t period)
{
	for (int i = 0; i < c->nr; i++) {
		if (!strcmp(c->key[i], key)) {
			c->period[i] += period;
			return;
		}
	}
	c->key[c->nr] = strdup(key);
	c->period[c->nr++] = period;
}

static int key_cmp(const struct cc_frame *a, const struct cc_frame *b)
{
	uint64_t va = a->sym ? a->sym->start : a->ip, vb = b->sym ? b->sym->start : b->ip;

	if (a->dso->seq != b->dso->seq)
		return a->dso->seq < b->dso->seq ? -1 : 1;
	return va < vb ? -1 : va > vb;
}

/* Walk the tree: check the order and keys, collect the chains it holds. */
static uint64_t walk(const struct cc_node *n, struct strbuf *path, struct chains *got)
{
	size_t len = path->len;
	uint64_t below = 0, below_count = 0;

	for (uint32_t i = 0; i < n->val_nr; i++)
		token(&n->val[i], path);
	if (n->hit)
		count(got, path->buf, n->hit);
	for (uint32_t i = 0; i < n->nr_children; i++) {
		const struct cc_child *c = &n->children[i];

		assert_int_equal(c->key.seq, c->node->val[0].dso->seq);
		assert_int_equal(c->key.ip, c->node->val[0].ip);
		if (i)
			assert_true(key_cmp(&n->children[i - 1].node->val[0], &c->node->val[0]) > 0);
		below += walk(c->node, path, got);
		below_count += c->node->count + c->node->children_count;
	}
	assert_int_equal(n->children_hit, below);
	/* every sample counted once where its chain ends, and on the way */
	assert_int_equal(n->children_count, below_count);
	assert_true(!n->hit || n->count);
	strbuf_setlen(path, len);
	return n->hit + n->children_hit;
}

static void test_callchain_tree__holds_every_chain_in_match_order(void **state)
{
	struct arena a = ARENA_INIT;
	struct cc_node root = { 0 };
	struct chains *want = calloc(1, sizeof(*want)), *got = calloc(1, sizeof(*got));
	struct strbuf key = STRBUF_INIT;
	uint64_t x = 88172645463325252ULL, total = 0;

	(void)state;
	for (int i = 0; i < NR_SYMS; i++)
		syms[i] = (struct symbol){ .start = 0x1000 * (i + 1), .end = 0x1000 * (i + 1) + 0x40 };
	for (int c = 0; c < NR_CHAINS; c++) {
		struct cc_frame f[MAX_DEPTH];
		size_t n = 1 + next(&x) % MAX_DEPTH;
		uint64_t period = 1 + next(&x) % 5;

		strbuf_reset(&key);
		for (size_t i = 0; i < n; i++) {
			f[i] = frame(&x);
			token(&f[i], &key);
		}
		count(want, key.buf, period);
		total += period;
		assert_int_equal(cc_append(&a, &root, f, n, period), 0);
	}
	strbuf_reset(&key);
	assert_int_equal(walk(&root, &key, got), total);
	assert_int_equal(root.children_count, NR_CHAINS);
	assert_int_equal(got->nr, want->nr);
	for (int i = 0; i < want->nr; i++) {
		int j = 0;

		while (j < got->nr && strcmp(got->key[j], want->key[i]))
			j++;
		assert_true(j < got->nr);
		assert_int_equal(got->period[j], want->period[i]);
	}
	for (int i = 0; i < want->nr; i++)
		free(want->key[i]);
	for (int i = 0; i < got->nr; i++)
		free(got->key[i]);
	free(want);
	free(got);
	strbuf_release(&key);
	arena_release(&a);
}

static void free_chains(struct chains *c)
{
	for (int i = 0; i < c->nr; i++)
		free(c->key[i]);
	free(c);
}

/* Two trees of half the chains each, merged, hold what one tree of them
 * all holds (the merge of entries perf's collapse pass makes). */
static void test_callchain_tree__merge_holds_both(void **state)
{
	struct arena a = ARENA_INIT;
	struct cc_node whole = { 0 }, half[2] = { { 0 } };
	struct chains *want = calloc(1, sizeof(*want)), *got = calloc(1, sizeof(*got));
	struct strbuf key = STRBUF_INIT;
	uint64_t x = 0x2545f4914f6cdd1dULL;

	(void)state;
	for (int i = 0; i < NR_SYMS; i++)
		syms[i] = (struct symbol){ .start = 0x1000 * (i + 1), .end = 0x1000 * (i + 1) + 0x40 };
	for (int c = 0; c < NR_CHAINS / 4; c++) {
		struct cc_frame f[MAX_DEPTH];
		size_t n = 1 + next(&x) % MAX_DEPTH;
		uint64_t period = 1 + next(&x) % 5;

		for (size_t i = 0; i < n; i++)
			f[i] = frame(&x);
		assert_int_equal(cc_append(&a, &whole, f, n, period), 0);
		assert_int_equal(cc_append(&a, &half[c % 2], f, n, period), 0);
	}
	assert_int_equal(cc_merge(&a, &half[0], &half[1]), 0);
	assert_int_equal(walk(&half[0], &key, got), walk(&whole, &key, want));
	/* perf's merge counts a merged chain as one sample */
	assert_true(half[0].children_count <= NR_CHAINS / 4);
	assert_int_equal(whole.children_count, NR_CHAINS / 4);
	assert_int_equal(got->nr, want->nr);
	for (int i = 0; i < want->nr; i++) {
		assert_string_equal(got->key[i], want->key[i]);
		assert_int_equal(got->period[i], want->period[i]);
	}
	free_chains(want);
	free_chains(got);
	strbuf_release(&key);
	arena_release(&a);
}

static uint64_t weight(const struct cc_node *n)
{
	return n->hit + n->children_hit;
}

static size_t match_index(const struct cc_node *parent, const struct cc_node *child)
{
	for (uint32_t i = 0; i < parent->nr_children; i++)
		if (parent->children[i].node == child)
			return i;
	fail();
	return 0;
}

static void check_sorted(const struct cc_node *n, uint64_t min_hit)
{
	uint32_t kept = 0;

	for (uint32_t i = 0; i < n->nr_children; i++)
		kept += weight(n->children[i].node) >= min_hit;
	assert_int_equal(n->nr_sorted, kept);
	for (uint32_t i = 1; i < n->nr_sorted; i++) {
		uint64_t w0 = weight(n->sorted[i - 1]), w1 = weight(n->sorted[i]);

		assert_true(w0 >= w1);
		if (w0 == w1)
			assert_true(match_index(n, n->sorted[i - 1]) < match_index(n, n->sorted[i]));
	}
	for (uint32_t i = 0; i < n->nr_children; i++)
		check_sorted(n->children[i].node, min_hit);
}

/* -g fractal: each level keeps the children with ceil(rel) of its
 * children's hits or more (perf's CHAIN_GRAPH_REL), heaviest first. */
static void check_sorted_rel(const struct cc_node *n, double rel)
{
	uint64_t min_hit = (uint64_t)ceil((double)n->children_hit * rel);
	uint32_t kept = 0;

	for (uint32_t i = 0; i < n->nr_children; i++)
		kept += weight(n->children[i].node) >= min_hit;
	assert_int_equal(n->nr_sorted, kept);
	for (uint32_t i = 1; i < n->nr_sorted; i++)
		assert_true(weight(n->sorted[i - 1]) >= weight(n->sorted[i]));
	for (uint32_t i = 0; i < n->nr_children; i++)
		check_sorted_rel(n->children[i].node, rel);
}

/* Wide nodes take the row-sort path; narrow ones the insertion. */
static void test_callchain_tree__sort_by_weight_stable(void **state)
{
	struct arena a = ARENA_INIT;
	struct cc_node root = { 0 };
	struct symbol many[300];
	uint64_t x = 0x9e3779b97f4a7c15ULL;

	(void)state;
	for (int i = 0; i < 300; i++)
		many[i] = (struct symbol){ .start = 0x10000 + 0x100 * i, .end = 0x10000 + 0x100 * i + 0x80 };
	for (int c = 0; c < 5000; c++) {
		const struct symbol *s = &many[next(&x) % 300], *t = &many[next(&x) % 300];
		struct cc_frame f[2] = { { s->start, &with_syms, s }, { t->start + 1, &with_syms, t } };

		assert_int_equal(cc_append(&a, &root, f, 1 + c % 2, 1 + next(&x) % 3), 0);
	}
	assert_true(root.nr_children > 32);
	cc_sort(&a, &root, 0, -1);
	check_sorted(&root, 0);
	cc_sort(&a, &root, 20, -1);
	check_sorted(&root, 20);
	cc_sort(&a, &root, 0, 0.004);
	check_sorted_rel(&root, 0.004);
	arena_release(&a);
}

/* Functions inlined into one host share its start: they are told apart by
 * name (one name at two addresses is one node), and print "(inlined)". */
static void test_callchain_tree__inlined_frames_by_name(void **state)
{
	struct arena a = ARENA_INIT;
	struct cc_node root = { 0 };
	struct symbol host = { .start = 0x1000, .end = 0x1100, .name = "host", .namelen = 4 };
	struct symbol leaf1 = host, leaf2 = host, other = host;
	struct strbuf out = STRBUF_INIT;
	struct cc_frame c1[2] = { { 0x1010, &with_syms, &host }, { 0x1010, &with_syms, &leaf1 } };
	struct cc_frame c2[2] = { { 0x1020, &with_syms, &host }, { 0x1020, &with_syms, &leaf2 } };
	struct cc_frame c3[2] = { { 0x1030, &with_syms, &host }, { 0x1030, &with_syms, &other } };

	(void)state;
	leaf1.name = leaf2.name = "leaf";
	leaf1.namelen = leaf2.namelen = 4;
	other.name = "other";
	other.namelen = 5;
	leaf1.inlined = leaf2.inlined = other.inlined = true;

	assert_int_equal(cc_append(&a, &root, c1, 2, 1), 0);
	assert_int_equal(cc_append(&a, &root, c2, 2, 1), 0);
	assert_int_equal(cc_append(&a, &root, c3, 2, 1), 0);
	assert_int_equal(root.nr_children, 1);	/* host */
	assert_int_equal(root.children[0].node->nr_children, 2);	/* leaf, other */
	cc_sort(&a, &root, 0, -1);
	cc_print_folded(&root, &(struct cc_view){ .total = 3 }, &out);
	assert_non_null(strstr(out.buf, "host;leaf (inlined)"));
	assert_non_null(strstr(out.buf, "host;other (inlined)"));
	strbuf_release(&out);
	arena_release(&a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_callchain_tree__holds_every_chain_in_match_order),
		cmocka_unit_test(test_callchain_tree__sort_by_weight_stable),
		cmocka_unit_test(test_callchain_tree__merge_holds_both),
		cmocka_unit_test(test_callchain_tree__inlined_frames_by_name),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
