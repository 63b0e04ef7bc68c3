// Ref Numbers kept in step with the service both ways, with a last-synced copy to tell who
// changed what, a union when both did (logged in the Change Log), and nothing ever lost.

import { INPUT_HEADERS, OUTPUT_HEADERS } from '../../../src/core/sheet-layout';
import { createHarness, column, sheetValues, type } from '../../helpers/addon-harness';

const HEADERS: string[] = [...INPUT_HEADERS, ...OUTPUT_HEADERS];
const REFS_COL = HEADERS.indexOf('Ref Numbers') + 1;
type Harness = ReturnType<typeof createHarness>;

const patches = (h: Harness) => h.emulator.requestLog.count((e) => e.method === 'PATCH');

/** A set-up Tracking sheet with one row: a container whose refs the test controls. */
function oneContainer(refs: string[]) {
  const seed = createHarness();
  const number = seed.emulator.account()!.containers()[0]!.attributes.number;
  const h = createHarness({ sheets: [{ name: 'Tracking', values: [HEADERS, [number]] }] });
  h.gas.run('setupTrackingSheet');
  const box = h.emulator
    .account()!
    .containers()
    .find((c) => c.attributes.number === number)!;
  box.attributes.ref_numbers = refs;
  const refresh = () => {
    h.clock.advance(60_000);
    return h.gas.run<{ ok: boolean; message: string }>('refreshTrackingSheet');
  };
  const cell = () => column(h, 'Ref Numbers')[0];
  const log = () =>
    h.gas.spreadsheet.sheetByName('Change Log') ? sheetValues(h, 'Change Log') : [];
  return { h, box, number, refresh, cell, log };
}

describe('Ref Numbers both ways', () => {
  it('a change made on the service shows in the cell, and is logged', () => {
    const t = oneContainer(['PO-1']);
    expect(t.refresh().ok).toBe(true);
    expect(t.cell()).toBe('PO-1'); // first sync fills the empty cell
    expect(t.log()).toEqual([]); // …which is no change anyone made
    t.box.attributes.ref_numbers = ['PO-1', 'PO-2'];
    t.refresh();
    expect(t.cell()).toBe('PO-1, PO-2');
    expect(patches(t.h)).toBe(0);
    expect(t.log()).toEqual([
      ['Time', 'Number', 'Field', 'Old', 'New', 'Source'],
      [expect.any(Date), t.number, 'ref_numbers', 'PO-1', 'PO-1, PO-2', 'refresh'],
    ]);
  });

  it('an edit of the cell goes to the service at the next refresh, once', () => {
    const t = oneContainer(['PO-1']);
    t.refresh();
    type(t.h, 2, REFS_COL, 'PO-1; 007');
    t.refresh();
    expect(t.box.attributes.ref_numbers).toEqual(['PO-1', '007']);
    expect(patches(t.h)).toBe(1);
    t.refresh();
    expect(patches(t.h)).toBe(1);
    expect(t.log().slice(1)).toEqual([
      [expect.any(Date), t.number, 'ref_numbers', 'PO-1', 'PO-1, 007', 'refresh'],
    ]);
  });

  it('a refused PATCH keeps the edit, reports it, and sends it again next time', () => {
    const t = oneContainer(['PO-1']);
    t.refresh();
    type(t.h, 2, REFS_COL, 'PO-1, PO-3');
    t.h.interceptors.push((req) =>
      req.method.toLowerCase() === 'patch'
        ? { status: 500, headers: {}, body: '{"errors":[{"status":"500"}]}' }
        : undefined,
    );
    const failed = t.refresh();
    expect(failed.ok).toBe(false);
    expect(failed.message).toMatch(/stopped early/);
    expect(t.cell()).toBe('PO-1, PO-3'); // the edit is still there
    expect(t.box.attributes.ref_numbers).toEqual(['PO-1']);
    t.h.interceptors.length = 0;
    expect(t.refresh().ok).toBe(true);
    expect(t.box.attributes.ref_numbers).toEqual(['PO-1', 'PO-3']);
  });

  it('when both changed, both get the union and the Change Log says so', () => {
    const t = oneContainer(['PO-1', 'PO-2']);
    t.refresh();
    type(t.h, 2, REFS_COL, 'PO-1, PO-2, SHEET-3');
    t.box.attributes.ref_numbers = ['PO-2', 'SVC-4'];
    t.refresh();
    const union = ['PO-1', 'PO-2', 'SHEET-3', 'SVC-4'];
    expect([...t.box.attributes.ref_numbers!].sort()).toEqual(union);
    expect(String(t.cell()).split(', ').sort()).toEqual(union);
    const [row] = t.log().slice(1);
    expect(row![2]).toMatch(/conflict/);
    expect(row![3]).toBe('sheet: PO-1, PO-2, SHEET-3; service: PO-2, SVC-4');
    expect(String(row![4]).split(', ').sort()).toEqual(union);
    // In step now: nothing more to send or write.
    const sent = patches(t.h);
    t.refresh();
    expect(patches(t.h)).toBe(sent);
    expect(t.log()).toHaveLength(2);
  });

  it('with no last-synced copy, two different lists are merged, never overwritten', () => {
    const seed = createHarness();
    const number = seed.emulator.account()!.containers()[0]!.attributes.number;
    const h = createHarness({
      sheets: [{ name: 'Tracking', values: [HEADERS, [number, '', '', 'MINE-1']] }],
    });
    const box = h.emulator
      .account()!
      .containers()
      .find((c) => c.attributes.number === number)!;
    box.attributes.ref_numbers = ['THEIRS-2'];
    h.gas.run('refreshTrackingSheet');
    expect(box.attributes.ref_numbers).toEqual(['MINE-1', 'THEIRS-2']);
    expect(column(h, 'Ref Numbers')[0]).toBe('MINE-1, THEIRS-2');
  });

  it('service text stays text in the cell and in the Change Log', () => {
    const t = oneContainer(['PO-1']);
    t.refresh();
    t.box.attributes.ref_numbers = ['=IMPORTDATA("http://x")', '00123'];
    t.refresh();
    const refs = t.h.gas.spreadsheet.sheetByName('Tracking')!.cell(2, REFS_COL)!;
    expect(refs.formula).toBeUndefined();
    expect(refs.value).toBe('=IMPORTDATA("http://x"), 00123');
    const logCell = t.h.gas.spreadsheet.sheetByName('Change Log')!.cell(2, 5)!;
    expect(logCell.formula).toBeUndefined();
    expect(logCell.value).toBe('=IMPORTDATA("http://x"), 00123');
  });

  it('a save from the References tab updates the cell and the copy: the refresh sends nothing back', () => {
    const t = oneContainer(['PO-1']);
    t.refresh();
    t.h.gas.run('updateRefNumbers', [{ number: t.number, refNumbers: ['PO-1', 'SIDE-9'] }]);
    expect(t.cell()).toBe('PO-1, SIDE-9');
    expect(t.box.attributes.ref_numbers).toEqual(['PO-1', 'SIDE-9']);
    const sent = patches(t.h);
    t.refresh();
    expect(patches(t.h)).toBe(sent);
    expect(t.cell()).toBe('PO-1, SIDE-9');
    expect(t.log().slice(1)).toEqual([
      [expect.any(Date), t.number, 'ref_numbers', 'PO-1', 'PO-1, SIDE-9', 'sidebar'],
    ]);
  });
});

