// The web deep link's resolution rules, in the spec's order. Container numbers match ignoring case,
// spaces and dashes; everything else ignoring case. "First" means newest first, as the lists are.
import { normalizeContainerNumber } from '../core/iso6346';
import type { AccountStore } from '../data/account-store';
import { containerMatches, fold, refsOf, shipmentMatches, shipmentNumbers } from './matching';

export type DeepLinkTarget =
  | { kind: 'shipment'; shipmentId: string; containerId?: string; rule: 1 | 2 | 3 | 4 }
  | { kind: 'list'; rule: 5 };

export function resolveDeepLink(account: AccountStore, query: string): DeepLinkTarget {
  const q = query.trim();
  if (q === '') return { kind: 'list', rule: 5 };
  const folded = fold(q);

  // 1. Exact container number: its shipment with that container selected.
  const exact = account.findContainer(normalizeContainerNumber(q));
  if (exact)
    return { kind: 'shipment', shipmentId: exact.shipmentId, containerId: exact.id, rule: 1 };

  // 2. Exact shipment (BOL/booking) number or reference number: that shipment.
  const byNumber = account
    .shipments()
    .find((s) => shipmentNumbers(s).includes(folded) || refsOf(s).includes(folded));
  if (byNumber) return { kind: 'shipment', shipmentId: byNumber.id, rule: 2 };
  const byContainerRef = account.containers().find((c) => refsOf(c).includes(folded));
  if (byContainerRef) return { kind: 'shipment', shipmentId: byContainerRef.shipmentId, rule: 2 };

  // 3. First container partially matching: its shipment with that container selected.
  const partialContainer = account.containers().find((c) => containerMatches(c, q));
  if (partialContainer) {
    return {
      kind: 'shipment',
      shipmentId: partialContainer.shipmentId,
      containerId: partialContainer.id,
      rule: 3,
    };
  }

  // 4. First shipment partially matching.
  const partialShipment = account.shipments().find((s) => shipmentMatches(s, q));
  if (partialShipment) return { kind: 'shipment', shipmentId: partialShipment.id, rule: 4 };

  // 5. The shipments list with the query filled in.
  return { kind: 'list', rule: 5 };
}
