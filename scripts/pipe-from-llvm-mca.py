#!/usr/bin/env python3
"""A pipeline table (data/costs/<core>.pipe.tsv) from LLVM's scheduling model.

usage: pipe-from-llvm-mca.py [--llvm-mca PATH] LLVM-CPU CORE INSNS > TABLE

Runs llvm-mca once on the instructions INSNS lists (lines PATTERN<TAB>one
instruction of that form; "fuse<TAB>FIRST<TAB>SECOND<TAB>ADVANCE<TAB>WHY"
asks for a fusion pair whose SECOND reads FIRST's result ADVANCE cycles
early, WHY naming where the model says so), each in a code region of its
own, and writes the table's records
(core/report/pipeline.h): the issue width is LLVM's dispatch width, the
window its reorder buffer, and each row the instruction's latency, the pipe
kind its micro-ops spend most on and that kind's resource cycles, with the
numbers read in the row's source. One pipe per row: a micro-op on another
kind is named in the source, not modelled.

The pipe kinds from LLVM's resources (the Neoverse N1 names; another model's
resources stop the script, naming them):
  int  N1UnitI = S0, S1, M   integer (shares mul: M is one of its three)
  mul  N1UnitM               integer multi-cycle
  br   N1UnitB               branch
  ls   N1UnitL x2            load/store address (loads and stores)
  sd   N1UnitD x2            store data
  f0   N1UnitV0              FP/ASIMD 0 only (crypto, multiplies)
  fp   N1UnitV = V0, V1      FP/ASIMD (shares f0); a V1-only uop goes here
                             too (a kind shares one other kind only)
Example: scripts/pipe-from-llvm-mca.py neoverse-n1 cortex-a76 \
           data/costs/cortex-a76.insns > data/costs/cortex-a76.pipe.tsv
"""
import re
import subprocess
import sys

MCA = "/usr/lib/llvm-19/bin/llvm-mca"
ATTR = "+crypto,+aes,+sha2"
# resource suffix (after "<prefix>Unit") -> group
GROUPS = {"B": "B", "S": "I", "M": "I", "L": "L", "D": "D", "V0": "V", "V1": "V"}
# a row's kind: the group with the most resource cycles, ties in this order
PRIORITY = ["L", "V", "B", "I", "D"]
EPS = 0.005


def die(msg):
    sys.stderr.write("pipe-from-llvm-mca: %s\n" % msg)
    sys.exit(2)


def read_list(path):
    rows, fuse = [], []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            p = line.split("\t")
            if p[0] == "fuse" and len(p) == 5 and re.match(r"^\d+(\.\d+)?$", p[3]) and p[4]:
                fuse.append((p[1], p[2], float(p[3]), p[4]))
            elif len(p) == 2 and p[0] and p[1]:
                rows.append((p[0], p[1]))
            else:
                die("%s line %d: bad line (accepted: PATTERN<TAB>INSTRUCTION, "
                    "fuse<TAB>FIRST<TAB>SECOND<TAB>ADVANCE<TAB>WHY)" % (path, n))
    return rows, fuse


def run_mca(mca, cpu, rows):
    src = "".join("# LLVM-MCA-BEGIN r%d\n%s\n# LLVM-MCA-END\n" % (i, asm)
                  for i, (_, asm) in enumerate(rows))
    cmd = [mca, "-mtriple=aarch64", "-mcpu=" + cpu, "-mattr=" + ATTR, "-instruction-info",
           "-resource-pressure", "-retire-stats"]
    r = subprocess.run(cmd, input=src, capture_output=True, text=True)
    if r.returncode != 0:
        die("%s failed: %s" % (" ".join(cmd), r.stderr.strip()[:400]))
    v = subprocess.run([mca, "--version"], capture_output=True, text=True).stdout
    m = re.search(r"LLVM version (\S+)", v)
    return r.stdout, (m.group(1) if m else "?")


def parse(out, n):
    """Per region: (uops, latency, rthroughput, {unit: pressure}); and the
    dispatch width, ROB size and resource names."""
    regions = re.split(r"^\[\d+\] Code Region - ", out, flags=re.M)[1:]
    if len(regions) != n:
        die("llvm-mca gave %d regions for %d instructions" % (len(regions), n))
    res, width, rob, units = [], None, None, None
    for text in regions:
        lines = text.splitlines()
        m = re.search(r"^Dispatch Width:\s+(\d+)", text, re.M)
        width = int(m.group(1)) if m else width
        m = re.search(r"^Total ROB Entries:\s+(\d+)", text, re.M)
        rob = int(m.group(1)) if m else rob
        names = re.findall(r"^\[(\d+(?:\.\d+)?)\]\s+- (\S+)", text, re.M)
        units = [(k, name) for k, name in names]
        i = next(k for k, l in enumerate(lines) if l.startswith("[1]") and "Instructions:" in l)
        f = lines[i + 1].split()
        uops, lat, rthr = int(f[0]), float(f[1]), float(f[2])
        j = next(k for k, l in enumerate(lines) if l.startswith("Resource pressure by instruction"))
        p = lines[j + 2].split()[:len(units)]
        press = {}
        for (k, name), v in zip(units, p):
            if v != "-":
                press[(k, name)] = float(v)
        res.append((uops, lat, rthr, press))
    return res, width, rob, units


def suffix(name):
    m = re.match(r"^[A-Za-z0-9]*Unit(\w+)$", name)
    if not m or m.group(1) not in GROUPS:
        die("resource %s: not a Neoverse N1 resource (known: %s)" %
            (name, ", ".join("N1Unit" + s for s in GROUPS)))
    return m.group(1)


