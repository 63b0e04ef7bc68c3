// The emulator's webhooks: subscriptions with the OpenAPI's shapes, notifications when its data
// changes (control surface, tracking-request outcomes), only to subscriptions that asked for the
// event, signed deliveries with retries on the emulator clock, and the catch-up listing.
import { createHmac } from 'node:crypto';
import { ORIGIN, body, harness, trackingRequest, type Harness } from './support/harness';
import { failures, openapi, validateComponent } from './support/openapi';
import { WEBHOOK_EVENTS } from '../../local/emulator/webhooks/events';
import { PUSH_EVENTS } from '../../src/api/webhooks';

const HOOK_URL = 'https://hooks.example.com/exec?token=abc';

function subscribe(h: Harness, events: string[], url = HOOK_URL) {
  const res = h.post('/v2/webhooks', {
    data: { type: 'webhook', attributes: { url, active: true, events } },
  });
  expect(res.status).toBe(201);
  return body(res).data as { id: string; attributes: { secret: string; events: string[] } };
}

function change(h: Harness, number: string, changes: unknown) {
  return h.emulator.handle({
    method: 'POST',
    url: `${ORIGIN}/__emulator/containers/${number}/changes`,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(changes),
  });
}

/** A container of the demo account that has a shipment and a terminal LFD. */
function someContainer(h: Harness) {
  const c = h.emulator
    .account()!
    .containers()
    .find((x) => x.attributes.import_deadlines?.pickup_lfd_terminal && x.attributes.pod_timezone);
  if (!c) throw new Error('no suitable demo container');
  return c;
}

test('the event names are the OpenAPI enum, and the add-in subscribes only to real ones', () => {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- reading the spec's JSON
  const schema = (openapi as any).components.schemas.webhook_notification;
  expect([...WEBHOOK_EVENTS]).toEqual(schema.properties.attributes.properties.event.enum);
  for (const event of PUSH_EVENTS) expect(WEBHOOK_EVENTS).toContain(event);
});

