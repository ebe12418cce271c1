# report FILE... --view rank and --format markdown|html on files with known
# numbers: the order, the ratios, the verdict, several sources side by side,
# Markdown tables well formed, HTML of 5,000 cells within its size budget;
# unknown views and formats refused with the accepted list.
. "$(dirname "$0")/lib.sh"
d=$(tmpdir)

cell() { # cell LIB PATH ALG OP SIZE B/S
	printf '{"lib":"%s","path":"%s","alg":"%s","op":"%s","size":%s,"status":"ok","rate":{"median":%s,"unit":"%s"}}' \
		"$1" "$2" "$3" "$4" "$5" "$6" "$([ "$5" -gt 0 ] && echo B/s || echo op/s)"
}
file() { # file LABEL CELLS...
	local label=$1
	shift
	local IFS=,
	printf '{"schema":"cryptospeed/1","label":"%s","host":{"hostname":"h","cpu":{"arch":"x86_64","model":"M","cpus":2}},"cells":[%s]}\n' \
		"$label" "$*"
}
a="chacha20-poly1305"
file "home" \
	"$(cell openssl evp $a seal 16 20e6)" "$(cell openssl evp $a seal 1024 1500e6)" \
	"$(cell openssl evp $a seal 16384 3288e6)" \
	"$(cell sodium combined $a seal 16 30e6)" "$(cell sodium combined $a seal 1024 1000e6)" \
	"$(cell sodium combined $a seal 16384 1494.5e6)" \
	"$(cell nettle nettle $a seal 16 45e6)" "$(cell nettle nettle $a seal 1024 400e6)" \
	"$(cell nettle nettle $a seal 16384 450e6)" \
	"$(cell openssl evp x25519 derive 0 25000)" "$(cell sodium combined x25519 derive 0 30000)" \
	'{"lib":"nettle","path":"nettle","alg":"x25519","op":"derive","size":0,"status":"wrong"}' \
	>"$d/home.json"
file "board" "$(cell openssl evp $a seal 16 4e6)" "$(cell openssl evp $a seal 16384 90e6)" >"$d/board.json"

"$CS" report "$d/home.json" --view rank >"$d/rank.txt" || fail "rank exited $?"
grep -qxF "$a seal: >= 1 KiB: openssl/evp 3288 MB/s, 2.2x sodium/combined; 16 B: nettle/nettle" "$d/rank.txt" ||
	fail "verdict: $(grep "^$a seal" "$d/rank.txt")"
grep -qxF "x25519 derive: sodium/combined 30000 op/s, 1.2x openssl/evp" "$d/rank.txt" ||
	fail "op/s verdict: $(grep '^x25519 derive' "$d/rank.txt")"
# at 16 B: nettle 1.00x, sodium 1.50x, openssl 2.25x, in that order
sed -n "/^$a seal/,/^\$/p" "$d/rank.txt" | grep -A2 "^  16 B " |
	awk '{ for (i = 1; i <= NF; i++) if ($i ~ /\//) { printf "%s %s\n", $i, $(i + 2) } }' >"$d/16.order"
printf 'nettle/nettle 1.00x\nsodium/combined 1.50x\nopenssl/evp 2.25x\n' | diff - "$d/16.order" >/dev/null ||
	fail "16 B order: $(cat "$d/16.order")"
# a cell that is not ok is listed after the ranked ones, without a rank or ratio
grep -Eq "^ +nettle/nettle +wrong +- " "$d/rank.txt" || fail "wrong cell not shown unranked"

