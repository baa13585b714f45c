#!/bin/sh
test_description='report: large user symbol tables kept in the per-user cache, used while the files are the same'
. "$(dirname "$0")/test-lib.sh"

# A program of $1 functions named $2N, and a PLT (so a size-less _init):
# over the size the cache keeps.
make_program() {
	awk -v n="$1" -v prefix="$2" 'BEGIN {
		printf "#include <stdio.h>\n#include <stdlib.h>\n"
		for (i = 0; i < n; i++)
			printf "%sint %s%d(int x) { return x * %d + 1; }\n",
			       i % 2 ? "static " : "", prefix, i, i + 1
		printf "int main(int c, char **v)\n{\n\tlong acc = 0;\n\n"
		printf "\tfor (long r = 0; r < (c > 1 ? atol(v[1]) : 1); r++) {\n"
		for (i = 0; i < n; i++)
			printf "\t\tacc += %s%d((int)r);\n", prefix, i
		printf "\t}\n\tprintf(\"%%ld\\n\", acc);\n\treturn 0;\n}\n"
	}' >prog.c &&
	cc -O0 -o prog prog.c
}

# The cache files holding the name $1 (libc's has its own).
cache_files() {
	grep -l -a "$1" "$XDG_CACHE_HOME"/perf-mini/symtab-* 2>/dev/null || true
}

export XDG_CACHE_HOME="$TRASH/cache"

test_expect_success 'setup: a program of 400 functions, sampled' '
	make_program 400 alpha_ &&
	pm record -q -e cpu-clock -c 20000 -o prog.data -- ./prog 200000 >/dev/null &&
	"$BUILD/test-tool" gen-plt plt.data "$PWD/prog" 1000 1100 4
'

test_expect_success 'the first report writes the table, the second reads it: the same output' '
	rm -rf "$XDG_CACHE_HOME" &&
	pm report --stdio -i prog.data --sort sym >first &&
	test_grep "alpha_" first &&
	cache_files alpha_0 >files && test $(wc -l <files) = 1 &&
	pm report --stdio -i prog.data --sort sym >second &&
	test_cmp first second &&
	pm script -i prog.data -F ip,sym,symoff >script1 &&
	rm -rf "$XDG_CACHE_HOME" &&
	pm script -i prog.data -F ip,sym,symoff >script2 &&
	test_cmp script1 script2
'

test_expect_success 'PLT stubs perf names _init: the same from the cache' '
	rm -rf "$XDG_CACHE_HOME" &&
	pm script -i plt.data -F ip,sym >plt1 && test_grep "_init$" plt1 &&
	pm script -i plt.data -F ip,sym >plt2 && test_cmp plt1 plt2 &&
	if test_have_prereq PERF; then
		perf script -i plt.data -F ip,sym 2>/dev/null >perf.txt && test_cmp perf.txt plt2
	fi
'

test_expect_success 'the program rebuilt at the same path: its new names, one cache file for it' '
	pm report --stdio -i prog.data --sort sym >/dev/null &&
	make_program 400 beta_ &&
	pm record -q -e cpu-clock -c 20000 -o beta.data -- ./prog 200000 >/dev/null &&
	pm report --stdio -i beta.data --sort sym >rebuilt 2>err &&
	test_grep "beta_" rebuilt && ! grep -q "alpha_" rebuilt &&
	cache_files beta_0 >files && test $(wc -l <files) = 1 &&
	cache_files alpha_0 >files && test $(wc -l <files) = 0
'

test_expect_success 'a damaged or foreign cache file is not used' '
	rm -rf "$XDG_CACHE_HOME" &&
	pm report --stdio -i beta.data --sort sym >good &&
	f=$(cache_files beta_0) && test -f "$f" &&
	head -c 200 "$f" >cut && cat cut >"$f" &&
	pm report --stdio -i beta.data --sort sym >out && test_cmp good out &&
	pm report --stdio -i beta.data --sort sym >out && test_cmp good out &&
	test "$(wc -c <"$f")" -gt 200 &&
	printf "\377" | dd of="$f" bs=1 seek=40 conv=notrunc 2>/dev/null &&
	pm report --stdio -i beta.data --sort sym >out && test_cmp good out &&
	head -c 40 "$f" >cut && cat cut >"$f" && head -c 4000 /dev/zero >>"$f" &&
	pm report --stdio -i beta.data --sort sym >out && test_cmp good out &&
	chmod 666 "$f" &&
	pm report --stdio -i beta.data --sort sym >out && test_cmp good out
'

