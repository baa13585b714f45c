#!/bin/sh
# Read `stat -vv` stderr on stdin; print one line per perf_event_attr block
# holding the fields that define what is counted or sampled, in a fixed
# order, so two tools' blocks can be diffed.
awk '
BEGIN {
	n = split("type config { bp_addr, config1 } { bp_len, config2 } " \
		  "{ sample_period, sample_freq } freq sample_type read_format " \
		  "branch_sample_type disabled inherit pinned exclusive exclude_user " \
		  "exclude_kernel exclude_hv exclude_idle exclude_host exclude_guest " \
		  "precise_ip enable_on_exec mmap_data sample_regs_user sample_stack_user " \
		  "exclude_callchain_kernel exclude_callchain_user inherit_stat " \
		  "context_switch namespaces cgroup build_id use_clockid clockid " \
		  "sample_regs_intr", w, " ");
	nf = 0; cur = "";
	for (i = 1; i <= n; i++) {
		if (w[i] == "{") { cur = w[i]; continue }
		if (cur != "") { cur = cur " " w[i]; if (w[i] == "}") { f[++nf] = cur; cur = "" }; continue }
		f[++nf] = w[i];
	}
}
/^perf_event_attr:/ { inblk = 1; delete v; next }
inblk && /^sys_perf_event_open/ {
	line = "";
	for (i = 1; i <= nf; i++) line = line f[i] "=" ((f[i] in v) ? v[f[i]] : "0") ";";
	print line; inblk = 0; next
}
inblk && /^  / {
	s = substr($0, 3); key = substr(s, 1, 32); sub(/ +$/, "", key);
	val = substr(s, 34); v[key] = val
}'
