// A small formula parser: enough of the Sheets grammar for the two things the preview evaluates,
// cells holding the add-in's own custom functions (=LFD(A2:A9, "pickup", CT_LAST_REFRESH)) and
// the custom-formula conditions of the add-in's conditional-format rules
// (=AND(ISNUMBER($G2), $G2<TODAY(), N("…")=0)). It is not a spreadsheet engine: what the
// evaluators do not understand they report, rather than guess at.

import { parseRange, type RangeRef } from './refs';

export type Expr =
  | { kind: 'number'; value: number }
  | { kind: 'string'; value: string }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'range'; ref: RangeRef }
  | { kind: 'name'; name: string }
  | { kind: 'call'; name: string; args: Expr[] }
  | { kind: 'unary'; op: '-' | '+'; arg: Expr }
  | { kind: 'binary'; op: BinaryOp; left: Expr; right: Expr };

export type BinaryOp = '+' | '-' | '*' | '/' | '&' | '=' | '<>' | '<' | '<=' | '>' | '>=';

export class FormulaSyntaxError extends Error {
  override name = 'FormulaSyntaxError';
}

type Token =
  | { type: 'number'; value: number }
  | { type: 'string'; value: string }
  | { type: 'range'; ref: RangeRef }
  | { type: 'word'; text: string }
  | { type: 'op'; text: string };

// A reference: optional sheet prefix, then A1, $A$1, A1:B9, A2:A (open-ended) or A:A.
const SHEET_PREFIX = /^(?:'(?:[^']|'')+'|[A-Za-z0-9_.]+)!/;
const CELL_RANGE = /^\$?[A-Za-z]{1,3}\$?\d+(?::\$?[A-Za-z]{1,3}\$?\d*)?/;
const COLUMN_RANGE = /^\$?[A-Za-z]{1,3}:\$?[A-Za-z]{1,3}/;
const WORD = /^[A-Za-z_][A-Za-z0-9_.]*/;
const NUMBER = /^(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/;
const OPERATORS = ['<>', '<=', '>=', '+', '-', '*', '/', '&', '=', '<', '>', '(', ')', ','];

function readReference(rest: string): { ref: RangeRef; length: number } | null {
  const prefix = SHEET_PREFIX.exec(rest)?.[0] ?? '';
  const body = rest.slice(prefix.length);
  const match = CELL_RANGE.exec(body) ?? COLUMN_RANGE.exec(body);
  if (!match) return null;
  const after = body[match[0].length] ?? '';
  // "LOG10(" or "ABC1D" are words, not references.
  if (/[A-Za-z0-9_.(!]/.test(after)) return null;
  const text = prefix + match[0];
  return { ref: parseRange(text), length: text.length };
}

export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const rest = source.slice(i);
    const space = /^\s+/.exec(rest);
    if (space) {
      i += space[0].length;
      continue;
    }
    if (rest[0] === '"') {
      const m = /^"((?:[^"]|"")*)"/.exec(rest);
      if (!m) throw new FormulaSyntaxError('A text value is missing its closing quote.');
      tokens.push({ type: 'string', value: (m[1] ?? '').replace(/""/g, '"') });
      i += m[0].length;
      continue;
    }
    const number = NUMBER.exec(rest);
    if (number) {
      tokens.push({ type: 'number', value: Number(number[0]) });
      i += number[0].length;
      continue;
    }
    const reference = readReference(rest);
    if (reference) {
      tokens.push({ type: 'range', ref: reference.ref });
      i += reference.length;
      continue;
    }
    const word = WORD.exec(rest);
    if (word) {
      tokens.push({ type: 'word', text: word[0] });
      i += word[0].length;
      continue;
    }
    const op = OPERATORS.find((o) => rest.startsWith(o));
    if (!op) throw new FormulaSyntaxError(`Unexpected "${rest[0]}" in the formula.`);
    tokens.push({ type: 'op', text: op });
    i += op.length;
  }
  return tokens;
}

const COMPARISONS = new Set(['=', '<>', '<', '<=', '>', '>=']);

