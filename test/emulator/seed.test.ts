// The seeded demo account: deterministic, realistic, and covering every case the add-in meets.
import { ManualClock } from '../../local/clock';
import { createEmulator, isValidContainerNumber, CONTAINER_STATUSES } from '../../local/emulator';
import { localDay, formatDay } from '../../local/emulator/core/time';
import { PORTS } from '../../local/emulator/data/places';
import { findShippingLine } from '../../local/emulator/data/shipping-lines';
import type { ContainerRecord } from '../../local/emulator/data/records';
import { openapi } from './support/openapi';

const demo = createEmulator().account()!;
const containers = demo.containers();
const shipments = demo.shipments();

type SchemaNode = { nullable?: boolean; properties?: Record<string, SchemaNode> };
function nullablePaths(component: string): string[][] {
  const schemas = (openapi.components as { schemas: Record<string, SchemaNode> }).schemas;
  const attributes = schemas[component]!.properties!.attributes!.properties!;
  const out: string[][] = [];
  for (const [name, node] of Object.entries(attributes)) {
    if (node.nullable) out.push([name]);
    for (const [sub, subNode] of Object.entries(node.properties ?? {}))
      if (subNode.nullable) out.push([name, sub]);
  }
  return out;
}
const read = (attributes: object, path: string[]): unknown =>
  path.reduce<unknown>(
    (node, key) =>
      node === null || node === undefined ? undefined : (node as Record<string, unknown>)[key],
    attributes,
  );

