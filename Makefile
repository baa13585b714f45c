# perf-mini — see README.md. `make`, `make check`, `make demo`, `make bench`.

CC      ?= gcc
CFLAGS  ?= -O2 -g
WARN    := -Wall -Wextra -Werror -Wno-missing-field-initializers
CPPFLAGS += -D_GNU_SOURCE -std=gnu11
PKGS    := libtracefs libtraceevent
PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   = $(shell pkg-config --libs $(PKGS) 2>/dev/null)
# libtracefs/libtraceevent come from their Debian -dev packages; linked
# statically because their RUNPATH ($$ORIGIN) makes the dynamic loader probe
# ~40 paths at every start, a third of `stat -- true`'s run time.
DEP_LIBS = $(PKG_LIBS) -ldw -lelf -lz -lzstd -llzma -lbz2 -liberty -lncursesw -ltinfo -lcapstone
LIBS    = -Wl,-Bstatic $(DEP_LIBS) -Wl,-Bdynamic -ldl -lm -lpthread
# ./perf-mini itself is a static PIE: `stat -- true` runs in under 2 ms, and
# the dynamic loader (mapping libc and libm, binding symbols) was a seventh
# of it. The link warns that libtraceevent's plugin loader uses dlopen; we
# never load plugins. Sanitizer builds cannot be static and use LIBS.
PROG_LIBS ?= -static-pie $(DEP_LIBS) -lm -lpthread

# Debian packages the build and the tests need: `make deps` installs them
# (make check and make demo run it first); a plain `make` only checks for
# them (BUILD_NEEDS) and never touches the system.
DEB_BUILD := gcc g++ libc6-dev make pkg-config python3 libtracefs-dev libtraceevent-dev libelf-dev libdw-dev \
	     liblzma-dev libbz2-dev libzstd-dev libiberty-dev libncurses-dev zlib1g-dev libcapstone-dev
DEB_CHECK := libcmocka-dev clang chromium strace tmux python3-protobuf protobuf-compiler golang-github-google-pprof-dev python3-jsonschema llvm golang-go \
	     bolt-19 autofdo asciidoctor hotspot
DEB_BENCH := hyperfine
# what the build checks for, as FILE:PACKAGE (a header, or a command on PATH)
BUILD_NEEDS := gcc:gcc g++:g++ make:make pkg-config:pkg-config python3:python3 \
	tracefs/tracefs.h:libtracefs-dev traceevent/event-parse.h:libtraceevent-dev \
	libelf.h:libelf-dev elfutils/libdw.h:libdw-dev lzma.h:liblzma-dev bzlib.h:libbz2-dev \
	zstd.h:libzstd-dev libiberty/demangle.h:libiberty-dev ncurses.h:libncurses-dev \
	zlib.h:zlib1g-dev capstone/capstone.h:libcapstone-dev

