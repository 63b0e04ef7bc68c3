// The odd-answer knob (issue 27, "One odd answer from the service"): a container answers with
// holds, status, availability or LFDs null or empty, or every attribute null, for its next reads
// or until a time, wherever it is serialised; its stored data never changes.
import { ODD_KINDS, type OddKind } from '../../local/emulator';
import { ORIGIN, body, harness, trackingRequest, type Harness } from './support/harness';
import { openapi } from './support/openapi';

type Attributes = Record<string, unknown>;
interface Res {
  id: string;
  type: string;
  attributes: Attributes;
  relationships?: unknown;
}

/** A demo container with holds, an LFD from each source and a known status: every kind shows. */
function richContainer(h: Harness) {
  const c = h.emulator
    .account()!
    .containers()
    .find(
      (x) =>
        x.attributes.holds_at_pod_terminal.length > 0 &&
        x.attributes.pickup_lfd !== null &&
        x.attributes.available_for_pickup !== null &&
        x.attributes.import_deadlines?.pickup_lfd_terminal,
    );
  if (!c) throw new Error('no demo container with holds, LFDs and availability');
  return c;
}

const resources = (doc: { data?: unknown; included?: unknown[] }): Res[] =>
  [...[doc.data ?? []].flat(), ...(doc.included ?? [])] as Res[];
const find = (doc: { data?: unknown; included?: unknown[] }, id: string, type = 'container') =>
  resources(doc).find((r) => r.id === id && r.type === type);

