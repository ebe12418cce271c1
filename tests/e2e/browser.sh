# report --format html of three sources in a real browser (headless
# Chromium): no console message (a CSP violation, a script error), one chart
# per (algorithm, op), the matrix rows the files imply, strings from the files
# shown as text; a screenshot is kept as report-browser.png in the test dir.
. "$(dirname "$0")/lib.sh"
chrome=$(command -v chromium || command -v chromium-browser || command -v google-chrome) ||
	skip "no chromium (apt-get install chromium)"
have_worker noop || skip "no noop worker"
d=$(tmpdir)
browse() { # browse OUT ERR ARGS...: headless Chromium, its console on stderr
	local out=$1 err=$2
	shift 2
	timeout 120 "$chrome" --headless --no-sandbox --disable-gpu --enable-logging=stderr --v=0 \
		--user-data-dir="$d/profile" "$@" >"$out" 2>"$err"
}

# the detector works: a page with a failing script shows a CONSOLE line
printf '<!DOCTYPE html><html><body><script>nosuch()</script></body></html>\n' >"$d/bad.html"
browse "$d/bad.dom" "$d/bad.err" --dump-dom "file://$d/bad.html"
grep -q ":CONSOLE" "$d/bad.err" || fail "the console detector saw nothing on a failing page"

# three sources: two runs (the second labelled) and an imported table whose
# strings hold markup
"$CS" run --quick --lib noop --alg sha256,x25519 --sizes 16,64,1024 -o "$d/a.json" >/dev/null ||
	fail "run a"
"$CS" run --quick --lib noop --alg sha256,aes-128-gcm --sizes 16,256 -o "$d/b.json" >/dev/null ||
	fail "run b"
sed -i '1s/^{/{"label": "run <b>two<\/b>",/' "$d/b.json"
cat >"$d/c.json" <<'EOF'
{"schema": "cryptospeed/1",
 "sources": [{"label": "board <script>alert(1)</script>", "source": "imported",
              "file": "post.txt", "line": 7, "version": "OpenSSL <script>x()</script> 1.1.1"}],
 "cells": [
  {"lib": "openssl", "lib_version": "<script>y()</script>", "path": "evp", "alg": "sha256",
   "op": "digest", "size": 16, "status": "ok", "rate": {"median": 5.2e7, "unit": "B/s"},
   "source": "imported", "file": "post.txt", "line": 9},
  {"lib": "openssl", "path": "evp", "alg": "sha256", "op": "digest", "size": 1024,
   "status": "ok", "rate": {"median": 3.1e8, "unit": "B/s"}, "source": "imported",
   "file": "post.txt", "line": 9},
  {"lib": "openssl", "path": "evp", "alg": "sha3-256", "op": "digest", "size": 16,
   "status": "ok", "rate": {"median": 2.5e7, "unit": "B/s"}, "source": "imported",
   "file": "post.txt", "line": 10}]}
EOF
"$CS" report "$d/a.json" "$d/b.json" "$d/c.json" --format html >"$d/r.html" || fail "report html"

# what the page must hold, from the files (csv: one line per cell, the source last)
"$CS" report "$d/a.json" "$d/b.json" "$d/c.json" --format csv >"$d/r.csv" || fail "csv"
# (a matrix row: one lib/path of one source that has cells in that block)
read -r blocks rows < <(awk -F, 'NR > 1 {
	b = $5 "|" $6; label = $1 "/" $3 (($4 == "none") ? "" : "/" $4)
	if (!(b in blk)) { blk[b] = 1; n++ }
	if (!((b, label, $NF) in R)) { R[b, label, $NF] = 1; r++ }
} END { print n, r }' "$d/r.csv")
[ "$blocks" -eq 6 ] || fail "expected 6 blocks from the files, counted $blocks"

