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
	srclines__exit(&sl);
	dsos__exit(&dsos);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_srcline__lines_and_addr2line_fallbacks),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
