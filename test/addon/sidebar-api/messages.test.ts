// Messages people read: valid examples, counts that agree with their noun, one full stop,
// a suggestion instead of a list, and connection problems named for what they are.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { NetworkFailure } from '../../../local/gas';
import { hasValidCheckDigit } from '../../../src/core/container-number';
import { INPUT_HEADERS, OUTPUT_HEADERS } from '../../../src/core/sheet-layout';
import { ORIGIN, createHarness } from '../../helpers/addon-harness';

const HEADERS: string[] = [...INPUT_HEADERS, ...OUTPUT_HEADERS];

describe('example container numbers', () => {
  it.each([
    'src/sidebar/client/track-tab.ts',
    // The Track form's and the server's container-number messages (trackedContainerProblem).
    'src/core/container-number.ts',
    'src/surface-cells.ts',
  ])('%s only shows numbers that pass the check-digit check', (file) => {
    const text = readFileSync(path.resolve(__dirname, '../../..', file), 'utf8');
    const examples = [...text.matchAll(/\b(?:like|e\.g\.)\s+([A-Z]{4}\d{7})\b/g)].map((m) => m[1]!);
    expect(examples.length).toBeGreaterThan(0);
    for (const n of examples) expect([n, hasValidCheckDigit(n)]).toEqual([n, true]);
  });
});

describe('refresh messages', () => {
  function oneRow() {
    const seed = createHarness();
    const n = seed.emulator.account()!.containers()[0]!.attributes.number;
    const h = createHarness({ sheets: [{ name: 'Tracking', values: [HEADERS, [n]] }] });
    return h;
  }

  it('counts agree with their noun', () => {
    const h = oneRow();
    const report = h.gas.run<{ message: string; requests: number }>('refreshTrackingSheet');
    expect(report.requests).toBe(1);
    expect(report.message).toBe('Refreshed 1 of 1 row; 1 request.');
  });

  it('never ends a sentence with two full stops', () => {
    const h = oneRow();
    h.emulator.faults.enqueue({ status: 401, times: 50 });
    const report = h.gas.run<{ message: string }>('refreshTrackingSheet');
    expect(report.message).toMatch(/paste a valid key/);
    expect(report.message).not.toMatch(/\.\./);
  });
});

describe('CONTAINER_INFO with an unknown field', () => {
  it('suggests the closest name instead of listing them all', () => {
    const h = createHarness();
    const call = () => h.cell('CONTAINER_INFO', 'CSQU3054383', 'curent_status');
    expect(call).toThrow('Unknown field "curent_status". Did you mean "current_status"?');
    expect(call).not.toThrow(/pickup_lfd/);
    expect(h.requests()).toBe(0);
  });
});

describe('testConnection', () => {
  it('says to end the base URL in /v2 when it was left out', () => {
    const h = createHarness();
    h.gas.run('saveSettings', [{ apiBaseUrl: ORIGIN }]);
    const result = h.gas.run<{ ok: boolean; message: string }>('testConnection');
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/ends in \/v2/);
    expect(result.message).not.toMatch(/Not found in this tracking account/);
  });

  it('tells a refused connection from a timeout', () => {
    const h = createHarness();
    h.interceptors.push(() => {
      throw new NetworkFailure('address-unavailable');
    });
    const refused = h.gas.run<{ ok: boolean; message: string }>('testConnection');
    expect(refused.message).toMatch(/Could not connect/);
    expect(refused.message).not.toMatch(/timeout/);
    h.interceptors.length = 0;
    h.interceptors.push(() => {
      throw new NetworkFailure('timeout');
    });
    expect(h.gas.run<{ message: string }>('testConnection').message).toMatch(/timeout/);
  });
});
