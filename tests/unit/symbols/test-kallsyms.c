// SPDX-License-Identifier: GPL-2.0
/*
 * kallsyms as perf reads it (code and data kept, module symbols and hidden
 * zero addresses left out), and the per-user cache of a finished table:
 * what is read back is what was written, for the same kernel and boot
 * only, and a damaged file is refused, never trusted.
 */
#include <elf.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../unit-test.h"
#include "../../../util/symbols/kallsyms.h"
#include "../../../util/symbols/symtab-cache.h"

static char dir[] = "/tmp/pm-kallsyms-test-XXXXXX";

static const char text[] =
	"ffffffff81000000 T _text\n"
	"ffffffff81000100 t local_fn\n"
	"ffffffff81000200 W weak_fn\n"
	"ffffffff81000300 r rodata_left_out\n"
	"ffffffff81000400 D some_data\n"
	"0000000000000000 T hidden_by_kptr_restrict\n"
	"ffffffffc0000000 t mod_fn\t[mod]\n"
	"ffffffff81000500 T last_fn";	/* no newline at the end */

static void write_text(const char *path, const char *s, size_t len)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);

	assert_true(fd >= 0);
	assert_int_equal(write(fd, s, len), (ssize_t)len);
	close(fd);
}

static void load_table(struct dso *dso)
{
	struct symtab t = SYMTAB_INIT;
	char path[128];

	snprintf(path, sizeof(path), "%s/kallsyms", dir);
	write_text(path, text, sizeof(text) - 1);
	kallsyms__parse(&t, path);
	symtab_finish(&t, dso);
}

static void free_table(struct dso *dso)
{
	free(dso->syms);
	if (!dso->names_map)
		free(dso->names);
	else
		munmap(dso->names_map, dso->names_map_size);
	memset(dso, 0, sizeof(*dso));
}

static void test_kallsyms__parse_keeps_what_perf_keeps(void **state)
{
	struct dso dso = { 0 };

	(void)state;
	load_table(&dso);
	assert_int_equal(dso.nr_syms, 5);
	assert_string_equal(dso.syms[0].name, "_text");
	assert_string_equal(dso.syms[1].name, "local_fn");
	assert_int_equal(dso.syms[1].binding, STB_LOCAL);
	assert_int_equal(dso.syms[2].binding, STB_WEAK);
	assert_string_equal(dso.syms[3].name, "some_data");
	assert_true(dso.syms[3].is_object);
	assert_string_equal(dso.syms[4].name, "last_fn");
	free_table(&dso);
}

static void test_kallsyms__cache_round_trip(void **state)
{
	struct kallsyms_key key = { .build_id = { 1, 2, 3 }, .build_id_size = 20,
				    .boot_id = "0123" };
	struct dso dso = { 0 }, back = { 0 };
	char path[128];

	(void)state;
	snprintf(path, sizeof(path), "%s/cache", dir);
	load_table(&dso);
	assert_int_equal(symtab_cache__write(path, &dso, &key, sizeof(key)), 0);
	assert_true(symtab_cache__read(path, &key, sizeof(key), &back));
	assert_int_equal(back.nr_syms, dso.nr_syms);
	for (size_t i = 0; i < dso.nr_syms; i++) {
		assert_null(back.syms[i].name);	/* made when first found */
		symtab_cache__make_symbol(&back, i);
		assert_string_equal(back.syms[i].name, dso.syms[i].name);
		assert_int_equal(back.syms[i].start, dso.syms[i].start);
		assert_int_equal(back.syms[i].end, dso.syms[i].end);
		assert_int_equal(back.syms[i].binding, dso.syms[i].binding);
		assert_int_equal(back.syms[i].is_object, dso.syms[i].is_object);
	}
	free_table(&back);
	/* another boot (KASLR moved the kernel) or another kernel: not used */
	key.boot_id[0] = '9';
	assert_false(symtab_cache__read(path, &key, sizeof(key), &back));
	assert_null(back.syms);
	free_table(&dso);
}

static void test_kallsyms__damaged_cache_refused(void **state)
{
	struct kallsyms_key key = { .build_id_size = 20, .boot_id = "b" };
	struct dso dso = { 0 }, back = { 0 };
	char path[128], *buf;
	size_t len;
	FILE *f;

	(void)state;
	snprintf(path, sizeof(path), "%s/damaged", dir);
	load_table(&dso);
	assert_int_equal(symtab_cache__write(path, &dso, &key, sizeof(key)), 0);
	f = fopen(path, "rb");
	assert_non_null(f);
	buf = malloc(1 << 16);
	len = fread(buf, 1, 1 << 16, f);
	fclose(f);
	/* cut short */
	write_text(path, buf, len - 3);
	assert_false(symtab_cache__read(path, &key, sizeof(key), &back));
	/* a name's end byte no longer its end */
	buf[len - 1] = 'x';
	write_text(path, buf, len);
	assert_false(symtab_cache__read(path, &key, sizeof(key), &back));
	/* whole, but writable by others: what it says cannot be trusted */
	write_text(path, buf, len);
	buf[len - 1] = '\0';
	write_text(path, buf, len);
	assert_true(symtab_cache__read(path, &key, sizeof(key), &back));
	free_table(&back);
	chmod(path, 0666);
	assert_false(symtab_cache__read(path, &key, sizeof(key), &back));
	/* a record naming bytes past the names (the file read whole, records
	 * are only checked as their symbols are made): an empty name */
	{
		uint64_t nr, names_size;
		char *rec;

		memcpy(&nr, buf + 16, 8);		/* header: magic, sizes, nr_syms, */
		memcpy(&names_size, buf + 24, 8);	/* names_size */
		rec = buf + len - names_size - 16 * nr;	/* 16-byte records, name_off first */
		memset(rec, 0xff, 4);
		write_text(path, buf, len);
		chmod(path, 0600);
		assert_true(symtab_cache__read(path, &key, sizeof(key), &back));
		symtab_cache__make_symbol(&back, 0);
		assert_string_equal(back.syms[0].name, "");
		assert_int_equal(back.syms[0].namelen, 0);
		symtab_cache__make_symbol(&back, 1);
		assert_string_equal(back.syms[1].name, dso.syms[1].name);
		free_table(&back);
		memset(&back, 0, sizeof(back));
	}
	/* empty, and garbage */
	write_text(path, "", 0);
	assert_false(symtab_cache__read(path, &key, sizeof(key), &back));
	memset(buf, 0xff, len);
	write_text(path, buf, len);
	assert_false(symtab_cache__read(path, &key, sizeof(key), &back));
	assert_null(back.syms);
	free(buf);
	free_table(&dso);
}

static int setup(void **state)
{
	(void)state;
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	char cmd[160];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	return system(cmd) == 0 ? 0 : -1;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_kallsyms__parse_keeps_what_perf_keeps),
		cmocka_unit_test(test_kallsyms__cache_round_trip),
		cmocka_unit_test(test_kallsyms__damaged_cache_refused),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
