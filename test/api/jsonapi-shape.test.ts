// The documented shape of the service's answers: a listing has a `data` list, a single resource a
// `data` object; anything else is an error (never "no records"), and one unreadable entry is
// skipped on its own.

import { listDocument, resourceDocument, type JsonApiDocument } from '../../src/api/jsonapi';
import { AppError } from '../../src/core/errors';
import { RecordCollector } from '../../src/engine/record-collector';

const doc = (x: unknown) => x as JsonApiDocument;
const box = (id: unknown, number: unknown, shipment: unknown = null) => ({
  id,
  type: 'container',
  attributes: { number },
  relationships: { shipment: { data: shipment } },
});

describe('listDocument', () => {
  it.each([[{}], [{ data: null }], [{ data: {} }], [{ data: 'x' }], [[]], [null]])(
    'refuses %j as a listing',
    (body) => {
      expect(() => listDocument(doc(body))).toThrow(AppError);
      expect(() => listDocument(doc(body))).toThrow(/not the documented shape/);
      expect(() => new RecordCollector().absorb(doc(body))).toThrow(/not the documented shape/);
    },
  );

  it('skips entries without an id and type, and odd relationships, one by one', () => {
    const out = listDocument(
      doc({
        data: [
          null,
          'x',
          { type: 'container' },
          box('a', 'CSQU3054383', { id: 's1', type: 'shipment' }),
          { ...box('b', 'MSCU1234565'), relationships: 'odd', attributes: [1] },
        ],
        included: { not: 'a list' },
      }),
    );
    expect((out.data as { id: string }[]).map((r) => r.id)).toEqual(['a', 'b']);
    expect(out.included).toEqual([]);
    expect((out.data as { attributes: unknown }[])[1]!.attributes).toEqual({});
  });

  it('lets the collector skip containers without a text number, and keep the rest', () => {
    const c = new RecordCollector();
    c.absorb(
      doc({
        data: [
          box('a', { n: 1 }),
          box('b', null),
          box('c', 'CSQU3054383', { id: 7, type: 'shipment' }),
        ],
        included: [{ id: 7, type: 'shipment', attributes: { ref_numbers: 'not a list' } }],
      }),
    );
    expect([...c.containers.keys()]).toEqual(['CSQU3054383']);
    expect(c.containers.get('CSQU3054383')!.shipmentId).toBe('7');
    expect(c.shipments.get('7')).toBeDefined();
  });
});

describe('resourceDocument', () => {
  it('wants one resource as data', () => {
    expect(() => resourceDocument(doc({ data: [] }))).toThrow(/not the documented shape/);
    expect(() => resourceDocument(doc({}))).toThrow(/not the documented shape/);
    expect(resourceDocument(doc({ data: box('a', 'CSQU3054383') })).data).toMatchObject({
      id: 'a',
    });
  });
});
