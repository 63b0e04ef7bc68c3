// The curated demo account: 25 shipments, 63 containers. Each line is here for a reason the
// add-in has to handle (see the comments); everything not stated is drawn from the seeded PRNG.
// Kept as a table (prettier-ignore): one shipment per block, one container per line.
import type { TerminalHold } from '../data/records';
import type { ShipmentPlan } from './plan-types';

const usd = (demurrage: number, exam = 0) => [
  { type: 'demurrage' as const, amount: demurrage },
  ...(exam > 0 ? [{ type: 'exam' as const, amount: exam }] : []),
];
const hold = (name: TerminalHold['name'], description: string | null = null): TerminalHold => ({
  name,
  status: 'hold',
  description,
});
const pending = (name: TerminalHold['name'], description: string | null = null): TerminalHold => ({
  name,
  status: 'pending',
  description,
});

// prettier-ignore
export const DEMO_SCENARIOS: readonly ShipmentPlan[] = [
  { // Ready, ready with a pending hold, and on hold: the three shades of "available".
    scac: 'MAEU', pol: 'CNSHA', pod: 'USLAX', podTerminal: 'FMS', arrivalDays: -3, refNumbers: ['PO-4500123'], customer: 'Acme Home Goods',
    containers: [
      { status: 'available', lfd: { line: 1, terminal: 1 }, appointmentInDays: 1 },
      { status: 'available', lfd: { terminal: 0, line: 0 }, holds: [pending('customs')] },
      { status: 'not_available', lfd: { terminal: 2, line: 2 }, holds: [hold('customs', 'CBP hold'), hold('freight', 'Freight not released by line')] },
    ],
  },
  { // The hard LFD case: 2026-11-25T05:00:00Z (local midnight in New York) with the default clock.
    scac: 'MSCU', pol: 'CNNGB', pod: 'USNYC', podTerminal: 'PNCT', arrivalDays: -4, refNumbers: ['PO-7781', 'SO-55120'], customer: 'Hudson Outfitters',
    containers: [
      { status: 'available', lfd: { terminal: 5, line: 5 }, appointmentInDays: null },
      { status: 'not_available', lfd: { terminal: -2, line: -2 }, fees: usd(450, 310), holds: [hold('USDA', 'USDA inspection required')] },
      { status: 'grounded', lfd: { terminal: 3, line: null } },
    ],
  },
  {
    scac: 'CMDU', pol: 'CNYTN', pod: 'USLGB', podTerminal: 'LBCT', arrivalDays: -7, refNumbers: ['PO-99012'], customer: 'Pacific Patio Co',
    containers: [{ status: 'picked_up' }, { status: 'picked_up' }, { status: 'delivered' }],
  },
  { // Finished journey: the line stopped tracking it.
    scac: 'HLCU', pol: 'KRPUS', pod: 'USCHS', podTerminal: 'WANDO', arrivalDays: -14, refNumbers: [], customer: 'Carolina Textiles',
    stopped: { reason: 'all_containers_terminated', daysAgo: 1 },
    containers: [{ status: 'empty_returned' }, { status: 'empty_returned' }],
  },
  {
    scac: 'ONEY', pol: 'JPTYO', pod: 'USSEA', podTerminal: 'T18', arrivalDays: 6, refNumbers: ['PO-31337'], customer: 'Cascade Electronics',
    containers: [{ status: 'on_ship' }, { status: 'on_ship' }, { status: 'on_ship' }],
  },
  { // Rail to Chicago: waiting for the train, then on it.
    scac: 'EGLV', pol: 'TWKHH', pod: 'USLAX', podTerminal: 'TRAPAC', destination: 'USCHI', railTerminal: 'BNSFLPC', railScac: 'BNSF',
    arrivalDays: -5, refNumbers: ['PO-60021'], customer: 'Midwest Appliance Supply',
    containers: [{ status: 'awaiting_inland_transfer' }, { status: 'on_rail' }, { status: 'on_rail' }],
  },
  { // Line and rail last free days differ; the coalesced one is the line's, not the earliest.
    scac: 'COSU', pol: 'CNSHA', pod: 'USLGB', podTerminal: 'TTI', destination: 'USMEM', railTerminal: 'UPMEM', railScac: 'UPRR',
    arrivalDays: -10, refNumbers: ['PO-88410'], customer: 'Delta Furniture',
    containers: [
      { status: 'available', lfd: { line: 3, rail: 1 }, appointmentInDays: 2 },
      { status: 'picked_up' },
    ],
  },
  { // available_for_pickup is true but a hold has status `hold`: not ready.
    scac: 'OOLU', pol: 'CNYTN', pod: 'USOAK', podTerminal: 'OICT', arrivalDays: -2, refNumbers: ['PO-12001'], customer: 'Bay Area Bikes',
    containers: [
      { status: 'not_available', holds: [hold('TMF'), pending('VACIS', 'VACIS exam scheduled')] },
      { status: 'available', holds: [hold('freight', 'Freight not released by line')] },
      { status: 'grounded' },
    ],
  },
  {
    scac: 'HDMU', pol: 'KRPUS', pod: 'USSAV', podTerminal: 'GCTSAV', arrivalDays: -9, refNumbers: ['PO-20455'], customer: 'Peach State Auto Parts',
    containers: [{ status: 'off_dock' }, { status: 'dropped' }, { status: 'loaded' }],
  },
  { // End-of-day LFD in Houston: 23:59 local is the next calendar day in UTC.
    scac: 'MAEU', pol: 'VNSGN', pod: 'USHOU', podTerminal: 'BAYPORT', arrivalDays: -1, refNumbers: ['PO-70001'], customer: 'Lone Star Garden',
    containers: [
      { status: 'not_available', holds: [hold('customs', 'CBP exam ordered')] },
      { status: 'available', lfd: { terminal: 2, line: 2, endOfDay: true } },
    ],
  },
  {
    scac: 'MSCU', pol: 'DEHAM', pod: 'USNYC', podTerminal: 'MAHER', arrivalDays: -12, refNumbers: ['PO-4410'], customer: 'Hudson Outfitters',
    containers: [{ status: 'delivered' }, { status: 'empty_returned' }],
  },
  { // This line reports no port of lading.
    scac: 'YMLU', pol: null, pod: 'USLAX', podTerminal: 'TRAPAC', arrivalDays: 12, refNumbers: ['PO-50505'], customer: null,
    containers: [{ status: 'on_ship' }, { status: 'on_ship', overrides: { seal_number: null, weight_in_lbs: null } }],
  },
  { // Booked, not sailed: no equipment details yet on one of them.
    scac: 'ZIMU', pol: 'INNSA', pod: 'USNYC', podTerminal: 'GCT', arrivalDays: 34, refNumbers: ['PO-80808'], customer: 'Spice Route Imports',
    containers: [
      { status: 'new', overrides: { equipment_type: null, equipment_length: null, equipment_height: null } },
      { status: 'new' },
    ],
  },
  { // Rotterdam: local midnight is 23:00 UTC the day before; fees in euros and, on the other box,
    // an exam billed in dollars: one BOL with two currencies, never added together.
    scac: 'CMDU', pol: 'CNSHA', pod: 'NLRTM', podTerminal: 'ECT', arrivalDays: -3, refNumbers: ['EU-2026-118'], customer: 'Lowlands Retail BV',
    containers: [
      { status: 'available', lfd: { terminal: 1, line: 1 }, fees: [{ type: 'exam', amount: 95 }], currency: 'USD' },
      { status: 'not_available', lfd: { terminal: -1, line: null }, fees: [{ type: 'extended_dwell_time', amount: 240 }], currency: 'EUR' },
    ],
  },
  {
    scac: 'HLCU', pol: 'SGSIN', pod: 'DEHAM', podTerminal: 'CTB', arrivalDays: -6, refNumbers: ['EU-2026-204'], customer: 'Nordhafen Handel GmbH',
    containers: [{ status: 'available', lfd: { terminal: 2, line: 4 } }, { status: 'picked_up' }],
  },
  { // Vancouver, end-of-day LFD.
    scac: 'ONEY', pol: 'CNYTN', pod: 'CAVAN', podTerminal: 'CENTERM', arrivalDays: -2, refNumbers: ['CA-4471'], customer: 'Maple Leaf Hardware',
    containers: [{ status: 'available', lfd: { terminal: 1, line: 1, endOfDay: true } }, { status: 'not_available' }],
  },
  { // Passed LFDs accruing demurrage; one terminal reports fees without a currency code.
    scac: 'EGLV', pol: 'TWKHH', pod: 'USLGB', podTerminal: 'TTI', arrivalDays: -8, refNumbers: ['PO-13579', 'PO-13580'], customer: 'Sunset Surf Supply',
    containers: [
      { status: 'available', lfd: { terminal: -1, line: -1 }, fees: usd(150) },
      { status: 'available', lfd: { terminal: -3, line: -3 }, fees: [...usd(675), { type: 'other', amount: 85.5 }], currency: null },
      { status: 'picked_up' },
    ],
  },
  { // Rail to Columbus; the waiting container has line, terminal and rail LFDs that all differ.
    scac: 'MSCU', pol: 'CNNGB', pod: 'USNYC', podTerminal: 'PNCT', destination: 'USCMH', railTerminal: 'CSXCMH', railScac: 'CSXT',
    arrivalDays: -6, refNumbers: ['PO-24680'], customer: 'Buckeye Distribution',
    containers: [{ status: 'on_rail' }, { status: 'awaiting_inland_transfer', lfd: { terminal: 2, line: 6, rail: 8 } }],
  },
  { // A finished rail move to Dallas.
    scac: 'MAEU', pol: 'CNSHA', pod: 'USLAX', podTerminal: 'APMLA', destination: 'USDAL', railTerminal: 'BNSFALL', railScac: 'BNSF',
    arrivalDays: -16, refNumbers: ['PO-11235'], customer: 'Lone Star Garden',
    containers: [{ status: 'picked_up' }, { status: 'delivered' }, { status: 'empty_returned' }],
  },
  {
    scac: 'COSU', pol: 'CNSHA', pod: 'USORF', podTerminal: 'NIT', arrivalDays: 2, refNumbers: ['PO-31415'], customer: 'Chesapeake Home',
    containers: [{ status: 'on_ship' }, { status: 'on_ship' }, { status: 'on_ship' }],
  },
  { // A booking tracked a moment ago: no port of discharge published yet, the line not reached yet.
    scac: 'HDMU', pol: 'KRPUS', pod: null, podTerminal: null, arrivalDays: 30, refNumbers: ['PO-27182'], customer: 'Cascade Electronics', vessel: null,
    overrides: { pol_etd_at: null, pod_eta_at: null, pod_original_eta_at: null, line_tracking_last_attempted_at: null, line_tracking_last_succeeded_at: null },
    containers: [
      { status: 'new', overrides: { import_deadlines: null, shipment_last_tracking_request_at: null } },
      { status: 'new', overrides: { shipment_last_tracking_request_at: null } },
    ],
  },
  {
    scac: 'MAEU', pol: 'CNSHA', pod: 'USSAV', podTerminal: 'GCTSAV', arrivalDays: -3, refNumbers: ['PO-55501'], customer: 'Peach State Auto Parts',
    containers: [
      { status: 'not_available', holds: [hold('customs', 'CBP hold')] },
      { status: 'not_available', holds: [pending('other')] },
      { status: 'available', lfd: { terminal: 1, line: 2 } },
    ],
  },
  { // Tracking stopped by a user.
    scac: 'ZIMU', pol: 'CNYTN', pod: 'USCHS', podTerminal: 'WANDO', arrivalDays: -15, refNumbers: ['PO-42424'], customer: 'Carolina Textiles',
    stopped: { reason: 'cancelled_by_user', daysAgo: 3 },
    containers: [{ status: 'dropped' }, { status: 'loaded' }],
  },
  {
    scac: 'MSCU', pol: 'CNSHA', pod: 'USHOU', podTerminal: 'BAYPORT', arrivalDays: -20, refNumbers: ['PO-90210'], customer: null,
    stopped: { reason: 'past_full_out_window', daysAgo: 2 },
    containers: [{ status: 'picked_up' }, { status: 'off_dock' }],
  },
  { // No reference numbers at all (null, not empty) and a reefer on board.
    scac: 'CMDU', pol: 'CNSHA', pod: 'USLAX', podTerminal: 'FMS', arrivalDays: 20, refNumbers: null, customer: 'Golden State Grocers', tags: ['reefer'],
    containers: [
      { status: 'on_ship', overrides: { equipment_type: 'reefer', equipment_length: 40, equipment_height: 'high_cube' } },
      { status: 'on_ship' },
      { status: 'on_ship' },
      { status: 'on_ship', overrides: { seal_number: 'CMA-8812345' } },
    ],
  },
];
