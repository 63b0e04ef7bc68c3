// Text matching shared by GET /shipments?q=, GET /search and the web deep link: case-insensitive,
// and for container numbers also blind to spaces and dashes.
import { normalizeContainerNumber } from '../core/iso6346';
import type { AccountStore } from '../data/account-store';
import type { ContainerRecord, ShipmentRecord } from '../data/records';

export const fold = (text: string): string => text.trim().toUpperCase();

export function shipmentNumbers(shipment: ShipmentRecord): string[] {
  const a = shipment.attributes;
  return [a.bill_of_lading_number, a.normalized_number, shipment.requestNumber ?? '']
    .map(fold)
    .filter((s) => s !== '');
}

export function refsOf(record: { attributes: { ref_numbers: string[] | null } }): string[] {
  return (record.attributes.ref_numbers ?? []).map(fold);
}

export function containerMatches(container: ContainerRecord, query: string): boolean {
  const q = fold(query);
  const compact = normalizeContainerNumber(query);
  return (
    (compact !== '' && container.attributes.number.toUpperCase().includes(compact)) ||
    refsOf(container).some((r) => r.includes(q))
  );
}

export function shipmentMatches(shipment: ShipmentRecord, query: string): boolean {
  const q = fold(query);
  return (
    shipmentNumbers(shipment).some((n) => n.includes(q)) ||
    refsOf(shipment).some((r) => r.includes(q))
  );
}

/** Shipments matched by their own numbers or refs, or through one of their containers. */
export function shipmentsMatching(account: AccountStore, query: string): ShipmentRecord[] {
  return account
    .shipments()
    .filter(
      (s) =>
        shipmentMatches(s, query) ||
        account.containersOf(s).some((c) => containerMatches(c, query)),
    );
}