# two sources: the same library on another machine, labelled, gaps marked
"$CS" report "$d/home.json" "$d/board.json" >"$d/two.txt" || fail "two files"
grep -qF "[1] home  (" "$d/two.txt" && grep -qF "[2] board  (" "$d/two.txt" || fail "sources legend"
grep -Eq "^\[2\] openssl/evp +4\.00 +— +90\.00 " "$d/two.txt" || fail "board row: $(grep '^\[2\]' "$d/two.txt")"
# a lib/path the board has no cell of is not shown for it
if grep -q "^\[2\] sodium/combined" "$d/two.txt"; then fail "an empty row for the board"; fi
"$CS" report "$d/home.json" "$d/board.json" --view rank >"$d/two.rank" || fail "rank of two"
# rules.c: one ranking per source, each named, the rules printed under it
grep -qF "$a seal: [1] home: >= 1 KiB: [1] openssl/evp 3288 MB/s, 2.2x [1] sodium/combined; 16 B: [1] nettle/nettle | [2] board: >= 16 KiB: [2] openssl/evp 90.00 MB/s; 16 B: [2] openssl/evp" "$d/two.rank" ||
	fail "verdict per source: $(grep "^$a seal" "$d/two.rank")"
sed -n "/^$a seal/,/^\$/p" "$d/two.rank" | sed -n '/^  16 KiB/,$p' |
	grep -Eq "^ +1 +\[2\] openssl/evp +90\.00 +1\.00x" || fail "board ranked alone: $(cat "$d/two.rank")"
grep -qF "Rules: one ranking per source and per parallelism" "$d/two.rank" || fail "rules not printed"
# --mix-sources: one ranking; at 16 KiB the board's openssl is 3288 / 90 = 36.53x slower than home's
"$CS" report "$d/home.json" "$d/board.json" --view rank --mix-sources >"$d/mix.rank" || fail "rank --mix-sources"
grep -qF "$a seal: >= 1 KiB: [1] openssl/evp 3288 MB/s, 2.2x [1] sodium/combined; 16 B: [1] nettle/nettle" "$d/mix.rank" ||
	fail "verdict across sources: $(grep "^$a seal" "$d/mix.rank")"
sed -n "/^$a seal/,/^\$/p" "$d/mix.rank" | sed -n '/^  16 KiB/,$p' |
	grep -Eq "^ +[0-9]+ +\[2\] openssl/evp +90\.00 +36\.53x" || fail "board ratio: $(cat "$d/mix.rank")"
grep -qF "Rules: sources mixed (--mix-sources)" "$d/mix.rank" || fail "mixed rules not printed"

# Markdown: every table row has its header's column count; strings escaped
sed -i 's/"label":"board"/"label":"board | <i>x<\/i>"/' "$d/board.json"
for v in matrix rank; do
	"$CS" report "$d/home.json" "$d/board.json" --format markdown --view $v >"$d/$v.md" || fail "markdown $v"
	awk -F'|' '
		/^\|/ { n = 0; line = $0; gsub(/\\\|/, "", line); n = gsub(/\|/, "|", line)
			if (!inside) { cols = n; inside = 1 } else if (n != cols) { print "bad row: " $0; bad = 1 } next }
		{ inside = 0 }
		END { exit bad }' "$d/$v.md" || fail "markdown $v: ragged table"
	grep -qF 'board \| &lt;i&gt;x&lt;/i&gt;' "$d/$v.md" || fail "markdown $v: label not escaped"
done
grep -q "^| 16 B | | \\*\\*\\\\\[1\\\\\] home\\*\\* | | | |" "$d/rank.md" || fail "markdown ranking heading"
grep -q "^|  | 1 | \\\\\[1\\\\\] nettle/nettle | 45.00 | 1.00x |" "$d/rank.md" || fail "markdown rank row: $(grep nettle "$d/rank.md" | head -2)"
grep -q "^### chacha20-poly1305 seal (MB/s)" "$d/matrix.md" || fail "markdown matrix heading"

