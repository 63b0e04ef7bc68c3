// The fake DriveApp's searchFiles understands `title`/`mimeType` terms joined by "and"; the
// add-in's query (real Drive v2 syntax) also uses `trashed = false`, "or" and parentheses. Until
// local/gas supports those, browser tests evaluate such queries here, leaf terms still by the
// fake. Patched per test file (jest gives each file its own module registry).

import { FakeDriveApp, FakeFileIterator, type DriveFileSpec } from '../../../local/gas/drive';

function ids(drive: FakeDriveApp, leaf: string): Set<string> {
  if (/^\s*trashed\s*=\s*false\s*$/i.test(leaf)) {
    return new Set(collect(drive.getFiles()).map((f) => f.getId()));
  }
  return new Set(collect(original.call(drive, leaf)).map((f) => f.getId()));
}

function collect(it: FakeFileIterator) {
  const out = [];
  while (it.hasNext()) out.push(it.next());
  return out;
}

/** `a and (b or c)`: top-level "and" of terms, each a leaf or a parenthesised "or" of leaves. */
function evaluate(drive: FakeDriveApp, query: string): Set<string> {
  const terms = query.split(/\s+and\s+(?![^(]*\))/i);
  const sets = terms.map((term) => {
    const inner = /^\s*\((.*)\)\s*$/.exec(term);
    const alternatives = inner ? (inner[1] ?? '').split(/\s+or\s+/i) : [term];
    return new Set(alternatives.flatMap((a) => [...ids(drive, a)]));
  });
  const [first = new Set<string>(), ...rest] = sets;
  return new Set([...first].filter((id) => rest.every((set) => set.has(id))));
}

const original = FakeDriveApp.prototype.searchFiles;

export function supportFullDriveQueries(): void {
  FakeDriveApp.prototype.searchFiles = function (this: FakeDriveApp, params: string) {
    const wanted = evaluate(this, String(params));
    // `files` is the fake's own (TypeScript-private) list of specs.
    const { files } = this as unknown as { files: DriveFileSpec[] };
    return new FakeFileIterator(files.filter((f) => wanted.has(f.id)));
  };
}
