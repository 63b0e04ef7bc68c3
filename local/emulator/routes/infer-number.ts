// POST /tracking_requests/infer_number: the carrier (and number type) a tracking number belongs
// to, shaped as the service's OpenAPI document answers it (its "Container - Auto Select" example),
// on its own rate bucket (200 a minute per key). The decision comes from carrier-prefixes.ts.
import { isValidContainerNumber } from '../core/iso6346';
import { uuidFromName } from '../core/prng';
import { compactNumber, inferCarrierOf, type CarrierCandidate } from '../data/carrier-prefixes';
import type { EmulatorEnv } from '../env';
import type { RequestContext } from '../http/request-context';
import { apiErrors, jsonApi } from '../http/respond';
import type { Route } from '../http/router';

export const inferNumberRoutes: Route<EmulatorEnv>[] = [
  {
    method: 'POST',
    pattern: '/v2/tracking_requests/infer_number',
    area: 'api',
    auth: true,
    bucket: 'infer_number',
    body: 'json',
    handler: (ctx) => inferNumber(ctx),
  },
];

/** Letters and digits, as long as a tracking request accepts (6, the service's minimum) and at
 * most 40: anything else gets the documented 422. */
const PLAUSIBLE = /^[A-Z0-9]{6,40}$/;
const CONTAINER_SHAPE = /^[A-Z]{3}[UJZ]\d{7}$/;

/** The documented 422 ("Invalid Number" example), word for word. */
const notValid = () =>
  apiErrors(422, [
    { status: '422', title: 'Unprocessable Entity', detail: 'This reference number is not valid.' },
  ]);

const carrier = (c: CarrierCandidate) => ({
  scac: c.line.scac,
  name: c.line.name,
  confidence: c.confidence,
});

function inferNumber(ctx: RequestContext) {
  const input = ctx.body as { number?: unknown } | null;
  const given = typeof input === 'object' && input !== null ? input.number : undefined;
  if (typeof given !== 'string') return notValid();
  const compact = compactNumber(given.trim());
  if (!PLAUSIBLE.test(compact)) return notValid();
  const isContainer = CONTAINER_SHAPE.test(compact);
  const checkDigitPassed = isContainer ? isValidContainerNumber(compact) : null;
  const inference = inferCarrierOf(compact);
  return jsonApi(200, {
    data: {
      // Derived, not drawn from the id sequence: asking costs nothing else in the emulator's state.
      id: `req_${uuidFromName(`infer_number:${compact}:${ctx.now}`)}`,
      type: 'infer_number_results',
      attributes: {
        number_type: isContainer ? 'container' : 'bill_of_lading',
        validation: {
          is_valid: checkDigitPassed,
          type: isContainer ? 'container' : 'shipment',
          check_digit_passed: checkDigitPassed,
          parsed_number: compact === given ? null : compact,
          reason: checkDigitPassed === false ? 'check digit does not match' : null,
        },
        shipping_line: {
          decision: inference.decision,
          selected: inference.selected ? carrier(inference.selected) : null,
          candidates: inference.candidates.map(carrier),
        },
      },
    },
  });
}
