"""The checks of tests/e2e/hostile.sh: python3 hostile.py CRYPTOSPEED WORKDIR
(WORKDIR/r.json: a small real result file of the noop worker)."""
import csv
import io
import json
import os
import random
import stat
import subprocess
import sys
import xml.dom.minidom

CS, D = sys.argv[1], sys.argv[2]
FAILS = []

# One name that tries every language at once: as long as the loader takes a
# name (128 bytes) and, for free text (versions, host, kernel, CPU), 5000 more.
H0 = ("x`<img src=x onerror=alert(1)>\x1b]0;owned\x07\x1b[31mred|pipe\r\nforged line"
      "\u009b2J*_[a](b)#:9e99:9e99")
H = H0 + "L" * (128 - len(H0.encode()))
TEXT = H0 + "L" * 5000
FORMULA = "=HYPERLINK(\"http://x\",\"y\")"


def fail(msg):
    FAILS.append(msg)
    print("FAIL: " + msg)


def run(args, stdin=None, env=None, expect=None, what=None):
    p = subprocess.run([CS] + args, capture_output=True, stdin=stdin, env=env)
    what = what or " ".join(a[-40:] for a in args)
    if expect is not None and p.returncode not in (expect if isinstance(expect, tuple) else (expect,)):
        fail("%s: exit %d, want %s (%s)" % (what, p.returncode, expect,
                                              p.stderr.decode(errors="replace")[:300]))
    return p


def no_raw_controls(what, data, data_format=False):
    """No ESC or BEL byte in any output; in what a person reads (not CSV or
    JSON, where they are data) no CR and no C1 control either."""
    for b in (0x1b, 0x07) if data_format else (0x1b, 0x07, 0x0d):
        if bytes([b]) in data:
            fail("%s: a raw 0x%02x byte got through" % (what, b))
    if not data_format and "\u009b".encode() in data:
        fail("%s: a raw C1 CSI got through" % what)


def no_forged_line(what, text):
    for line in text.splitlines():
        if line.lstrip().startswith("forged line"):
            fail("%s: a name's newline started a line of its own: %r" % (what, line[:80]))


def craft(name, started, rate_factor=1.0, hostile=True):
    r = json.load(open(D + "/r.json"))
    r["started"] = started
    if hostile:
        r["host"]["hostname"] = H
        r["host"]["kernel"] = H
        r["host"]["cpu"]["model"] = H
        r["tool"]["version"] = H
        for lib in r["libraries"]:
            lib["name"] = H
            lib["version"] = TEXT
        for c in r["cells"]:
            c["lib"] = H
            c["lib_version"] = TEXT
            c["path"] = H
            c["mask"] = H
    for c in r["cells"]:
        if c["status"] == "ok":
            c["rate"]["median"] *= rate_factor
            if "ns_per_op" in c:  # one measurement: the time follows the rate
                c["ns_per_op"]["median"] /= rate_factor
    json.dump(r, open(name, "w"))
    return name


def check_md(what, text):
    no_forged_line(what, text)
    if "<img" in text:
        fail("%s: a raw <img reached Markdown" % what)
    for i, ch in enumerate(text):
        if ch == "`" and (i == 0 or text[i - 1] != "\\"):
            fail("%s: an unescaped backtick: %r" % (what, text[max(0, i - 20):i + 20]))
            break


def check_csv(what, text):
    rows = list(csv.reader(io.StringIO(text)))
    width = len(rows[0])
    for row in rows:
        if len(row) != width:
            fail("%s: a row of %d fields under a header of %d" % (what, len(row), width))
        for field in row:
            if field[:1] in ("=", "+", "@", "\t", "\r") or (field[:1] == "-" and field != "-"
                                                           and not field[1:2].isdigit()):
                fail("%s: a field a spreadsheet runs as a formula: %r" % (what, field[:40]))


def check_xml(what, data):
    try:
        xml.dom.minidom.parseString(data)
    except Exception as e:  # noqa: BLE001 - any parse error is the failure
        fail("%s: not well-formed XML: %s" % (what, e))
    if b"<img" in data:
        fail("%s: a raw <img element" % what)


# The formats come from the registry (core/report/emit.c): a new format is
# checked here without an edit (as text unless a check below knows it).
def registry(what):
    p = subprocess.run([CS, "--complete", what], stdout=subprocess.PIPE)
    names = p.stdout.decode().split()
    if p.returncode != 0 or not names:
        fail("--complete %s: exit %d, %r" % (what, p.returncode, names))
    return names


