// SPDX-License-Identifier: GPL-2.0
/*
 * Test helper: write the big-endian image of a perf.data file, as a
 * big-endian machine would have recorded it, so the tests can read such
 * files on this one (perf reads them too, which checks the helper).
 *
 * Usage: test-tool swap-perf-data IN OUT
 */
#include "test-tool.h"
#include <stdio.h>
#include <stdlib.h>

#include "../../util/base/strbuf.h"
#include "../../util/base/util.h"
#include "../../util/data/swap.h"

int cmd__swap_perf_data(int argc, const char **argv)
{
	struct strbuf err = STRBUF_INIT;
	FILE *in, *out;
	uint8_t *buf;
	long size;
	int ret;

	if (argc != 3) {
		fprintf(stderr, "usage: test-tool swap-perf-data IN OUT\n");
		return 2;
	}
	in = fopen(argv[1], "rb");
	if (!in || fseek(in, 0, SEEK_END) || (size = ftell(in)) < 0 || fseek(in, 0, SEEK_SET)) {
		perror(argv[1]);
		return 1;
	}
	buf = malloc(size ? size : 1);
	if (!buf || fread(buf, 1, size, in) != (size_t)size) {
		perror(argv[1]);
		free(buf);
		fclose(in);
		return 1;
	}
	fclose(in);
	ret = perf_data__swap_image(buf, size, false, &err);
	if (ret) {
		fprintf(stderr, "test-tool swap-perf-data: %s\n", err.buf);
		free(buf);
		strbuf_release(&err);
		return 1;
	}
	out = fopen(argv[2], "wb");
	if (!out || fwrite(buf, 1, size, out) != (size_t)size || fclose(out)) {
		perror(argv[2]);
		return 1;
	}
	free(buf);
	strbuf_release(&err);
	return 0;
}
