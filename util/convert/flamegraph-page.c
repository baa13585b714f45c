// SPDX-License-Identifier: GPL-2.0
/*
 * The flame graph page: the trees as JSON and the script that draws them
 * (one absolutely placed box per frame). Everything is in the file: it
 * opens offline, from a mail or a ticket.
 */
#include "flamegraph.h"

static const char page_head[] =
"<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">\n<title>%s</title>\n"
"<style>\n"
"body { font: 12px Verdana, sans-serif; margin: 8px; background: #f8f8f8; }\n"
"#bar { margin-bottom: 6px; }\n"
"#bar * { margin-right: 8px; }\n"
"#fg { position: relative; width: 100%%; overflow: hidden; }\n"
".f { position: absolute; height: 17px; line-height: 15px; font-size: 11px; overflow: hidden;\n"
"     white-space: nowrap; text-overflow: ellipsis; padding-left: 2px; box-sizing: border-box;\n"
"     border: 1px solid #f8f8f8; cursor: pointer; color: #000; }\n"
".f.match { background: #ee00ee !important; }\n"
".f.above { opacity: 0.6; }\n"
"#status { height: 18px; margin-top: 6px; font-family: monospace; }\n"
"</style></head><body>\n"
"<div id=\"bar\"><b>%s</b><select id=\"event\"></select>"
"<input id=\"search\" placeholder=\"search (regex)\" size=\"24\">"
"<button id=\"reset\">Reset zoom</button><span id=\"matched\"></span>"
"<span id=\"legend\" style=\"display: none\">widths: the new run; "
"<span style=\"background: rgb(255,55,55)\">red</span>: a larger share of the run than "
"in the baseline, <span style=\"background: rgb(55,55,255)\">blue</span>: a smaller one"
"</span></div>\n"
"<div id=\"fg\"></div><div id=\"status\"></div>\n";