DATA_FORMATS = ("csv", "json", "bmf", "gbench")

# ---- 1. one hostile name through every format of every subcommand ----------
base = craft(D + "/base.json", "2026-11-01T02:00:00Z")
new = craft(D + "/new.json", "2026-11-02T02:00:00Z", 0.5)
FORMATS = registry("formats")
print("report formats: " + " ".join(FORMATS))
for fmt in FORMATS:
    for view in ("matrix", "rank", "handshake", "evidence"):
        what = "report --format %s --view %s" % (fmt, view)
        p = run(["report", base, new, "--format", fmt, "--view", view], expect=(0, 2), what=what)
        data = fmt in DATA_FORMATS and view != "handshake"
        no_raw_controls(what, p.stdout, data)
        no_raw_controls(what, p.stderr)
        if p.returncode == 2:
            # a view a format does not print: refused in one line naming the pair
            if view != "handshake" and b"not available" not in p.stderr:
                fail("%s: exit 2 without naming the pair: %r" % (what, p.stderr[:200]))
            continue
        out = p.stdout.decode(errors="replace")
        if fmt in ("text", "openssl", "openssl-mr") or view == "handshake":
            no_forged_line(what, out)
        elif fmt == "markdown":
            check_md(what, out)
        elif fmt == "csv":
            check_csv(what, out)
        elif fmt == "html":
            if "<img" in out:
                fail(what + ": a raw <img")
            no_forged_line(what, out)
        elif fmt in ("json", "bmf", "gbench"):
            try:
                json.loads(out)
            except ValueError as e:
                fail("%s: not JSON: %s" % (what, e))
        else:
            no_forged_line(what, out)
        if fmt == "openssl-mr":
            # a ':' in a name must not add -mr fields (forged values on re-import)
            cols = None
            for line in out.splitlines():
                if line.startswith("+H:"):
                    cols = line.count(":")
                elif line.startswith("+F:") and cols is not None and line.count(":") != cols + 2:
                    fail("%s: a name added fields to %r" % (what, line[:80]))
CMP_FORMATS = registry("compare-formats")
print("compare formats: " + " ".join(CMP_FORMATS))
for fmt in CMP_FORMATS:
    p = run(["compare", base, new, "--format", fmt], expect=(0, 1, 5))
    what = "compare --format " + fmt
    no_raw_controls(what, p.stdout, fmt == "json")
    no_raw_controls(what, p.stderr)
    out = p.stdout.decode(errors="replace")
    if fmt == "text":
        no_forged_line(what, out)
    elif fmt == "markdown":
        check_md(what, out)
    elif fmt == "junit":
        check_xml(what, p.stdout)
    elif fmt != "json":
        no_forged_line(what, out)
# one file, --base/--new naming the hostile library; and one that matches nothing
p = run(["compare", base, "--base", H, "--new", "nothing-here"], expect=2)
no_raw_controls("compare --base HOSTILE", p.stdout + p.stderr)
# --base and --new both match cells, but none in common: 2, naming both
r = json.load(open(D + "/r.json"))
extra = []
for c in r["cells"]:
    o = json.loads(json.dumps(c))
    o["lib"] = "other"
    o["size"] = c["size"] * 1000 + 1
    if "rate" in o and o["rate"]["unit"] == "B/s":  # the same time per op: more bytes
        o["rate"]["median"] *= o["size"] / c["size"]
    extra.append(o)
r["cells"] += extra
r["libraries"].append(dict(r["libraries"][0], name="other"))
json.dump(r, open(D + "/disjoint.json", "w"))
p = run(["compare", D + "/disjoint.json", "--base", "noop", "--new", "other"], expect=2,
        what="compare --base/--new with no cell in common")
if b"no cell in common" not in p.stderr or b"'noop'" not in p.stderr:
    fail("compare with no cell in common does not say so: %r" % p.stderr)
p = run(["compare", D + "/r.json", D + "/formula.json"], expect=2,
        what="compare of two files with no cell in common")
# an algorithm name (the loader takes unknown ones) with ':' in -mr output
r = json.load(open(D + "/r.json"))
for c in r["cells"]:
    c["alg"] = "x:9e99:9e99"
