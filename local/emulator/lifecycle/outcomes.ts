// What happens to a new tracking request, decided by its number so that tests and demos are
// deterministic. The rules are documented in README-section.md; keep the two in step.
import { HOUR, MINUTE } from '../core/time';
import type { FailedReason, RequestType, TrackingStep } from '../data/records';

export interface TrackingDelays {
  /** How long a request stays `pending` before its first outcome. */
  pendingMs: number;
  /** How long `awaiting_manifest` lasts before the manifest "arrives". */
  awaitingManifestMs: number;
  /** Time between retries for numbers that make the line unreachable. */
  retryIntervalMs: number;
}

export const DEFAULT_TRACKING_DELAYS: TrackingDelays = {
  pendingMs: 15_000,
  awaitingManifestMs: 6 * HOUR,
  retryIntervalMs: 10 * MINUTE,
};

/** The real service's documented test numbers (with SCAC `TEST`). */
export const TEST_SUCCEEDED = 'TEST-TR-SUCCEEDED';
export const TEST_FAILED = 'TEST-TR-FAILED';
export const RETRY_ATTEMPTS = 3;

const step = (
  at: number,
  status: TrackingStep['status'],
  failedReason: FailedReason | null = null,
  extra: Partial<TrackingStep> = {},
): TrackingStep => ({
  at,
  status,
  failedReason,
  isRetrying: false,
  retryCount: null,
  createsShipment: status === 'created',
  ...extra,
});

export function planOutcome(
  requestNumber: string,
  scac: string,
  requestType: RequestType,
  createdAtMs: number,
  delays: TrackingDelays,
): TrackingStep[] {
  const number = requestNumber.trim().toUpperCase();
  const first = createdAtMs + delays.pendingMs;
  const failed = (reason: FailedReason) => [step(first, 'failed', reason)];

  if (scac === 'TEST')
    return number === TEST_SUCCEEDED ? [step(first, 'created')] : failed('not_found');
  if (requestType === 'container' && !/^[A-Z]{4}\d{7}$/.test(number.replace(/[\s-]/g, ''))) {
    return failed('invalid_number');
  }
  if (number.includes('INVALID')) return failed('invalid_number');
  if (number.includes('NOTFOUND') || number.includes('FAIL')) return failed('not_found');
  if (number.includes('CANCEL')) return failed('booking_cancelled');
  if (number.includes('RETRY')) {
    const retries = Array.from({ length: RETRY_ATTEMPTS }, (_, i) =>
      step(first + i * delays.retryIntervalMs, 'pending', 'shipping_line_unreachable', {
        isRetrying: true,
        retryCount: i + 1,
      }),
    );
    const end = first + RETRY_ATTEMPTS * delays.retryIntervalMs;
    return [...retries, step(end, 'failed', 'retries_exhausted', { retryCount: RETRY_ATTEMPTS })];
  }
  if (number.includes('AWAIT') || number.includes('EXPIRE')) {
    const later = first + delays.awaitingManifestMs;
    const final = number.includes('EXPIRE')
      ? step(later, 'failed', 'expired')
      : step(later, 'created');
    return [step(first, 'awaiting_manifest'), final];
  }
  return [step(first, 'created')];
}

/**
 * A request made with `auto_detect_vocc_scac` and no SCAC: pending with no SCAC until the pending
 * delay ends; then the detected carrier joins the request and its outcome follows as for a
 * request made with that SCAC, or it fails with `scac_auto_detect_failed` (the OpenAPI
 * document's description of the attribute).
 */
export function planAutoDetectOutcome(
  requestNumber: string,
  detectedScac: string | null,
  requestType: RequestType,
  createdAtMs: number,
  delays: TrackingDelays,
): TrackingStep[] {
  if (detectedScac === null)
    return [step(createdAtMs + delays.pendingMs, 'failed', 'scac_auto_detect_failed')];
  const [first, ...rest] = planOutcome(
    requestNumber,
    detectedScac,
    requestType,
    createdAtMs,
    delays,
  );
  return first ? [{ ...first, scac: detectedScac }, ...rest] : [];
}
