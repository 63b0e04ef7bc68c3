// What the preview page is sent: the menu onOpen built, the visible sheets as display cells (dates
// as the sheet shows them, rule colours, formula results and errors, which cells are editable),
// toasts, executions and the trigger; never the API key.

import { ALL_HEADERS } from '../../src/addon/tracking-sheet/tracking-format';
import { pickDemoRows, type ShipmentsDocument } from '../../local/preview/demo/demo-rows';
import { fillFormulasSheet, fillTrackingSheet } from '../../local/preview/demo/demo-sheet';
import { buildPageState } from '../../local/preview/page/page-model';
import type { PageSheet } from '../../local/preview/page/page-state';
import { createHarness } from '../helpers/addon-harness';
import { customFunctionCells } from '../helpers/custom-function-cells';

function demo() {
  const h = createHarness({ sheets: [{ name: 'Tracking' }, { name: 'Formulas' }] });
  const model = h.gas.spreadsheet;
  const cells = customFunctionCells(h);
  h.gas.run('onOpen', [], { kind: 'simple-trigger' });
  h.gas.run('setupTrackingSheet');
  const listing = h.emulator.handle({
    method: 'GET',
    url: `${h.emulator.apiBase}/shipments?page[size]=100&include=containers`,
    headers: { Authorization: `Token ${h.emulator.demoKey}` },
  });
  const rows = pickDemoRows(JSON.parse(String(listing.body)) as ShipmentsDocument, {
    now: h.clock.now(),
    timeZone: model.timeZone,
  });
  fillTrackingSheet(model, model.sheetByName('Tracking')!, rows);
  fillFormulasSheet(model, model.sheetByName('Formulas')!, rows);
  h.gas.run('refreshTrackingSheet');
  cells.recalculate();
  const state = () => buildPageState({ runtime: h.gas, cells, now: h.clock.now(), speed: 1 });
  return { h, rows, state };
}

const header = (sheet: PageSheet) => sheet.rows[0]!.map((c) => c.text);
const cell = (sheet: PageSheet, row: number, name: string) =>
  sheet.rows[row - 1]![header(sheet).indexOf(name)]!;

describe('the Formulas sheet agrees with the Tracking sheet', () => {
  it('its LFD column shows the deadline the Tracking sheet shows, for every box', () => {
    const { state, rows } = demo();
    const [tracking, formulas] = state().sheets;
    // The box whose terminal LFD is earlier than the line's (the coalesced pickup_lfd's) is there.
    const earlier = rows.find((r) => r.note.startsWith('The terminal’s LFD is earlier'))!.number;
    expect(formulas!.rows.map((r) => r[0]?.text)).toContain(earlier);
    const lfdOf = new Map(
      tracking!.rows.slice(1).map((r) => [r[0]!.text, r[header(tracking!).indexOf('LFD')]!.text]),
    );
    // The range formulas' rows: from row 2 to the first blank row.
    const body = formulas!.rows.slice(1);
    const end = body.findIndex((r) => !r[0]?.text);
    const shown = body.slice(0, end < 0 ? body.length : end);
    let compared = 0;
    for (const r of shown) {
      // A box without an LFD (at sea, a mistyped number: its own error) has nothing to compare.
      if (!lfdOf.get(r[0]!.text)) continue;
      expect(r[2]!.text).toBe(lfdOf.get(r[0]!.text));
      compared += 1;
    }
    expect(compared).toBeGreaterThan(0);
  });
});

