// POST /tracking_requests (validation, duplicates, lifecycle plan), GET list with filters, GET one.
import { isValidContainerNumber, normalizeContainerNumber } from '../core/iso6346';
import type { AccountStore } from '../data/account-store';
import { REQUEST_TYPES, type RequestType, type TrackingRequestRecord } from '../data/records';
import { detectCarrier } from '../data/carrier-prefixes';
import { findShippingLine } from '../data/shipping-lines';
import type { EmulatorEnv } from '../env';
import { readResource, readStringList } from '../http/documents-in';
import { parseIncludes, withIncluded } from '../http/includes';
import { paginate, readPage } from '../http/pagination';
import type { RequestContext } from '../http/request-context';
import { apiErrors, invalid, jsonApi, type ApiError } from '../http/respond';
import type { Route } from '../http/router';
import { planAutoDetectOutcome, planOutcome } from '../lifecycle/outcomes';
import { trackingRequestNode } from '../serialize/graph';
import { fold } from './matching';
import { showById } from './resource-by-id';

export const trackingRequestRoutes: Route<EmulatorEnv>[] = [
  {
    method: 'POST',
    pattern: '/v2/tracking_requests',
    area: 'api',
    auth: true,
    bucket: 'tracking_requests',
    body: 'json',
    handler: (ctx, env) => createTrackingRequest(ctx, env),
  },
  {
    method: 'GET',
    pattern: '/v2/tracking_requests',
    area: 'api',
    auth: true,
    handler: (ctx) => listRequests(ctx),
  },
  {
    method: 'GET',
    pattern: '/v2/tracking_requests/:id',
    area: 'api',
    auth: true,
    handler: showById(
      'tracking_request',
      (account, id) => account.trackingRequest(id),
      trackingRequestNode,
    ),
  },
];

const A = '/data/attributes';
/** As the service answered a blank number (captured 422): "minimum is 6 characters". */
const MIN_NUMBER_LENGTH = 6;

function createTrackingRequest(ctx: RequestContext, env: EmulatorEnv) {
  const input = readResource(ctx.body, 'tracking_request');
  if ('status' in input) return input;
  const a = input.attributes;
  // The errors, their order, codes and texts are those the real service answered
  // (captured-2025-07.tracking-requests.create.422-*.json): number, then SCAC, then type.
  const errors: ApiError[] = [];
  const type = REQUEST_TYPES.find((t) => t === a.request_type);
  const number = typeof a.request_number === 'string' ? a.request_number.trim() : '';
  if (number === '')
    errors.push(invalid(`${A}/request_number`, "Request number can't be blank", 'blank'));
  if (number.length < MIN_NUMBER_LENGTH) {
    errors.push(
      invalid(
        `${A}/request_number`,
        `Request number is too short (minimum is ${MIN_NUMBER_LENGTH} characters)`,
        'too_short',
      ),
    );
  } else if (type === 'container' && !isValidContainerNumber(number)) {
    errors.push(
      invalid(
        `${A}/request_number`,
        `Request number '${number}' is not a valid container number`,
        'invalid_container',
      ),
    );
  }
  const autoDetect = a.auto_detect_vocc_scac;
  if (autoDetect !== undefined && typeof autoDetect !== 'boolean') {
    errors.push(
      invalid(
        `${A}/auto_detect_vocc_scac`,
        'Auto detect vocc scac must be true or false',
        'invalid',
      ),
    );
  }
  const scac = typeof a.scac === 'string' ? a.scac.trim().toUpperCase() : '';
  // "Required unless `auto_detect_vocc_scac` is `true`" (OpenAPI): a given SCAC still wins.
  const detecting = scac === '' && autoDetect === true;
  const line = scac === '' ? undefined : findShippingLine(scac);
  if (detecting) {
    // No SCAC to check: the carrier is detected after creation (planAutoDetectOutcome).
  } else if (!line) {
    if (scac === '') errors.push(invalid(`${A}/scac`, "Scac can't be blank", 'blank'));
    errors.push(invalid(`${A}/scac`, `Scac '${scac}' is not recognized`, 'not_recognized'));
  } else if (type && !line.supports[type]) {
    const what = type.replace(/_/g, ' ');
    errors.push(
      invalid(
        `${A}/request_type`,
        `${line.name} does not support ${what} tracking`,
        'not_supported',
      ),
    );
  }
  if (!type) {
    errors.push(
      invalid(
        `${A}/request_type`,
        `Request type '${String(a.request_type ?? '')}' not recognized. Accepted request types are 'bill_of_lading', 'booking_number', and 'container'`,
        'invalid_request_type',
      ),
    );
  }
  const refs = readStringList(a.ref_numbers, `${A}/ref_numbers`, 'Ref numbers', errors) ?? [];
  const tags = readStringList(a.shipment_tags, `${A}/shipment_tags`, 'Shipment tags', errors) ?? [];
  if (errors.length > 0 || !type) return apiErrors(422, errors);

  const duplicate = findDuplicate(ctx.account, number, type);
  if (duplicate) return apiErrors(422, [invalid(`${A}/request_number`, duplicate, 'duplicate')]);

  const record: TrackingRequestRecord = {
    id: env.ids.uuid(),
    createdAtMs: ctx.now,
    updatedAtMs: ctx.now,
    requestNumber: number,
    requestType: type,
    scac: detecting ? null : scac,
    refNumbers: refs,
    shipmentTags: tags,
    status: 'pending',
    failedReason: null,
    isRetrying: false,
    retryCount: null,
    shipmentId: null,
    steps: detecting
      ? planAutoDetectOutcome(number, detectedScac(number, type), type, ctx.now, env.delays)
      : planOutcome(number, line?.scac ?? scac, type, ctx.now, env.delays),
  };
  ctx.account.addTrackingRequest(record);
  return jsonApi(201, { data: trackingRequestNode(ctx.account, record).resource });
}

