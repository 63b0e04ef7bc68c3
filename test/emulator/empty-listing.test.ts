// The empty-listing fault (issue 27: "A 200 listing with data: [] for an account known to hold
// containers"): a list answer that is a 200 with nothing in it, exactly as an empty account's,
// while the account holds records; a request that lists nothing does not spend it.
import { parseFaultSpec } from '../../local/emulator';
import { ORIGIN, body, harness } from './support/harness';

const EMPTY_KEY = 'empty-account-key';

describe('an empty listing on demand', () => {
  it('answers the next N matching lists like an empty account, then the real list again', () => {
    const h = harness();
    h.emulator.addAccount(EMPTY_KEY);
    const path = '/v2/containers?page[size]=50&include=shipment';
    const empty = body(h.get(path, EMPTY_KEY));
    expect(empty.data).toEqual([]);
    expect(empty.meta).toEqual({ size: 50, total: 0 });
    h.emulator.faults.enqueue({
      body: 'empty-list',
      times: 2,
      match: { method: 'GET', path: '/v2/containers' },
    });
    const answers = [h.get(path), h.get(path), h.get(path)];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(body(answers[0]!)).toEqual(empty);
    expect(body(answers[1]!)).toEqual(empty);
    expect(body(answers[2]!).data.length).toBe(50);
    expect(body(answers[2]!).meta.total).toBe(h.emulator.account()!.containers().length);
    expect(h.emulator.faults.pending()).toEqual([]);
  });

  it('waits for a list answer: a look-up by id or a refused request does not spend it', () => {
    const h = harness();
    const id = h.emulator.account()!.containers()[0]!.id;
    h.emulator.faults.enqueue({ body: 'empty-list' });
    expect(body(h.get(`/v2/containers/${id}`)).data.id).toBe(id);
    expect(h.get('/v2/shipments', 'wrong-key').status).toBe(401);
    expect(h.emulator.faults.pending()).toHaveLength(1);
    expect(body(h.get('/v2/shipments')).data).toEqual([]);
    expect(h.emulator.requestLog.entries.at(-1)).toMatchObject({ status: 200, faulted: true });
    expect(body(h.get('/v2/shipments')).data.length).toBeGreaterThan(0);
  });

  it('is a 200 from the service: it takes a rate-limit slot like any answer', () => {
    const h = harness({ rateLimit: { limit: 1, windowMs: 60_000 } });
    h.emulator.faults.enqueue({ body: 'empty-list' });
    expect(body(h.get('/v2/containers')).data).toEqual([]);
    expect(h.get('/v2/containers').status).toBe(429);
  });

  it('by header or parameter too, on any paginated list; with a status it is refused', () => {
    const h = harness();
    const shipments = h.request('GET', '/v2/shipments?page[number]=2', {
      headers: { 'X-Emulator-Fault': 'body=empty-list' },
    });
    expect(body(shipments).data).toEqual([]);
    expect(body(shipments).meta.total).toBe(0);
    expect(body(h.get('/v2/tracking_requests?__fault=body%3Dempty-list')).data).toEqual([]);
    const bad = h.request('GET', '/v2/containers', {
      headers: { 'X-Emulator-Fault': 'status=500;body=empty-list' },
    });
    expect(bad.status).toBe(400);
    expect(body(bad).errors[0].detail).toMatch(/empty-list is a 200 answer/);
    expect(() => parseFaultSpec('retry-after=3;body=empty-list')).toThrow(/200 answer/);
    expect(parseFaultSpec('body=empty-list;delay=20')).toEqual({
      body: 'empty-list',
      delayMs: 20,
    });
  });

  it('through the control surface', () => {
    const h = harness();
    const post = h.emulator.handle({
      method: 'POST',
      url: `${ORIGIN}/__emulator/faults`,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ body: 'empty-list', times: 3, match: { path: '/v2/shipments' } }),
    });
    expect(post.status).toBe(200);
    expect(body(post).faults).toMatchObject([{ body: 'empty-list', times: 3 }]);
    expect(body(h.get('/v2/containers')).data.length).toBeGreaterThan(0);
    expect(body(h.get('/v2/shipments')).data).toEqual([]);
    expect(h.emulator.faults.pending()).toMatchObject([{ times: 2 }]);
  });
});
