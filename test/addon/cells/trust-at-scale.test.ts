// Right answers from a service that lies or moves things, state that stays bounded, and large
// ranges that converge: the built add-in in the local runtime against the emulator.

import { INPUT_HEADERS, OUTPUT_HEADERS } from '../../../src/core/sheet-layout';
import type { HttpRequest, HttpResponse } from '../../../local/http';
import { column, createHarness, withRows } from '../../helpers/addon-harness';

const HEADERS: string[] = [...INPUT_HEADERS, ...OUTPUT_HEADERS];
type Harness = ReturnType<typeof createHarness>;

const scheduled = (h: Harness) =>
  h.gas.run('refreshTrackingSheet', [{ scheduled: true }], {
    kind: 'trigger',
    activeDocument: true,
  });

const isListing = (req: HttpRequest) => /\/v2\/containers\?/.test(req.url);
const isPost = (req: HttpRequest) =>
  req.method === 'POST' && /\/v2\/tracking_requests$/.test(req.url);

/** Rewrites a JSON:API answer of the emulator. */
function rewrite(res: HttpResponse, edit: (doc: Record<string, unknown>) => void): HttpResponse {
  const doc = JSON.parse(String(res.body)) as Record<string, unknown>;
  edit(doc);
  return { ...res, body: JSON.stringify(doc) };
}

function countRequests(h: Harness, match: (req: HttpRequest) => boolean): () => number {
  let n = 0;
  h.interceptors.unshift((req) => {
    if (match(req)) n++;
    return undefined;
  });
  return () => n;
}

