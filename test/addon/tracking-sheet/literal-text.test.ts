// Text from the service and from people lands in cells as the same text, under local/gas's
// stricter typing rules (ported-behaviours.test.ts): Sheets reads "+44 20…" and "-ANNA" as
// formulas that fail (#ERROR!), "Mar 1 2016" as a date and "00123" as the number 123. The
// add-in writes them as literal text, in the Tracking sheet and in the Change Log alike.

import { INPUT_HEADERS, OUTPUT_HEADERS } from '../../../src/core/sheet-layout';
import { createHarness, column, sheetValues } from '../../helpers/addon-harness';

const HEADERS: string[] = [...INPUT_HEADERS, ...OUTPUT_HEADERS];

function oneContainer() {
  const seed = createHarness();
  const number = seed.emulator.account()!.containers()[0]!.attributes.number;
  const h = createHarness({ sheets: [{ name: 'Tracking', values: [HEADERS, [number]] }] });
  h.gas.run('setupTrackingSheet');
  const account = h.emulator.account()!;
  const box = account.containers().find((c) => c.attributes.number === number)!;
  const shipment = account.shipments().find((s) => s.containerIds.includes(box.id))!;
  const refresh = () => {
    h.clock.advance(60_000);
    expect(h.gas.run<{ ok: boolean }>('refreshTrackingSheet').ok).toBe(true);
  };
  return { h, box, shipment, refresh };
}

describe('service text that Sheets would retype', () => {
  it('stays the same text in the Tracking sheet and the Change Log', () => {
    const t = oneContainer();
    t.box.attributes.ref_numbers = ['+44 20 7946 0000'];
    t.shipment.attributes.pod_vessel_name = '-ANNA MAERSK';
    t.refresh();
    expect(column(t.h, 'Ref Numbers')[0]).toBe('+44 20 7946 0000');
    expect(column(t.h, 'Vessel')[0]).toBe('-ANNA MAERSK');

    t.box.attributes.ref_numbers = ['00123'];
    t.shipment.attributes.pod_vessel_name = 'Mar 1 2016';
    t.refresh();
    expect(column(t.h, 'Ref Numbers')[0]).toBe('00123');
    expect(column(t.h, 'Vessel')[0]).toBe('Mar 1 2016');
    const logged = sheetValues(t.h, 'Change Log').flat();
    for (const text of ['+44 20 7946 0000', '00123', '-ANNA MAERSK', 'Mar 1 2016']) {
      expect(logged).toContain(text);
    }
    expect(logged).not.toContain('#ERROR!');
  });
});
