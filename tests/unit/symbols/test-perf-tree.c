// SPDX-License-Identifier: GPL-2.0
/*
 * The PLT ranges perf names otherwise (perf-tree.h): in address order and
 * apart, whatever ELF symbols reach over the stubs, and together with the
 * stubs they give perf's tree's answer at every address. The tree itself
 * was checked against the kernel's lib/rbtree.c; here its search is the
 * reference, so the file is included for it.
 */
#include "../unit-test.h"
#include "../../../util/symbols/perf-tree.c"

#define MAX_SYMS 16

struct table {
	struct symbol v[MAX_SYMS];
	uint32_t nr, plt_from;
};

static void add_sym(struct table *t, uint64_t start, uint64_t end, const char *name)
{
	t->v[t->nr++] = (struct symbol){ .start = start, .end = end, .name = name,
					 .namelen = (uint32_t)strlen(name),
					 .binding = STB_GLOBAL, .seq = t->nr };
}

/* The tree perf_tree_plt_overrides() builds, to ask it. */
static void build_tree(struct tree *tree, const struct table *t)
{
	*tree = (struct tree){ .root = NIL, .v = t->v };
	tree->n = must_malloc(t->nr * sizeof(*tree->n));
	for (uint32_t i = 0; i < t->nr; i++)
		tree->n[i] = (struct node){ .start = t->v[i].start, .end = t->v[i].end, .sym = i };
	for (uint32_t i = 0; i < t->plt_from; i++)
		insert(tree, i);
	fixup_end(tree);
	fixup_duplicate(tree);
	for (uint32_t i = t->plt_from; i < t->nr; i++)
		insert(tree, i);
}

static const struct sym_override *override_at(const struct sym_override *o, size_t n,
					      uint64_t addr)
{
	for (size_t i = 0; i < n; i++)
		if (o[i].start <= addr && addr < o[i].end)
			return &o[i];
	return NULL;
}

/* The stub at @addr in the table's order, or NIL. */
static uint32_t stub_of(const struct table *t, uint64_t addr)
{
	for (uint32_t i = t->plt_from; i < t->nr; i++)
		if (t->v[i].start <= addr && addr < t->v[i].end)
			return i;
	return NIL;
}

/* Sorted, apart, and perf's answer at every address from @lo to @hi. */
static void check_overrides(const struct table *t, uint64_t lo, uint64_t hi)
{
	struct sym_override *o;
	size_t n = perf_tree_plt_overrides(t->v, t->nr, t->plt_from, &o);
	struct tree tree;

	for (size_t i = 0; i < n; i++) {
		assert_true(o[i].start < o[i].end);
		if (i)
			assert_true(o[i - 1].end <= o[i].start);
	}
	build_tree(&tree, t);
	for (uint64_t a = lo; a < hi; a++) {
		uint32_t perf = find(&tree, a);
		const struct sym_override *x = override_at(o, n, a);

		if (x) {
			assert_int_equal(x->found, perf != NIL);
			if (x->found) {
				assert_int_equal(x->sym_start, tree.n[perf].start);
				assert_int_equal(x->sym_end, tree.n[perf].end);
			}
		} else {
			uint32_t stub = stub_of(t, a);

			/* off the overrides: the stub there, or one at its address */
			if (stub != NIL)
				assert_true(perf != NIL && tree.n[perf].start == t->v[stub].start);
		}
	}
	free(tree.n);
	free(o);
}

/* A program's _init (size 0) before .plt: perf stretches it to _start,
 * over the stubs, and the override carries that end. */
static void test_perf_tree__init_stretched_to_next_symbol(void **state)
{
	struct table t = { 0 };
	struct sym_override *o;
	size_t n;

	(void)state;
	add_sym(&t, 0x1000, 0x1000, "_init");
	add_sym(&t, 0x1100, 0x1122, "_start");
	t.plt_from = t.nr;
	for (uint64_t a = 0x1020; a < 0x1060; a += 0x10)
		add_sym(&t, a, a + 0x10, "stub@plt");
	n = perf_tree_plt_overrides(t.v, t.nr, t.plt_from, &o);
	assert_true(n > 0);
	for (size_t i = 0; i < n; i++)
		if (o[i].found && o[i].sym_start == 0x1000)
			assert_int_equal(o[i].sym_end, 0x1100);
	free(o);
	check_overrides(&t, 0xff0, 0x1130);
}

/* Two ELF symbols over one stub, and a size-less one inside both (the
 * review's case): one list, in order, nothing counted twice. */
static void test_perf_tree__symbols_overlapping_over_a_stub(void **state)
{
	struct table t = { 0 };

	(void)state;
	add_sym(&t, 0x88, 0x98, "a");
	add_sym(&t, 0x110, 0x150, "b");
	add_sym(&t, 0x128, 0x128, "c");
	t.plt_from = t.nr;
	add_sym(&t, 0x120, 0x130, "stub@plt");
	check_overrides(&t, 0x80, 0x200);
}

/* A symbol inside a stub, ending before it: the search can turn away
 * from the rest of the stub, which is asked too (the review's case). */
static void test_perf_tree__symbol_inside_a_stub(void **state)
{
	struct table t = { 0 };

	(void)state;
	add_sym(&t, 0xf0, 0xf0, "_init");
	add_sym(&t, 0x104, 0x108, "inside");
	add_sym(&t, 0x200, 0x210, "b");
	add_sym(&t, 0x300, 0x310, "c");
	t.plt_from = t.nr;
	add_sym(&t, 0x100, 0x110, "s@plt");
	add_sym(&t, 0x110, 0x120, "s2@plt");
	check_overrides(&t, 0xe0, 0x320);
}

/* Tables of 2 or 3 ELF symbols (half of them size-less) and 1 to 3 stubs,
 * at random but the same each run. */
static void test_perf_tree__random_tables(void **state)
{
	uint64_t seed = 0x9e3779b97f4a7c15ULL;

	(void)state;
	for (int it = 0; it < 20000; it++) {
		struct table t = { 0 };
		uint32_t ne, ns;
		uint64_t plt;

#define RND(n) ((seed = seed * 6364136223846793005ULL + 1442695040888963407ULL), \
		(uint32_t)(seed >> 33) % (n))
		ne = 2 + RND(2);
		ns = 1 + RND(3);
		plt = 0x100 + 16 * RND(8);
		for (uint32_t i = 0; i < ne; i++) {
			uint64_t start = 0x80 + 8 * RND(48);

			add_sym(&t, start, RND(2) ? start : start + 8 * (1 + RND(12)), "f");
		}
		t.plt_from = t.nr;
		for (uint32_t i = 0; i < ns; i++)
			add_sym(&t, plt + 16 * i, plt + 16 * i + 16, "p@plt");
#undef RND
		check_overrides(&t, 0x80, 0x300);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_perf_tree__init_stretched_to_next_symbol),
		cmocka_unit_test(test_perf_tree__symbols_overlapping_over_a_stub),
		cmocka_unit_test(test_perf_tree__symbol_inside_a_stub),
		cmocka_unit_test(test_perf_tree__random_tables),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
