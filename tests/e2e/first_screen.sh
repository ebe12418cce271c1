# The first screen of the HTML report of a default-size run (the committed
# results/measured file, not a new run) in headless Chromium at 1400 x 900:
# the answers for AES-128-GCM, ChaCha20-Poly1305, SHA-256, X25519 and the TLS
# handshake are inside the first 900 px, no two labels of a chart overlap
# (every chart of the page), and the heatmap's colour legend is there. A
# screenshot of the first screen is kept as report-first-screen.png in the
# test dir (docs/report-first-screen.png is one). $1: the source tree.
. "$(dirname "$0")/lib.sh"
src=${1:?source tree}
chrome=$(command -v chromium || command -v chromium-browser || command -v google-chrome) ||
	skip "no chromium (scripts/deps.sh --test installs it)"
res=$src/results/measured/vm-xeon-x86_64.json
[ -f "$res" ] || skip "no committed default run ($res)"
d=$(tmpdir)
"$CS" report "$res" --format html >"$d/r.html" || fail "report --format html"
# a copy of the page, its CSP dropped, measures itself and writes what it
# found into the DOM (then --dump-dom shows it)
cat >"$d/probe.js" <<'JS'
var out = [], H = innerHeight;
out.push("height " + H);
out.push("width " + innerWidth);
["aes-128-gcm", "chacha20-poly1305", "sha256", "x25519", "tls-handshake"].forEach(function (k) {
	var e = document.querySelector('figure.q[data-q="' + k + '"]');
	if (!e) { out.push("answer " + k + " none"); return; }
	var r = e.getBoundingClientRect();
	out.push("answer " + k + " " + Math.round(r.top) + " " + Math.round(r.bottom));
});
var overlaps = 0, labels = 0;
document.querySelectorAll("svg").forEach(function (svg, i) {
	var boxes = [];
	svg.querySelectorAll("text").forEach(function (t) {
		var r = t.getBoundingClientRect();
		if (r.width > 0 && r.height > 0) boxes.push([r, t.textContent]);
	});
	labels += boxes.length;
	for (var a = 0; a < boxes.length; a++)
		for (var b = a + 1; b < boxes.length; b++) {
			var p = boxes[a][0], q = boxes[b][0];
			if (p.left < q.right - 0.5 && q.left < p.right - 0.5 &&
			    p.top < q.bottom - 0.5 && q.top < p.bottom - 0.5) {
				overlaps++;
				if (overlaps < 6) out.push("overlap svg" + i + " '" + boxes[a][1] + "' '" + boxes[b][1] + "'");
			}
		}
});
out.push("labels " + labels + " overlaps " + overlaps);
var legend = document.querySelectorAll(".legend span").length;
out.push("legend " + legend);
var pre = document.createElement("pre");
pre.id = "probe";
pre.textContent = out.join("\n");
document.body.appendChild(pre);
JS
sed -e '/Content-Security-Policy/d' -e 's|</body>|<script src="probe.js"></script></body>|' \
	"$d/r.html" >"$d/probe.html"
timeout 120 "$chrome" --headless --no-sandbox --disable-gpu --user-data-dir="$d/profile" \
	--window-size=1400,900 --dump-dom "file://$d/probe.html" >"$d/probe.dom" 2>"$d/probe.err"
sed -n '/<pre id="probe">/,/<\/pre>/p' "$d/probe.dom" | sed 's/<[^>]*>//g' >"$d/probe.txt"
[ -s "$d/probe.txt" ] || fail "the probe did not run: $(tail -3 "$d/probe.err")"
cat "$d/probe.txt"
height=$(sed -n 's/^height //p' "$d/probe.txt")
# (headless Chromium may give the page less than the window: the answers
# must then fit the smaller viewport)
[ "${height:-0}" -ge 600 ] && [ "$height" -le 900 ] || fail "viewport height ${height:-?}, want at most 900"
for k in aes-128-gcm chacha20-poly1305 sha256 x25519 tls-handshake; do
	read -r top bottom < <(sed -n "s/^answer $k //p" "$d/probe.txt")
	[ -n "$top" ] && [ "$top" != none ] || fail "no answer for $k"
	[ "$top" -ge 0 ] && [ "$bottom" -le "$height" ] ||
		fail "the $k answer is at $top..$bottom px, not within the first $height px"
done
read -r _ labels _ overlaps < <(grep '^labels ' "$d/probe.txt")
[ "${labels:-0}" -gt 100 ] || fail "only ${labels:-0} chart labels measured"
[ "$overlaps" -eq 0 ] || fail "$overlaps pairs of chart labels overlap (above)"
[ "$(sed -n 's/^legend //p' "$d/probe.txt")" -ge 5 ] || fail "no heatmap colour legend"
timeout 120 "$chrome" --headless --no-sandbox --disable-gpu --user-data-dir="$d/profile" \
	--window-size=1400,900 --screenshot="$CS_WORK/report-first-screen.png" "file://$d/r.html" \
	>/dev/null 2>&1
[ -s "$CS_WORK/report-first-screen.png" ] || fail "no screenshot"
echo "ok: $labels labels, no overlap; screenshot $CS_WORK/report-first-screen.png"
