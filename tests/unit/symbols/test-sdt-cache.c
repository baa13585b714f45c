// SPDX-License-Identifier: GPL-2.0
/*
 * The SDT events perf list finds in perf's build-id cache: the "%group:
 * event=" lines of each cached binary's probes file, for binaries still
 * installed with the build-id they were cached with (a replaced or
 * removed one no longer counts, nor an older perf's link to a file or a
 * dangling one), each event once, in perf's "name@build-id" order, and
 * one that several binaries have named for each, "name@path(id12)". The
 * cache and the binaries (ELF files with a build-id) are written here.
 */
#include <sys/stat.h>
#include <unistd.h>

#include "../unit-test.h"
#include "../../../util/base/util.h"
#include "../../../util/symbols/sdt-cache.h"
#include "fake-elf.h"

static char dir[] = "/tmp/pm-sdt-cache.XXXXXX";

static void id_of(uint8_t first, uint8_t *id, char *hex)
{
	for (int i = 0; i < 20; i++) {
		id[i] = (uint8_t)(first + i);
		snprintf(hex + 2 * i, 3, "%02x", id[i]);
	}
}

/* An installed binary at @path with build-id @first, @first + 1, ... */
static void install(const char *path, uint8_t first)
{
	uint8_t id[20];
	char hex[41];
	struct fake_elf e;

	id_of(first, id, hex);
	fake_elf__init(&e, ET_DYN);
	fake_elf__build_id(&e, id, sizeof(id));
	fake_elf__write(&e, path);
}

static void mkdirs(const char *path)
{
	char cmd[600];

	snprintf(cmd, sizeof(cmd), "mkdir -p '%s'", path);
	assert_int_equal(system(cmd), 0);
}

static void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

/* perf's cache entry of @bin as it was when its build-id began with
 * @first: its directory with @probes, and the .build-id link to it. */
static void cache(const char *bin, uint8_t first, const char *probes)
{
	char hex[41], path[512], link[512], target[512];
	uint8_t id[20];

	id_of(first, id, hex);
	snprintf(path, sizeof(path), "%s/cache%s/%s", dir, bin, hex);
	mkdirs(path);
	if (probes) {
		snprintf(path, sizeof(path), "%s/cache%s/%s/probes", dir, bin, hex);
		write_text(path, probes);
	}
	snprintf(link, sizeof(link), "%s/cache/.build-id/%.2s", dir, hex);
	mkdirs(link);
	snprintf(link, sizeof(link), "%s/cache/.build-id/%.2s/%s", dir, hex, hex + 2);
	snprintf(target, sizeof(target), "../..%s/%s", bin, hex);
	assert_int_equal(symlink(target, link), 0);
}

static const char *path_of(const char *name, char *buf)
{
	snprintf(buf, 256, "%s/bin/%s", dir, name);
	return buf;
}

static void build_cache(void)
{
	char app[256], lib[256], old[256], gone[256], plain[256], flat[512], link[512];

	path_of("app", app);
	path_of("lib.so", lib);
	path_of("old", old);
	path_of("gone", gone);
	path_of("plain", plain);
	mkdirs(path_of("", flat));
	install(app, 0xaa);
	install(lib, 0xbb);
	install(old, 0x33);		/* rebuilt since it was cached as 0x11 */
	install(plain, 0x55);
	cache(app, 0xaa, "%sdt_app:start=start\n"
			 "p:sdt_app/start /usr/bin/app:0x1139\n"
			 "%sdt_app:stop=stop\n"
			 "p:sdt_app/stop /usr/bin/app:0x1150\n"
			 "#probe_app:cached=cached\n"	/* perf probe --cache's own */
			 "%sdt_app:start=start\n"	/* once */
			 "%no_group=no_group\n"
			 "%sdt_app:no_value\n");
	cache(lib, 0xbb, "%sdt_app:start=start\n%sdt_lib:init=init\n");
	cache(old, 0x11, "%sdt_old:stale=stale\n");
	cache(gone, 0x44, "%sdt_gone:x=x\n");
	cache(app, 0xcc, "%sdt_app:older=older\n");	/* an earlier build of app */
	cache(plain, 0x55, NULL);	/* no SDT notes: no probes file */
	/* an older perf's link to a file, and a dangling one */
	snprintf(flat, sizeof(flat), "%s/cache/.build-id/dd", dir);
	mkdirs(flat);
	snprintf(link, sizeof(link), "%s/cache/.build-id/dd/0001", dir);
	snprintf(flat, sizeof(flat), "../..%s/%s/probes", app,
		 "aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbd");
	assert_int_equal(symlink(flat, link), 0);
	snprintf(link, sizeof(link), "%s/cache/.build-id/dd/0002", dir);
	assert_int_equal(symlink("../../nowhere/dd0002", link), 0);
}

struct want {
	const char *name, *id_first, *bin, *shown;
};

static void test_sdt_cache__events_of_installed_binaries(void **state)
{
	static const struct want want[] = {
		{ "sdt_app:start", "aa", "app", "sdt_app:start@%s(aaabacadaeaf)" },
		{ "sdt_app:start", "bb", "lib.so", "sdt_app:start@%s(bbbcbdbebfc0)" },
		{ "sdt_app:stop", "aa", "app", "sdt_app:stop" },
		{ "sdt_lib:init", "bb", "lib.so", "sdt_lib:init" },
	};
	struct sdt_event *ev;
	size_t nr;

	(void)state;
	build_cache();
	sdt_cache__read(&ev, &nr);
	assert_int_equal(nr, ARRAY_SIZE(want));
	for (size_t i = 0; i < nr; i++) {
		char bin[256], shown[512], key[128];

		path_of(want[i].bin, bin);
		snprintf(shown, sizeof(shown), want[i].shown, bin);
		snprintf(key, sizeof(key), "%s@%s", ev[i].name, ev[i].build_id);
		assert_string_equal(ev[i].name, want[i].name);
		assert_int_equal(strlen(ev[i].build_id), 40);
		assert_memory_equal(ev[i].build_id, want[i].id_first, 2);
		assert_string_equal(ev[i].path, bin);
		assert_string_equal(ev[i].key, key);
		assert_string_equal(ev[i].shown, shown);
	}
	sdt_cache__free(ev, nr);
}

static void test_sdt_cache__no_cache(void **state)
{
	struct sdt_event *ev = (struct sdt_event *)&ev;
	char path[300];
	size_t nr = 7;

	(void)state;
	snprintf(path, sizeof(path), "%s/no-cache-here", dir);
	setenv("PERF_BUILDID_DIR", path, 1);
	sdt_cache__read(&ev, &nr);
	assert_int_equal(nr, 0);
	sdt_cache__free(ev, nr);
	/* a cache without .build-id */
	mkdirs(path);
	nr = 7;
	sdt_cache__read(&ev, &nr);
	assert_int_equal(nr, 0);
	sdt_cache__free(ev, nr);
}

static int setup(void **state)
{
	char path[300];

	(void)state;
	if (!mkdtemp(dir))
		return -1;
	snprintf(path, sizeof(path), "%s/cache", dir);
	return setenv("PERF_BUILDID_DIR", path, 1);
}

static int teardown(void **state)
{
	char cmd[64];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) ? -1 : 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sdt_cache__events_of_installed_binaries),
		cmocka_unit_test(test_sdt_cache__no_cache),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
