// Odd data from the service, as a hostile tester or a year of real use would produce it: one bad
// record (or field) never stops the others, an answer of the wrong shape is an error and never an
// empty account, and what the service did not send is unknown, not empty.

import fc from 'fast-check';
import { ALL_HEADERS } from '../../../src/addon/tracking-sheet/tracking-format';
import { createHarness, column, sheetValues, rewriteAnswers } from '../../helpers/addon-harness';
import { OUTPUTS_OF } from '../../helpers/outputs-of';

// A new sheet's columns, in the order set-up writes them.
const HEADERS: string[] = [...ALL_HEADERS];
type Harness = ReturnType<typeof createHarness>;
type Json = Record<string, unknown>;

function withRows(rows: unknown[][], h: Harness = createHarness()): Harness {
  h.gas.run('setupTrackingSheet');
  const sheet = h.gas.spreadsheet.sheetByName('Tracking')!;
  rows.forEach((row, r) =>
    row.forEach((v, c) =>
      h.gas.spreadsheet.write(sheet, r + 2, HEADERS.indexOf(INPUTS[c]!) + 1, v),
    ),
  );
  return h;
}

/** Row values are given in this order. */
const INPUTS = ['Number', 'SCAC'];

function account(h: Harness) {
  return h.emulator.account()!;
}

function posts(h: Harness, path: string): number {
  return h.gas.urlFetchLog.filter((e) => e.method.toUpperCase() === 'POST' && e.url.includes(path))
    .length;
}

/** No cell may show JavaScript's own text for a value it could not read. */
function expectNoRawJs(values: unknown[][]): void {
  for (const row of values)
    for (const v of row) {
      expect(typeof v === 'object' && !(v instanceof Date)).toBe(false);
      expect(String(v)).not.toMatch(/\[object|^undefined$|^null$|^NaN$/);
    }
}

describe('one bad record never stops the others (Tracking sheet)', () => {
  it('gives a bad field its own short text and refreshes every other field and row', () => {
    const h = createHarness();
    const boxes = account(h)
      .containers()
      .filter((c) => c.shipmentId)
      .slice(0, 4);
    const [nullHolds, objectFees, longStatus, fine] = boxes.map(
      (c) => c.attributes,
    ) as unknown as Json[];
    nullHolds!.holds_at_pod_terminal = [null];
    objectFees!.fees_at_pod_terminal = { demurrage: 5 };
    longStatus!.current_status = 'x'.repeat(60_000);
    withRows(
      boxes.map((c) => [c.attributes.number]),
      h,
    );
    const report = h.gas.run<{ ok: boolean; updated: number }>('refreshTrackingSheet');
    expect(report).toMatchObject({ ok: true, updated: 4 });
    expect(column(h, 'Tracking')).toEqual(['tracked', 'tracked', 'tracked', 'tracked']);
    expect(column(h, 'Holds')[0]).toBe('#unreadable holds');
    expect(column(h, 'Ready')[0]).toBe('#unreadable holds');
    expect(column(h, 'Fees')[1]).toBe('#unreadable fees');
    expect(column(h, 'Holds')[1]).toBe(''); // its own holds are fine
    const status = String(column(h, 'Status')[2]);
    expect(status.length).toBeLessThanOrEqual(50_000);
    expect(status.endsWith('…')).toBe(true);
    expect(column(h, 'Status')[3]).toBe(fine!.current_status);
    for (const i of [0, 1, 2]) expect(column(h, 'Vessel')[i]).not.toBe(undefined);
    expectNoRawJs(sheetValues(h));
  });

  it('keeps a container whose id or shipment id is a JavaScript property name', () => {
    const h = createHarness();
    const box = account(h)
      .containers()
      .find((c) => c.shipmentId)!;
    const vessel = account(h).shipmentOf(box)!.attributes.pod_vessel_name;
    const names = ['__proto__', 'constructor'];
    rewriteAnswers(h, /\/(containers|shipments)$/, (doc) => {
      const rename = (r: Json) => {
        if (r.type === 'shipment' && r.id === box.shipmentId) r.id = names[0];
        if (r.type === 'container' && r.id === box.id) r.id = names[1];
        const rel = (r.relationships as Json | undefined)?.shipment as Json | undefined;
        const data = rel?.data as Json | null | undefined;
        if (data && data.id === box.shipmentId) data.id = names[0];
      };
      for (const r of [...(doc.data as Json[]), ...((doc.included as Json[] | undefined) ?? [])])
        rename(r);
      return doc;
    });
    const n = box.attributes.number;
    expect(h.cell('CONTAINER_INFO', n, 'shipment.pod_vessel_name')).toBe(vessel ?? '');
    const cold = h.requests();
    expect(h.cell('CONTAINER_INFO', n, 'shipment.pod_vessel_name')).toBe(vessel ?? '');
    expect(h.requests()).toBe(cold); // cached like any other
  });
});

describe('hostile records through the refresh (property)', () => {
  const hostile = fc.oneof(
    fc.constant([null]),
    fc.constant({ a: 1 }),
    fc.constant('__proto__'),
    fc.integer({ min: 50_001, max: 52_000 }).map((n) => 'y'.repeat(n)),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.array(fc.anything({ maxDepth: 1 }), { maxLength: 3 }),
  );

  function refreshed(corrupt?: { name: string; value: unknown }): unknown[][] {
    const h = createHarness();
    const boxes = account(h).containers().slice(0, 3);
    if (corrupt) (boxes[0]!.attributes as unknown as Json)[corrupt.name] = corrupt.value;
    withRows(
      boxes.map((c) => [c.attributes.number]),
      h,
    );
    const report = h.gas.run<{ ok: boolean; updated: number }>('refreshTrackingSheet');
    expect(report).toMatchObject({ ok: true, updated: 3 });
    return sheetValues(h);
  }

  it('finishes, touches only the bad field of the bad row, and writes no JavaScript text', () => {
    const clean = refreshed();
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(OUTPUTS_OF)), hostile, (name, value) => {
        const grid = refreshed({ name, value });
        expectNoRawJs(grid);
        expect(grid.slice(2)).toEqual(clean.slice(2)); // the other rows
        HEADERS.forEach((header, i) => {
          if (!(OUTPUTS_OF[name] ?? []).includes(header))
            expect([header, grid[1]![i]]).toEqual([header, clean[1]![i]]);
        });
      }),
      { numRuns: 12 },
    );
  });
});

