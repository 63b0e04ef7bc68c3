// The Tracking sheet in the local runtime against the emulator: setup, refresh, bulk tracking.

import { NetworkFailure } from '../../../local/gas';
import { INPUT_HEADERS, OUTPUT_HEADERS } from '../../../src/core/sheet-layout';
import {
  createHarness,
  column,
  sheetValues,
  stateStore,
  withRows,
} from '../../helpers/addon-harness';

const HEADERS: string[] = [...INPUT_HEADERS, ...OUTPUT_HEADERS];
/** A new sheet's headers: every input and output but the optional `Contract`. */
const NEW_SHEET: string[] = HEADERS.filter((x) => x !== 'Contract');

type Harness = ReturnType<typeof createHarness>;

/** A failed refresh changes nothing but Attention, which says the row is not up to date. */
function expectOnlyAttentionChanged(h: Harness, before: unknown[][], stale: RegExp): void {
  const after = sheetValues(h);
  const a = before[0]!.indexOf('Attention');
  const without = (grid: unknown[][]) => grid.map((r) => r.filter((_, i) => i !== a));
  expect(without(after)).toEqual(without(before));
  for (const row of after.slice(1)) expect(String(row[a])).toMatch(stale);
}

function demo(h: Harness) {
  const account = h.emulator.account()!;
  return { containers: account.containers(), shipments: account.shipments(), account };
}

describe('setupTrackingSheet', () => {
  it('creates the sheet with headers, frozen row, formats, rules and a how-to note', () => {
    const h = createHarness();
    expect(h.gas.run('setupTrackingSheet')).toMatch(/created the header row/);
    const sheet = h.gas.spreadsheet.sheetByName('Tracking')!;
    expect([...sheetValues(h)[0]!].sort()).toEqual([...NEW_SHEET].sort());
    expect(sheet.frozenRows).toBe(1);
    expect(sheet.conditionalRules).toHaveLength(9);
    expect(sheet.cell(1, 1)?.note).toMatch(/only writes Attention, Status/);
    const lfd = sheetValues(h)[0]!.indexOf('LFD') + 1;
    expect(sheet.cell(2, lfd)?.numberFormat).toBe('yyyy-mm-dd');
    expect(h.gas.spreadsheet.namedRanges.has('CT_LAST_REFRESH')).toBe(true);
  });

  it('wraps the columns whose words a narrow column would cut, down the whole sheet', () => {
    // "return empty: 3 days late (USD 100.00 a day)", "number not valid: the check digit (last
    // digit) should be 6", "2 places: …", "2026-11-24 13:00 PST": cut, they lose what matters.
    const h = createHarness();
    h.gas.run('setupTrackingSheet');
    const sheet = h.gas.spreadsheet.sheetByName('Tracking')!;
    const header = sheetValues(h)[0]!;
    const wrapped = ['Attention', 'Status', 'Holds', 'Terminal', 'Appointment', 'ETA', 'ATA'];
    for (const name of wrapped) {
      const col = header.indexOf(name) + 1;
      expect([name, sheet.cell(2, col)?.wrap, sheet.cell(sheet.maxRows, col)?.wrap]).toEqual([
        name,
        true,
        true,
      ]);
    }
    // Numbers and dates stay on one line.
    expect(sheet.cell(2, header.indexOf('Number') + 1)?.wrap).toBeFalsy();
    expect(sheet.cell(2, header.indexOf('LFD') + 1)?.wrap).toBeFalsy();
  });

  it('repairs without duplicating or moving anything', () => {
    const h = createHarness({
      sheets: [
        {
          name: 'Tracking',
          values: [
            ['My Notes', 'Number', 'Status'],
            ['keep me', 'X', ''],
          ],
        },
      ],
    });
    expect(h.gas.run('setupTrackingSheet')).toMatch(
      /added Attention, LFD, Cost Tomorrow, Demurrage, Detention, Return By, Ready/,
    );
    h.gas.run('setupTrackingSheet');
    const grid = sheetValues(h);
    expect(grid[0]!.slice(0, 3)).toEqual(['My Notes', 'Number', 'Status']);
    expect(grid[0]).toHaveLength(NEW_SHEET.length + 1); // ours plus the user's column
    expect(grid[1]!.slice(0, 2)).toEqual(['keep me', 'X']);
    expect(h.gas.spreadsheet.sheetByName('Tracking')!.conditionalRules).toHaveLength(9);
  });
});

