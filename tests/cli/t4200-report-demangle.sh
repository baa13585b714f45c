#!/bin/sh
test_description='report/script: C++ and Rust symbols demangled as perf shows them'
. "$(dirname "$0")/test-lib.sh"

test_expect_success 'setup: a C++ workload and one with Rust symbol names, recorded' '
	pm record -q -e cpu-clock -c 100000 -g -o cxx.data -- "$WL/shapes" 3000 >/dev/null &&
	pm record -q -e cpu-clock -c 100000 -o rust.data -- "$WL/rust-names" 300
'

# --children: work is on every stack, though few samples (none on a
# loaded machine, now and then) land in its own code
test_expect_success 'report: namespaces, classes and templates demangled, without parameters' '
	pm report --stdio --children -i cxx.data >out &&
	test_grep "\[\.\] geo::Circle::area$" out &&
	test_grep "\[\.\] work$" out &&
	! grep -q "\[\.\] _Z" out
'

test_expect_success 'report --sort sym: a template and an operator keep their template arguments' '
	pm record -q -e cpu-clock -c 20000 -o hot.data -- "$WL/shapes" 3000 >/dev/null &&
	pm report --stdio --sort sym -i hot.data >out &&
	test_grep "std::__introsort_loop<__gnu_cxx::__normal_iterator<geo::Circle\*, std::vector<geo::Circle, std::allocator<geo::Circle> > >" out &&
	test_grep "work\(int\)::\{lambda\(geo::Circle const&, geo::Circle const&\)#2\}" out
'

test_expect_success 'report --no-demangle: the names the ELF file holds' '
	pm report --stdio --children --no-demangle -i cxx.data >out &&
	test_grep "\[\.\] _ZNK3geo6Circle4areaEv$" out &&
	test_grep "\[\.\] _ZL4worki$" out
'

test_expect_success 'callchains and script demangle every frame; --no-demangle too in script' '
	pm report --stdio --children -i cxx.data >out &&
	test_grep "[| ]--[0-9.]+%--geo::Circle::area" out &&
	pm script -i cxx.data >out &&
	test_grep "^[[:space:]]+[0-9a-f]+ geo::Circle::area\+0x[0-9a-f]+ \(.*/shapes\)$" out &&
	test_grep "^[[:space:]]+[0-9a-f]+ work\+0x[0-9a-f]+ \(.*/shapes\)$" out &&
	pm script --no-demangle -i cxx.data >out &&
	test_grep " _ZNK3geo6Circle4areaEv\+0x" out
'

test_expect_success 'Rust: legacy names without their hash, v0 names, as perf' '
	pm report --stdio --sort sym -i rust.data >out &&
	test_grep "\[\.\] mycrate::spin_legacy$" out &&
	test_grep "\[\.\] mycrate::spin_v0$" out &&
	pm report --stdio --sort sym --no-demangle -i rust.data >out &&
	test_grep "\[\.\] _ZN7mycrate11spin_legacy17h0123456789abcdefE$" out &&
	test_grep "\[\.\] _RNvCs1234_7mycrate7spin_v0$" out
'

test_expect_success '--demangle-kernel is accepted (kallsyms names are never mangled)' '
	pm report --stdio --demangle-kernel -i rust.data >out &&
	test_grep "mycrate::spin_v0" out &&
	pm script --demangle-kernel -i rust.data >/dev/null
'

test_done
