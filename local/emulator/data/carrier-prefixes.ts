// Which carrier a tracking number belongs to, from its first four letters: the answer of
// POST /tracking_requests/infer_number and of the auto-detection behind `auto_detect_vocc_scac`.
//
// A container number starts with its owner's BIC code (ISO 6346). Carriers own most of their
// boxes under codes of their own (MSC: MSCU, MEDU; Maersk: MAEU, MRKU, MSKU; …), and their bills
// of lading carry a prefix of their own too (MEDUFR030802, EGLV084900042045, ONEYSH9AME650500:
// the service's own examples). Leasing companies (Textainer, Triton, SeaCo, …) lease boxes to
// every carrier, so their codes name no carrier: the service cannot decide and offers candidates.
// The real model is the service's and is not published; these rules give the three decisions on
// real prefixes, deterministically, which is what the add-in has to handle.
import { hashString } from '../core/prng';
import { shippingLine, type ShippingLine } from './shipping-lines';

/** Owner codes and bill-of-lading prefixes of carriers → the carrier's SCAC (as the service lists it). */
const CARRIER_PREFIXES: Record<string, string> = {
  MSCU: 'MSCU',
  MEDU: 'MSCU',
  MSDU: 'MSCU',
  MSMU: 'MSCU',
  MAEU: 'MAEU',
  MRKU: 'MAEU',
  MSKU: 'MAEU',
  MRSU: 'MAEU',
  CMAU: 'CMDU',
  CGMU: 'CMDU',
  ECMU: 'CMDU',
  CMDU: 'CMDU',
  APLU: 'APLU',
  APHU: 'APLU',
  HLCU: 'HLCU',
  HLXU: 'HLCU',
  HLBU: 'HLCU',
  OOLU: 'OOLU',
  OOCU: 'OOLU',
  EGLV: 'EGLV',
  EMCU: 'EGLV',
  EGHU: 'EGLV',
  EISU: 'EGLV',
  EITU: 'EGLV',
  ONEY: 'ONEY',
  ONEU: 'ONEY',
  COSU: 'COSU',
  CBHU: 'COSU',
  CSNU: 'COSU',
  CCLU: 'COSU',
  ZIMU: 'ZIMU',
  ZCSU: 'ZIMU',
  YMLU: 'YMLU',
  YMMU: 'YMLU',
  HDMU: 'HDMU',
  HMMU: 'HDMU',
  WHLU: 'WHLC',
  WHSU: 'WHLC',
  WHLC: 'WHLC',
  PCIU: 'PCIU',
  MATU: 'MATS',
  ACLU: 'ACLU',
  TRKU: 'TRKU',
  SMLU: 'SMLU',
};

/** Owner codes of container leasing companies: their boxes sail with any carrier. */
const LEASING_OWNERS = new Set([
  'TGHU', // Textainer
  'TEMU',
  'TCNU', // Triton
  'TCLU',
  'TRLU',
  'TTNU',
  'SEGU', // SeaCo
  'GESU',
  'CAIU', // CAI
  'FSCU', // Florens
  'BMOU', // Beacon
  'DRYU',
  'TRHU',
  'UETU',
  'CRXU',
]);

/** The carriers a leased box most often sails with (candidates for a leasing owner code). */
const LEASING_CARRIERS = ['MSCU', 'MAEU', 'CMDU', 'HLCU', 'COSU', 'ONEY', 'EGLV', 'OOLU'];
const CANDIDATE_CONFIDENCES = [0.46, 0.31, 0.17];

export interface CarrierCandidate {
  line: ShippingLine;
  confidence: number;
}

export type CarrierDecision = 'auto_select' | 'needs_confirmation' | 'no_prediction';

export interface CarrierInference {
  decision: CarrierDecision;
  /** The carrier picked (auto_select only). */
  selected: CarrierCandidate | null;
  /** Best first; one for auto_select, several for needs_confirmation, none for no_prediction. */
  candidates: CarrierCandidate[];
}

// Fails at load time if the table names a carrier the service's list does not have.
const LINES = new Map(Object.entries(CARRIER_PREFIXES).map(([p, scac]) => [p, shippingLine(scac)]));

/** Upper-case, without spaces and dashes (as the service reads numbers). */
export function compactNumber(number: string): string {
  return number.toUpperCase().replace(/[\s-]+/g, '');
}

export function inferCarrierOf(number: string): CarrierInference {
  const compact = compactNumber(number);
  const prefix = compact.slice(0, 4);
  const line = LINES.get(prefix);
  if (line) {
    const candidate = { line, confidence: 1 };
    return { decision: 'auto_select', selected: candidate, candidates: [candidate] };
  }
  if (LEASING_OWNERS.has(prefix)) {
    // Which carriers, and in which order, depends on the number: different boxes of one lessor
    // sail with different lines, and the same box always gets the same answer.
    const start = hashString(compact) % LEASING_CARRIERS.length;
    const candidates = CANDIDATE_CONFIDENCES.map((confidence, i) => ({
      line: shippingLine(LEASING_CARRIERS[(start + i) % LEASING_CARRIERS.length]!),
      confidence,
    }));
    return { decision: 'needs_confirmation', selected: null, candidates };
  }
  return { decision: 'no_prediction', selected: null, candidates: [] };
}

/** What auto-detection settles on: only a carrier the service would auto-select. */
export function detectCarrier(number: string): ShippingLine | null {
  const inference = inferCarrierOf(number);
  return inference.decision === 'auto_select' ? (inference.selected?.line ?? null) : null;
}