describe('writing what the service holds into the sheet', () => {
  it('fills scattered rows in one block, never overwriting a formula or text between them', () => {
    const seed = createHarness();
    const boxes = seed.emulator.account()!.containers().slice(0, 6);
    const h = createHarness({
      sheets: [{ name: 'Tracking', values: [HEADERS, ...boxes.map((b) => [b.attributes.number])] }],
    });
    h.gas.run('setupTrackingSheet');
    const account = h.emulator.account()!;
    const byNumber = (n: string) => account.containers().find((c) => c.attributes.number === n)!;
    // Rows 2, 4 and 7 get refs from the service; 3 and 5 stay blank; 6 holds the user's formula.
    boxes.forEach((b, i) => {
      byNumber(b.attributes.number).attributes.ref_numbers = [0, 2, 5].includes(i)
        ? [`PO-${i}`]
        : [];
    });
    const sheet = h.gas.spreadsheet.sheetByName('Tracking')!;
    // Set-up formats the column as text; this user made one cell a formula again.
    h.gas.spreadsheet.write(sheet, 6, REFS_COL, '');
    sheet.cell(6, REFS_COL)!.numberFormat = 'General';
    h.gas.spreadsheet.write(sheet, 6, REFS_COL, '=A6');
    expect(sheet.cell(6, REFS_COL)?.formula).toBe('=A6');
    h.clock.advance(60_000);
    h.gas.run('refreshTrackingSheet');
    const writes = h.gas.lastExecution!.calls.calls.SpreadsheetWrite ?? {};
    // Rows 2–5 in one block (3 and 5 are blank, bridged), row 7 in another: the formula is a wall.
    // Output columns (1 block), status sheet (1), refs: rows 2–5 bridged (1) and row 7 (1), and
    // the change pipeline's baseline (1), and the Pull List (1). The add-on keeps its bookkeeping
    // in its state sheet (docs/reference.md#one-state), one write per stage that keeps some: the
    // lease, the account's sizes, the ref-number fingerprints, the alert queue, the Change Log's
    // row marker.
    expect(writes['Range.setValues']).toBe(h.addOn ? 6 + 5 : 6);
    expect(sheet.cell(6, REFS_COL)?.formula).toBe('=A6');
    expect(column(h, 'Ref Numbers').slice(0, 6)).toEqual([
      'PO-0',
      '',
      'PO-2',
      '',
      expect.anything(),
      'PO-5',
    ]);
  });
});
