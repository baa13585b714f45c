// SPDX-License-Identifier: GPL-2.0
/*
 * perf-mini record's output: the events and features of the file, the
 * records synthesized for what existed before the recording, the name the
 * file ends with and the summary perf prints.
 */
#include <errno.h>
#include <sys/stat.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "../base/util.h"
#include "../data/decompress.h"
#include "../data/sample.h"
#include "../data/writer.h"
#include "../events/cgroup.h"
#include "../events/tracepoint.h"
#include "../events/workload.h"
#include "../symbols/dso.h"
#include "../symbols/kernel-build-id.h"
#include "host-features.h"
#include "internal.h"
#include "synth.h"
#include "synth-maps.h"
#include "tracing-data.h"

void record_say(const struct record_opts *o, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	o->say(NULL, sb.buf);
	strbuf_release(&sb);
}

int record_collect_events(struct record_opts *o, struct record_events *re)
{
	struct evsel *e;
	int i;

	re->v = calloc(o->evlist->nr, sizeof(*re->v));
	if (!re->v)
		return -ENOMEM;
	evlist__for_each(o->evlist, e, i) {
		re->v[i] = (struct pd_write_event){
			.attr = &e->attr, .ids = e->ids, .nr_ids = e->nr_cpus * e->nr_threads,
			.name = e->name,
		};
	}
	re->nr = o->evlist->nr;
	return 0;
}

static size_t id_trailer_size(const struct record_opts *o)
{
	return perf_sample__id_words(o->evlist->entries[0]->attr.sample_type) * 8;
}

void record_synthesize(struct record_opts *o, struct recorder *r, struct perf_data_writer *w,
		       pid_t workload, bool tail)
{
	struct strbuf sb = STRBUF_INIT;
	size_t id_size = id_trailer_size(o);
	unsigned int what = o->synth | (o->attr.namespaces ? SYNTH_NAMESPACES : 0);
	char mount[PATH_MAX];

	if (tail != o->tail_synthesize) {
		/* as perf: the workload is named before its exec either way */
		if (!tail && workload > 0 && !o->switched) {
			synth__comm(&sb, workload, WORKLOAD_COMM, id_size);
			perf_data_writer__write_records(w, sb.buf, sb.len);
			strbuf_release(&sb);
		}
		return;
	}
	synth__id_index(&sb, o->evlist, o->target.cpus, o->target.threads);
	synth__kernel_mmap(&sb, id_size);
	synth__event_updates(&sb, o->evlist, w->pipe);
	synth__thread_map(&sb, o->target.threads);
	synth__cpu_map(&sb, o->target.cpus);
	if (o->attr.cgroups && (o->synth & SYNTH_CGROUP) &&
	    !cgroup__mount_dir(o->paths.proc, mount, sizeof(mount)))
		synth__cgroups(&sb, mount, id_size);
	/* as perf: what runs before the exec's COMM is the workload too; a
	 * later file (--switch-output) starts with the workload as it is now */
	if (workload > 0 && !o->switched && !tail) {
		synth__comm(&sb, workload, WORKLOAD_COMM, id_size);
		if (what & SYNTH_NAMESPACES)
			synth__namespaces(&sb, o->paths.proc, workload, workload, id_size);
	} else if (workload > 0 && target__counts_workload(&o->target) && (o->synth & SYNTH_TASK)) {
		synth__process(&sb, o->paths.proc, workload, what, id_size);
	}
	if (!(o->synth & SYNTH_TASK)) {
		/* --synth=no (or cgroup): the tasks that exist stay undescribed */
	} else if (target__has_cpu(&o->target)) {
		synth__all_processes(&sb, o->paths.proc, what, id_size);
	} else if (target__has_task(&o->target)) {
		for (int i = 0, last = 0; i < o->target.threads->nr; i++) {
			char path[64], status[4096], *tgid;
			int pid = o->target.threads->entries[i].tid;

			snprintf(path, sizeof(path), "%s/%d/status", o->paths.proc, pid);
			if (read_small_file(path, status, sizeof(status)) > 0 &&
			    (tgid = strstr(status, "Tgid:"))) {
				tgid += 5 + strspn(tgid + 5, " \t");
				tgid[strcspn(tgid, "\n")] = '\0';
				str_to_int(tgid, &pid);
			}
			if (pid != last)	/* a process's threads come together */
				synth__process(&sb, o->paths.proc, pid, what, id_size);
			last = pid;
		}
	}
	if (o->switched)	/* a workload exiting at the switch: its maps so far */
		recorder__carry_maps(r, &sb);
	else if (record_switches(o) && workload > 0)
		recorder__keep_maps(r, workload);
	synth__finished_init(&sb);
	recorder__scan(r, sb.buf, sb.len);
	perf_data_writer__write_records(w, sb.buf, sb.len);
	perf_data_writer__flush(w, NULL);	/* a later error is reported by the loop */
	strbuf_release(&sb);
}

