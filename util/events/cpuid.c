// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cpuid.h"

/* "key<tabs>: value": the value of @key, or NULL. */
static const char *field(const char *line, const char *key)
{
	size_t n = strlen(key);

	if (strncmp(line, key, n) || (line[n] != '\t' && line[n] != ' ' && line[n] != ':'))
		return NULL;
	line = strchr(line, ':');
	return line ? line + 1 + (line[1] == ' ') : NULL;
}

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>

/* The CPUID instruction, as perf reads it on x86: no file to parse. */
static int cpuid_insn(char *buf, size_t size)
{
	unsigned int a, b, c, d, family, model;
	char vendor[13];

	if (!__get_cpuid(0, &a, &b, &c, &d))
		return -ENOENT;
	memcpy(vendor, &b, 4);
	memcpy(vendor + 4, &d, 4);
	memcpy(vendor + 8, &c, 4);
	vendor[12] = '\0';
	if (!__get_cpuid(1, &a, &b, &c, &d))
		return -ENOENT;
	family = (a >> 8) & 0xf;
	model = (a >> 4) & 0xf;
	if (family == 0xf)
		family += (a >> 20) & 0xff;
	if (family >= 6)
		model += ((a >> 16) & 0xf) << 4;
	snprintf(buf, size, "%s-%u-%X-%X", vendor, family, model, a & 0xf);
	return 0;
}
#else
static int cpuid_insn(char *buf, size_t size)
{
	(void)buf, (void)size;
	return -ENOENT;
}
#endif

int cpuid__read(const char *proc_root, char *buf, size_t size)
{
	char path[256], line[512], vendor[64] = "";
	unsigned int family = 0, model = 0, stepping = 0, seen = 0;
	FILE *f;

	/* the real machine's: a described /proc is only for tests */
	if (!strcmp(proc_root, "/proc") && !cpuid_insn(buf, size))
		return 0;
	snprintf(path, sizeof(path), "%s/cpuinfo", proc_root);
	f = fopen(path, "r");
	if (!f)
		return -ENOENT;
	/* the first processor's block is enough */
	while (fgets(line, sizeof(line), f) && line[0] != '\n') {
		const char *v;

		if ((v = field(line, "vendor_id")) && sscanf(v, "%63s", vendor) == 1)
			seen |= 1;
		else if ((v = field(line, "cpu family")) && sscanf(v, "%u", &family) == 1)
			seen |= 2;
		else if ((v = field(line, "model")) && sscanf(v, "%u", &model) == 1)
			seen |= 4;
		else if ((v = field(line, "stepping")) && sscanf(v, "%u", &stepping) == 1)
			seen |= 8;
	}
	fclose(f);
	if (seen != 15)
		return -ENOENT;
	snprintf(buf, size, "%s-%u-%X-%X", vendor, family, model, stepping);
	return 0;
}
