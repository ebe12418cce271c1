#!/usr/bin/env python3
"""Issue 28, part A: report, compare, history, import and conformance under
hostile or contradictory input. One check per cause; each names what it saw.
    round3.py CRYPTOSPEED DIR DATA FIXTURES
DIR holds r.json (a timed noop run); DATA is tests/data; FIXTURES the posts."""
import copy
import csv
import io
import json
import os
import subprocess
import sys

CS, D, DATA, FIX = sys.argv[1:5]
FAILS = []
COUNT = DATA + "/count-x86-64.json"
HOSTILE = "<img src=x onerror=alert(1)>|`*_"


def fail(msg):
    FAILS.append(msg)
    print("FAIL: " + msg)


def run(args, expect=None, what=None):
    p = subprocess.run([CS] + args, capture_output=True)
    what = what or " ".join(a[-40:] for a in args)
    if expect is not None and p.returncode != expect:
        fail("%s: exit %d, want %d (%s)" % (what, p.returncode, expect,
                                            p.stderr.decode(errors="replace")[:300]))
    return p


def out(p):
    return p.stdout.decode(errors="replace")


def err(p):
    return p.stderr.decode(errors="replace")


def one_line(what, p):
    lines = err(p).strip().splitlines()
    if len(lines) != 1:
        fail("%s: %d lines on stderr, want one: %r" % (what, len(lines), err(p)[:300]))


def dump(obj, name):
    path = os.path.join(D, name)
    with open(path, "w") as f:
        json.dump(obj, f)
    return path


# ---- 1. a counting file through every format: its own escaping, or exit 2 ----
c = json.load(open(COUNT))
c["counting"]["board"] = HOSTILE
for cell in c["cells"]:
    if cell["status"] != "ok":
        cell["detail"] = HOSTILE
hostile_count = dump(c, "count-hostile.json")
p = run(["report", hostile_count, "--format", "html"], 0)
if "<img" in out(p) or "instruction counts" not in out(p) or "<table>" not in out(p):
    fail("html of a counting file: a raw name or no count table: %r" % out(p)[:300])
p = run(["report", hostile_count, "--format", "markdown"], 0)
if "<img" in out(p) or "| lib/path |" not in out(p):
    fail("markdown of a counting file: a raw name or no table: %r" % out(p)[:300])
p = run(["report", hostile_count, "--format", "csv"], 0)
rows = list(csv.reader(io.StringIO(out(p))))
if not rows or rows[0][0] != "source" or any(len(r) != len(rows[0]) for r in rows):
    fail("csv of a counting file: not one CSV table: %r" % out(p)[:300])
for fmt in ("openssl", "openssl-mr"):
    p = run(["report", hostile_count, "--format", fmt], 2, "report COUNT --format " + fmt)
    one_line("report COUNT --format " + fmt, p)
    if out(p):
        fail("report COUNT --format %s printed %r before refusing" % (fmt, out(p)[:100]))
for fmt in ("html", "csv"):  # one page or one table holds one kind of table
    p = run(["report", D + "/r.json", hostile_count, "--format", fmt], 2,
            "report TIMED COUNT --format " + fmt)
    one_line("report TIMED COUNT --format " + fmt, p)
p = run(["report", hostile_count], 0)
if "\u202e" in out(p):
    fail("text: a raw U+202E")

# bidi controls never reach a terminal
r = json.load(open(D + "/r.json"))
r["host"]["cpu"]["model"] = "evil\u202egpj.exe"
p = run(["report", dump(r, "bidi.json")], 0)
if "\u202e" in out(p) or "\\u202e" not in out(p):
    fail("report: U+202E in a host name reached the terminal raw: %r" % out(p)[:200])

# ---- 2. hw only from counts of the same library build on the same host ----
t = json.load(open(D + "/r.json"))
t["host"]["hostname"] = "testhost"
t["host"]["cpu"]["features"] = "sse2 ssse3 sse4_1 aes pclmul avx avx2 bmi2 adx vaes"


def noop_hw(timed, count):
    p = run(["report", timed, count], 0)
    lines = out(p).splitlines()
    for i, line in enumerate(lines):
        if line.startswith("sha256 digest"):
            for row in lines[i + 1:]:
                if row.startswith("noop/noop"):
                    return row.split()[-1]
    return None