static const char page_script[] =
"<script>\n"
"'use strict';\n"
"const ICICLE = %s, ROW = 18;\n"
"const events = JSON.parse(document.getElementById('data').textContent);\n"
"const fg = document.getElementById('fg'), status_ = document.getElementById('status');\n"
"let cur = null, zoom = null, re = null, rows = 0;\n"
"function link(n, parent, depth) {\n"
"  n.parent = parent; n.depth = depth; n.c = n.c || [];\n"
"  for (const c of n.c) link(c, n, depth + 1);\n"
"}\n"
"for (const e of events) link(e.root, null, 0);\n"
"function color(name) {\n"
"  let h = 0;\n"
"  for (let i = 0; i < name.length; i++) h = (h * 31 + name.charCodeAt(i)) >>> 0;\n"
"  const r = 205 + h %% 50, g = (h >>> 8) %% 230, b = (h >>> 16) %% 55;\n"
"  return 'rgb(' + r + ',' + g + ',' + b + ')';\n"
"}\n"
"function amount(v) {\n"
"  if (cur.unit !== 'ns') return v.toLocaleString('en-US') + ' ' + cur.event;\n"
"  const [d, u] = v >= 1e9 ? [1e9, 's'] : v >= 1e6 ? [1e6, 'ms'] : v >= 1e3 ? [1e3, 'us'] : [1, 'ns'];\n"
"  return (v / d).toFixed(d > 1 ? 2 : 0) + ' ' + u;\n"
"}\n"
"function label(n) {\n"
"  const total = cur.root.v;\n"
"  const was = cur.diff ? ', was ' + (100 * n.o / cur.oldTotal).toFixed(2) + '%%' : '';\n"
"  return n.n + ' (' + amount(n.v) + ', ' + (100 * n.v / total).toFixed(2) + '%%' + was + ')';\n"
"}\n"
"/* a diff: the change of the frame's share of the run, red where it grew,\n"
"   blue where it shrank, the deepest colour the largest change */\n"
"function change(n) { return n.v / cur.root.v - n.o / cur.oldTotal; }\n"
"function maxChange(n) {\n"
"  let m = Math.abs(change(n));\n"
"  for (const c of n.c) m = Math.max(m, maxChange(c));\n"
"  return m;\n"
"}\n"
"function diffColor(n) {\n"
"  const d = change(n), a = cur.maxChange ? Math.min(1, Math.abs(d) / cur.maxChange) : 0;\n"
"  const c = Math.round(255 - 200 * a);\n"
"  return d > 0 ? 'rgb(255,' + c + ',' + c + ')' : d < 0 ? 'rgb(' + c + ',' + c + ',255)' :\n"
"         'rgb(255,255,255)';\n"
"}\n"
"function isAncestor(a, n) {\n"
"  for (; n; n = n.parent) if (n === a) return true;\n"
"  return false;\n"
"}\n"
"function box(n, x, w) {\n"
"  const d = document.createElement('div');\n"
"  const row = ICICLE ? n.depth : rows - 1 - n.depth;\n"
"  d.className = 'f' + (isAncestor(n, zoom) && n !== zoom ? ' above' : '') +\n"
"                (re && re.test(n.n) ? ' match' : '');\n"
"  d.style.left = (100 * x) + '%%';\n"
"  d.style.width = (100 * w) + '%%';\n"
"  d.style.top = (row * ROW) + 'px';\n"
"  d.style.background = cur.diff ? diffColor(n) : color(n.n);\n"
"  d.textContent = n.n;\n"
"  d.title = label(n);\n"
"  d.dataset.depth = n.depth;\n"
"  d.onclick = () => { setZoom(n); };\n"
"  d.onmouseover = () => { status_.textContent = label(n); };\n"
"  fg.appendChild(d);\n"
"}\n"
"/* frames narrower than this share of the zoomed frame are not drawn */\n"
"const MIN_WIDTH = 0.001;\n"
"/* the deepest frame wide enough to be drawn: no empty rows above */\n"
"function deepest(n) {\n"
"  if (n.v / zoom.v < MIN_WIDTH) return -1;\n"
"  let max = n.depth;\n"
"  for (const c of n.c) max = Math.max(max, deepest(c));\n"
"  return max;\n"
"}\n"
"function draw() {\n"
"  fg.textContent = '';\n"
"  rows = deepest(zoom) + 1;\n"
"  fg.style.height = (rows * ROW) + 'px';\n"
"  for (let a = zoom.parent; a; a = a.parent) box(a, 0, 1);\n"
"  (function place(n, x) {\n"
"    const w = n.v / zoom.v;\n"
"    if (w < MIN_WIDTH) return;\n"
"    box(n, x, w);\n"
"    let cx = x;\n"
"    for (const c of n.c) { place(c, cx); cx += c.v / zoom.v; }\n"
"  })(zoom, 0);\n"
"  showMatched();\n"
"}\n"
"function showMatched() {\n"
"  const m = document.getElementById('matched');\n"
"  if (!re) { m.textContent = ''; return; }\n"
"  let sum = 0;\n"
"  (function walk(n) {\n"
"    if (re.test(n.n)) { sum += n.v; return; }\n"
"    for (const c of n.c) walk(c);\n"
"  })(cur.root);\n"
"  m.textContent = 'Matched: ' + (100 * sum / cur.root.v).toFixed(2) + '%%';\n"
"}\n"
"function setZoom(n) { zoom = n; draw(); }\n"
"function setEvent(i) {\n"
"  cur = events[i]; zoom = cur.root;\n"
"  if (cur.diff) cur.maxChange = maxChange(cur.root);\n"
"  document.getElementById('legend').style.display = cur.diff ? '' : 'none';\n"
"  draw();\n"
"}\n"
"const sel = document.getElementById('event');\n"
"events.forEach((e, i) => { const o = document.createElement('option');\n"
"  o.value = i; o.textContent = e.event; sel.appendChild(o); });\n"
"sel.style.display = events.length > 1 ? '' : 'none';\n"
"sel.onchange = () => setEvent(sel.value);\n"
"document.getElementById('reset').onclick = () => setZoom(cur.root);\n"
"document.getElementById('search').oninput = (ev) => {\n"
"  const t = ev.target.value;\n"
"  try { re = t ? new RegExp(t, 'i') : null; } catch (e) { re = null; }\n"
"  draw();\n"
"};\n"
"setEvent(0);\n"
"/* #selftest: what a test reads back from the page's DOM after a click */\n"
"if (location.hash === '#selftest') {\n"
"  const first = fg.querySelector('.f[data-depth=\"1\"]');\n"
"  first.click();\n"
"  const z = [...fg.querySelectorAll('.f')].find(d => d.textContent === zoom.n &&\n"
"                                               d.dataset.depth === String(zoom.depth));\n"
"  document.body.dataset.zoomed = zoom.n;\n"
"  document.body.dataset.zoomedWidth = z.style.width;\n"
"  document.body.dataset.frames = fg.querySelectorAll('.f').length;\n"
"  const search = document.getElementById('search');\n"
"  search.value = first.textContent.replace(/[.*+?^${}()|[\\]\\\\]/g, '\\\\$&');\n"
"  search.dispatchEvent(new Event('input'));\n"
"  document.body.dataset.matches = fg.querySelectorAll('.f.match').length;\n"
"  document.body.dataset.matched = document.getElementById('matched').textContent;\n"
"  document.getElementById('reset').click();\n"
"  document.body.dataset.resetTo = zoom.n;\n"
"  document.body.dataset.colors = [...fg.querySelectorAll('.f[data-depth=\"1\"]')]\n"
"    .map(d => d.textContent + '=' + d.style.background).join(' ');\n"
"}\n"
"</script></body></html>\n";

/* @s as HTML text (a path can hold any byte but NUL). */
static void html_text(const char *s, struct strbuf *out)
{
	for (; *s; s++) {
		if (*s == '<')
			strbuf_addstr(out, "&lt;");
		else if (*s == '>')
			strbuf_addstr(out, "&gt;");
		else if (*s == '&')
			strbuf_addstr(out, "&amp;");
		else if (*s == '"')
			strbuf_addstr(out, "&quot;");
		else
			strbuf_addch(out, *s);
	}
}

void flamegraph__page(const char *title, const char *json, bool icicle, FILE *out)
{
	struct strbuf t = STRBUF_INIT;

	html_text(title, &t);
	fprintf(out, page_head, t.buf, t.buf);
	strbuf_release(&t);
	fprintf(out, "<script id=\"data\" type=\"application/json\">%s</script>\n", json);
	fprintf(out, page_script, icicle ? "true" : "false");
}
