// npm run deploy's logic (local/deploy/deploy.ts) against a stand-in `clasp` on PATH: this
// machine has no network, so the stand-in answers as clasp 3 does with --json (its
// create-script prints {scriptId, parentId, files}; show-authorized-user prints {loggedIn}) and
// writes down every call, which the tests then read.

import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DeployError, deploy, parseArgs, type DeployContext } from '../../local/deploy/deploy';

/** The shared project settings the repository commits (no script id: that is each deployer's). */
const SHARED = JSON.parse(
  readFileSync(path.resolve(__dirname, '../../.clasp.json'), 'utf8'),
) as Record<string, unknown>;

const STAND_IN = `#!/usr/bin/env node
const fs = require('node:fs');
const args = process.argv.slice(2).filter((a) => a !== '--json');
fs.appendFileSync('clasp-calls.log', args.join(' ') + '\\n');
// clasp's global --project names the project file it reads and writes (default .clasp.json).
let project = '.clasp.json';
if (args[0] === '--project') { project = args[1]; args.splice(0, 2); }
const fail = process.env.FAKE_CLASP_FAIL;
if (fail && args[0] === fail) { process.stderr.write('Error: ' + process.env.FAKE_CLASP_FAIL_TEXT); process.exit(1); }
const out = (v) => process.stdout.write(JSON.stringify(v));
switch (args[0]) {
  case 'show-authorized-user':
    out(process.env.FAKE_CLASP_LOGGED_OUT ? { loggedIn: false } : { loggedIn: true, email: 'dev@example.com' });
    break;
  case 'create-script': {
    const settings = fs.existsSync(project) ? JSON.parse(fs.readFileSync(project, 'utf8')) : {};
    if (settings.scriptId !== undefined) { process.stderr.write('Project file already exists.'); process.exit(1); }
    fs.writeFileSync(project, JSON.stringify({ ...settings, scriptId: 'NEW_SCRIPT', rootDir: 'dist', parentId: ['SHEET_ID'] }));
    fs.mkdirSync('dist', { recursive: true });
    fs.writeFileSync('dist/Code.js', 'function myFunction() {}');
    out({ scriptId: 'NEW_SCRIPT', parentId: 'SHEET_ID', files: ['dist/Code.js'] });
    break;
  }
  case 'create-deployment':
    out({ deploymentId: 'AKfyc_DEPLOYMENT', versionNumber: 1 });
    break;
  case 'update-deployment':
    out({ deploymentId: args[1], versionNumber: 2 });
    break;
  default:
    out({});
}
`;

let dir: string;
let lines: string[];
let builds: number;
let env: NodeJS.ProcessEnv;

function ctx(): DeployContext {
  return { cwd: dir, env, log: (line) => lines.push(line), build: () => void builds++ };
}

function calls(): string[] {
  const file = path.join(dir, 'clasp-calls.log');
  return existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n') : [];
}