def num(x):
    x = round(x, 2)
    if abs(x - round(x)) < 0.02:
        return "%d" % round(x)
    return ("%.2f" % x).rstrip("0")


def row(cpu, ver, pattern, asm, uops, lat, rthr, press):
    tot = {g: 0.0 for g in PRIORITY}
    by = {}
    for (k, name), v in press.items():
        s = suffix(name)
        tot[GROUPS[s]] += v
        by[s] = by.get(s, 0.0) + v
    seen = ", ".join("%s %s" % (s, num(v)) for s, v in sorted(by.items()))
    head = "LLVM %s %s: '%s' %d uop%s, latency %s, RThroughput %s" % (
        ver, cpu, asm, uops, "" if uops == 1 else "s", num(lat), num(rthr))
    best = max(tot.values())
    if best < EPS:
        return ("int", lat, 0.25,
                "%s, no pipe: 0.25 of an integer pipe (the least a row takes)" % head)
    g = next(g for g in PRIORITY if tot[g] >= best - EPS)
    if g == "I":
        kind = "int" if by.get("S", 0) > EPS else "mul"
    elif g == "V":
        kind = "fp" if by.get("V1", 0) > EPS else "f0"
    else:
        kind = {"L": "ls", "B": "br", "D": "sd"}[g]
    note = ""
    other = [h for h in PRIORITY if h != g and tot[h] > EPS]
    if other:
        note = "; not modelled: %s" % ", ".join("%s %s" % (h, num(tot[h])) for h in other)
    if g == "V" and by.get("V0", 0) < EPS:
        note += "; V1 only in LLVM, either V pipe here"
    return kind, lat, tot[g], "%s, cycles %s -> %s %s%s" % (head, seen, kind, num(tot[g]), note)


def main(argv):
    mca = MCA
    if len(argv) > 2 and argv[1] == "--llvm-mca":
        mca = argv[2]
        argv = argv[:1] + argv[3:]
    if len(argv) != 4:
        die("usage: pipe-from-llvm-mca.py [--llvm-mca PATH] LLVM-CPU CORE INSNS")
    cpu, core, path = argv[1], argv[2], argv[3]
    rows, fuse = read_list(path)
    out, ver = run_mca(mca, cpu, rows)
    res, width, rob, units = parse(out, len(rows))
    for _, name in units:
        suffix(name)
    src = "LLVM %s llvm-mca -mcpu=%s -mattr=%s" % (ver, cpu, ATTR)
    w = sys.stdout.write
    w("# %s pipeline table (report --view estimate, docs/estimates.md), written by\n" % core)
    w("# scripts/pipe-from-llvm-mca.py %s %s %s: do not edit, regenerate.\n" % (cpu, core, path))
    w("# Every value is LLVM's %s scheduling model as llvm-mca prints it (its\n" % cpu)
    w("# instruction info and resource pressure for one instruction of each row's\n")
    w("# form, named in the row's source). No value was fitted to a published figure.\n")
    w("core\t%s\t1\t%s\n" % (core, src))
    w("issue\tooo\t%d\t%s: Dispatch Width %d (the model's IssueWidth, micro-ops dispatched "
      "a cycle)\n" % (width, src, width))
    w("pipe\tint\t3\tLLVM N1UnitI = N1UnitS x2 (integer single-cycle) + N1UnitM\n")
    w("pipe\tmul\t1\tLLVM N1UnitM (integer multi-cycle)\n")
    w("pipe\tbr\t1\tLLVM N1UnitB (branch)\n")
    w("pipe\tls\t2\tLLVM N1UnitL x2 (load/store: loads and store addresses)\n")
    w("pipe\tsd\t2\tLLVM N1UnitD x2 (store data)\n")
    w("pipe\tf0\t1\tLLVM N1UnitV0 (FP/ASIMD 0: crypto and multiplies)\n")
    w("pipe\tfp\t2\tLLVM N1UnitV = N1UnitV0 + N1UnitV1 (FP/ASIMD)\n")
    w("share\tint\tmul\tLLVM N1UnitI = N1UnitS x2 + N1UnitM: an M-only uop holds one of the "
      "three integer pipes\n")
    w("share\tfp\tf0\tLLVM N1UnitV = N1UnitV0 + N1UnitV1: a V0-only uop holds one of the two "
      "FP/ASIMD pipes\n")
    w("window\t%d\t%s: Total ROB Entries %d (MicroOpBufferSize)\n" % (rob, src, rob))
    lat_of, occ_of = {}, {}
    for (pattern, asm), (uops, lat, rthr, press) in zip(rows, res):
        kind, lat, occ, why = row(cpu, ver, pattern, asm, uops, lat, rthr, press)
        lat_of[pattern], occ_of[pattern] = lat, occ
        w("insn\t%s\t%s\t%s\t%s\t%s\n" % (pattern, kind, num(lat), num(occ), why))
    for a, b, adv, why in fuse:
        if a not in lat_of or b not in lat_of:
            die("fuse %s %s: both need a row in %s" % (a, b, path))
        lat = max(lat_of[a] - adv, 0) + lat_of[b]
        w("fuse\t%s\t%s\t%s\t%s\tone uop: LLVM's %s tuning fuses %s+%s (FeatureFuseAES: "
          "llc keeps the pairs adjacent, and apart with -mattr=-fuse-aes); latency "
          "%s - %s + %s: %s's, less the %s cycles %s reads its result early (%s), plus "
          "%s's; the pipe held as by %s alone\n" %
          (a, b, num(lat), num(occ_of[a]), cpu, a, b, num(lat_of[a]), num(adv), num(lat_of[b]),
           a, num(adv), b, why, b, a))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