/* Build-ids of the kernel, the vDSO and every file mapped, so that readers
 * only trust files that are the ones recorded. The kernel's is named
 * @vmlinux where --vmlinux gave one, as perf names it (its id stays the
 * running kernel's). */
static int collect_build_ids(const struct recorder *r, const char *vmlinux,
			     struct build_id_entry **out)
{
	struct build_id_entry *v = calloc(r->nr_dsos + 2, sizeof(*v));
	int n = 0;

	if (!v)
		return 0;
	v[n] = (struct build_id_entry){ .filename = vmlinux ? vmlinux : "[kernel.kallsyms]",
					.kernel = true };
	v[n].size = kernel_build_id(v[n].id, sizeof(v[n].id));
	n += !!v[n].size;
	v[n] = (struct build_id_entry){ .filename = "[vdso]" };
	v[n].size = vdso_build_id(v[n].id, sizeof(v[n].id));
	n += !!v[n].size;
	for (size_t i = 0; i < r->nr_dsos; i++) {
		v[n].filename = r->dsos[i];
		v[n].size = elf_read_build_id(r->dsos[i], v[n].id, sizeof(v[n].id));
		if (v[n].size)
			n++;
	}
	*out = v;
	return n;
}

/* One ring buffer's data size: no compressed frame decompresses to more. */
uint32_t record_ring_bytes(const struct record_opts *o)
{
	return (o->mmap_pages ? o->mmap_pages : 128) * (uint32_t)sysconf(_SC_PAGESIZE);
}

/*
 * What record's features come from, in either mode (host-features.h's table
 * picks the features): @tracing gets the tracepoints' formats, where there
 * are tracepoints, and must outlive @src.
 */
static void record_features_src(struct host_features_src *src, const struct record_opts *o,
				const struct record_events *re, struct strbuf *tracing)
{
	if (evlist__has_tracepoint(o->evlist))
		tracing_data__build(tracing, o->evlist,
				    tracepoint_tracefs_dir(o->pctx.tracefs_dir));
	*src = (struct host_features_src){
		.argc = o->argc, .argv = o->argv, .events = re->v, .nr_events = re->nr,
		.tracing_data = tracing->len ? tracing : NULL, .record = true,
		.evlist = o->evlist, .sysfs_root = o->sysfs_root,
		.use_clockid = o->attr.use_clockid, .clockid = o->attr.clockid,
		.mmap_len = record_ring_bytes(o),
	};
}

int record_finish_output(struct record_opts *o, struct recorder *r, struct perf_data_writer *w,
			 const struct record_events *re, struct strbuf *err)
{
	struct build_id_entry *ids = NULL;
	struct strbuf tracing = STRBUF_INIT;
	struct host_features_src src;
	struct host_features hf = { 0 };
	int ret;

	/* a pipe's features went out with its header (record_open_output) */
	if (w->pipe)
		return perf_data_writer__finish(w, re->v, re->nr, NULL, 0, err);
	record_features_src(&src, o, re, &tracing);
	if (!o->no_buildid) {
		src.nr_build_ids = collect_build_ids(r, o->vmlinux, &ids);
		src.build_ids = ids;
	}
	src.first_time = r->first_time;
	src.last_time = r->last_time;
	src.dir_format = w->nr_dir;
	if (w->zstd) {
		src.compressed = true;
		src.zstd_level = w->zstd->level;
		src.zstd_ratio = w->bytes_out ? w->bytes_in / w->bytes_out : 0;
	}
	host_features__build(&hf, &src);
	strbuf_release(&tracing);
	ret = perf_data_writer__finish(w, re->v, re->nr, hf.v, hf.nr, err);
	host_features__exit(&hf);
	free(ids);
	return ret;
}

