// SPDX-License-Identifier: GPL-2.0
/*
 * archive's tar.bz2, unpacked here by hand: one bzip2 stream holding
 * ustar blocks (POSIX.1-1988) that tar reads as written, each header's
 * name, mode, size, time, type, link and checksum in their fields, a
 * file's bytes padded to the block, two zero blocks at the end. A path
 * of more than 100 characters is split at a '/' into the 155-byte prefix
 * and the name, as GNU tar splits it (the longest prefix that fits: each
 * split below is tar --format=ustar's); one no split can hold, or a link
 * over 100 characters, goes whole in a POSIX pax header before the entry
 * ("LEN path=..." records, LEN counting itself), the entry's own fields
 * cut to their size. A stream that cannot be written fails the archive.
 */
#include <bzlib.h>
#include <time.h>

#include "../unit-test.h"
#include "../../../util/data/tarball.h"

#define BLOCK 512

/* The archive's tar bytes, bzip2 undone. */
static char *unpack(const char *bz, size_t bz_len, unsigned int *len)
{
	unsigned int room = 1 << 20;
	char *tar = malloc(room);

	assert_non_null(tar);
	assert_int_equal(BZ2_bzBuffToBuffDecompress(tar, &room, (char *)bz, bz_len, 0, 0), BZ_OK);
	*len = room;
	return tar;
}

static unsigned long octal(const char *field, size_t len)
{
	char buf[16];

	memcpy(buf, field, len);
	buf[len] = '\0';
	return strtoul(buf, NULL, 8);
}

/* What tar would check of the header at @h. */
static void check_header(const char *h, char type, unsigned long mode, unsigned long size,
			 time_t from, time_t to)
{
	unsigned int sum = 0;

	for (int i = 0; i < BLOCK; i++)
		sum += i >= 148 && i < 156 ? ' ' : (unsigned char)h[i];
	assert_int_equal(octal(h + 148, 6), sum);
	assert_int_equal(h[154], '\0');
	assert_int_equal(h[155], ' ');
	assert_int_equal(h[156], type);
	assert_int_equal(octal(h + 100, 7), mode);
	assert_int_equal(octal(h + 108, 7), 0);		/* uid */
	assert_int_equal(octal(h + 116, 7), 0);		/* gid */
	assert_int_equal(octal(h + 124, 11), size);
	assert_true((time_t)octal(h + 136, 11) >= from && (time_t)octal(h + 136, 11) <= to);
	assert_memory_equal(h + 257, "ustar\0" "00", 8);
}

static void field(const char *h, int off, int len, char *out)
{
	memcpy(out, h + off, len);
	out[len] = '\0';
}

static void test_tarball__entries(void **state)
{
	static const char data[] = "ELF and then some";
	char *bz, *tar, name[101], prefix[156], link[101], big[BLOCK + 1];
	struct strbuf err = STRBUF_INIT;
	size_t bz_len;
	unsigned int len;
	FILE *f = open_memstream(&bz, &bz_len);
	time_t from = time(NULL), to;
	struct tarball *t;

	(void)state;
	memset(big, 'b', BLOCK);
	assert_non_null(t = tarball__open(f, &err));
	assert_int_equal(tarball__dir(t, ".build-id", &err), 0);
	assert_int_equal(tarball__file(t, ".build-id/elf", data, sizeof(data) - 1, &err), 0);
	assert_int_equal(tarball__symlink(t, ".build-id/ab", "../../usr/bin/true", &err), 0);
	assert_int_equal(tarball__file(t, "empty", "", 0, &err), 0);
	assert_int_equal(tarball__file(t, "block", big, BLOCK, &err), 0);
	assert_int_equal(tarball__close(t, &err), 0);
	assert_int_equal(err.len, 0);
	to = time(NULL);
	fclose(f);

	tar = unpack(bz, bz_len, &len);
	/* dir, file + 1 block, link, empty file, file + 1 block, 2 end blocks */
	assert_int_equal(len, 9 * BLOCK);
	check_header(tar, '5', 0755, 0, from, to);
	field(tar, 0, 100, name);
	assert_string_equal(name, ".build-id");
	check_header(tar + BLOCK, '0', 0644, sizeof(data) - 1, from, to);
	field(tar + BLOCK, 0, 100, name);
	assert_string_equal(name, ".build-id/elf");
	assert_memory_equal(tar + 2 * BLOCK, data, sizeof(data) - 1);
	for (int i = sizeof(data) - 1; i < BLOCK; i++)	/* padded with zeros */
		assert_int_equal(tar[2 * BLOCK + i], 0);
	check_header(tar + 3 * BLOCK, '2', 0777, 0, from, to);
	field(tar + 3 * BLOCK, 157, 100, link);
	assert_string_equal(link, "../../usr/bin/true");
	check_header(tar + 4 * BLOCK, '0', 0644, 0, from, to);	/* no data block */
	check_header(tar + 5 * BLOCK, '0', 0644, BLOCK, from, to);
	assert_memory_equal(tar + 6 * BLOCK, big, BLOCK);		/* no padding */
	for (int i = 7 * BLOCK; i < 9 * BLOCK; i++)
		assert_int_equal(tar[i], 0);
	field(tar + 5 * BLOCK, 345, 155, prefix);
	assert_string_equal(prefix, "");
	free(tar);
	free(bz);
	strbuf_release(&err);
}

#define X10 "xxxxxxxxxx"
/* The pax header at @h: type 'x', one record "LEN key=value\n" whose
 * LEN is the record's length, padded to its block. */
