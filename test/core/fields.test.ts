import { feesTotal, holdsText, isReadyForPickup } from '../../src/core/derived';
import {
  containerFieldValue,
  parseContainerField,
  parseShipmentField,
  shipmentFieldValue,
  toCellValue,
} from '../../src/core/fields';
import type { ContainerAttributes } from '../../src/core/model';

const base: ContainerAttributes = {
  number: 'CSQU3054383',
  available_for_pickup: true,
  holds_at_pod_terminal: [],
  fees_at_pod_terminal: [],
  pod_discharged_at: '2026-11-19T14:05:00Z',
  ref_numbers: ['PO-1', 'PO-2'],
  weight_in_lbs: 44000,
  seal_number: null,
  import_deadlines: {
    pickup_lfd_terminal: '2026-11-25T05:00:00Z',
    pickup_lfd_line: null,
    pickup_lfd_rail: null,
  },
};

describe('derived fields', () => {
  it('ready only when available and no hold is in status hold', () => {
    expect(isReadyForPickup(base)).toBe(true);
    expect(
      isReadyForPickup({
        ...base,
        holds_at_pod_terminal: [{ name: 'customs', status: 'pending' }],
      }),
    ).toBe(true);
    expect(
      isReadyForPickup({ ...base, holds_at_pod_terminal: [{ name: 'customs', status: 'hold' }] }),
    ).toBe(false);
    expect(isReadyForPickup({ ...base, available_for_pickup: null })).toBe(false);
  });

  it('formats holds', () => {
    expect(
      holdsText([
        { name: 'customs', status: 'hold' },
        { name: 'freight', status: 'pending', description: null },
      ]),
    ).toBe('customs: hold, freight: pending');
    expect(holdsText([])).toBe('');
  });

  it('adds fees without double counting a total entry', () => {
    expect(
      feesTotal([
        { type: 'demurrage', amount: 150.5 },
        { type: 'exam', amount: 75.25 },
        { type: 'total', amount: 225.75 },
      ]),
    ).toBe(225.75);
    expect(feesTotal([{ type: 'total', amount: 300 }])).toBe(300);
    expect(feesTotal([])).toBe(0);
    expect(feesTotal(null)).toBe(0);
    // Never USD + EUR: each currency's own sum, as text.
    expect(
      feesTotal([
        { type: 'demurrage', amount: 150, currency_code: 'USD' },
        { type: 'exam', amount: 80, currency_code: 'EUR' },
        { type: 'total', amount: 230, currency_code: 'USD' },
      ]),
    ).toBe('USD 150.00, EUR 80.00');
  });
});

describe('field names', () => {
  it('accepts attributes, deadlines, derived and shipment fields, case-insensitively', () => {
    expect(parseContainerField(' Available_For_Pickup ')).toEqual({
      kind: 'attribute',
      name: 'available_for_pickup',
    });
    expect(parseContainerField('import_deadlines.pickup_lfd_terminal')).toEqual({
      kind: 'deadline',
      name: 'pickup_lfd_terminal',
    });
    expect(parseContainerField('holds')).toEqual({ kind: 'derived', name: 'holds' });
    expect(parseContainerField('shipment.pod_eta_at')).toEqual({
      kind: 'shipment',
      field: { kind: 'attribute', name: 'pod_eta_at' },
    });
    expect(parseShipmentField('containers')).toEqual({ kind: 'derived', name: 'containers' });
  });

  it('rejects unknown names with a suggestion, or a few names like them, never the whole list', () => {
    expect(() => parseContainerField('curent_status')).toThrow(
      /^Unknown field "curent_status". Did you mean "current_status"\?$/,
    );
    expect(() => parseShipmentField('eta')).toThrow(
      /Fields with "eta" in their name: .*pod_eta_at/,
    );
    expect(() => parseContainerField('qqqqqqqq')).toThrow(/Examples: .*shipment\.<field>/);
    expect(() => parseContainerField('')).toThrow(/Missing field name/);
  });
});

describe('cell values', () => {
  it('turns instants into Dates, lists into text, null into blank', () => {
    expect(containerFieldValue(base, { kind: 'attribute', name: 'pod_discharged_at' })).toEqual(
      new Date('2026-11-19T14:05:00Z'),
    );
    expect(containerFieldValue(base, { kind: 'attribute', name: 'ref_numbers' })).toBe(
      'PO-1, PO-2',
    );
    expect(containerFieldValue(base, { kind: 'attribute', name: 'seal_number' })).toBe('');
    expect(containerFieldValue(base, { kind: 'attribute', name: 'weight_in_lbs' })).toBe(44000);
    expect(containerFieldValue(base, { kind: 'attribute', name: 'available_for_pickup' })).toBe(
      true,
    );
    expect(containerFieldValue(base, { kind: 'deadline', name: 'pickup_lfd_terminal' })).toEqual(
      new Date('2026-11-25T05:00:00Z'),
    );
    expect(containerFieldValue(base, { kind: 'derived', name: 'ready_for_pickup' })).toBe(true);
  });

  it('keeps text from the API as plain text, even when it looks like a formula', () => {
    expect(toCellValue('location_at_pod_terminal', '=IMPORTDATA("http://x")')).toBe(
      '=IMPORTDATA("http://x")',
    );
  });

  it("lists a shipment's containers", () => {
    expect(shipmentFieldValue({}, ['A', 'B'], { kind: 'derived', name: 'containers' })).toBe(
      'A, B',
    );
  });
});

describe('attributes beyond the published schema', () => {
  it('reads attributes the service sends that the spec does not list, and new ones by name', () => {
    const c = { ...base, pol_vessel_loaded_at: '2026-10-01T08:00:00Z', brand_new_flag: false };
    expect(containerFieldValue(c, parseContainerField('pol_vessel_loaded_at') as never)).toEqual(
      new Date('2026-10-01T08:00:00Z'),
    );
    const unlisted = parseContainerField('brand_new_flag');
    expect(unlisted).toEqual({ kind: 'attribute', name: 'brand_new_flag', unlisted: true });
    expect(containerFieldValue(c, unlisted as never)).toBe(false);
    expect(() =>
      containerFieldValue(base, parseContainerField('never_sent_field') as never),
    ).toThrow(/The service sends no field "never_sent_field"/);
  });

  it('still catches typos of known names', () => {
    expect(() => parseContainerField('pod_discharge_at')).toThrow(
      /Did you mean "pod_discharged_at"/,
    );
  });
});

describe('SHIPMENT_INFO date-times agree with the Tracking sheet', () => {
  it('reads an ETA as the facility’s local time with its zone, as the ETA column shows it', () => {
    const s = { pod_eta_at: '2026-11-25T02:24:00Z', pod_timezone: 'America/Los_Angeles' };
    const f = parseShipmentField('pod_eta_at');
    expect(shipmentFieldValue(s, undefined, f)).toBe('2026-11-24 18:24 PST');
    // Without a zone the service names, the instant stays a sheet date-time.
    expect(shipmentFieldValue({ pod_eta_at: s.pod_eta_at }, undefined, f)).toEqual(
      new Date(s.pod_eta_at),
    );
  });
});
