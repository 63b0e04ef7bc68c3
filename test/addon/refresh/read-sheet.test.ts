// The read stage: one read of the Tracking sheet; a missing sheet or merged headers stop the run.
import { readSheet } from '../../../src/addon/refresh/read-sheet';
import { AppError } from '../../../src/core/errors';

function spreadsheet(values: unknown[][] | null, merged = 0) {
  const calls = { merges: 0 };
  const sheet = {
    getDataRange: () => ({ getValues: () => values }),
    getRange: () => ({
      getMergedRanges: () => {
        calls.merges++;
        return new Array(merged).fill({});
      },
    }),
  };
  const ss = {
    getSheetByName: (name: string) => (values && name === 'Tracking' ? sheet : null),
  } as unknown as GoogleAppsScript.Spreadsheet.Spreadsheet;
  return { ss, calls, sheet };
}

const HEADER = ['Number', 'SCAC', 'Type', 'Ref Numbers', 'Tracking', 'Attention'];

describe('readSheet', () => {
  it('says what to do when there is no Tracking sheet', () => {
    const { ss } = spreadsheet(null);
    expect(() => readSheet(ss)).toThrow(AppError);
    expect(() => readSheet(ss)).toThrow(/no sheet named "Tracking"/);
  });

  it('reads the rows by header text, skipping blank numbers, without asking about merges', () => {
    const { ss, calls, sheet } = spreadsheet([
      HEADER,
      ['MSCU1234565', '', '', 'PO1, PO2'],
      ['', '', '', ''],
      ['BOL123', 'MAEU', 'bol', ''],
    ]);
    const state = readSheet(ss);
    expect(state.sheet).toBe(sheet);
    expect(state.rows.map((r) => [r.index, r.number, r.kind])).toEqual([
      [1, 'MSCU1234565', 'container'],
      [3, 'BOL123', 'shipment'],
    ]);
    expect(state.rows[0]!.refNumbers).toEqual(['PO1', 'PO2']);
    expect(calls.merges).toBe(0);
  });

  it('stops on merged header cells, asking only when the header has an inner blank', () => {
    const blank = ['Number', '', 'Type', 'Ref Numbers', 'Tracking'];
    expect(() => readSheet(spreadsheet([blank], 1).ss)).toThrow(/merged/);
    const unmerged = spreadsheet([blank], 0);
    expect(() => readSheet(unmerged.ss)).not.toThrow();
    expect(unmerged.calls.merges).toBe(1);
  });
});
