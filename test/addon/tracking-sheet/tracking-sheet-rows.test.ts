// Rows the add-in adds to the Tracking sheet: numbers tracked from the sidebar and the account's
// tracked containers (importAllContainers). It appends, never duplicates, moves or deletes.

import { createHarness, column, sheetValues, withRows } from '../../helpers/addon-harness';

type Harness = ReturnType<typeof createHarness>;

const posts = (h: Harness) =>
  h.emulator.requestLog.count((e) => e.method === 'POST' && e.path.endsWith('/tracking_requests'));

describe('a number tracked from the sidebar', () => {
  it('appears once as a new row, and the refresh sends no second tracking request', () => {
    const h = withRows([['keep me 1st']]);
    const form = {
      requestType: 'bill_of_lading',
      requestNumber: 'medunew0042',
      scac: 'MSCU',
      refNumbers: 'PO-7, PO-8',
    };
    h.gas.run('createTrackingRequest', [form]);
    expect(
      sheetValues(h)
        .slice(1)
        .map((r) => r.slice(0, 4)),
    ).toEqual([
      ['keep me 1st', '', '', ''],
      ['MEDUNEW0042', 'MSCU', 'bill_of_lading', 'PO-7, PO-8'],
    ]);
    // Tracked again (the service answers duplicate): still one row.
    try {
      h.gas.run('createTrackingRequest', [form]);
    } catch {
      // a duplicate may be reported to the sidebar; the sheet is what this test is about
    }
    expect(column(h, 'Number')).toEqual(['keep me 1st', 'MEDUNEW0042']);
    const sent = posts(h);
    h.gas.run('refreshTrackingSheet');
    h.clock.advance(60_000);
    h.gas.run('refreshTrackingSheet');
    // The first row has no SCAC: it gets one request of its own (the service detects carriers).
    expect(posts(h)).toBe(sent + 1);
    const requestsFor = (n: string) =>
      h.emulator
        .account()!
        .trackingRequests()
        .filter((r) => r.requestNumber.toUpperCase().replace(/\s+/g, '') === n);
    expect(requestsFor('MEDUNEW0042')).toHaveLength(1);
    expect(requestsFor('KEEPME1ST')).toHaveLength(1);
    expect(column(h, 'Tracking')[1]).not.toBe('');
  });

  it('needs no Tracking sheet', () => {
    const h = createHarness();
    h.gas.run('createTrackingRequest', [
      { requestType: 'bill_of_lading', requestNumber: 'MEDUNEW0043', scac: 'MSCU' },
    ]);
    expect(h.gas.spreadsheet.sheetByName('Tracking')).toBeUndefined();
  });
});

