// The preview's "Demo changes": which boxes it picks from the Tracking sheet and what it asks the
// emulator to change on each.

import { SpreadsheetModel } from '../../local/gas/spreadsheet/model';
import { planDemoChanges, waitingContainers } from '../../local/preview/demo/demo-changes';

const NOW = Date.parse('2026-11-23T15:00:00Z');

function sheetWith(rows: string[][]) {
  const model = new SpreadsheetModel({ sheets: [{ name: 'Tracking', values: rows }] });
  return model.sheetByName('Tracking')!;
}

describe('demo changes', () => {
  it('picks tracked container rows whose box has not left the terminal, by header', () => {
    const sheet = sheetWith([
      ['Status', 'Number', 'Type', 'Holds'],
      ['available', 'MSCU1234566', 'container', ''],
      ['picked_up', 'MAEU7654321', 'container', ''],
      ['', 'MEDU123456789', 'bill_of_lading', ''],
      ['on_ship', 'HLXU1112223', 'container', ''],
      // A mistyped number the service does not track: no box at the emulator to change.
      ['', 'HLBU7119561', 'container', ''],
    ]);
    expect(waitingContainers(sheet)).toEqual([
      { number: 'MSCU1234566', status: 'available', attention: '', holds: '' },
      { number: 'HLXU1112223', status: 'on_ship', attention: '', holds: '' },
    ]);
  });

  it("leaves out a box gone inland by rail: the POD terminal's LFD and holds no longer bear on it", () => {
    const sheet = sheetWith([
      ['Status', 'Number', 'LFD Source', 'Holds'],
      ['available', 'CSNU7667309', 'rail', ''],
      ['available', 'MSCU1234566', 'terminal', ''],
    ]);
    expect(waitingContainers(sheet).map((b) => b.number)).toEqual(['MSCU1234566']);
  });

  it('a second round picks other boxes, and a box made available is ready or says its hold', () => {
    const boxes = [
      { number: 'AAAU1000001', status: 'not_available', holds: 'customs: hold (CBP hold)' },
      { number: 'AAAU1000002', status: 'available' },
      { number: 'AAAU1000003', status: 'available' },
      { number: 'AAAU1000004', status: 'on_ship' },
      { number: 'AAAU1000005', status: 'available' },
      { number: 'AAAU1000006', status: 'on_ship' },
    ];
    const first = planDemoChanges(boxes, NOW);
    expect(first.map((p) => [p.number, p.what])).toEqual([
      ['AAAU1000001', 'LFD moved to today'],
      ['AAAU1000002', 'customs hold placed'],
      ['AAAU1000004', 'arrival estimate moved to 2 days from now'],
    ]);
    const second = planDemoChanges(boxes, NOW, new Set(first.map((p) => p.number)));
    expect(second.map((p) => p.number)).toEqual([
      'AAAU1000003',
      'AAAU1000005',
      'AAAU1000001',
      'AAAU1000006',
    ]);
    expect(second[2]).toMatchObject({
      what: 'made available, its customs hold released',
      change: { available: true, hold: { name: 'customs', status: 'released' } },
    });
  });

  it('changes four different boxes: LFD today, a hold, availability, a new arrival estimate', () => {
    const plan = planDemoChanges(
      [
        { number: 'AAAU1000001', status: 'not_available' },
        { number: 'AAAU1000002', status: 'available' },
        { number: 'AAAU1000003', status: 'not_available' },
        { number: 'AAAU1000004', status: 'on_ship' },
      ],
      NOW,
    );
    expect(plan.map((p) => [p.number, p.what])).toEqual([
      ['AAAU1000001', 'LFD moved to today'],
      ['AAAU1000002', 'customs hold placed'],
      ['AAAU1000003', 'made available'],
      ['AAAU1000004', 'arrival estimate moved to 2 days from now'],
    ]);
    // The facility's today, resolved by the emulator in the box's own zone.
    expect(plan[0]!.change.lfd).toEqual({ line: 'today', terminal: 'today' });
    expect(plan[3]!.change.eta).toBe('2026-11-25T15:00:00.000Z');
    expect(new Set(plan.map((p) => p.number)).size).toBe(4);
  });

  it('does what it can with fewer boxes, and nothing without any', () => {
    expect(planDemoChanges([{ number: 'AAAU1000001', status: 'available' }], NOW)).toHaveLength(1);
    expect(planDemoChanges([], NOW)).toEqual([]);
  });
});