same = dump(t, "timed-testhost.json")
if noop_hw(same, COUNT) != "scalar":
    fail("hw: the same build on the same host is not from its counts: %r" % noop_hw(same, COUNT))
other = copy.deepcopy(t)
other["host"]["hostname"] = "otherhost"
if noop_hw(dump(other, "timed-otherhost.json"), COUNT) == "scalar":
    fail("hw: a system library's counts from another host filled the column")
c = json.load(open(COUNT))
for lib in c["libraries"]:
    if lib["name"] == "noop":
        lib["version"] = "noop 0.1"
for cell in c["cells"]:
    if cell["lib"] == "noop":
        cell["lib_version"] = "noop 0.1"
if noop_hw(same, dump(c, "count-other-version.json")) == "scalar":
    fail("hw: counts of another version of the library filled the column")

# ---- 3. compare and history refuse what they cannot compare ----
p = run(["compare", D + "/r.json", COUNT], 2, "compare TIMED COUNTED")
one_line("compare TIMED COUNTED", p)
p = run(["history", COUNT, DATA + "/count-rpi3.json"], 2, "history of two CPU profiles")
one_line("history of two CPU profiles", p)
c2 = json.load(open(COUNT))
c2["started"] = "2030-01-01T00:00:00Z"
for cell in c2["cells"]:
    if cell.get("count"):
        k = cell["count"]
        k["insns"] = k["insns"] * 2
        k["classes"]["scalar"] = k["classes"].get("scalar", 0) + k["insns"] // 2
        for key in ("insns_per_op", "insns_per_byte"):
            k[key] = k[key] * 2
        k["classes_per_op"] = {n: v / k["ops"] for n, v in k["classes"].items()}
later = dump(c2, "count-later.json")
p = run(["compare", COUNT, later, "--format", "markdown"])
if "0 cells compared" in out(p) or "instruction counts" not in out(p):
    fail("compare --format markdown of counts: %r" % out(p)[:300])
p = run(["history", COUNT, later])
head = out(p).split("\n\n")[0]
if "e-divisive" in head or "exact counts" not in head:
    fail("history of counts states the timing rule: %r" % head)
p = run(["compare", D + "/r.json", D + "/r.json", "--fail-on", "slower,"], 2,
        "--fail-on 'slower,'")
p = run(["run", "--lib", ",".join("l%d" % i for i in range(300)), "--alg", "sha256"], 2,
        "--lib with 300 items")
if "empty item" in err(p):
    fail("--lib with 300 items says %r" % err(p).strip())

# ---- 4. conformance: one file's rows checked as report --conform checks them ----
def conform_file(rows):
    return {"schema": "cryptospeed-conform/1", "vectors": "v", "vectors_dir": "d",
            "rows": rows, "elapsed_s": 1.0}


def crow(lib="noop", **kw):
    r = {"lib": lib, "path": "noop", "file": "aes_gcm_test", "alg": "aes-128-gcm",
         "passed": 10}
    r.update(kw)
    return r


good = dump(conform_file([crow()]), "conform-good.json")
bad_files = {
    "invalid_accepted 3 without tcIds": conform_file([crow(invalid_accepted=3)]),
    "a negative tcId": conform_file([crow(invalid_accepted=1, invalid_accepted_ids=[-4])]),
    "a 100 KB name": conform_file([crow(lib="x" * 100000)]),
    "a tcId twice": conform_file([crow(invalid_accepted=2, invalid_accepted_ids=[7, 7])]),
    "a tcId under two outcomes": conform_file(
        [crow(invalid_accepted=1, invalid_accepted_ids=[7], valid_refused=1,
              valid_refused_ids=[7])]),
    "a row twice": conform_file([crow(), crow()]),
}
for what, doc in bad_files.items():
    path = dump(doc, "conform-bad.json")
    p = run(["compare", good, path], 2, "compare of conform files with " + what)
    one_line("compare of conform files with " + what, p)
    run(["report", D + "/r.json", "--conform", path], 2, "report --conform with " + what)
dup = os.path.join(D, "conform-dup.json")
with open(dup, "w") as f:
    f.write('{"schema": "cryptospeed-conform/1", "schema": "cryptospeed-conform/1", "rows": []}')
