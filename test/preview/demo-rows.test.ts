// The demo Tracking sheet's rows are picked from what the demo account holds, so the preview
// shows every case (green, red, amber, hold, at sea, a BOL, untracked, a typo) whatever the seed.

import { hasValidCheckDigit } from '../../src/core/container-number';
import { mistype, pickDemoRows, type ShipmentsDocument } from '../../local/preview/demo/demo-rows';
import { todaySerial } from '../../local/preview/formula/sheet-values';
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
  it('covers each case the page should show, each row explained', () => {
    const { h, doc } = listing();
    const rows = pickDemoRows(doc, todaySerial(h.clock.now(), 'America/New_York'));
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
