// The command line: bundled the way `node esbuild.config.mjs --local` bundles it, then run.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { readJson } from './support/harness';

const dir = mkdtempSync(join(tmpdir(), 'emulator-cli-'));
const bundle = join(dir, 'emulator.js');

beforeAll(async () => {
  await build({
    entryPoints: [join(__dirname, '../../local/emulator/cli.ts')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    packages: 'external',
    logLevel: 'silent',
  });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
}

function run(env: Record<string, string>): Run {
  const child = spawn(process.execPath, [bundle], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exit };
}

async function waitFor(check: () => boolean, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('cli', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'prints the URLs and the key, serves, and stops on %s',
    async (signal) => {
      const cli = run({ PORT: '0', EMULATOR_KEY: 'cli-key-1234' });
      await waitFor(() => cli.stdout().includes('Demo key:'), 'the banner');
      const api = /API base URL: (\S+)/.exec(cli.stdout())?.[1] ?? '';
      const app = /App URL:\s+(\S+)/.exec(cli.stdout())?.[1] ?? '';
      expect(api).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v2$/);
      expect(app).toBe(api.replace(/\/v2$/, ''));
      expect(cli.stdout()).toContain('Demo key:     cli-key-1234');
      expect((await fetch(`${app}/health`)).status).toBe(200);
      const containers = await fetch(`${api}/containers?page[size]=1`, {
        headers: { Authorization: 'Token cli-key-1234' },
      });
      expect(containers.status).toBe(200);
      expect((await readJson(containers)).meta.total).toBe(63);
      cli.child.kill(signal);
      expect(await cli.exit).toBe(0);
      expect(cli.stdout()).toContain(`${signal}: stopping the emulator`);
    },
  );

  it('says clearly that the port is busy', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    const cli = run({ PORT: String(port) });
    expect(await cli.exit).toBe(1);
    expect(cli.stderr()).toContain(`Port ${port} on 127.0.0.1 is already in use`);
    expect(cli.stderr()).toContain('PORT=');
    await new Promise((resolve) => blocker.close(resolve));
  });

  it('refuses a PORT that is not a port number', async () => {
    const cli = run({ PORT: 'eighty' });
    expect(await cli.exit).toBe(2);
    expect(cli.stderr()).toContain('PORT must be a port number');
  });
});