/* --threads: the directory made, its header file PATH/data opened (the
 * rings' files come once the rings are known: perf_data_writer__open_dir). */
static int open_file_or_dir(struct record_opts *o, struct perf_data_writer *w,
			    const struct record_events *re, const struct pd_write_feature *hf,
			    int nr_hf, struct strbuf *err)
{
	struct strbuf path = STRBUF_INIT;
	int ret;

	if (!o->threads)
		return perf_data_writer__open(w, o->output, re->v, re->nr, hf, nr_hf, err);
	if (mkdir(o->output, 0700) && errno != EEXIST) {
		int e = errno;

		strbuf_addf(err, "cannot create the directory %s: %s", o->output, strerror(e));
		if (e == EACCES)
			strbuf_addstr(err, "\nhint: write somewhere you may (-o DIR/perf.data)");
		return -e;
	}
	strbuf_addf(&path, "%s/data", o->output);
	ret = perf_data_writer__open(w, path.buf, re->v, re->nr, hf, nr_hf, err);
	strbuf_release(&path);
	return ret;
}

/* Pipe mode sends the features first; file mode writes them at the end. */
int record_open_output(struct record_opts *o, struct perf_data_writer *w,
		       const struct record_events *re, struct strbuf *err)
{
	struct strbuf tracing = STRBUF_INIT;
	struct host_features_src src;
	struct host_features hf = { 0 };
	int ret;

	if (!strcmp(o->output, "-")) {
		record_features_src(&src, o, re, &tracing);
		src.pipe = true;
		/* readers size their buffers from it before any data */
		src.compressed = o->zstd_level;
		src.zstd_level = (uint32_t)o->zstd_level;
		host_features__build(&hf, &src);
	}
	ret = open_file_or_dir(o, w, re, hf.v, hf.nr, err);
	host_features__exit(&hf);
	strbuf_release(&tracing);
	return ret;
}

/* --switch-max-files: the oldest files go once there are too many. */
static void keep_files(struct record_opts *o)
{
	char **v = realloc(o->switch_files, (size_t)(o->nr_switch_files + 1) * sizeof(*v));

	BUG_ON(!v);
	o->switch_files = v;
	v[o->nr_switch_files] = strdup(o->dumped);
	BUG_ON(!v[o->nr_switch_files++]);
	while (o->switch_max_files && o->nr_switch_files > o->switch_max_files) {
		unlink(v[0]);
		free(v[0]);
		memmove(v, v + 1, (size_t)--o->nr_switch_files * sizeof(*v));
	}
}

/* OUTPUT.YYYYmmddHHMMSScc, perf's name: the time to a hundredth of a second. */
static void stamp_name(struct strbuf *path, const char *output)
{
	struct timeval tv;
	char stamp[32];

	gettimeofday(&tv, NULL);
	strftime(stamp, sizeof(stamp), "%Y%m%d%H%M%S", localtime(&tv.tv_sec));
	strbuf_reset(path);
	strbuf_addf(path, "%s.%s%02d", output, stamp, (int)(tv.tv_usec / 10000));
}

/*
 * --timestamp-filename: the finished file gets the time it ended in its
 * name. Two switches within a hundredth of a second would give one name,
 * and perf's rename loses the first file: the second waits for the next
 * hundredth instead (RENAME_NOREPLACE), so no file is ever overwritten.
 */
