#!/bin/sh
test_description='serve: CPU profiles over HTTP at Go'"'"'s /debug/pprof/profile, fetched by go tool pprof itself; --push to a Pyroscope stand-in (up, down, answering 500); the errors a client or the command line can cause'
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
# NAME.pid, its stderr in NAME.err, its base URL in NAME.url once it listens.
# "$PERF_MINI", not pm: dash runs a function put in the background in a
# subshell of its own, and $! would be that shell, not the server
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

# pprof-read.py: pprof's own schema, as t4400 reads it
DEB_PY=/usr/bin/python3
"$DEB_PY" -c "import google.protobuf" 2>/dev/null && command -v protoc >/dev/null &&
	test -r /usr/share/gocode/src/github.com/google/pprof/proto/profile.proto &&
	prereqs="$prereqs PROTOBUF"

# wait_until COMMAND...: poll until it holds, two minutes at most (a cap
# for a loaded machine, not a timing), then run it once more as the check
wait_until() {
	i=0 && while ! "$@" >/dev/null 2>&1 && [ $i -lt 1200 ]; do
		sleep 0.1; i=$((i + 1))
	done && "$@"
}

# stop_server NAME: SIGTERM, and wait for it to be gone
stop_server() {
	kill -TERM "$(cat "$1.pid")" &&
	wait_until eval "! kill -0 $(cat "$1.pid") 2>/dev/null"
}

# a Pyroscope stand-in: python3 http.server on a free loopback port;
# each POST's path and query in DIR/N.query (renamed into place after
# DIR/N.body is whole), answered 200 (MODE ok) or 500 (MODE fail)
cat >receiver.py <<-\END
	import http.server, os, sys
	mode, out = sys.argv[1], sys.argv[2]
	count = [0]
	class Ingest(http.server.BaseHTTPRequestHandler):
	    def do_POST(self):
	        body = self.rfile.read(int(self.headers["Content-Length"]))
	        count[0] += 1
	        base = os.path.join(out, str(count[0]))
	        with open(base + ".body", "wb") as f:
	            f.write(body)
	        with open(base + ".tmp", "w") as f:
	            f.write(self.path + "\n")
	        os.rename(base + ".tmp", base + ".query")
	        self.send_response(500 if mode == "fail" else 200)
	        self.send_header("Content-Length", "0")
	        self.end_headers()
	    def log_message(self, *args):
	        pass
	server = http.server.HTTPServer(("127.0.0.1", 0), Ingest)
	with open(os.path.join(out, "port.tmp"), "w") as f:
	    f.write("%d\n" % server.server_address[1])
	os.rename(os.path.join(out, "port.tmp"), os.path.join(out, "port"))
	server.serve_forever()
	END