json.dump(r, open(D + "/colon.json", "w"))
out = run(["report", D + "/colon.json", "--format", "openssl-mr"], expect=0).stdout.decode()
if ":9e99" in out.split("+H", 1)[-1]:
    fail("openssl-mr: a ':' in an algorithm name added fields: %r" % out[-200:])
# a CSV field that starts like a formula
r = json.load(open(D + "/r.json"))
for c in r["cells"]:
    c["lib"] = FORMULA
for lib in r["libraries"]:
    lib["name"] = FORMULA
json.dump(r, open(D + "/formula.json", "w"))
check_csv("report --format csv (formula)", run(["report", D + "/formula.json", "--format", "csv"],
                                               expect=0).stdout.decode())

# history: text, json and the SVGs, twelve nights with a step, hostile names
nights = []
rng = random.Random(7)
for n in range(12):
    nights.append(craft(D + "/night-%d.json" % n, "2026-11-%02dT02:00:00Z" % (n + 1),
                        (0.5 if n >= 6 else 1.0) * (1 + rng.gauss(0, 0.01))))
for fmt in ("text", "json"):
    p = run(["history", "--format", fmt, "--svg", D + "/svg"] + nights, expect=0)
    no_raw_controls("history --format " + fmt, p.stdout, fmt == "json")
    no_raw_controls("history --format " + fmt, p.stderr)
    if fmt == "text":
        no_forged_line("history", p.stdout.decode(errors="replace"))
svgs = sorted(os.listdir(D + "/svg")) if os.path.isdir(D + "/svg") else []
if not svgs:
    fail("history --svg wrote no SVG for hostile (long) names")
for s in svgs:
    if len(s.encode()) > 120:
        fail("history --svg: an unbounded file name (%d bytes)" % len(s.encode()))
    check_xml("history --svg " + s, open(os.path.join(D, "svg", s), "rb").read())

# ---- 2. history: a run is counted once; --svg never writes through a link ---
p = run(["history"] + [nights[0]] * 10, expect=0)
if b"history of 1 result file " not in p.stdout:
    fail("history of one file given ten times: %r" % p.stdout[:120])
twin = craft(D + "/twin.json", "2026-11-01T02:00:00Z", 3.0)  # nights[0]'s run, other rates
run(["history", nights[0], twin], expect=2, what="history: two files claim one run")
victim = D + "/victim.txt"
open(victim, "w").write("untouched\n")
for s in svgs:
    os.unlink(os.path.join(D, "svg", s))
    os.symlink(victim, os.path.join(D, "svg", s))
run(["history", "--svg", D + "/svg"] + nights, expect=0, what="history --svg over links")
if open(victim).read() != "untouched\n":
    fail("history --svg wrote through a symbolic link planted in its directory")
for s in svgs:
    if os.path.islink(os.path.join(D, "svg", s)):
        fail("history --svg left the planted link " + s)

# ---- 3. -o keeps the target's mode; a read-only target is refused ------------
tbl = D + "/t.txt"
open(tbl, "w").write("type 16 bytes 64 bytes\nmd5 100.00k 200.00k\n")
out = D + "/private.json"
open(out, "w").write("{}")
os.chmod(out, 0o600)
run(["import", "openssl-speed", tbl, "-o", out], expect=0)
if stat.S_IMODE(os.stat(out).st_mode) != 0o600:
    fail("-o turned a 0600 file into %o" % stat.S_IMODE(os.stat(out).st_mode))
ro = D + "/readonly.json"
open(ro, "w").write("keep")
os.chmod(ro, 0o444)
if os.geteuid() != 0:  # root may write anything: access() says so
    run(["import", "openssl-speed", tbl, "-o", ro], expect=2, what="-o a 0444 file")
    if open(ro).read() != "keep":
        fail("-o replaced a 0444 file")

# ---- 4. import: every unreadable line named, the rows after it kept ----------
table = ("OpenSSL 3.0.2 15 Mar 2022\n"
         "type 16 bytes 64 bytes\n"
         "md5 1000.00k 2000.00k\n"
         "sha1 -1000.00k 2000.00k\n"
         "sha256 1000,5k 2000.00k\n"
         + "x" * 9000 + "\n"
         "sha512 1000.00k 2000.00k 3000.00k\n"
         "sha384 1000.00k 2000.00k\n"
         "md5 1000.00k 9999.00k\n"
         "\nprose between two tables\n"
         "OpenSSL 3.0.2 15 Mar 2022\n"
         "type 16 bytes 64 bytes\n"
         "md5 1000.00k 2000.00k\n")
