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

const STAND_IN = `#!/usr/bin/env node
const fs = require('node:fs');
const args = process.argv.slice(2).filter((a) => a !== '--json');
fs.appendFileSync('clasp-calls.log', args.join(' ') + '\\n');
const fail = process.env.FAKE_CLASP_FAIL;
if (fail && args[0] === fail) { process.stderr.write('Error: ' + process.env.FAKE_CLASP_FAIL_TEXT); process.exit(1); }
const out = (v) => process.stdout.write(JSON.stringify(v));
switch (args[0]) {
  case 'show-authorized-user':
    out(process.env.FAKE_CLASP_LOGGED_OUT ? { loggedIn: false } : { loggedIn: true, email: 'dev@example.com' });
    break;
  case 'create-script':
    if (fs.existsSync('.clasp.json')) { process.stderr.write('Project file already exists.'); process.exit(1); }
    fs.writeFileSync('.clasp.json', JSON.stringify({ scriptId: 'NEW_SCRIPT', rootDir: 'dist' }));
    fs.mkdirSync('dist', { recursive: true });
    fs.writeFileSync('dist/Code.js', 'function myFunction() {}');
    out({ scriptId: 'NEW_SCRIPT', parentId: 'SHEET_ID', files: ['dist/Code.js'] });
    break;
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
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run deploy', () => {
  it('with no script creates a bound spreadsheet, rebuilds over the starter files, pushes and says what next', () => {
    deploy(parseArgs([]), ctx());
    expect(calls()).toEqual([
      'show-authorized-user',
      'create-script --type sheets --title Container Tracking --rootDir dist',
      'push --force',
    ]);
    expect(builds).toBe(1);
    expect(json('.deploy.json')).toEqual({ spreadsheetId: 'SHEET_ID' });
    const said = lines.join('\n');
    expect(said).toContain('https://docs.google.com/spreadsheets/d/SHEET_ID/edit');
    expect(said).toMatch(/Settings: paste your tracking API key/);
  });

  it('a second run only pushes: no new spreadsheet, no rebuild', () => {
    deploy(parseArgs([]), ctx());
    deploy(parseArgs([]), ctx());
    expect(calls().filter((c) => c.startsWith('create-script'))).toHaveLength(1);
    expect(calls().slice(-2)).toEqual(['show-authorized-user', 'push --force']);
    expect(builds).toBe(1);
  });

  it('with --script-id writes .clasp.json (rootDir dist) and pushes to that script', () => {
    deploy(parseArgs(['--script-id', 'EXISTING']), ctx());
    expect(json('.clasp.json')).toEqual({
      scriptId: 'EXISTING',
      rootDir: 'dist',
      fileExtension: 'js',
    });
    expect(calls()).toEqual(['show-authorized-user', 'push --force']);
  });

  it('--web-app creates the deployment once; later deploys update it so /exec runs the new code', () => {
    deploy(parseArgs(['--web-app']), ctx());
    expect(lines.join('\n')).toContain('https://script.google.com/macros/s/AKfyc_DEPLOYMENT/exec');
    lines = [];
    deploy(parseArgs([]), ctx());
    const last = calls().slice(-2);
    expect(last[0]).toBe('push --force');
    expect(last[1]).toMatch(/^update-deployment AKfyc_DEPLOYMENT --description npm run deploy /);
    expect(calls().filter((c) => c.startsWith('create-deployment'))).toHaveLength(1);
    expect(lines.join('\n')).toContain('Updated the web app to the new code');
  });

  it('not logged in: says to run clasp login and creates nothing', () => {
    env.FAKE_CLASP_LOGGED_OUT = '1';
    expect(() => deploy(parseArgs([]), ctx())).toThrow(/npx clasp login/);
    expect(calls()).toEqual(['show-authorized-user']);
    expect(existsSync(path.join(dir, '.clasp.json'))).toBe(false);
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
