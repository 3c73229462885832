// The grammar's tests: the snapshot cases (test/cases/*.ttn and their .snap files, made by
// `npx vscode-tmgrammar-snap -g syntaxes/ttn.tmLanguage.json -u "test/cases/*.ttn"`), then
// every sample of the repository (test/all-samples.js).
"use strict";

const { execFileSync } = require("child_process");
const path = require("path");

const here = path.join(__dirname, "..");
const snap = path.join(here, "node_modules", ".bin", "vscode-tmgrammar-snap");
execFileSync(snap, ["-g", "syntaxes/ttn.tmLanguage.json", "test/cases/*.ttn"],
  { cwd: here, stdio: "inherit" });
execFileSync(process.execPath, [path.join(__dirname, "all-samples.js")],
  { cwd: here, stdio: "inherit" });
