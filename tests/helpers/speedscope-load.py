#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Load a speedscope JSON file in speedscope itself (npm's release build),
in headless chromium, and print the text of the page it draws: speedscope
names the profile it opened in its toolbar, or says why it could not
import the file.

Usage: speedscope-load.py SPEEDSCOPE_RELEASE_DIR FILE.json
"""
import functools
import http.server
import os
import re
import subprocess
import sys
import tempfile
import threading


def main():
    release, profile = sys.argv[1], sys.argv[2]

    class Handler(http.server.SimpleHTTPRequestHandler):
        def translate_path(self, path):
            if path.split('?')[0] == '/profile.json':
                return os.path.abspath(profile)
            return super().translate_path(path)

        def log_message(self, *args):
            pass

    handler = functools.partial(Handler, directory=release)
    server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = 'http://127.0.0.1:%d' % server.server_address[1]
    url = base + '/index.html#profileURL=' + base + '/profile.json'
    try:
        with tempfile.TemporaryDirectory() as profile_dir:
            dom = subprocess.run(['chromium', '--headless', '--no-sandbox', '--disable-gpu',
                                  '--user-data-dir=' + profile_dir,
                                  '--virtual-time-budget=10000', '--dump-dom', url],
                                 capture_output=True, text=True, timeout=90).stdout
    finally:
        server.shutdown()
    dom = re.sub(r'<(script|style)[^>]*>.*?</\1>', ' ', dom, flags=re.S)
    for text in re.split(r'<[^>]*>', dom):
        if text.strip():
            print(text.strip())


if __name__ == '__main__':
    main()
