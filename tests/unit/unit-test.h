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

/* tests/data, from $TEST_DATA (set by tests/run-tests.sh) or the source tree. */
static inline const char *unit_test_data(void)
{
	const char *d = getenv("TEST_DATA");

	return d ? d : "tests/data";
}

#endif