function control(h: Harness, method: string, path: string, payload?: unknown) {
  return h.emulator.handle({
    method,
    url: `${ORIGIN}/__emulator${path}`,
    headers: { 'Content-Type': 'application/json' },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
}

/** The container schema's LFD-ish attributes, and import_deadlines' members. */
const schemaAttributes = (
  openapi.components as {
    schemas: { container: { properties: { attributes: { properties: Record<string, unknown> } } } };
  }
).schemas.container.properties.attributes.properties;
const LFD_ATTRIBUTES = Object.keys(schemaAttributes).filter((k) => /lfd/.test(k));
const DEADLINES = Object.keys(
  (schemaAttributes.import_deadlines as { properties: Record<string, unknown> }).properties,
);

describe('what each kind answers', () => {
  it('the schema names the LFDs the knob must null', () => {
    expect(LFD_ATTRIBUTES).toEqual(['pickup_lfd', 'ind_facility_lfd_on']);
    expect(DEADLINES.sort()).toEqual(['pickup_lfd_line', 'pickup_lfd_rail', 'pickup_lfd_terminal']);
  });

  const cases: [OddKind, (before: Attributes, after: Attributes) => void][] = [
    ['holds-null', (_, a) => expect(a.holds_at_pod_terminal).toBeNull()],
    ['holds-empty', (_, a) => expect(a.holds_at_pod_terminal).toEqual([])],
    ['status-null', (_, a) => expect(a.current_status).toBeNull()],
    ['availability-null', (_, a) => expect(a.available_for_pickup).toBeNull()],
    [
      'lfd-null',
      (b, a) => {
        for (const name of LFD_ATTRIBUTES) expect([name, a[name]]).toEqual([name, null]);
        expect(a.import_deadlines).toEqual(Object.fromEntries(DEADLINES.map((d) => [d, null])));
        // Nothing else moves.
        const rest = (x: Attributes) =>
          Object.fromEntries(
            Object.entries(x).filter(
              ([k]) => !LFD_ATTRIBUTES.includes(k) && k !== 'import_deadlines',
            ),
          );
        expect(rest(a)).toEqual(rest(b));
      },
    ],
    [
      'all-null',
      (b, a) => {
        expect(Object.keys(a)).toEqual(Object.keys(b));
        expect(Object.values(a).every((v) => v === null)).toBe(true);
      },
    ],
    ['all-absent', (_, a) => expect(a).toEqual({})],
  ];

  it('covers every kind', () => {
    expect(cases.map(([k]) => k).sort()).toEqual([...ODD_KINDS].sort());
  });

  it.each(cases)('%s, for one read, and then the container answers as before', (kind, check) => {
    const h = harness();
    const c = richContainer(h);
    const stored = structuredClone(c.attributes);
    const before = body(h.get(`/v2/containers/${c.id}`)).data as Res;
    h.emulator.oddAnswers.set(c.attributes.number, { kind });
    const odd = body(h.get(`/v2/containers/${c.id}`)).data as Res;
    check(before.attributes, odd.attributes);
    expect(odd.attributes).not.toEqual(before.attributes);
    // id, type and relationships stay.
    expect({ ...odd, attributes: null }).toEqual({ ...before, attributes: null });
    expect(body(h.get(`/v2/containers/${c.id}`)).data).toEqual(before);
    expect(c.attributes).toEqual(stored);
    expect(h.emulator.oddAnswers.pending()).toEqual([]);
  });

  it('several kinds at once: status and availability both null', () => {
    const h = harness();
    const c = richContainer(h);
    h.emulator.oddAnswers.set(c.attributes.number, { kind: ['status-null', 'availability-null'] });
    const a = (body(h.get(`/v2/containers/${c.id}`)).data as Res).attributes;
    expect([a.current_status, a.available_for_pickup]).toEqual([null, null]);
    expect(a.holds_at_pod_terminal).not.toBeNull();
  });
});

describe('wherever the container is serialised', () => {
  function armed(kind: OddKind = 'all-null', reads = 100) {
    const h = harness({
      rateLimit: { limit: 100_000, windowMs: 60_000 },
      trackingDelays: { pendingMs: 1000 },
    });
    const c = richContainer(h);
    const shipment = h.emulator.account()!.shipmentOf(c)!;
    h.emulator.oddAnswers.set(c.attributes.number, { kind, reads });
    const odd = (doc: { data?: unknown; included?: unknown[] }, type = 'container') =>
      find(doc, c.id, type)?.attributes;
    return { h, c, shipment, odd };
  }

  it('lists, look-ups, includes of shipments and tracking requests, transport events', () => {
    const { h, c, shipment, odd } = armed('holds-null');
    const docs = [
      `/v2/containers?page[size]=100`,
      `/v2/containers?filter[number]=${c.attributes.number}`,
      `/v2/containers/${c.id}`,
      `/v2/shipments?page[size]=100&include=containers`,
      `/v2/shipments/${shipment.id}?include=containers`,
      `/v2/containers/${c.id}/transport_events?include=container`,
    ];
    for (const path of docs) {
      const attributes = odd(body(h.get(path)));
      expect([path, attributes?.holds_at_pod_terminal]).toEqual([path, null]);
    }
    // A sibling in the same answers is untouched.
    const sibling = h.emulator
      .account()!
      .containersOf(shipment)
      .find((x) => x.id !== c.id);
    if (sibling) {
      const doc = body(h.get(`/v2/shipments/${shipment.id}?include=containers`));
      expect(find(doc, sibling.id)!.attributes.holds_at_pod_terminal).toEqual(
        sibling.attributes.holds_at_pod_terminal,
      );
    }
  });

  it('a tracking request that tracks it, with tracked_object.containers', () => {
    const h = harness({ trackingDelays: { pendingMs: 1000 } });
    const created = h.post(
      '/v2/tracking_requests',
      trackingRequest({
        request_type: 'bill_of_lading',
        request_number: 'MEDUODD0001',
        scac: 'MSCU',
      }),
    );
    const id = body(created).data.id as string;
    h.clock.advance(2000);
    const shipmentId = body(h.get(`/v2/tracking_requests/${id}`)).data.relationships.tracked_object
      .data.id as string;
    const c = h.emulator.account()!.containersOf(h.emulator.account()!.shipment(shipmentId)!)[0]!;
    h.emulator.oddAnswers.set(c.attributes.number, { kind: 'status-null' });
    const doc = body(h.get(`/v2/tracking_requests/${id}?include=tracked_object.containers`));
    expect(find(doc, c.id)!.attributes.current_status).toBeNull();
  });

  it('search hits carry only number and references: every-attribute kinds show there', () => {
    const { h, c, odd } = armed('all-null', 1);
    const hit = odd(body(h.get(`/v2/search?query=${c.attributes.number}`)), 'search_result');
    expect(hit).toBeDefined();
    expect(Object.values(hit!).every((v) => v === null)).toBe(true);
    // That was its one read.
    const after = odd(body(h.get(`/v2/search?query=${c.attributes.number}`)), 'search_result');
    expect(after!.number).toBe(c.attributes.number);
  });

  it('a kind a search hit cannot show leaves the hit alone and spends no read on it', () => {
    const { h, c, odd } = armed('holds-null', 1);
    const hit = odd(body(h.get(`/v2/search?query=${c.attributes.number}`)), 'search_result');
    expect(hit!.number).toBe(c.attributes.number);
    expect(odd(body(h.get(`/v2/containers/${c.id}`)))!.holds_at_pod_terminal).toBeNull();
  });

  it('webhook notifications: as listed by id, and as delivered', () => {
    const { h, c, odd } = armed('all-null', 2);
    const hook = h.post('/v2/webhooks', {
      data: {
        type: 'webhook',
        attributes: {
          url: 'https://hooks.example.com/x',
          active: true,
          events: ['container.updated'],
        },
      },
    });
    expect(hook.status).toBe(201);
    const changed = control(h, 'POST', `/containers/${c.attributes.number}/changes`, {
      hold: { name: 'USDA', status: 'hold' },
    });
    // The control surface is not the service: it shows the stored record and spends no read.
    expect(body(changed).data.attributes.number).toBe(c.attributes.number);
    const [id] = body(changed).meta.notifications as string[];
    const fetched = body(h.get(`/v2/webhook_notifications/${id}`));
    expect(Object.values(odd(fetched)!).every((v) => v === null)).toBe(true);
    const posted: string[] = [];
    h.emulator.webhooks.deliverDue((_url, payload) => {
      posted.push(payload);
      return 200;
    });
    expect(posted).toHaveLength(1);
    expect(Object.values(odd(JSON.parse(posted[0]!))!).every((v) => v === null)).toBe(true);
    // Two reads spent: the stored notification answers as it was recorded.
    expect(odd(body(h.get(`/v2/webhook_notifications/${id}`)))!.number).toBe(c.attributes.number);
  });
});

describe('how long it lasts', () => {
  it('reads: one per answer that shows the container; answers without it spend nothing', () => {
    const h = harness();
    const c = richContainer(h);
    const other = h.emulator
      .account()!
      .containers()
      .find((x) => x.shipmentId !== c.shipmentId)!;
    h.emulator.oddAnswers.set(c.attributes.number, { kind: 'holds-empty', reads: 2 });
    expect(h.get(`/v2/containers/${other.id}`).status).toBe(200);
    expect(h.get('/v2/containers/nope').status).toBe(404);
    expect(h.get(`/v2/containers/${c.id}?__fault=status%3D503`).status).toBe(503);
    expect(h.emulator.oddAnswers.pending()).toMatchObject([{ readsLeft: 2 }]);
    const holds = () =>
      (body(h.get(`/v2/containers/${c.id}`)).data as Res).attributes.holds_at_pod_terminal;
    expect([holds(), holds()]).toEqual([[], []]);
    expect(holds()).toEqual(c.attributes.holds_at_pod_terminal);
  });

  it('until: every read answers oddly until that moment on the emulator clock', () => {
    const h = harness();
    const c = richContainer(h);
    const until = new Date(h.clock.now() + 10 * 60_000).toISOString();
    h.emulator.oddAnswers.set(c.attributes.number, { kind: 'status-null', until });
    const status = () =>
      (body(h.get(`/v2/containers/${c.id}`)).data as Res).attributes.current_status;
    expect([status(), status(), status()]).toEqual([null, null, null]);
    h.clock.advance(10 * 60_000);
    expect(status()).toBe(c.attributes.current_status);
    expect(h.emulator.oddAnswers.pending()).toEqual([]);
  });

  it('clear and reset end it', () => {
    const h = harness();
    const c = richContainer(h);
    h.emulator.oddAnswers.set(c.attributes.number, { kind: 'all-absent', reads: 5 });
    h.emulator.oddAnswers.clear(c.attributes.number);
    expect((body(h.get(`/v2/containers/${c.id}`)).data as Res).attributes.number).toBeDefined();
    h.emulator.oddAnswers.set(c.attributes.number, { kind: 'all-absent', reads: 5 });
    h.emulator.reset();
    expect(h.emulator.oddAnswers.pending()).toEqual([]);
  });

  it.each([
    [{ kind: 'holds-missing' }, /kind must be one of holds-null, holds-empty/],
    [{ kind: [] }, /kind must be one of/],
    [{ kind: 'holds-null', reads: 0 }, /reads must be a whole number from 1/],
    [{ kind: 'holds-null', reads: 1.5 }, /reads must be a whole number/],
    [{ kind: 'holds-null', until: 'tomorrow' }, /until must be an ISO date-time/],
    [
      { kind: 'holds-null', until: '2020-01-01T00:00:00Z' },
      /until must be after the emulator's now/,
    ],
    [{ kind: 'holds-null', times: 2 }, /unknown field\(s\): times/],
  ])('refuses %j, saying why', (answer, message) => {
    const h = harness();
    const c = richContainer(h);
    expect(() => h.emulator.oddAnswers.set(c.attributes.number, answer as never)).toThrow(message);
    expect(h.emulator.oddAnswers.pending()).toEqual([]);
  });

  it('an unknown container is refused', () => {
    const h = harness();
    expect(() => h.emulator.oddAnswers.set('ABCU0000000', { kind: 'holds-null' })).toThrow(
      'no container ABCU0000000 in the demo account',
    );
  });
});

describe('on the control surface', () => {
  it('POST arms, GET lists, DELETE clears one or all, reset clears, errors say why', () => {
    const h = harness();
    const c = richContainer(h);
    const number = c.attributes.number;
    const armed = control(h, 'POST', `/containers/${number}/odd-answers`, {
      kind: 'lfd-null',
      reads: 3,
    });
    expect(armed.status).toBe(200);
    expect(body(armed).oddAnswer).toMatchObject({
      number,
      containerId: c.id,
      kinds: ['lfd-null'],
      readsLeft: 3,
      until: null,
    });
    expect(body(control(h, 'GET', '/odd-answers')).oddAnswers).toHaveLength(1);
    expect(body(control(h, 'GET', '/state')).oddAnswers).toHaveLength(1);
    expect((body(h.get(`/v2/containers/${c.id}`)).data as Res).attributes.pickup_lfd).toBeNull();
    expect(body(control(h, 'DELETE', `/containers/${number}/odd-answers`)).oddAnswers).toEqual([]);
    expect((body(h.get(`/v2/containers/${c.id}`)).data as Res).attributes.pickup_lfd).toBe(
      c.attributes.pickup_lfd,
    );

    control(h, 'POST', `/containers/${number}/odd-answers`, { kind: 'holds-null', reads: 3 });
    expect(body(control(h, 'DELETE', '/odd-answers')).oddAnswers).toEqual([]);
    control(h, 'POST', `/containers/${number}/odd-answers`, { kind: 'holds-null', reads: 3 });
    control(h, 'POST', '/reset');
    expect(body(control(h, 'GET', '/odd-answers')).oddAnswers).toEqual([]);

    const bad = control(h, 'POST', `/containers/${number}/odd-answers`, { kind: 'nope' });
    expect(bad.status).toBe(400);
    expect(body(bad).errors[0].detail).toMatch(/kind must be one of/);
    const unknown = control(h, 'POST', '/containers/ABCU0000000/odd-answers', {
      kind: 'holds-null',
    });
    expect(unknown.status).toBe(404);
  });
});