describe('demo account', () => {
  it('has about 60 containers in 25 shipments, one tracking request per shipment and a few unresolved', () => {
    expect(containers).toHaveLength(63);
    expect(shipments).toHaveLength(25);
    const requests = demo.trackingRequests();
    expect(requests.filter((r) => r.shipmentId !== null)).toHaveLength(25);
    expect(requests.map((r) => r.status)).toEqual(
      expect.arrayContaining(['created', 'failed', 'awaiting_manifest', 'tracking_stopped']),
    );
    expect(new Set(shipments.flatMap((s) => s.containerIds))).toEqual(
      new Set(containers.map((c) => c.id)),
    );
  });

  it('covers every current_status', () => {
    expect(new Set(containers.map((c) => c.attributes.current_status))).toEqual(
      new Set(CONTAINER_STATUSES),
    );
  });

  it('is deterministic: a second emulator builds identical data', () => {
    const again = createEmulator().account()!;
    expect(again.containers().map((c) => c.id)).toEqual(containers.map((c) => c.id));
    expect(JSON.stringify(again.shipments())).toBe(JSON.stringify(shipments));
    expect(JSON.stringify(again.containers())).toBe(JSON.stringify(containers));
  });

  it('uses ISO 6346 container numbers with correct check digits, all distinct', () => {
    for (const c of containers)
      expect(`${c.attributes.number} ${isValidContainerNumber(c.attributes.number)}`).toBe(
        `${c.attributes.number} true`,
      );
    expect(new Set(containers.map((c) => c.attributes.number)).size).toBe(containers.length);
  });

  it('uses real carriers, UN/LOCODEs, port names and matching IANA zones', () => {
    for (const s of shipments) {
      const a = s.attributes;
      const line = findShippingLine(a.shipping_line_scac);
      expect(line?.name).toBe(a.shipping_line_name);
      expect(line?.shortName).toBe(a.shipping_line_short_name);
      const legs: [string | null, string | null, string | null][] = [
        [a.port_of_lading_locode, a.port_of_lading_name, a.pol_timezone],
        [a.port_of_discharge_locode, a.port_of_discharge_name, a.pod_timezone],
        [a.destination_locode, a.destination_name, a.destination_timezone],
      ];
      for (const [locode, name, zone] of legs) {
        if (locode === null) continue;
        expect(locode).toMatch(/^[A-Z]{2}[A-Z2-9]{3}$/);
        expect(PORTS.get(locode)?.name).toBe(name);
        expect(PORTS.get(locode)?.timeZone).toBe(zone);
      }
      for (const c of demo.containersOf(s)) {
        expect(c.attributes.pod_timezone).toBe(a.pod_timezone);
        expect(c.attributes.final_destination_timezone).toBe(a.destination_timezone);
      }
    }
    expect(
      new Set(shipments.map((s) => s.attributes.shipping_line_scac)).size,
    ).toBeGreaterThanOrEqual(10);
  });

  it('has holds of both statuses with the case-sensitive names, and fees with a total', () => {
    const holds = containers.flatMap((c) => c.attributes.holds_at_pod_terminal);
    expect(new Set(holds.map((h) => h.status))).toEqual(new Set(['hold', 'pending']));
    expect(new Set(holds.map((h) => h.name))).toEqual(
      new Set(['customs', 'freight', 'USDA', 'TMF', 'VACIS', 'other']),
    );
    expect(
      holds.some((h) => h.description === null) &&
        holds.some((h) => typeof h.description === 'string'),
    ).toBe(true);
    // Ready for pickup needs available_for_pickup AND no `hold`: the demo has the trap case.
    expect(
      containers.some(
        (c) =>
          c.attributes.available_for_pickup === true &&
          c.attributes.holds_at_pod_terminal.some((h) => h.status === 'hold'),
      ),
    ).toBe(true);
    const withFees = containers.filter((c) => c.attributes.fees_at_pod_terminal.length > 0);
    expect(withFees.length).toBeGreaterThanOrEqual(4);
    for (const c of withFees) {
      const fees = c.attributes.fees_at_pod_terminal;
      const total = fees.filter((f) => f.type === 'total');
      expect(total).toHaveLength(1);
      const sum = fees.filter((f) => f.type !== 'total').reduce((s, f) => s + f.amount, 0);
      expect(total[0]!.amount).toBeCloseTo(sum, 2);
    }
    const types = new Set(
      withFees.flatMap((c) => c.attributes.fees_at_pod_terminal.map((f) => f.type)),
    );
    expect(types).toEqual(new Set(['demurrage', 'exam', 'extended_dwell_time', 'other', 'total']));
    const currencies = withFees.flatMap((c) =>
      c.attributes.fees_at_pod_terminal.map((f) => f.currency_code ?? 'none'),
    );
    expect(new Set(currencies)).toEqual(new Set(['USD', 'EUR', 'none']));
  });

  it('coalesces pickup_lfd as line, then terminal, then rail; and the three differ somewhere', () => {
    for (const c of containers) {
      const d = c.attributes.import_deadlines;
      expect(c.attributes.pickup_lfd).toBe(
        d === null ? null : (d.pickup_lfd_line ?? d.pickup_lfd_terminal ?? d.pickup_lfd_rail),
      );
    }
    const allThree = containers.filter((c) => {
      const d = c.attributes.import_deadlines;
      return (
        d &&
        d.pickup_lfd_line &&
        d.pickup_lfd_terminal &&
        d.pickup_lfd_rail &&
        new Set([d.pickup_lfd_line, d.pickup_lfd_terminal, d.pickup_lfd_rail]).size === 3
      );
    });
    expect(allThree.length).toBeGreaterThanOrEqual(1);
    expect(
      containers.some(
        (c) =>
          c.attributes.import_deadlines?.pickup_lfd_terminal &&
          c.attributes.import_deadlines.pickup_lfd_line &&
          c.attributes.import_deadlines.pickup_lfd_terminal !==
            c.attributes.import_deadlines.pickup_lfd_line,
      ),
    ).toBe(true);
  });

  it('has rail legs', () => {
    const rail = containers.filter((c) => c.attributes.pod_rail_carrier_scac !== null);
    expect(rail.length).toBeGreaterThanOrEqual(8);
    for (const field of [
      'pod_rail_loaded_at',
      'pod_rail_departed_at',
      'ind_eta_at',
      'ind_ata_at',
      'ind_rail_unloaded_at',
      'final_destination_full_out_at',
    ] as const) {
      expect(rail.some((c) => c.attributes[field] !== null)).toBe(true);
    }
    expect(rail.some((c) => c.pickupFacilityId !== null)).toBe(true);
    expect(new Set(rail.map((c) => c.attributes.pod_rail_carrier_scac))).toEqual(
      new Set(['BNSF', 'UPRR', 'CSXT']),
    );
  });

  it('makes every nullable attribute null somewhere and set somewhere', () => {
    for (const [component, records] of [
      ['container', containers.map((c) => c.attributes)],
      ['shipment', shipments.map((s) => s.attributes)],
    ] as const) {
      for (const path of nullablePaths(component)) {
        const values = records.map((a) => read(a, path));
        expect(`${component}.${path.join('.')} null: ${values.some((v) => v === null)}`).toBe(
          `${component}.${path.join('.')} null: true`,
        );
        expect(
          `${component}.${path.join('.')} set: ${values.some((v) => v !== null && v !== undefined)}`,
        ).toBe(`${component}.${path.join('.')} set: true`);
      }
    }
  });

  it('carries reference numbers on shipments and containers', () => {
    expect(
      shipments.filter((s) => (s.attributes.ref_numbers ?? []).length > 0).length,
    ).toBeGreaterThan(20);
    expect(shipments.some((s) => s.attributes.ref_numbers === null)).toBe(true);
    expect(containers.filter((c) => c.attributes.ref_numbers.length > 0).length).toBeGreaterThan(
      50,
    );
  });
});

