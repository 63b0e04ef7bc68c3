// The local runtime loads what clasp would push, as Apps Script does: every script file of the
// push set in one global scope per execution. Which files that is comes from local/gas/push-set.ts,
// checked here against the real `clasp status` on the same layouts.

import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createGasRuntime } from '../../local/gas';
import { pushSetOf } from '../../local/gas/push-set';

jest.setTimeout(60_000);

const ROOT = path.resolve(__dirname, '../..');
const NODE_BUNDLE = '"use strict";\nvar fs = require("node:fs");\nfs.existsSync(".");\n';

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

/** A clasp project in a temporary folder: .clasp.json with rootDir dist, and the given files. */
function project(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'clasp-project-'));
  dirs.push(dir);
  writeFileSync(
    path.join(dir, '.clasp.json'),
    JSON.stringify({ scriptId: 'local-test', rootDir: 'dist' }),
  );
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

const runtime = (dir: string) =>
  createGasRuntime({
    codePath: path.join(dir, 'dist', 'Code.js'),
    fetch: () => ({ status: 200, headers: {}, body: '' }),
  });

function claspFilesToPush(dir: string): string[] {
  const clasp = path.join(ROOT, 'node_modules', '@google', 'clasp', 'build', 'src', 'index.js');
  const out = execFileSync(process.execPath, [clasp, 'status', '--json'], {
    cwd: dir,
    encoding: 'utf8',
  });
  const { filesToPush } = JSON.parse(out) as { filesToPush: string[] };
  return filesToPush.map((f) => path.relative('dist', f).split(path.sep).join('/')).sort();
}

describe('the push set (local/gas/push-set.ts) is what clasp pushes', () => {
  const layout = {
    'dist/appsscript.json': '{}',
    'dist/Code.js': 'function a() {}',
    'dist/Sidebar.html': '<p>',
    'dist/More.gs': 'function b() {}',
    'dist/local/preview.js': NODE_BUNDLE,
    'dist/notes.txt': 'not pushed by default',
    'dist/node_modules/x/index.js': 'never pushed',
  };

  it("with clasp's default ignore rules", () => {
    const dir = project(layout);
    const ours = pushSetOf(path.join(dir, 'dist')).list();
    expect(ours).toContain('local/preview.js');
    expect(ours.sort()).toEqual(claspFilesToPush(dir));
  });

  it("with this repository's .claspignore", () => {
    const dir = project(layout);
    copyFileSync(path.join(ROOT, '.claspignore'), path.join(dir, '.claspignore'));
    const ours = pushSetOf(path.join(dir, 'dist')).list();
    expect(ours).toEqual(['appsscript.json', 'Code.js', 'Sidebar.html']);
    expect(ours.sort()).toEqual(claspFilesToPush(dir));
  });
});

describe('createGasRuntime({ codePath }) loads the push set', () => {
  it('every script file, in one global scope', () => {
    const dir = project({
      'dist/Code.js': 'function total() { return helper() + 1; }',
      'dist/Helpers.gs': 'function helper() { return 41; }',
      'dist/Sidebar.html': '<p>not a script</p>',
    });
    expect(runtime(dir).run('total')).toBe(42);
  });

  it('afresh for each execution: globals do not survive it', () => {
    const dir = project({ 'dist/Code.js': 'var count = 0;\nfunction bump() { return ++count; }' });
    const rt = runtime(dir);
    expect([rt.run('bump'), rt.run('bump')]).toEqual([1, 1]);
  });

  it('a Node bundle clasp would push fails every execution, as it would in Apps Script', () => {
    const dir = project({
      'dist/Code.js': "function ping() { return 'pong'; }",
      'dist/local/preview.js': NODE_BUNDLE,
    });
    expect(() => runtime(dir).run('ping')).toThrow('require is not defined');
    // The same folder with this repository's .claspignore: the bundle is not pushed, nor loaded.
    copyFileSync(path.join(ROOT, '.claspignore'), path.join(dir, '.claspignore'));
    expect(runtime(dir).run('ping')).toBe('pong');
  });

  it('codePath must be a script file clasp would push', () => {
    const dir = project({ 'dist/Code.js': 'function a() {}', 'dist/Other.js': 'function b() {}' });
    copyFileSync(path.join(ROOT, '.claspignore'), path.join(dir, '.claspignore'));
    expect(() =>
      createGasRuntime({
        codePath: path.join(dir, 'dist', 'Other.js'),
        fetch: () => ({ status: 200, headers: {}, body: '' }),
      }),
    ).toThrow('is not a script file clasp would push');
  });
});
