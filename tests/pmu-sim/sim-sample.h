/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_SIM_SAMPLE_H
#define PM_SIM_SAMPLE_H

/*
 * pmu-sim's sampling: a simulated event that samples has a shadow, a real
 * cpu-clock event opened with the same attr (less what a software event
 * cannot give: the branch stack), so its samples carry the workload's
 * IPs, callchains, registers and stacks. Its records are rewritten into
 * the simulated event's ring as the hardware's would read: the simulated
 * event's id, the memory fields (addr, data_src, weight) replayed from a
 * real recording (PERF_MINI_SIM_PROFILE's replay-mem line), the branch
 * stack stepped from the workload (sim-stepper.h) or replayed too
 * (replay-branches).
 */
#include <linux/perf_event.h>
#include <poll.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct shadow;

/* The shadow of a simulated event @sim_id opened as @attr: NULL with
 * *@err (-errno) when the kernel refuses it. */
struct shadow *shadow__open(const struct perf_event_attr *attr, uint64_t sim_id, pid_t pid,
			    int cpu, unsigned long flags, int *err);
void shadow__close(struct shadow *sh);
int shadow__fd(const struct shadow *sh);

/* ENABLE, DISABLE, RESET on the shadow too; DISABLE brings what it took in. */
void shadow__ioctl(struct shadow *sh, unsigned long request);

/* The simulated ring (@size bytes: the control page and the data), fed
 * from the shadow's own. 0 with *@out, or -errno. */
int shadow__mmap(struct shadow *sh, size_t size, void **out);
void shadow__munmap(struct shadow *sh);

/* Records of @sh go to @owner's ring (SET_OUTPUT); -EINVAL for a real
 * event's ring, which the simulator cannot write. */
int shadow__set_output(struct shadow *sh, struct shadow *owner);
/* A real event's records go to @owner's ring, rewritten nothing but moved. */
int shadow__take_output(struct shadow *owner, int real_fd);

/* Move every shadow ring's records into its simulated ring. */
void shadow__pump_all(void);

/* Load what replay-mem / replay-branches lines name: samples of a real
 * recording whose fields simulated samples take in turn. */
int sim_replay__load(const char *what, const char *path);

/* The described PMU's SIER-to-data_src mapping (arch/powerpc), or NULL:
 * without replay-mem, samples then take data_src from it. */
void sim_sample__set_sier_mapping(uint64_t (*fn)(uint64_t sier));

/* The described PMU's LBR depth (caps/branches): a stepped window's. */
void sim_sample__set_lbr_depth(unsigned int depth);

/* pmu-sim's side: what reading simulated event @sim_id gives now (its
 * read_format, the group's counts and ids), for a sample's READ field. */
ssize_t sim__read_sample(uint64_t sim_id, void *buf, size_t len);

#endif
