// The JSON:API resource shape shared by all serialisers, plus the relationship targets that the
// include resolver follows.

export interface Ref {
  type: string;
  id: string;
}

export type RelationTarget = Ref | Ref[] | null;

export interface Resource {
  id: string;
  type: string;
  attributes: Record<string, unknown> | object;
  relationships?: Record<string, { data: RelationTarget }>;
  links?: Record<string, string>;
}

export function ref(type: string, id: string | null): Ref | null {
  return id === null ? null : { type, id };
}

export function relationships(targets: Record<string, RelationTarget>): Resource['relationships'] {
  const out: NonNullable<Resource['relationships']> = {};
  for (const [name, data] of Object.entries(targets)) out[name] = { data };
  return out;
}