run(["compare", good, dup], 2, "compare of a conform file with a duplicate key")
p = run(["report", D + "/r.json", "--conform", D + "/missing.json"], 2)
if "line -1" in err(p):
    fail("--conform of a missing file: %r" % err(p).strip())
p = run(["report", D + "/r.json", "--conform", D], 2)
if "directory" not in err(p):
    fail("--conform of a directory: %r" % err(p).strip())

# ---- 5. conformance compared in every mode ----
r = json.load(open(D + "/r.json"))
lib2 = copy.deepcopy(r["libraries"][0])
lib2["name"] = "noop2"
r["libraries"].append(lib2)
r["cells"] += [dict(copy.deepcopy(cell), lib="noop2") for cell in r["cells"]]
r["conformance"] = {"vectors": "v", "rows": [
    crow("noop"), crow("noop2", passed=9, invalid_accepted=1, invalid_accepted_ids=[42])]}
both = dump(r, "two-builds.json")
p = run(["compare", both, "--base", "noop", "--new", "noop2", "--fail-on", "conformance"], 1,
        "one run, --base/--new, --fail-on conformance")
p = run(["compare", both, "--base", "noop", "--new", "noop2", "--format", "json"])
j = json.loads(out(p))
if not j.get("conformance", {}).get("compared") or j["counts"].get("conformance") != 1:
    fail("one run: conformance not compared in the JSON: %r" % j.get("conformance"))
p = run(["compare", D + "/r.json", D + "/r.json", "--format", "json"], 0)
j = json.loads(out(p))
if j["counts"].get("conformance") is not None or j.get("conformance", {}).get("compared"):
    fail("no conformance block: the JSON says %r, not 'not compared'" % j["counts"])
base = json.load(open(D + "/r.json"))
base["conformance"] = {"vectors": "v", "rows": [crow("noop")]}
new = copy.deepcopy(base)
new["libraries"][0]["name"] = "noop2"
for cell in new["cells"]:
    cell["lib"] = "noop2"
new["conformance"]["rows"] = [crow("noop2", passed=9, invalid_accepted=1,
                                   invalid_accepted_ids=[42])]
bf, nf = dump(base, "base-build.json"), dump(new, "new-build.json")
run(["compare", bf, nf], 2, "two files of differently named builds without --pair")
p = run(["compare", bf, nf, "--pair", "noop=noop2", "--fail-on", "conformance"], 1,
        "--pair noop=noop2 --fail-on conformance")
if "tcId 42" not in out(p):
    fail("--pair: the conformance finding is not named: %r" % out(p)[-300:])
run(["compare", bf, nf, "--pair", "noop"], 2, "--pair without '='")
# compare --conform: a conform file's rows joined to one run's two selections
plain = json.load(open(both))
del plain["conformance"]
cf = dump(conform_file([crow("noop"), crow("noop2", passed=9, invalid_accepted=1,
                                            invalid_accepted_ids=[42])]), "conform-both.json")
run(["compare", dump(plain, "two-builds-plain.json"), "--base", "noop", "--new", "noop2",
     "--conform", cf, "--fail-on", "conformance"], 1, "compare --conform, one run")

# ---- 6. the loader: what is no result file ----
p = run(["report", "/dev/zero"], 2, "report /dev/zero")
one_line("report /dev/zero", p)
p = run(["report", D], 2, "report DIR")
if "directory" not in err(p):
    fail("report of a directory: %r" % err(p).strip())
r = json.load(open(D + "/r.json"))
r["cells"][0]["ns_per_op"]["median"] *= 3
for k in ("q1", "q3"):
    r["cells"][0]["ns_per_op"][k] = r["cells"][0]["ns_per_op"]["median"]
r["cells"][0]["ns_per_op"]["ci95"] = [r["cells"][0]["ns_per_op"]["median"]] * 2
p = run(["report", dump(r, "rate-ns.json")], 2, "a cell whose rate and ns/op disagree 3x")
one_line("a cell whose rate and ns/op disagree 3x", p)

# ---- 7. imports: a -multi 2 paste, a row with a bad value, tables apart ----
p = run(["import", "openssl-speed", DATA + "/import/openssl-3.0-multi2.txt", "-o",
         D + "/multi.json"], 0, "import of a real -multi 2 paste")
