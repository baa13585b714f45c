/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_TEST_FAKE_ELF_H
#define PM_TEST_FAKE_ELF_H

/*
 * Small ELF64 x86-64 files written by the tests themselves, so what the
 * ELF readers are given is known to the byte and the same on every
 * machine: sections at chosen file offsets and addresses, PT_LOAD
 * segments, symbols of .symtab or .dynsym, a GNU build-id note.
 *
 *	struct fake_elf e;
 *
 *	fake_elf__init(&e, ET_DYN);
 *	text = fake_elf__section(&e, ".text", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR,
 *				 0x401000, 0x1000, code, sizeof(code));
 *	fake_elf__load(&e, 0x1000, 0x401000, 0x100, PF_R | PF_X);
 *	fake_elf__sym(&e, "main", 0x401010, 0x20, STT_FUNC, STB_GLOBAL, text);
 *	fake_elf__write(&e, path);	(also releases it)
 */
#include <elf.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../../util/base/strbuf.h"

#define FAKE_ELF_MAX_SECTIONS 16
#define FAKE_ELF_MAX_LOADS 4
#define FAKE_ELF_MAX_SYMS 32

struct fake_elf {
	uint16_t type;				/* ET_EXEC, ET_DYN */
	struct strbuf body;			/* the file past the headers */
	Elf64_Shdr sh[FAKE_ELF_MAX_SECTIONS];
	char *names[FAKE_ELF_MAX_SECTIONS];
	int nr_sh;
	Elf64_Phdr ph[FAKE_ELF_MAX_LOADS];
	int nr_ph;
	Elf64_Sym sym[FAKE_ELF_MAX_SYMS];	/* [0] is the null symbol */
	struct strbuf symstr;
	int nr_sym;
	bool dynamic;				/* the symbols go in .dynsym */
};

/* Where the sections' bytes may start: after the ELF and program headers. */
#define FAKE_ELF_FIRST_OFFSET 0x200

static inline void fake_elf__init(struct fake_elf *e, uint16_t type)
{
	memset(e, 0, sizeof(*e));
	e->type = type;
	strbuf_init(&e->body, 0);
	strbuf_init(&e->symstr, 0);
	strbuf_addch(&e->symstr, '\0');
	e->nr_sh = 1;		/* SHN_UNDEF */
	e->nr_sym = 1;
}

/* A section of @size bytes of @data (zeros when NULL) at file offset @off
 * (0: the next 16-byte boundary). Returns its index. */
static inline int fake_elf__section(struct fake_elf *e, const char *name, uint32_t type,
				    uint64_t flags, uint64_t addr, uint64_t off,
				    const void *data, size_t size)
{
	int i = e->nr_sh++;
	size_t at;

	if (!off)
		off = FAKE_ELF_FIRST_OFFSET + ((e->body.len + 15) & ~(size_t)15);
	at = off - FAKE_ELF_FIRST_OFFSET;
	if (e->body.len < at)
		strbuf_addchars(&e->body, 0, at - e->body.len);
	strbuf_setlen(&e->body, at);
	if (data)
		strbuf_add(&e->body, data, size);
	else if (type != SHT_NOBITS)
		strbuf_addchars(&e->body, 0, size);
	e->names[i] = strdup(name);
	e->sh[i] = (Elf64_Shdr){ .sh_type = type, .sh_flags = flags, .sh_addr = addr,
				 .sh_offset = off, .sh_size = size, .sh_addralign = 1 };
	return i;
}

static inline void fake_elf__load(struct fake_elf *e, uint64_t off, uint64_t vaddr,
				  uint64_t size, uint32_t flags)
{
	e->ph[e->nr_ph++] = (Elf64_Phdr){ .p_type = PT_LOAD, .p_flags = flags, .p_offset = off,
					  .p_vaddr = vaddr, .p_paddr = vaddr, .p_filesz = size,
					  .p_memsz = size, .p_align = 0x1000 };
}

/* A symbol; @shndx its section (or SHN_UNDEF, SHN_ABS). */
static inline void fake_elf__sym(struct fake_elf *e, const char *name, uint64_t value,
				 uint64_t size, int type, int bind, uint16_t shndx)
{
	e->sym[e->nr_sym++] = (Elf64_Sym){ .st_name = *name ? (uint32_t)e->symstr.len : 0,
					   .st_info = ELF64_ST_INFO(bind, type),
					   .st_shndx = shndx, .st_value = value, .st_size = size };
	if (*name)
		strbuf_add(&e->symstr, name, strlen(name) + 1);
}

