// Which files of a folder `clasp push` would send, by clasp's own rule (@google/clasp 3.4.1,
// build/src/core/files.js and clasp.js): every file under the project's rootDir whose path
// relative to rootDir survives micromatch.not(paths, patterns), the patterns being the lines of
// .claspignore next to .clasp.json or, without one, clasp's defaults. The local runtime loads the
// script files of this set, so a file clasp would push is a file the tests run.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** clasp's DEFAULT_CLASP_IGNORE. */
const DEFAULT_PATTERNS = [
  '**/**',
  '!**/appsscript.json',
  '!**/*.gs',
  '!**/*.js',
  '!**/*.ts',
  '!**/*.html',
  '.git/**',
  'node_modules/**',
];

/** Apps Script runs .gs and .js files as server script; HTML is served by HtmlService. */
const SCRIPT_EXTENSIONS = new Set(['.js', '.gs']);

/** A glob as micromatch reads it with `dot: true`: `**` spans directories, `*` and `?` do not. */
function globToRegExp(glob: string): RegExp {
  let source = '';
  for (let i = 0; i < glob.length; i += 1) {
    const c = glob.charAt(i);
    if (glob.startsWith('**/', i)) {
      source += '(?:.*/)?';
      i += 2;
    } else if (glob.startsWith('**', i)) {
      source += '.*';
      i += 1;
    } else if (c === '*') source += '[^/]*';
    else if (c === '?') source += '[^/]';
    else source += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

interface Pattern {
  negated: boolean;
  regex: RegExp;
}

/**
 * The project directory `folder` is pushed from: the nearest one above it holding a clasp project
 * file. clasp takes the project file from `--project` (each build's, beside .clasp.json: the
 * deploy's .clasp.bound.json / .clasp.addon.json) or finds .clasp.json upwards, and reads
 * .claspignore from the project file's directory, so every build of the repository is pushed
 * under the one .claspignore at its top.
 */
function projectOf(folder: string): string | undefined {
  for (let dir = folder; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, '.clasp.json'))) return dir;
    if (path.dirname(dir) === dir) return undefined;
  }
}

function patternsFor(folder: string): Pattern[] {
  const project = projectOf(folder);
  const ignoreFile = project ? path.join(project, '.claspignore') : undefined;
  const lines =
    ignoreFile && existsSync(ignoreFile)
      ? readFileSync(ignoreFile, 'utf8')
          .replace(/^\uFEFF/, '')
          .split(/\r?\n/)
          .filter((line) => line.length > 0)
      : DEFAULT_PATTERNS;
  return lines.map((line) => {
    const negated = line.startsWith('!');
    return { negated, regex: globToRegExp(negated ? line.slice(1) : line) };
  });
}

export interface PushSet {
  /** The rootDir: where clasp pushes from. */
  folder: string;
  /** Whether clasp would push this file (absolute, or relative to the folder). */
  includes(file: string): boolean;
  /** Whether Apps Script would run this file as server script (pushed, and .js or .gs). */
  isScript(file: string): boolean;
  /** Every pushed file, relative to the folder, sorted as clasp sorts them. */
  list(): string[];
}

/** The push set of `folder` (clasp's rootDir). */
export function pushSetOf(folder: string): PushSet {
  const root = path.resolve(folder);
  const patterns = patternsFor(root);
  const allNegated = patterns.every((p) => p.negated);
  // micromatch.not keeps what micromatch() drops: micromatch() keeps a path a positive pattern
  // matches, unless a negated one matches it after that.
  const ignored = (relative: string) => {
    let kept = allNegated;
    for (const { negated, regex } of patterns) {
      if (!regex.test(relative)) continue;
      kept = !negated;
    }
    return kept;
  };
  const relativeOf = (file: string) =>
    path.relative(root, path.resolve(root, file)).split(path.sep).join('/');
  const includes = (file: string) => {
    const relative = relativeOf(file);
    return !relative.startsWith('../') && !ignored(relative);
  };
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? walk(full) : [relativeOf(full)];
    });
  return {
    folder: root,
    includes,
    isScript: (file) => includes(file) && SCRIPT_EXTENSIONS.has(path.extname(file).toLowerCase()),
    list: () =>
      walk(root)
        .filter(includes)
        .sort((a, b) => a.localeCompare(b)),
  };
}