describe('importAllContainers', () => {
  const DAY = 86_400_000;
  /**
   * Money may still run on it (docs/reference.md): its empty is not back, its shipment did not
   * stop because every empty came back, and a stopped shipment's box went out under 60 days ago.
   */
  function unfinished(h: Harness, c: ReturnType<typeof account>[number]): boolean {
    const a = c.attributes as unknown as Record<string, unknown>;
    if (a.current_status === 'empty_returned' || a.empty_terminated_at) return false;
    const s = h.emulator.account()!.shipmentOf(c)!.attributes;
    if (s.line_tracking_stopped_at === null) return true;
    if (s.line_tracking_stopped_reason === 'all_containers_terminated') return false;
    const out = [a.pod_full_out_at, a.final_destination_full_out_at].find(
      (v) => typeof v === 'string',
    );
    return out === undefined || h.clock.now() - Date.parse(String(out)) <= 60 * DAY;
  }

  function account(h: Harness) {
    return h.emulator.account()!.containers();
  }

  it('appends each unfinished container once, after the rows, moving or deleting nothing', () => {
    const h = withRows([['my row'], [''], ['MEDUNEW0001', 'MSCU']]);
    const boxes = account(h);
    // Unfinished whatever its shipment's state: a stopped shipment's delivered box whose empty is
    // out runs detention. The account's listing has them (⌈containers/100⌉ requests).
    const held = boxes.find((c) => unfinished(h, c))!;
    // The sheet already holds one of them, typed in lower case with a space.
    const sheet = h.gas.spreadsheet.sheetByName('Tracking')!;
    const typed = `${held.attributes.number.slice(0, 4).toLowerCase()} ${held.attributes.number.slice(4)}`;
    h.gas.spreadsheet.write(sheet, 5, 1, typed);
    const before = sheetValues(h);

    const report = h.gas.run<{ ok: boolean; added: number; requests: number }>(
      'importAllContainers',
    );
    const expected = boxes
      .filter((c) => unfinished(h, c))
      .map((c) => c.attributes.number)
      .filter((n) => n !== held.attributes.number)
      .sort();
    expect(expected.length).toBeGreaterThan(0);
    expect(boxes.length).toBeGreaterThan(expected.length + 1); // some finished ones left out
    expect(report).toMatchObject({ ok: true, added: expected.length, requests: 1 });
    const after = sheetValues(h);
    expect(after.slice(0, before.length)).toEqual(before); // nothing moved or rewritten
    expect(after.slice(before.length).map((r) => r.slice(0, 3))).toEqual(
      expected.map((n) => [n, '', 'container']),
    );

    // Again: nothing new to add, and the fresh listing in the cache costs no request.
    const again = h.gas.run<{ added: number; requests: number }>('importAllContainers');
    expect(again).toMatchObject({ added: 0 });
    expect(sheetValues(h)).toEqual(after);
  });

  it('brings the most expensive boxes: delivered with the empty out, and stopped shipments’ boxes', () => {
    const h = withRows([]);
    const all = h.emulator.account()!;
    const tracked = all.shipments().find((s) => s.attributes.line_tracking_stopped_at === null)!;
    const [delivered] = all.containersOf(tracked);
    Object.assign(delivered!.attributes, {
      current_status: 'delivered',
      pod_full_out_at: new Date(h.clock.now() - 9 * DAY).toISOString(),
      empty_terminated_at: null,
    });
    const stopped = all
      .shipments()
      .find((s) => s.attributes.line_tracking_stopped_reason === 'past_full_out_window')!;
    const [stoppedBox] = all.containersOf(stopped);
    Object.assign(stoppedBox!.attributes, {
      current_status: 'picked_up',
      pod_full_out_at: new Date(h.clock.now() - 20 * DAY).toISOString(),
      empty_terminated_at: null,
    });
    const done = all
      .shipments()
      .find((s) => s.attributes.line_tracking_stopped_reason === 'all_containers_terminated')!;
    h.gas.run('importAllContainers');
    const numbers = column(h, 'Number');
    expect(numbers).toContain(delivered!.attributes.number);
    expect(numbers).toContain(stoppedBox!.attributes.number);
    for (const c of all.containersOf(done)) expect(numbers).not.toContain(c.attributes.number);
  });

  it('adds the finished ones only with includeFinished', () => {
    const h = withRows([]);
    h.gas.run('importAllContainers');
    const unfinished = column(h, 'Number').length;
    h.gas.run('importAllContainers', [{ includeFinished: true }]);
    const numbers = column(h, 'Number');
    expect(numbers.length).toBe(account(h).length);
    expect(numbers.length).toBeGreaterThan(unfinished);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('costs one request per 100 containers, and grows the sheet past its 1,000 rows', () => {
    const h = withRows([], { containers: 1_200 });
    const total = account(h).length;
    const report = h.gas.run<{ requests: number; added: number }>('importAllContainers', [
      { includeFinished: true },
    ]);
    expect(report).toMatchObject({ requests: Math.ceil(total / 100), added: total });
    expect(h.requests()).toBe(Math.ceil(total / 100));
  });

  it('is on the menu', () => {
    const h = withRows([]);
    h.gas.run('onOpen');
    const items = JSON.stringify(h.gas.ui.menus);
    expect(items).toMatch(/Import all tracked containers/);
    h.gas.run('menuImportAllContainers');
    expect(column(h, 'Number').length).toBeGreaterThan(0);
  });
});

describe('autoImport', () => {
  it('is off by default; when on, each refresh appends the new unfinished containers', () => {
    const h = withRows([]);
    expect(h.gas.run<{ autoImport: boolean }>('getSettings').autoImport).toBe(false);
    h.gas.run('refreshTrackingSheet');
    expect(sheetValues(h)).toHaveLength(1);

    expect(
      h.gas.run<{ autoImport: boolean }>('saveSettings', [{ autoImport: true }]).autoImport,
    ).toBe(true);
    const report = h.gas.run<{ message: string }>('refreshTrackingSheet');
    const numbers = column(h, 'Number');
    expect(numbers.length).toBeGreaterThan(0);
    expect(report.message).toMatch(new RegExp(`${numbers.length} container rows added`));
    // With rows to refresh, the import reuses the refresh's own listing: no extra request.
    const again = h.gas.run<{ requests: number }>('refreshTrackingSheet');
    expect(again.requests).toBe(Math.ceil(h.emulator.account()!.containers().length / 100));
    expect(column(h, 'Number')).toEqual(numbers); // no duplicates, same order
    // Every row is tracked, or says that its shipment's tracking was stopped.
    const account = h.emulator.account()!;
    const stopped = (n: unknown) =>
      account.shipmentOf(account.findContainer(String(n))!)!.attributes.line_tracking_stopped_at;
    expect(column(h, 'Tracking')).toEqual(
      numbers.map((n) => (stopped(n) === null ? 'tracked' : expect.stringMatching(/^stopped: /))),
    );
  });
});