describe('a listing ends at the first short page, whatever meta.total claims', () => {
  const claimTenMillion = (h: Harness) =>
    h.interceptors.push((req) =>
      isListing(req)
        ? rewrite(h.emulator.handle(req), (doc) => {
            doc.meta = { ...(doc.meta as object), total: 10_000_000 };
          })
        : undefined,
    );

  it('Tracking sheet: a 63-container account claiming ten million costs one listing request', () => {
    const seed = createHarness();
    const numbers = seed.emulator
      .account()!
      .containers()
      .slice(0, 20)
      .map((c) => [c.attributes.number]);
    const h = withRows(numbers);
    claimTenMillion(h);
    const listings = countRequests(h, isListing);
    const report = h.gas.run<{ ok: boolean; updated: number }>('refreshTrackingSheet');
    expect(report).toMatchObject({ ok: true, updated: 20 });
    expect(listings()).toBe(1);
    expect(column(h, 'Tracking').slice(0, 20)).toEqual(Array(20).fill('tracked'));
  });

  it('cells: a range claiming ten million costs one request, now and at the next load', () => {
    const h = createHarness();
    claimTenMillion(h);
    const listings = countRequests(h, () => true);
    const all = h.emulator.account()!.containers();
    const first = all.slice(0, 10).map((c) => [c.attributes.number]);
    h.cell('CONTAINER_STATUS', first);
    expect(listings()).toBe(1);
    // The account's size is what the listing saw, not the claim: later loads still list it.
    h.clock.advance(20 * 60_000);
    const out = h.cell<unknown[][]>(
      'CONTAINER_STATUS',
      all.map((c) => [c.attributes.number]),
    );
    expect(out.flat().every((v) => typeof v === 'string' && !v.startsWith('#'))).toBe(true);
    expect(listings()).toBe(2);
  });

  it('a total that claims too few pages does not cut the listing short', () => {
    const h = createHarness({ containers: 250 });
    h.interceptors.push((req) =>
      isListing(req)
        ? rewrite(h.emulator.handle(req), (doc) => {
            doc.meta = { ...(doc.meta as object), total: 50 };
          })
        : undefined,
    );
    const all = h.emulator.account()!.containers();
    const last = all.at(-1)!.attributes.number;
    const out = h.cell<unknown[][]>(
      'CONTAINER_STATUS',
      all.map((c) => [c.attributes.number]),
    );
    expect(String(out.flat().at(-1))).not.toMatch(/^#/);
    expect(out.flat()).toHaveLength(all.length);
    expect(h.emulator.findContainer(last)).toBeTruthy();
  });
});

/** The container jumps to page 1 after page 1 was read (it was just refreshed): page 3 lacks it. */
function leavesPage3(h: Harness, moved: string): void {
  h.interceptors.push((req) =>
    isListing(req) && /page%5Bnumber%5D=3|page\[number\]=3/.test(req.url)
      ? rewrite(h.emulator.handle(req), (doc) => {
          doc.data = (doc.data as { attributes: { number: string } }[]).filter(
            (c) => c.attributes.number !== moved,
          );
        })
      : undefined,
  );
}

describe('a container that moved between pages while the listing read them', () => {
  it('is looked up before it is called untracked: the row stays tracked, no tracking request', () => {
    const seed = createHarness({ containers: 250 });
    const moved = seed.emulator.account()!.containers()[230]!.attributes.number; // on page 3
    const h = withRows([[moved, 'MAEU']], { containers: 250 });
    h.gas.run('refreshTrackingSheet'); // the row is confirmed tracked once
    h.clock.advance(20 * 60_000);
    leavesPage3(h, moved);
    const posts = countRequests(h, isPost);
    h.gas.run('refreshTrackingSheet');
    expect(posts()).toBe(0);
    expect(column(h, 'Tracking')[0]).toBe('tracked');
    expect(column(h, 'Status')[0]).not.toBe('');
  });

  it('a new row the listing missed costs one tracking request (its 422 duplicate says tracked), no look-up', () => {
    const seed = createHarness({ containers: 250 });
    const boxes = seed.emulator.account()!.containers();
    const moved = boxes[230]!.attributes.number;
    // Enough rows that listing the account (3 pages) is cheaper than a look-up per row.
    const others = boxes.slice(0, 4).map((c) => [c.attributes.number, 'MAEU']);
    const h = withRows([[moved, 'MAEU'], ...others], { containers: 250 });
    leavesPage3(h, moved);
    const posts = countRequests(h, isPost);
    const lookups = countRequests(h, (req) => /filter%5Bnumber%5D|filter\[number\]/.test(req.url));
    h.gas.run('refreshTrackingSheet');
    expect([posts(), lookups()]).toEqual([1, 0]);
    expect(column(h, 'Tracking')[0]).toBe('tracked');
  });
});

describe('one number in several rows', () => {
  it('sends one tracking request and every row shows its real state', () => {
    const h = withRows([
      ['meduSAME 42', 'MSCU'],
      ['MEDUSAME42', 'MSCU'],
      [' medusame42 ', 'mscu'],
    ]);
    const posts = countRequests(h, isPost);
    h.gas.run('refreshTrackingSheet');
    expect(posts()).toBe(1);
    expect(column(h, 'Tracking').slice(0, 3)).toEqual(['pending', 'pending', 'pending']);
    h.clock.advance(60 * 60_000);
    h.gas.run('refreshTrackingSheet');
    expect(posts()).toBe(1);
    expect(column(h, 'Tracking').slice(0, 3)).toEqual(['tracked', 'tracked', 'tracked']);
  });
});

// A bound script keeps the refresh's bookkeeping in document properties; the add-on keeps it in
// its state sheet (docs/reference.md#one-state), so these two are the bound script's.
describe('a full document store', () => {
  it('is named as such (not a daily fetch quota), with what to do', () => {
    const h = withRows([['MEDUFULL0001', 'MSCU']], { addOn: false });
    // Someone else's properties fill the 500 KB store to within a few bytes.
    const store = h.gas.properties.document;
    for (let i = 0; store.size() < 500 * 1024 - 9_100; i++)
      store.write([[`other:${i}`, 'x'.repeat(9_000)]]);
    store.write([['other:last', 'x'.repeat(500 * 1024 - store.size() - 40)]]);
    const report = h.gas.run<{ ok: boolean; message: string }>('refreshTrackingSheet');
    expect(report.ok).toBe(false);
    expect(report.message).toMatch(/storage \(document properties, 500 KB\) is full/);
    expect(report.message).not.toMatch(/daily limit/);
  });
});

describe('a range over a large account converges', () => {
  it('10,000 numbers: all values in a few recalculations, ≈ ⌈N/100⌉ pages, a share of each minute', () => {
    const h = createHarness({ containers: 10_000 });
    const range = h.emulator
      .account()!
      .containers()
      .map((c) => [c.attributes.number]);
    expect(range.length).toBeGreaterThanOrEqual(10_000);
    let recalculations = 0;
    let pending = range.length;
    const messages = new Set<string>();
    while (pending > 0 && recalculations < 10) {
      const out = h.cell<unknown[][]>('CONTAINER_STATUS', range);
      recalculations++;
      const errors = out.flat().filter((v) => typeof v === 'string' && v.startsWith('#'));
      for (const e of errors) messages.add(String(e).replace(/\d+ of about \d+/, 'N of M'));
      pending = errors.length;
      h.clock.advance(60_000);
    }
    expect(pending).toBe(0);
    expect(recalculations).toBeLessThanOrEqual(3);
    expect(h.requests()).toBeLessThanOrEqual(Math.ceil(range.length / 100) + 3);
    // Cells not loaded yet say so, not "rate limit"; and a range leaves room for others.
    expect([...messages].join('\n')).toMatch(/Loading the account: N of M pages/);
    expect([...messages].join('\n')).not.toMatch(/rate limit/);
    expect(h.emulator.requestLog.peakInWindow(60_000)).toBeLessThanOrEqual(60);
    // Warm: the next recalculation spends nothing.
    const before = h.requests();
    h.cell('CONTAINER_STATUS', range);
    expect(h.requests()).toBe(before);
  }, 180_000);
});

describe('a store filled by an older version of the ledger', () => {
  it('is trimmed towards the ledger share, so refreshes succeed again', () => {
    const h = withRows([['MEDUFULL0002', 'MSCU']], { addOn: false });
    const store = h.gas.properties.document;
    const old = Date.parse('2026-06-01T00:00:00Z');
    const entries: [string, string][] = [];
    let bytes = store.size();
    for (let i = 0; bytes < 500 * 1024 - 200; i++) {
      const key = `CT_TR:OLDBOL${String(i).padStart(6, '0')}`;
      const value = JSON.stringify({
        status: 'created',
        scac: 'MSCU',
        type: 'bill_of_lading',
        at: old + i,
      });
      entries.push([key, value]);
      bytes += key.length + value.length;
    }
    store.write(entries.slice(0, -1));
    const full = store.size();
    const sizes: number[] = [];
    for (let run = 0; run < 3; run++) {
      h.clock.advance(3_600_000);
      const report = h.gas.run<{ ok: boolean; message: string }>('refreshTrackingSheet');
      expect(report.message).not.toMatch(/full|daily/);
      expect(report.ok).toBe(true);
      sizes.push(store.size());
    }
    // Each run retires a bounded batch (each deletion is a service call), oldest first.
    expect(sizes[0]).toBeLessThan(full);
    expect(sizes[2]).toBeLessThan(sizes[1]!);
    expect(store.map.has('CT_TR:OLDBOL000000')).toBe(false);
  });
});

describe('numbers that already have a tracking request', () => {
  it('are not looked up again, so a new row is never starved behind failed ones', () => {
    const failing = Array.from({ length: 120 }, (_, i) => [
      `MEDUNOTFOUND${String(i).padStart(3, '0')}`,
      'MSCU',
    ]);
    const h = withRows(failing);
    const first = countRequests(h, isPost);
    scheduled(h);
    h.clock.advance(60 * 60_000);
    scheduled(h); // the rest of the first requests
    h.clock.advance(60 * 60_000);
    expect(first()).toBe(120);

    const sheet = h.gas.spreadsheet.sheetByName('Tracking')!;
    h.gas.spreadsheet.write(sheet, 122, HEADERS.indexOf('Number') + 1, 'MEDUNEWROW001');
    h.gas.spreadsheet.write(sheet, 122, HEADERS.indexOf('SCAC') + 1, 'MSCU');
    const posts = countRequests(h, isPost);
    const lookups = countRequests(h, (req) => /\/v2\/shipments\?/.test(req.url));
    scheduled(h);
    // A new row with a SCAC needs no look-up: its tracking request is the confirmation.
    expect(lookups()).toBe(0);
    expect(posts()).toBe(1);
    expect(column(h, 'Tracking')[120]).toBe('pending');
    expect(column(h, 'Tracking')[0]).toBe('failed: not_found');
  });
});