describe('a record too large for a cache entry', () => {
  it('is still served, and cached: the account is not listed again on every recalculation', () => {
    const h = createHarness();
    const box = account(h).containers()[0]!;
    (box.attributes as unknown as Json).holds_at_pod_terminal = Array.from(
      { length: 150 },
      (_, i) => ({ name: `hold${i}`, status: 'pending', description: 'd'.repeat(1_000) }),
    );
    const n = box.attributes.number;
    expect(h.cell('CONTAINER_STATUS', n)).toBe(box.attributes.current_status);
    const cold = h.requests();
    expect(h.cell('CONTAINER_STATUS', n)).toBe(box.attributes.current_status);
    expect(h.cell('CONTAINER_STATUS', account(h).containers()[1]!.attributes.number)).toBe(
      account(h).containers()[1]!.attributes.current_status,
    );
    expect(h.requests()).toBe(cold);
  });
});

describe('an answer that is not the documented shape', () => {
  it.each([
    ['{}', {}],
    ['{"data": null}', { data: null }],
    ['{"data": {}}', { data: {} }],
  ])('%s from a listing is an error, never an empty account', (_label, body) => {
    const h = createHarness();
    const box = account(h).containers()[0]!;
    const scac = 'MAEU';
    withRows([[box.attributes.number, scac]], h);
    h.gas.run('refreshTrackingSheet');
    expect(column(h, 'Tracking')[0]).toBe('tracked');
    const before = sheetValues(h);
    h.clock.advance(3_600_000);
    rewriteAnswers(h, /\/containers$/, () => body as Json);
    const report = h.gas.run<{ ok: boolean; message: string }>('refreshTrackingSheet');
    expect(report.ok).toBe(false);
    expect(report.message).toMatch(/not (in )?the (documented|expected) (shape|form)/i);
    // Nothing changes but Attention, which says the row is not up to date and why.
    const a = HEADERS.indexOf('Attention');
    const without = (grid: unknown[][]) => grid.map((r) => r.filter((_, i) => i !== a));
    expect(without(sheetValues(h))).toEqual(without(before));
    expect(column(h, 'Attention')[0]).toMatch(/not updated since .*: tracking service error$/);
    expect(posts(h, '/tracking_requests')).toBe(0);
  });

  it('fails the cells it concerns with a clear message, not "not tracked"', () => {
    const h = createHarness();
    rewriteAnswers(h, /\/containers$/, () => ({ data: null }));
    const n = account(h).containers()[0]!.attributes.number;
    const out = h.cell<unknown[][]>('CONTAINER_STATUS', [[n]]);
    expect(String(out[0]![0])).toMatch(/^#.*not (in )?the (documented|expected) (shape|form)/i);
    expect(String(out[0]![0])).not.toMatch(/not tracked/);
  });
});

describe('unknown is not empty', () => {
  it('a listing without the included shipments keeps Vessel, POD, ETA and ATA', () => {
    const h = createHarness();
    const box = account(h)
      .containers()
      .find((c) => c.shipmentId && account(h).shipmentOf(c)!.attributes.pod_vessel_name)!;
    withRows([[box.attributes.number]], h);
    h.gas.run('refreshTrackingSheet');
    const vessel = column(h, 'Vessel')[0];
    const pod = column(h, 'POD')[0];
    const eta = column(h, 'ETA')[0];
    expect(vessel).not.toBe('');
    h.clock.advance(3_600_000);
    rewriteAnswers(h, /\/containers$/, (doc) => {
      delete doc.included;
      return doc;
    });
    expect(h.gas.run<{ ok: boolean }>('refreshTrackingSheet').ok).toBe(true);
    expect(column(h, 'Vessel')[0]).toBe(vessel);
    expect(column(h, 'POD')[0]).toBe(pod);
    expect(column(h, 'ETA')[0]).toEqual(eta);
    expect(column(h, 'Tracking')[0]).toBe('tracked');
    // The cells keep the cached shipment too.
    expect(h.cell('CONTAINER_INFO', box.attributes.number, 'shipment.pod_vessel_name')).toBe(
      vessel,
    );
  });

  it('a BOL row whose look-up came without its containers keeps their summary', () => {
    const h = createHarness({ containers: 2_100 }); // large: a few rows use targeted look-ups
    const bol = account(h)
      .shipments()
      .find((s) => s.containerIds.length >= 2)!;
    withRows([[bol.attributes.bill_of_lading_number]], h);
    h.gas.run('refreshTrackingSheet');
    const status = column(h, 'Status')[0];
    expect(String(status)).toMatch(/: \d/);
    h.clock.advance(3_600_000);
    // No cached containers to fill in the summary either (the account's size stays known).
    h.gas.evictCache(({ key }) => key.startsWith('ct:c:'));
    rewriteAnswers(h, /\/shipments$/, (doc) => {
      delete doc.included;
      return doc;
    });
    expect(h.gas.run<{ ok: boolean }>('refreshTrackingSheet').ok).toBe(true);
    expect(column(h, 'Status')[0]).toBe(status);
    expect(column(h, 'Vessel')[0]).toBe(bol.attributes.pod_vessel_name ?? '');
  });

  it('a container with no shipment says so for shipment fields, instead of "try again"', () => {
    const h = createHarness();
    const box = account(h).containers()[0]!;
    rewriteAnswers(h, /\/containers$/, (doc) => {
      for (const r of doc.data as Json[])
        if (r.id === box.id) (r.relationships as Json).shipment = { data: null };
      return doc;
    });
    const n = box.attributes.number;
    expect(h.cell('CONTAINER_STATUS', n)).toBe(box.attributes.current_status);
    expect(() => h.cell('CONTAINER_INFO', n, 'shipment.pod_eta_at')).toThrow(
      /has no shipment in the tracking service/,
    );
  });
});

describe('the newest journey wins', () => {
  it('in cells and on the sheet, whatever order the service lists the two journeys in', () => {
    for (const oldFirst of [true, false]) {
      const h = createHarness();
      const box = account(h)
        .containers()
        .find((c) => c.attributes.current_status !== 'empty_returned')!;
      const n = box.attributes.number;
      rewriteAnswers(h, /\/containers$/, (doc) => {
        const data = doc.data as Json[];
        const mine = data.find((r) => r.id === box.id);
        if (!mine) return doc;
        const old = JSON.parse(JSON.stringify(mine)) as Json;
        old.id = 'old-journey';
        Object.assign(old.attributes as Json, {
          ref_numbers: ['OLD-JOURNEY'],
          created_at: '2025-01-05T00:00:00Z',
          current_status: 'empty_returned',
          empty_terminated_at: '2025-02-01T00:00:00Z',
        });
        data.splice(data.indexOf(mine) + (oldFirst ? 0 : 1), 0, old);
        return doc;
      });
      expect(h.cell('CONTAINER_STATUS', n)).toBe(box.attributes.current_status);
      withRows([[n]], h);
      h.gas.run('refreshTrackingSheet');
      expect(column(h, 'Status')[0]).toBe(box.attributes.current_status);
      h.gas.select('Tracking', 'A2');
      const selected = h.gas.run<{ refNumbers: string[] | null }>('getSelectedRow');
      expect(selected.refNumbers).toEqual(box.attributes.ref_numbers);
    }
  });
});

describe('spreadsheet error values in Number', () => {
  it('are not numbers: the row says so and no request is sent for them', () => {
    const errors = ['#N/A', '#REF!', '#VALUE!', '#DIV/0!', '#NAME?', '#NUM!', '#NULL!', '#ERROR!'];
    const h = withRows(errors.map((e) => [e, 'MAEU']));
    h.gas.run('refreshTrackingSheet');
    expect(posts(h, '/tracking_requests')).toBe(0);
    column(h, 'Tracking').forEach((t, i) =>
      expect(t).toBe(`Number has an error: ${errors[i]} — fix the cell`),
    );
    expect(h.gas.urlFetchLog.some((e) => /q=%23|q=#/.test(e.url))).toBe(false);
    const sent = h.requests();
    h.gas.select('Tracking', 'A2');
    expect(h.gas.run('getSelectedRow')).toMatchObject({
      refNumbers: null,
      problem: 'Number has an error: #N/A — fix the cell',
    });
    expect(h.requests()).toBe(sent);
  });

  it('get a clear message in cells, at no cost', () => {
    const h = createHarness();
    const out = h.cell<unknown[][]>('CONTAINER_STATUS', [['#N/A'], ['#REF!']]);
    expect(out[0]![0]).toMatch(/^#Not a container number: the cell shows the error #N\/A/);
    expect(() => h.cell('SHIPMENT_INFO', '#VALUE!', 'pod_eta_at')).toThrow(
      /the cell shows the error #VALUE!/,
    );
    expect(h.cell('TRACKING_LINK', [['#REF!']])).toEqual([['#The cell shows the error #REF!.']]);
    expect(h.requests()).toBe(0);
  });
});

describe('document lock unavailable during a range formula', () => {
  it('answers each cell on its own: cached values where it has them, a message where not', () => {
    const h = createHarness({ containers: 3_000 }); // large: cold numbers need their own look-up
    const all = account(h).containers();
    const [warm, cold] = [all[0], all[all.length - 1]];
    expect(h.cell('CONTAINER_STATUS', warm!.attributes.number)).toBe(
      warm!.attributes.current_status,
    );
    // A bound script's runs share its script-wide lock (the build's: src/execution/stores.ts).
    h.gas.holdLock(h.lockScope, h.clock.now() + 120_000);
    const out = h.cell<unknown[][]>('CONTAINER_STATUS', [
      [warm!.attributes.number],
      [cold!.attributes.number],
    ]);
    expect(out[0]![0]).toBe(warm!.attributes.current_status);
    expect(String(out[1]![0])).toMatch(/^#.*(Try again|try again)/);
  });
});
