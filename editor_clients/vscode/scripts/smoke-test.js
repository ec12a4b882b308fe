// Smoke test of the compiled extension (out/extension.js) without VS Code: a stand-in `vscode` module
// with a settings store, and vscode-languageclient's LanguageClient.start/stop replaced by recorders.
// Checks which interpreter is started, that only explicitly set settings reach the server (as
// initializationOptions and as workspace/configuration answers), and the restart command.
//
//   npm run compile && node scripts/smoke-test.js        (exit status 0 when every check passes)
'use strict';
const assert = require('assert');
const Module = require('module');
const path = require('path');

const pkg = require('../package.json');
const defaults = {};
for (const [key, spec] of Object.entries(pkg.contributes.configuration.properties)) {
  defaults[key.slice('sqlintent.'.length)] = spec.default;
}
const store = { global: {}, workspace: {} };  // what the user has set, by level
const commands = {};
const errors = [];

function inert(name) {
  const fn = function () { return inert(name + '()'); };
  return new Proxy(fn, {
    get(_t, prop) {
      if (prop === 'then') { return undefined; }
      if (prop === Symbol.toPrimitive) { return () => name; }
      if (prop === Symbol.iterator) { return function* () {}; }
      return inert(name + '.' + String(prop));
    },
    apply() { return inert(name + '()'); },
    construct() { return inert('new ' + name); },
  });
}
function withFallback(name, real) {
  return new Proxy(real, { get(t, prop) { return prop in t ? t[prop] : inert(name + '.' + String(prop)); } });
}

const folderUri = { fsPath: '/ws', scheme: 'file', toString: () => 'file:///ws' };
const vscode = withFallback('vscode', {
  version: '1.82.0',
  env: { appName: 'Visual Studio Code', language: 'en' },
  Uri: withFallback('Uri', { parse: (s) => ({ toString: () => s, fsPath: s.replace('file://', '') }) }),
  workspace: withFallback('workspace', {
    workspaceFolders: [{ uri: folderUri, name: 'ws', index: 0 }],
    getConfiguration(section) {
      assert.strictEqual(section, 'sqlintent');
      return {
        get: (key) => store.workspace[key] ?? store.global[key] ?? defaults[key],
        inspect: (key) => ({ key, defaultValue: defaults[key], globalValue: store.global[key],
          workspaceValue: store.workspace[key], workspaceFolderValue: undefined }),
      };
    },
    onDidChangeConfiguration: () => ({ dispose() {} }),
  }),
  window: withFallback('window', {
    createOutputChannel: () => ({ appendLine() {}, dispose() {} }),
    showErrorMessage: (m) => { errors.push(m); },
  }),
  commands: withFallback('commands', {
    registerCommand: (id, fn) => { commands[id] = fn; return { dispose() {} }; },
  }),
  extensions: withFallback('extensions', { getExtension: () => undefined }),
});

const originalLoad = Module._load;
Module._load = function (request, parent, isMain) {
  if (request === 'vscode') { return vscode; }
  return originalLoad.call(this, request, parent, isMain);
};

const lc = require('vscode-languageclient/node');
const started = [];
lc.LanguageClient.prototype.start = async function () {
  started.push({ server: this._serverOptions, client: this._clientOptions });
};
lc.LanguageClient.prototype.stop = async function () {};

(async () => {
  const ext = require(path.join(__dirname, '..', 'out', 'extension.js'));
  const context = { subscriptions: [], extension: { packageJSON: pkg } };
  store.workspace.database = 'shop.sqlite';
  store.global['probes.timeout_ms'] = 500;
  await ext.activate(context);
  assert.deepStrictEqual(errors, []);
  assert.strictEqual(started.length, 1);
  const first = started[0];
  assert.strictEqual(first.server.command, 'python3');  // no setting, no Python extension
  assert.deepStrictEqual(first.server.args, ['-m', 'sqlintent', 'server']);
  assert.strictEqual(first.server.options.cwd, '/ws');
  // only what the user set, nested like sqlintent.toml; defaults stay out
  assert.deepStrictEqual(first.client.initializationOptions, { database: 'shop.sqlite', probes: { timeout_ms: 500 } });
  const answers = await first.client.middleware.workspace.configuration(
    { items: [{ section: 'sqlintent' }, { section: 'editor' }] }, undefined, () => [{ ...defaults }, 'editor-value']);
  assert.deepStrictEqual(answers, [{ database: 'shop.sqlite', probes: { timeout_ms: 500 } }, 'editor-value']);
  assert.deepStrictEqual(first.client.documentSelector.map((s) => s.language), ['sql', 'sql']);

  // the interpreter setting, then the restart command
  store.global.interpreter = ['/venv/bin/python', '-X', 'utf8'];
  await commands['sqlintent.restart']();
  assert.strictEqual(started.length, 2);
  assert.strictEqual(started[1].server.command, '/venv/bin/python');
  assert.deepStrictEqual(started[1].server.args, ['-X', 'utf8', '-m', 'sqlintent', 'server']);
  await ext.deactivate();
  process.stdout.write('extension smoke test: ok\n');
})().catch((err) => {
  process.stderr.write(`extension smoke test failed: ${err && err.stack || err}\n`);
  process.exit(1);
});
