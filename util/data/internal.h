/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_DATA_INTERNAL_H
#define PM_DATA_INTERNAL_H

/* Declarations shared by util/data's files only (never included outside). */
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

struct perf_data;
struct strbuf;

/* Name every event of @pd (util/data/evsel-name.c). */
void perf_data__name_evsels(struct perf_data *pd);

/* @pd->path mapped or read whole into @pd->buf (util/data/perf-data-load.c). */
int perf_data__load(struct perf_data *pd, struct strbuf *err);

/* All of @buf to @fd (at @at when @positioned); 0 or a negative errno
 * (-ENOSPC for a write of nothing) (util/data/writer.c). */
int writer__write_all(int fd, const void *buf, size_t len, off_t at, bool positioned);

/* Set by perf_data__stop(): the record walk ends at the next record. */
extern volatile sig_atomic_t perf_data_stop_requested;

/*
 * The header features' functions that feature-ops.c's table points to
 * (see feature-ops.h for each op's contract), by concern.
 */
struct pd_features;
struct reader;
struct swapper;
struct swap_cursor;

/* header-features.c: the payload parsed into struct pd_features */
void pd_feat_read_string(struct pd_features *f, int feat, struct reader *r);
void pd_feat_read_nrcpus(struct pd_features *f, int feat, struct reader *r);
void pd_feat_read_total_mem(struct pd_features *f, int feat, struct reader *r);
void pd_feat_read_cmdline(struct pd_features *f, int feat, struct reader *r);
void pd_feat_read_pmu_mappings(struct pd_features *f, int feat, struct reader *r);
void pd_feat_read_cpu_pmu_caps(struct pd_features *f, int feat, struct reader *r);
void pd_feat_read_pmu_caps(struct pd_features *f, int feat, struct reader *r);
void pd_feat_read_sample_time(struct pd_features *f, int feat, struct reader *r);
void pd_feat_read_event_desc(struct pd_features *f, int feat, struct reader *r);
void pd_feat_read_group_desc(struct pd_features *f, int feat, struct reader *r);
void pd_feat_read_build_id(struct pd_features *f, int feat, struct reader *r);
void pd_feat_read_compressed(struct pd_features *f, int feat, struct reader *r);
void pd_feat_read_tracing_data(struct pd_features *f, int feat, struct reader *r);
void pd_feat_read_clockid(struct pd_features *f, int feat, struct reader *r);
void pd_feat_read_clock_data(struct pd_features *f, int feat, struct reader *r);
void pd_feat_read_raw(struct pd_features *f, int feat, struct reader *r);

/* header-print.c: --header's lines */
void pd_feat_print_string(const struct perf_data *pd, int feat, bool full, FILE *out);
void pd_feat_print_label(const struct perf_data *pd, int feat, bool full, FILE *out);
void pd_feat_print_nrcpus(const struct perf_data *pd, int feat, bool full, FILE *out);
void pd_feat_print_total_mem(const struct perf_data *pd, int feat, bool full, FILE *out);
void pd_feat_print_cmdline(const struct perf_data *pd, int feat, bool full, FILE *out);
void pd_feat_print_event_desc(const struct perf_data *pd, int feat, bool full, FILE *out);
void pd_feat_print_full_only(const struct perf_data *pd, int feat, bool full, FILE *out);
void pd_feat_print_pmu_mappings(const struct perf_data *pd, int feat, bool full, FILE *out);
void pd_feat_print_group_desc(const struct perf_data *pd, int feat, bool full, FILE *out);
void pd_feat_print_sample_time(const struct perf_data *pd, int feat, bool full, FILE *out);
void pd_feat_print_clockid(const struct perf_data *pd, int feat, bool full, FILE *out);
void pd_feat_print_clock_data(const struct perf_data *pd, int feat, bool full, FILE *out);
void pd_feat_print_compressed(const struct perf_data *pd, int feat, bool full, FILE *out);
void pd_feat_print_cpu_pmu_caps(const struct perf_data *pd, int feat, bool full, FILE *out);
void pd_feat_print_pmu_caps(const struct perf_data *pd, int feat, bool full, FILE *out);

/* swap.c: the payload turned in place */
bool pd_feat_swap_none(struct swapper *s, struct swap_cursor *c);
bool pd_feat_swap_string(struct swapper *s, struct swap_cursor *c);
bool pd_feat_swap_string_pairs(struct swapper *s, struct swap_cursor *c);
bool pd_feat_swap_u64(struct swapper *s, struct swap_cursor *c);
bool pd_feat_swap_nrcpus(struct swapper *s, struct swap_cursor *c);
bool pd_feat_swap_cpu_topology(struct swapper *s, struct swap_cursor *c);
bool pd_feat_swap_compressed(struct swapper *s, struct swap_cursor *c);
bool pd_feat_swap_cmdline(struct swapper *s, struct swap_cursor *c);
bool pd_feat_swap_event_desc(struct swapper *s, struct swap_cursor *c);
bool pd_feat_swap_group_desc(struct swapper *s, struct swap_cursor *c);
bool pd_feat_swap_build_id(struct swapper *s, struct swap_cursor *c);
bool pd_feat_swap_sample_time(struct swapper *s, struct swap_cursor *c);
bool pd_feat_swap_auxtrace(struct swapper *s, struct swap_cursor *c);
bool pd_feat_swap_clock_data(struct swapper *s, struct swap_cursor *c);
bool pd_feat_swap_numa_topology(struct swapper *s, struct swap_cursor *c);
bool pd_feat_swap_cache(struct swapper *s, struct swap_cursor *c);
bool pd_feat_swap_pmu_mappings(struct swapper *s, struct swap_cursor *c);
bool pd_feat_swap_pmu_caps(struct swapper *s, struct swap_cursor *c);
bool pd_feat_swap_mem_topology(struct swapper *s, struct swap_cursor *c);
bool pd_feat_swap_bpf_btf(struct swapper *s, struct swap_cursor *c);
bool pd_feat_swap_bpf_prog_info(struct swapper *s, struct swap_cursor *c);

#endif
