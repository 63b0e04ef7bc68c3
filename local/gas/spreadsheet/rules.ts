// Counter buckets and permission scopes of spreadsheet methods: value/format reads, writes
// (refused in custom functions), and everything else (navigation, metadata).

import type { MethodRule } from '../registry';

const read: MethodRule = { service: 'SpreadsheetRead', scope: 'spreadsheet-read' };
const write: MethodRule = { service: 'SpreadsheetWrite', scope: 'spreadsheet-write' };

export function spreadsheetRules(reads: string[], writes: string[]): Record<string, MethodRule> {
  return Object.fromEntries([...reads.map((m) => [m, read]), ...writes.map((m) => [m, write])]);
}
