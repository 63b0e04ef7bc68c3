// Carriers in the add-in (the built bundle in the local runtime, against the emulator):
// inferCarrier's three decisions on the infer_number bucket, tracking without a SCAC from the
// sidebar, and Tracking-sheet rows without a SCAC followed from `detecting carrier` to their outcome.

import { isoContainerCheckDigit } from '../../../local/emulator';
import { createHarness, column, withRows } from '../../helpers/addon-harness';

type Harness = ReturnType<typeof createHarness>;

const box = (first10: string) => `${first10}${isoContainerCheckDigit(first10)}`;
const INFER_PATH = '/v2/tracking_requests/infer_number';
const inferCalls = (h: Harness) =>
  h.emulator.requestLog.count((e) => e.method === 'POST' && e.path === INFER_PATH);
const trackCalls = (h: Harness) =>
  h.emulator.requestLog.count((e) => e.method === 'POST' && e.path === '/v2/tracking_requests');
const requestsFor = (h: Harness, number: string) =>
  h.emulator
    .account()!
    .trackingRequests()
    .filter((r) => r.requestNumber.toUpperCase() === number);

/** The rolling window the gate keeps under `key` in the cache (a bound script's is script-wide). */
function window(h: Harness, key: string): { sent: number[]; blockedUntil: number } {
  const raw = h.sharedCache.read(key, h.clock.now());
  return raw ? JSON.parse(raw) : { sent: [], blockedUntil: 0 };
}
function fillWindow(h: Harness, key: string, count: number): void {
  const now = h.clock.now();
  const state = { sent: Array.from({ length: count }, () => now), blockedUntil: 0 };
  h.sharedCache.write([[key, JSON.stringify(state)]], 3_600, now);
}

describe('inferCarrier', () => {
  const h = createHarness();
  const infer = (number: string) => h.gas.run('inferCarrier', [{ number }]);

  it('auto_select: the carrier the number names', () => {
    const before = inferCalls(h);
    expect(infer('medu fr0308-02')).toEqual({
      decision: 'auto_select',
      scac: 'MSCU',
      name: 'Mediterranean Shipping Company',
      candidates: [{ scac: 'MSCU', name: 'Mediterranean Shipping Company' }],
    });
    expect(infer(box('MSKU907032'))).toMatchObject({ decision: 'auto_select', scac: 'MAEU' });
    expect(inferCalls(h)).toBe(before + 2);
  });

  it('needs_confirmation: a leasing company’s box offers candidates and picks none', () => {
    const answer = h.gas.run<{ decision: string; scac: unknown; candidates: unknown[] }>(
      'inferCarrier',
      [{ number: box('TGHU918273') }],
    );
    expect(answer).toMatchObject({ decision: 'needs_confirmation', scac: null, name: null });
    expect(answer.candidates.length).toBeGreaterThanOrEqual(2);
    for (const c of answer.candidates)
      expect(c).toEqual({ scac: expect.stringMatching(/^[A-Z]{4}$/), name: expect.any(String) });
  });

  it('no_prediction: says so with no candidates', () => {
    expect(infer(box('ABCU123456'))).toEqual({
      decision: 'no_prediction',
      scac: null,
      name: null,
      candidates: [],
    });
  });

  it('refuses what cannot be a number without asking the service', () => {
    const before = inferCalls(h);
    for (const number of ['', 'ab12', 'MSCU?123456', 'x'.repeat(41)])
      expect(() => infer(number)).toThrow(/Enter a container, BOL or booking number/);
    expect(inferCalls(h)).toBe(before);
  });
});

describe('inferCarrier has its own rate bucket', () => {
  it('answers at once when the shared window is full, and takes no slot from it', () => {
    const h = createHarness();
    fillWindow(h, 'ct:rate', 95);
    const start = h.clock.now();
    expect(h.gas.run('inferCarrier', [{ number: 'ONEYSH9AME650500' }])).toMatchObject({
      scac: 'ONEY',
    });
    expect(h.clock.now() - start).toBeLessThan(1_000);
    expect(window(h, 'ct:rate').sent).toHaveLength(95);
    expect(window(h, 'ct:rate:infer').sent).toHaveLength(1);
  });

  it('a full infer window pauses suggestions only: nothing is sent, the rest still works', () => {
    const h = createHarness();
    fillWindow(h, 'ct:rate:infer', 190);
    expect(() => h.gas.run('inferCarrier', [{ number: 'ONEYSH9AME650500' }])).toThrow(
      /Carrier suggestions are paused .*200 a minute/,
    );
    expect(inferCalls(h)).toBe(0);
    expect(h.gas.run<{ ok: boolean }>('testConnection').ok).toBe(true);
  });

  it('a 429 from infer_number holds back that bucket alone', () => {
    const h = createHarness();
    h.emulator.faults.enqueue({
      status: 429,
      retryAfter: 30,
      match: { method: 'POST', path: INFER_PATH },
    });
    // The sidebar waits out a Retry-After that fits its time, then asks again.
    expect(h.gas.run('inferCarrier', [{ number: 'EGLV084900042045' }])).toMatchObject({
      scac: 'EGLV',
    });
    expect(inferCalls(h)).toBe(2);
    expect(window(h, 'ct:rate:infer').blockedUntil).toBeGreaterThan(0);
    expect(window(h, 'ct:rate').blockedUntil).toBe(0);
  });
});