describe('refreshTrackingSheet', () => {
  it('fills container and BOL rows in one read and a few block writes, leaving user cells alone', () => {
    const seed = createHarness();
    const { containers, shipments, account } = demo(seed);
    const box = containers.find((c) => c.attributes.current_status === 'available')!;
    const bol = shipments.find((s) => s.containerIds.length >= 2)!;
    const h = withRows([
      [box.attributes.number.toLowerCase()],
      [bol.attributes.bill_of_lading_number],
    ]);
    // A user column and a total row without a Number, with a formula in an owned column.
    const sheet = h.gas.spreadsheet.sheetByName('Tracking')!;
    h.gas.spreadsheet.write(sheet, 1, 18, 'My Notes');
    h.gas.spreadsheet.write(sheet, 2, 18, 'call broker');
    h.gas.spreadsheet.write(sheet, 5, 9, '=SUM(I2:I3)');
    h.gas.counters.reset();

    const report = h.gas.run<{ ok: boolean; updated: number }>('refreshTrackingSheet');
    expect(report).toMatchObject({ ok: true, updated: 2 });
    const calls = h.gas.lastExecution!.calls.calls;
    // One read of the sheet and one of the Free Time rules, nothing else. The add-on reads its
    // state sheet where a bound script reads document properties (docs/reference.md#one-state):
    // once per step that needs its bookkeeping (lease, ledger, sizes, fingerprints, alert queue…).
    const stateReads = h.addOn ? 9 : 0;
    expect(calls.SpreadsheetRead).toEqual({ 'Range.getValues': 2 + stateReads });
    // Output blocks, the status cells and a toast; plus, on this first sync, the ref numbers the
    // service holds written into the empty Ref Numbers cells (one block and its text format); and
    // the change pipeline's baseline, on a first refresh a new hidden sheet (insert, hide, protect
    // as a warning with its description, the person's sheet activated back, one write). Money at
    // risk: one currency format of the new amounts, and the new Pull List (insert, bold header,
    // note, frozen row, LFD format; one write of its rows). The box at its terminal gets its
    // `first_seen` row in a new Change Log (insert, header, frozen row, one append, time format).
    expect(h.gas.lastExecution!.calls.totals.SpreadsheetWrite).toBeLessThanOrEqual(
      // The add-on's state sheet: created (insert, hide, protect, header), then its rows.
      h.addOn ? 27 + 12 : 27,
    );
    // A second refresh with nothing new: the baseline costs one read, no write (the other two:
    // the sheet and the Free Time rules).
    h.clock.advance(60_000);
    const baseline = h.gas.spreadsheet.sheetByName('Change Log state')!;
    baseline.ensure(2, 2).value = '2026-11-20T15:00:30.000Z'; // a mark a rewrite would replace
    h.gas.counters.reset();
    h.gas.run('refreshTrackingSheet');
    expect(h.gas.lastExecution!.calls.calls.SpreadsheetRead).toEqual({
      'Range.getValues': 3 + (h.addOn ? 8 : 0),
    });
    expect(baseline.cell(2, 2)?.value).toBe('2026-11-20T15:00:30.000Z');

    expect(column(h, 'Status')[0]).toBe('available');
    expect(column(h, 'Tracking')).toEqual(['tracked', 'tracked', '', '']);
    expect(column(h, 'Link')[0]).toBe(
      `http://127.0.0.1:4949/shipments/find?q=${box.attributes.number}`,
    );
    expect(column(h, 'Updated')[0]).toBeInstanceOf(Date);
    const bolBoxes = account.containersOf(bol);
    expect(String(column(h, 'Status')[1])).toMatch(new RegExp(`: ${bolBoxes.length}$|, `));
    expect(column(h, 'Vessel')[1]).toBe(bol.attributes.pod_vessel_name ?? '');
    expect(sheet.cell(2, 18)?.value).toBe('call broker');
    expect(sheet.cell(5, 9)?.formula).toBe('=SUM(I2:I3)');
    expect(
      h.gas.spreadsheet.sheetByName('Container Tracking status')!.cell(1, 2)?.value,
    ).toBeInstanceOf(Date);
  });

  it('keeps text from the service as text', () => {
    const seed = createHarness();
    const h = withRows([[demo(seed).containers[0]!.attributes.number]]);
    const box = demo(h).containers[0]!;
    const shipment = demo(h).account.shipmentOf(box)!;
    shipment.attributes.pod_vessel_name = '=IMPORTDATA("http://x")';
    h.gas.run('refreshTrackingSheet');
    const sheet = h.gas.spreadsheet.sheetByName('Tracking')!;
    const vesselCell = sheet.cell(2, HEADERS.indexOf('Vessel') + 1)!;
    expect(vesselCell.formula).toBeUndefined();
    expect(vesselCell.value).toBe('=IMPORTDATA("http://x")');
    h.gas.run('refreshTrackingSheet'); // rewriting existing text must not turn it into a formula either
    expect(sheet.cell(2, HEADERS.indexOf('Vessel') + 1)!.formula).toBeUndefined();
  });

  it('matches a numeric BOL typed as a number', () => {
    const h = createHarness();
    const shipment = demo(h).shipments[0]!;
    shipment.attributes.bill_of_lading_number = '2345678901';
    shipment.attributes.normalized_number = '2345678901';
    const h2 = h; // same account: type the number as Sheets stores it (a number)
    h2.gas.run('setupTrackingSheet');
    const sheet = h2.gas.spreadsheet.sheetByName('Tracking')!;
    sheet.ensure(2, 1).value = 2345678901;
    h2.gas.run('refreshTrackingSheet');
    expect(column(h2, 'Tracking')[0]).toBe('tracked');
  });

  it.each([
    ['a 500', { status: 500, times: 50 }],
    ['a 429 storm', { status: 429, retryAfter: 600, times: 50 }],
    ['a 401', { status: 401, times: 50 }],
    ['malformed JSON', { body: 'malformed-json' as const, times: 50 }],
    ['an HTML page', { body: 'html' as const, times: 50 }],
  ])('leaves every row as it was after %s', (_label, fault) => {
    const seed = createHarness();
    const n = demo(seed).containers.find((c) => c.attributes.current_status === 'available')!
      .attributes.number;
    const h = withRows([[n]]);
    h.gas.run('refreshTrackingSheet');
    const before = sheetValues(h);
    h.clock.advance(3_600_000);
    h.emulator.faults.enqueue(fault);
    const report = h.gas.run<{ ok: boolean; message: string }>('refreshTrackingSheet');
    expect(report.ok).toBe(false);
    expectOnlyAttentionChanged(h, before, /not updated since 2026-11-20 10:00 EST: \w/);
    expect(h.gas.spreadsheet.sheetByName('Container Tracking status')!.cell(2, 2)?.value).toMatch(
      /failed|stopped early/,
    );
  });

  it('reports a missing, renamed or malformed sheet clearly', () => {
    const h = createHarness();
    expect(h.gas.run<{ message: string }>('refreshTrackingSheet').message).toMatch(
      /no sheet named "Tracking"/,
    );
    const dup = withRows([]);
    dup.gas.spreadsheet.write(dup.gas.spreadsheet.sheetByName('Tracking')!, 1, 18, 'status');
    expect(dup.gas.run<{ message: string }>('refreshTrackingSheet').message).toMatch(
      /duplicate headers: "Status"/,
    );
  });

  it('skips when another refresh holds the lease, and takes over an expired one', () => {
    const seed = createHarness();
    const h = withRows([[demo(seed).containers[0]!.attributes.number]]);
    const lease = (until: number) =>
      stateStore(h).write([['CT_REFRESH_LEASE', JSON.stringify({ owner: 'other', until })]]);
    lease(h.clock.now() + 60_000);
    const skipped = h.gas.run<{ ok: boolean; message: string }>('refreshTrackingSheet');
    expect(skipped.message).toMatch(/Another refresh is running/);
    expect(column(h, 'Status')[0]).toBe('');
    expect(h.requests()).toBe(0);
    lease(h.clock.now() - 1); // a run that died leaves a lease that expires
    expect(h.gas.run<{ ok: boolean }>('refreshTrackingSheet').ok).toBe(true);
    expect(column(h, 'Status')[0]).not.toBe('');
  });
});

