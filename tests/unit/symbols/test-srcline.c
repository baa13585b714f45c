// SPDX-License-Identifier: GPL-2.0
/*
 * srcline on a binary with DWARF: lines from its line table, and for code
 * outside it (crt files) what addr2line gives perf - the file of the
 * nearest function's STT_FILE for a local one ("crtstuff.c:0"), "??:0"
 * for a global one without (_start). The burn workload is the binary.
 */
#include <stdlib.h>

#include "../unit-test.h"
#include "../../../util/symbols/srcline.h"

static const struct symbol *by_name(const struct dso *dso, const char *name)
{
	for (size_t i = 0; i < dso->nr_syms; i++)
		if (!strcmp(dso->syms[i].name, name))
			return &dso->syms[i];
	return NULL;
}

static void test_srcline__lines_and_addr2line_fallbacks(void **state)
{
	const char *build = getenv("BUILD");
	struct dsos dsos = { .cfg = { 0 } };
	struct srclines sl = { 0 };
	const struct symbol *start, *tm, *main_sym;
	char path[4096];
	struct dso *dso;

	(void)state;
	snprintf(path, sizeof(path), "%s/workloads/burn", build ? build : "build");
	dso = dsos__findnew(&dsos, path, false);
	dso__find_symbol(&dsos, dso, 0);	/* loads the table */
	start = by_name(dso, "_start");
	tm = by_name(dso, "deregister_tm_clones");
	main_sym = by_name(dso, "main");
	assert_non_null(start);
	assert_non_null(tm);
	assert_non_null(main_sym);
	assert_string_equal(srcline__get(&sl, &dsos, dso, start, start->start + 2), "??:0");
	assert_string_equal(srcline__get(&sl, &dsos, dso, tm, tm->start), "crtstuff.c:0");
	assert_non_null(strstr(srcline__get(&sl, &dsos, dso, main_sym, main_sym->start + 4),
			       "burn.c:"));
	assert_string_equal(srcline__file(&sl, &dsos, dso, main_sym, main_sym->start + 4),
			    "burn.c");
	assert_string_equal(srcline__file(&sl, &dsos, dso, tm, tm->start), "crtstuff.c");
	assert_string_equal(srcline__file(&sl, &dsos, dso, start, start->start + 2), "");
	srclines__exit(&sl);
	dsos__exit(&dsos);
}

/* leaf() is inlined into middle(): anywhere in its loop the list is
 * leaf (an inlined symbol of middle's range, line in leaf) then middle
 * (middle's own symbol, at the call site) */
static void test_srcline__inline_list_of_burn(void **state)
{
	const char *build = getenv("BUILD");
	struct dsos dsos = { .cfg = { 0 } };
	struct srclines sl = { 0 };
	const struct symbol *middle, *syms[8];
	const char *names[8], *lines[8];
	bool found = false;
	char path[4096];
	struct dso *dso;

	(void)state;
	snprintf(path, sizeof(path), "%s/workloads/burn", build ? build : "build");
	dso = dsos__findnew(&dsos, path, false);
	dso__find_symbol(&dsos, dso, 0);
	middle = by_name(dso, "middle");
	assert_non_null(middle);
	for (uint64_t a = middle->start; a < middle->end && !found; a++) {
		size_t n = srcline__inlines(&sl, &dsos, dso, a, names, lines, 8);

		if (n != 2 || strcmp(names[0], "leaf"))
			continue;
		found = true;
		assert_string_equal(names[1], "middle");
		assert_non_null(lines[0]);
		assert_non_null(strstr(lines[0], "burn.c:"));
		assert_non_null(lines[1]);
		assert_string_not_equal(lines[0], lines[1]);
		assert_int_equal(srcline__inline_syms(&sl, &dsos, dso, middle, a, syms, 8), 2);
		assert_true(syms[0]->inlined);
		assert_string_equal(syms[0]->name, "leaf");
		assert_int_equal(syms[0]->start, middle->start);
		assert_ptr_equal(syms[1], middle);
	}
	assert_true(found);
	srclines__exit(&sl);
	dsos__exit(&dsos);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_srcline__lines_and_addr2line_fallbacks),
		cmocka_unit_test(test_srcline__inline_list_of_burn),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
