// What `clasp push` would send, asked of the real clasp (`clasp status --json` lists the files to
// push and works offline), for both builds: exactly the add-in's files (`appsscript.json`, the
// script, the HTML), never the local tools' builds, whatever ran before: an old build's leftovers
// included (docs/reference.md#builds). The builds run in a copy of the repository, so the
// dist/ other tests are loading is never rebuilt under them. The deployer's own project files
// (the committed .clasp.json plus a script id, as npm run deploy writes them) are made here.

import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pushSetOf } from '../../local/gas/push-set';

jest.setTimeout(120_000);

const ROOT = path.resolve(__dirname, '../..');
const ADDON_FILES = ['dist/Code.js', 'dist/Sidebar.html', 'dist/appsscript.json'];
/** What the builds and clasp read: everything but the outputs. */
const SOURCES = [
  '.clasp.json',
  '.claspignore',
  'appsscript.json',
  'esbuild.config.mjs',
  'package.json',
  'src',
  'local',
];

/** A Node bundle as the local tools' build writes them: its top level calls require. */
const NODE_BUNDLE = '"use strict";\nvar fs = require("node:fs");\nfs.existsSync(".");\n';

let copy: string;
let dist: string;
let strays: string[];

beforeAll(() => {
  copy = mkdtempSync(path.join(tmpdir(), 'push-set-'));
  for (const entry of SOURCES.filter((e) => existsSync(path.join(ROOT, e)))) {
    cpSync(path.join(ROOT, entry), path.join(copy, entry), {
      recursive: true,
      filter: (source) => path.basename(source) !== '.build',
    });
  }
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'));
  // Each build's project file is each deployer's own (npm run deploy writes it from .clasp.json).
  const shared = JSON.parse(readFileSync(path.join(copy, '.clasp.json'), 'utf8')) as object;
  for (const [file, rootDir] of [
    ['.clasp.bound.json', 'dist'],
    ['.clasp.addon.json', 'dist-addon'],
  ] as const) {
    writeFileSync(path.join(copy, file), JSON.stringify({ ...shared, rootDir, scriptId: 'test' }));
  }
  dist = path.join(copy, 'dist');
  strays = [path.join(dist, 'local', 'preview.js'), path.join(dist, 'Stale.js')];
});

afterAll(() => rmSync(copy, { recursive: true, force: true }));

function build(...args: string[]): void {
  execFileSync(process.execPath, ['esbuild.config.mjs', ...args], { cwd: copy, stdio: 'pipe' });
}

function leaveStrays(): void {
  mkdirSync(path.join(dist, 'local'), { recursive: true });
  for (const file of strays) writeFileSync(file, NODE_BUNDLE);
}

function filesToPush(projectFile = '.clasp.bound.json'): string[] {
  const clasp = path.join(ROOT, 'node_modules', '@google', 'clasp', 'build', 'src', 'index.js');
  const out = execFileSync(
    process.execPath,
    [clasp, '--project', projectFile, 'status', '--json'],
    {
      cwd: copy,
      encoding: 'utf8',
    },
  );
  return (JSON.parse(out) as { filesToPush: string[] }).filesToPush.sort();
}

describe('clasp push sends exactly the add-in', () => {
  it('after building the add-in and every local tool, over an old build left in dist/', () => {
    leaveStrays();
    build('--local');
    build();
    expect(filesToPush()).toEqual([...ADDON_FILES].sort());
    // The add-in build cleared the old output itself, not only .claspignore.
    expect(strays.filter((file) => existsSync(file))).toEqual([]);
    expect(existsSync(path.join(dist, 'local'))).toBe(false);
    // The local tools were built, elsewhere.
    expect(existsSync(path.join(copy, 'local', '.build', 'preview.js'))).toBe(true);
  });

  it('even when a stray script lands in dist/ after the build (.claspignore)', () => {
    build();
    leaveStrays();
    expect(filesToPush()).toEqual([...ADDON_FILES].sort());
    // The local runtime loads the same set (local/gas/push-set.ts).
    expect(pushSetOf(dist).list()).toEqual(['appsscript.json', 'Code.js', 'Sidebar.html']);
  });

  it('the add-on build: dist-addon/ pushed with its own project file, its own manifest', () => {
    build('--addon');
    const addon = path.join(copy, 'dist-addon');
    mkdirSync(path.join(addon, 'local'), { recursive: true });
    writeFileSync(path.join(addon, 'local', 'preview.js'), NODE_BUNDLE);
    expect(filesToPush('.clasp.addon.json')).toEqual(
      ['dist-addon/Code.js', 'dist-addon/Sidebar.html', 'dist-addon/appsscript.json'].sort(),
    );
    expect(pushSetOf(addon).list()).toEqual(['appsscript.json', 'Code.js', 'Sidebar.html']);
    const manifest = JSON.parse(readFileSync(path.join(addon, 'appsscript.json'), 'utf8')) as {
      webapp?: unknown;
    };
    expect(manifest.webapp).toBeUndefined();
  });
});