describe('bulk tracking', () => {
  it('tracks each new row once, follows it to tracked, and says what is missing', () => {
    const h = withRows([
      ['MEDUNEW0001', 'MSCU', '', 'PO-1'],
      ['MEDUNEW0002', '', '', ''],
      ['MSCU1234560', 'MSCU', 'container', ''],
    ]);
    h.gas.run('refreshTrackingSheet');
    // No SCAC: the service is asked to detect the carrier (carriers.test.ts follows it through).
    expect(column(h, 'Tracking')).toEqual([
      'pending',
      'detecting carrier',
      'invalid container number',
    ]);
    h.gas.run('refreshTrackingSheet');
    const created = h.emulator.requestLog.count(
      (e) => e.method === 'POST' && e.path.endsWith('/tracking_requests'),
    );
    expect(created).toBe(2);
    h.clock.advance(60_000);
    h.gas.run('refreshTrackingSheet');
    expect(column(h, 'Tracking')[0]).toBe('tracked');
    expect(String(column(h, 'Status')[0])).not.toBe('');
    expect(h.emulator.findShipment('MEDUNEW0001')?.attributes.ref_numbers).toEqual(['PO-1']);
    expect(
      h.emulator.requestLog.count(
        (e) => e.method === 'POST' && e.path.endsWith('/tracking_requests'),
      ),
    ).toBe(2);
  });

  it('counts a 422 duplicate as tracked and shows failures with their reason', () => {
    const h = withRows([
      ['BOOKFAIL77', 'MAEU', 'booking', ''],
      ['MEDUDUP123', 'XXXX', '', ''],
    ]);
    h.gas.run('refreshTrackingSheet');
    h.clock.advance(60_000);
    h.gas.run('refreshTrackingSheet');
    const tracking = column(h, 'Tracking');
    expect(tracking[0]).toBe('failed: not_found');
    expect(tracking[1]).toMatch(/^failed: .*XXXX/);
  });
});