function json(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as Record<string, unknown>;
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'deploy-'));
  const bin = path.join(dir, 'bin');
  mkdirSync(bin);
  writeFileSync(path.join(bin, 'clasp'), STAND_IN);
  chmodSync(path.join(bin, 'clasp'), 0o755);
  env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` };
  delete env.CLASP;
  lines = [];
  builds = 0;
  writeFileSync(path.join(dir, '.clasp.json'), JSON.stringify(SHARED));
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run deploy', () => {
  it('with no script creates a bound spreadsheet, rebuilds over the starter files, pushes and says what next', () => {
    deploy(parseArgs([]), ctx());
    expect(calls()).toEqual([
      'show-authorized-user',
      '--project .clasp.bound.json create-script --type sheets --title LFD Watch: Container Tracking --rootDir dist',
      '--project .clasp.bound.json push --force',
    ]);
    expect(builds).toBe(1);
    expect(json('.deploy.json')).toEqual({ spreadsheetId: 'SHEET_ID' });
    // The script id went into the deployer's own project file, never the shared one.
    expect(json('.clasp.bound.json')).toMatchObject({ ...SHARED, scriptId: 'NEW_SCRIPT' });
    expect(json('.clasp.json')).toEqual(SHARED);
    const said = lines.join('\n');
    expect(said).toContain('https://docs.google.com/spreadsheets/d/SHEET_ID/edit');
    expect(said).toMatch(/Settings: paste your tracking API key/);
  });

  it('a second run only pushes: no new spreadsheet, no rebuild', () => {
    deploy(parseArgs([]), ctx());
    deploy(parseArgs([]), ctx());
    expect(calls().filter((c) => c.includes('create-script'))).toHaveLength(1);
    expect(calls().slice(-2)).toEqual([
      'show-authorized-user',
      '--project .clasp.bound.json push --force',
    ]);
    expect(builds).toBe(1);
  });

  it('with --script-id writes .clasp.bound.json (the shared settings, rootDir dist) and pushes to that script', () => {
    deploy(parseArgs(['--script-id', 'EXISTING']), ctx());
    expect(json('.clasp.bound.json')).toEqual({ ...SHARED, rootDir: 'dist', scriptId: 'EXISTING' });
    expect(json('.clasp.json')).toEqual(SHARED);
    expect(calls()).toEqual(['show-authorized-user', '--project .clasp.bound.json push --force']);
  });

  it('--addon pushes dist-addon/ to the standalone script named once, never creating one', () => {
    expect(() => deploy(parseArgs(['--addon']), ctx())).toThrow(/--addon --script-id/);
    expect(calls()).toEqual(['show-authorized-user']);
    deploy(parseArgs(['--addon', '--script-id', 'ADDON_SCRIPT']), ctx());
    expect(json('.clasp.addon.json')).toEqual({
      ...SHARED,
      rootDir: 'dist-addon',
      scriptId: 'ADDON_SCRIPT',
    });
    deploy(parseArgs(['--addon']), ctx());
    expect(calls().filter((c) => c.includes('push'))).toEqual([
      '--project .clasp.addon.json push --force',
      '--project .clasp.addon.json push --force',
    ]);
    expect(calls().some((c) => /create-script|deployment/.test(c))).toBe(false);
    expect(existsSync(path.join(dir, '.clasp.bound.json'))).toBe(false);
    expect(lines.join('\n')).toMatch(/Marketplace SDK/);
    expect(() => parseArgs(['--addon', '--web-app'])).toThrow(/no web app/);
  });

  it('--web-app creates the deployment once; later deploys update it so /exec runs the new code', () => {
    deploy(parseArgs(['--web-app']), ctx());
    expect(lines.join('\n')).toContain('https://script.google.com/macros/s/AKfyc_DEPLOYMENT/exec');
    lines = [];
    deploy(parseArgs([]), ctx());
    const last = calls().slice(-2);
    expect(last[0]).toBe('--project .clasp.bound.json push --force');
    expect(last[1]).toMatch(
      /^--project .clasp.bound.json update-deployment AKfyc_DEPLOYMENT --description npm run deploy /,
    );
    expect(calls().filter((c) => c.includes('create-deployment'))).toHaveLength(1);
    expect(lines.join('\n')).toContain('Updated the web app to the new code');
  });

  it('not logged in: says to run clasp login and creates nothing', () => {
    env.FAKE_CLASP_LOGGED_OUT = '1';
    expect(() => deploy(parseArgs([]), ctx())).toThrow(/npx clasp login/);
    expect(calls()).toEqual(['show-authorized-user']);
    expect(existsSync(path.join(dir, '.clasp.bound.json'))).toBe(false);
  });

  it("a clasp failure carries clasp's words and a hint", () => {
    env.FAKE_CLASP_FAIL = 'push';
    env.FAKE_CLASP_FAIL_TEXT = 'User has not enabled the Apps Script API.';
    expect(() => deploy(parseArgs(['--script-id', 'X']), ctx())).toThrow(
      /clasp push failed: Error: User has not enabled the Apps Script API\. Turn on the Apps Script API/,
    );
  });

  it('refuses a second script id over a configured one, and unknown options', () => {
    deploy(parseArgs(['--script-id', 'ONE']), ctx());
    expect(() => deploy(parseArgs(['--script-id', 'TWO']), ctx())).toThrow(DeployError);
    expect(() => parseArgs(['--bogus'])).toThrow(/Unknown option --bogus/);
    expect(() => parseArgs(['--script-id'])).toThrow(/needs a value/);
  });

  it('without clasp installed says to run npm install', () => {
    env.PATH = path.join(dir, 'nowhere');
    expect(() => deploy(parseArgs([]), ctx())).toThrow(/clasp was not found: run `npm install`/);
  });
});
