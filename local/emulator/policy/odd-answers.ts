// Odd answers on demand: for the next few reads (or until a time), one container comes back with
// holds, status, availability or LFDs null or empty, or with every attribute null, wherever the
// service would serialise it (lists, look-ups, includes, search hits, webhook notifications). The
// stored data never changes: a read rewrites a copy of the answer, and after the odd reads the
// container answers as before. The service's own OpenAPI examples carry such values
// (`available_for_pickup: null` in its "Container Updated Event" example, `pickup_lfd: null` and
// `holds_at_pod_terminal: []` in several); the add-in must survive one such answer among normal
// ones (docs/reference.md#misbehaviour).

export const ODD_KINDS = [
  'holds-null',
  'holds-empty',
  'status-null',
  'availability-null',
  'lfd-null',
  'all-null',
  'all-absent',
] as const;
export type OddKind = (typeof ODD_KINDS)[number];

export interface OddAnswer {
  /** One kind, or several answered together (`['status-null', 'availability-null']`). */
  kind: OddKind | readonly OddKind[];
  /** How many reads answer oddly: default 1, or every read until `until` when only that is given. */
  reads?: number;
  /** Answer oddly until this moment on the emulator clock (ISO date-time or epoch ms). */
  until?: string | number;
}

export interface PendingOddAnswer {
  key: string;
  number: string;
  containerId: string;
  kinds: OddKind[];
  /** Reads left; null: every read until `until`. */
  readsLeft: number | null;
  until: string | null;
}

interface Armed {
  number: string;
  kinds: OddKind[];
  readsLeft: number;
  until: number | null;
}

const MAX_READS = 1_000_000;

/** The answer checked field by field; a plain sentence on the first problem. */
export function readOddAnswer(input: unknown, now: number): Omit<Armed, 'number'> {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    throw new Error('an odd answer is a JSON object {kind, reads?, until?}');
  const o = input as Record<string, unknown>;
  const unknown = Object.keys(o).filter((k) => !['kind', 'reads', 'until'].includes(k));
  if (unknown.length > 0) throw new Error(`unknown field(s): ${unknown.join(', ')}`);
  const list: unknown[] = Array.isArray(o.kind) ? o.kind : [o.kind];
  if (list.length === 0 || !list.every((k) => (ODD_KINDS as readonly unknown[]).includes(k)))
    throw new Error(`kind must be one of ${ODD_KINDS.join(', ')} (or a list of them)`);
  let until: number | null = null;
  if (o.until !== undefined) {
    until = typeof o.until === 'number' ? o.until : Date.parse(String(o.until));
    if (
      !Number.isFinite(until) ||
      (typeof o.until === 'string' && !/^\d{4}-\d{2}-\d{2}T/.test(o.until))
    )
      throw new Error('until must be an ISO date-time or epoch milliseconds');
    if (until <= now)
      throw new Error(`until must be after the emulator's now (${new Date(now).toISOString()})`);
  }
  let readsLeft = until === null ? 1 : Infinity;
  if (o.reads !== undefined) {
    if (
      typeof o.reads !== 'number' ||
      !Number.isInteger(o.reads) ||
      o.reads < 1 ||
      o.reads > MAX_READS
    )
      throw new Error(`reads must be a whole number from 1 to ${MAX_READS}`);
    readsLeft = o.reads;
  }
  return { kinds: [...new Set(list as OddKind[])], readsLeft, until };
}

/** Holds, status, availability, LFDs null or empty, or every attribute gone: a copy. */
export function oddAttributes(
  attributes: Record<string, unknown>,
  kinds: readonly OddKind[],
): Record<string, unknown> {
  if (kinds.includes('all-absent')) return {};
  const out = { ...attributes };
  if (kinds.includes('all-null')) {
    for (const key of Object.keys(out)) out[key] = null;
    return out;
  }
  if (kinds.includes('holds-null')) out.holds_at_pod_terminal = null;
  if (kinds.includes('holds-empty')) out.holds_at_pod_terminal = [];
  if (kinds.includes('status-null')) out.current_status = null;
  if (kinds.includes('availability-null')) out.available_for_pickup = null;
  if (kinds.includes('lfd-null')) {
    // pickup_lfd, ind_facility_lfd_on, and ssl_lfd where a recording carries it.
    for (const key of Object.keys(out)) if (/(^|_)lfd(_|$)/.test(key)) out[key] = null;
    // The object stays, its three LFDs null: how containers.get.base.json shows a box with none.
    const deadlines = out.import_deadlines;
    if (typeof deadlines === 'object' && deadlines !== null)
      out.import_deadlines = Object.fromEntries(Object.keys(deadlines).map((k) => [k, null]));
  }
  return out;
}

