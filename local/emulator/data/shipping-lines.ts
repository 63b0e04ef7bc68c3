// The carrier list is the real one recorded from the service (reference fixture), so SCACs,
// names, alternative SCACs and per-request-type support match what the add-in will meet.
import fixture from '../reference/fixtures/shipping-lines.list.json';
import { uuidFromName } from '../core/prng';

export interface ShippingLine {
  id: string;
  scac: string;
  name: string;
  shortName: string;
  alternativeScacs: string[];
  supports: { bill_of_lading: boolean; booking_number: boolean; container: boolean };
  /** The recorded attributes, served as they are. */
  attributes: Record<string, unknown>;
}

export const SHIPPING_LINES: readonly ShippingLine[] = fixture.data.map((entry) => {
  const a = entry.attributes;
  return {
    id: uuidFromName(`shipping_line:${a.scac}`),
    scac: a.scac,
    name: a.name,
    shortName: a.short_name,
    alternativeScacs: a.alternative_scacs,
    supports: {
      bill_of_lading: a.bill_of_lading_tracking_support,
      booking_number: a.booking_number_tracking_support,
      container: a.container_number_tracking_support,
    },
    attributes: a,
  };
});

const BY_SCAC = new Map<string, ShippingLine>();
for (const line of SHIPPING_LINES) {
  BY_SCAC.set(line.scac, line);
  for (const alt of line.alternativeScacs) BY_SCAC.set(alt, line);
}

/** Looks a SCAC up, alternative SCACs included (MEDU → MSC). Case-insensitive. */
export function findShippingLine(scac: string): ShippingLine | undefined {
  return BY_SCAC.get(scac.trim().toUpperCase());
}

export function shippingLine(scac: string): ShippingLine {
  const line = findShippingLine(scac);
  if (!line) throw new Error(`unknown SCAC ${scac}`);
  return line;
}
