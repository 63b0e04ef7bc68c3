// Rows appended by two executions at once (the sidebar tracking a number while a refresh imports
// the account's containers): every row lands, none overwrites another, none is doubled.

import { column } from '../helpers/addon-harness';
import { sheetHarness } from './helpers';

describe('appending rows concurrently', () => {
  it.each([1, 2, 3, 4, 5])(
    'seed %i: the sidebar row and the imported rows all land once',
    (seed) => {
      const h = sheetHarness(1_500, [['MY-OWN-ROW']], { containers: 150 });
      h.gas.run('saveSettings', [{ autoImport: true }]);
      const sidebarBols = ['MEDUSIDE0001', 'MEDUSIDE0002'];
      const outcomes = h.gas.runConcurrently(
        [
          { fn: 'refreshTrackingSheet', kind: 'sidebar' },
          ...sidebarBols.map((n) => ({
            fn: 'createTrackingRequest',
            args: [{ requestType: 'bill_of_lading', requestNumber: n, scac: 'MSCU' }],
            kind: 'sidebar' as const,
          })),
        ],
        { seed },
      );
      for (const o of outcomes) expect(o.ok).toBe(true);
      const numbers = column(h, 'Number');
      expect(numbers[0]).toBe('MY-OWN-ROW');
      expect(new Set(numbers).size).toBe(numbers.length);
      for (const n of sidebarBols) expect(numbers).toContain(n);
      const account = h.emulator.account()!;
      // autoImport reads the active work (a container is tracked while its shipment is): every
      // box whose empty is not back, a delivered one included (detention runs on it).
      const unfinished = account
        .containers()
        .filter(
          (c) =>
            account.shipmentOf(c)?.attributes.line_tracking_stopped_at === null &&
            c.attributes.current_status !== 'empty_returned' &&
            !c.attributes.empty_terminated_at,
        )
        .map((c) => c.attributes.number);
      for (const n of unfinished) expect(numbers).toContain(n);
      expect(numbers).toHaveLength(1 + sidebarBols.length + unfinished.length);
    },
  );
});
