// `terminal_checked_at` moves with the clock as the service re-checks terminals (hourly here,
// lifecycle/terminal-checks.ts says why): for containers at the terminal of a shipment still
// tracked; a stopped shipment keeps the value it had; a terminal the service cannot reach
// (AccountStore.terminalChecksFailingSince) keeps the last check before it failed.
import { DAY, HOUR } from '../../local/emulator/core/time';
import type { ContainerRecord } from '../../local/emulator/data/records';
import { ORIGIN, body, harness } from './support/harness';

const h = harness({ rateLimit: { limit: 100_000, windowMs: 60_000 } });
const account = () => h.emulator.account()!;
const AT_TERMINAL = ['not_available', 'available', 'grounded', 'awaiting_inland_transfer'];

beforeEach(() => h.emulator.reset());

const served = (c: ContainerRecord): string | null =>
  body(h.get(`/v2/containers/${c.id}`)).data.attributes.terminal_checked_at;

/** Containers at the terminal of a shipment still tracked, each with a seeded check. */
function atTerminal(): ContainerRecord[] {
  return account()
    .containers()
    .filter(
      (c) =>
        AT_TERMINAL.includes(c.attributes.current_status) &&
        c.attributes.terminal_checked_at !== null &&
        account().shipmentOf(c)?.attributes.line_tracking_stopped_at === null,
    );
}

describe('terminal_checked_at', () => {
  it('is the seeded check at first, then the latest hourly check up to now', () => {
    const boxes = atTerminal().slice(0, 5);
    expect(boxes.length).toBe(5);
    const seeded = boxes.map((c) => c.attributes.terminal_checked_at);
    expect(boxes.map(served)).toEqual(seeded);
    h.clock.advance(DAY + 17 * 60_000);
    const now = h.clock.now();
    for (const [i, c] of boxes.entries()) {
      const checked = Date.parse(served(c)!);
      expect(checked).toBeLessThanOrEqual(now);
      expect(now - checked).toBeLessThan(HOUR);
      expect((checked - Date.parse(seeded[i]!)) % HOUR).toBe(0);
    }
    // The list answers the same as the container itself, and the record is left as seeded.
    const listed = body(h.get('/v2/containers?page[size]=100')).data.find(
      (r: { id: string }) => r.id === boxes[0]!.id,
    );
    if (listed) expect(listed.attributes.terminal_checked_at).toBe(served(boxes[0]!));
    expect(boxes.map((c) => c.attributes.terminal_checked_at)).toEqual(seeded);
  });

  it('moves the terminal look-up (pod_last_tracking_request_at) with each check, as the capture shows it just before', () => {
    const [box] = atTerminal();
    const attributes = () => body(h.get(`/v2/containers/${box!.id}`)).data.attributes;
    const before = attributes();
    const gap =
      Date.parse(before.terminal_checked_at) - Date.parse(before.pod_last_tracking_request_at);
    expect(gap).toBeGreaterThanOrEqual(0);
    h.clock.advance(5 * HOUR + 1_000);
    const after = attributes();
    expect(after.terminal_checked_at).not.toBe(before.terminal_checked_at);
    expect(
      Date.parse(after.terminal_checked_at) - Date.parse(after.pod_last_tracking_request_at),
    ).toBe(gap);
  });

  it('stays as it was for a box that has left the terminal', () => {
    const gone = account()
      .containers()
      .find(
        (c) => c.attributes.current_status === 'picked_up' && c.attributes.terminal_checked_at,
      )!;
    const before = served(gone);
    h.clock.advance(3 * DAY);
    expect(served(gone)).toBe(before);
  });

  it('keeps, once the shipment is stopped, the last check before the stop', () => {
    const box = atTerminal()[0]!;
    h.clock.advance(5 * HOUR);
    const stoppedAt = h.clock.now();
    expect(h.request('PATCH', `/v2/shipments/${box.shipmentId}/stop_tracking`).status).toBe(200);
    const atStop = served(box);
    expect(stoppedAt - Date.parse(atStop!)).toBeLessThan(HOUR);
    h.clock.advance(2 * DAY);
    expect(served(box)).toBe(atStop);
    h.request('PATCH', `/v2/shipments/${box.shipmentId}/resume_tracking`);
    expect(h.clock.now() - Date.parse(served(box)!)).toBeLessThan(HOUR);
  });

  it('stops at the last check before its terminal became unreachable', () => {
    const box = atTerminal()[0]!;
    const failing = h.clock.now() - 30 * HOUR;
    account().terminalChecksFailingSince.set(box.podTerminalId!, failing);
    const checked = Date.parse(served(box)!);
    expect(checked).toBeLessThanOrEqual(failing);
    expect(failing - checked).toBeLessThan(HOUR);
    h.clock.advance(DAY);
    expect(Date.parse(served(box)!)).toBe(checked);
    // Its neighbours at other terminals are checked as usual.
    const other = atTerminal().find((c) => c.podTerminalId !== box.podTerminalId)!;
    expect(h.clock.now() - Date.parse(served(other)!)).toBeLessThan(HOUR);
    account().terminalChecksFailingSince.delete(box.podTerminalId!);
    expect(h.clock.now() - Date.parse(served(box)!)).toBeLessThan(HOUR);
  });

  it('fails from the control surface by a container of the terminal, and answers again', () => {
    const box = atTerminal()[0]!;
    const path = `${ORIGIN}/__emulator/containers/${box.attributes.number}/terminal-checks`;
    const since = new Date(h.clock.now()).toISOString();
    expect(h.request('POST', path, { body: { failingSince: since }, key: null }).status).toBe(200);
    h.clock.advance(2 * DAY);
    expect(h.clock.now() - Date.parse(served(box)!)).toBeGreaterThanOrEqual(2 * DAY);
    const bad = h.request('POST', path, { body: { failingSince: 'soon' }, key: null });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatch(/failingSince must be an ISO date-time/);
    expect(h.request('POST', path, { body: { failingSince: null }, key: null }).status).toBe(200);
    expect(h.clock.now() - Date.parse(served(box)!)).toBeLessThan(HOUR);
  });
});