describe('buildPageState', () => {
  it('sends the menu onOpen built and the visible sheets only', () => {
    const { state } = demo();
    const s = state();
    expect(s.menus).toEqual([
      expect.objectContaining({ title: 'LFD Watch: Container Tracking', addon: true }),
    ]);
    expect(JSON.stringify(s.menus)).toContain('"functionName":"menuAutoRefresh15"');
    expect(s.sheets.map((x) => x.name)).toEqual([
      'Tracking',
      'Formulas',
      'Free Time',
      'Closed Days',
      'Pull List',
      // The demo's boxes at their terminals: each first look is a `first_seen` row.
      'Change Log',
    ]);
    expect(s.timeZone).toBe('America/New_York');
    expect(s.now).toBe('2026-11-20 10:00:00');
  });

  it('shows statuses, dates as yyyy-mm-dd and the rule colours', () => {
    const { state, rows } = demo();
    const tracking = state().sheets[0]!;
    const row = (note: string) => rows.findIndex((r) => r.note.startsWith(note)) + 2;
    expect(cell(tracking, row('Ready'), 'Status').text).toBe('available');
    expect(cell(tracking, row('Ready'), 'Ready')).toMatchObject({
      text: '☑', // TRUE in a checkbox column
      background: '#b7e1cd',
    });
    expect(cell(tracking, row('Last free day passed'), 'LFD')).toMatchObject({
      text: expect.stringMatching(/^2026-11-1\d$/),
      background: '#f4c7c3',
      align: 'right',
    });
    expect(cell(tracking, row('Last free day within'), 'LFD').background).toBe('#fce8b2');
    expect(cell(tracking, row('Not tracked yet, has'), 'Tracking').text).toBe('pending');
    expect(cell(tracking, row('A mistyped'), 'Tracking').text).toBe('invalid container number');
  });

  it('lets people type in input columns and their own, not in the add-in columns', () => {
    const tracking = demo().state().sheets[0]!;
    expect(cell(tracking, 1, 'Number').editable).toBeUndefined();
    for (const name of ['Number', 'SCAC', 'Type', 'Ref Numbers', 'Demo note']) {
      expect(cell(tracking, 2, name).editable).toBe(true);
    }
    for (const name of ['Status', 'LFD', 'Tracking', 'Link']) {
      expect(cell(tracking, 2, name).editable).toBeUndefined();
    }
  });

  it('shows formula results, spills and errors with their message', () => {
    const formulas = demo().state().sheets[1]!;
    expect(formulas.rows[1]![1]).toMatchObject({
      text: 'available',
      formula: expect.stringMatching(/^=CONTAINER_STATUS\(A2:A9, CT_LAST_REFRESH\)$/),
    });
    expect(formulas.rows[2]![1]!.spilledFrom).toBe('B2');
    expect(formulas.rows[1]![2]!.text).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const error = formulas.rows.flat().find((c) => c.error);
    expect(error).toMatchObject({
      text: '#ERROR!',
      error: expect.stringMatching(/not tracked in this account\. Its check digit should be \d/),
    });
  });

  it('passes text through as text and never includes the key', () => {
    const { h, state } = demo();
    const sheet = h.gas.spreadsheet.sheetByName('Tracking')!;
    const refs = ALL_HEADERS.indexOf('Ref Numbers') + 1;
    h.gas.spreadsheet.write(sheet, 2, refs, '<img src=x onerror=alert(1)>');
    const s = state();
    expect(cell(s.sheets[0]!, 2, 'Ref Numbers').text).toBe('<img src=x onerror=alert(1)>');
    expect(JSON.stringify(s)).not.toContain(h.emulator.demoKey);
  });

  it('reports executions and the auto-refresh trigger', () => {
    const { h, state } = demo();
    expect(state().autoRefresh).toBe('off');
    h.gas.run('menuAutoRefresh15');
    expect(state().autoRefresh).toBe('every 15 min, next at 10:15:00');
    expect(state().activity[0]).toMatchObject({ functionName: 'menuAutoRefresh15', ok: true });
    expect(state().toasts.at(-1)?.message).toMatch(/every 15 minutes/);
  });
});

test('a wrapped cell is sent as wrapped, so the page grows the row instead of cutting its words', () => {
  const { state } = demo();
  const tracking = state().sheets.find((s) => s.name === 'Tracking')!;
  expect(cell(tracking, 2, 'Attention').wrap).toBe(true);
  expect(cell(tracking, 2, 'Number').wrap).toBeUndefined();
});
