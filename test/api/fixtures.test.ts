// The service's own recorded responses go through the same parsing and cell code the add-in
// runs. Their identifiers are anonymised (some container numbers are not ISO 6346): the add-in
// must still show them.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseDocument, type JsonApiDocument } from '../../src/api/jsonapi';
import { recordsOf, shippingLinesOf, trackingRequestsOf } from '../../src/api/resources';
import { containerRowOutputs, shipmentRowOutputs } from '../../src/core/row-outputs';
import { containerFieldValue, parseContainerField } from '../../src/core/fields';
import { CONTAINER_ATTRIBUTES } from '../../src/core/model';
import { decodeContainer, encodeContainer } from '../../src/engine/record-codec';

const dir = path.resolve(__dirname, '../../local/emulator/reference/fixtures');
function fixture(name: string): JsonApiDocument {
  const parsed = parseDocument(readFileSync(path.join(dir, name), 'utf8'));
  if ('problem' in parsed) throw new Error(`${name}: ${parsed.problem}`);
  return parsed.doc;
}

describe('recorded responses', () => {
  it.each([
    'containers.list.json',
    'containers.get.base.json',
    'containers.get.include.json',
    'containers.get.pickup.json',
  ])('%s: containers parse, survive the cache and fill a row', (name) => {
    const { containers, shipments } = recordsOf(fixture(name));
    expect(containers.length).toBeGreaterThan(0);
    for (const c of containers) {
      expect(c.attributes.number).not.toBe('');
      const back = decodeContainer(JSON.parse(JSON.stringify(encodeContainer(c, 1))))!;
      for (const [k, v] of Object.entries(c.attributes)) expect(back.attributes[k]).toEqual(v);
      // A spec attribute the response left out comes back as null (blank in a cell).
      for (const k of Object.keys(back.attributes))
        if (!(k in c.attributes)) expect(back.attributes[k]).toBeNull();
      const shipment = shipments.find((s) => s.id === c.shipmentId) ?? null;
      const row = containerRowOutputs(
        c,
        shipment,
        'America/New_York',
        Date.parse('2026-11-20T15:00:00Z'),
      );
      expect(row.Status).toBe(c.attributes.current_status);
      for (const field of CONTAINER_ATTRIBUTES) {
        expect(() =>
          containerFieldValue(c.attributes, parseContainerField(field) as never),
        ).not.toThrow();
      }
    }
  });

  it.each(['shipments.list.json', 'shipments.get.base.json', 'shipments.get.include.json'])(
    '%s: shipments parse',
    (name) => {
      const { shipments, containers } = recordsOf(fixture(name));
      expect(shipments.length).toBeGreaterThan(0);
      for (const s of shipments) {
        expect(typeof s.attributes.bill_of_lading_number).toBe('string');
        const mine = containers.filter((c) => c.shipmentId === s.id);
        expect(() =>
          shipmentRowOutputs(s, mine, 'UTC', Date.parse('2026-11-20T15:00:00Z')),
        ).not.toThrow();
      }
    },
  );

  it('includes the containers of a shipment read with include=containers', () => {
    const { shipments, containers } = recordsOf(fixture('shipments.get.include.json'));
    const withBoxes = shipments.find((s) => (s.containerNumbers ?? []).length > 0);
    expect(withBoxes).toBeDefined();
    for (const n of withBoxes!.containerNumbers!)
      expect(containers.map((c) => c.attributes.number)).toContain(n);
  });

  it.each(['tracking-requests.list.json', 'tracking-requests.get.base.json'])(
    '%s: tracking requests parse',
    (name) => {
      const requests = trackingRequestsOf(fixture(name));
      expect(requests.length).toBeGreaterThan(0);
      for (const r of requests) {
        expect(r.requestNumber).not.toBe('');
        expect(['pending', 'awaiting_manifest', 'created', 'failed', 'tracking_stopped']).toContain(
          r.status,
        );
      }
    },
  );

  it('shipping lines parse into a carrier list', () => {
    const lines = shippingLinesOf(fixture('shipping-lines.list.json'));
    expect(lines.length).toBeGreaterThan(10);
    expect(lines.every((l) => /^[A-Z]{4}$/.test(l.scac) && l.name !== '')).toBe(true);
  });
});
