// Documents and comments name only what exists: every repository path, module path, file name and
// relative link they mention is a file or folder of this repository. A maintainer who follows a
// reference must land somewhere (references to other repositories name the repository first,
// e.g. `Terminal49/API packages/mcp/src/lib/demurrage.ts`, and are not read as ours).

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const SKIP = new Set(['node_modules', '.git', '.build', 'dist', 'dist-addon', 'test-results']);

function filesUnder(dir: string, keep: (f: string) => boolean): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name) || name.startsWith('.')) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...filesUnder(full, keep));
    else if (keep(full)) out.push(full);
  }
  return out;
}

const documents = [
  path.join(ROOT, 'README.md'),
  ...filesUnder(path.join(ROOT, 'docs'), (f) => f.endsWith('.md')),
  ...filesUnder(path.join(ROOT, 'local'), (f) => f.endsWith('.md')),
];
const sources = ['src', 'test', 'local'].flatMap((d) =>
  filesUnder(path.join(ROOT, d), (f) => /\.(ts|mjs|html)$/.test(f)),
);
const allNames = new Set(
  ['src', 'test', 'local', 'docs'].flatMap((d) =>
    filesUnder(path.join(ROOT, d), () => true).map((f) => path.basename(f)),
  ),
);

/** Comments of a source file (line and block), where its references to other files live. */
const commentsOf = (text: string) =>
  [...text.matchAll(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g)].map((m) => m[0]).join('\n');

const EXT = '(?:ts|md|json|html|css|mjs|png|svg)';
const REPO_PATH = new RegExp(
  `(?<![\\w./@:-])((?:src|test|local|docs)/[\\w./@-]*\\.${EXT})\\b`,
  'g',
);
const SRC_PATH = new RegExp(
  `(?<![\\w./@-])((?:addon|core|engine|gas|api|execution|sidebar)/[\\w./-]*\\.ts)\\b`,
  'g',
);
const BARE_NAME = /`([a-z0-9][\w-]*\.(?:ts|mjs))`/g;
const MD_LINK = /\]\(([^)#\s]+\.(?:md|png|svg))(?:#[^)]*)?\)/g;

/** The anchors of docs/reference.md's headings, as GitHub makes them. */
const REFERENCE_ANCHORS = new Set(
  [...readFileSync(path.join(ROOT, 'docs/reference.md'), 'utf8').matchAll(/^#+ (.+)$/gm)].map(
    ([, heading]) =>
      heading!
        .trim()
        .toLowerCase()
        .replace(/[^\w\s-]/g, '')
        .replace(/\s/g, '-'),
  ),
);
const REFERENCE_LINK = /docs\/reference\.md#([\w-]+)|reference\.md#([\w-]+)/g;

function brokenIn(file: string, text: string): string[] {
  const where = path.relative(ROOT, file);
  const broken: string[] = [];
  for (const [, a, b] of text.matchAll(REFERENCE_LINK))
    if (!REFERENCE_ANCHORS.has((a ?? b)!)) broken.push(`${where}: reference.md#${a ?? b}`);
  for (const [, p] of text.matchAll(REPO_PATH))
    if (!existsSync(path.join(ROOT, p!))) broken.push(`${where}: ${p}`);
  for (const [, p] of text.matchAll(SRC_PATH))
    if (!existsSync(path.join(ROOT, 'src', p!))) broken.push(`${where}: src/…/${p}`);
  for (const [, name] of text.matchAll(BARE_NAME))
    if (!allNames.has(name!)) broken.push(`${where}: ${name}`);
  return broken;
}

it('documents name only files that exist, and link only to files that exist', () => {
  const broken = documents.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const links = [...text.matchAll(MD_LINK)]
      .map(([, target]) => target!)
      .filter((t) => !/^https?:/.test(t))
      .filter((t) => !existsSync(path.resolve(path.dirname(file), t)))
      .map((t) => `${path.relative(ROOT, file)}: link ${t}`);
    return [...brokenIn(file, text), ...links];
  });
  expect(broken).toEqual([]);
});

it('comments in the code name only files that exist', () => {
  const broken = sources.flatMap((file) => brokenIn(file, commentsOf(readFileSync(file, 'utf8'))));
  expect(broken).toEqual([]);
});

it('nothing cites a contract the repository does not hold', () => {
  const citing = [...documents, ...sources].filter((f) =>
    /PRODUCT\.md/.test(readFileSync(f, 'utf8')),
  );
  expect(citing.map((f) => path.relative(ROOT, f))).toEqual([]);
});
