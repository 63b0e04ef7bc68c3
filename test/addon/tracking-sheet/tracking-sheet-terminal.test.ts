// The Tracking sheet's Terminal column (docs/reference.md#tracking-columns): the POD terminal's name, from
// the terminal the service includes with each container (`include=pod_terminal`).

import { ALL_HEADERS } from '../../../src/addon/tracking-sheet/tracking-format';
import { terminal, terminalById } from '../../../local/emulator/data/places';
import { createHarness, column, sheetValues, rewriteAnswers } from '../../helpers/addon-harness';

type Harness = ReturnType<typeof createHarness>;
type Json = Record<string, unknown>;
const HEADERS: string[] = [...ALL_HEADERS];

function withNumbers(numbers: string[], h: Harness = createHarness()): Harness {
  h.gas.run('setupTrackingSheet');
  const sheet = h.gas.spreadsheet.sheetByName('Tracking')!;
  numbers.forEach((n, i) =>
    h.gas.spreadsheet.write(sheet, i + 2, HEADERS.indexOf('Number') + 1, n),
  );
  return h;
}

const account = (h: Harness) => h.emulator.account()!;
const nameOf = (id: string | null) => (id ? terminalById(id)!.name : '');

/** Every terminal in the answers gets this name. */
function renameTerminals(h: Harness, name: unknown): void {
  rewriteAnswers(h, /\/(containers|shipments)$/, (doc) => {
    for (const r of (doc.included as Json[] | undefined) ?? [])
      if (r.type === 'terminal') (r.attributes as Json).name = name;
    return doc;
  });
}

/** A BOL of several boxes, all at one POD terminal. */
function bolWithBoxes(h: Harness) {
  const s = account(h)
    .shipments()
    .find(
      (x) =>
        x.containerIds.length >= 2 &&
        account(h)
          .containersOf(x)
          .every((c) => c.podTerminalId),
    )!;
  return { shipment: s, boxes: account(h).containersOf(s) };
}

