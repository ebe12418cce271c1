#!/usr/bin/env python3
"""Where two counts differ, instruction by instruction: a diagnosis aid for
the counting lane (docs/counting.md, "When counts differ").

Run a counting run with CRYPTOSPEED_COUNT_TRACE=DIR/t: the plugin then writes
DIR/t.<pid>, per worker process, the executions of every instruction between
two markers (core/count/plugin.c, trace=). A counted cell has 9 markers: 4
rounds (the unused first round, then N1, N2, N3 ops) between two markers each,
and the last read.

  pcdiff.py TRACE           the cell's two differences d1 = R2 - R1 and
                            d2 = R3 - R2, compared address by address
  pcdiff.py TRACE1 TRACE2   two processes' counts (R3 - R1), compared

Prints the differing addresses with their symbol (addr2line on the mapped
file), largest difference first.
"""
import collections
import subprocess
import sys


def load(path):
    maps, blocks = [], []
    cur = None
    for line in open(path):
        if line.startswith("map "):
            f = line[4:].split()
            lo, hi = (int(x, 16) for x in f[0].split("-"))
            maps.append((lo, hi, int(f[2], 16), f[5] if len(f) > 5 else ""))
        elif line.startswith("marker"):
            cur = collections.Counter()
            blocks.append(cur)
        elif cur is not None:
            a, n = line.split()
            cur[int(a, 16)] += int(n)
    return maps, blocks


def rounds(blocks):
    if len(blocks) < 8:
        sys.exit("a trace with %d markers: not a counted cell (9 markers)" % len(blocks))
    return [blocks[2 * r + 1] for r in range(4)]


def sub(a, b):
    d = collections.Counter(a)
    d.subtract(b)
    return d


def name(maps, addr, cache={}):
    for lo, hi, off, path in maps:
        if lo <= addr < hi and path.startswith("/"):
            rel = addr - lo + off
            key = (path, rel)
            if key not in cache:
                try:
                    out = subprocess.run(["addr2line", "-f", "-e", path, "%#x" % rel],
                                         capture_output=True, text=True, timeout=20).stdout
                    cache[key] = "%s+%#x %s" % (path.rsplit("/", 1)[-1], rel,
                                                out.split("\n")[0])
                except (OSError, subprocess.SubprocessError):
                    cache[key] = "%s+%#x" % (path, rel)
            return cache[key]
    return "?"


def main():
    if len(sys.argv) == 2:
        maps, b = load(sys.argv[1])
        r = rounds(b)
        x, y = sub(r[2], r[1]), sub(r[3], r[2])
    elif len(sys.argv) == 3:
        maps, b1 = load(sys.argv[1])
        _, b2 = load(sys.argv[2])
        r1, r2 = rounds(b1), rounds(b2)
        x, y = sub(r1[3], r1[1]), sub(r2[3], r2[1])
    else:
        sys.exit(__doc__)
    diff = [(y[a] - x[a], a) for a in set(x) | set(y) if x[a] != y[a]]
    print("total: %d vs %d instructions, %d addresses differ"
          % (sum(x.values()), sum(y.values()), len(diff)))
    # by function first (the sum of its addresses' differences), then the
    # addresses themselves
    funcs = collections.Counter()
    for d, a in diff:
        funcs[name(maps, a).split(" ")[-1]] += d
    for f, d in sorted(funcs.items(), key=lambda i: -abs(i[1]))[:20]:
        print("%+8d  %s" % (d, f))
    diff.sort(key=lambda d: (-abs(d[0]), d[1]))
    for d, a in diff[:20]:
        print("%+8d  %#x  %s  (%d vs %d)" % (d, a, name(maps, a), x[a], y[a]))


main()
