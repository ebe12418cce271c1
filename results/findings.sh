#!/bin/bash
# The README's findings (the part between its "findings" markers), from one
# measured result file, through the program itself (report --format csv):
#   results/findings.sh CRYPTOSPEED FILE.json
# make results (results/regenerate.sh) writes its output into README.md, so
# every number there is one of FILE's cells, never copied by hand.
set -eu
cs=${1:?usage: findings.sh CRYPTOSPEED FILE.json}
file=${2:?usage: findings.sh CRYPTOSPEED FILE.json}
export LC_ALL=C
csv=$("$cs" report "$file" --format csv)
label=$("$cs" report "$file" --format markdown | awk -F' \\| ' '/^\| 1 \|/ {print $2; exit}')
cpu=$("$cs" report "$file" --format markdown | awk -F' \\| ' '/^\| 1 \|/ {print $4; exit}')
# shellcheck disable=SC2016 # the backquotes are Markdown
printf 'From `results/%s` (%s; %s), written by `make results`:\n\n' "${file#*results/}" "$label" "$cpu"
awk '
# split one CSV line into f[1..n] (quoted fields may hold commas and "")
function split_csv(line, f,    n, i, c, q, cur) {
	n = 0; cur = ""; q = 0
	for (i = 1; i <= length(line); i++) {
		c = substr(line, i, 1)
		if (q) {
			if (c == "\"" && substr(line, i + 1, 1) == "\"") { cur = cur c; i++ }
			else if (c == "\"") q = 0
			else cur = cur c
		} else if (c == "\"") q = 1
		else if (c == ",") { f[++n] = cur; cur = "" }
		else cur = cur c
	}
	f[++n] = cur
	return n
}
function num(x) { return x >= 1000 ? sprintf("%.0f", x) : x >= 100 ? sprintf("%.1f", x) : sprintf("%.2f", x) }
NR == 1 { next }
{
	split_csv($0, f)
	lib = f[1]; path = f[3]; mask = f[4]; alg = f[5]; op = f[6]; size = f[7]
	if (f[8] != "ok" || mask != "none") next
	rate = f[10] + 0; hw = f[18]
	v = f[9] == "B/s" ? rate / 1e6 : rate
	key = alg SUBSEP op SUBSEP size
	# the fastest path of each library, and every path of each library
	if (!((key, lib) in best) || v > best[key, lib]) { best[key, lib] = v; bpath[key, lib] = path; bhw[key, lib] = hw }
	all[key, lib, path] = v; allhw[key, lib, path] = hw
	if (!((key, lib) in seen)) { seen[key, lib] = 1; libs[key] = libs[key] " " lib }
	if (!((lib, path) in pseen)) { pseen[lib, path] = 1; paths[lib] = paths[lib] " " path }
}
# "lib/path N unit (hw)" for each library, fastest first
function ranking(alg, op, size, unit,    key, n, i, j, t, l, out) {
	key = alg SUBSEP op SUBSEP size
	n = split(substr(libs[key], 2), l, " ")
	for (i = 1; i <= n; i++)
		for (j = i + 1; j <= n; j++)
			if (best[key, l[j]] > best[key, l[i]]) { t = l[i]; l[i] = l[j]; l[j] = t }
	out = ""
	for (i = 1; i <= n; i++)
		out = out (i > 1 ? ", " : "") l[i] "/" bpath[key, l[i]] " " num(best[key, l[i]]) (unit == "" ? "" : " " unit) " (`" bhw[key, l[i]] "`)"
	return out
}
function line(title, alg, op, size, unit) {
	if (libs[alg SUBSEP op SUBSEP size] == "") return
	printf "- **%s**: %s.\n", title, ranking(alg, op, size, unit)
}
END {
	line("AES-128-GCM seal at 8192 B, MB/s", "aes-128-gcm", "seal", 8192, "")
	line("ChaCha20-Poly1305 seal at 8192 B, MB/s", "chacha20-poly1305", "seal", 8192, "")
	line("SHA-256 at 8192 B, MB/s", "sha256", "digest", 8192, "")
	line("X25519 derive, op/s", "x25519", "derive", 0, "")
	line("P-256 derive, op/s", "p256", "derive", 0, "")
	line("ECDSA P-256 sign, op/s", "ecdsa-p256", "sign", 0, "")
	line("RSA-2048 sign, op/s", "rsa-2048", "sign", 0, "")
	# a library with no AES instructions in any AES-128-GCM path
	key = "aes-128-gcm" SUBSEP "seal" SUBSEP 8192
	n = split(substr(libs[key], 2), l, " ")
	top = 0
	for (i = 1; i <= n; i++) if (best[key, l[i]] > top) top = best[key, l[i]]
	for (i = 1; i <= n; i++)
		if (bhw[key, l[i]] !~ /aes/)
			printf "- **%s has no AES instructions here**: its fastest AES-128-GCM path at 8192 B runs `%s` at %s MB/s, %.0fx slower than the fastest library.\n", l[i], bhw[key, l[i]], num(best[key, l[i]]), top / best[key, l[i]]
	# SHA instructions: who uses them for SHA-256
	key = "sha256" SUBSEP "digest" SUBSEP 8192
	n = split(substr(libs[key], 2), l, " ")
	with = ""; without = ""
	for (i = 1; i <= n; i++)
		if (bhw[key, l[i]] ~ /sha/) with = with (with == "" ? "" : ", ") l[i]
		else without = without (without == "" ? "" : ", ") l[i]
	if (n) printf "- **SHA-256 with SHA instructions** (`sha-ni` in `hw` at 8192 B): %s; without: %s.\n", with == "" ? "none" : with, without == "" ? "none" : without
	# paths of one library: the slowest against the fastest, SHA-256 at 16 B
	key = "sha256" SUBSEP "digest" SUBSEP 16
	n = split(substr(libs[key], 2), l, " ")
	for (i = 1; i <= n; i++) {
		m = split(substr(paths[l[i]], 2), p, " ")
		lo = 0; hi = 0; s = ""
		for (j = 1; j <= m; j++) {
			if (!((key, l[i], p[j]) in all)) continue
			v = all[key, l[i], p[j]]
			s = s (s == "" ? "" : ", ") p[j] " " num(v)
			if (lo == 0 || v < lo) lo = v
			if (v > hi) hi = v
		}
		if (lo > 0 && hi / lo >= 3)
			printf "- **%s paths differ %.1fx for SHA-256 at 16 B** (MB/s): %s.\n", l[i], hi / lo, s
	}
}' <<<"$csv"