# unknown view or format: exit 2, the accepted names
# (the accepted names are the registry's, core/report/emit.c: a new view or
# format changes them without an edit here)
views=$("$CS" --complete views | paste -sd, - | sed 's/,/, /g')
formats=$("$CS" --complete formats | paste -sd, - | sed 's/,/, /g')
[ -n "$views" ] && [ -n "$formats" ] || fail "--complete views/formats list nothing"
"$CS" report "$d/home.json" --view pie 2>"$d/err"
[ $? -eq 2 ] && grep -qxF "cryptospeed: unknown view 'pie' (known: $views)" "$d/err" || fail "view: $(cat "$d/err")"
"$CS" report "$d/home.json" --format pdf 2>"$d/err"
[ $? -eq 2 ] && grep -qF "unknown format 'pdf' (known: $formats)" "$d/err" ||
	fail "format: $(cat "$d/err")"

# rules.c: -multi N ranks on its own; an emulated run (launcher qemu-*) is listed, never ranked
printf '{"schema":"cryptospeed/1","label":"r2s","host":{"hostname":"h","cpu":{"arch":"aarch64","model":"A53","cpus":4}},"cells":[%s,%s,%s]}\n' \
	"$(cell openssl evp sha256 digest 1024 100e6)" "$(cell nettle nettle sha256 digest 1024 80e6)" \
	"$(cell openssl evp sha256 digest 1024 390e6 | sed 's/^{/{"multi":4,/')" >"$d/multi.json"
"$CS" report "$d/multi.json" --view rank >"$d/multi.rank" || fail "rank multi"
grep -qF "sha256 digest: 1 worker: 1 KiB: openssl/evp 100 MB/s, 1.2x nettle/nettle | 4 workers (-multi 4): 1 KiB: openssl/evp x4 390 MB/s" "$d/multi.rank" ||
	fail "multi verdict: $(grep '^sha256' "$d/multi.rank")"
grep -Eq "^ +1 +openssl/evp x4 +390\.0 +1\.00x" "$d/multi.rank" || fail "the -multi 4 row is not ranked alone: $(cat "$d/multi.rank")"
sed 's/"cells"/"config":{"launcher":["\/usr\/bin\/qemu-aarch64","-cpu","cortex-a53"]},"cells"/' "$d/multi.json" >"$d/qemu.json"
"$CS" report "$d/qemu.json" --view rank >"$d/qemu.rank" || fail "rank qemu"
grep -qF "sha256 digest: no ranked cell" "$d/qemu.rank" || fail "emulated cells ranked: $(grep '^sha256' "$d/qemu.rank")"
[ "$(grep -Ec "^ +(openssl|nettle)/[a-z]+( x4)? +emulated +- " "$d/qemu.rank")" -eq 3 ] ||
	fail "emulated cells not listed as such: $(cat "$d/qemu.rank")"
"$CS" report "$d/qemu.json" >"$d/qemu.txt" || fail "report qemu"
grep -qF "ran under an emulator: its cells are listed, never ranked by time" "$d/qemu.txt" || fail "no emulator fact"

# the verdict first: a family ranking with a tie, the classes each library
# used, a library without AES instructions, a path 4x slower than its
# library's other path, an output that disagrees
ev() { # ev LIB PATH RATE CI_LO CI_HI CLASSES [EXTRA]
	printf '{"lib":"%s","path":"%s","alg":"aes-128-gcm","op":"seal","size":1024,"status":"ok",%s"rate":{"median":%s,"q1":%s,"q3":%s,"ci95":[%s,%s],"unit":"B/s"},"evidence":{"available":true,"samples":100,"size":1024,"classes":{%s}}}' \
		"$1" "$2" "${7:-}" "$3" "$4" "$5" "$4" "$5" "$6"
}
file "verdict" "$(ev openssl evp 2000e6 1950e6 2050e6 '"aes-ni":0.6,"scalar":0.4')" \
	"$(ev wolfssl wolfcrypt 100e6 99e6 101e6 '"scalar":1' '"agree":false,')" \
	"$(ev openssl oneshot 500e6 490e6 510e6 '"aes-ni":0.5,"scalar":0.5')" \
	"$(ev nettle nettle 1950e6 1900e6 2100e6 '"aes-ni":0.7,"scalar":0.3')" >"$d/verdict.json"
