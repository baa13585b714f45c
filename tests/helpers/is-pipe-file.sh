#!/bin/sh
# Exit 0 when $1 is a pipe-mode perf.data (its header size field is 16).
[ "$(od -An -tu8 -j8 -N8 "$1" 2>/dev/null | tr -d ' ')" = 16 ]
