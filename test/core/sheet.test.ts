import { parseRow, splitRefNumbers } from '../../src/core/row-input';
import { containerRowOutputs, shipmentRowOutputs, statusCounts } from '../../src/core/row-outputs';
import { columnLetter, outputRuns, readLayout } from '../../src/core/sheet-layout';
import { safeCell } from '../../src/core/sheet-text';
import type { ContainerRecord } from '../../src/core/model';

describe('Tracking sheet layout', () => {
  it('finds columns by header text, in any order and case, beside user columns', () => {
    const layout = readLayout([
      'My Notes',
      ' status ',
      'NUMBER',
      'LFD',
      'Ready',
      'scac',
      'Updated',
    ]);
    expect(layout.inputs).toEqual({ Number: 2, SCAC: 5 });
    expect(layout.outputs).toEqual({ Status: 1, LFD: 3, Ready: 4, Updated: 6 });
    expect(outputRuns(layout)).toEqual([
      { start: 1, headers: ['Status'] },
      { start: 3, headers: ['LFD', 'Ready'] },
      { start: 6, headers: ['Updated'] },
    ]);
  });

  it('reports duplicate and missing headers instead of guessing', () => {
    expect(() => readLayout(['Number', 'Status', 'status'])).toThrow(
      /duplicate headers: "Status" \(columns B, C\)/,
    );
    expect(() => readLayout(['Container', 'Status'])).toThrow(/no "Number" header/);
  });

  it('names columns like Sheets does', () => {
    expect([0, 25, 26, 51, 701, 702].map(columnLetter)).toEqual([
      'A',
      'Z',
      'AA',
      'AZ',
      'ZZ',
      'AAA',
    ]);
  });
});

describe('Tracking rows', () => {
  it('infers the request type and normalises numbers', () => {
    expect(parseRow(3, ' mscu 123456-5 ', '', 'mscu', 'PO-1, PO-2')).toMatchObject({
      number: 'MSCU1234565',
      kind: 'container',
      requestType: 'container',
      scac: 'MSCU',
      refNumbers: ['PO-1', 'PO-2'],
      problem: 'invalid container number',
    });
    expect(parseRow(4, 'CSQU3054383', '', '', '')).not.toHaveProperty('problem');
    expect(parseRow(5, 'medufr030802', '', 'MSCU', '')).toMatchObject({
      number: 'MEDUFR030802',
      kind: 'shipment',
      requestType: 'bill_of_lading',
    });
    expect(parseRow(6, 'BK123', 'Booking', 'MAEU', '')).toMatchObject({
      requestType: 'booking_number',
    });
    expect(parseRow(7, 'X', 'truck', '', '')!.problem).toMatch(/unknown Type "truck"/);
  });

  it('keeps a numeric BOL typed as a number', () => {
    expect(parseRow(2, 2345678901, '', 'ZIMU', '')).toMatchObject({
      number: '2345678901',
      kind: 'shipment',
    });
  });

  it('marks a Number that holds no identifier (an error value, a date) as unusable, with the reason', () => {
    expect(parseRow(2, '#N/A', '', 'MSCU', '')).toMatchObject({
      unusable: true,
      problem: 'Number has an error: #N/A — fix the cell',
    });
    expect(parseRow(2, ' #div/0! ', '', '', '')!.problem).toBe(
      'Number has an error: #DIV/0! — fix the cell',
    );
    expect(parseRow(2, new Date(0), '', '', '')).toMatchObject({
      unusable: true,
      problem: 'Number is not usable: the cell holds a date',
    });
    expect(parseRow(2, 'CSQU3054383', '', '', '')).not.toHaveProperty('unusable');
  });

  it('reads a Type that is a JavaScript property name as an unknown Type', () => {
    for (const type of ['constructor', '__proto__', 'toString'])
      expect(parseRow(2, 'BK123', type, 'MAEU', '')).toMatchObject({
        requestType: 'bill_of_lading',
        problem: expect.stringMatching(/unknown Type/),
      });
  });

  it('skips rows without a number', () => {
    expect(parseRow(2, '', '', 'MSCU', '')).toBeNull();
    expect(parseRow(2, '   ', '', '', '')).toBeNull();
  });

  it('splits ref numbers on commas, semicolons and lines', () => {
    expect(splitRefNumbers('a, b;c\nd,,')).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('row outputs', () => {
  const box = (
    n: string,
    status: string,
    extra: Record<string, unknown> = {},
  ): ContainerRecord => ({
    id: n,
    shipmentId: 's1',
    attributes: {
      number: n,
      current_status: status,
      available_for_pickup: status === 'available',
      holds_at_pod_terminal: [],
      fees_at_pod_terminal: [],
      pod_timezone: 'America/New_York',
      ...extra,
    },
  });

  it('writes a container row with shipment data', () => {
    const out = containerRowOutputs(
      box('CSQU3054383', 'available', {
        pickup_lfd: '2026-11-25T05:00:00Z',
        fees_at_pod_terminal: [{ type: 'demurrage', amount: 120, currency_code: 'USD' }],
      }),
      {
        id: 's1',
        attributes: {
          pod_vessel_name: 'MSC ANNA',
          port_of_discharge_name: 'Newark',
          pod_eta_at: '2026-11-18T10:00:00Z',
        },
      },
      'America/Los_Angeles',
      Date.parse('2026-11-20T15:00:00Z'),
    );
    expect(out).toMatchObject({
      Status: 'available',
      Ready: true,
      Fees: 'USD 120.00',
      Vessel: 'MSC ANNA',
      POD: 'Newark',
      ETA: '2026-11-18 05:00 EST', // the port's own clock, labelled, in any sheet zone
      Attention: 'ready for pickup',
    });
    expect((out.LFD as Date).toISOString()).toBe('2026-11-25T08:00:00.000Z'); // midnight in Los Angeles
  });

  it('summarises a BOL: status counts, earliest LFD of boxes still waiting, all holds, total fees', () => {
    const boxes = [
      box('AAAU1', 'available', {
        pickup_lfd: '2026-11-26T05:00:00Z',
        fees_at_pod_terminal: [{ type: 'exam', amount: 50, currency_code: 'USD' }],
      }),
      box('AAAU2', 'picked_up', { pickup_lfd: '2026-11-20T05:00:00Z' }),
      box('AAAU3', 'available', {
        pickup_lfd: '2026-11-24T05:00:00Z',
        holds_at_pod_terminal: [{ name: 'customs', status: 'hold' }],
        fees_at_pod_terminal: [{ type: 'demurrage', amount: 25.5, currency_code: 'USD' }],
      }),
    ];
    const out = shipmentRowOutputs(
      { id: 's1', attributes: {} },
      boxes,
      'America/New_York',
      Date.parse('2026-11-20T15:00:00Z'),
    );
    expect(out.Status).toBe('available: 2, picked_up: 1');
    expect(out.Ready).toBe(false);
    expect((out.LFD as Date).toISOString()).toBe('2026-11-24T05:00:00.000Z');
    expect(out.Holds).toBe('AAAU3 customs: hold');
    expect(out.Fees).toBe('USD 75.50');
    expect(out.Attention).toBe('on hold: customs'); // the picked-up box's passed LFD is history
    expect(statusCounts([])).toBe('');
  });

  it('writes API text as literal text, never a formula', () => {
    expect(safeCell('=IMPORTDATA("http://x")')).toBe('\'=IMPORTDATA("http://x")');
    expect(safeCell('+1')).toBe("'+1");
    expect(safeCell('')).toBe('');
    expect(safeCell(5)).toBe(5);
  });
});
