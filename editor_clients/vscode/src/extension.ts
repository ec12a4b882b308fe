// The sqlintent VS Code extension: starts `python -m sqlintent server` with the user's interpreter and
// connects vscode-languageclient to it. Squiggles, hovers, quick fixes and the workspace check all come
// from the server; this file only finds Python, passes settings and offers a restart command. In an
// untrusted workspace (package.json: capabilities.untrustedWorkspaces) the settings that choose what runs,
// where to connect and what to read come from the user's settings only.
import * as vscode from 'vscode';
import {
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  TransportKind,
} from 'vscode-languageclient/node';

const SECTION = 'sqlintent';
// settings that configure the extension itself rather than the server
const CLIENT_ONLY = new Set(['interpreter', 'trace.server']);

/** `capabilities.untrustedWorkspaces.restrictedConfigurations` of package.json, without the prefix. */
function restrictedKeys(context: vscode.ExtensionContext): Set<string> {
  const keys: string[] = context.extension.packageJSON?.capabilities?.untrustedWorkspaces?.restrictedConfigurations ?? [];
  return new Set(keys.filter((k) => k.startsWith(SECTION + '.')).map((k) => k.slice(SECTION.length + 1)));
}

/** Whether the workspace is trusted (an API older than 1.57 has no trust: trusted). */
function trusted(): boolean {
  return vscode.workspace.isTrusted !== false;
}

let client: LanguageClient | undefined;
let output: vscode.OutputChannel | undefined;

/** The `sqlintent.*` keys the server understands (from this extension's package.json). */
function serverKeys(context: vscode.ExtensionContext): string[] {
  const props = context.extension.packageJSON?.contributes?.configuration?.properties ?? {};
  return Object.keys(props)
    .filter((k) => k.startsWith(SECTION + '.'))
    .map((k) => k.slice(SECTION.length + 1))
    .filter((k) => !CLIENT_ONLY.has(k));
}

function setDotted(target: Record<string, unknown>, dotted: string, value: unknown): void {
  const parts = dotted.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    if (typeof node[part] !== 'object' || node[part] === null) {
      node[part] = {};
    }
    node = node[part] as Record<string, unknown>;
  }
  node[parts[parts.length - 1]] = value;
}

/**
 * Only the settings the user has set (user, workspace or folder level): defaults are left out so that
 * the project's sqlintent.toml still applies where the user has not overridden it. In an untrusted
 * workspace a restricted setting comes from the user's settings only (inspect() would hand over the
 * workspace's value, which VS Code's own get() ignores there).
 */
function explicitSettings(context: vscode.ExtensionContext, scope?: vscode.ConfigurationScope): Record<string, unknown> {
  const config = vscode.workspace.getConfiguration(SECTION, scope);
  const restricted = trusted() ? new Set<string>() : restrictedKeys(context);
  const out: Record<string, unknown> = {};
  for (const key of serverKeys(context)) {
    const info = config.inspect(key);
    // trustWorkspace is the user's word alone (an application setting): never a workspace's value
    const value = restricted.has(key) || key === 'trustWorkspace'
      ? info?.globalValue
      : info?.workspaceFolderValue ?? info?.workspaceValue ?? info?.globalValue;
    if (value !== undefined) {
      setDotted(out, key, value);
    }
  }
  return out;
}

/**
 * The interpreter command: `sqlintent.interpreter`, else the Python extension's, else `python3`. In an
 * untrusted workspace: the user's own `sqlintent.interpreter`, else `python3` (a workspace's setting, or
 * the interpreter the Python extension found in the workspace, could be a program of the repository).
 */
async function interpreter(resource?: vscode.Uri): Promise<string[]> {
  const config = vscode.workspace.getConfiguration(SECTION, resource);
  const configured = (trusted() ? config.get<string[]>('interpreter') : config.inspect<string[]>('interpreter')?.globalValue) ?? [];
  if (configured.length > 0) {
    return configured;
  }
  if (!trusted()) {
    return ['python3'];
  }
  const python = vscode.extensions.getExtension('ms-python.python');
  if (python) {
    try {
      if (!python.isActive) {
        await python.activate();
      }
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const api: any = python.exports;
      const details = api?.settings?.getExecutionDetails?.(resource);
      if (details?.execCommand?.length) {
        return details.execCommand as string[];
      }
      const env = await api?.environments?.getActiveEnvironmentPath?.(resource);
      if (env?.path) {
        return [env.path as string];
      }
    } catch (err) {
      output?.appendLine(`sqlintent: could not ask the Python extension for an interpreter: ${err}`);
    }
  }
  return ['python3'];
}

async function startClient(context: vscode.ExtensionContext): Promise<void> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  const command = await interpreter(folder?.uri);
  // `python -m` puts the working folder first on sys.path: in an untrusted workspace the server starts in
  // the extension's own folder, so that a `sqlintent/` package of the repository cannot stand in for it
  const cwd = trusted() ? folder?.uri.fsPath : context.extensionPath;
  const serverOptions: ServerOptions = {
    command: command[0],
    args: [...command.slice(1), '-m', 'sqlintent', 'server'],
    transport: TransportKind.stdio,
    options: { cwd },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'sql' },
      { scheme: 'untitled', language: 'sql' },
    ],
    outputChannel: output,
    initializationOptions: explicitSettings(context, folder?.uri),
    middleware: {
      workspace: {
        // answer workspace/configuration with the explicitly set values only (see explicitSettings)
        configuration: async (params, token, next) => {
          const answers = await next(params, token);
          if (!Array.isArray(answers)) {
            return answers;
          }
          return params.items.map((item, i) =>
            item.section === SECTION
              ? explicitSettings(context, item.scopeUri ? vscode.Uri.parse(item.scopeUri) : undefined)
              : answers[i]);
        },
      },
    },
  };
  output?.appendLine(`sqlintent: starting ${serverOptions.command} ${serverOptions.args?.join(' ')}`);
  client = new LanguageClient(SECTION, 'sqlintent', serverOptions, clientOptions);
  await client.start();
}

async function stopClient(): Promise<void> {
  if (client) {
    const old = client;
    client = undefined;
    await old.stop();
  }
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  output = vscode.window.createOutputChannel('sqlintent');
  context.subscriptions.push(output);
  context.subscriptions.push(
    vscode.commands.registerCommand('sqlintent.restart', async () => {
      await stopClient();
      await startClient(context);
    }),
    // once the user trusts the workspace, its settings apply: start again with them
    vscode.workspace.onDidGrantWorkspaceTrust(async () => {
      await stopClient();
      await startClient(context);
    }),
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (event.affectsConfiguration(`${SECTION}.interpreter`)) {
        await stopClient();
        await startClient(context);
      }
    }),
  );
  try {
    await startClient(context);
  } catch (err) {
    void vscode.window.showErrorMessage(
      `sqlintent: could not start the server (${err}). Install it from a clone (\`pip install -e /path/to/sqlintent\`) in the ` +
      'interpreter named by sqlintent.interpreter or selected in the Python extension.');
  }
}

export async function deactivate(): Promise<void> {
  await stopClient();
}
