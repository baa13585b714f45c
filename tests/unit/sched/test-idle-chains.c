// SPDX-License-Identifier: GPL-2.0
/*
 * Idle time by callchain: charged, saved and printed as perf 6.1 prints
 * them, its header with no chain under it.
 */
#include "../unit-test.h"
#include "../../../util/sched/sched-idle-chains.h"

#define MS 1000000ULL

static void charged_to_the_last_chain(void **state)
{
	struct idle_chains *ic = idle_chains__new(4);
	struct strbuf sb = STRBUF_INIT;

	(void)state;
	idle_chains__charge(ic, 1, 7 * MS);		/* nothing saved yet: not charged */
	idle_chains__save(ic, 1, "schedule_idle <- do_idle");
	idle_chains__charge(ic, 1, 3 * MS);
	idle_chains__charge(ic, 1, 1 * MS + 500000);	/* the same chain, kept */
	idle_chains__save(ic, 1, "0xffffffff81000000 <- cpu_startup_entry");
	idle_chains__charge(ic, 1, 5 * MS);
	idle_chains__save(ic, 2, "other");
	idle_chains__charge(ic, 9, MS);			/* no such CPU: ignored */
	idle_chains__print(ic, 1, &sb);
	/* perf 6.1's listing: the header, no chain (its sorted tree is never read) */
	assert_string_equal(sb.buf,
		"  Idle time (msec)     Count  Callchains\n"
		"  ----------------  --------  --------------------------------------------------\n");
	strbuf_reset(&sb);
	idle_chains__print(ic, 2, &sb);			/* saved, never charged: header only */
	assert_int_equal(strchr(strchr(sb.buf, '\n') + 1, '\n')[1], '\0');
	strbuf_release(&sb);
	idle_chains__delete(ic);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(charged_to_the_last_chain),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
