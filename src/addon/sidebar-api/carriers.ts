// inferCarrier() for the Track tab: the carrier the service predicts for a number, one request on
// the infer_number bucket (Execution.client 'infer'), never one from the shared 100 a minute.

import {
  carrierSuggestionOf,
  inferNumberCall,
  type CarrierSuggestion,
} from '../../api/carrier-inference';
import { AppError } from '../../core/errors';
import { plausibleTrackingNumber } from '../../core/tracking-number';
import { Execution } from '../../execution/execution';

export interface CarrierQuery {
  number: string;
}

export function inferCarrier(query: CarrierQuery): CarrierSuggestion {
  const number = plausibleTrackingNumber(query?.number);
  if (number === null) {
    throw new AppError(
      'input',
      'Enter a container, BOL or booking number (6 to 40 letters or digits) to suggest its carrier.',
    );
  }
  const run = new Execution('sidebar');
  const client = run.client(run.settings(), 'infer');
  try {
    return carrierSuggestionOf(client.send(inferNumberCall(number)));
  } catch (e) {
    // The client's wording speaks of the shared 100 a minute, which this request is not part of.
    if (e instanceof AppError && e.kind === 'rate-limit') {
      const when = e.retryAfterSeconds ? `for ${e.retryAfterSeconds} s` : 'for a minute';
      throw new AppError(
        'rate-limit',
        `Carrier suggestions are paused ${when} (the service answers at most 200 a minute). Type the SCAC, or leave it empty to let the service detect the carrier.`,
        { ...(e.retryAfterSeconds ? { retryAfterSeconds: e.retryAfterSeconds } : {}) },
      );
    }
    throw e;
  }
}
