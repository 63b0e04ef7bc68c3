// createTrackingRequest() for the sidebar: validated before anything is sent, recorded in the
// same ledger the Tracking sheet uses so the sheet never sends it a second time.

import {
  createTrackingRequestCall,
  trackingRequestsOf,
  type TrackingRequestRecord,
} from '../../api/resources';
import { normalizeContainerNumber, trackedContainerProblem } from '../../core/container-number';
import { AppError } from '../../core/errors';
import { REQUEST_TYPES, type RequestType } from '../../core/model';
import { splitRefNumbers } from '../../core/row-input';
import { isDuplicate } from '../../engine/bulk-tracking';
import { RequestLedger, trackingText, type LedgerEntry } from '../../engine/request-ledger';
import { Execution } from '../../execution/execution';
import { observeNow } from '../changes/change-pipeline';
import { appendNewRows } from '../tracking-sheet/append';
import { TRACKING_SHEET } from '../sheets/sheet-names';
import { activeSpreadsheet } from '../../gas/stores';

export interface TrackingRequestForm {
  requestType: string;
  requestNumber: string;
  /** Empty or absent: the service detects the carrier. */
  scac?: string;
  refNumbers?: string[] | string;
}

export type TrackingRequestSummary = Omit<TrackingRequestRecord, 'shipmentId'>;

export function validateTrackingRequest(form: TrackingRequestForm): {
  requestType: RequestType;
  requestNumber: string;
  scac: string;
  refNumbers: string[];
} {
  const requestType = String(form?.requestType ?? '').trim() as RequestType;
  if (!REQUEST_TYPES.includes(requestType)) {
    throw new AppError('input', `Choose a request type: ${REQUEST_TYPES.join(', ')}.`);
  }
  let requestNumber = String(form.requestNumber ?? '')
    .trim()
    .toUpperCase();
  if (requestNumber === '') throw new AppError('input', 'Enter the number to track.');
  if (requestType === 'container') {
    requestNumber = normalizeContainerNumber(requestNumber);
    const problem = trackedContainerProblem(requestNumber);
    if (problem) throw new AppError('input', problem);
  } else if (!/^[A-Z0-9-]{6,40}$/.test(requestNumber.replace(/\s+/g, ''))) {
    // 6: the service's own minimum ("Request number is too short (minimum is 6 characters)").
    throw new AppError('input', 'A BOL or booking number has 6 to 40 letters, digits or dashes.');
  } else {
    requestNumber = requestNumber.replace(/\s+/g, '');
  }
  const scac = String(form.scac ?? '')
    .trim()
    .toUpperCase();
  // Empty: the service detects the carrier (auto_detect_vocc_scac).
  if (scac !== '' && !/^[A-Z]{4}$/.test(scac)) {
    throw new AppError(
      'input',
      "Enter the carrier's 4-letter SCAC (e.g. MAEU, MSCU), or leave it empty to let the service detect the carrier.",
    );
  }
  const refs = Array.isArray(form.refNumbers)
    ? form.refNumbers.map(String)
    : splitRefNumbers(form.refNumbers);
  const refNumbers = refs.map((r) => r.trim()).filter((r) => r !== '');
  return { requestType, requestNumber, scac, refNumbers };
}

/**
 * A number tracked from the sidebar gets its row in the Tracking sheet (when there is one and no
 * row holds the number yet). The ledger entry saved first keeps the refresh from sending it again.
 * A sheet that cannot take the row (no Number header, …) never undoes the tracking request: the
 * refresh reports that sheet's problem itself.
 */
function addTrackingRow(run: Execution, input: ReturnType<typeof validateTrackingRequest>): void {
  try {
    const sheet = activeSpreadsheet().getSheetByName(TRACKING_SHEET);
    if (!sheet) return;
    appendNewRows(
      sheet,
      [
        {
          Number: input.requestNumber,
          SCAC: input.scac,
          Type: input.requestType,
          'Ref Numbers': input.refNumbers.join(', '),
        },
      ],
      run.lock,
    );
  } catch {
    // See above: the request stands; the sheet's own problem shows at its next refresh.
  }
}

/** The request's outcome is news for the change pipeline (its Change Log, a failure's alert). */
function observeRequest(run: Execution, number: string, entry: LedgerEntry): void {
  const ss = activeSpreadsheet();
  observeNow(
    ss,
    run,
    [{ kind: 'request', number, tracking: trackingText(entry) }],
    'sidebar',
    Date.now(),
  );
}

export function createTrackingRequest(form: TrackingRequestForm): TrackingRequestSummary {
  const input = validateTrackingRequest(form);
  const run = new Execution('sidebar');
  const client = run.client();
  const ledger = new RequestLedger(run.stores.state());
  const at = Date.now();
  ledger.save([
    [input.requestNumber, { status: 'sending', scac: input.scac, type: input.requestType, at }],
  ]);
  try {
    const record = trackingRequestsOf(client.send(createTrackingRequestCall(input)))[0];
    if (!record) throw new AppError('upstream', 'The service did not return the tracking request.');
    const entry: LedgerEntry = {
      status: record.status as 'pending',
      id: record.id,
      scac: input.scac,
      type: input.requestType,
      at,
    };
    if (record.failedReason) entry.reason = record.failedReason;
    ledger.save([[input.requestNumber, entry]]);
    addTrackingRow(run, input);
    observeRequest(run, input.requestNumber, entry);
    const { shipmentId: _shipmentId, ...summary } = record;
    return summary;
  } catch (e) {
    const error = e as AppError;
    if (error instanceof AppError && isDuplicate(error)) {
      ledger.save([
        [
          input.requestNumber,
          { status: 'duplicate', scac: input.scac, type: input.requestType, at },
        ],
      ]);
      addTrackingRow(run, input); // tracked already: the sheet should show it all the same
    } else if (
      error instanceof AppError &&
      (error.kind === 'validation' ||
        error.kind === 'rate-limit' ||
        error.kind === 'auth' ||
        error.kind === 'config')
    ) {
      // Refused or never sent: nothing exists on the service's side.
      ledger.forget(input.requestNumber);
    }
    throw e;
  }
}
