// SPDX-License-Identifier: GPL-2.0
/* Decompressed copies of debug files: debug-cache.h. */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../base/pending-file.h"
#include "../base/strbuf.h"
#include "cache-dir.h"
#include "debug-cache.h"
#include "debug-find.h"

/* Larger debug files stay compressed: a copy per build-id is disk. */
#define MAX_COPY_BYTES (512ULL << 20)

static bool has_compressed_sections(int fd)
{
	Elf *elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	Elf_Scn *scn = NULL;
	bool found = false;

	while (elf && !found && (scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;

		found = gelf_getshdr(scn, &sh) && (sh.sh_flags & SHF_COMPRESSED);
	}
	if (elf)
		elf_end(elf);
	return found;
}

/* @mod's build-id in hex, or false when it has none worth the name */
static bool build_id_hex(Dwfl_Module *mod, struct strbuf *hex)
{
	const unsigned char *id;
	GElf_Addr vaddr;
	int len = dwfl_module_build_id(mod, &id, &vaddr);

	for (int i = 0; i < len; i++)
		strbuf_addf(hex, "%02x", id[i]);
	return len >= 8;
}

static bool copy_bytes(int from, int to)
{
	char buf[1 << 16];
	ssize_t n;

	if (lseek(from, 0, SEEK_SET))
		return false;
	while ((n = read(from, buf, sizeof(buf))) > 0)
		if (write(to, buf, (size_t)n) != n)
			return false;
	return n == 0;
}

/* Every compressed section of the ELF open for update on @fd inflated,
 * the file laid out again by libelf. */
static bool decompress_in_place(int fd)
{
	Elf *elf = elf_begin(fd, ELF_C_RDWR, NULL);
	Elf_Scn *scn = NULL;
	bool ok = elf != NULL;

	while (ok && (scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;

		if (gelf_getshdr(scn, &sh) && (sh.sh_flags & SHF_COMPRESSED))
			ok = elf_compress(scn, 0, 0) >= 0;
	}
	ok = ok && elf_update(elf, ELF_C_WRITE) >= 0;
	if (elf)
		elf_end(elf);
	return ok;
}

/* Made under a temporary name and renamed when whole: a report running
 * beside never maps half a copy. */
static int make_copy(int fd, const char *path)
{
	struct pending_file pf;
	struct stat st;
	int err;

	if (fstat(fd, &st) || (uint64_t)st.st_size * 4 >= MAX_COPY_BYTES ||
	    pending_file__open(&pf, path))
		return -1;
	err = copy_bytes(fd, pf.fd) && decompress_in_place(pf.fd) && !fsync(pf.fd) ? 0 : -EIO;
	if (close(pf.fd) && !err)
		err = -EIO;
	if (pending_file__finish(&pf, err))
		return -1;
	return open(path, O_RDONLY | O_CLOEXEC);
}

/*
 * Before libdwfl's search: its build-id lookup keeps the file it opens
 * as the module's debug file, whatever a callback returns after it. So
 * the distribution's file is looked up here by build-id first, and its
 * copy returned when it has compressed sections.
 */
int debug_cache__find_debuginfo(Dwfl_Module *mod, void **userdata, const char *modname,
				Dwarf_Addr base, const char *file_name,
				const char *debuglink_file, GElf_Word debuglink_crc,
				char **debuginfo_file_name)
{
	struct strbuf hex = STRBUF_INIT, copy = STRBUF_INIT, debug = STRBUF_INIT;
	int fd = -1;

	if (build_id_hex(mod, &hex) && pm_cache_dir(&copy)) {
		strbuf_addf(&copy, "/debug-%s", hex.buf);
		fd = open(copy.buf, O_RDONLY | O_CLOEXEC);
		if (fd < 0) {
			int orig;

			strbuf_addf(&debug, "/usr/lib/debug/.build-id/%.2s/%s.debug", hex.buf,
				    hex.buf + 2);
			orig = open(debug.buf, O_RDONLY | O_CLOEXEC);
			if (orig >= 0 && has_compressed_sections(orig))
				fd = make_copy(orig, copy.buf);
			if (orig >= 0)
				close(orig);
		}
	}
	if (fd >= 0) {
		*debuginfo_file_name = strbuf_detach(&copy, NULL);
	} else {
		fd = debug_find__standard(mod, userdata, modname, base, file_name,
					  debuglink_file, debuglink_crc, debuginfo_file_name);
		strbuf_release(&copy);
	}
	strbuf_release(&hex);
	strbuf_release(&debug);
	return fd;
}
