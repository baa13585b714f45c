// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's maps as perf names them: a module mapped from its path is
 * "[name]" with dashes as underscores (compressed ones too); a module
 * recorded by its name ("[i915]") keeps it, not "[[i915]]".
 */
#include "../unit-test.h"
#include "../../../util/symbols/machine.h"

static const char *module_at(struct machine *m, uint64_t start, const char *file)
{
	struct mmap_desc d = { .start = start, .len = 0x1000, .filename = file };
	struct map *map;

	machine__add_mmap(m, -1, 0, &d);
	map = maps__find(&m->kmaps, start + 0x10);
	return map && map->dso ? map->dso->short_name : NULL;
}

static void test_machine__module_names_as_perf(void **state)
{
	struct dsos_config cfg = { 0 };
	struct machine m;

	(void)state;
	assert_int_equal(machine__init(&m, &cfg), 0);
	assert_string_equal(module_at(&m, 0xffffffffc0000000ULL,
				      "/lib/modules/6.1/kernel/sound/snd-hda-intel.ko"),
			    "[snd_hda_intel]");
	assert_string_equal(module_at(&m, 0xffffffffc0010000ULL,
				      "/lib/modules/5.15/kernel/drivers/input/joydev.ko.gz"),
			    "[joydev]");
	assert_string_equal(module_at(&m, 0xffffffffc0020000ULL, "[i915]"), "[i915]");
	machine__exit(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_machine__module_names_as_perf),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
