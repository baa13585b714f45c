// SPDX-License-Identifier: GPL-2.0
#include "../unit-test.h"
#include "../../../util/base/strbuf.h"

static void test_strbuf__starts_empty_and_terminated(void **state)
{
	struct strbuf sb = STRBUF_INIT;

	(void)state;
	assert_int_equal(sb.len, 0);
	assert_string_equal(sb.buf, "");
	strbuf_release(&sb);
}

static void test_strbuf__addf_grows_past_initial_size(void **state)
{
	struct strbuf sb = STRBUF_INIT;

	(void)state;
	for (int i = 0; i < 1000; i++)
		strbuf_addf(&sb, "%d,", i);
	assert_int_equal(sb.len, strlen(sb.buf));
	assert_memory_equal(sb.buf, "0,1,2,", 6);
	assert_string_equal(sb.buf + sb.len - 4, "999,");
	strbuf_release(&sb);
}

static void test_strbuf__detach_hands_over_and_resets(void **state)
{
	struct strbuf sb = STRBUF_INIT;
	size_t len;
	char *s;

	(void)state;
	strbuf_addstr(&sb, "abc");
	s = strbuf_detach(&sb, &len);
	assert_string_equal(s, "abc");
	assert_int_equal(len, 3);
	assert_int_equal(sb.len, 0);
	free(s);
}

static void test_strbuf__pad_and_rtrim(void **state)
{
	struct strbuf sb = STRBUF_INIT;

	(void)state;
	strbuf_addpad(&sb, "ab", 5);
	assert_string_equal(sb.buf, "ab   ");
	strbuf_rtrim(&sb);
	assert_string_equal(sb.buf, "ab");
	strbuf_addpad(&sb, "toolong", 3);
	assert_string_equal(sb.buf, "abtoolong");
	strbuf_reset(&sb);
	assert_string_equal(sb.buf, "");
	strbuf_release(&sb);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_strbuf__starts_empty_and_terminated),
		cmocka_unit_test(test_strbuf__addf_grows_past_initial_size),
		cmocka_unit_test(test_strbuf__detach_hands_over_and_resets),
		cmocka_unit_test(test_strbuf__pad_and_rtrim),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
