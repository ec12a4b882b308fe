// Record the InitializeParams.capabilities that vscode-languageclient (the library this extension ships)
// sends to a server, without running VS Code: the `vscode` module is replaced by an inert stand-in, and
// the client's own computeClientCapabilities() (every registered feature's fillClientCapabilities) runs.
//
//   node scripts/record-capabilities.js > ../../tests/fixtures/vscode_languageclient_capabilities.json
'use strict';
const Module = require('module');

function inert(name) {
  const fn = function () { return inert(name + '()'); };
  return new Proxy(fn, {
    get(_t, prop) {
      if (prop === Symbol.toPrimitive) { return () => name; }
      if (prop === 'then') { return undefined; }
      if (prop === Symbol.iterator) { return function* () {}; }
      if (prop === 'length') { return 0; }
      return inert(name + '.' + String(prop));
    },
    apply() { return inert(name + '()'); },
    construct() { return inert('new ' + name); },
  });
}

const vscodeStub = new Proxy({}, {
  get(_t, prop) {
    if (prop === '__esModule') { return false; }
    if (prop === 'version') { return '1.82.0'; }
    if (prop === 'env') { return { appName: 'Visual Studio Code', language: 'en' }; }
    return inert('vscode.' + String(prop));
  },
});

const originalLoad = Module._load;
Module._load = function (request, parent, isMain) {
  if (request === 'vscode') { return vscodeStub; }
  return originalLoad.call(this, request, parent, isMain);
};

const { LanguageClient } = require('vscode-languageclient/node');
const pkg = require('vscode-languageclient/package.json');
const client = new LanguageClient('sqlintent', 'sqlintent', { command: 'python3', args: [] },
  { documentSelector: [{ language: 'sql' }] });
const capabilities = client.computeClientCapabilities();
process.stdout.write(JSON.stringify({
  clientInfo: { name: 'Visual Studio Code', version: 'vscode-languageclient ' + pkg.version },
  capabilities,
}, null, 2) + '\n');