describe('webhook subscriptions', () => {
  test('create, show, list, update and delete with the documented shapes', () => {
    const h = harness();
    const hook = subscribe(h, ['container.updated', 'tracking_request.succeeded']);
    expect(failures(validateComponent('webhook', hook))).toEqual([]);
    expect(hook.attributes.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(body(h.get(`/v2/webhooks/${hook.id}`)).data.attributes.events).toEqual([
      'container.updated',
      'tracking_request.succeeded',
    ]);
    expect(body(h.get('/v2/webhooks')).data.map((w: { id: string }) => w.id)).toEqual([hook.id]);
    const patched = h.patch(`/v2/webhooks/${hook.id}`, {
      data: { type: 'webhook', id: hook.id, attributes: { active: false } },
    });
    expect(body(patched).data.attributes.active).toBe(false);
    expect(h.request('DELETE', `/v2/webhooks/${hook.id}`).status).toBe(200);
    expect(h.get(`/v2/webhooks/${hook.id}`).status).toBe(404);
  });

  test('a bad subscription is a 422 naming each attribute', () => {
    const h = harness();
    const res = h.post('/v2/webhooks', {
      data: { type: 'webhook', attributes: { url: 'not a url', events: ['container.exploded'] } },
    });
    expect(res.status).toBe(422);
    const pointers = body(res).errors.map((e: { source: { pointer: string } }) => e.source.pointer);
    expect(pointers.sort()).toEqual([
      '/data/attributes/active',
      '/data/attributes/events',
      '/data/attributes/url',
    ]);
  });

  test('subscriptions belong to their account and need its key', () => {
    const h = harness();
    subscribe(h, ['container.updated']);
    h.emulator.addAccount('other-key');
    expect(body(h.get('/v2/webhooks', 'other-key')).data).toEqual([]);
    expect(h.get('/v2/webhooks', null).status).toBe(401);
  });
});

describe('notifications from data changes', () => {
  test('an LFD change shows in the container JSON and notifies only the subscriptions that asked', () => {
    const h = harness();
    const lfdHook = subscribe(h, ['container.updated', 'container.pickup_lfd.changed']);
    const otherHook = subscribe(h, ['tracking_request.succeeded'], 'https://other.example.com/x');
    const c = someContainer(h);
    const before = c.updatedAtMs;
    h.clock.advance(60_000);
    const res = change(h, c.attributes.number, {
      lfd: { line: '2026-12-01T05:00:00Z', terminal: '2026-11-30T05:00:00Z' },
    });
    expect(res.status).toBe(200);
    const answer = body(res);
    expect(answer.data.attributes.pickup_lfd).toBe('2026-12-01T05:00:00Z');
    expect(answer.data.attributes.import_deadlines.pickup_lfd_terminal).toBe(
      '2026-11-30T05:00:00Z',
    );
    expect(c.updatedAtMs).toBeGreaterThan(before);
    const shown = body(h.get(`/v2/containers/${c.id}`)).data.attributes;
    expect(shown.pickup_lfd).toBe('2026-12-01T05:00:00Z');

    const list = body(h.get('/v2/webhook_notifications?include=reference_object'));
    const events = list.data.map((n: { attributes: { event: string } }) => n.attributes.event);
    expect(events.sort()).toEqual(['container.pickup_lfd.changed', 'container.updated']);
    for (const n of list.data) {
      expect(n.relationships.webhook.data.id).toBe(lfdHook.id);
      expect(failures(validateComponent('webhook_notification', n))).toEqual([]);
    }
    expect(
      list.data.some(
        (n: { relationships: { webhook: { data: { id: string } } } }) =>
          n.relationships.webhook.data.id === otherHook.id,
      ),
    ).toBe(false);
    const event = list.included.find((r: { type: string }) => r.type === 'container_updated_event');
    expect(event.attributes.changeset.pickup_lfd[1]).toBe('2026-12-01T05:00:00Z');
    expect(event.relationships.container.data.id).toBe(c.id);
    expect(failures(validateComponent('container_updated_event', event))).toEqual([]);
  });

  test('availability, holds, pick-up and ETA changes use the service event names', () => {
    const h = harness();
    subscribe(h, [
      'container.updated',
      'container.transport.available',
      'container.transport.full_out',
      'shipment.estimated.arrival',
    ]);
    const c = someContainer(h);
    c.attributes.available_for_pickup = false;
    change(h, c.attributes.number, {
      available: true,
      hold: { name: 'customs', status: 'hold', description: 'CBP exam' },
      eta: '2026-11-29T08:00:00Z',
    });
    change(h, c.attributes.number, { pickedUp: '2026-11-21T10:00:00Z' });
    const events = body(h.get('/v2/webhook_notifications')).data.map(
      (n: { attributes: { event: string } }) => n.attributes.event,
    );
    expect(events).toEqual([
      'container.transport.full_out',
      'shipment.estimated.arrival',
      'container.transport.available',
      'container.updated',
    ]);
    expect(c.attributes.holds_at_pod_terminal).toContainEqual({
      name: 'customs',
      status: 'hold',
      description: 'CBP exam',
    });
    expect(c.attributes.current_status).toBe('picked_up');
    expect(h.emulator.account()!.shipmentOf(c)!.attributes.pod_eta_at).toBe('2026-11-29T08:00:00Z');

    // The empty back: its time, the empty_returned status and the service's empty_in event.
    subscribe(h, ['container.transport.empty_in']);
    change(h, c.attributes.number, { emptyReturned: '2026-11-24T16:00:00Z' });
    expect(c.attributes).toMatchObject({
      empty_terminated_at: '2026-11-24T16:00:00Z',
      current_status: 'empty_returned',
    });
    expect(
      body(h.get('/v2/webhook_notifications')).data.map(
        (n: { attributes: { event: string } }) => n.attributes.event,
      ),
    ).toContain('container.transport.empty_in');
    expect(change(h, c.attributes.number, { emptyReturned: 'soon' }).status).toBe(400);
  });

  test('"today" is the facility’s own today: a Tokyo terminal is already a day ahead of UTC', () => {
    const h = harness();
    const c = someContainer(h);
    c.attributes.pod_timezone = 'Asia/Tokyo';
    h.clock.set(Date.parse('2026-11-27T20:00:00Z')); // 28 Nov, 05:00 in Tokyo
    expect(change(h, c.attributes.number, { lfd: { terminal: 'today' } }).status).toBe(200);
    // Local noon of 28 Nov in Tokyo: the facility's day, whatever UTC's date is.
    expect(c.attributes.import_deadlines?.pickup_lfd_terminal).toBe('2026-11-28T03:00:00Z');
  });

  test('the control route says what is wrong with a body or a number', () => {
    const h = harness();
    const c = someContainer(h);
    expect(change(h, 'ZZZZ0000000', { available: true }).status).toBe(404);
    const bad = change(h, c.attributes.number, { lfd: { pickup: 'tomorrow' } });
    expect(bad.status).toBe(400);
    expect(body(bad).errors[0].detail).toMatch(/lfd\.pickup must be an ISO time/);
    expect(change(h, c.attributes.number, { colour: 'red' }).status).toBe(400);
  });

  test('tracking-request outcomes are notified with the request and its shipment', () => {
    const h = harness();
    subscribe(h, ['tracking_request.succeeded', 'tracking_request.failed']);
    h.post(
      '/v2/tracking_requests',
      trackingRequest({
        request_type: 'bill_of_lading',
        request_number: 'PUSHTEST1',
        scac: 'MAEU',
      }),
    );
    h.post(
      '/v2/tracking_requests',
      trackingRequest({
        request_type: 'bill_of_lading',
        request_number: 'NOTFOUND1',
        scac: 'MAEU',
      }),
    );
    expect(h.emulator.webhooks.takeDue()).toEqual([]);
    h.clock.advance(15_000);
    // Nobody read the API: taking due deliveries brings the requests up to the clock.
    const due = h.emulator.webhooks.takeDue();
    const docs = due.map((d) => JSON.parse(d.body));
    const byEvent = new Map(docs.map((d) => [d.data.attributes.event, d]));
    expect([...byEvent.keys()].sort()).toEqual([
      'tracking_request.failed',
      'tracking_request.succeeded',
    ]);
    const ok = byEvent.get('tracking_request.succeeded');
    const shipment = ok.included.find((r: { type: string }) => r.type === 'shipment');
    expect(shipment.attributes.bill_of_lading_number).toBe('PUSHTEST1');
    expect(ok.data.attributes.created_at).toBe('2026-11-20T15:00:15Z');
  });
});

describe('deliveries', () => {
  function setUp() {
    const h = harness();
    const hook = subscribe(h, ['container.updated']);
    const c = someContainer(h);
    change(h, c.attributes.number, { lfd: { pickup: '2026-12-03T05:00:00Z' } });
    return { h, hook };
  }

  test('POSTs the notification document, signed with the webhook secret', () => {
    const { h, hook } = setUp();
    const posts: { url: string; body: string; headers: Record<string, string> }[] = [];
    h.emulator.webhooks.deliverDue((url, b, headers) => {
      posts.push({ url, body: b, headers });
      return 200;
    });
    expect(posts).toHaveLength(1);
    const post = posts[0]!;
    expect(post.url).toBe(HOOK_URL);
    const expected = createHmac('sha256', hook.attributes.secret).update(post.body).digest('hex');
    expect(post.headers['X-T49-Webhook-Signature']).toBe(expected);
    const doc = JSON.parse(post.body);
    const fetched = body(h.get(`/v2/webhook_notifications/${doc.data.id}`));
    expect(fetched.data.attributes.delivery_status).toBe('succeeded');
    expect(fetched.included).toEqual(doc.included);
    // Delivered: nothing more is due, however long we wait.
    h.clock.advance(24 * 3_600_000);
    expect(h.emulator.webhooks.takeDue()).toEqual([]);
  });

  test('a failed delivery is retried with backoff, 12 times at most', () => {
    const { h } = setUp();
    let attempts = 0;
    const failing = () => {
      attempts += 1;
      return 500;
    };
    h.emulator.webhooks.deliverDue(failing);
    expect(attempts).toBe(1);
    h.clock.advance(59_000);
    h.emulator.webhooks.deliverDue(failing);
    expect(attempts).toBe(1); // the first retry waits a minute
    h.clock.advance(1_000);
    h.emulator.webhooks.deliverDue(() => null); // no answer at all counts as a failure too
    for (let i = 0; i < 40; i++) {
      h.clock.advance(6 * 3_600_000);
      h.emulator.webhooks.deliverDue(failing);
    }
    expect(attempts).toBe(12); // 1 + the null one + 11 more = 13 attempts: the first and 12 retries
    const [n] = body(h.get('/v2/webhook_notifications')).data;
    expect(n.attributes.delivery_status).toBe('failed');
  });

  test('a retry that succeeds ends the retries', () => {
    const { h } = setUp();
    h.emulator.webhooks.deliverDue(() => 503);
    h.clock.advance(60_000);
    expect(h.emulator.webhooks.deliverDue(() => 204).map((r) => r.status)).toEqual([204]);
    h.clock.advance(3_600_000);
    expect(h.emulator.webhooks.takeDue()).toEqual([]);
  });

  test('a delivery handed out is not handed out again until it is settled', () => {
    const { h } = setUp();
    const [first] = h.emulator.webhooks.takeDue();
    expect(first).toBeDefined();
    expect(h.emulator.webhooks.takeDue()).toEqual([]);
    h.emulator.webhooks.settle(first!, 200);
    expect(body(h.get('/v2/webhook_notifications')).data[0].attributes.delivery_status).toBe(
      'succeeded',
    );
  });
});

describe('what counts as delivered (the webhook guide: 200, 201, 202 or 204)', () => {
  test('a web app answer (302) and other statuses are failures, retried: 13 attempts in all', () => {
    const h = harness();
    subscribe(h, ['container.updated']);
    change(h, someContainer(h).attributes.number, { lfd: { pickup: '2026-12-04T05:00:00Z' } });
    const statuses: (number | null)[] = [];
    for (let i = 0; i < 20; i++) {
      statuses.push(...h.emulator.webhooks.deliverDue(() => 302).map((r) => r.status));
      h.clock.advance(7 * 3_600_000);
    }
    expect(statuses).toEqual(Array(13).fill(302));
    const [notice] = h.emulator.account()!.webhooks.notifications();
    expect(notice).toMatchObject({ attempts: 13, deliveryStatus: 'failed' });
  });

  test.each([200, 201, 202, 204])('%d delivers', (status) => {
    const h = harness();
    subscribe(h, ['container.updated']);
    change(h, someContainer(h).attributes.number, { lfd: { pickup: '2026-12-04T05:00:00Z' } });
    h.emulator.webhooks.deliverDue(() => status);
    expect(h.emulator.account()!.webhooks.notifications()[0]!.deliveryStatus).toBe('succeeded');
  });

  test.each([203, 206, 301, 302, 304])('%d is retried', (status) => {
    const h = harness();
    subscribe(h, ['container.updated']);
    change(h, someContainer(h).attributes.number, { lfd: { pickup: '2026-12-04T05:00:00Z' } });
    h.emulator.webhooks.deliverDue(() => status);
    const [notice] = h.emulator.account()!.webhooks.notifications();
    expect(notice).toMatchObject({ deliveryStatus: 'pending', attempts: 1 });
    expect(notice!.nextAttemptAt).toBe(h.clock.now() + 60_000);
  });
});

describe('POST /webhooks/trigger (a test delivery, reference/openapi.json)', () => {
  const trigger = (h: Harness, b: unknown) => h.post('/v2/webhooks/trigger', b);

  test('posts an example payload of the event to the URL and reports the answer as the OpenAPI shows', () => {
    const h = harness();
    const posted: { url: string; body: string; headers: Record<string, string> }[] = [];
    h.emulator.webhooks.testPoster = (d) => {
      posted.push(d);
      return {
        status: 302,
        headers: { location: 'https://x.example/echo' },
        body: '',
        error: null,
      };
    };
    const res = trigger(h, {
      url: 'https://script.google.com/macros/s/x/exec?token=t',
      event: 'tracking_request.succeeded',
      secret: 's3',
    });
    expect(res.status).toBe(200);
    const answer = body(res);
    expect(answer).toMatchObject({
      url: 'https://script.google.com/macros/s/x/exec?token=t',
      succeeded: false,
      status_code: 302,
      response_headers: { location: 'https://x.example/echo' },
    });
    expect(answer.error).toMatch(/302/);
    expect(posted).toHaveLength(1);
    expect(answer.request_body).toBe(posted[0]!.body);
    const sent = JSON.parse(posted[0]!.body);
    expect(sent.data.type).toBe('webhook_notification');
    expect(sent.data.attributes.event).toBe('tracking_request.succeeded');
    expect(posted[0]!.headers['X-T49-Webhook-Signature']).toBe(
      createHmac('sha256', 's3').update(posted[0]!.body, 'utf8').digest('hex'),
    );
    // A test delivery is not a notification of the account.
    expect(h.emulator.account()!.webhooks.notifications()).toEqual([]);
    h.emulator.webhooks.testPoster = () => ({ status: 204, headers: {}, body: '', error: null });
    expect(
      body(trigger(h, { url: 'https://a.example/x', event: 'container.updated' })),
    ).toMatchObject({ succeeded: true, status_code: 204, error: null });
  });

  test('no endpoint answering: status_code null with the error', () => {
    const h = harness();
    const answer = body(
      trigger(h, { url: 'https://nowhere.example/exec', event: 'container.updated' }),
    );
    expect(answer).toMatchObject({ succeeded: false, status_code: null });
    expect(answer.error).toMatch(/TCP connection/);
  });

  test('a bad body is a 422 naming each problem; https only (http for this machine)', () => {
    const h = harness();
    const problems = (b: unknown) =>
      (body(trigger(h, b)).errors as { detail: string }[]).map((e) => e.detail);
    expect(trigger(h, {}).status).toBe(422);
    expect(problems({})).toEqual(['url is required', 'event is required']);
    expect(problems({ url: 'http://example.com/x', event: 'nope' })).toEqual([
      'url must be HTTPS',
      'event is not a webhook event',
    ]);
    expect(trigger(h, { url: 'http://127.0.0.1:9/exec', event: 'container.updated' }).status).toBe(
      200,
    );
  });

  test('needs the key', () => {
    const h = harness();
    const res = h.post(
      '/v2/webhooks/trigger',
      { url: 'https://a.example/x', event: 'container.updated' },
      null,
    );
    expect(res.status).toBe(401);
  });
});

describe('catch-up listing', () => {
  test('newest first, paginated, unknown includes refused, unknown ids 404', () => {
    const h = harness();
    subscribe(h, ['container.updated']);
    const c = someContainer(h);
    for (let i = 1; i <= 3; i++) {
      h.clock.advance(1_000);
      change(h, c.attributes.number, { lfd: { pickup: `2026-12-0${i}T05:00:00Z` } });
    }
    const page1 = body(h.get('/v2/webhook_notifications?page[size]=2'));
    expect(page1.meta.total).toBe(3);
    expect(page1.data).toHaveLength(2);
    expect(page1.links.next).toContain('page[number]=2');
    const times = page1.data.map(
      (n: { attributes: { created_at: string } }) => n.attributes.created_at,
    );
    expect(times).toEqual(['2026-11-20T15:00:03Z', '2026-11-20T15:00:02Z']);
    expect(h.get('/v2/webhook_notifications?include=container').status).toBe(400);
    expect(h.get('/v2/webhook_notifications/no-such-id').status).toBe(404);
  });
});

describe('the HTTP adapter', () => {
  test('sends due deliveries over HTTP and retries a non-2xx answer', async () => {
    const { createServer } = await import('node:http');
    const { startEmulatorServer } = await import('../../local/emulator/server');
    const h = harness();
    const received: { signature: string | undefined; body: string }[] = [];
    let answer = 500;
    const receiver = createServer((req, res) => {
      let data = '';
      req.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      req.on('end', () => {
        received.push({ signature: req.headers['x-t49-webhook-signature'] as string, body: data });
        res.writeHead(answer).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as { port: number };
    const server = await startEmulatorServer({ emulator: h.emulator, webhookIntervalMs: 20 });
    try {
      subscribe(h, ['container.updated'], `http://127.0.0.1:${port}/exec?token=t`);
      change(h, someContainer(h).attributes.number, { lfd: { pickup: '2026-12-09T05:00:00Z' } });
      // Waits on the condition, not on time (bounded only by the test's timeout): on a busy
      // machine the first answer may be settled after the clock moves, so the clock moves a
      // minute at a time until the retry is due (1 min, doubling).
      const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const waitFor = async (n: number, tick = () => {}) => {
        while (received.length < n) {
          tick();
          await sleep(20);
        }
      };
      await waitFor(1);
      expect(received).toHaveLength(1);
      answer = 200;
      await waitFor(2, () => h.clock.advance(60_000));
      expect(received).toHaveLength(2);
      expect(received[1]!.body).toBe(received[0]!.body);
      expect(received[1]!.signature).toMatch(/^[0-9a-f]{64}$/);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(received).toHaveLength(2);
    } finally {
      await server.close();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });

  test('the server posts a test delivery over real HTTP, following no redirect', async () => {
    const { createServer } = await import('node:http');
    const { startEmulatorServer } = await import('../../local/emulator/server');
    const h = harness();
    const receiver = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(302, { Location: 'https://elsewhere.example/' }).end());
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as { port: number };
    const server = await startEmulatorServer({ emulator: h.emulator, webhookIntervalMs: 0 });
    try {
      const res = await fetch(`${server.url}/v2/webhooks/trigger`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Token ${h.emulator.demoKey}`,
        },
        body: JSON.stringify({ url: `http://127.0.0.1:${port}/exec`, event: 'container.updated' }),
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ succeeded: false, status_code: 302 });
    } finally {
      await server.close();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});