SYS_SRC     := util/events/perf-sys.c
BASE_SRCS   := $(wildcard util/base/*.c)
EVENTS_SRCS := $(filter-out util/events/perf-sys.c,$(wildcard util/events/*.c)) $(wildcard arch/*.c arch/*/*.c)
STAT_SRCS   := $(wildcard util/stat/*.c)
DATA_SRCS   := $(wildcard util/data/*.c util/symbols/*.c util/report/*.c util/record/*.c util/ui/*.c \
			       util/c2c/*.c util/sched/*.c util/convert/*.c util/script/*.c util/top/*.c \
			       util/disasm/*.c util/annotate/*.c util/serve/*.c)
SELFMON_SRCS := $(filter-out util/selfmon/profviz-%.c,$(wildcard util/selfmon/*.c))
# profviz.so, preloaded into instrumented programs: the library's core and
# the seam, position-independent, with libelf for symbols
PROFVIZ_SRCS := $(wildcard util/selfmon/profviz-*.c) util/selfmon/selfmon.c \
		util/selfmon/page-read.c util/symbols/elf-walk.c util/base/hmap.c $(SYS_SRC) \
		arch/x86/user-counters.c arch/no-user-counters.c
PMU_EVENTS  := pmu-events/pmu-events.c
LIB_SRCS    := $(BASE_SRCS) $(EVENTS_SRCS) $(STAT_SRCS) $(DATA_SRCS) $(SELFMON_SRCS) $(PMU_EVENTS)
CMD_SRCS    := $(wildcard cmd/*.c)

B ?= build
# pmu-events/jevents.py turns the JSON tables into C at build time
PMU_TABLES_C := $(B)/pmu-events/pmu-events-tables.c
PMU_JSON     := $(shell find pmu-events/arch -type f)
LIB_OBJS := $(LIB_SRCS:%.c=$(B)/%.o) $(PMU_TABLES_C:%.c=%.o)
CMD_OBJS := $(CMD_SRCS:%.c=$(B)/%.o)
SYS_OBJ  := $(SYS_SRC:%.c=$(B)/%.o)

UNIT_SRCS := $(wildcard tests/unit/*/test-*.c)
UNIT_BINS := $(patsubst tests/unit/%.c,$(B)/tests/unit/%,$(UNIT_SRCS))
WORKLOADS := $(patsubst tests/workloads/%.c,$(B)/workloads/%,$(wildcard tests/workloads/*.c)) \
	     $(patsubst tests/workloads/%.cc,$(B)/workloads/%,$(wildcard tests/workloads/*.cc))

ASAN_FLAGS := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer \
	      -fno-sanitize-recover=undefined

.PHONY: all install man deps check-deps unit-tests test check check-plain check-asan demo bench clean \
	fuzz fuzz-check

all: perf-mini perf-mini-sim workloads $(B)/profviz.so

# apt-get, as root, for what dpkg says is missing (Debian's package names)
define apt_install
	@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" != 0 ]; then \
	    echo "missing Debian packages:$$missing; as root: apt-get install$$missing" >&2; exit 1; fi; \
	  echo "installing:$$missing"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; fi
endef

deps:
	$(call apt_install,$(DEB_BUILD))

# speedscope (npm's release build: its file-format schema and the page that
# imports a file) for the tests that load perf-mini's output in it, fetched
# once into build/npm; without npm's registry those tests say they skip
NPM_SPEEDSCOPE := speedscope@1.25.0
check-deps: deps
	$(call apt_install,$(DEB_CHECK))
	@test -f build/npm/speedscope/package.json || { command -v npm >/dev/null && \
	  mkdir -p build/npm && cd build/npm && rm -rf speedscope package && \
	  timeout 180 npm pack -q $(NPM_SPEEDSCOPE) >/dev/null 2>&1 && tar xzf speedscope-*.tgz && \
	  mv package speedscope && rm -f speedscope-*.tgz; } || \
	  echo "$(NPM_SPEEDSCOPE) could not be fetched from npm: its tests will skip" >&2

# Every object waits for this check, made once per build directory: a
# missing header or tool is named with its package, not met as a compiler
# error halfway through.
$(B)/.build-needs: Makefile
	@mkdir -p $(B); missing=""; for n in $(BUILD_NEEDS); do f=$${n%%:*}; \
	  case $$f in *.h) echo "#include <$$f>" | $(CC) -E $(PKG_CFLAGS) -x c - >/dev/null 2>&1 ;; \
	  *) command -v $$f >/dev/null 2>&1 ;; esac || missing="$$missing $${n#*:}"; done; \
	if [ -n "$$missing" ]; then echo "perf-mini needs Debian packages that are not installed:$$missing" >&2; \
	  echo "run 'make deps' as root to install them (or: apt-get install$$missing)" >&2; exit 1; fi; \
	touch $@

# The manual pages, from Documentation/ with Debian's asciidoctor (make
# deps installs it): help CMD and CMD --help open them beside the binary
# ($(B)/man) or installed.
MAN_PAGES := $(patsubst Documentation/%.txt,$(B)/man/%.1,$(wildcard Documentation/perf-mini*.txt))

man: $(MAN_PAGES)

$(B)/man/%.1: Documentation/%.txt $(wildcard Documentation/*.txt)
	@command -v asciidoctor >/dev/null 2>&1 || { echo "the manual pages need Debian's \
	  asciidoctor: run 'make deps' as root (or: apt-get install asciidoctor)" >&2; exit 1; }
	@mkdir -p $(dir $@)
	asciidoctor -b manpage -d manpage -o $@ $<

# ./perf-mini is always the plain -O2 build, whatever B the sanitizer run uses.
perf-mini: build/perf-mini
	@cp $< $@

# ./perf-mini-sim: the same program with tests/pmu-sim behind the syscall
# seam instead of the kernel (described PMUs, tests/pmu-sim/README.md).
perf-mini-sim: build/perf-mini-sim
	@cp $< $@

ifneq ($(B),build)
build/perf-mini:
	@$(MAKE) --no-print-directory B=build build/perf-mini
build/perf-mini-sim:
	@$(MAKE) --no-print-directory B=build build/perf-mini-sim
endif

SIM_OBJS := $(patsubst %.c,$(B)/%.o,$(wildcard tests/pmu-sim/*.c))
$(B)/perf-mini-sim: $(B)/perf-mini.o $(CMD_OBJS) $(SIM_OBJS) $(B)/libperf-mini.a
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(PROG_LIBS)

$(B)/perf-mini: $(B)/perf-mini.o $(CMD_OBJS) $(SYS_OBJ) $(B)/libperf-mini.a
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(PROG_LIBS)

$(B)/libperf-mini.a: $(LIB_OBJS)
	@rm -f $@
	$(AR) rcs $@ $^

# the self-monitoring library for other programs (util/selfmon/selfmon.h):
# the engine with the kernel's seam; a program links what it calls
$(B)/libperf-mini-self.a: $(LIB_OBJS) $(SYS_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(PMU_TABLES_C): pmu-events/jevents.py $(PMU_JSON) | $(B)/.build-needs
	@mkdir -p $(dir $@)
	python3 pmu-events/jevents.py pmu-events/arch $@

$(PMU_TABLES_C:%.c=%.o): $(PMU_TABLES_C) pmu-events/pmu-events.h
	$(CC) $(CPPFLAGS) $(CFLAGS) $(WARN) -I. -c -o $@ $<

# -MMD -MP: the compiler lists the headers each object includes ($(B)/**/*.d),
# so touching a header rebuilds its includers alone
$(B)/%.o: %.c | $(B)/.build-needs
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(WARN) $(PKG_CFLAGS) -MMD -MP -c -o $@ $<

-include $(shell find $(B) -name '*.d' 2>/dev/null)

$(B)/tests/unit/%: tests/unit/%.c $(B)/libperf-mini.a $(SYS_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(WARN) $(PKG_CFLAGS) -MMD -MP -o $@ $< $(SYS_OBJ) $(B)/libperf-mini.a \
		$(shell pkg-config --libs cmocka) $(LIBS)

$(B)/workloads/%: tests/workloads/%.c
	@mkdir -p $(dir $@)
	$(CC) -O1 -g -Wall -Wextra -Werror -o $@ $< -lpthread

# the stepped LBR's (t6110): frame pointers, so a sample's callchain is known
$(B)/workloads/branches: tests/workloads/branches.c
	@mkdir -p $(dir $@)
	$(CC) -O1 -g -fno-omit-frame-pointer -Wall -Wextra -Werror -o $@ $<

# profviz's: every function calls the -finstrument-functions hooks
$(B)/workloads/profviz-calls: tests/workloads/profviz-calls.c
	@mkdir -p $(dir $@)
	$(CC) -O1 -g -finstrument-functions -Wall -Wextra -Werror -o $@ $< -lpthread

# the C++ one instrumented too: inlined functions' hooks, demangled names
$(B)/workloads/shapes-instrumented: tests/workloads/shapes.cc
	@mkdir -p $(dir $@)
	$(CXX) -O1 -g -finstrument-functions -Wall -Wextra -Werror -o $@ $<

# C++ workloads, for demangling: frame pointers so -g callchains reach main
$(B)/workloads/%: tests/workloads/%.cc
	@mkdir -p $(dir $@)
	$(CXX) -O1 -g -fno-omit-frame-pointer -Wall -Wextra -Werror -o $@ $<

# the test helpers, one program: `test-tool gen-lbr ...` writes the perf.data
# files no PMU here records, `test-tool swap-perf-data` a big-endian image
TEST_TOOL_OBJS := $(patsubst %.c,$(B)/%.o,tests/helpers/test-tool.c \
	$(wildcard tests/helpers/gen-*.c) tests/helpers/swap-perf-data.c)
$(B)/test-tool: $(TEST_TOOL_OBJS) $(B)/libperf-mini.a
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(LIBS)

# never sanitized: it is preloaded into programs that are not
$(B)/profviz.so: $(PROFVIZ_SRCS) $(wildcard util/selfmon/*.h)
	$(CC) $(CPPFLAGS) -O2 -g $(WARN) -fPIC -shared -fvisibility=hidden -Wl,-z,defs -o $@ \
		$(PROFVIZ_SRCS) -lelf -ldl -lpthread

# a program counting itself through util/selfmon: on the kernel, on pmu-sim
$(B)/selfmon-check: tests/helpers/selfmon-check.c $(SYS_OBJ) $(B)/libperf-mini.a
	$(CC) $(CPPFLAGS) $(CFLAGS) $(WARN) -o $@ $^ $(LIBS)
$(B)/selfmon-check-sim: tests/helpers/selfmon-check.c $(SIM_OBJS) $(B)/libperf-mini.a
	$(CC) $(CPPFLAGS) $(CFLAGS) $(WARN) -o $@ $^ $(LIBS)

workloads: $(WORKLOADS) $(B)/workloads/shapes-instrumented

unit-tests: $(UNIT_BINS)

# test scripts run at once: make's -jN (a bare -j: one per CPU), or JOBS=N
JOBS ?= $(or $(patsubst -j%,%,$(filter -j%,$(MAKEFLAGS))),$(if $(filter -j,$(MAKEFLAGS)),$(shell nproc),1))

# The whole suite against one build ($(B)); prints "N passed, N failed".
test: $(B)/perf-mini $(B)/perf-mini-sim $(B)/test-tool $(B)/gen-perf-data workloads \
	$(B)/selfmon-check $(B)/selfmon-check-sim $(B)/profviz.so unit-tests \
	$(if $(shell command -v asciidoctor),man)
	@PERF_MINI=$(CURDIR)/$(B)/perf-mini PERF_MINI_SIM=$(CURDIR)/$(B)/perf-mini-sim \
		BUILD=$(CURDIR)/$(B) sh tests/run-tests.sh -j $(JOBS)

check-plain:
	@$(MAKE) --no-print-directory test B=build

check-asan:
	@$(MAKE) --no-print-directory test B=build-asan CFLAGS="$(ASAN_FLAGS)" \
		LDFLAGS="-fsanitize=address,undefined" PROG_LIBS='$(LIBS)'

# Both builds and a short fuzz run; the last line sums them.
check: deps check-deps
	@set -e; rm -f build/.results build-asan/.results build-fuzz/.results; \
	$(MAKE) --no-print-directory check-plain || true; \
	$(MAKE) --no-print-directory check-asan || true; \
	$(MAKE) --no-print-directory fuzz-check || true; \
	sh tests/sum-results.sh build/.results build-asan/.results build-fuzz/.results

# libFuzzer on the perf.data reader (clang), seeded with the fixtures.
# `make fuzz` runs FUZZ_TIME seconds (default 60); make check runs 15.
FUZZ_TIME ?= 60
FUZZ_FLAGS := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=undefined \
	      -fno-omit-frame-pointer
build-fuzz/fuzz-perf-data: tests/fuzz/fuzz-perf-data.c $(LIB_SRCS) $(wildcard */*/*.h) \
		build-fuzz/pmu-events/pmu-events-tables.c
	@mkdir -p build-fuzz
	clang $(CPPFLAGS) $(FUZZ_FLAGS) -fsanitize=fuzzer $(PKG_CFLAGS) -I. -o $@ \
		tests/fuzz/fuzz-perf-data.c $(LIB_SRCS) build-fuzz/pmu-events/pmu-events-tables.c \
		$(SYS_SRC) $(LIBS)

build-fuzz/pmu-events/pmu-events-tables.c: pmu-events/jevents.py $(PMU_JSON)
	@mkdir -p $(dir $@)
	python3 pmu-events/jevents.py pmu-events/arch $@

fuzz: check-deps build-fuzz/fuzz-perf-data
	@mkdir -p build-fuzz/corpus
	@cp -n tests/data/perfdata/perf.data.* tests/data/fuzz-seeds/*.data build-fuzz/corpus/ 2>/dev/null || true
	build-fuzz/fuzz-perf-data -max_total_time=$(FUZZ_TIME) -timeout=10 -rss_limit_mb=2048 \
		-print_final_stats=1 build-fuzz/corpus

fuzz-check:
	@rm -f build-fuzz/.results; \
	if $(MAKE) --no-print-directory fuzz FUZZ_TIME=15 >build-fuzz.log 2>&1; then \
	  echo "ok - fuzz: 15 s of libFuzzer on the perf.data reader, no crash"; \
	  mkdir -p build-fuzz; echo "1 0 0" >build-fuzz/.results; \
	else \
	  tail -30 build-fuzz.log; echo "not ok - fuzz (build-fuzz.log)"; \
	  mkdir -p build-fuzz; echo "0 1 0" >build-fuzz/.results; fi

demo: deps
	@$(MAKE) --no-print-directory all
	@sh tests/demo.sh $(CURDIR)/perf-mini $(CURDIR)/$(B)/workloads

bench: all
	@dpkg -s $(DEB_BENCH) >/dev/null 2>&1 || \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(DEB_BENCH))
	@$(MAKE) --no-print-directory build/stat-floor build/gen-perf-data build/selfmon-check
	@sh tests/bench/bench-stat.sh $(CURDIR)/perf-mini $(CURDIR)/build/stat-floor
	@sh tests/bench/bench-real.sh $(CURDIR)/perf-mini $(CURDIR)/$(B)/workloads
	@sh tests/bench/bench-report.sh $(CURDIR)/perf-mini $(CURDIR)/build/gen-perf-data
	@sh tests/bench/bench-selfmon.sh $(CURDIR)/build/selfmon-check
	@sh tests/bench/bench-top.sh $(CURDIR)/perf-mini
	@sh tests/bench/bench-record.sh $(CURDIR)/perf-mini $(CURDIR)/$(B)/workloads

build/stat-floor: tests/bench/stat-floor.c
	$(CC) $(CPPFLAGS) -O2 $(WARN) -static -o $@ $<

# the bench's generated perf.data files; o3800 makes small ones
$(B)/gen-perf-data: tests/bench/gen-perf-data.c $(B)/libperf-mini.a
	$(CC) $(CPPFLAGS) $(CFLAGS) $(WARN) $(PKG_CFLAGS) -o $@ $< $(B)/libperf-mini.a $(LIBS)

PREFIX ?= /usr/local
install: all build/libperf-mini-self.a build/profviz.so man
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/perf-mini \
		$(DESTDIR)$(PREFIX)/include/perf-mini
	install -m 755 build/perf-mini $(DESTDIR)$(PREFIX)/bin/perf-mini
	install -m 644 build/libperf-mini-self.a $(DESTDIR)$(PREFIX)/lib/libperf-mini-self.a
	install -m 755 build/profviz.so $(DESTDIR)$(PREFIX)/lib/perf-mini/profviz.so
	install -m 644 util/selfmon/selfmon.h $(DESTDIR)$(PREFIX)/include/perf-mini/selfmon.h
	install -d $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 644 $(MAN_PAGES) $(DESTDIR)$(PREFIX)/share/man/man1/
	install -d $(DESTDIR)$(PREFIX)/share/bash-completion/completions
	install -m 644 Documentation/perf-mini-completion.bash \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions/perf-mini

clean:
	rm -rf build build-asan build-fuzz build-fuzz.log perf-mini perf-mini-sim
