// The Change Log's bound: past LOG_ROWS the oldest rows move, in order, to the archive sheet;
// nothing is dropped from the middle. Over a small in-memory stand-in for the few Sheet calls the
// module makes (the runtime tests cover the log's contents through real refreshes).

import {
  CHANGE_LOG_ARCHIVE_SHEET,
  CHANGE_LOG_HEADERS,
  CHANGE_LOG_SHEET,
  LOG_ROWS,
  appendChanges,
  type Change,
} from '../../../src/addon/changes/change-log';

/** Keeps what setValues received (`written`) and what getValues returns, as Sheets does. */
class GridSheet {
  rows: unknown[][] = [];
  written: unknown[][] = [];
  maxRows = 1000;
  getLastRow() {
    return this.rows.length;
  }
  getMaxRows() {
    return this.maxRows;
  }
  insertRowsAfter(_after: number, n: number) {
    this.maxRows += n;
  }
  setFrozenRows() {}
  deleteRows(start: number, n: number) {
    this.rows.splice(start - 1, n);
  }
  getRange(row: number, _col: number, n: number, width: number) {
    if (row + n - 1 > this.maxRows) throw new Error('out of bounds');
    return {
      setValues: (values: unknown[][]) => {
        values.forEach((v, i) => {
          this.written.push(v);
          // A leading apostrophe keeps the rest as text and is not part of the value.
          this.rows[row - 1 + i] = v
            .slice(0, width)
            .map((x) => (typeof x === 'string' && x.startsWith("'") ? x.slice(1) : x));
        });
      },
      getValues: () => this.rows.slice(row - 1, row - 1 + n),
      setNumberFormat: () => undefined,
    };
  }
}

function spreadsheet() {
  const sheets = new Map<string, GridSheet>();
  return {
    sheets,
    getSheetByName: (name: string) => sheets.get(name) ?? null,
    insertSheet: (name: string) => {
      const s = new GridSheet();
      sheets.set(name, s);
      return s;
    },
  };
}

const change = (i: number): Change => ({
  time: new Date(i),
  number: `N${i}`,
  field: 'ref_numbers',
  old: '',
  new: `=R${i}`,
  source: 'refresh',
});

it('moves the oldest rows out in order once the log is over its limit', () => {
  const ss = spreadsheet();
  const ssAsGas = ss as unknown as GoogleAppsScript.Spreadsheet.Spreadsheet;
  appendChanges(
    ssAsGas,
    Array.from({ length: LOG_ROWS }, (_, i) => change(i)),
  );
  const log = ss.sheets.get(CHANGE_LOG_SHEET)!;
  expect(log.rows[0]).toEqual([...CHANGE_LOG_HEADERS]);
  expect(log.rows).toHaveLength(LOG_ROWS + 1);
  expect(ss.sheets.has(CHANGE_LOG_ARCHIVE_SHEET)).toBe(false);
  expect(log.written[1]![4]).toBe("'=R0"); // written as literal text, never a formula

  appendChanges(ssAsGas, [change(LOG_ROWS)]);
  const archive = ss.sheets.get(CHANGE_LOG_ARCHIVE_SHEET)!;
  const kept = log.rows.slice(1).map((r) => r[1]);
  const moved = archive.rows.slice(1).map((r) => r[1]);
  expect(kept.length).toBeLessThanOrEqual(LOG_ROWS);
  expect(archive.written.at(-1)![4]).toBe(`'=R${moved.length - 1}`); // still text in the archive
  // Together, in order, every change: the oldest in the archive, the newest in the log.
  expect([...moved, ...kept]).toEqual(Array.from({ length: LOG_ROWS + 1 }, (_, i) => `N${i}`));
});
