# Helpers for tests that drive perf-mini on a terminal through tmux
# (sourced after test-lib.sh): TMUX is met where tmux is installed.
command -v tmux >/dev/null 2>&1 && prereqs="$prereqs TMUX"

# A tmux server of this test's own for each window (a server being
# killed still answers a new client), all killed when the test ends.
tm() {
	tmux -S "$TRASH/tmux.$(cat "$TRASH/tmux.n" 2>/dev/null).sock" "$@"
}
trap 'for s in "$TRASH"/tmux.*.sock; do tmux -S "$s" kill-server >/dev/null 2>&1; done
      rm -rf "$TRASH"' EXIT

# start CMD...: CMD in a fresh 120x30 window ($TM_COLS wide when set);
# when it ends, the window says its status and whether the terminal is
# back in its cooked mode.
start() {
	tm kill-server >/dev/null 2>&1
	echo $(($(cat "$TRASH/tmux.n" 2>/dev/null || echo 0) + 1)) >"$TRASH/tmux.n"
	tm new-session -d -x "${TM_COLS:-120}" -y 30 \
		"$*; echo EXIT=\$?; stty -a | grep -q ' icanon' && echo SANE; sleep 600"
}

screen() {
	tm capture-pane -p
}

# settle: until two captures a tenth of a second apart agree, at most 2 s:
# a redraw can reach tmux in several writes, and a busy machine lets a
# capture fall between them
settle() {
	prev=$(screen)
	for i in $(seq 20); do
		sleep 0.1
		cur=$(screen)
		[ "$cur" = "$prev" ] && return 0
		prev=$cur
	done
}

# poll CMD...: until CMD succeeds, every tenth of a second, at most 10 s;
# then until the screen settles
poll() {
	for i in $(seq 100); do
		"$@" && { settle; return 0; }
		sleep 0.1
	done
	return 1
}

shows() {
	screen | grep -q "$@"
}

# wait_for [-F] PATTERN: until the screen shows it (an extended regex, or
# with -F a fixed text)
wait_for() {
	mode=-E
	[ "$1" = -F ] && { mode=-F; shift; }
	poll shows $mode -- "$1" || { echo "never on screen: $1"; screen; return 1; }
}

keys() {
	tm send-keys "$@"
}

# The row the cursor is on: the one drawn in reverse video.
selected() {
	tm capture-pane -p -e | grep "$(printf '\033\\[7m')" | head -1 |
		sed "s/$(printf '\033')\[[0-9;]*m//g"
}

selects() {
	selected | grep -q "$@"
}

hides() {
	! shows -- "$1"
}

# wait_selected [-F] TEXT: until the selected row shows TEXT (a pattern,
# or with -F fixed): a key's redraw takes what the machine gives it
wait_selected() {
	mode=
	[ "$1" = -F ] && { mode=-F; shift; }
	poll selects $mode -e "$1" || { echo "never selected: $1"; selected; return 1; }
}

# wait_gone PATTERN: until the screen no longer shows it
wait_gone() {
	poll hides "$1" || { echo "still on screen: $1"; screen; return 1; }
}