"$CS" report "$d/verdict.json" >"$d/verdict.txt" || fail "report verdict.json exited $?"
[ "$(sed -n '/^VERDICT/,/^$/p' "$d/verdict.txt")" = "VERDICT
Answers (each library's fastest plain path; Nx: geometric mean of best / its rate; 1.00x the best):
  TLS handshake              not measured in these files (run --alg tls)
  AES-128-GCM >= 1 KiB       =1 openssl 1.00x, =1 nettle 1.03x, 3 wolfssl 20.00x
  Ties: 95% intervals overlap, directly or by a chain (a~b, b~c: a=b=c); only the points all ranked libraries have.
Facts not to miss:
  wolfssl ran no AES instructions here (aes-128-gcm: evidence shows none)
  openssl/oneshot is up to 4.0x slower than openssl/evp (aes-128-gcm seal 1 KiB)
  interop: wolfssl/wolfcrypt: its aes-128-gcm seal output disagrees with the other libraries' on the same input
By family (summary: algorithms merged, same rules):
  aead >= 1 KiB: =1 openssl 1.00x, =1 nettle 1.03x, 3 wolfssl 20.00x [1 point]
  instruction classes each library used: openssl: aes-ni; wolfssl: scalar only; nettle: aes-ni
  Rules: one ranking per source and per parallelism (-multi N ranks with -multi N only); imported and measured cells
    never ranked together (--mix-sources to mix); emulated runs listed, never ranked by time; =N: a tie (95% intervals
    overlap, directly or through a chain a ~ b ~ c)." ] ||
	fail "verdict: $(sed -n '/^VERDICT/,/^$/p' "$d/verdict.txt")"
# the verdict comes before the matrix, in Markdown and HTML too
[ "$(grep -n -m1 '^VERDICT' "$d/verdict.txt" | cut -d: -f1)" -lt "$(grep -n -m1 '^aes-128-gcm seal' "$d/verdict.txt" | cut -d: -f1)" ] ||
	fail "verdict not first"
"$CS" report "$d/verdict.json" --format markdown | head -1 | grep -qx "## Verdict" || fail "markdown: no verdict first"
"$CS" report "$d/verdict.json" --format html | grep -m1 -o '<section id="verdict">\|<h2 id="[a-z]*">' |
	grep -qx '<section id="verdict">' || fail "html: no verdict first"

# 5,000 cells (50 libs x 10 algorithms x 10 sizes) as HTML: every chart, under 2 MB
big="$d/big.json"
{
	printf '{"schema":"cryptospeed/1","cells":['
	for ((i = 0; i < 5000; i++)); do
		((i)) && printf ','
		printf '{"lib":"lib%d","path":"p","alg":"alg%d","op":"digest","size":%d,"status":"ok","rate":{"median":%d.5,"unit":"B/s"}}' \
			$((i % 50)) $((i / 50 % 10)) $((16 << (i / 500))) $((i * 1000 + 1))
	done
	printf ']}\n'
} >"$big"
TIMEFORMAT="%R s wall, %U s user"
{ time "$CS" report "$big" --format html >"$d/big.html"; } 2>"$d/time" || fail "html of 5,000 cells"
bytes=$(wc -c <"$d/big.html")
[ "$bytes" -lt 2000000 ] || fail "html of 5,000 cells is $bytes bytes (budget 2 MB)"
[ "$(grep -o "<figure class=\"chart\">" "$d/big.html" | wc -l)" -eq 10 ] || fail "html: want 10 charts"
[ "$(grep -o "<polyline" "$d/big.html" | wc -l)" -eq 500 ] || fail "html: want 50 lines x 10 charts"
echo "ok: html of 5,000 cells: $bytes bytes, $(cat "$d/time")"
