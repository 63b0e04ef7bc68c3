// Stop and resume (PATCH /shipments/{id}/stop_tracking, /resume_tracking) and the service's own
// stop rules as the emulator clock moves: 56 days past arrival, 28 days after the last pickup,
// every container returned empty (help.terminal49.com, "When Do Shipments Stop Tracking?").
import { DAY, HOUR } from '../../local/emulator/core/time';
import { body, harness } from './support/harness';
import { failures, validateResponse } from './support/openapi';

const h = harness({ rateLimit: { limit: 100_000, windowMs: 60_000 } });
const account = () => h.emulator.account()!;

const attrs = (response: ReturnType<typeof h.get>) => body(response).data.attributes;
const stop = (id: string) => h.request('PATCH', `/v2/shipments/${id}/stop_tracking`);
const resume = (id: string) => h.request('PATCH', `/v2/shipments/${id}/resume_tracking`);
const stoppedIds = () =>
  body(h.get('/v2/shipments?filter[tracking_stopped]=true&page[size]=100')).data.map(
    (s: { id: string }) => s.id,
  );

beforeEach(() => h.emulator.reset());

/** An arrived shipment the service still tracks, with boxes still at the terminal. */
function activeArrived() {
  return account()
    .shipments()
    .find(
      (s) =>
        s.attributes.line_tracking_stopped_at === null &&
        s.attributes.pod_ata_at !== null &&
        account()
          .containersOf(s)
          .some((c) => c.attributes.pod_full_out_at === null),
    )!;
}

describe('stop and resume tracking', () => {
  it('stops: 200 with the shipment, stopped now by the key’s user, listed as stopped', () => {
    const shipment = activeArrived();
    const request = account()
      .trackingRequests()
      .find((r) => r.shipmentId === shipment.id)!;
    const now = new Date(h.clock.now()).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const response = stop(shipment.id);
    expect(response.status).toBe(200);
    const json = body(response);
    expect(json.data.id).toBe(shipment.id);
    expect(json.data.attributes.line_tracking_stopped_at).toBe(now);
    expect(json.data.attributes.line_tracking_stopped_reason).toBe('cancelled_by_user');
    expect(json.data.relationships.line_tracking_stopped_by_user.data).toEqual({
      type: 'user',
      id: expect.any(String),
    });
    expect(stoppedIds()).toContain(shipment.id);
    expect(request.status).toBe('tracking_stopped');
    const schema = '/shipments/{id}/stop_tracking';
    expect(failures(validateResponse(schema, 'patch', 200, json))).toEqual([]);
    const resumed = body(resume(shipment.id));
    const resumeSchema = '/shipments/{id}/resume_tracking';
    expect(failures(validateResponse(resumeSchema, 'patch', 200, resumed))).toEqual([]);
  });

  it('stopping a stopped shipment changes nothing; resuming an active one neither', () => {
    const shipment = activeArrived();
    const first = attrs(stop(shipment.id));
    h.clock.advance(HOUR);
    const again = stop(shipment.id);
    expect(again.status).toBe(200);
    expect(attrs(again).line_tracking_stopped_at).toBe(first.line_tracking_stopped_at);

    const other = account()
      .shipments()
      .find((s) => s.attributes.line_tracking_stopped_at === null)!;
    const resumed = resume(other.id);
    expect(resumed.status).toBe(200);
    expect(attrs(resumed).line_tracking_stopped_at).toBeNull();
  });

  it('resumes: the stop is cleared, the request is created again, the user relationship empty', () => {
    const shipment = activeArrived();
    stop(shipment.id);
    const response = resume(shipment.id);
    expect(response.status).toBe(200);
    const json = body(response);
    expect(json.data.attributes.line_tracking_stopped_at).toBeNull();
    expect(json.data.attributes.line_tracking_stopped_reason).toBeNull();
    expect(json.data.relationships.line_tracking_stopped_by_user.data).toBeNull();
    expect(stoppedIds()).not.toContain(shipment.id);
    expect(
      account()
        .trackingRequests()
        .filter((r) => r.shipmentId === shipment.id)
        .map((r) => r.status),
    ).toEqual(['created']);
  });

  it('an unknown id is a 404 JSON:API error; another method is a 405', () => {
    for (const response of [stop('no-such-shipment'), resume('no-such-shipment')]) {
      expect(response.status).toBe(404);
      expect(body(response).errors[0].status).toBe('404');
    }
    const container = account().containers()[0]!;
    expect(stop(container.id).status).toBe(404); // a container id is not a shipment id
    const get = h.get(`/v2/shipments/${activeArrived().id}/stop_tracking`);
    expect(get.status).toBe(405);
  });
});

