// The custom functions as Sheets runs them: each call a fresh execution of dist/Code.js over
// shared stores, against the emulator.

import { NetworkFailure } from '../../../local/gas';
import { createHarness } from '../../helpers/addon-harness';

type Harness = ReturnType<typeof createHarness>;

function containers(h: Harness) {
  return h.emulator.account()!.containers();
}

function find(h: Harness, predicate: (a: Record<string, unknown>) => boolean): string {
  const c = containers(h).find((x) =>
    predicate(x.attributes as unknown as Record<string, unknown>),
  );
  if (!c) throw new Error('demo account lacks the container this test needs');
  return c.attributes.number;
}

describe('CONTAINER_STATUS', () => {
  it('answers a range in its own shape, normalising numbers, and serves it warm from the cache alone', () => {
    const h = createHarness();
    const list = containers(h).slice(0, 4);
    const messy = list[0]!.attributes.number
      .toLowerCase()
      .replace(/^(....)/, '$1 ')
      .replace(/(.)$/, '-$1');
    const input = [
      [messy, ''],
      [list[1]!.attributes.number, list[2]!.attributes.number],
      ['', ''],
    ];
    const out = h.cell<unknown[][]>('CONTAINER_STATUS', input);
    expect(out).toEqual([
      [list[0]!.attributes.current_status, ''],
      [list[1]!.attributes.current_status, list[2]!.attributes.current_status],
      ['', ''],
    ]);
    const cold = h.requests();
    expect(cold).toBeGreaterThan(0);
    expect(cold).toBeLessThanOrEqual(2);

    h.cell('CONTAINER_STATUS', input);
    expect(h.requests()).toBe(cold); // warm: no request
    const totals = h.gas.lastExecution!.calls.totals;
    const serviceCalls = Object.values(totals).reduce((a, b) => a + b, 0);
    // A bound script's cell reads the stores marker with its data (shared-stores.test.ts).
    expect(serviceCalls).toBeLessThanOrEqual(3);
    expect(totals.Properties ?? 0).toBe(0);
  });

  it('gives bad cells their own message and spends no request on them', () => {
    const h = createHarness();
    const good = containers(h)[0]!.attributes.number;
    const out = h.cell<unknown[][]>('CONTAINER_STATUS', [['ABC123'], [good], [45_000], [true]]);
    expect(out[0]![0]).toMatch(
      /^#"ABC123" is not a container number\. Use 4 letters and 7 digits, like AAAU1234567\./,
    );
    expect(out[1]![0]).toBe(containers(h)[0]!.attributes.current_status);
    expect(out[2]![0]).toMatch(/^#.*not a container number/);
    expect(out[3]![0]).toMatch(/^#Not a container number: the cell holds TRUE/);
    expect(() => h.cell('CONTAINER_STATUS', 'nonsense')).toThrow(/is not a container number/);
    const h2 = createHarness();
    expect(() => h2.cell('CONTAINER_STATUS', 'ABC123')).toThrow();
    expect(h2.requests()).toBe(0);
  });

  it('says a number is not tracked, with a hint when the check digit is wrong', () => {
    const h = createHarness();
    const real = containers(h)[0]!.attributes.number;
    const wrongDigit = real.slice(0, 10) + String((Number(real[10]) + 1) % 10);
    expect(() => h.cell('CONTAINER_STATUS', wrongDigit)).toThrow(
      new RegExp(
        `${wrongDigit} is not tracked in this account\\. Its check digit should be ${real[10]}`,
      ),
    );
    expect(() => h.cell('CONTAINER_STATUS', 'CSQU3054383')).toThrow(
      /CSQU3054383 is not tracked in this account\. Start tracking/,
    );
  });
});

describe('LFD', () => {
  it('is the calendar day at the terminal, in every sheet time zone', () => {
    for (const zone of ['America/Los_Angeles', 'America/New_York', 'Asia/Tokyo']) {
      const h = createHarness({ sheetTimeZone: zone });
      const number = find(
        h,
        (a) => a.pickup_lfd === '2026-11-25T05:00:00Z' && a.pod_timezone === 'America/New_York',
      );
      // A sheet serial day number: 25 Nov 2026 in every zone (src/core/lfd.ts says why).
      expect(h.cell('LFD', number)).toBe(Date.UTC(2026, 10, 25) / 86_400_000 + 25_569);
    }
  });

  it('reads the requested source and rejects unknown ones', () => {
    const h = createHarness();
    const number = find(h, (a) => {
      const d = a.import_deadlines as Record<string, string | null> | null;
      return (
        !!d?.pickup_lfd_terminal &&
        !!d.pickup_lfd_line &&
        d.pickup_lfd_terminal !== d.pickup_lfd_line
      );
    });
    const terminal = h.cell<number>('LFD', number, 'terminal');
    const line = h.cell<number>('LFD', number, 'line');
    expect(Number.isInteger(terminal)).toBe(true);
    expect(terminal).not.toBe(line);
    expect(() => h.cell('LFD', number, 'port')).toThrow(
      /Unknown LFD source "port"\. Use one of: pickup, line, terminal, rail/,
    );
  });

  it('is blank when unknown', () => {
    const h = createHarness();
    const number = find(h, (a) => a.pickup_lfd == null);
    expect(h.cell('LFD', number)).toBe('');
  });
});

describe('CONTAINER_INFO and SHIPMENT_INFO', () => {
  it('reads attributes, derived fields and shipment fields', () => {
    const h = createHarness();
    const held = containers(h).find((c) =>
      c.attributes.holds_at_pod_terminal.some((x) => x.status === 'hold'),
    )!;
    const n = held.attributes.number;
    expect(h.cell('CONTAINER_INFO', n, 'ready_for_pickup')).toBe(false);
    expect(h.cell('CONTAINER_INFO', n, 'holds')).toMatch(/: hold/);
    expect(h.cell('CONTAINER_INFO', n, 'current_status')).toBe(held.attributes.current_status);
    const shipment = h.emulator.account()!.shipmentOf(held)!;
    const vessel = h.cell('CONTAINER_INFO', n, 'shipment.pod_vessel_name');
    expect(vessel).toBe(shipment.attributes.pod_vessel_name ?? '');
    expect(
      h.cell('SHIPMENT_INFO', shipment.attributes.bill_of_lading_number, 'containers'),
    ).toContain(n);
    expect(h.cell('SHIPMENT_INFO', n, 'bill_of_lading_number')).toBe(
      shipment.attributes.bill_of_lading_number,
    );
  });

  it('finds a shipment by reference number', () => {
    const h = createHarness();
    const shipment = h.emulator
      .account()!
      .shipments()
      .find((s) => (s.attributes.ref_numbers ?? []).length > 0)!;
    const ref = shipment.attributes.ref_numbers![0]!;
    expect(h.cell('SHIPMENT_INFO', ref.toLowerCase(), 'bill_of_lading_number')).toBe(
      shipment.attributes.bill_of_lading_number,
    );
  });

  it('points to fields like an unknown one, before spending a request', () => {
    const h = createHarness();
    expect(() => h.cell('CONTAINER_INFO', 'CSQU3054383', 'eta')).toThrow(
      /Unknown field "eta". Fields with "eta" in their name: .*eta/,
    );
    expect(h.requests()).toBe(0);
  });
});

describe('TRACKING_LINK', () => {
  it('links to the deep link without a request', () => {
    const h = createHarness();
    // The number as the Tracking sheet's Link has it: a container number normalised.
    expect(h.cell('TRACKING_LINK', [['mscu 123456-6'], ['maeu 2405 12345'], ['']])).toEqual([
      ['http://127.0.0.1:4949/shipments/find?q=MSCU1234566'],
      ['http://127.0.0.1:4949/shipments/find?q=MAEU240512345'],
      [''],
    ]);
    expect(h.requests()).toBe(0);
  });
});

describe('failures', () => {
  it('asks for a key when none is set', () => {
    const h = createHarness({ withKey: false });
    expect(() => h.cell('CONTAINER_STATUS', 'CSQU3054383')).toThrow(
      /No API key is set\. Open Extensions → LFD Watch: Container Tracking → Settings/,
    );
    expect(h.requests()).toBe(0);
  });

  it('reports a rejected key without ever showing it', () => {
    const h = createHarness();
    h.gas.run('saveSettings', [{ apiKey: '  wrong-key-abcdef  ' }]);
    let message = '';
    try {
      h.cell('CONTAINER_STATUS', containers(h)[0]!.attributes.number);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/rejected the API key \(401\)/);
    expect(message).not.toContain('wrong-key');
    const settings = h.gas.run<{ apiKeyLast4: string }>('getSettings');
    expect(settings.apiKeyLast4).toBe('cdef');
    expect(JSON.stringify(settings)).not.toContain('wrong-key');
    expect(JSON.stringify(h.gas.logs)).not.toContain('wrong-key');
  });

  it.each([
    [{ status: 500 }, /had a problem \(500\)/],
    [{ body: 'html' as const }, /a web page instead of data/],
    [{ body: 'malformed-json' as const }, /broken data/],
    [{ status: 429, retryAfter: 40 }, /rate limit is reached.*Try again in 40 s/],
  ])('explains %j when nothing is cached', (fault, message) => {
    const h = createHarness();
    h.emulator.faults.enqueue({ ...fault, times: 10 });
    expect(() => h.cell('CONTAINER_STATUS', containers(h)[0]!.attributes.number)).toThrow(message);
  });

  it('serves the last known data when the service fails later', () => {
    const h = createHarness();
    const n = containers(h)[0]!.attributes.number;
    const status = h.cell('CONTAINER_STATUS', n);
    h.clock.advance(60 * 60_000); // past freshness
    h.emulator.faults.enqueue({ status: 503, times: 20 });
    expect(h.cell('CONTAINER_STATUS', n)).toBe(status);
  });

  it('recovers when Apps Script evicts the cache', () => {
    const h = createHarness();
    const n = containers(h)[0]!.attributes.number;
    const status = h.cell('CONTAINER_STATUS', n);
    const before = h.requests();
    h.gas.evictCache();
    expect(h.cell('CONTAINER_STATUS', n)).toBe(status);
    expect(h.requests()).toBeGreaterThan(before);
  });

  it("turns Apps Script's own daily quota error into a clear message", () => {
    const h = createHarness({ quotas: { urlFetchPerDay: 0 } });
    expect(() => h.cell('CONTAINER_STATUS', containers(h)[0]!.attributes.number)).toThrow(
      /Google's daily limit/,
    );
  });
});

describe('cost', () => {
  it('1,000 single-cell executions in a 1,000-container account: few requests, never over the limit', () => {
    const h = createHarness({ containers: 1_000 });
    const numbers = containers(h).map((c) => c.attributes.number);
    for (const n of numbers) h.cell('CONTAINER_STATUS', n);
    expect(h.requests()).toBeLessThanOrEqual(15);
    expect(h.emulator.requestLog.count((e) => e.status === 429)).toBe(0);
    expect(h.emulator.requestLog.peakInWindow(60_000)).toBeLessThanOrEqual(100);
  });

  it('a few numbers in a 10,000-container account use targeted look-ups', () => {
    const h = createHarness({ containers: 10_000 });
    const numbers = containers(h)
      .filter((_, i) => i % 1999 === 7)
      .slice(0, 5)
      .map((c) => c.attributes.number);
    const out = h.cell<unknown[][]>(
      'CONTAINER_STATUS',
      numbers.map((n) => [n]),
    );
    expect(out.flat().every((s) => typeof s === 'string' && !s.startsWith('#'))).toBe(true);
    expect(h.requests()).toBeLessThanOrEqual(10);
  });
});

describe('shared limits and waiting', () => {
  it('a 429 in one cell makes every other cell hold off until Retry-After', () => {
    const h = createHarness();
    const [a, b] = containers(h);
    h.emulator.faults.enqueue({ status: 429, retryAfter: 30, times: 1 });
    expect(() => h.cell('CONTAINER_STATUS', a!.attributes.number)).toThrow(/Try again in 30 s/);
    const sent = h.requests();
    expect(() => h.cell('CONTAINER_STATUS', b!.attributes.number)).toThrow(/rate limit/);
    expect(h.requests()).toBe(sent); // nobody asked the service during the back-off
    h.clock.advance(31_000);
    expect(h.cell('CONTAINER_STATUS', b!.attributes.number)).toBe(b!.attributes.current_status);
  });

  it('explains a network timeout', () => {
    const h = createHarness();
    h.interceptors.push(() => {
      throw new NetworkFailure('timeout');
    });
    expect(() => h.cell('CONTAINER_STATUS', containers(h)[0]!.attributes.number)).toThrow(
      /Could not reach the tracking service/,
    );
  });

  it('waits for another execution that is loading the account instead of loading it again', () => {
    const h = createHarness();
    const n = containers(h)[0]!.attributes.number;
    // Another cell claimed the load a moment ago and has not finished.
    h.sharedCache.write(
      [
        [
          'ct:meta',
          JSON.stringify({
            total: null,
            totalAt: 0,
            listedAt: 0,
            flight: { owner: 'other', until: h.clock.now() + 25_000 },
          }),
        ],
      ],
      600,
      h.clock.now(),
    );
    const started = h.clock.now();
    expect(() => h.cell('CONTAINER_STATUS', n)).toThrow(/Another cell is loading tracking data/);
    expect(h.requests()).toBe(0);
    expect(h.clock.now() - started).toBeLessThanOrEqual(25_000); // within a custom function's 30 s
  });

  it('serves a 10,000-row range (with repeats and blanks) from one account listing', () => {
    const h = createHarness({ containers: 1_000 });
    const list = containers(h).map((c) => c.attributes.number);
    const range = Array.from({ length: 10_000 }, (_, i) => [
      i % 7 === 0 ? '' : list[i % list.length],
    ]);
    const out = h.cell<unknown[][]>('CONTAINER_STATUS', range);
    expect(out).toHaveLength(10_000);
    expect(out.filter((r) => String(r[0]).startsWith('#'))).toHaveLength(0);
    expect(out[7]![0]).toBe('');
    expect(h.requests()).toBeLessThanOrEqual(11);
  });

  it('refuses an over-long value without echoing it whole', () => {
    const h = createHarness();
    const long = 'X'.repeat(5_000);
    expect(() => h.cell('CONTAINER_STATUS', long)).toThrow(
      /^Not a container number: the value is 5000 characters long/,
    );
  });
});

describe('stale data while another execution loads', () => {
  it('shows the last known value at once instead of waiting', () => {
    const h = createHarness();
    const n = containers(h)[0]!.attributes.number;
    const status = h.cell('CONTAINER_STATUS', n);
    h.clock.advance(60 * 60_000); // stale now
    const meta = JSON.parse(h.sharedCache.read('ct:meta', h.clock.now())!);
    h.sharedCache.write(
      [
        [
          'ct:meta',
          JSON.stringify({ ...meta, flight: { owner: 'other', until: h.clock.now() + 25_000 } }),
        ],
      ],
      600,
      h.clock.now(),
    );
    const started = h.clock.now();
    expect(h.cell('CONTAINER_STATUS', n)).toBe(status);
    expect(h.clock.now()).toBe(started); // no waiting
  });
});
