# Sourced by run-tests.sh and test-lib.sh. As root the tests run some
# commands as nobody (as_user), who must reach the binary, the workloads
# and tests/data: a clone in a private directory (mktemp -d, /root) keeps
# them out of reach, and every such test would fail for where the clone
# lives. user_stage DIR copies them into DIR (in a directory of the
# caller's own, made by mktemp -d), opens both to everyone, and
# points PERF_MINI, PERF_MINI_SIM, WL, TEST_DATA and SYSFS there; it does
# nothing where nobody already reaches them, or when not root.

nobody_reaches() {
	sim=$PERF_MINI_SIM
	[ -e "$sim" ] || sim=$PERF_MINI
	setpriv --reuid=65534 --regid=65534 --clear-groups sh -c \
		'test -x "$1" && test -x "$2" && test -x "$3/spin" && test -r "$4/sysfs/icelake"' \
		sh "$PERF_MINI" "$sim" "$WL" "$TEST_DATA" 2>/dev/null
}

# perf-mini, as perf, reads no perf.data that neither root nor the
# reader owns (without -f): a clone another user owns (sudo make check)
# has its copy made root's
others_data() {
	[ -n "$(find "$TEST_DATA" -type f ! -user 0 2>/dev/null | head -n 1)" ]
}

user_stage() {
	[ "$(id -u)" = 0 ] && command -v setpriv >/dev/null 2>&1 || return 0
	nobody_reaches && ! others_data && return 0
	mkdir -p "$1" &&
	cp "$PERF_MINI" "$1/perf-mini" &&
	{ ! [ -e "$PERF_MINI_SIM" ] || cp "$PERF_MINI_SIM" "$1/perf-mini-sim"; } &&
	# profviz finds profviz.so beside the binary, help its manual pages
	{ ! [ -e "$(dirname "$PERF_MINI")/profviz.so" ] ||
	  cp "$(dirname "$PERF_MINI")/profviz.so" "$1/profviz.so"; } &&
	{ ! [ -d "$(dirname "$PERF_MINI")/man" ] || cp -R "$(dirname "$PERF_MINI")/man" "$1/man"; } &&
	cp -R "$WL" "$1/workloads" &&
	cp -R "$TEST_DATA" "$1/data" &&
	chmod -R a+rX "$1" && chmod a+rx "$(dirname "$1")" || return 1
	PERF_MINI="$1/perf-mini" PERF_MINI_SIM="$1/perf-mini-sim"
	WL="$1/workloads" TEST_DATA="$1/data" SYSFS="$1/data/sysfs"
	export PERF_MINI PERF_MINI_SIM WL TEST_DATA SYSFS
	nobody_reaches || { echo "user_stage: nobody cannot reach $1 either" >&2; return 1; }
}