test_expect_success 'demangled and not: a file each, neither replacing the other' '
	rm -rf "$XDG_CACHE_HOME" &&
	pm report --stdio -i beta.data --sort sym >/dev/null &&
	pm report --stdio --no-demangle -i beta.data --sort sym >/dev/null &&
	cache_files beta_0 >files && test $(wc -l <files) = 2 &&
	pm report --stdio -i beta.data --sort sym >/dev/null &&
	cache_files beta_0 >again && test_cmp files again
'

# The kernel's table is cached (as kallsyms-BUILDID-HOST-BOOT) when this
# user sees its addresses (kptr_restrict)
head -n 1 /proc/kallsyms 2>/dev/null | grep -q "^0*[1-9a-f]" && prereqs="$prereqs KALLSYMS"

test_expect_success KALLSYMS,KERNEL 'a home shared by machines: another machine'"'"'s file is kept, this one'"'"'s old boot replaced' '
	rm -rf "$XDG_CACHE_HOME" &&
	pm record -q -e cpu-clock -c 20000 -o k.data -- dd if=/dev/zero of=/dev/null bs=64k count=20000 2>/dev/null &&
	pm report --stdio -i k.data --sort sym >/dev/null &&
	set -- "$XDG_CACHE_HOME"/perf-mini/kallsyms-* && test -f "$1" &&
	own=$(basename "$1") && boot=${own##*-} && rest=${own%-*} && host=${rest##*-} &&
	test ${#host} = 12 && bid=${rest%-*} &&
	: >"$XDG_CACHE_HOME/perf-mini/$bid-000000000000-$boot" &&
	: >"$XDG_CACHE_HOME/perf-mini/$bid-$host-0ldb00t0" &&
	rm "$1" &&
	pm report --stdio -i k.data --sort sym >/dev/null &&
	test -f "$1" &&
	test -f "$XDG_CACHE_HOME/perf-mini/$bid-000000000000-$boot" &&
	! test -e "$XDG_CACHE_HOME/perf-mini/$bid-$host-0ldb00t0"
'

test_expect_success 'a writer killed before its rename: its temporary file goes once it is old' '
	rm -rf "$XDG_CACHE_HOME" &&
	pm report --stdio -i beta.data --sort sym >/dev/null &&
	f=$(cache_files beta_0) && test -f "$f" &&
	: >"$f.Old123" && touch -d "1 hour ago" "$f.Old123" &&
	: >"$f.New123" &&
	rm "$f" &&
	pm report --stdio -i beta.data --sort sym >/dev/null &&
	test -f "$f" && ! test -e "$f.Old123" && test -f "$f.New123"
'

# This machine's files and an older perf-mini's (whose names held no
# machine) go; another machine's, which it may have mapped, stay, and so
# do debug copies, which machines share by build-id
test_expect_success 'this machine'"'"'s files no run has used for a month go at the next write' '
	rm -rf "$XDG_CACHE_HOME" &&
	pm report --stdio -i beta.data --sort sym >/dev/null &&
	f=$(cache_files beta_0) && test -f "$f" && c="$XDG_CACHE_HOME/perf-mini" &&
	host=$(basename "$f" | cut -d- -f2) && test ${#host} = 12 &&
	for old in symtab-0123456789abcdef-0123456789abcdef kallsyms-00ff-0ldb00t0 \
		   symtab-$host-0123456789abcdef-0123456789abcdef \
		   symtab-000000000000-0123456789abcdef-0123456789abcdef debug-00ff notes; do
		: >"$c/$old" && touch -d "40 days ago" "$c/$old" || return 1
	done &&
	: >"$c/symtab-fedcba9876543210-fedcba9876543210" &&
	pm report --stdio -i beta.data --sort sym >/dev/null &&
	test -e "$c/symtab-0123456789abcdef-0123456789abcdef" &&
	rm "$f" &&
	pm report --stdio -i beta.data --sort sym >/dev/null &&
	test -f "$f" &&
	! test -e "$c/symtab-0123456789abcdef-0123456789abcdef" &&
	! test -e "$c/kallsyms-00ff-0ldb00t0" &&
	! test -e "$c/symtab-$host-0123456789abcdef-0123456789abcdef" &&
	test -e "$c/symtab-000000000000-0123456789abcdef-0123456789abcdef" &&
	test -e "$c/debug-00ff" && test -e "$c/notes" &&
	test -e "$c/symtab-fedcba9876543210-fedcba9876543210"
'

test_expect_success 'no cache directory to be had: the same report' '
	: >not-a-dir &&
	XDG_CACHE_HOME="$PWD/not-a-dir" pm report --stdio -i beta.data --sort sym >out &&
	test_cmp good out
'

test_done