# receiver MODE DIR: started in the background, its pid in DIR.pid
receiver() {
	mkdir -p "$2" &&
	{ python3 receiver.py "$1" "$2" >/dev/null 2>&1 & echo $! >"$2.pid"; } &&
	wait_until test -s "$2/port"
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
	wait_until grep -q "GET /debug/pprof/profile" srv.err &&
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
	wait_until grep -q "GET /%1B\[2Jx: 404" srv.err
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

# stopped while a profile is recorded (its scratch recording is in
# TMPDIR): the client is told 503, why, and the server ends with 0
recording_made() {
	test -n "$(ls "$TMPDIR")"
}

test_expect_success 'SIGTERM during a request: 503 with why, exit 0, no recording left behind' '
	{ "$WL/spin" 120000 >/dev/null & echo $! >spin3.pid; } &&
	start_server stopping -p "$(cat spin3.pid)" -F 999 &&
	{ get "$(cat stopping.url)profile?seconds=60" >stopped & echo $! >client.pid; } &&
	wait_until recording_made &&
	kill -TERM "$(cat stopping.pid)" && { wait "$(cat stopping.pid)"; srv_rc=$?; } &&
	wait "$(cat client.pid)" &&
	test "$srv_rc" = 0 && test_grep "^503$" stopped && test_grep "the server is stopping" stopped &&
	test_grep "profile\?seconds=60: 503" stopping.err &&
	test -z "$(ls "$TMPDIR")" && kill "$(cat spin3.pid)"
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

test_expect_success 'setup: a receiver, a spinning program, serve pushing its profile every second' '
	receiver ok recv &&
	{ "$WL/spin" 120000 >/dev/null & echo $! >spin2.pid; } &&
	wait_until grep -qx spin "/proc/$(cat spin2.pid)/comm" &&
	start_server push -p "$(cat spin2.pid)" -F 999 --app t4960 --push-interval 1 \
		--push "http://127.0.0.1:$(cat recv/port)/" &&
	test_grep "push: pushing a profile every 1s to http://127.0.0.1:[0-9]+/ as t4960\{host=[^,]*,pid=$(cat spin2.pid),comm=spin\}$" push.err
'

test_expect_success 'the POST is Pyroscope ingest: /ingest, name=app{labels}, from < until, format=pprof' '
	wait_until test -s recv/1.query &&
	python3 - recv/1.query "$(cat spin2.pid)" "$(hostname)" <<-\END
	import sys, urllib.parse
	path, _, query = open(sys.argv[1]).read().strip().partition("?")
	assert path == "/ingest", path
	assert "%7Bhost%3D" in query, query
	q = dict(urllib.parse.parse_qsl(query, strict_parsing=True))
	want = "t4960{host=%s,pid=%s,comm=spin}" % (sys.argv[3], sys.argv[2])
	assert q["name"] == want, (q["name"], want)
	assert int(q["from"]) < int(q["until"]), q
	assert q["format"] == "pprof" and q["spyName"] == "perf-mini", q
	assert q["sampleRate"] == "999", q
	END
'

test_expect_success PROTOBUF 'the body is the gzipped profile: samples of the spinning program in main' '
	"$DEB_PY" "$ROOT/tests/helpers/pprof-read.py" recv/1.body >pushed.json &&
	python3 - pushed.json <<-\END
	import json, sys
	d = json.load(open(sys.argv[1]))
	assert d["types"][0] == ["samples", "count"], d["types"]
	assert d["top"] == "main", d["top"]
	assert d["totals"][0] >= 5, d["totals"]
	assert {"pid", "comm"} <= set(d["labels"]), d["labels"]
	END
'

test_expect_success 'while pushing it serves; stopped, it leaves no recording behind' '
	get "$(cat push.url)" >index && test_grep "^200$" index &&
	test_grep "push: push of [0-9]+-[0-9]+, [0-9]+ samples: answered 200$" push.err &&
	stop_server push && test -z "$(ls "$TMPDIR")" &&
	kill "$(cat recv.pid)"
'

test_expect_success 'the receiver down: serve goes on, retries, says pushes are dropped (bounded)' '
	port=$(python3 -c "import socket; s = socket.socket(); s.bind((\"127.0.0.1\", 0)); print(s.getsockname()[1])") &&
	start_server down -p "$(cat spin2.pid)" --push-interval 1 --push "http://127.0.0.1:$port" &&
	wait_until grep -q "dropped in all" down.err &&
	test_grep "push of [0-9-]+, [0-9]+ samples: cannot connect to 127.0.0.1:$port: Connection refused; retrying in 1s$" down.err &&
	test_grep "push: queue full \(4 profiles\): dropped the profile of [0-9]+-[0-9]+, 1 dropped in all$" down.err &&
	get "$(cat down.url)" >index && test_grep "^200$" index &&
	stop_server down && test -z "$(ls "$TMPDIR")"
'

test_expect_success 'the receiver answering 500: the same profile is posted again' '
	receiver fail r500 &&
	start_server fail -p "$(cat spin2.pid)" --push-interval 1 \
		--push "http://127.0.0.1:$(cat r500/port)" &&
	wait_until test -s r500/2.query &&
	test_cmp r500/1.query r500/2.query &&
	test_grep "push of [0-9-]+, [0-9]+ samples: answered 500; retrying in 1s$" fail.err &&
	stop_server fail && test -z "$(ls "$TMPDIR")" &&
	kill "$(cat r500.pid)" "$(cat spin2.pid)"
'

test_expect_success '--push: https refused (no TLS), a URL not http://, bad --push-interval or --app' '
	test_expect_code 129 pm serve --push https://pyroscope.example:4040 2>err &&
	test_grep "https is not supported, as perf-mini links no TLS library" err &&
	test_grep "^hint: push to an http:// URL" err &&
	for url in ftp://h:4040 pyroscope:4040 http:// "http://h:99999" "http://h:4040/?x=1" \
		"http://u@h:4040"; do
		test_expect_code 129 pm serve --http none --push "$url" 2>err &&
		test_grep "is not an http:// URL" err && test_grep "^hint: --push http://HOST:PORT" err ||
		return 1
	done &&
	test_expect_code 129 pm serve --http none 2>err && test_grep "nothing to do" err &&
	test_expect_code 129 pm serve --push http://h --push-interval 0 2>err &&
	test_grep "push-interval takes" err &&
	test_expect_code 129 pm serve --push http://h --app "a b" 2>err &&
	test_grep "is not an application name" err
'

test_done
