// The Drive v2 search-query subset add-ins use with DriveApp.searchFiles: terms on title,
// mimeType, trashed and modifiedDate (=, !=, contains, <, <=, >, >=), joined with `and` / `or`
// (`and` binds tighter), `not`, and parentheses. Anything else is "Invalid argument: q", as Drive
// answers a query it cannot parse.

import { fail } from './errors';

export interface SearchableFile {
  name: string;
  mimeType: string;
  trashed?: boolean;
  lastUpdated?: Date;
}

type Test = (f: SearchableFile) => boolean;

const TOKEN = /\s*(\(|\)|'(?:[^'\\]|\\.)*'|!=|<=|>=|=|<|>|[A-Za-z]+)/y;

function tokenize(query: string): string[] {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  let rest = query;
  while (rest.trim() !== '') {
    TOKEN.lastIndex = 0;
    const m = TOKEN.exec(rest);
    if (!m) fail('Invalid argument: q');
    tokens.push(m[1]!);
    rest = rest.slice(m[0].length);
  }
  return tokens;
}

function compare(a: string | number | boolean, op: string, b: string | number | boolean): boolean {
  switch (op) {
    case '=':
      return a === b;
    case '!=':
      return a !== b;
    case 'contains':
      return String(a).toLowerCase().includes(String(b).toLowerCase());
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
  }
  return fail('Invalid argument: q');
}

function leaf(field: string, op: string, raw: string): Test {
  const text = raw.startsWith("'") ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw;
  switch (field.toLowerCase()) {
    case 'title':
    case 'name':
      return (f) => compare(f.name, op, text);
    case 'mimetype':
      return (f) => compare(f.mimeType, op, text);
    case 'trashed':
      if (text !== 'true' && text !== 'false') fail('Invalid argument: q');
      return (f) => compare(!!f.trashed, op, text === 'true');
    case 'modifieddate': {
      const at = Date.parse(text);
      if (Number.isNaN(at)) fail('Invalid argument: q');
      return (f) => compare(f.lastUpdated?.getTime() ?? 0, op, at);
    }
  }
  return fail('Invalid argument: q');
}

export function compileDriveQuery(query: string): Test {
  const tokens = tokenize(query);
  let i = 0;
  const peek = () => tokens[i]?.toLowerCase();
  const take = () => tokens[i++] ?? fail('Invalid argument: q');

  function primary(): Test {
    if (peek() === '(') {
      take();
      const inner = or();
      if (take() !== ')') fail('Invalid argument: q');
      return inner;
    }
    if (peek() === 'not') {
      take();
      const inner = primary();
      return (f) => !inner(f);
    }
    return leaf(take(), take().toLowerCase(), take());
  }
  function and(): Test {
    const parts = [primary()];
    while (peek() === 'and') {
      take();
      parts.push(primary());
    }
    return (f) => parts.every((p) => p(f));
  }
  function or(): Test {
    const parts = [and()];
    while (peek() === 'or') {
      take();
      parts.push(and());
    }
    return (f) => parts.some((p) => p(f));
  }
  if (tokens.length === 0) return () => true;
  const test = or();
  if (i !== tokens.length) fail('Invalid argument: q');
  return test;
}
