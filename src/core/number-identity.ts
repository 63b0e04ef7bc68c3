// When two typed numbers are the same number to the tracking service, so they get one tracking
// request and one ledger entry. Container numbers ignore spaces, dashes and case (ISO 6346
// normalisation). The service matches a BOL or booking number case-insensitively after trimming
// (its duplicate check and `?q=` search); spaces inside one are typing noise and are dropped too,
// as the Tracking sheet and the sidebar already do before sending. Dashes stay: "ABC-123" and
// "ABC123" are different numbers to the service.

import { normalizeContainerNumber } from './container-number';
import type { RequestType } from './model';

export function requestIdentity(requestType: RequestType, number: string): string {
  if (requestType === 'container') return normalizeContainerNumber(number);
  return number.normalize('NFKC').replace(/\s+/g, '').toUpperCase();
}
