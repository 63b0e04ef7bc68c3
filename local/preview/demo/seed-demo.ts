// Sets the local spreadsheet up as someone trying the add-in would have it: the document opened
// (onOpen builds the menu), the demo key and the emulator's URLs saved in Settings, the Tracking
// sheet set up and filled with demo rows, a Formulas sheet, and one refresh so statuses and last
// free days are there when the page opens. Each step is a real execution of dist/Code.js.

import type { GasRuntime } from '../../gas';
import { containersOf, pickDemoRows, type ShipmentsDocument } from './demo-rows';
import { disputeCandidate, planDispute, writeDisputeHistory } from './demo-dispute';
import { fillFormulasSheet, fillTrackingSheet, FORMULAS_SHEET } from './demo-sheet';

export const DEMO_ALERT_RECIPIENT = 'dispatch@example.com';

export interface DemoAccount {
  /** The emulator's origin: the API is under /v2, the tracking pages at the root. */
  origin: string;
  key: string;
}

async function listShipments(account: DemoAccount): Promise<ShipmentsDocument> {
  const res = await fetch(`${account.origin}/v2/shipments?page[size]=100&include=containers`, {
    headers: { Authorization: `Token ${account.key}` },
  });
  if (!res.ok) throw new Error(`Listing the demo account failed: HTTP ${res.status}`);
  return (await res.json()) as ShipmentsDocument;
}

async function changeContainer(account: DemoAccount, number: string, change: unknown) {
  const res = await fetch(
    `${account.origin}/__emulator/containers/${encodeURIComponent(number)}/changes`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(change),
    },
  );
  if (!res.ok) throw new Error(`Changing the demo box ${number} failed: HTTP ${res.status}`);
}

/**
 * Set-up's Free Time rows are examples that price nothing until someone makes them theirs; the
 * demo's dispatcher has: their notes say these are the demo's terms, to edit (README tour, step 2).
 */
function adoptFreeTimeExamples(model: GasRuntime['spreadsheet']): void {
  const sheet = model.sheetByName('Free Time');
  if (!sheet) return;
  for (let c = 1; c <= sheet.lastColumn(); c += 1) {
    if (String(sheet.cell(1, c)?.value ?? '') !== 'Note') continue;
    for (let r = 2; r <= sheet.lastRow(); r += 1)
      model.write(sheet, r, c, 'The demo’s terms: edit a rate and Refresh now');
  }
}

export async function seedDemo(runtime: GasRuntime, account: DemoAccount): Promise<void> {
  runtime.run('onOpen', [], { kind: 'simple-trigger' });
  runtime.run('saveSettings', [
    {
      apiKey: account.key,
      apiBaseUrl: `${account.origin}/v2`,
      appUrl: account.origin,
      // Alerts on, so the Outbox shows what they look like (the local MailApp sends nothing).
      alertRecipients: DEMO_ALERT_RECIPIENT,
    },
  ]);
  runtime.run('setupTrackingSheet', []);
  const model = runtime.spreadsheet;
  adoptFreeTimeExamples(model);
  const tracking = model.sheetByName('Tracking');
  const formulas = model.sheetByName(FORMULAS_SHEET) ?? model.addSheet(FORMULAS_SHEET, 1);
  if (!tracking) throw new Error('setupTrackingSheet did not create the Tracking sheet');
  const listing = await listShipments(account);
  // The box worth disputing: its record made what its story ends with, its history written.
  const candidate = disputeCandidate(containersOf(listing), runtime.clock.now());
  const dispute = candidate ? planDispute(candidate, runtime.clock.now()) : null;
  if (dispute) {
    await changeContainer(account, dispute.number, dispute.change);
    writeDisputeHistory(model, dispute);
  }
  const rows = pickDemoRows(
    listing,
    { now: runtime.clock.now(), timeZone: model.timeZone },
    dispute?.number ?? null,
  );
  fillTrackingSheet(model, tracking, rows);
  fillFormulasSheet(model, formulas, rows);
  runtime.run('refreshTrackingSheet', []);
  runtime.select('Tracking', 'A2');
}