describe('createTrackingRequest without a SCAC', () => {
  it('asks the service to detect the carrier, and the row it adds leaves SCAC empty', () => {
    const h = withRows([]);
    const summary = h.gas.run<{ scac: unknown; status: string }>('createTrackingRequest', [
      { requestType: 'bill_of_lading', requestNumber: 'meduauto0007', scac: ' ' },
    ]);
    expect(summary).toMatchObject({ scac: null, status: 'pending' });
    const [request] = requestsFor(h, 'MEDUAUTO0007');
    expect(request).toMatchObject({ scac: null, status: 'pending' });
    expect(column(h, 'Number')).toEqual(['MEDUAUTO0007']);
    expect(column(h, 'SCAC')).toEqual(['']);
    h.gas.run('refreshTrackingSheet');
    expect(column(h, 'Tracking')).toEqual(['detecting carrier']);
    h.clock.advance(60_000);
    h.gas.run('refreshTrackingSheet');
    expect(column(h, 'Tracking')).toEqual(['tracked']);
    expect(requestsFor(h, 'MEDUAUTO0007')).toHaveLength(1);
    expect(request!.scac).toBe('MSCU');
  });
});

describe('Tracking sheet rows without a SCAC', () => {
  it('are tracked with auto-detection: `detecting carrier`, then tracked, with one request per number', () => {
    const h = withRows([
      ['MEDUAUTO0001', '', '', 'PO-1'],
      ['medu auto 0001', '', '', ''], // the same number spelt another way
      [box('MSKU123987'), '', '', ''],
    ]);
    h.gas.run('refreshTrackingSheet');
    expect(column(h, 'Tracking')).toEqual([
      'detecting carrier',
      'detecting carrier',
      'detecting carrier',
    ]);
    expect(column(h, 'Attention')).toEqual(['', '', '']);
    expect(trackCalls(h)).toBe(2);
    h.gas.run('refreshTrackingSheet'); // still pending: nothing sent again
    expect(trackCalls(h)).toBe(2);
    h.clock.advance(60_000);
    h.gas.run('refreshTrackingSheet');
    h.gas.run('refreshTrackingSheet');
    expect(column(h, 'Tracking')).toEqual(['tracked', 'tracked', 'tracked']);
    for (const status of column(h, 'Status')) expect(status).not.toBe('');
    expect(trackCalls(h)).toBe(2);
    expect(h.emulator.findShipment('MEDUAUTO0001')?.attributes).toMatchObject({
      shipping_line_scac: 'MSCU',
      ref_numbers: ['PO-1'],
    });
    expect(h.emulator.findContainer(box('MSKU123987'))).toBeDefined();
    // The SCAC cell is the user's: the detected carrier is not written into it.
    expect(column(h, 'SCAC')).toEqual(['', '', '']);
  });

  it('a carrier that cannot be detected: the outcome with what to do, no second request until a SCAC is added', () => {
    const leased = box('TGHU918273');
    const h = withRows([[leased, '', 'container', '']]);
    h.gas.run('refreshTrackingSheet');
    expect(column(h, 'Tracking')).toEqual(['detecting carrier']);
    h.clock.advance(60_000);
    h.gas.run('refreshTrackingSheet');
    expect(column(h, 'Tracking')).toEqual(['failed: scac_auto_detect_failed']);
    expect(column(h, 'Attention')).toEqual([
      'tracking failed: scac_auto_detect_failed (the carrier could not be detected: add the SCAC)',
    ]);
    h.clock.advance(3_600_000);
    h.gas.run('refreshTrackingSheet');
    expect(trackCalls(h)).toBe(1);
    expect(column(h, 'Tracking')).toEqual(['failed: scac_auto_detect_failed']);

    // The user adds the SCAC: the next refresh tracks it with that SCAC, once.
    const sheet = h.gas.spreadsheet.sheetByName('Tracking')!;
    h.gas.spreadsheet.write(sheet, 2, 2, 'MSCU');
    h.gas.run('refreshTrackingSheet');
    h.gas.run('refreshTrackingSheet');
    expect(trackCalls(h)).toBe(2);
    expect(requestsFor(h, leased).map((r) => r.scac)).toEqual(['MSCU', null]);
    expect(column(h, 'Tracking')).toEqual(['pending']);
  });
});
