#!/usr/bin/env python3
"""The nightly count history as charts (scripts/nightly.sh history).

usage: nightly_history.py OUT-DIR TSV...

Each TSV is one library's history under one key (<arch>/<profile>-<features>/
<lib>.tsv on the results branch): lines "date commit alg path op size
insns_per_op". Writes OUT-DIR/<arch>-<key>-<lib>.svg: one line per cell, its
instructions per op relative to its first night (percent), the nights' dates
on the x axis (UTC, placed by time), a point per night; and prints the
Markdown list of the charts with each cell's last change.
"""
import datetime
import os
import sys
from xml.sax.saxutils import escape

W, H, L, R, T, B = 800, 320, 60, 240, 20, 60
COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf",
           "#bcbd22", "#7f7f7f", "#000000", "#aec7e8", "#98df8a", "#ff9896", "#c5b0d5", "#c49c94"]


def read(path):
    series = {}
    for line in open(path):
        f = line.rstrip("\n").split("\t")
        if len(f) != 7:
            continue
        when = datetime.datetime.strptime(f[0], "%Y-%m-%dT%H%M%SZ")
        cell = "%s %s %s %s" % (f[2], f[3], f[4], f[5])
        series.setdefault(cell, []).append((when, float(f[6]), f[1]))
    return series


def chart(series, title):
    times = sorted({t for pts in series.values() for t, _, _ in pts})
    t0, t1 = times[0], times[-1]
    span = max((t1 - t0).total_seconds(), 1.0)
    rel = {c: [(t, 100.0 * (v / pts[0][1] - 1.0)) for t, v, _ in pts] for c, pts in series.items()}
    lo = min(min(y for _, y in p) for p in rel.values())
    hi = max(max(y for _, y in p) for p in rel.values())
    lo, hi = min(lo, -0.5), max(hi, 0.5)

    def x(t):
        return L + (W - L - R) * ((t - t0).total_seconds() / span if len(times) > 1 else 0.5)

    def y(v):
        return T + (H - T - B) * (hi - v) / (hi - lo)

    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="11">' % (W, H),
           '<text x="%d" y="14">%s</text>' % (L, escape(title)),
           '<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#999"/>' % (L, y(0), W - R, y(0)),
           '<text x="4" y="%.1f">0 %%</text>' % (y(0) + 4),
           '<text x="4" y="%.1f">%+.2f %%</text>' % (y(hi) + 4, hi),
           '<text x="4" y="%.1f">%+.2f %%</text>' % (y(lo) + 4, lo)]
    step = max(1, len(times) // 8)
    for t in times[::step] + ([times[-1]] if (len(times) - 1) % step else []):
        out.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#ccc"/>' % (x(t), T, x(t), H - B))
        out.append('<text x="%.1f" y="%d" transform="rotate(40 %.1f %d)">%s</text>'
                   % (x(t), H - B + 12, x(t), H - B + 12, t.strftime("%Y-%m-%d")))
    for i, (cell, pts) in enumerate(sorted(rel.items())):
        col = COLOURS[i % len(COLOURS)]
        out.append('<polyline fill="none" stroke="%s" points="%s"/>'
                   % (col, " ".join("%.1f,%.1f" % (x(t), y(v)) for t, v in pts)))
        for t, v in pts:
            out.append('<circle cx="%.1f" cy="%.1f" r="2" fill="%s"/>' % (x(t), y(v), col))
        out.append('<text x="%d" y="%d" fill="%s">%s</text>' % (W - R + 8, T + 12 * (i + 1), col, escape(cell)))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main():
    if len(sys.argv) < 2:
        print("usage: nightly_history.py OUT-DIR TSV...", file=sys.stderr)
        return 2
    outdir = sys.argv[1]
    os.makedirs(outdir, exist_ok=True)
    for path in sys.argv[2:]:
        series = read(path)
        if not series:
            continue
        parts = os.path.normpath(path).split(os.sep)
        lib = os.path.splitext(parts[-1])[0]
        name = "-".join(parts[-3:-1] + [lib])
        with open(os.path.join(outdir, name + ".svg"), "w") as f:
            f.write(chart(series, "%s: instructions per op vs the first night (%s)" % (lib, "/".join(parts[-3:-1]))))
        nights = len({t for pts in series.values() for t, _, _ in pts})
        print("- `%s.svg`: %s, %d night%s, %d cell%s" % (
            name, lib, nights, "" if nights == 1 else "s", len(series),
            "" if len(series) == 1 else "s"))
        for cell, pts in sorted(series.items()):
            if len(pts) > 1 and pts[-1][1] != pts[-2][1]:
                print("  - %s: %.0f -> %.0f insns/op at %s (%s)"
                      % (cell, pts[-2][1], pts[-1][1], pts[-1][0].strftime("%Y-%m-%d"), pts[-1][2]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
