// docs/data-flow.md follows one LFD through the code step by step, each step naming its functions
// and the files they are in: every function a step names is defined in one of the files it names
// (a `Class.method` by its class and method), so the page cannot drift from the code unnoticed.

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const page = readFileSync(path.join(ROOT, 'docs/data-flow.md'), 'utf8');

const steps = page
  .split('\n')
  .filter((line) => /^\| [\d.]+ \|/.test(line))
  .map((line) => {
    const [, step, , functions, where] = line.split('|').map((c) => c.trim());
    const names = [...functions!.matchAll(/`([A-Za-z_][\w.]*)`/g)].map((m) => m[1]!);
    const files = [...where!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
    return { step: step!, names, files };
  });

const defines = (text: string, name: string) =>
  new RegExp(
    `(function|class|const|let|var|interface)\\s+${name}\\b|^\\s+(?:(?:private|static|readonly|async)\\s+)*${name}\\s*[(<:=]|\\b${name}:\\s*\\(`,
    'm',
  ).test(text);

it('has steps, each naming files that exist', () => {
  expect(steps.length).toBeGreaterThan(30);
  for (const { step, files } of steps) {
    expect([step, files.length > 0]).toEqual([step, true]);
    for (const file of files)
      expect([step, file, existsSync(path.join(ROOT, file))]).toEqual([step, file, true]);
  }
});

it('names only functions defined in the files it names', () => {
  const missing = steps.flatMap(({ step, names, files }) => {
    const texts = files
      .filter((f) => existsSync(path.join(ROOT, f)))
      .map((f) => readFileSync(path.join(ROOT, f), 'utf8'));
    return names
      .filter((name) => !/^[A-Z_]+$/.test(name) && !name.includes('/'))
      .filter((name) => !name.split('.').every((part) => texts.some((t) => defines(t, part))))
      .map((name) => `${step}: ${name}`);
  });
  expect(missing).toEqual([]);
});