describe('refresh under failure, at scale', () => {
  it('a 500 on page 3 of a large account leaves rows as they were, and the next run completes', () => {
    const seed = createHarness({ containers: 1_500 });
    const numbers = demo(seed)
      .containers.slice(0, 400)
      .map((c) => [c.attributes.number]);
    const h = withRows(numbers, { containers: 1_500 });
    h.gas.run('refreshTrackingSheet');
    const before = sheetValues(h);
    h.clock.advance(3_600_000);
    const page3 = /page(\[|%5B)number(\]|%5D)=3(&|$)/;
    h.interceptors.push((req) =>
      page3.test(req.url)
        ? {
            status: 500,
            headers: {},
            body: '{"errors":[{"status":"500","title":"Internal Server Error"}]}',
          }
        : undefined,
    );
    const report = h.gas.run<{ ok: boolean; complete: boolean }>('refreshTrackingSheet');
    expect(report.ok).toBe(false);
    const after = sheetValues(h);
    // Rows whose data arrived were updated; the others kept their previous values, none blanked.
    const status = HEADERS.indexOf('Status');
    for (const row of after.slice(1)) expect(row[status]).not.toBe('');
    expect(after.length).toBe(before.length);
    h.interceptors.length = 0;
    const again = h.gas.run<{ ok: boolean; complete: boolean }>('refreshTrackingSheet');
    expect(again).toMatchObject({ ok: true, complete: true });
  });

  it('stops cleanly on the daily URL Fetch quota and says so in the sheet', () => {
    const seed = createHarness();
    const h = withRows([[demo(seed).containers[0]!.attributes.number]], {
      quotas: { urlFetchPerDay: 0 },
    });
    const report = h.gas.run<{ ok: boolean; message: string }>('refreshTrackingSheet');
    expect(report.ok).toBe(false);
    expect(report.message).toMatch(/Google's daily limit/);
    expect(h.gas.spreadsheet.toasts.at(-1)?.message).toMatch(/daily limit/);
  });

  it('a run that died after sending a tracking request does not send it again', () => {
    const h = withRows([['MEDUHALF001', 'MSCU', '', '']]);
    // The service got the request, but the run died before recording it.
    h.emulator.handle({
      method: 'POST',
      url: 'http://127.0.0.1:4949/v2/tracking_requests',
      headers: {
        Authorization: `Token ${h.emulator.demoKey}`,
        'Content-Type': 'application/vnd.api+json',
      },
      body: JSON.stringify({
        data: {
          type: 'tracking_request',
          attributes: {
            request_type: 'bill_of_lading',
            request_number: 'MEDUHALF001',
            scac: 'MSCU',
          },
        },
      }),
    });
    stateStore(h).write([
      [
        'CT_TR:MEDUHALF001',
        JSON.stringify({
          status: 'sending',
          scac: 'MSCU',
          type: 'bill_of_lading',
          at: h.clock.now(),
        }),
      ],
    ]);
    h.clock.advance(5 * 60_000);
    h.gas.run('refreshTrackingSheet');
    expect(
      h.emulator
        .account()!
        .trackingRequests()
        .filter((r) => r.requestNumber === 'MEDUHALF001'),
    ).toHaveLength(1);
    expect(column(h, 'Tracking')[0]).toBe('tracked');
  });

  it('two runs back to back create no duplicate requests for 150 new BOLs', () => {
    const rows = Array.from({ length: 150 }, (_, i) => [
      `MEDUBULK${String(i).padStart(4, '0')}`,
      'MSCU',
    ]);
    const h = withRows(rows);
    h.gas.run('refreshTrackingSheet');
    h.gas.run('refreshTrackingSheet');
    const posts = h.emulator.account()!.trackingRequests();
    expect(new Set(posts.map((r) => r.requestNumber)).size).toBe(posts.length);
    expect(h.emulator.requestLog.peakInWindow(60_000)).toBeLessThanOrEqual(100);
    expect(h.emulator.requestLog.count((e) => e.status === 429)).toBe(0);
  });
});

describe('menu and auto-refresh', () => {
  it('builds the menu, also before authorisation', () => {
    const h = createHarness();
    h.gas.run('onOpen', [], { kind: 'simple-trigger', authMode: 'NONE' });
    const menu = h.gas.ui.menus.at(-1)!;
    expect(JSON.stringify(menu)).toMatch(
      /Open sidebar.*Set up Tracking sheet.*Refresh now.*Auto-refresh.*Settings/,
    );
  });

  it('keeps one trigger, replaced on re-enable, and runs the refresh when it fires', () => {
    const seed = createHarness();
    const h = withRows([[demo(seed).containers[0]!.attributes.number]]);
    h.gas.run('enableAutoRefresh', [h.shortestInterval]);
    h.gas.run('enableAutoRefresh', [60]);
    expect(h.gas.triggers.triggers).toHaveLength(1);
    expect(h.gas.run('getAutoRefresh')).toMatchObject({ enabled: true, minutes: 60 });
    h.clock.advance(61 * 60_000);
    const fired = h.gas.fireDueTriggers();
    expect(fired).toEqual([
      expect.objectContaining({ handlerFunction: 'runScheduledRefresh', ok: true }),
    ]);
    expect(column(h, 'Status')[0]).not.toBe('');
    h.gas.run('disableAutoRefresh');
    expect(h.gas.triggers.triggers).toHaveLength(0);
  });
});

describe('merged headers', () => {
  it('are reported, not guessed at', () => {
    const h = withRows([]);
    const sheet = h.gas.spreadsheet.sheetByName('Tracking')!;
    h.gas.spreadsheet.write(sheet, 1, 6, '');
    sheet.merges.push({ row: 1, column: 5, numRows: 1, numColumns: 2 });
    expect(h.gas.run<{ message: string }>('refreshTrackingSheet').message).toMatch(
      /Header cells in row 1 of the Tracking sheet are merged/,
    );
  });
});

describe('refresh: more failure cases and the signal for cells', () => {
  it('skips with a note when the document lock is held by another execution', () => {
    const seed = createHarness();
    const h = withRows([[demo(seed).containers[0]!.attributes.number]]);
    // The lock every run of the spreadsheet shares (the build's: src/execution/stores.ts).
    h.gas.holdLock(h.lockScope, h.clock.now() + 120_000);
    const report = h.gas.run<{ ok: boolean; message: string }>('runScheduledRefresh', [], {
      kind: 'trigger',
      activeDocument: true,
    });
    expect(report.message).toMatch(/Another refresh is running; this one was skipped/);
    expect(h.gas.spreadsheet.sheetByName('Container Tracking status')!.cell(2, 2)?.value).toMatch(
      /skipped/,
    );
    expect(column(h, 'Status')[0]).toBe('');
  });

  it('leaves rows as they were after a network timeout', () => {
    const seed = createHarness();
    const h = withRows([[demo(seed).containers[0]!.attributes.number]]);
    h.gas.run('refreshTrackingSheet');
    const before = sheetValues(h);
    h.clock.advance(3_600_000);
    h.interceptors.push(() => {
      throw new NetworkFailure('timeout');
    });
    expect(h.gas.run<{ ok: boolean; message: string }>('refreshTrackingSheet').message).toMatch(
      /Could not reach the tracking service/,
    );
    expectOnlyAttentionChanged(h, before, /not updated since .*: tracking service unreachable$/);
  });

  it('changes CT_LAST_REFRESH, so formulas that point at it recalculate', () => {
    const seed = createHarness();
    const h = withRows([[demo(seed).containers[0]!.attributes.number]]);
    const signal = () => h.gas.spreadsheet.namedRanges.get('CT_LAST_REFRESH')!;
    const value = () => signal().sheet.cell(signal().area.row, signal().area.column)?.value;
    h.gas.run('refreshTrackingSheet');
    const first = value();
    expect(first).toBeInstanceOf(Date);
    h.clock.advance(60_000);
    h.gas.run('refreshTrackingSheet');
    expect((value() as Date).getTime()).toBeGreaterThan((first as Date).getTime());
  });

  it('keeps the scheduled refresh within its configurable share of the limit', () => {
    const rows = Array.from({ length: 120 }, (_, i) => [
      `MEDUSHARE${String(i).padStart(3, '0')}`,
      'MSCU',
    ]);
    const h = withRows(rows);
    h.gas.run('saveSettings', [{ refreshRequestsPerMinute: 30 }]);
    expect(
      h.gas.run<{ refreshRequestsPerMinute: number }>('getSettings').refreshRequestsPerMinute,
    ).toBe(30);
    h.gas.run('runScheduledRefresh', [], { kind: 'trigger', activeDocument: true });
    expect(h.emulator.requestLog.peakInWindow(60_000)).toBeLessThanOrEqual(30);
    expect(() => h.gas.run('saveSettings', [{ refreshRequestsPerMinute: 500 }])).toThrow(
      /from 1 to 95/,
    );
  });
});

describe('a listing spread over several runs', () => {
  it('resumes at the next page each run, then confirms unseen numbers before tracking them', () => {
    const seed = createHarness({ containers: 2_500 });
    const rows = demo(seed)
      .containers.filter((_, i) => i % 5 === 0)
      .map((c) => [c.attributes.number]);
    const bol = demo(seed).shipments.find((x) => x.containerIds.length >= 3)!;
    const h = withRows(
      [...rows, [bol.attributes.bill_of_lading_number], ['MEDUNEWROW01', 'MSCU']],
      {
        containers: 2_500,
      },
    );
    // Give the BOL a container from the last page, so its containers span runs.
    const account = demo(h).account;
    const shipment = account.findShipment(bol.attributes.bill_of_lading_number)!;
    const last = account.containers()[2_450]!;
    const previousOwner = account.shipmentOf(last)!;
    previousOwner.containerIds = previousOwner.containerIds.filter((id) => id !== last.id);
    last.shipmentId = shipment.id;
    shipment.containerIds.push(last.id);
    h.gas.run('saveSettings', [{ refreshRequestsPerMinute: 2 }]);
    const reports: { complete: boolean }[] = [];
    for (let run = 0; run < 5 && !reports.at(-1)?.complete; run++) {
      reports.push(
        h.gas.run<{ complete: boolean }>('runScheduledRefresh', [], {
          kind: 'trigger',
          activeDocument: true,
        }),
      );
      h.clock.advance(3_600_000);
    }
    expect(reports.length).toBeGreaterThan(1); // 25 pages at 2 a minute cannot fit in one run
    expect(reports.at(-1)!.complete).toBe(true);
    const listed = h.emulator.requestLog.count((e) => e.path === '/v2/containers');
    expect(listed).toBeLessThanOrEqual(26); // each page once, not again from page 1 every run
    expect(h.emulator.requestLog.peakInWindow(60_000)).toBeLessThanOrEqual(2);
    const status = column(h, 'Status');
    expect(status.slice(0, rows.length).every((s) => s !== '')).toBe(true);
    // The BOL row counts all its containers, also those listed by an earlier run.
    const counted = String(status[rows.length])
      .split(', ')
      .reduce((sum, part) => sum + Number(part.split(': ')[1]), 0);
    expect(counted).toBe(shipment.containerIds.length);
    expect(column(h, 'Tracking').at(-1)).toBe('pending'); // the new row was confirmed, then tracked
  });
});
