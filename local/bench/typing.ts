// What the add-in's onEdit(e) costs a person typing (src/addon/cells/lfd-date-format.ts): every
// edit in the spreadsheet runs it, so an ordinary edit must stay one read, and a typed or pasted
// LFD() one format write however many cells it covers.

import { cpu, measure, world, type World } from './scenario-kit';
import type { Row } from './scenarios';

const ROWS = 2_000;

function notesWorld(): World {
  const w = world({
    sheets: [{ name: 'Notes', values: Array.from({ length: ROWS }, () => ['']) }],
  });
  w.gas.counters.reset();
  return w;
}

export function plainEdits(): Row {
  const w = notesWorld();
  const t = cpu(() => {
    for (let row = 1; row <= 100; row += 1) w.gas.userEdit('Notes', row, 1, `note ${row}`);
  });
  return {
    scenario: 'Typing: 100 ordinary edits (each runs onEdit)',
    target: '1 sheet read an edit, no write',
    ours: measure(w, t.ms, { executions: w.gas.executions.length }),
  };
}

export function typedLfd(): Row {
  const w = notesWorld();
  const column = Array.from({ length: ROWS }, (_, i) => [`=LFD(A${i + 1})`]);
  const t = cpu(() => {
    w.gas.userEdit('Notes', 1, 2, '=LFD(A1)');
    w.gas.userEdit('Notes', 1, 3, column);
  });
  const formatted = w.gas.spreadsheet.sheetByName('Notes')!.cell(ROWS, 3)?.numberFormat;
  return {
    scenario: `Typing: =LFD(A1), then a pasted column of ${ROWS.toLocaleString('en-US')} LFD() calls`,
    target: '1 format write an edit, whatever its size',
    ours: measure(w, t.ms, { 'last pasted cell': formatted ?? 'unformatted' }),
  };
}
