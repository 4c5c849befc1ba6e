// Starts `coinche lsp` (over stdio) for every .coinche file: diagnostics, completion, hover,
// go-to-definition, formatting and the outline all come from the Python language server.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const [command, ...args] = vscode.workspace.getConfiguration("coinche").get("command");
  client = new LanguageClient(
    "coinche", "Coinche language server",
    { command, args },
    { documentSelector: [{ language: "coinche" }] },
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
