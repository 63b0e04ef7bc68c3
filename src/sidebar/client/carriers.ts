// Matching what was typed in the SCAC field against the carrier list. Pure: unit-tested in Node.

import type { ShippingLine } from '../../api/resources';

/** Carriers whose SCAC starts with, or whose name contains, what was typed; SCAC hits first. */
export function matchCarriers(list: ShippingLine[], typed: string, limit = 8): ShippingLine[] {
  const q = typed.trim().toLowerCase();
  if (q === '') return [];
  const byScac = list.filter((c) => c.scac.toLowerCase().startsWith(q));
  const byName = list.filter(
    (c) =>
      !byScac.includes(c) &&
      (c.name.toLowerCase().includes(q) || c.shortName.toLowerCase().includes(q)),
  );
  return [...byScac, ...byName].slice(0, limit);
}