describe('Terminal column', () => {
  it('comes right after Holds on a new sheet, still on a laptop’s first screen', () => {
    expect(HEADERS.indexOf('Terminal')).toBe(HEADERS.indexOf('Holds') + 1);
  });

  it('shows each container’s POD terminal, and a BOL’s distinct terminals of boxes still there', () => {
    const h = createHarness();
    const { shipment, boxes } = bolWithBoxes(h);
    const [first, second, third] = boxes;
    // Two boxes at two terminals, and a third one picked up at a third terminal: the BOL names
    // where its waiting boxes are, as its LFD and Ready do.
    const other = [terminal('APMLA'), terminal('LBCT')].find((t) => t.id !== first!.podTerminalId)!;
    second!.podTerminalId = other.id;
    const boxesShown = [first!, second!];
    if (third) {
      third.podTerminalId = terminal('ECT').id;
      Object.assign(third.attributes, {
        current_status: 'picked_up',
        pod_full_out_at: '2026-01-02T00:00:00Z',
      });
    }
    for (const c of boxes.slice(0, 2))
      Object.assign(c.attributes, { current_status: 'available', pod_full_out_at: null });
    const others = boxes.slice(3);
    for (const c of others) {
      c.podTerminalId = first!.podTerminalId;
      Object.assign(c.attributes, { current_status: 'available', pod_full_out_at: null });
    }
    withNumbers([first!.attributes.number, shipment.attributes.bill_of_lading_number!], h);
    expect(h.gas.run<{ ok: boolean }>('refreshTrackingSheet').ok).toBe(true);
    const [boxCell, bolCell] = column(h, 'Terminal');
    expect(boxCell).toBe(nameOf(first!.podTerminalId));
    const places = [...new Set([...boxesShown, ...others].map((c) => nameOf(c.podTerminalId)))];
    // Boxes at different places say so: no truck goes to one place for all of them.
    expect(bolCell).toBe(`${places.length} places: ${places.sort().join('; ')}`);
    expect(String(bolCell)).not.toContain(terminal('ECT').name);
  });

  it('names an inland box’s pickup facility and its city, never the port terminal it left', () => {
    const h = createHarness();
    const box = account(h)
      .containers()
      .find((c) => c.pickupFacilityId && c.attributes.current_status === 'on_rail')!;
    const facility = terminalById(box.pickupFacilityId!)!;
    // The city is added unless the name says it already ("BNSF Logistics Park Chicago").
    const place = facility.name.includes(facility.city)
      ? facility.name
      : `${facility.name}, ${facility.city}`;
    withNumbers([box.attributes.number], h);
    expect(h.gas.run<{ ok: boolean }>('refreshTrackingSheet').ok).toBe(true);
    expect(column(h, 'Terminal')[0]).toBe(place);
    expect(column(h, 'Terminal')[0]).not.toBe(nameOf(box.podTerminalId));
    expect(h.cell('CONTAINER_INFO', box.attributes.number, 'pickup_facility_name')).toBe(place);
  });

  it('is blank for a container the service gives no terminal', () => {
    const h = createHarness();
    const box = account(h).containers()[0]!;
    box.podTerminalId = null;
    withNumbers([box.attributes.number], h);
    h.gas.run('refreshTrackingSheet');
    expect(column(h, 'Terminal')[0]).toBe('');
  });

  it('keeps what the row had when a listing came without the included terminal', () => {
    const h = createHarness();
    const box = account(h)
      .containers()
      .find((c) => c.podTerminalId)!;
    withNumbers([box.attributes.number], h);
    h.gas.run('refreshTrackingSheet');
    expect(column(h, 'Terminal')[0]).toBe(nameOf(box.podTerminalId));
    h.clock.advance(3_600_000);
    h.gas.evictCache(({ key }) => key.startsWith('ct:c:'));
    box.attributes.current_status = 'picked_up';
    rewriteAnswers(h, /\/containers$/, (doc) => {
      doc.included = ((doc.included as Json[] | undefined) ?? []).filter(
        (r) => r.type !== 'terminal',
      );
      return doc;
    });
    expect(h.gas.run<{ ok: boolean }>('refreshTrackingSheet').ok).toBe(true);
    expect(column(h, 'Status')[0]).toBe('picked_up'); // the rest was renewed
    expect(column(h, 'Terminal')[0]).toBe(nameOf(box.podTerminalId));
  });

  it.each([
    ['an object', { en: 'Pier 400' }, '#unreadable terminal'],
    ['a formula', '=IMPORTDATA("http://x")', '=IMPORTDATA("http://x")'],
  ])('shows a terminal name that is %s in its own cell only', (_, name, shown) => {
    const h = createHarness();
    const box = account(h)
      .containers()
      .find((c) => c.podTerminalId && c.shipmentId)!;
    renameTerminals(h, name);
    withNumbers([box.attributes.number], h);
    expect(h.gas.run<{ ok: boolean }>('refreshTrackingSheet').ok).toBe(true);
    const sheet = h.gas.spreadsheet.sheetByName('Tracking')!;
    const cell = sheet.cell(2, HEADERS.indexOf('Terminal') + 1)!;
    expect(cell.value).toBe(shown);
    expect(cell.formula).toBeUndefined();
    expect(column(h, 'Status')[0]).toBe(box.attributes.current_status);
    // Served from the cache the same way.
    const info = () => h.cell('CONTAINER_INFO', box.attributes.number, 'pod_terminal_name');
    if (typeof name === 'string') expect(info()).toBe(name);
    else expect(info).toThrow(/cannot read/);
  });

  it('cuts a 60,000-character name, in the cell and in the cache', () => {
    const h = createHarness();
    const box = account(h)
      .containers()
      .find((c) => c.podTerminalId)!;
    renameTerminals(h, 'T'.repeat(60_000));
    withNumbers([box.attributes.number], h);
    h.gas.run('refreshTrackingSheet');
    const shown = String(column(h, 'Terminal')[0]);
    expect(shown).toMatch(/^T+…$/);
    expect(shown.length).toBeLessThanOrEqual(200);
    expect(h.cell('CONTAINER_INFO', box.attributes.number, 'pod_terminal_name')).toBe(shown);
  });

  it('is added at the end of an existing sheet by set-up, moving nothing', () => {
    const old = HEADERS.filter((x) => x !== 'Terminal');
    const h = createHarness({ sheets: [{ name: 'Tracking', values: [old] }] });
    h.gas.run('setupTrackingSheet');
    expect(sheetValues(h)[0]).toEqual([...old, 'Terminal']);
  });
});
