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
  it('picks container rows whose box has not left the terminal, by header', () => {
    const sheet = sheetWith([
      ['Status', 'Number', 'Type'],
      ['available', 'MSCU1234566', 'container'],
      ['picked_up', 'MAEU7654321', 'container'],
      ['', 'MEDU123456789', 'bill_of_lading'],
      ['on_ship', 'HLXU1112223', 'container'],
    ]);
    expect(waitingContainers(sheet)).toEqual([
      { number: 'MSCU1234566', status: 'available' },
      { number: 'HLXU1112223', status: 'on_ship' },
    ]);
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
    expect(plan[0]!.change.lfd?.line).toBe('2026-11-23T12:00:00Z');
    expect(plan[3]!.change.eta).toBe('2026-11-25T15:00:00.000Z');
    expect(new Set(plan.map((p) => p.number)).size).toBe(4);
  });

  it('does what it can with fewer boxes, and nothing without any', () => {
    expect(planDemoChanges([{ number: 'AAAU1000001', status: 'available' }], NOW)).toHaveLength(1);
    expect(planDemoChanges([], NOW)).toEqual([]);
  });
});
