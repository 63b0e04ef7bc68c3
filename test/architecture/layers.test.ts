// The architecture as `ls` shows it, kept true: layers point one way and no folder imports itself
// in a circle. Read from the sources' own import lines (type-only imports count: a cycle of types
// still makes two modules impossible to understand one at a time).

import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

function sourcesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name.startsWith('.')) continue;
    if (statSync(full).isDirectory()) out.push(...sourcesUnder(full));
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s(type\s)?[^;]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/g;

function resolve(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [`${base}.ts`, path.join(base, 'index.ts'), base]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

/** What `file` imports; with `valuesOnly`, not `import type` (erased from the bundle). */
function importsOf(file: string, valuesOnly = false): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)]
    .filter((m) => !(valuesOnly && m[1]))
    .map((m) => resolve(file, m[2] ?? ''))
    .filter((t): t is string => t !== null);
}

const rel = (file: string) => path.relative(ROOT, file);

/** Every cycle of a directed graph, each as the sorted list of its nodes (Tarjan's SCCs). */
function stronglyConnected(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    indexOf.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indexOf.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indexOf.get(w)!));
    }
    if (low.get(v) === indexOf.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(rel(w) || '.');
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indexOf.has(node)) visit(node);
  return found;
}

/** Every import cycle among `files`, each as the list of modules around it. */
function cycles(files: string[]): string[][] {
  const inSet = new Set(files);
  return stronglyConnected(
    new Map(files.map((f) => [f, importsOf(f).filter((t) => inSet.has(t))])),
  );
}

/**
 * Every cycle among the folders under `dir` (each folder a node, its own files only): two
 * capabilities that import each other cannot be read, changed or moved one at a time, even when
 * no two files form a cycle.
 */
function folderCycles(dir: string): string[][] {
  const graph = new Map<string, string[]>();
  for (const file of sourcesUnder(dir)) {
    const from = path.dirname(file);
    const targets = importsOf(file)
      .filter((t) => t.startsWith(dir + path.sep))
      .map((t) => path.dirname(t))
      .filter((t) => t !== from);
    graph.set(from, [...new Set([...(graph.get(from) ?? []), ...targets])]);
  }
  return stronglyConnected(graph);
}

/** Imports from files under `from` into files under any of `forbidden`. */
function crossings(from: string, forbidden: string[], valuesOnly = false): string[] {
  const banned = forbidden.map((d) => path.join(ROOT, d) + path.sep);
  return sourcesUnder(path.join(ROOT, from)).flatMap((file) =>
    importsOf(file, valuesOnly)
      .filter((target) => banned.some((b) => target.startsWith(b)))
      .map((target) => `${rel(file)} → ${rel(target)}`),
  );
}

describe('layers point one way', () => {
  it('src/core is pure: it imports only src/core (and the shared ports)', () => {
    expect(
      crossings('src/core', ['src/api', 'src/engine', 'src/gas', 'src/addon', 'src/sidebar']),
    ).toEqual([]);
  });

  it('src/api imports neither the engine nor Apps Script nor the add-in', () => {
    expect(crossings('src/api', ['src/engine', 'src/gas', 'src/addon', 'src/sidebar'])).toEqual([]);
  });

  it('src/engine knows no Apps Script service and no add-in surface', () => {
    expect(crossings('src/engine', ['src/gas', 'src/addon', 'src/sidebar'])).toEqual([]);
  });

  it('the sidebar client (browser code) takes only types from server code, and values from core', () => {
    expect(
      crossings('src/sidebar', ['src/api', 'src/engine', 'src/gas', 'src/addon'], true),
    ).toEqual([]);
  });
});

describe('no import cycles', () => {
  it.each(['src', 'local/gas', 'local/emulator', 'local/preview'])('in %s', (dir) => {
    expect(cycles(sourcesUnder(path.join(ROOT, dir)))).toEqual([]);
  });

  it.each(['src', 'src/addon'])('between the folders of %s', (dir) => {
    expect(folderCycles(path.join(ROOT, dir))).toEqual([]);
  });
});

describe('small modules', () => {
  it('no file in src/ is over 350 lines: one concern a file', () => {
    const files = [
      ...sourcesUnder(path.join(ROOT, 'src')),
      path.join(ROOT, 'src/sidebar/sidebar.html'),
      path.join(ROOT, 'src/sidebar/sidebar.css'),
    ];
    const long = files
      .map((f) => [rel(f), readFileSync(f, 'utf8').split('\n').length] as const)
      .filter(([, lines]) => lines > 351);
    expect(long).toEqual([]);
  });
});