describe('the service stops by itself', () => {
  it('56 days after arrival: past_arrival_window, as of that moment', () => {
    const shipment = activeArrived();
    const ata = Date.parse(shipment.attributes.pod_ata_at!);
    h.clock.advance(ata + 56 * DAY - h.clock.now() - 1000);
    expect(attrs(h.get(`/v2/shipments/${shipment.id}`)).line_tracking_stopped_at).toBeNull();
    h.clock.advance(2 * DAY);
    const a = attrs(h.get(`/v2/shipments/${shipment.id}`));
    expect(a.line_tracking_stopped_reason).toBe('past_arrival_window');
    expect(Date.parse(a.line_tracking_stopped_at)).toBe(ata + 56 * DAY);
  });

  it('28 days after its last box was picked up: past_full_out_window, before the arrival window', () => {
    const shipment = account()
      .shipments()
      .find((s) => {
        const boxes = account().containersOf(s);
        return (
          s.attributes.line_tracking_stopped_at === null &&
          boxes.every((c) => c.attributes.pod_full_out_at !== null) &&
          boxes.some((c) => c.attributes.empty_terminated_at === null)
        );
      })!;
    const last = Math.max(
      ...account()
        .containersOf(shipment)
        .map((c) => Date.parse(c.attributes.pod_full_out_at!)),
    );
    h.clock.advance(last + 28 * DAY - h.clock.now() + HOUR);
    const a = attrs(h.get(`/v2/shipments/${shipment.id}`));
    expect(a.line_tracking_stopped_reason).toBe('past_full_out_window');
    expect(Date.parse(a.line_tracking_stopped_at)).toBe(last + 28 * DAY);
  });

  it('once every box is returned empty: all_containers_terminated', () => {
    const shipment = activeArrived();
    const boxes = account().containersOf(shipment);
    const returned = h.clock.now() + 3 * HOUR;
    for (const c of boxes) c.attributes.empty_terminated_at = new Date(returned).toISOString();
    account().autoStops.watch(shipment, boxes, h.clock.now());
    h.clock.advance(2 * HOUR);
    expect(attrs(h.get(`/v2/shipments/${shipment.id}`)).line_tracking_stopped_at).toBeNull();
    h.clock.advance(2 * HOUR);
    expect(attrs(h.get(`/v2/shipments/${shipment.id}`)).line_tracking_stopped_reason).toBe(
      'all_containers_terminated',
    );
  });

  it('a shipment a user stopped keeps the user’s reason; a resumed one past its window stops at the next daily check', () => {
    const shipment = activeArrived();
    stop(shipment.id);
    h.clock.advance(100 * DAY);
    expect(attrs(h.get(`/v2/shipments/${shipment.id}`)).line_tracking_stopped_reason).toBe(
      'cancelled_by_user',
    );
    resume(shipment.id);
    h.clock.advance(DAY - HOUR);
    expect(attrs(h.get(`/v2/shipments/${shipment.id}`)).line_tracking_stopped_at).toBeNull();
    h.clock.advance(2 * HOUR);
    expect(attrs(h.get(`/v2/shipments/${shipment.id}`)).line_tracking_stopped_reason).toBe(
      'past_arrival_window',
    );
  });

  it('the seed stays as it was built: only its three stopped shipments are stopped at the start', () => {
    expect(stoppedIds()).toHaveLength(3);
    const byUser = account()
      .shipments()
      .find((s) => s.attributes.line_tracking_stopped_reason === 'cancelled_by_user')!;
    const json = body(h.get(`/v2/shipments/${byUser.id}`));
    expect(json.data.relationships.line_tracking_stopped_by_user.data).toEqual(
      body(stop(activeArrived().id)).data.relationships.line_tracking_stopped_by_user.data,
    );
  });
});
