/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_ENV_H
#define PM_ENV_H

/*
 * What perf-mini.c learns from the environment once, handed to every
 * command (util/ never reads the environment itself).
 */
struct pm_env {
	const char *sysfs_root;		/* "/sys", or $PERF_MINI_SYSFS for a described PMU */
	const char *tracefs_dir;	/* NULL (find it), or $PERF_MINI_TRACEFS */
	const char *proc_root;		/* "/proc" */
	const char *online_cpus;	/* "/sys/devices/system/cpu/online" */
	const char *cpuid;		/* $PERF_CPUID (as perf), or NULL: read cpuinfo */
	int stdout_is_tty;
	/* Set by a command that a signal stopped (SIGINT, SIGTERM, SIGHUP):
	 * perf-mini ends by that signal once its output is out, as perf
	 * raises it again, so a shell sees 128 + the signal's number. */
	int exit_signal;
};

/* perf's exit status for its errors (a file missing or bad, a workload
 * that cannot run): scripts written for perf test for it */
#define PM_EXIT_ERROR 255

#endif
