/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_TEST_TOOL_H
#define PM_TEST_TOOL_H

/*
 * The test helpers, one program (git's t/helper/test-tool is the model):
 * `test-tool NAME ARGS...` runs cmd__NAME with argv[0] = NAME.
 */
int cmd__gen_bad_chain(int argc, const char **argv);
int cmd__gen_long_chain(int argc, const char **argv);
int cmd__gen_chain_remap(int argc, const char **argv);
int cmd__gen_guest(int argc, const char **argv);
int cmd__gen_jit(int argc, const char **argv);
int cmd__gen_kernel_mem(int argc, const char **argv);
int cmd__gen_late_comm(int argc, const char **argv);
int cmd__gen_lbr(int argc, const char **argv);
int cmd__gen_mem_branch(int argc, const char **argv);
int cmd__gen_plt(int argc, const char **argv);
int cmd__gen_unresolved(int argc, const char **argv);
int cmd__gen_vdso(int argc, const char **argv);
int cmd__swap_perf_data(int argc, const char **argv);

#endif
