// POST /tracking_requests/infer_number: which carrier a number belongs to, as the service
// predicts it (OpenAPI "Infer Tracking Number", beta). Its answer is read defensively: text from
// the service is passed on as data only, and a shape it does not document is an error, not a
// silent "no prediction".

import { AppError } from '../core/errors';
import type { ApiRequest } from './client';
import { dataList, type JsonApiDocument } from './jsonapi';

export type CarrierDecision = 'auto_select' | 'needs_confirmation' | 'no_prediction';

export interface CarrierOption {
  scac: string;
  name: string;
}

export interface CarrierSuggestion {
  decision: CarrierDecision;
  /** The carrier picked (auto_select); null otherwise. */
  scac: string | null;
  name: string | null;
  /** The carriers to choose from, best first (needs_confirmation; auto_select lists its pick). */
  candidates: CarrierOption[];
}

const DECISIONS: readonly string[] = ['auto_select', 'needs_confirmation', 'no_prediction'];
/** How many candidates are passed on: enough to choose from, bounded whatever the answer holds. */
const MAX_CANDIDATES = 8;

export function inferNumberCall(number: string): ApiRequest {
  return {
    method: 'post',
    path: '/tracking_requests/infer_number',
    // A question, not a change: asking twice is harmless, so a 429 or 5xx may be retried.
    retry: true,
    // The body is `{number}`, not a JSON:API document.
    contentType: 'application/json',
    body: { number },
  };
}

function option(value: unknown): CarrierOption | null {
  if (typeof value !== 'object' || value === null) return null;
  const { scac, name } = value as { scac?: unknown; name?: unknown };
  if (typeof scac !== 'string' || !/^[A-Z]{4}$/.test(scac)) return null;
  return { scac, name: typeof name === 'string' ? name.slice(0, 100) : scac };
}

export function carrierSuggestionOf(doc: JsonApiDocument): CarrierSuggestion {
  const line = dataList(doc)[0]?.attributes?.shipping_line as
    { decision?: unknown; selected?: unknown; candidates?: unknown } | undefined;
  if (!line || typeof line.decision !== 'string' || !DECISIONS.includes(line.decision)) {
    throw new AppError(
      'upstream',
      'The tracking service answered the carrier look-up in a shape the add-in does not know. Type the SCAC instead.',
    );
  }
  const candidates = (Array.isArray(line.candidates) ? line.candidates : [])
    .map(option)
    .filter((c): c is CarrierOption => c !== null)
    .slice(0, MAX_CANDIDATES);
  const decision = line.decision as CarrierDecision;
  if (decision === 'no_prediction') return { decision, scac: null, name: null, candidates: [] };
  const selected = decision === 'auto_select' ? (option(line.selected) ?? candidates[0]) : null;
  if (decision === 'auto_select' && selected) {
    return { decision, scac: selected.scac, name: selected.name, candidates };
  }
  // Nothing usable was picked: the person chooses among the candidates, if there are any.
  return candidates.length > 0
    ? { decision: 'needs_confirmation', scac: null, name: null, candidates }
    : { decision: 'no_prediction', scac: null, name: null, candidates: [] };
}