function lfdBuckets(list: readonly ContainerRecord[], now: number) {
  const days = (iso: string) => (Date.parse(iso) - now) / 86_400_000;
  const lfds = list.map((c) => c.attributes.pickup_lfd).filter((x): x is string => x !== null);
  return {
    passed: lfds.filter((x) => days(x) < -1).length,
    soon: lfds.filter((x) => days(x) >= -1 && days(x) <= 2).length,
    later: lfds.filter((x) => days(x) > 2).length,
  };
}

describe('dates follow the clock the account was built at', () => {
  it.each(['2026-11-20T15:00:00Z', '2027-03-28T01:30:00Z', '2027-07-04T22:00:00Z'])(
    'start %s: LFDs passed, within 2 days and later',
    (start) => {
      const clock = new ManualClock(start);
      const account = createEmulator({ clock }).account()!;
      const buckets = lfdBuckets(account.containers(), clock.now());
      expect(buckets.passed).toBeGreaterThanOrEqual(5);
      expect(buckets.soon).toBeGreaterThanOrEqual(8);
      expect(buckets.later).toBeGreaterThanOrEqual(5);
      // Nothing that happened lies in the future.
      for (const c of account.containers()) {
        for (const field of [
          'pod_arrived_at',
          'pod_discharged_at',
          'pod_full_out_at',
          'empty_terminated_at',
          'ind_ata_at',
          'final_destination_full_out_at',
        ] as const) {
          const value = c.attributes[field];
          if (value !== null) expect(Date.parse(value)).toBeLessThanOrEqual(clock.now());
        }
      }
    },
  );

  it('includes the hard LFD case: 2026-11-25T05:00:00Z in America/New_York with the default clock', () => {
    const hard = containers.find((c) => c.attributes.pickup_lfd === '2026-11-25T05:00:00Z');
    expect(hard?.attributes.pod_timezone).toBe('America/New_York');
    const instant = Date.parse('2026-11-25T05:00:00Z');
    expect(formatDay(localDay(instant, 'America/New_York'))).toBe('2026-11-25');
    expect(formatDay(localDay(instant, 'America/Los_Angeles'))).toBe('2026-11-24');
  });

  it('has LFDs whose calendar day in UTC differs from the day in their own zone', () => {
    const different = containers.filter((c) => {
      const d = c.attributes.import_deadlines;
      const lfd = d?.pickup_lfd_terminal;
      const zone = c.attributes.pod_timezone;
      return lfd && zone && lfd.slice(0, 10) !== formatDay(localDay(Date.parse(lfd), zone));
    });
    const zones = new Set(different.map((c) => c.attributes.pod_timezone));
    expect(different.length).toBeGreaterThanOrEqual(4);
    // East of UTC (local midnight is the previous UTC day) and west of it (23:59 local is the next one).
    expect([...zones].some((z) => z!.startsWith('Europe/'))).toBe(true);
    expect([...zones].some((z) => z!.startsWith('America/'))).toBe(true);
  });
});

describe('large accounts', () => {
  // Its speed is the benchmark's business: a wall-clock bound here fails on a busy machine.
  it('builds 10,000 containers deterministically, with unique valid numbers', () => {
    const account = createEmulator({ seed: { containers: 10_000 } }).account()!;
    const list = account.containers();
    expect(list.length).toBeGreaterThanOrEqual(10_000);
    expect(list.length).toBeLessThan(10_004);
    expect(new Set(list.map((c) => c.attributes.number)).size).toBe(list.length);
    expect(list.every((c) => isValidContainerNumber(c.attributes.number))).toBe(true);
    for (let i = 1; i < list.length; i++)
      expect(list[i - 1]!.createdAtMs).toBeGreaterThanOrEqual(list[i]!.createdAtMs);
  });
});
