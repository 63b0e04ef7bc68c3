// The history-heavy preset (seed.activeShare): an old account shaped like the recorded one, most
// shipments long finished and stopped by the service's own rules, a few still tracked; and the
// listing the add-in reads its active work from.
import { createEmulator } from '../../local/emulator';
import { body, harness } from './support/harness';
import { openapi } from './support/openapi';

type Schemas = Record<string, { properties?: Record<string, { enum?: string[] } & object> }>;
const shipmentAttributes = (
  (openapi.components as { schemas: Schemas }).schemas.shipment!.properties!.attributes as {
    properties: Record<string, { enum?: string[] }>;
  }
).properties;

describe('history-heavy preset', () => {
  const h = harness({ seed: { containers: 2_000, activeShare: 0.02 } });
  const account = h.emulator.account()!;
  const shipments = account.shipments();
  const active = shipments.filter((s) => s.attributes.line_tracking_stopped_at === null);

  it('keeps a few percent of the shipments tracked, the rest stopped for the service’s reasons', () => {
    expect(active.length / shipments.length).toBeLessThan(0.1);
    expect(active.length).toBeGreaterThan(0);
    const reasons = new Set(shipments.map((s) => s.attributes.line_tracking_stopped_reason));
    const allowed = shipmentAttributes.line_tracking_stopped_reason!.enum!;
    for (const r of reasons) if (r !== null) expect(allowed).toContain(r);
    expect(reasons).toContain('all_containers_terminated');
    expect(reasons).toContain('past_arrival_window');
  });

  it('stops a finished shipment after its arrival, with its boxes returned empty', () => {
    // The curated demo shipments (a few) keep their own stories; the drawn history is finished.
    const finished = shipments.filter((s) => s.attributes.line_tracking_stopped_at !== null);
    const boxes = finished.flatMap((s) => account.containersOf(s));
    const returned = boxes.filter((c) => c.attributes.current_status === 'empty_returned');
    expect(returned.length / boxes.length).toBeGreaterThan(0.95);
    const afterArrival = finished.filter(
      (s) =>
        s.attributes.pod_ata_at !== null &&
        Date.parse(s.attributes.line_tracking_stopped_at!) > Date.parse(s.attributes.pod_ata_at),
    );
    expect(afterArrival.length / finished.length).toBeGreaterThan(0.95);
  });

  it('lists exactly the active shipments with their containers, 100 a page', () => {
    const json = body(
      h.get('/v2/shipments?filter[tracking_stopped]=false&include=containers&page[size]=100'),
    );
    expect(json.meta.total).toBe(active.length);
    expect(json.data.map((s: { id: string }) => s.id)).toEqual(
      active.slice(0, 100).map((s) => s.id),
    );
    const included = (json.included as { type: string; id: string }[])
      .filter((r) => r.type === 'container')
      .map((r) => r.id);
    expect(included.sort()).toEqual(
      active
        .slice(0, 100)
        .flatMap((s) => s.containerIds)
        .sort(),
    );
  });

  it('leaves the default account as it was (no share: no random draw spent)', () => {
    const numbers = (options?: { activeShare?: number }) =>
      createEmulator({ seed: { containers: 300, ...options } })
        .account()!
        .containers()
        .map((c) => c.attributes.number);
    expect(numbers()).toEqual(numbers({ activeShare: undefined }));
    expect(numbers({ activeShare: 0.02 })).not.toEqual(numbers());
  });
});
