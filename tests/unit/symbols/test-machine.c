// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's maps as perf names them: a module mapped from its path is
 * "[name]" with dashes as underscores (compressed ones too); a module
 * recorded by its name ("[i915]") keeps it, not "[[i915]]". The kernel's
 * map, once its kallsyms symbols are loaded, spans them all as perf's.
 */
#include <unistd.h>

#include "../unit-test.h"
#include "../../../util/data/perf-data-format.h"
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

static const char kallsyms[] =
	"ffffffff81000000 T _text\n"
	"ffffffff81000100 T func_a\n"
	"ffffffff81001000 T _etext\n"
	"ffffffff83000000 T start_kernel\n"
	"ffffffff83000400 D init_data\n"
	"ffffffff83000800 R rodata_is_left_out\n"
	"ffffffffc0000000 t mod_fn\t[mod]\n";

static void test_machine__kernel_map_spans_kallsyms(void **state)
{
	char path[] = "/tmp/pm-kallsyms-XXXXXX";
	int fd = mkstemp(path);
	struct dsos_config cfg = { .kallsyms = path };
	struct mmap_desc d = { .start = 0xffffffff81000000ULL, .len = 0x1000,
			       .pgoff = 0xffffffff81000000ULL,
			       .filename = "[kernel.kallsyms]_text" };
	struct machine m;
	struct map *map;

	(void)state;
	assert_true(fd >= 0);
	assert_int_equal(write(fd, kallsyms, sizeof(kallsyms) - 1), (ssize_t)sizeof(kallsyms) - 1);
	close(fd);
	assert_int_equal(machine__init(&m, &cfg), 0);
	machine__add_mmap(&m, -1, 0, &d);
	/* init code past _etext: not the recorded map's until it is loaded */
	assert_null(maps__find(&m.kmaps, 0xffffffff83000010ULL));
	map = maps__find(&m.kmaps, 0xffffffff81000110ULL);
	assert_non_null(map);
	machine__load_kernel_map(&m, map);
	map = maps__find(&m.kmaps, 0xffffffff83000010ULL);
	assert_non_null(map);
	assert_ptr_equal(map->dso, m.kernel_dso);
	assert_string_equal(dso__find_symbol(&m.dsos, map->dso, 0xffffffff83000010ULL)->name,
			    "start_kernel");
	/* to the last symbol's page and one more (perf's symbols__fixup_end) */
	assert_int_equal(map->end, 0xffffffff83002000ULL);
	assert_null(maps__find(&m.kmaps, 0xffffffff83002000ULL));
	machine__exit(&m);
	unlink(path);
}

static void cgroup_record(struct machine *m, uint64_t id, const char *path)
{
	struct {
		struct pm_cgroup_event e;
		char path[64];
	} rec = { .e = { .header = { .type = PERF_RECORD_CGROUP, .size = sizeof(rec) }, .id = id } };

	snprintf(rec.path, sizeof(rec.path), "%s", path);
	machine__process_event(m, &rec.e.header);
}

/* CGROUP records name cgroup ids, the first name of an id staying (perf's
 * cgroup__findnew), however many there are. */
static void test_machine__cgroups_named_by_their_first_record(void **state)
{
	struct dsos_config cfg = { 0 };
	struct machine m;
	char name[32];

	(void)state;
	assert_int_equal(machine__init(&m, &cfg), 0);
	for (uint64_t id = 1; id <= 5000; id++) {
		snprintf(name, sizeof(name), "/g%u", (unsigned int)id);
		cgroup_record(&m, id * 4096, name);
	}
	cgroup_record(&m, 4096, "/renamed");
	assert_string_equal(machine__cgroup_path(&m, 4096), "/g1");
	assert_string_equal(machine__cgroup_path(&m, 5000 * 4096), "/g5000");
	assert_null(machine__cgroup_path(&m, 4097));
	machine__exit(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_machine__module_names_as_perf),
		cmocka_unit_test(test_machine__kernel_map_spans_kallsyms),
		cmocka_unit_test(test_machine__cgroups_named_by_their_first_record),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
