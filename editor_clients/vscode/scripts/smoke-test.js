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
const restricted = new Set(pkg.capabilities.untrustedWorkspaces.restrictedConfigurations.map((k) => k.slice('sqlintent.'.length)));
const defaults = {};
for (const [key, spec] of Object.entries(pkg.contributes.configuration.properties)) {
  defaults[key.slice('sqlintent.'.length)] = spec.default;
}
const store = { global: {}, workspace: {} };  // what the user has set, by level
const trust = { trusted: true };  // vscode.workspace.isTrusted
let pythonExtension;  // a stand-in ms-python.python, when set
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
    get isTrusted() { return trust.trusted; },
    onDidGrantWorkspaceTrust: () => ({ dispose() {} }),
    workspaceFolders: [{ uri: folderUri, name: 'ws', index: 0 }],
    getConfiguration(section) {
      assert.strictEqual(section, 'sqlintent');
      return {
        // as VS Code does: in an untrusted workspace get() skips the workspace's restricted values
        get: (key) => (trust.trusted || !restricted.has(key) ? store.workspace[key] : undefined)
          ?? store.global[key] ?? defaults[key],
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
  extensions: withFallback('extensions', { getExtension: () => pythonExtension }),
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
  const context = { subscriptions: [], extension: { packageJSON: pkg }, extensionPath: '/ext' };
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

  // an untrusted workspace: its interpreter, database, dbt and model settings are ignored, the Python
  // extension's workspace interpreter is not asked, and the server does not start in the workspace folder
  trust.trusted = false;
  store.workspace.interpreter = ['/ws/.venv/bin/python'];
  store.workspace['dbt.profiles_dir'] = 'profiles';
  store.workspace['model.path'] = 'evil-model';
  await commands['sqlintent.restart']();
  const untrusted = started[started.length - 1];
  assert.strictEqual(untrusted.server.command, '/venv/bin/python');  // the user's own setting
  assert.strictEqual(untrusted.server.options.cwd, '/ext');
  assert.deepStrictEqual(untrusted.client.initializationOptions, { probes: { timeout_ms: 500 } });
  const restrictedAnswers = await untrusted.client.middleware.workspace.configuration(
    { items: [{ section: 'sqlintent' }] }, undefined, () => [{ ...defaults }]);
  assert.deepStrictEqual(restrictedAnswers, [{ probes: { timeout_ms: 500 } }]);
  delete store.global.interpreter;
  pythonExtension = { isActive: true, exports: { settings: { getExecutionDetails: () => ({ execCommand: ['/ws/.venv/bin/python'] }) } } };
  await commands['sqlintent.restart']();
  assert.strictEqual(started[started.length - 1].server.command, 'python3');
  trust.trusted = true;  // trusted: the workspace's choice applies again
  await commands['sqlintent.restart']();
  assert.strictEqual(started[started.length - 1].server.command, '/ws/.venv/bin/python');
  assert.strictEqual(started[started.length - 1].server.options.cwd, '/ws');
  assert.strictEqual(started[started.length - 1].client.initializationOptions.dbt.profiles_dir, 'profiles');
  await ext.deactivate();

  // a real folder (SQLINTENT_SMOKE_WORKSPACE: a repository with a committed .venv/bin/python) opened
  // untrusted, its settings and the Python extension both naming that Python: print the command the
  // extension would start, for tests/security/test_vscode_trust.py to run
  const real = process.env.SQLINTENT_SMOKE_WORKSPACE;
  if (real) {
    const venvPython = path.join(real, '.venv', 'bin', 'python');
    folderUri.fsPath = real;
    for (const key of Object.keys(store.global)) { delete store.global[key]; }
    store.workspace = { interpreter: [venvPython] };
    pythonExtension = { isActive: true, exports: { settings: { getExecutionDetails: () => ({ execCommand: [venvPython] }) } } };
    const realContext = { subscriptions: [], extension: { packageJSON: pkg }, extensionPath: path.join(__dirname, '..') };
    for (const trusted of [false, true]) {
      trust.trusted = trusted;
      await ext.activate(realContext);
      const s = started[started.length - 1].server;
      process.stdout.write(`START ${JSON.stringify({ trusted, command: s.command, args: s.args, cwd: s.options.cwd })}\n`);
      await ext.deactivate();
    }
  }
  process.stdout.write('extension smoke test: ok\n');
})().catch((err) => {
  process.stderr.write(`extension smoke test failed: ${err && err.stack || err}\n`);
  process.exit(1);
});
