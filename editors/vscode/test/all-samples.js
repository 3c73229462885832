// Every sample record of the repository, tokenized with the grammar: each word must get a
// scope of its own (a comment, a tag, a keyword, a card, a seat...), none is left as plain
// source text. Run by test/run.js.
"use strict";

const fs = require("fs");
const path = require("path");
const vsctm = require("vscode-textmate");
const oniguruma = require("vscode-oniguruma");

const grammarPath = path.join(__dirname, "..", "syntaxes", "ttn.tmLanguage.json");
const samples = path.join(__dirname, "..", "..", "..", "samples");

function recordFiles(folder) {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return recordFiles(full);
    return entry.name.endsWith(".ttn") ? [full] : [];
  }).sort();
}

async function main() {
  const wasm = fs.readFileSync(path.join(path.dirname(require.resolve("vscode-oniguruma")),
    "onig.wasm")).buffer;
  await oniguruma.loadWASM(wasm);
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
      createOnigString: (text) => new oniguruma.OnigString(text),
    }),
    loadGrammar: async (scopeName) => scopeName === "source.ttn"
      ? vsctm.parseRawGrammar(fs.readFileSync(grammarPath, "utf8"), grammarPath) : null,
  });
  const grammar = await registry.loadGrammar("source.ttn");
  const files = recordFiles(samples);
  const problems = [];
  for (const file of files) {
    let stack = vsctm.INITIAL;
    fs.readFileSync(file, "utf8").split(/\r\n?|\n/).forEach((line, index) => {
      const result = grammar.tokenizeLine(line, stack);
      for (const token of result.tokens) {
        const text = line.slice(token.startIndex, token.endIndex);
        const invalid = token.scopes.some((scope) => scope.startsWith("invalid"));
        if ((text.trim() && token.scopes.length === 1) || invalid) {
          problems.push(`${path.relative(samples, file)}:${index + 1}:${token.startIndex + 1}:`
            + ` '${text}' has no scope of its own`);
        }
      }
      stack = result.ruleStack;
    });
  }
  if (problems.length) {
    console.error(problems.slice(0, 40).join("\n"));
    console.error(`${problems.length} word(s) not highlighted in ${files.length} samples`);
    process.exit(1);
  }
  console.log(`every word of ${files.length} samples has a scope`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
