// The tracking-request ledger stays bounded: entries retire when no longer needed, never a
// `sending` one, and the rest is capped oldest first.

import fc from 'fast-check';
import { requestIdentity } from '../../src/core/number-identity';
import { toAppError } from '../../src/core/errors';
import {
  DEFAULT_RETIRE_POLICY,
  entriesToRetire,
  entryBytes,
  type LedgerEntry,
} from '../../src/engine/request-ledger';

const DAY = 24 * 3_600_000;
const NOW = Date.parse('2026-11-20T15:00:00Z');
const STATUSES: LedgerEntry['status'][] = [
  'sending',
  'pending',
  'awaiting_manifest',
  'created',
  'failed',
  'tracking_stopped',
  'duplicate',
  'rejected',
];

const entryArb = fc.record({
  status: fc.constantFrom(...STATUSES),
  scac: fc.constant('MAEU'),
  type: fc.constant('container'),
  at: fc.integer({ min: NOW - 400 * DAY, max: NOW }),
  reason: fc.option(fc.string({ maxLength: 200 }), { nil: undefined }),
});

const ledgerArb = fc
  .uniqueArray(fc.tuple(fc.stringMatching(/^[A-Z]{4}\d{7}$/), entryArb), {
    selector: ([n]) => n,
    maxLength: 1_500,
  })
  .map((pairs) => new Map(pairs as [string, LedgerEntry][]));

describe('entriesToRetire', () => {
  it('never retires a sending entry, retires what is tracked or long off the sheet, and keeps the rest under the cap', () => {
    fc.assert(
      fc.property(
        ledgerArb,
        fc.func(fc.boolean()),
        fc.func(fc.boolean()),
        (entries, isTracked, isOnSheet) => {
          const numbers = [...entries.keys()];
          const tracked = new Set(numbers.filter((n) => isTracked(n)));
          const onSheet = new Set(numbers.filter((n) => isOnSheet(n)));
          const policy = { ...DEFAULT_RETIRE_POLICY, maxBytes: 20_000, maxPerRun: 10_000 };
          const out = new Set(entriesToRetire(entries, { now: NOW, tracked, onSheet }, policy));
          let keptBytes = 0;
          let sendingBytes = 0;
          for (const [n, e] of entries) {
            if (e.status === 'sending') {
              expect(out.has(n)).toBe(false);
              sendingBytes += entryBytes(n, e);
            }
            const unneeded =
              tracked.has(n) || (!onSheet.has(n) && NOW - e.at > policy.offSheetGraceMs);
            if (e.status !== 'sending' && unneeded) expect(out.has(n)).toBe(true);
            if (!out.has(n)) keptBytes += entryBytes(n, e);
          }
          expect(keptBytes).toBeLessThanOrEqual(Math.max(policy.maxBytes, sendingBytes));
          // The cap takes the oldest first: nothing kept (but sending) is older than what went.
          const retiredByCap = [...entries].filter(
            ([n, e]) => out.has(n) && !tracked.has(n) && !(NOW - e.at > policy.offSheetGraceMs),
          );
          const newestRetired = Math.max(-Infinity, ...retiredByCap.map(([, e]) => e.at));
          for (const [n, e] of entries)
            if (!out.has(n) && e.status !== 'sending' && retiredByCap.length > 0)
              expect(e.at).toBeGreaterThanOrEqual(newestRetired);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('keeps a failed entry while its row is on the sheet, so the reason stays and nothing is re-sent', () => {
    const entries = new Map<string, LedgerEntry>([
      [
        'MSCU1234565',
        {
          status: 'failed',
          reason: 'not_found',
          scac: 'MSCU',
          type: 'container',
          at: NOW - 90 * DAY,
        },
      ],
    ]);
    expect(
      entriesToRetire(entries, { now: NOW, tracked: new Set(), onSheet: new Set(['MSCU1234565']) }),
    ).toEqual([]);
    expect(entriesToRetire(entries, { now: NOW, tracked: new Set(), onSheet: new Set() })).toEqual([
      'MSCU1234565',
    ]);
  });
});

describe('requestIdentity', () => {
  it('treats spacing and case as noise, and keeps what the service tells apart', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9-]{4,20}$/),
        fc.array(fc.constantFrom(' ', '\t', '\u00a0'), { maxLength: 3 }),
        (bol, spaces) => {
          const spaced =
            spaces.join('') + bol.slice(0, 2) + spaces.join('') + bol.slice(2).toLowerCase();
          expect(requestIdentity('bill_of_lading', spaced)).toBe(
            requestIdentity('bill_of_lading', bol.toUpperCase()),
          );
        },
      ),
    );
    expect(requestIdentity('bill_of_lading', 'ABC-123')).not.toBe(
      requestIdentity('bill_of_lading', 'ABC123'),
    );
    expect(requestIdentity('container', 'mscu 123456-5')).toBe('MSCU1234565');
  });
});

describe('Apps Script storage errors', () => {
  it('names a full property store as such, and the daily quota as the daily quota', () => {
    const full = toAppError(
      new Error(
        'You have exceeded the property storage quota. Please remove some properties and try again.',
      ),
    );
    expect(full.message).toMatch(/storage .*is full/);
    expect(full.message).not.toMatch(/daily/);
    const daily = toAppError(new Error('Service invoked too many times for one day: properties.'));
    expect(daily.message).toMatch(/daily limit .*PropertiesService/);
    expect(daily.message).not.toMatch(/web requests/);
  });
});