int record_stamp_output(struct record_opts *o, struct strbuf *err)
{
	struct strbuf path = STRBUF_INIT;
	int ret;

	if (!o->timestamp_filename || !strcmp(o->output, "-"))
		return 0;
	for (int tries = 0;; tries++) {
		stamp_name(&path, o->output);
		ret = renameat2(AT_FDCWD, o->output, AT_FDCWD, path.buf, RENAME_NOREPLACE);
		if (ret && errno == EINVAL)	/* a file system without it */
			ret = rename(o->output, path.buf);
		if (!ret || errno != EEXIST || tries == 100)
			break;
		usleep(2000);
	}
	if (ret) {
		strbuf_addf(err, "cannot rename '%s' to '%s': %s", o->output, path.buf,
			    strerror(errno));
		strbuf_release(&path);
		return -1;
	}
	free(o->dumped);
	o->dumped = strbuf_detach(&path, NULL);
	if (record_switches(o))
		keep_files(o);
	return 0;
}

int record_switch_output(struct record_opts *o, struct recorder *r, struct strbuf *err)
{
	struct perf_data_writer *w = r->w;
	int ret;

	if (!o->quiet)
		record_say(o, "[ perf record: dump data: Woken up %" PRIu64 " times ]\n",
			   r->nr_wakeups);
	record_synthesize(o, r, w, o->workload_pid, true);
	ret = record_finish_output(o, r, w, o->events, err);
	if (!ret)
		ret = record_stamp_output(o, err);
	if (ret)
		return ret;
	if (!o->quiet)
		record_say(o, "[ perf record: Dump %s ]\n", o->dumped);
	recorder__new_file(r);
	o->switched = true;
	if (o->zstd) {	/* each file is a stream of its own */
		compressor__exit(o->zstd);
		ret = compressor__init(o->zstd, o->zstd_level);
	}
	if (!ret)
		ret = record_open_output(o, w, o->events, err);
	w->zstd = o->zstd;
	if (!ret)
		record_synthesize(o, r, w, o->workload_pid, false);
	return ret;
}

void record_print_summary(const struct record_opts *o, const struct recorder *r,
			  const struct perf_data_writer *w)
{
	/* as perf, the stamped name is shown as a placeholder */
	const char *stamp = o->timestamp_filename ? ".<timestamp>" : "";
	struct strbuf sb = STRBUF_INIT;

	if (o->quiet)
		return;
	strbuf_addf(&sb, "[ perf record: Woken up %" PRIu64 " times to write data ]\n",
		    r->nr_wakeups);
	if (o->dumped)
		strbuf_addf(&sb, "[ perf record: Dump %s ]\n", o->dumped);
	if (r->nr_lost || r->nr_lost_samples)
		strbuf_addf(&sb, "Warning:\nLost %" PRIu64 " events in %" PRIu64 " chunks, %"
			    PRIu64 " samples dropped: the ring buffer was full.\nhint: a bigger "
			    "buffer (-m 1024) or a lower frequency (-F)\n", r->nr_lost,
			    r->nr_lost_records, r->nr_lost_samples);
	/* as perf: a pipe's size is not known (0.000), no count of 0 samples */
	if (w->pipe) {
		strbuf_addstr(&sb, "[ perf record: Captured and wrote 0.000 MB - ]\n");
		goto out;
	}
	strbuf_addf(&sb, "[ perf record: Captured and wrote %.3f MB %s%s",
		    (double)(w->data_offset + w->data_size + perf_data_writer__dir_size(w)) / 1024 / 1024, o->output,
		    stamp);
	/* -z: perf counts no samples, and says what the rings held against
	 * the zstd frames they became */
	if (w->zstd && w->bytes_out)
		strbuf_addf(&sb, ", compressed (original %.3f MB, ratio is %.3f)",
			    (double)w->bytes_in / 1024 / 1024, (double)w->bytes_in / w->bytes_out);
	else if (r->nr_samples)
		strbuf_addf(&sb, " (%" PRIu64 " samples)", r->nr_samples);
	strbuf_addstr(&sb, " ]\n");
out:
	o->say(NULL, sb.buf);
	strbuf_release(&sb);
}