if p.returncode == 0:
    m = json.load(open(D + "/multi.json"))
    got = {(c["alg"], c["op"]) for c in m["cells"]}
    for want in (("ed25519", "sign"), ("ecdsa-p256", "verify"), ("x25519", "derive"),
                 ("sha256", "digest")):
        if want not in got:
            fail("-multi 2 import: no %s %s (got %s)" % (want + (sorted(got),)))
# the same paste with the EdDSA summary row as a -multi summary prints it
# when it could not sum (infs): the children's +F6 lines give the rates
p = run(["import", "openssl-speed", DATA + "/import/openssl-3.0-multi2-eddsa-infs.txt", "-o",
         D + "/multi-infs.json"], 0, "import of a -multi 2 paste with an EdDSA row of infs")
if p.returncode == 0:
    got = {(c["alg"], c["op"]): c["rate"]["median"]
           for c in json.load(open(D + "/multi-infs.json"))["cells"] if c["status"] == "ok"}
    # 1616.831683 + 1619.801980 from the two "Got: +F6:..." lines
    if abs(got.get(("ed25519", "sign"), 0) - 3236.633663) > 0.01:
        fail("-multi +F6: ed25519 sign %r, want the children's sum 3236.63" %
             got.get(("ed25519", "sign")))
bad_row = os.path.join(D, "bad-row.txt")
with open(bad_row, "w") as f:
    f.write("The 'numbers' are in 1000s of bytes per second processed.\n"
            "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes\n"
            "sha256           1000.00k     2000.00k    3.0.0k      4000.00k     5000.00k\n")
p = run(["import", "openssl-speed", bad_row, "-o", D + "/bad-row.json"])
if p.returncode not in (0, 4) or not os.path.exists(D + "/bad-row.json"):
    fail("a row with one bad value: exit %d (%s)" % (p.returncode, err(p).strip()))
else:
    sizes = sorted(c["size"] for c in json.load(open(D + "/bad-row.json"))["cells"])
    if sizes != [16, 64, 1024, 8192]:
        fail("a row with one bad value kept sizes %s, want 16 64 1024 8192" % sizes)
    if "3.0.0k" not in err(p):
        fail("a row with one bad value: the bad value is not named: %r" % err(p))
two = FIX + "/openssl-speed/rpi3-and-core2-openssl-1.0.1.txt"
if not os.path.exists(two):  # a clone without ../shared: the post's copy in results/imported
    two = os.path.join(DATA, "..", "..", "results", "imported", "rpi3-and-core2-openssl-1.0.1.txt")
p = run(["import", "openssl-speed", two, "-o", D + "/two.json"])
if os.path.exists(D + "/two.json"):
    t2 = json.load(open(D + "/two.json"))
    ok = sum(1 for c in t2["cells"] if c["status"] == "ok")
    if len(t2.get("sources", [])) < 2:
        fail("the two-machine post imported as %d table(s)" % len(t2.get("sources", [])))
    bmf = json.loads(out(run(["report", D + "/two.json", "--format", "bmf"], 0)))
    if len(bmf) != ok:
        fail("bmf of a two-table import: %d benchmarks for %d cells" % (len(bmf), ok))
    gb = json.loads(out(run(["report", D + "/two.json", "--format", "gbench"], 0)))
    names = [b["name"] for b in gb["benchmarks"] if b["run_type"] == "iteration"]
    if len(names) != len(set(names)):
        fail("gbench of a two-table import: a name twice (two machines as repetitions)")
    # compare: each table its own source; one of two tables is named
    p = run(["compare", D + "/r.json", D + "/two.json", "--across-hosts"], 2,
            "compare of one table against two")
    one_line("compare of one table against two", p)
    p = run(["compare", D + "/two.json", D + "/two.json", "--across-hosts", "--base-table", "1",
             "--new-table", "2", "--format", "json"])
    j = json.loads(out(p)) if p.returncode in (0, 1, 5) else {}
    if not j or j["counts"]["new"] > len(j["cells"]) // 2 or not any(
            c["speed"] != "not compared" for c in j["cells"]):
        fail("compare --base-table 1 --new-table 2: exit %d, %s" % (p.returncode, err(p)[:200]))
else:
    fail("the two-machine post did not import: %s" % err(p).strip())

print("%d failure(s)" % len(FAILS))
sys.exit(1 if FAILS else 0)
