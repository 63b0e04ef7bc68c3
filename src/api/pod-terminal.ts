// The POD terminal's name, carried on each container record as `pod_terminal_name`: the service
// sends it on the terminal resource (`type: "terminal"`, `attributes.name`), reached through the
// container's `pod_terminal` relationship when the request has `include=pod_terminal`
// (recorded in live-2026-02.containers.get.include-shipment-pod_terminal.json). An inland move's
// pickup facility is a terminal too (the container's `pickup_facility` relationship, spec:
// "pickup_facility | single identifier or null | terminal"), kept as `pickup_facility_name` with
// its city (the terminal's `city` attribute, reference/openapi.json): a ramp's name alone
// ("UP Marion Intermodal") does not say which city to send the truck to.

import type { Resource } from './jsonapi';

/**
 * A terminal name is short ("Virginia International Gateway"): a longer text is cut, so one odd
 * terminal cannot crowd its containers' records out of the cache nor fill a cell.
 */
export const MAX_TERMINAL_NAME_CHARS = 200;

function bounded(name: unknown): unknown {
  if (typeof name !== 'string' || name.length <= MAX_TERMINAL_NAME_CHARS) return name;
  return `${name.slice(0, MAX_TERMINAL_NAME_CHARS - 1)}…`;
}

/**
 * The name as the service sent it (any type: readers check it), null when the container has no
 * terminal or the terminal no name, undefined when this answer does not tell (the relationship or
 * the terminal itself was not sent): unknown is not empty, so the row keeps what it had.
 */
export function podTerminalName(
  container: Resource,
  terminals: ReadonlyMap<string, Resource>,
): unknown {
  const terminal = relatedTerminal(container, 'pod_terminal', terminals);
  return terminal === undefined || terminal === null
    ? terminal
    : bounded(terminal.attributes?.name ?? null);
}

/** `UP Marion Intermodal, Marion`: the pickup facility's name and city, as podTerminalName. */
export function pickupFacilityName(
  container: Resource,
  terminals: ReadonlyMap<string, Resource>,
): unknown {
  const terminal = relatedTerminal(container, 'pickup_facility', terminals);
  if (terminal === undefined || terminal === null) return terminal;
  const name: unknown = terminal.attributes?.name ?? null;
  const city: unknown = terminal.attributes?.city;
  if (typeof name !== 'string' || typeof city !== 'string' || city.trim() === '')
    return bounded(name);
  return bounded(name.includes(city) ? name : `${name}, ${city.trim()}`);
}

function relatedTerminal(
  container: Resource,
  name: string,
  terminals: ReadonlyMap<string, Resource>,
): Resource | null | undefined {
  const relationship = container.relationships?.[name];
  if (!relationship || !('data' in relationship)) return undefined;
  const data = relationship.data;
  if (data === null) return null;
  if (!data || Array.isArray(data)) return undefined;
  return terminals.get(data.id);
}

export function terminalsById(resources: readonly Resource[]): Map<string, Resource> {
  return new Map(resources.filter((r) => r.type === 'terminal').map((r) => [r.id, r]));
}
