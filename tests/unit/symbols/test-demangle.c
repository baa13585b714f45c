// SPDX-License-Identifier: GPL-2.0
/*
 * Names as perf 6.1 (libiberty, no libbfd) shows them: C++ without
 * parameter lists unless asked, legacy Rust without its hash, Rust v0;
 * C names are not mangled.
 */
#include "../unit-test.h"
#include "../../../util/symbols/demangle.h"

static void expect(const char *mangled, bool params, const char *want)
{
	char *got = symbol_demangle(mangled, params);

	if (want)
		assert_string_equal(got, want);
	else
		assert_null(got);
	free(got);
}

static void test_demangle__cxx_rust_and_c(void **state)
{
	(void)state;
	expect("_ZNSt8ios_base4InitD1Ev", false, "std::ios_base::Init::~Init");
	expect("_ZNK3geo6Circle4areaEv", false, "geo::Circle::area");
	expect("_ZNK3geo6Circle4areaEv", true, "geo::Circle::area() const");
	expect("_Z4workIiEvT_", false, "work<int>");
	expect("_ZN3std2rt10lang_start17h6b1c3f8f7f7e5c52E", false, "std::rt::lang_start");
	expect("_RNvCs1234_7mycrate7spin_v0", false, "mycrate::spin_v0");
	expect("main", false, NULL);
	expect("_start", false, NULL);
	expect("_Z", false, NULL);	/* not a whole name */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_demangle__cxx_rust_and_c),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
