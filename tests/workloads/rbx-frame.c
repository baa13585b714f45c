// SPDX-License-Identifier: GPL-2.0
/*
 * rbx-frame [MS]: spins MS milliseconds (default 300) in spin_leaf(),
 * called through trampoline(), whose CFA is kept in rbx while the stack
 * is realigned, as glibc's lazy-binding trampoline (_dl_runtime_resolve)
 * keeps it. spin_leaf's CFI says nothing of rbx (it leaves it alone), so
 * an unwinder must take rbx as unchanged (callee-saved) to get from
 * spin_leaf through trampoline to main. x86-64 only.
 */
#include <stdlib.h>
#include <time.h>

#if defined(__x86_64__)
void trampoline(void (*fn)(void));

__asm__(".text\n"
	".globl trampoline\n"
	".type trampoline, @function\n"
	"trampoline:\n"
	"	.cfi_startproc\n"
	"	push %rbx\n"
	"	.cfi_adjust_cfa_offset 8\n"
	"	.cfi_rel_offset %rbx, 0\n"
	"	mov %rsp, %rbx\n"
	"	.cfi_def_cfa_register %rbx\n"
	"	and $-64, %rsp\n"
	"	sub $512, %rsp\n"
	"	call *%rdi\n"
	"	mov %rbx, %rsp\n"
	"	.cfi_def_cfa_register %rsp\n"
	"	pop %rbx\n"
	"	.cfi_adjust_cfa_offset -8\n"
	"	.cfi_restore %rbx\n"
	"	ret\n"
	"	.cfi_endproc\n"
	".size trampoline, .-trampoline\n");
#endif

static volatile unsigned long sink;

__attribute__((noinline)) static void spin_leaf(void)
{
	for (unsigned long i = 0; i < 100000; i++)
		sink += i;
}

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

int main(int argc, char **argv)
{
	double ms = argc > 1 ? atof(argv[1]) : 300, end = now_ms() + ms;

	while (now_ms() < end)
#if defined(__x86_64__)
		trampoline(spin_leaf);
#else
		spin_leaf();
#endif
	return 0;
}