/* A NT_GNU_BUILD_ID note of @size bytes of @id. */
static inline void fake_elf__build_id(struct fake_elf *e, const uint8_t *id, uint32_t size)
{
	struct strbuf note = STRBUF_INIT;
	Elf64_Nhdr nh = { 4, size, NT_GNU_BUILD_ID };

	strbuf_add(&note, &nh, sizeof(nh));
	strbuf_add(&note, "GNU", 4);
	strbuf_add(&note, id, size);
	strbuf_addchars(&note, 0, (4 - size % 4) % 4);
	fake_elf__section(e, ".note.gnu.build-id", SHT_NOTE, SHF_ALLOC, 0, 0, note.buf, note.len);
	strbuf_release(&note);
}

/* The symbol table and its strings, then the section names. */
static inline void fake_elf__tables(struct fake_elf *e)
{
	struct strbuf shstr = STRBUF_INIT;
	uint32_t name;
	int tab, str;

	if (e->nr_sym > 1) {
		str = fake_elf__section(e, e->dynamic ? ".dynstr" : ".strtab", SHT_STRTAB, 0, 0, 0,
					e->symstr.buf, e->symstr.len);
		tab = fake_elf__section(e, e->dynamic ? ".dynsym" : ".symtab",
					e->dynamic ? SHT_DYNSYM : SHT_SYMTAB, 0, 0, 0, e->sym,
					(size_t)e->nr_sym * sizeof(e->sym[0]));
		e->sh[tab].sh_link = (uint32_t)str;
		e->sh[tab].sh_info = 1;
		e->sh[tab].sh_entsize = sizeof(Elf64_Sym);
		e->sh[tab].sh_addralign = 8;
	}
	strbuf_addch(&shstr, '\0');
	for (int i = 1; i < e->nr_sh; i++) {
		e->sh[i].sh_name = (uint32_t)shstr.len;
		strbuf_add(&shstr, e->names[i], strlen(e->names[i]) + 1);
	}
	name = (uint32_t)shstr.len;
	strbuf_add(&shstr, ".shstrtab", 10);
	str = fake_elf__section(e, ".shstrtab", SHT_STRTAB, 0, 0, 0, shstr.buf, shstr.len);
	e->sh[str].sh_name = name;
	strbuf_release(&shstr);
}

/* The whole file as bytes into @out; @e is released. */
static inline void fake_elf__image(struct fake_elf *e, struct strbuf *out)
{
	Elf64_Ehdr eh = { .e_type = e->type, .e_machine = EM_X86_64, .e_version = EV_CURRENT,
			  .e_phoff = sizeof(eh), .e_ehsize = sizeof(eh),
			  .e_phentsize = sizeof(Elf64_Phdr), .e_shentsize = sizeof(Elf64_Shdr) };
	size_t shoff;

	fake_elf__tables(e);
	memcpy(eh.e_ident, ELFMAG, SELFMAG);
	eh.e_ident[EI_CLASS] = ELFCLASS64;
	eh.e_ident[EI_DATA] = ELFDATA2LSB;
	eh.e_ident[EI_VERSION] = EV_CURRENT;
	eh.e_phnum = (uint16_t)e->nr_ph;
	eh.e_shnum = (uint16_t)e->nr_sh;
	eh.e_shstrndx = (uint16_t)(e->nr_sh - 1);
	shoff = FAKE_ELF_FIRST_OFFSET + ((e->body.len + 7) & ~(size_t)7);
	eh.e_shoff = shoff;
	strbuf_reset(out);
	strbuf_add(out, &eh, sizeof(eh));
	strbuf_add(out, e->ph, (size_t)e->nr_ph * sizeof(e->ph[0]));
	strbuf_addchars(out, 0, FAKE_ELF_FIRST_OFFSET - out->len);
	strbuf_add(out, e->body.buf, e->body.len);
	strbuf_addchars(out, 0, shoff - out->len);
	strbuf_add(out, e->sh, (size_t)e->nr_sh * sizeof(e->sh[0]));
	for (int i = 0; i < e->nr_sh; i++)
		free(e->names[i]);
	strbuf_release(&e->body);
	strbuf_release(&e->symstr);
}

/* The file at @path; @e is released. */
static inline void fake_elf__write(struct fake_elf *e, const char *path)
{
	struct strbuf img = STRBUF_INIT;
	FILE *f = fopen(path, "w");

	fake_elf__image(e, &img);
	if (f) {
		fwrite(img.buf, 1, img.len, f);
		fclose(f);
	}
	strbuf_release(&img);
}

#endif
