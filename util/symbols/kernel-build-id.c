// SPDX-License-Identifier: GPL-2.0
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "kernel-build-id.h"

#define NT_GNU_BUILD_ID_TYPE 3

/* Walk the ELF notes of /sys/kernel/notes for the GNU build-id. */
size_t kernel_build_id(uint8_t *out, size_t out_size)
{
	uint8_t buf[4096];
	ssize_t n;
	size_t off = 0;
	int fd = open("/sys/kernel/notes", O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return 0;
	n = read(fd, buf, sizeof(buf));
	close(fd);
	while (n > 0 && off + 12 <= (size_t)n) {
		uint32_t namesz, descsz, type;
		size_t name_off = off + 12, desc_off;

		memcpy(&namesz, buf + off, 4);
		memcpy(&descsz, buf + off + 4, 4);
		memcpy(&type, buf + off + 8, 4);
		desc_off = name_off + ((namesz + 3) & ~3u);
		if (desc_off + descsz > (size_t)n)
			break;
		if (type == NT_GNU_BUILD_ID_TYPE && namesz == 4 &&
		    !memcmp(buf + name_off, "GNU", 4)) {
			size_t len = descsz < out_size ? descsz : out_size;

			memcpy(out, buf + desc_off, len);
			return len;
		}
		off = desc_off + ((descsz + 3) & ~3u);
	}
	return 0;
}

bool kernel_build_id_matches(const uint8_t *id, size_t size)
{
	uint8_t mine[20];
	size_t n = kernel_build_id(mine, sizeof(mine));

	return n && n == size && !memcmp(mine, id, n);
}
