// The TTN extension: the grammar and language settings are declared in package.json; this
// starts the referee's language server (`referee lsp`, or the referee.serverCommand
// setting) for TTN documents, and starts it again when a referee setting changes.
"use strict";

const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function makeClient() {
  const settings = vscode.workspace.getConfiguration("referee");
  const [command, ...args] = settings.get("serverCommand", ["referee", "lsp"]);
  return new LanguageClient("referee", "referee", { command, args }, {
    documentSelector: [
      { scheme: "file", language: "ttn" },
      { scheme: "untitled", language: "ttn" },
    ],
    initializationOptions: { inlayHints: settings.get("inlayHints", true) },
  });
}

async function activate(context) {
  client = makeClient();
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (!event.affectsConfiguration("referee")) {
        return;
      }
      await deactivate();
      client = makeClient();
      await client.start();
    }),
  );
  await client.start();
}

async function deactivate() {
  if (client) {
    const stopping = client;
    client = undefined;
    await stopping.stop();
  }
}

module.exports = { activate, deactivate };
