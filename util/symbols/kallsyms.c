// SPDX-License-Identifier: GPL-2.0
#include <elf.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../base/strbuf.h"
#include "../base/util.h"
#include "cache-dir.h"
#include "kallsyms.h"
#include "kernel-build-id.h"
#include "symtab-cache.h"

/* --- parsing ---------------------------------------------------------- */

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c |= 0x20;
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* One line, "address type name[\t[module]]", without its newline. */
static void parse_line(struct symtab *t, const char *p, const char *end)
{
	uint64_t addr = 0;
	const char *name;
	size_t len;
	char type;
	int d;

	while (p < end && (d = hex_digit(*p)) >= 0)
		addr = addr << 4 | (uint64_t)d, p++;
	if (end - p < 4 || p[0] != ' ' || p[2] != ' ')
		return;
	type = p[1];
	name = p + 3;
	for (len = 0; name + len < end && name[len] != ' ' && name[len] != '\t'; len++)
		;
	/* module symbols ("name\t[mod]") belong to module maps; perf keeps
	 * code and data (d, b: for memory samples' addresses) */
	if (!addr || !len || memchr(p, '[', (size_t)(end - p)) || !strchr("tTwWdDbB", type))
		return;
	if (len > 255)
		len = 255;
	{
		char buf[256];

		memcpy(buf, name, len);
		buf[len] = '\0';
		symtab_add(t, addr, 0, buf, type == 'W' || type == 'w' ? STB_WEAK :
			   type >= 'a' ? STB_LOCAL : STB_GLOBAL);
	}
	t->v[t->nr - 1].is_object = type == 'd' || type == 'D' || type == 'b' || type == 'B';
}

void kallsyms__parse(struct symtab *t, const char *path)
{
	size_t size = 1 << 20, have = 0;
	char *buf = malloc(size);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n = 0;

	/* the kernel prints it a read at a time: big reads, few of them */
	while (buf && fd >= 0 && (n = read(fd, buf + have, size - have)) > 0) {
		char *p = buf, *end = buf + have + (size_t)n, *nl;

		while ((nl = memchr(p, '\n', (size_t)(end - p)))) {
			parse_line(t, p, nl);
			p = nl + 1;
		}
		have = (size_t)(end - p);
		if (have == size)	/* a line as long as the buffer: drop it */
			have = 0;
		memmove(buf, p, have);
	}
	if (buf && have && n == 0)
		parse_line(t, buf, buf + have);
	if (fd >= 0)
		close(fd);
	free(buf);
}

/* --- the running kernel ----------------------------------------------- */

/* This boot and this kernel; false when either is unknown. */
static bool running_key(struct kallsyms_key *key)
{
	char boot[64];

	memset(key, 0, sizeof(*key));
	if (read_small_file("/proc/sys/kernel/random/boot_id", boot, sizeof(boot)) < 36)
		return false;
	memcpy(key->boot_id, boot, 36);
	key->build_id_size = (uint8_t)kernel_build_id(key->build_id, sizeof(key->build_id));
	return key->build_id_size > 0;
}

/*
 * $XDG_CACHE_HOME/perf-mini/kallsyms-BUILDID-HOST-BOOTID, its directories
 * made: a home shared by machines (NFS) holds one file per machine, and a
 * new boot replaces its machine's. None for a program run with another
 * user's environment (sudo -E).
 */
static bool cache_path(const struct kallsyms_key *key, struct strbuf *path)
{
	char host[13];

	if (!pm_cache_dir(path))
		return false;
	pm_cache_host(host);
	strbuf_addstr(path, "/kallsyms-");
	for (int i = 0; i < key->build_id_size; i++)
		strbuf_addf(path, "%02x", key->build_id[i]);
	strbuf_addf(path, "-%s-%.8s", host, key->boot_id);
	return true;
}

/* kptr_restrict shows some users zeros: they must not get a cached table. */
static bool addresses_visible(void)
{
	char line[64];
	int d;

	if (read_small_file("/proc/kallsyms", line, sizeof(line)) <= 0)
		return false;
	for (const char *p = line; (d = hex_digit(*p)) >= 0; p++)
		if (d)
			return true;
	return false;
}

bool kallsyms__load_running(struct dso *dso)
{
	struct symtab t = SYMTAB_INIT;
	struct strbuf path = STRBUF_INIT;
	struct kallsyms_key key;
	bool cacheable;

	if (!addresses_visible())
		return false;
	cacheable = running_key(&key) && cache_path(&key, &path);
	if (cacheable && symtab_cache__read(path.buf, &key, sizeof(key), dso)) {
		strbuf_release(&path);
		return true;
	}
	kallsyms__parse(&t, "/proc/kallsyms");
	symtab_finish(&t, dso);
	if (cacheable && dso->nr_syms && !symtab_cache__write(path.buf, dso, &key, sizeof(key)))
		symtab_cache__remove_others(path.buf);	/* best effort, as the write */
	strbuf_release(&path);
	return true;
}
