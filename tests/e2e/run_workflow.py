#!/usr/bin/env python3
"""Run one job of a GitHub Actions workflow's `run:` steps locally, as the
runner would (tests/e2e/nightly_workflow.sh): the workflow's and the job's
`env`, each step's `env`, `${{ }}` expressions of the few kinds the nightly
workflow uses (inputs.X || 'default', secrets.X, vars.X, matrix.X,
github.workspace, steps.ID.outputs.X, always(), ==, !=, ||, &&), GITHUB_OUTPUT
per step, GITHUB_STEP_SUMMARY, and `if:`. `uses:` steps are skipped (the test
does their work: the checkout is the directory given), as are the steps named
with --skip. Each step runs as `bash --noprofile --norc -eo pipefail FILE`.

usage: run_workflow.py WORKFLOW JOB WORKDIR [--matrix K=V]... [--input K=V]...
       [--secret K=V]... [--env K=V]... [--skip NAME]... [--summary FILE]
--env values are set last (over the workflow's env): the test's caches.
Prints one line per step: "<exit status or 'skipped'> <name>"; exits 1 when
the job failed (as GitHub would mark it), else 0.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

import yaml


def pairs(items):
    out = {}
    for it in items or []:
        k, _, v = it.partition("=")
        out[k] = v
    return out


class Context:
    def __init__(self, a, workdir):
        self.matrix = pairs(a.matrix)
        self.inputs = pairs(a.input)
        self.secrets = pairs(a.secret)
        self.workdir = workdir
        self.outputs = {}

    def value(self, name):
        parts = name.split(".")
        if parts[0] == "inputs":
            return self.inputs.get(parts[1], "")
        if parts[0] in ("secrets", "vars"):
            return self.secrets.get(parts[1], "")
        if parts[0] == "matrix":
            return self.matrix.get(parts[1], "")
        if name == "github.workspace":
            return self.workdir
        if name == "github.run_id":
            return "1"
        if parts[0] == "steps" and len(parts) == 4 and parts[2] == "outputs":
            return self.outputs.get(parts[1], {}).get(parts[3], "")
        raise SystemExit("run_workflow.py: unsupported expression name '%s'" % name)

    def evaluate(self, expr, failed):
        """A small subset of the expression language, as Python."""
        tokens = re.findall(r"'[^']*'|\|\||&&|==|!=|!|\(|\)|[A-Za-z_][A-Za-z0-9_.-]*\(\)|[A-Za-z_][A-Za-z0-9_.-]*|\S", expr)
        py = []
        for t in tokens:
            if t == "||":
                py.append(" or ")
            elif t == "&&":
                py.append(" and ")
            elif t == "!":
                py.append(" not ")
            elif t in ("==", "!=", "(", ")"):
                py.append(t)
            elif t.startswith("'"):
                py.append(repr(t[1:-1]))
            elif t == "always()":
                py.append("True")
            elif t == "success()":
                py.append(repr(not failed))
            elif t == "failure()":
                py.append(repr(failed))
            else:
                py.append(repr(self.value(t)))
        return eval("".join(py), {"__builtins__": {}})  # noqa: S307 (our own tokens only)

    def substitute(self, text, failed=False):
        def one(m):
            v = self.evaluate(m.group(1), failed)
            return "" if v is None else str(v)

        return re.sub(r"\$\{\{(.*?)\}\}", one, str(text))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("workflow")
    p.add_argument("job")
    p.add_argument("workdir")
    for opt in ("matrix", "input", "secret", "env", "skip"):
        p.add_argument("--" + opt, action="append", default=[])
    p.add_argument("--summary", default=None)
    a = p.parse_args()
    wf = yaml.safe_load(open(a.workflow))
    job = wf["jobs"][a.job]
    ctx = Context(a, a.workdir)
    env = dict(os.environ)
    for k, v in (wf.get("env") or {}).items():
        env[k] = ctx.substitute(v)
    for k, v in (job.get("env") or {}).items():
        env[k] = ctx.substitute(v)
    env.update(pairs(a.env))
    tmp = tempfile.mkdtemp(prefix="run_workflow.")
    summary = a.summary or os.path.join(tmp, "summary.md")
    open(summary, "a").close()
    env["GITHUB_STEP_SUMMARY"] = summary
    env["GITHUB_WORKSPACE"] = a.workdir
    failed = False
    for i, step in enumerate(job["steps"]):
        name = step.get("name") or step.get("uses") or "step %d" % i
        if "uses" in step or name in a.skip:
            print("skipped %s" % name, flush=True)
            continue
        cond = step.get("if")
        if cond is None:
            run_it = not failed
        else:
            cond = str(cond)
            m = re.fullmatch(r"\s*\$\{\{(.*)\}\}\s*", cond)
            run_it = bool(ctx.evaluate(m.group(1) if m else cond, failed))
            if not re.search(r"always\(\)|failure\(\)", cond):
                run_it = run_it and not failed
        if not run_it:
            print("skipped %s" % name, flush=True)
            continue
        senv = dict(env)
        for k, v in (step.get("env") or {}).items():
            senv[k] = ctx.substitute(v, failed)
        out = os.path.join(tmp, "output.%d" % i)
        open(out, "w").close()
        senv["GITHUB_OUTPUT"] = out
        script = os.path.join(tmp, "step.%d.sh" % i)
        with open(script, "w") as f:
            f.write(ctx.substitute(step["run"], failed))
        rc = subprocess.call(["bash", "--noprofile", "--norc", "-eo", "pipefail", script],
                             cwd=os.path.join(a.workdir, step.get("working-directory", ".")), env=senv)
        outputs = {}
        for line in open(out):
            k, sep, v = line.rstrip("\n").partition("=")
            if sep:
                outputs[k] = v
        if "id" in step:
            ctx.outputs[step["id"]] = outputs
        print("%d %s" % (rc, name), flush=True)
        if rc != 0 and not step.get("continue-on-error"):
            failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
