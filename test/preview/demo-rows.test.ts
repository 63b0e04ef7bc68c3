// The demo Tracking sheet's rows are picked from what the demo account holds, so the preview
// shows every case (green, red, amber, hold, at sea, a BOL, untracked, a typo) whatever the seed.

import { hasValidCheckDigit } from '../../src/core/container-number';
import { mistype, pickDemoRows, type ShipmentsDocument } from '../../local/preview/demo/demo-rows';
import { createHarness } from '../helpers/addon-harness';

function listing() {
  const h = createHarness();
  const res = h.emulator.handle({
    method: 'GET',
    url: `${h.emulator.apiBase}/shipments?page[size]=100&include=containers`,
    headers: { Authorization: `Token ${h.emulator.demoKey}` },
  });
  return { h, doc: JSON.parse(String(res.body)) as ShipmentsDocument };
}

describe('pickDemoRows', () => {
  it('reads an LFD as passed on the facility’s calendar, not the spreadsheet’s', () => {
    // 00:51 in New York is still the 27th in Los Angeles: an LFD of the 27th there is today.
    const at = (n: string, lfd: string) => ({
      id: n,
      type: 'container',
      attributes: {
        number: n,
        current_status: 'available',
        available_for_pickup: true,
        pod_timezone: 'America/Los_Angeles',
        import_deadlines: { pickup_lfd_terminal: lfd, pickup_lfd_line: lfd },
      },
    });
    const doc: ShipmentsDocument = {
      data: [],
      included: [at('TODAY', '2026-11-27T08:00:00Z'), at('PASSED', '2026-11-26T08:00:00Z')],
    };
    const rows = pickDemoRows(doc, {
      now: Date.parse('2026-11-28T05:51:00Z'),
      timeZone: 'America/New_York',
    });
    expect(rows.find((r) => r.note === 'Last free day passed: red')?.number).toBe('PASSED');
  });

  it('covers each case the page should show, each row explained', () => {
    const { h, doc } = listing();
    const rows = pickDemoRows(doc, { now: h.clock.now(), timeZone: 'America/New_York' });
    expect(rows.map((r) => r.note)).toEqual([
      'Ready for pickup: green',
      'Last free day passed: red',
      'Last free day within 2 days: amber',
      'On hold at the terminal',
      'Still at sea',
      'Appointment in the terminal’s own time (Long Beach / Los Angeles)',
      'The terminal’s LFD is earlier than the line’s: the sheet shows the earliest',
      'Picked up: its passed LFD is history, no colour',
      'Inland rail: picked up at the ramp (Terminal), by its rail LFD',
      'Empty not back after Return By: detention running',
      'Returned empty: nothing to do',
      'A BOL with several containers: one row sums them up',
      'A BOL with fees in two currencies: each summed on its own',
      'Not tracked yet, has a SCAC: a refresh starts tracking it',
      'Not tracked yet: waits for the line’s manifest',
      'Not tracked, no SCAC: the service detects the carrier from the number',
      'A mistyped container number',
    ]);
    const tracked = new Set(
      h.emulator
        .account()!
        .containers()
        .map((c) => c.attributes.number),
    );
    for (const row of rows.slice(0, 11)) expect(tracked.has(row.number)).toBe(true);
    for (const bol of rows.slice(11, 13)) {
      expect(h.emulator.findShipment(bol.number)).toBeDefined();
      expect(bol).toMatchObject({
        type: 'bill_of_lading',
        scac: expect.stringMatching(/^[A-Z]{4}$/),
      });
    }
    for (const row of rows.slice(13, 16))
      expect(h.emulator.findShipment(row.number)).toBeUndefined();
    expect(hasValidCheckDigit(rows[16]!.number)).toBe(false);
  });

  it('mistypes only the check digit', () => {
    const typo = mistype('MSCU1234565');
    expect(typo).toMatch(/^MSCU123456\d$/);
    expect(hasValidCheckDigit(typo)).toBe(false);
  });
});
