#!/bin/sh
test_description='serve: CPU profiles over HTTP at Go'"'"'s /debug/pprof/profile, fetched by go tool pprof itself; the errors a client or the command line can cause'
. "$(dirname "$0")/test-lib.sh"

# Debian's golang-go, as make deps installs it
command -v go >/dev/null 2>&1 && prereqs="$prereqs GO"
export HOME="$TRASH"	# go's caches
export TMPDIR="$TRASH/tmp"	# where serve records: checked empty after
mkdir -p "$TMPDIR"

# get URL: status and body of a GET, as "STATUS" then the body
get() {
	python3 - "$1" <<-\END
	import sys, urllib.request, urllib.error
	try:
	    r = urllib.request.urlopen(sys.argv[1], timeout=120)
	    status, body = r.status, r.read()
	except urllib.error.HTTPError as e:
	    status, body = e.code, e.read()
	print(status)
	sys.stdout.write(body.decode("utf-8", "replace"))
	END
}

# start_server NAME OPTION...: serve on a free loopback port; its pid in
# NAME.pid (perf-mini itself: pm is a function, which & would wrap in a
# shell of its own), its stderr in NAME.err, its base URL in NAME.url once
# it listens
start_server() {
	name=$1 && shift &&
	{ "$PERF_MINI" serve --http 127.0.0.1:0 "$@" 2>"$name.err" & echo $! >"$name.pid"; } &&
	i=0 &&
	while ! grep -q "profiles at" "$name.err" && kill -0 "$(cat "$name.pid")" 2>/dev/null &&
		[ $i -lt 1200 ]; do
		sleep 0.1; i=$((i + 1))
	done &&
	sed -n "s|.*profiles at \(http://[^ ]*/debug/pprof/\).*|\1|p" "$name.err" >"$name.url" &&
	test -s "$name.url" || { cat "$name.err"; false; }
}

test_expect_success 'setup: a spinning program, and serve on a free port profiling it (-p)' '
	{ "$WL/spin" 120000 >/dev/null & echo $! >spin.pid; } &&
	start_server srv -p "$(cat spin.pid)" -F 999 --max-seconds 10 &&
	test_grep "^http://127.0.0.1:[1-9][0-9]*/debug/pprof/$" srv.url
'

test_expect_success GO 'go tool pprof fetches a profile: the program, its hot function' '
	url=$(cat srv.url) &&
	go tool pprof -top "${url}profile?seconds=1" >top 2>top.err || { cat top.err; false; } &&
	cat top &&
	test_grep "^File: spin$" top && test_grep "^Type: cpu-clock" top &&
	test_grep " main$" top &&
	test_grep "GET /debug/pprof/profile\?seconds=1: 200, [1-9][0-9]* samples" srv.err
'

test_expect_success 'the index names the profile; another path is 404 with the way' '
	url=$(cat srv.url) &&
	get "$url" >index && test_grep "^200$" index && test_grep "^profile: " index &&
	get "${url}heap" >nope && test_grep "^404$" nope &&
	test_grep "no such profile: /debug/pprof/heap" nope &&
	test_grep "^hint: /debug/pprof/profile\?seconds=N$" nope
'

test_expect_success 'seconds not a number, 0, or past --max-seconds: 400 naming it' '
	url=$(cat srv.url) &&
	get "${url}profile?seconds=abc" >bad && test_grep "^400$" bad &&
	test_grep "seconds=abc is not a whole number" bad &&
	get "${url}profile?seconds=0" >zero && test_grep "^400$" zero &&
	get "${url}profile?seconds=11" >long && test_grep "^400$" long &&
	test_grep "more than this server records \(--max-seconds 10\)" long
'

