// SPDX-License-Identifier: GPL-2.0
/*
 * rust-names MS: burns CPU in functions whose symbols carry Rust mangled
 * names, legacy (_ZN...17h<hash>E) and v0 (_R...), as rustc writes them -
 * a Rust symbol table without needing rustc. Demangled they read
 * mycrate::spin_legacy and mycrate::spin_v0.
 */
#include <stdlib.h>
#include <time.h>

double spin_legacy(double) __asm__("_ZN7mycrate11spin_legacy17h0123456789abcdefE");
double spin_v0(double) __asm__("_RNvCs1234_7mycrate7spin_v0");

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

__attribute__((noinline)) double spin_legacy(double x)
{
	for (int i = 0; i < 20000; i++)
		x = x * 1.0000001 + 1e-9;
	return x;
}

__attribute__((noinline)) double spin_v0(double x)
{
	for (int i = 0; i < 20000; i++)
		x = x * 0.9999999 + 1e-9;
	return x;
}

int main(int argc, char **argv)
{
	double end = now_ms() + (argc > 1 ? strtod(argv[1], NULL) : 100);
	volatile double x = 1;

	while (now_ms() < end)
		x = spin_v0(spin_legacy(x));
	return x < 0;
}
