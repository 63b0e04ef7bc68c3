// Checks the Track form before anything is sent, with the same rules and wording as the server
// (src/addon/sidebar-api/tracking-requests.ts), so a typo costs no request. Pure: unit-tested in Node.

import { normalizeContainerNumber, trackedContainerProblem } from '../../core/container-number';
import { REQUEST_TYPES, type RequestType } from '../../core/model';

export interface TrackFormInput {
  requestType: string;
  requestNumber: string;
  scac: string;
  refNumbers: string;
}

export interface TrackRequest {
  requestType: RequestType;
  requestNumber: string;
  scac: string;
  refNumbers: string[];
}

export type Field = 'requestType' | 'requestNumber' | 'scac' | 'refNumbers';
export type Checked =
  { ok: true; value: TrackRequest } | { ok: false; field: Field; message: string };

/** Ref numbers as the Tracking sheet reads them: separated by commas, semicolons or new lines. */
export function splitRefNumbers(text: string): string[] {
  return text
    .split(/[,;\n]/)
    .map((r) => r.trim())
    .filter((r) => r !== '');
}

export function checkRefNumbers(refs: string[]): string | null {
  if (refs.length > 50 || refs.some((r) => r.length > 100)) {
    return 'Use at most 50 reference numbers of up to 100 characters each.';
  }
  return null;
}

export function validateTrackForm(input: TrackFormInput): Checked {
  const requestType = REQUEST_TYPES.find((t) => t === input.requestType);
  if (!requestType) {
    return { ok: false, field: 'requestType', message: 'Choose what to track.' };
  }
  let number = input.requestNumber.trim().toUpperCase();
  if (number === '')
    return { ok: false, field: 'requestNumber', message: 'Enter the number to track.' };
  if (requestType === 'container') {
    number = normalizeContainerNumber(number);
    const problem = trackedContainerProblem(number);
    if (problem) return { ok: false, field: 'requestNumber', message: problem };
  } else {
    number = number.replace(/\s+/g, '');
    // 6: the service's minimum, as the server checks (sidebar-api/tracking-requests.ts).
    if (!/^[A-Z0-9-]{6,40}$/.test(number)) {
      return {
        ok: false,
        field: 'requestNumber',
        message: 'A bill of lading or booking number has 6 to 40 letters, digits or dashes.',
      };
    }
  }
  const scac = input.scac.trim().toUpperCase();
  // Empty: the service detects the carrier (the server sends auto_detect_vocc_scac).
  if (scac !== '' && !/^[A-Z]{4}$/.test(scac)) {
    return {
      ok: false,
      field: 'scac',
      message:
        "Enter the carrier's 4-letter SCAC (e.g. MAEU, MSCU), pick the carrier from the list, or leave it empty to let the service detect it.",
    };
  }
  const refNumbers = splitRefNumbers(input.refNumbers);
  const refProblem = checkRefNumbers(refNumbers);
  if (refProblem) return { ok: false, field: 'refNumbers', message: refProblem };
  return { ok: true, value: { requestType, requestNumber: number, scac, refNumbers } };
}