browse "$d/r.dom" "$d/r.err" --dump-dom "file://$d/r.html"
[ -s "$d/r.dom" ] || fail "chromium dumped no DOM: $(tail -3 "$d/r.err")"
if grep ":CONSOLE" "$d/r.err"; then fail "console messages (above)"; fi
svgs=$(grep -o '<figure class="chart">' "$d/r.dom" | wc -l)
[ "$svgs" -eq "$blocks" ] || fail "$svgs charts in the DOM, want $blocks"
matrix=$(sed -n '/<h2 id="matrix">/,/<h2 id="evidence">/p' "$d/r.dom" | grep -o "<tr>" | wc -l)
[ "$matrix" -eq $((rows + blocks)) ] || fail "$matrix matrix rows in the DOM, want $rows + $blocks headers"
grep -c "<polyline" "$d/r.dom" >/dev/null || fail "no chart lines"
# markup from the files is text: no script element, the escaped text is there
if grep -qi "<script" "$d/r.dom"; then fail "a <script> element from a result file"; fi
grep -qF "board &lt;script&gt;alert(1)&lt;/script&gt;" "$d/r.dom" || fail "label not shown as text"
grep -qF "OpenSSL &lt;script&gt;x()&lt;/script&gt; 1.1.1" "$d/r.dom" || fail "version not shown as text"
grep -qF "run &lt;b&gt;two&lt;/b&gt;" "$d/r.dom" || fail "run label not shown as text"
# the missing cells are marked: source 3 (imported) has no 64 B sha256 cell
grep -q "&#8212;\|—" "$d/r.dom" || fail "no missing-cell mark"

# the first screen (1400 x 900) holds the whole verdict and the heatmap's
# start: a copy of the page, its CSP dropped, measures itself with a script
sed -e '/Content-Security-Policy/d' \
	-e 's|</body>|<script>var v = document.getElementById("verdict").getBoundingClientRect(), h = document.getElementById("heatmap").getBoundingClientRect(); document.title = "probe " + Math.round(v.top) + " " + Math.round(v.bottom) + " " + Math.round(h.top) + " " + innerHeight;</script></body>|' \
	"$d/r.html" >"$d/probe.html"
browse "$d/probe.dom" "$d/probe.err" --window-size=1400,900 --dump-dom "file://$d/probe.html"
read -r vtop vbottom htop height < <(sed -n 's|.*<title>probe \([0-9 -]*\)</title>.*|\1|p' "$d/probe.dom")
[ -n "$height" ] || fail "the probe did not run: $(tail -3 "$d/probe.err")"
[ "$vtop" -ge 0 ] || fail "verdict starts above the page: $vtop"
[ "$vbottom" -le "$height" ] ||
	fail "verdict at $vtop..$vbottom px, not within the first $height px"
[ "$htop" -lt "$height" ] || fail "heatmap starts at $htop px, below the first $height px"
grep -q '<section id="verdict">' "$d/r.dom" || fail "no verdict section"
grep -q "Facts not to miss" "$d/r.dom" || fail "no facts in the verdict"
order=$(grep -o 'id="verdict"\|id="heatmap"\|id="charts"\|id="sources"' "$d/r.dom" | tr '\n' ' ')
[ "$order" = 'id="verdict" id="heatmap" id="charts" id="sources" ' ] ||
	fail "sections out of order: $order (want verdict, heatmap, charts ... sources last)"
browse "$d/first.out" "$d/first.err" --window-size=1400,900 --screenshot="$CS_WORK/report-first-screen.png" \
	"file://$d/r.html"

browse "$d/shot.out" "$d/shot.err" --window-size=1300,2600 --screenshot="$CS_WORK/report-browser.png" \
	"file://$d/r.html"
[ -s "$CS_WORK/report-browser.png" ] || fail "no screenshot"
echo "ok: verdict at $vtop..$vbottom px, heatmap from $htop px of $height; $svgs charts, $matrix matrix rows, $(wc -c <"$d/r.html") bytes; screenshot $CS_WORK/report-browser.png"
