// SPDX-License-Identifier: GPL-2.0
/*
 * The CPU's name for perf's event tables from a described /proc/cpuinfo:
 * vendor-family-model-stepping, model and stepping in upper-case hex, the
 * first processor's block only; "model name" is not "model"; a cpuinfo
 * without the fields (arm64's) has none.
 */
#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "../unit-test.h"
#include "../../../util/events/cpuid.h"

static int read_from(const char *cpuinfo, char *buf, size_t size)
{
	char root[] = "/tmp/pm-proc.XXXXXX", path[64], cmd[64];
	FILE *f;
	int ret;

	assert_non_null(mkdtemp(root));
	snprintf(path, sizeof(path), "%s/cpuinfo", root);
	assert_non_null(f = fopen(path, "w"));
	fputs(cpuinfo, f);
	fclose(f);
	ret = cpuid__read(root, buf, size);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	assert_int_equal(system(cmd), 0);
	return ret;
}

static void intel_and_amd(void **state)
{
	char buf[64];

	(void)state;
	assert_int_equal(read_from("processor\t: 0\nvendor_id\t: GenuineIntel\ncpu family\t: 6\n"
				   "model\t\t: 106\nmodel name\t: Intel(R) Xeon(R)\nstepping\t: 6\n\n"
				   "processor\t: 1\nvendor_id\t: Other\n", buf, sizeof(buf)), 0);
	assert_string_equal(buf, "GenuineIntel-6-6A-6");
	assert_int_equal(read_from("vendor_id\t: AuthenticAMD\ncpu family\t: 25\n"
				   "model name\t: AMD EPYC 7B13\nmodel\t\t: 1\nstepping\t: 0\n",
				   buf, sizeof(buf)), 0);
	assert_string_equal(buf, "AuthenticAMD-25-1-0");
}

static void no_fields_no_name(void **state)
{
	char buf[64];

	(void)state;
	assert_int_equal(read_from("processor\t: 0\nBogoMIPS\t: 50.00\nCPU implementer\t: 0x41\n",
				   buf, sizeof(buf)), -ENOENT);
	assert_int_equal(cpuid__read("/nonexistent", buf, sizeof(buf)), -ENOENT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(intel_and_amd),
		cmocka_unit_test(no_fields_no_name),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
