// The documents' worked examples can be followed as written: every container number they show a
// reader (the README's tour, docs/using.md, docs/data-flow.md, the behaviour reference) has a
// valid check digit, except the format placeholder AAAU1234567, which no one is asked to type.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { hasValidCheckDigit } from '../../src/core/container-number';

const DOCS = ['README.md', 'docs/using.md', 'docs/data-flow.md', 'docs/reference.md'];
const PLACEHOLDER = 'AAAU1234567';

describe('container numbers in the documents', () => {
  it.each(DOCS)('%s: each has a valid check digit', (file) => {
    const text = readFileSync(path.join(__dirname, '../..', file), 'utf8');
    const numbers = [...new Set(text.match(/\b[A-Z]{4}\d{7}\b/g) ?? [])].filter(
      (n) => n !== PLACEHOLDER,
    );
    expect(numbers.filter((n) => !hasValidCheckDigit(n))).toEqual([]);
  });
});