class Parser {
  private at = 0;
  constructor(private readonly tokens: Token[]) {}

  parseAll(): Expr {
    const expr = this.comparison();
    const extra = this.tokens[this.at];
    if (extra) throw new FormulaSyntaxError(`Unexpected ${describe(extra)} after the formula.`);
    return expr;
  }

  private peekOp(ops: Set<string> | string[]): string | null {
    const t = this.tokens[this.at];
    const set = ops instanceof Set ? ops : new Set(ops);
    return t?.type === 'op' && set.has(t.text) ? t.text : null;
  }

  private expectOp(op: string): void {
    const t = this.tokens[this.at];
    if (t?.type !== 'op' || t.text !== op) {
      throw new FormulaSyntaxError(`Expected "${op}" but found ${t ? describe(t) : 'the end'}.`);
    }
    this.at += 1;
  }

  private comparison(): Expr {
    let left = this.concat();
    for (let op = this.peekOp(COMPARISONS); op; op = this.peekOp(COMPARISONS)) {
      this.at += 1;
      left = { kind: 'binary', op: op as BinaryOp, left, right: this.concat() };
    }
    return left;
  }

  private concat(): Expr {
    let left = this.additive();
    while (this.peekOp(['&'])) {
      this.at += 1;
      left = { kind: 'binary', op: '&', left, right: this.additive() };
    }
    return left;
  }

  private additive(): Expr {
    let left = this.term();
    for (let op = this.peekOp(['+', '-']); op; op = this.peekOp(['+', '-'])) {
      this.at += 1;
      left = { kind: 'binary', op: op as BinaryOp, left, right: this.term() };
    }
    return left;
  }

  private term(): Expr {
    let left = this.unary();
    for (let op = this.peekOp(['*', '/']); op; op = this.peekOp(['*', '/'])) {
      this.at += 1;
      left = { kind: 'binary', op: op as BinaryOp, left, right: this.unary() };
    }
    return left;
  }

  private unary(): Expr {
    const op = this.peekOp(['-', '+']);
    if (op) {
      this.at += 1;
      return { kind: 'unary', op: op as '-' | '+', arg: this.unary() };
    }
    return this.primary();
  }

  private primary(): Expr {
    const t = this.tokens[this.at];
    if (!t) throw new FormulaSyntaxError('The formula ends too early.');
    this.at += 1;
    switch (t.type) {
      case 'number':
        return { kind: 'number', value: t.value };
      case 'string':
        return { kind: 'string', value: t.value };
      case 'range':
        return { kind: 'range', ref: t.ref };
      case 'word':
        return this.word(t.text);
      case 'op':
        if (t.text === '(') {
          const inner = this.comparison();
          this.expectOp(')');
          return inner;
        }
        throw new FormulaSyntaxError(`Unexpected ${describe(t)}.`);
    }
  }

  private word(text: string): Expr {
    if (this.peekOp(['('])) {
      this.at += 1;
      const args: Expr[] = [];
      if (!this.peekOp([')'])) {
        args.push(this.comparison());
        while (this.peekOp([','])) {
          this.at += 1;
          args.push(this.comparison());
        }
      }
      this.expectOp(')');
      return { kind: 'call', name: text.toUpperCase(), args };
    }
    const upper = text.toUpperCase();
    if (upper === 'TRUE' || upper === 'FALSE') return { kind: 'boolean', value: upper === 'TRUE' };
    return { kind: 'name', name: text };
  }
}

function describe(t: Token): string {
  if (t.type === 'op' || t.type === 'word') return `"${t.text}"`;
  if (t.type === 'string') return 'a text value';
  if (t.type === 'number') return `the number ${t.value}`;
  return 'a cell reference';
}

const cache = new Map<string, Expr>();

/** Parses a formula, with or without its leading "="; results are cached by text. */
export function parseFormula(formula: string): Expr {
  const source = formula.trim().replace(/^=/, '');
  let expr = cache.get(source);
  if (!expr) {
    expr = new Parser(tokenize(source)).parseAll();
    cache.set(source, expr);
  }
  return expr;
}