test_expect_success 'a request that is not HTTP gets 400, and the server goes on' '
	url=$(cat srv.url) && port=${url#http://127.0.0.1:} && port=${port%%/*} &&
	python3 -c "import socket, sys
s = socket.create_connection((\"127.0.0.1\", int(sys.argv[1])))
s.sendall(b\"hello\\r\\n\\r\\n\")
print(s.recv(100).decode().split(chr(13))[0])" "$port" >reply &&
	test_grep "^HTTP/1.1 400 Bad Request$" reply &&
	get "$url" >again && test_grep "^200$" again
'

test_expect_success 'a path too long is 414; what a client sends is logged with its control bytes escaped' '
	url=$(cat srv.url) && port=${url#http://127.0.0.1:} && port=${port%%/*} &&
	long=$(printf "%0600d" 0) &&
	get "${url}$long" >long.out && test_grep "^414$" long.out &&
	python3 -c "import socket, sys
s = socket.create_connection((\"127.0.0.1\", int(sys.argv[1])))
s.sendall(b\"GET /\\x1b[2Jx HTTP/1.1\\r\\n\\r\\n\")
s.recv(100)" "$port" &&
	test_grep "GET /%1B\[2Jx: 404" srv.err
'

test_expect_success 'a client that leaves while its profile is recorded: dropped, 499 in the log, nothing left behind' '
	url=$(cat srv.url) && port=${url#http://127.0.0.1:} && port=${port%%/*} &&
	python3 -c "import socket, sys
s = socket.create_connection((\"127.0.0.1\", int(sys.argv[1])))
s.sendall(b\"GET /debug/pprof/profile?seconds=10 HTTP/1.1\\r\\n\\r\\n\")
s.close()" "$port" &&
	get "$url" >after && test_grep "^200$" after &&
	test_grep "profile\?seconds=10: 499, the client left" srv.err &&
	test -z "$(ls "$TMPDIR")"
'

test_expect_success 'a second server on the same port: the cause and the way, exit 255' '
	url=$(cat srv.url) && port=${url#http://127.0.0.1:} && port=${port%%/*} &&
	test_expect_code 255 pm serve --http "127.0.0.1:$port" 2>err &&
	test_grep "cannot listen on 127.0.0.1:$port: Address already in use" err &&
	test_grep "^hint: .*--http 127.0.0.1:0" err
'

test_expect_success 'SIGTERM stops it, exit 0, and no recording is left behind' '
	kill -TERM "$(cat srv.pid)" && wait_status=0 &&
	i=0 && while kill -0 "$(cat srv.pid)" 2>/dev/null && [ $i -lt 600 ]; do
		sleep 0.1; i=$((i + 1)); done &&
	! kill -0 "$(cat srv.pid)" 2>/dev/null &&
	test -z "$(ls "$TMPDIR")" &&
	kill "$(cat spin.pid)"
'

test_expect_success 'a process gone before the request: 500 with record'"'"'s message' '
	sh -c "exit 0" & gone=$! && wait $gone &&
	start_server dead -p "$gone" &&
	get "$(cat dead.url)profile?seconds=1" >dead.out &&
	test_grep "^500$" dead.out && test_grep "no such process: $gone" dead.out &&
	kill -TERM "$(cat dead.pid)"
'

test_expect_success 'TMPDIR too long for a recording: 500 with the way, no file made' '
	deep=$TRASH/$(printf "%04090d" 0) &&
	{ TMPDIR=$deep "$PERF_MINI" serve --http 127.0.0.1:0 -p $$ 2>deep.err & echo $! >deep.pid; } &&
	i=0 && while ! grep -q "profiles at" deep.err && [ $i -lt 1200 ]; do
		sleep 0.1; i=$((i + 1)); done &&
	url=$(sed -n "s|.*profiles at \(http://[^ ]*/debug/pprof/\).*|\1|p" deep.err) &&
	get "${url}profile?seconds=1" >deep.out &&
	kill -TERM "$(cat deep.pid)" &&
	test_grep "^500$" deep.out && test_grep "File name too long" deep.out &&
	test_grep "^hint: point TMPDIR at a short path" deep.out
'

test_expect_success 'bad command lines: usage errors, exit 129' '
	test_expect_code 129 pm serve --http nonsense 2>err &&
	test_grep "--http .nonsense. is not HOST:PORT" err &&
	test_expect_code 129 pm serve -a -p 1 2>err && test_grep "one target" err &&
	test_expect_code 129 pm serve -p abc 2>err && test_grep "not a process id" err &&
	test_expect_code 129 pm serve --max-seconds 0 2>err &&
	test_expect_code 129 pm serve extra 2>err && test_grep "takes no arguments" err
'

test_done
