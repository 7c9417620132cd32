import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { API_CONCURRENCY } from '../../functions/src/platform/http/instance';

export const PROJECT_ID = 'demo-foolrate';
export const REGION = 'us-central1';

export type EmulatorPorts = { web: number; api: number; auth: number };

/** The ports firebase-tools also takes: its hub and logging endpoints, next to the Auth emulator. */
export const hubPorts = (auth: number) => ({ hub: auth + 300, logging: auth + 301 });

/** The `api` function's own URL on the Functions emulator (the SSE streams go there, as deployed). */
export const functionUrl = (ports: EmulatorPorts) => `http://127.0.0.1:${ports.api}/${PROJECT_ID}/${REGION}/api`;

type HostingConfig = { public: string; headers?: unknown[]; [key: string]: unknown };

/**
 * A firebase.json for the emulators, made from the project's own: the same Hosting rewrites
 * and headers and the same functions source, with this stack's ports and built web app.
 */
export async function writeEmulatorConfig(stateDir: string, webDir: string, ports: EmulatorPorts): Promise<string> {
  const project = JSON.parse(readFileSync(resolve('firebase.json'), 'utf8')) as {
    hosting: HostingConfig;
    functions: Array<{ source: string; [key: string]: unknown }>;
  };
  const { predeploy: _h, ...hosting } = project.hosting;
  const functions = project.functions.map(({ predeploy: _f, ...f }) => ({ ...f, source: relative(stateDir, resolve(f.source)) }));
  const { hub, logging } = hubPorts(ports.auth);
  const config = {
    hosting: { ...hosting, public: relative(stateDir, webDir) },
    functions,
    emulators: {
      auth: { host: '127.0.0.1', port: ports.auth },
      functions: { host: '127.0.0.1', port: ports.api },
      hosting: { host: '127.0.0.1', port: ports.web },
      hub: { host: '127.0.0.1', port: hub },
      logging: { host: '127.0.0.1', port: logging },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  };
  const path = `${stateDir}/firebase.json`;
  await writeFile(path, JSON.stringify(config, null, 2));
  return path;
}

export type Emulators = { process: ChildProcess; output: () => string; exited: Promise<number | null> };

/** Stops the emulators: SIGINT (firebase-tools exports the Auth data), then ends their process group. */
export async function stopEmulators(emulators: Emulators, graceMs: number): Promise<void> {
  const child = emulators.process;
  if (child.exitCode === null && child.signalCode === null && child.pid) {
    child.kill('SIGINT');
    const timeout = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await emulators.exited;
    clearTimeout(timeout);
  }
  killGroup(emulators);
}

/** SIGKILL to whatever is left of the emulators' process group (function workers outlive the CLI otherwise). */
export function killGroup(emulators: Emulators): void {
  const pid = emulators.process.pid;
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    /* the group is gone already */
  }
}

/**
 * `firebase emulators:start --only auth,functions,hosting` with the project's own firebase-tools.
 * `env` reaches the functions (the runtime inherits the CLI's environment). Auth data is
 * imported from and exported to `authDir`.
 */
export async function startEmulators(opts: {
  configPath: string;
  stateDir: string;
  authDir: string;
  only: string[];
  env: Record<string, string>;
}): Promise<Emulators> {
  await mkdir(opts.authDir, { recursive: true });
  const child = spawn(
    resolve('node_modules/.bin/firebase'),
    ['emulators:start', '--only', opts.only.join(','), '--project', PROJECT_ID, '--config', opts.configPath, '--import', opts.authDir, '--export-on-exit', opts.authDir],
    {
      cwd: opts.stateDir,
      // CI=1 keeps firebase-tools from fetching its message-of-the-day over the network; the
      // preload makes the Hosting emulator forward uploads sent with Expect: 100-continue, and
      // a function worker serve FUNCTIONS_CONCURRENCY requests at once, as a deployed instance does.
      env: { ...process.env, ...opts.env, NO_UPDATE_NOTIFIER: '1', CI: '1', FUNCTIONS_CONCURRENCY: String(API_CONCURRENCY), NODE_OPTIONS: `--import=${JSON.stringify(pathToFileURL(resolve('scripts/lib/emulator-preload.mjs')).href)}` },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: a Ctrl-C or a test runner's signal reaches the launcher only, which
      // stops the emulators in order (Auth exports its data) and then ends the whole group,
      // function workers included.
      detached: true,
    },
  );
  let output = '';
  const collect = (b: Buffer) => {
    output = (output + b.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { process: child, output: () => output, exited };
}

/** Resolves when `url` answers with `ok(status)`; rejects after `timeoutMs` or when `abort` settles. */
export async function waitFor(url: string, ok: (status: number) => boolean, timeoutMs: number, abort: Promise<unknown>): Promise<void> {
  let stopped = false;
  void abort.finally(() => (stopped = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !stopped) {
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (ok(res.status)) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(stopped ? `stopped before ${url} answered` : `${url} did not answer within ${timeoutMs / 1000} s`);
}