interface ResourceLike {
  id?: unknown;
  type?: unknown;
  attributes?: Record<string, unknown>;
}

/** The kinds that show on a search hit about the container: it carries no holds, status or LFD. */
const ON_SEARCH_HITS: readonly OddKind[] = ['all-null', 'all-absent'];

export class OddAnswers {
  /** account key → container id → what it answers. */
  private armed = new Map<string, Map<string, Armed>>();

  arm(key: string, containerId: string, number: string, answer: Omit<Armed, 'number'>): void {
    const forKey = this.armed.get(key) ?? new Map<string, Armed>();
    forKey.set(containerId, { ...answer, number });
    this.armed.set(key, forKey);
  }

  /** One container's odd answers, or all of the account's (no id), or everyone's (no key). */
  disarm(key?: string, containerId?: string): void {
    if (key === undefined) this.armed.clear();
    else if (containerId === undefined) this.armed.delete(key);
    else this.armed.get(key)?.delete(containerId);
  }

  pending(now: number): PendingOddAnswer[] {
    this.expire(now);
    return [...this.armed].flatMap(([key, forKey]) =>
      [...forKey].map(([containerId, a]) => ({
        key,
        number: a.number,
        containerId,
        kinds: [...a.kinds],
        readsLeft: Number.isFinite(a.readsLeft) ? a.readsLeft : null,
        until: a.until === null ? null : new Date(a.until).toISOString(),
      })),
    );
  }

  /** True when a read in this account may answer oddly (so the caller need not look). */
  armedFor(key: string, now: number): boolean {
    this.expire(now);
    return (this.armed.get(key)?.size ?? 0) > 0;
  }

  /**
   * One read of a JSON:API document (a response, a webhook delivery): the armed containers in
   * `data` and `included` answer oddly, in copies (the document's resources are not touched), and
   * each of them shown takes one read. Null when nothing in it is armed.
   */
  rewrite<D extends object>(key: string, document: D, now: number): D | null {
    if (!this.armedFor(key, now)) return null;
    const forKey = this.armed.get(key)!;
    const shown = new Set<string>();
    const odd = (resource: unknown): unknown => {
      const r = resource as ResourceLike;
      if (typeof r !== 'object' || r === null || typeof r.id !== 'string') return resource;
      const armed = forKey.get(r.id);
      if (!armed || !r.attributes) return resource;
      const hit = r.type === 'search_result' && r.attributes.entity_type === 'cargo';
      if (r.type !== 'container' && !hit) return resource;
      const kinds = hit ? armed.kinds.filter((k) => ON_SEARCH_HITS.includes(k)) : armed.kinds;
      if (kinds.length === 0) return resource;
      shown.add(r.id);
      return { ...r, attributes: oddAttributes(r.attributes, kinds) };
    };
    const doc = document as { data?: unknown; included?: unknown };
    const data = Array.isArray(doc.data) ? doc.data.map(odd) : odd(doc.data);
    const included = Array.isArray(doc.included) ? doc.included.map(odd) : doc.included;
    if (shown.size === 0) return null;
    for (const id of shown) {
      const armed = forKey.get(id)!;
      armed.readsLeft -= 1;
      if (armed.readsLeft <= 0) forKey.delete(id);
    }
    return {
      ...document,
      ...('data' in doc ? { data } : {}),
      ...('included' in doc ? { included } : {}),
    };
  }

  private expire(now: number): void {
    for (const [key, forKey] of this.armed) {
      for (const [id, a] of forKey) if (a.until !== null && a.until <= now) forKey.delete(id);
      if (forKey.size === 0) this.armed.delete(key);
    }
  }
}
