import { body, harness } from './support/harness';

const h = harness({ rateLimit: { limit: 10_000, windowMs: 60_000 } });
const account = h.emulator.account()!;
const ids = (response: ReturnType<typeof h.get>) =>
  body(response).data.map((s: { id: string }) => s.id);

describe('GET /shipments', () => {
  it('pages newest first with meta and links', () => {
    const json = body(h.get('/v2/shipments?page[size]=10'));
    expect(json.data).toHaveLength(10);
    expect(json.meta).toEqual({ size: 10, total: 25 });
    expect(json.links.last).toBe('http://127.0.0.1:4949/v2/shipments?page[number]=3&page[size]=10');
    expect(json.data[0].links.self).toBe(`/v2/shipments/${json.data[0].id}`);
    expect(ids(h.get('/v2/shipments?page[size]=100'))).toEqual(
      account.shipments().map((s) => s.id),
    );
  });

  it('q finds by bill of lading (partial), reference number, or container number with spaces and dashes', () => {
    const shipment = account.shipments()[4]!;
    const bol = shipment.attributes.bill_of_lading_number;
    expect(ids(h.get(`/v2/shipments?q=${bol.slice(2, 9).toLowerCase()}`))).toContain(shipment.id);
    const ref = shipment.attributes.ref_numbers![0]!;
    expect(ids(h.get(`/v2/shipments?q=${encodeURIComponent(ref.toLowerCase())}`))).toContain(
      shipment.id,
    );
    const number = account.containersOf(shipment)[0]!.attributes.number;
    const spaced = `${number.slice(0, 4)} ${number.slice(4, 10)}-${number.slice(10)}`;
    expect(ids(h.get(`/v2/shipments?q=${encodeURIComponent(spaced)}`))).toEqual([shipment.id]);
    expect(ids(h.get('/v2/shipments?q=NOTHING-LIKE-THIS'))).toEqual([]);
  });

  it('number matches the original request number exactly (case-insensitive)', () => {
    const shipment = account.shipments()[7]!;
    expect(ids(h.get(`/v2/shipments?number=${shipment.requestNumber!.toLowerCase()}`))).toEqual([
      shipment.id,
    ]);
    expect(ids(h.get(`/v2/shipments?number=${shipment.requestNumber!.slice(0, -1)}`))).toEqual([]);
  });

  it('filter[tracking_stopped] splits stopped and active shipments', () => {
    const stopped = ids(h.get('/v2/shipments?filter[tracking_stopped]=true'));
    const active = ids(h.get('/v2/shipments?filter[tracking_stopped]=false'));
    expect(stopped).toHaveLength(3);
    expect(stopped.length + active.length).toBe(25);
  });

  it('include=containers returns every container of the page’s shipments', () => {
    const json = body(h.get('/v2/shipments?include=containers&page[size]=5'));
    const expected = json.data.flatMap(
      (s: { relationships: { containers: { data: { id: string }[] } } }) =>
        s.relationships.containers.data.map((c) => c.id),
    );
    expect(json.included.map((c: { id: string }) => c.id).sort()).toEqual(expected.sort());
    expect(json.included.every((c: { type: string }) => c.type === 'container')).toBe(true);
  });

  it('include ports and terminals', () => {
    const shipment = account.shipments().find((s) => s.attributes.destination_locode !== null)!;
    const json = body(
      h.get(
        `/v2/shipments/${shipment.id}?include=port_of_lading,port_of_discharge,destination,pod_terminal,destination_terminal`,
      ),
    );
    const ports = json.included
      .filter((r: { type: string }) => r.type === 'port')
      .map((r: { attributes: { code: string } }) => r.attributes.code);
    expect(ports.sort()).toEqual(
      [
        shipment.attributes.port_of_lading_locode,
        shipment.attributes.port_of_discharge_locode,
        shipment.attributes.destination_locode,
      ].sort(),
    );
    expect(json.included.filter((r: { type: string }) => r.type === 'terminal')).toHaveLength(2);
    expect(h.get(`/v2/shipments/${shipment.id}?include=port`).status).toBe(400);
  });
});

describe('GET and PATCH /shipments/{id}', () => {
  const shipment = account.shipments()[2]!;

  it('returns one shipment or 404', () => {
    const json = body(h.get(`/v2/shipments/${shipment.id}`));
    expect(json.data.attributes.bill_of_lading_number).toBe(
      shipment.attributes.bill_of_lading_number,
    );
    expect(json.data.relationships.containers.data).toHaveLength(shipment.containerIds.length);
    expect(h.get('/v2/shipments/nope').status).toBe(404);
  });

  it('edits ref_numbers and tags, without touching the containers', () => {
    const containerRefs = account.containersOf(shipment).map((c) => [...c.attributes.ref_numbers]);
    const response = h.patch(`/v2/shipments/${shipment.id}`, {
      data: { type: 'shipment', attributes: { ref_numbers: ['NEW-1'], tags: ['hot'] } },
    });
    expect(response.status).toBe(200);
    expect(body(response).data.attributes).toMatchObject({ ref_numbers: ['NEW-1'], tags: ['hot'] });
    expect(account.containersOf(shipment).map((c) => c.attributes.ref_numbers)).toEqual(
      containerRefs,
    );
    expect(body(h.get(`/v2/shipments?q=new-1`)).data.map((s: { id: string }) => s.id)).toEqual([
      shipment.id,
    ]);
  });

  it('rejects duplicate tags and non-string refs with pointers', () => {
    const response = h.patch(`/v2/shipments/${shipment.id}`, {
      data: { type: 'shipment', attributes: { ref_numbers: [{}], tags: ['a', 'a'] } },
    });
    expect(response.status).toBe(422);
    expect(
      body(response)
        .errors.map((e: { source: { pointer: string } }) => e.source.pointer)
        .sort(),
    ).toEqual(['/data/attributes/ref_numbers', '/data/attributes/tags']);
  });
});
