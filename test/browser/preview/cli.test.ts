// The README's first commands are the ones that work: `npm start` builds, starts the preview,
// prints its one URL, serves it, and stops on Ctrl+C (SIGINT to the process group, as a terminal
// sends it) leaving both ports free. A busy port is reported in terms of what to do.

import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import path from 'node:path';

jest.setTimeout(150_000);

const ROOT = path.resolve(__dirname, '../../..');
/** `npm start` builds first: on a busy machine that takes a while (the file's timeout allows it). */
const LAUNCH_MS = 75_000;

beforeAll(() => {
  // The busy-port tests run the built CLI directly (npm start builds it too).
  execFileSync(process.execPath, ['esbuild.config.mjs', '--local'], { cwd: ROOT });
});

interface Run {
  child: ChildProcess;
  output: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function run(command: string, args: string[], env: Record<string, string>): Run {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so a Ctrl+C can be sent to all of it (npm, sh, node).
    detached: true,
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  // 'close', not 'exit': npm may exit first; the streams close when every process holding them
  // (npm, the preview, the emulator child) has exited.
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => out, exit };
}

async function waitFor<T>(probe: () => T | undefined, what: string, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const found = probe();
    if (found !== undefined) return found;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function listen(port = 0): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

const portOf = (server: Server) => (server.address() as { port: number }).port;
const close = (server: Server) => new Promise<void>((r) => server.close(() => r()));

async function freePort(): Promise<number> {
  const server = await listen();
  const port = portOf(server);
  await close(server);
  return port;
}

test('the README starts with `npm install && npm start` and `npm test`', () => {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const block = /```\w*\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
  const commands = block
    .split('\n')
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter(Boolean);
  expect(commands).toEqual(['npm install && npm start', 'npm test']);
});

test('npm start prints the page URL, the emulator and its demo key, serves both, stops on Ctrl+C', async () => {
  const emulatorPort = await freePort();
  const start = run('npm', ['start'], { PORT: '0', EMULATOR_PORT: String(emulatorPort) });
  const url = await waitFor(
    () => /Container Tracking preview: (http:\/\/\S+)/.exec(start.output())?.[1],
    `the URL in:\n${start.output()}`,
    LAUNCH_MS,
  );
  // Printed with the page URL, before anyone opens it.
  const apiBase = /Emulator API base URL: (http:\/\/\S+)/.exec(start.output())?.[1];
  const demoKey = /Demo key: +(\S+)/.exec(start.output())?.[1];
  expect(apiBase).toBe(`http://127.0.0.1:${emulatorPort}/v2`);
  // The key printed is the one the emulator answers to (and the one the preview saved).
  const containers = await fetch(`${apiBase}/containers`, {
    headers: { Authorization: `Token ${demoKey}` },
  });
  expect(containers.status).toBe(200);
  const refused = await fetch(`${apiBase}/containers`, { headers: { Authorization: 'Token x' } });
  expect(refused.status).toBe(401);
  const page = await fetch(url);
  expect(page.status).toBe(200);
  await expect(page.text()).resolves.toContain('<title>Container Tracking');
  const state = (await (await fetch(`${url}__preview/state`)).json()) as { sheets: unknown[] };
  expect(state.sheets.length).toBeGreaterThan(0);

  process.kill(-start.child.pid!, 'SIGINT');
  await start.exit;
  expect(start.output()).toMatch(/SIGINT: stopping/);
  await expect(fetch(url)).rejects.toThrow();
  await close(await listen(emulatorPort)); // the emulator's port is free again
});

describe('busy ports', () => {
  const cli = (env: Record<string, string>) =>
    run(process.execPath, [path.join('local', '.build', 'preview.js')], env);

  test.each([
    ['PORT', 'the preview page'],
    ['EMULATOR_PORT', 'the emulator'],
  ])('%s in use: says so, exits 1, leaves nothing running', async (variable, what) => {
    const busy = await listen();
    const taken = portOf(busy);
    const other = await freePort();
    const env =
      variable === 'PORT'
        ? { PORT: String(taken), EMULATOR_PORT: String(other) }
        : { PORT: String(other), EMULATOR_PORT: String(taken) };
    const started = cli(env);
    const { code } = await started.exit;
    await close(busy);
    expect(code).toBe(1);
    expect(started.output()).toContain(
      `Port ${taken} on 127.0.0.1 is already in use, so ${what} cannot listen there.`,
    );
    expect(started.output()).toContain(`${variable}=<port> npm start`);
    await close(await listen(other));
  });
});