static void check_pax(const char *h, const char *key, const char *value)
{
	char want[512];
	int n = (int)(strlen(key) + strlen(value) + 3), len = n + 1;

	while (len != n + snprintf(NULL, 0, "%d", len))
		len = n + snprintf(NULL, 0, "%d", len);
	snprintf(want, sizeof(want), "%d %s=%s\n", len, key, value);
	assert_int_equal(h[156], 'x');
	assert_int_equal(octal(h + 124, 11), strlen(want));
	assert_memory_equal(h + BLOCK, want, strlen(want));
}

#define Y10 "yyyyyyyyyy"
#define X50 X10 X10 X10 X10 X10
#define Y50 Y10 Y10 Y10 Y10 Y10

static const struct name_case {
	const char *what;
	const char *path;
	const char *prefix;	/* NULL: in a pax header */
	const char *name;
} names[] = {
	{ "short", "usr/bin/true", "", "usr/bin/true" },
	{ "100 characters", X50 Y50, "", X50 Y50 },
	{ "101: the last '/' leaves 100", "d/" X50 X50, "d", X50 X50 },
	{ "a name of 60 under directories of 63",
	  "d1/" X50 X10 "/" Y50 Y10, "d1/" X50 X10, Y50 Y10 },
	{ "perf's build-id cache: a deep binary, split as GNU tar splits it",
	  "home/user/src/project/build-release/tools/bin/" X50 "/"
	  "0123456789abcdef0123456789abcdef01234567/elf",
	  "home/user/src/project/build-release/tools/bin/" X50 "/"
	  "0123456789abcdef0123456789abcdef01234567", "elf" },
	{ "a name of 101 characters", "d/" X50 X50 "z", NULL, NULL },
	{ "101 characters and no '/'", X50 X50 "z", NULL, NULL },
	{ "a prefix of 156 characters", X50 X50 X50 "xxxxxx/" "y", NULL, NULL },
	{ "a prefix of 155 characters", X50 X50 X50 "xxxxx/" "y", X50 X50 X50 "xxxxx", "y" },
};

static void test_tarball__long_names(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		const struct name_case *c = &names[i];
		struct strbuf err = STRBUF_INIT;
		char *bz, *tar, name[101], prefix[156];
		size_t bz_len;
		unsigned int len;
		FILE *f = open_memstream(&bz, &bz_len);
		struct tarball *t = tarball__open(f, &err);
		int ret = tarball__file(t, c->path, "x", 1, &err);

		print_message("tar name: %s\n", c->what);
		assert_int_equal(tarball__close(t, &err), 0);
		fclose(f);
		assert_int_equal(ret, 0);
		assert_int_equal(err.len, 0);
		tar = unpack(bz, bz_len, &len);
		if (!c->prefix) {
			check_pax(tar, "path", c->path);
			field(tar + 2 * BLOCK, 0, 100, name);
			assert_memory_equal(name, c->path, 100);
			free(tar);
			free(bz);
			strbuf_release(&err);
			continue;
		}
		field(tar, 0, 100, name);
		field(tar, 345, 155, prefix);
		assert_string_equal(prefix, c->prefix);
		assert_string_equal(name, c->name);
		free(tar);
		free(bz);
		strbuf_release(&err);
	}
}

static void test_tarball__long_link(void **state)
{
	struct strbuf err = STRBUF_INIT;
	char *bz, *tar, link[101];
	size_t bz_len;
	unsigned int len;
	FILE *f = open_memstream(&bz, &bz_len);
	struct tarball *t = tarball__open(f, &err);

	(void)state;
	assert_int_equal(tarball__symlink(t, "l", X50 X50, &err), 0);
	assert_int_equal(tarball__symlink(t, "m", X50 X50 "x", &err), 0);
	assert_int_equal(err.len, 0);
	assert_int_equal(tarball__close(t, &err), 0);
	fclose(f);
	tar = unpack(bz, bz_len, &len);
	field(tar, 157, 100, link);
	assert_string_equal(link, X50 X50);	/* 100: ustar holds it */
	check_pax(tar + BLOCK, "linkpath", X50 X50 "x");
	field(tar + 3 * BLOCK, 157, 100, link);
	assert_memory_equal(link, X50 X50, 100);
	assert_int_equal(tar[3 * BLOCK + 156], '2');
	free(tar);
	free(bz);
	strbuf_release(&err);
}

/*
 * A stream with no room: the archive fails where bzip2 first writes to
 * it, when a block of 900K is full or else when it is closed; either way
 * the close says so and frees everything.
 */
static void test_tarball__no_room(void **state)
{
	static const struct {
		size_t size;
		const char *file_err;	/* tarball__file's, NULL: none */
		const char *close_err;
	} cases[] = {
		{ 1000, NULL, "the archive could not be finished (disk full?)" },
		{ 1 << 20, "the archive could not be written (disk full?)",
		  "the archive could not be written (disk full?)" },
	};
	static char data[1 << 20];

	(void)state;
	for (size_t i = 0; i < sizeof(data); i++)
		data[i] = (char)(i * 2654435761u >> 13);	/* what bzip2 cannot shrink */
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct strbuf err = STRBUF_INIT;
		char room[64];
		FILE *f = fmemopen(room, sizeof(room), "w");
		struct tarball *t;

		assert_non_null(f);
		setvbuf(f, NULL, _IONBF, 0);	/* each write reaches the full stream */
		assert_non_null(t = tarball__open(f, &err));
		assert_int_equal(tarball__file(t, "f", data, cases[i].size, &err),
				 cases[i].file_err ? -1 : 0);
		assert_string_equal(err.buf, cases[i].file_err ?: "");
		assert_int_equal(tarball__close(t, &err), -1);
		assert_string_equal(err.buf, cases[i].close_err);
		fclose(f);
		strbuf_release(&err);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tarball__entries),
		cmocka_unit_test(test_tarball__long_names),
		cmocka_unit_test(test_tarball__long_link),
		cmocka_unit_test(test_tarball__no_room),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
