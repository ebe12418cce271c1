#!/usr/bin/env python3
"""A worker that breaks the protocol on purpose, for tests/e2e/protocol.sh.

It runs the real noop worker (FAKE_REAL) and relays its lines, changing them
as FAKE_MODE says, for the cells of algorithm FAKE_ALG (default sha256):

  version       the hello says protocol 99
  paths-number  the hello's paths hold a number
  batch0        sample replies say batch 0
  batch-neg     sample replies say batch -1
  ns-empty      sample replies carry no ns
  ns-zero       sample replies' ns are all 0
  wrong-id      sample replies carry another cell's id
  tiny          sample replies' ns alternate 1 and 1000: never precise, never
                out of budget
"""
import json
import os
import subprocess
import sys

mode = os.environ["FAKE_MODE"]
alg = os.environ.get("FAKE_ALG", "sha256")
real = subprocess.Popen([os.environ["FAKE_REAL"]] + sys.argv[1:], stdin=subprocess.PIPE,
                        stdout=subprocess.PIPE, text=True, bufsize=1)


def out(msg):
    sys.stdout.write(json.dumps(msg, separators=(",", ":")) + "\n")
    sys.stdout.flush()


hello = json.loads(real.stdout.readline())
if mode == "version":
    hello["protocol"] = 99
elif mode == "paths-number":
    hello["paths"] = [7]
out(hello)

broken = set()  # ids of the cells of alg
# tiny: each cell's own samples alternate 1 and 1000. One count over all
# cells would not: with two cells taking odd-length replies in turn, one
# cell always started on 1 and got two ones for every 1000, so its median
# settled on 1 and the cell came out "ok" (seen once in CI, at 0.76 s)
tick = {}
for line in sys.stdin:
    req = json.loads(line)
    real.stdin.write(line)
    real.stdin.flush()
    if req.get("cmd") == "quit":
        break
    if req.get("cmd") == "prepare" and req.get("alg") == alg:
        broken.add(req["id"])
    rep = json.loads(real.stdout.readline())
    if req.get("cmd") == "sample" and req.get("id") in broken:
        if mode == "batch0":
            rep["batch"] = 0
        elif mode == "batch-neg":
            rep["batch"] = -1
        elif mode == "ns-empty":
            rep["ns"] = []
        elif mode == "ns-zero":
            rep["ns"] = [0 for _ in rep["ns"]]
        elif mode == "tiny":
            t = tick.get(rep["id"], 0)
            rep["ns"] = [1 if (t + i) % 2 else 1000 for i in range(len(rep["ns"]))]
            tick[rep["id"]] = t + len(rep["ns"])
        elif mode == "wrong-id":
            rep["id"] = rep["id"] + 1000
    out(rep)
real.stdin.close()
real.wait()
