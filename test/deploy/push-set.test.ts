// What `clasp push` would send, asked of the real clasp (`clasp status --json` lists the files to
// push and works offline). PRODUCT.md, Deployment modes: "`clasp push` sends exactly the
// add-in's files (`appsscript.json`, the script, the HTML): never the local tools' builds",
// whatever ran before: an old build's leftovers in dist/ included.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

jest.setTimeout(120_000);

const ROOT = path.resolve(__dirname, '../..');
const DIST = path.join(ROOT, 'dist');
const ADDON_FILES = ['dist/Code.js', 'dist/Sidebar.html', 'dist/appsscript.json'];

/** A Node bundle as the local tools' build writes them: its top level calls require. */
const NODE_BUNDLE = '"use strict";\nvar fs = require("node:fs");\nfs.existsSync(".");\n';

function build(...args: string[]): void {
  execFileSync(process.execPath, ['esbuild.config.mjs', ...args], { cwd: ROOT, stdio: 'pipe' });
}

function filesToPush(): string[] {
  const clasp = path.join(ROOT, 'node_modules', '@google', 'clasp', 'build', 'src', 'index.js');
  const out = execFileSync(process.execPath, [clasp, 'status', '--json'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return (JSON.parse(out) as { filesToPush: string[] }).filesToPush.sort();
}

const strays = [path.join(DIST, 'local', 'old-preview.js'), path.join(DIST, 'Stale.js')];

afterAll(() => {
  for (const file of strays) rmSync(file, { force: true });
});

describe('clasp push sends exactly the add-in', () => {
  it('after building the add-in and every local tool, over an old build left in dist/', () => {
    mkdirSync(path.join(DIST, 'local'), { recursive: true });
    for (const file of strays) writeFileSync(file, NODE_BUNDLE);
    build('--local');
    build();
    expect(filesToPush()).toEqual([...ADDON_FILES].sort());
    // The add-in build cleared the old output itself, not only .claspignore.
    expect(strays.filter((file) => existsSync(file))).toEqual([]);
    expect(existsSync(path.join(DIST, 'local'))).toBe(false);
  });

  it('even when a stray script lands in dist/ after the build (.claspignore)', () => {
    build();
    mkdirSync(path.join(DIST, 'local'), { recursive: true });
    for (const file of strays) writeFileSync(file, NODE_BUNDLE);
    expect(filesToPush()).toEqual([...ADDON_FILES].sort());
  });
});
