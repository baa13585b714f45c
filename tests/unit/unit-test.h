/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_UNIT_TEST_H
#define PM_UNIT_TEST_H

/* cmocka and what every unit test needs. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* tests/data, from $TEST_DATA (set by tests/run-tests.sh) or the source tree. */
static inline const char *unit_test_data(void)
{
	const char *d = getenv("TEST_DATA");

	return d ? d : "tests/data";
}

/* Remove the tree at @dir (a test's mkdtemp() directory): 0 or -1. */
static inline int unit_test_rmtree(const char *dir)
{
	char cmd[512];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) ? -1 : 0;
}

/* A tracepoint in a fake tracefs at @root: events/@sys/@name/id holding @id. */
static inline void unit_test_make_tracepoint(const char *root, const char *sys,
					     const char *name, int id)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/events", root);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/events/%s", root, sys);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/events/%s/%s", root, sys, name);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/events/%s/%s/id", root, sys, name);
	f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "%d\n", id);
	fclose(f);
}

#endif