/** The carrier auto-detection settles on: one the number names unambiguously and that tracks
 * this kind of number ("no supported carrier" fails the request otherwise). */
function detectedScac(number: string, type: RequestType): string | null {
  const line = detectCarrier(number);
  return line && line.supports[type] ? line.scac : null;
}

/** A number that is pending, waiting for its manifest or already tracked in this account. */
function findDuplicate(account: AccountStore, number: string, type: RequestType): string | null {
  const key = (n: string) => (type === 'container' ? normalizeContainerNumber(n) : fold(n));
  const wanted = key(number);
  const open = account
    .trackingRequests()
    .find((r) => r.status !== 'failed' && key(r.requestNumber) === wanted);
  if (open) {
    const state =
      open.status === 'created' || open.status === 'tracking_stopped'
        ? 'already tracked'
        : `already requested (status ${open.status})`;
    return `Request number '${number}' is ${state} in this account (tracking request ${open.id})`;
  }
  const tracked =
    type === 'container' ? account.findContainer(number) : account.findShipment(number);
  if (tracked) return `Request number '${number}' is already tracked in this account`;
  return null;
}

function listRequests(ctx: RequestContext) {
  const paths = parseIncludes(ctx.query, 'tracking_request');
  if (!Array.isArray(paths)) return paths;
  const q = ctx.query;
  const number = q.get('filter[request_number]');
  const status = q.get('filter[status]');
  const scac = q.get('filter[scac]');
  const text = q.get('q');
  const range = (name: string) => {
    const start = Date.parse(q.get(`filter[${name}][start]`) ?? '');
    const end = Date.parse(q.get(`filter[${name}][end]`) ?? '');
    return (ms: number) => (Number.isNaN(start) || ms >= start) && (Number.isNaN(end) || ms <= end);
  };
  const created = range('created_at');
  const updated = range('updated_at');
  const list = ctx.account
    .trackingRequests()
    .filter(
      (r) =>
        (number === null || fold(r.requestNumber) === fold(number)) &&
        (status === null || r.status === status) &&
        (scac === null || fold(r.scac ?? '') === fold(scac)) &&
        (text === null || fold(r.requestNumber).includes(fold(text))) &&
        created(r.createdAtMs) &&
        updated(r.updatedAtMs),
    );
  const page = paginate(ctx, list);
  const nodes = page.items.map((r) => trackingRequestNode(ctx.account, r));
  const current = readPage(ctx.query).number;
  return jsonApi(200, {
    data: nodes.map((n) => n.resource),
    ...withIncluded(nodes, paths),
    meta: {
      ...page.meta,
      pagination: {
        current,
        ...(current < page.lastPage ? { next: current + 1 } : {}),
        last: page.lastPage,
        records: page.meta.total,
      },
    },
    links: page.links,
  });
}
