#!/bin/sh
test_description='oracle: a sample in a PLT stub named as perf names it (its _init stretched over the stubs)'
. "$(dirname "$0")/../cli/test-lib.sh"

if ! command -v perf >/dev/null 2>&1 || ! command -v readelf >/dev/null 2>&1; then
	test_skip "PLT names oracle" "Linux perf (and readelf) is not installed"
	test_done; exit $?
fi

# perf stretches a program's _init (size 0) to the next ELF symbol before
# it adds the name@plt stubs, so _init covers the PLT. A sample in a stub
# is then named by whichever of the two perf's symbol tree meets first:
# the first stub or the first few, depending on the program. gen-plt
# samples every 4 bytes from .init to past the start of .text.

# The file offset of section $2 of ELF file $1, in hex.
section_offset() {
	readelf -SW "$1" | awk -v s="$2" '$2 == s { print $5; exit }'
}

# Sample $1 from .init (else .plt) to .text + 0x40; compare perf script's
# symbol for each sample with perf-mini's, and the report's rows (with
# the sizes: _init's reaches over the stubs, in perf's table as in ours).
same_names() {
	lo=$(section_offset "$1" .init) && hi=$(section_offset "$1" .text) &&
	test -n "$hi" && lo=${lo:-$(section_offset "$1" .plt)} && test -n "$lo" &&
	"$BUILD/test-tool" gen-plt plt.data "$1" "$lo" "$(printf %x $((0x$hi + 0x40)))" 4 &&
	perf script -i plt.data -F ip,sym 2>/dev/null >perf.txt &&
	pm script -i plt.data -F ip,sym >pm.txt && test -s pm.txt &&
	test_cmp perf.txt pm.txt &&
	perf report --stdio -i plt.data --sort sym 2>/dev/null |
		sh "$ROOT/tests/helpers/drop-perf-tip.sh" >perf.txt &&
	pm report --stdio -i plt.data --sort sym >pm.txt && test_cmp perf.txt pm.txt &&
	perf report --stdio -i plt.data --sort sym,symbol_size 2>/dev/null |
		sh "$ROOT/tests/helpers/drop-perf-tip.sh" >perf.txt &&
	pm report --stdio -i plt.data --sort sym,symbol_size >pm.txt && test_cmp perf.txt pm.txt
}

test_expect_success 'the workloads: every address from .init to .text as perf names it' '
	for w in spin shapes burn touch-data rust-names; do
		same_names "$WL/$w" || { echo "differs: $w"; return 1; }
	done &&
	test_grep "] _init  " pm.txt
'

# Programs of many functions and stubs, of several shapes: which stubs
# perf names _init depends on where _init lies in its tree.
test_expect_success 'programs with 1 to 63 stubs and up to 300 functions, lazy and -z now' '
	i=0 &&
	for shape in "1 0 -O0" "7 40 -O2" "23 300 -O1" "63 120 -O2" "40 5 -O0 -Wl,-z,now"; do
		set -- $shape && i=$((i + 1)) && nstubs=$1 nfuncs=$2 && shift 2 &&
		awk -v nstubs=$nstubs -v nfuncs=$nfuncs "$(cat <<-\EOF
		BEGIN {
			split("abs labs atoi atol strlen strcmp strncmp strcpy strncpy strcat " \
			      "strncat strchr strrchr strstr strspn strcspn strpbrk memcpy " \
			      "memmove memset memcmp memchr puts putchar getchar fputs fgets " \
			      "fopen fclose fread fwrite fflush malloc calloc realloc free " \
			      "rand srand time clock getpid getppid sleep usleep isatty close " \
			      "read write lseek dup dup2 pipe unlink rmdir mkdir chdir getcwd " \
			      "toupper tolower qsort bsearch exit abort", libc, " ")
			for (i = 1; i <= nstubs; i++)
				printf "extern void %s(void);\n", libc[i]
			for (i = 0; i < nfuncs; i++) {
				printf "%sint f%d(int x) { return x * %d + 1; }\n",
				       i % 3 == 0 ? "static " : i % 3 == 1 ? "" : "__attribute__((weak)) ", i, i + 1
				if (i % 7 == 1)
					printf "int a%d(int) __attribute__((alias(\"f%d\")));\n", i, i
				if (i % 5 == 0)
					printf "int obj%d = %d;\n", i, i
			}
			printf "int main(int c, char **v)\n{\n\tint acc = 0;\n\n"
			for (i = 1; i <= nstubs; i++)
				printf "\tif (c == %d)\n\t\t%s();\n", i + 10, libc[i]
			for (i = 0; i < nfuncs; i++)
				printf "\tacc += f%d(c);\n", i
			printf "\treturn acc;\n}\n"
		}
		EOF
		)" </dev/null >p$i.c &&
		cc -w -fno-builtin "$@" -o p$i p$i.c &&
		same_names "$PWD/p$i" || { echo "differs: $shape"; return 1; }
	done
'

test_done