open(D + "/bad.txt", "w").write(table)
p = run(["import", "openssl-speed", D + "/bad.txt", "-o", D + "/bad.json"], expect=4)
err = p.stderr.decode()
for line in (4, 5, 6, 7, 9):
    if "bad.txt:%d: skipped" % line not in err:
        fail("import did not name line %d: %s" % (line, err))
cells = json.load(open(D + "/bad.json"))["cells"]
if not any(c["alg"] == "sha384" for c in cells):
    fail("import dropped the rows after an unreadable line")
if len({c["table"] for c in cells}) != 2:
    fail("import lost the second table")
run(["import", "openssl-speed", D + "/bad.txt", "--strict"], expect=2, what="import --strict")
open(D + "/mr.txt", "w").write("+H:16:64\n+F:0:md5:1000:2000:3000:4000:5000\n+F:1:sha1:1000:2000\n")
p = run(["import", "openssl-speed", D + "/mr.txt"], expect=4)
if b"5 values for the 2 sizes" not in p.stderr:
    fail("-mr: more values than +H sizes not refused: %r" % p.stderr)
if b"16384" in p.stdout or b"8192" in p.stdout:
    fail("-mr: values placed at sizes the +H line never listed")
# hostile text in the imported file's lines reaches the terminal escaped
open(D + "/esc.txt", "w").write("type 16 bytes 64 bytes\nmd5 1\x1b]0;x\x07.00k 2.00k\nmd5 1.00k 2.00k\n")
no_raw_controls("import of an escape sequence", run(["import", "openssl-speed", D + "/esc.txt"]).stderr)

# ---- 5. a cell given twice with another value is refused --------------------
r = json.load(open(D + "/r.json"))
dup = json.loads(json.dumps(r["cells"][0]))
dup["rate"]["median"] *= 1.5
r["cells"].append(dup)
json.dump(r, open(D + "/dup.json", "w"))
p = run(["report", D + "/dup.json"], expect=2, what="report of a file with one cell twice")
if b"twice" not in p.stderr:
    fail("a duplicated cell: %r" % p.stderr)

# ---- 6. the exit-status rule, over every subcommand -------------------------
full = open("/dev/full", "w")
for args in (["list"], ["--help"], ["--version"], ["run", "--help"], ["list", "--help"],
             ["report", "--help"], ["compare", "--help"], ["history", "--help"],
             ["import", "--help"], ["report", base], ["compare", base, new],
             ["history", nights[0]], ["import", "openssl-speed", tbl]):
    p = subprocess.run([CS] + args, stdout=full, stderr=subprocess.PIPE)
    if p.returncode != 1:
        fail("%s >/dev/full: exit %d, want 1" % (" ".join(args)[:60], p.returncode))
wd = D + "/workers"
os.makedirs(wd, exist_ok=True)
w = wd + "/cryptospeed-worker-noop"
open(w, "w").write("#!/bin/sh\nexit 0\n")
os.chmod(w, 0o644)  # not executable
env = dict(os.environ, CRYPTOSPEED_WORKER_PATH=wd)
sel = ["run", "--quick", "--lib", "noop", "--alg", "sha256", "--sizes", "16", "--no-evidence"]
for what, extra, e in (("a worker that is not executable", [], env),
                       ("a failing launcher", ["--launcher", "false"], None)):
    p = run(sel + extra, env=e)
    if p.returncode in (0,):
        fail("run with %s: exit 0" % what)
p = subprocess.run(["bash", "-c", 'ulimit -n 6; exec "$0" "$@"', CS] + sel, capture_output=True)
if p.returncode == 0:
    fail("run under ulimit -n 6: exit 0")

# a worker file named with an escape sequence, through list
hd = D + "/hostile-workers"
os.makedirs(hd, exist_ok=True)
hw = hd + "/cryptospeed-worker-\x1b]0;owned\x07\x1b[2J"
open(hw, "w").write("#!/bin/sh\necho '\x1b]0;said\x07'\nexit 1\n")
os.chmod(hw, 0o755)
p = run(["list"], env=dict(os.environ, CRYPTOSPEED_WORKER_PATH=hd))
no_raw_controls("list with a hostile worker file", p.stdout + p.stderr)

if FAILS:
    print("%d failure(s)" % len(FAILS))
    sys.exit(1)
print("hostile: every check held")
