// What push updates need from Apps Script: the web app's answer (ContentService), one document
// property read before anything else, the spreadsheet by id (a web app has no active one:
// "When a bound script is run as a web app … these methods are not available", bound-scripts
// guide), random tokens, and the digest doPost compares (engine/push-guard.ts), kept in the
// cache the caller hands over: the bound build's, the script-wide one, a web app's only cache
// (getDocumentCache() "returns null if called from a standalone script or web app", its
// reference page). Push is the bound build's alone.

import { AppError } from '../core/errors';
import type { GuardPorts } from '../engine/push-guard';
import type { SharedCache } from '../core/ports';

export function jsonOutput(body: object): GoogleAppsScript.Content.TextOutput {
  return ContentService.createTextOutput(JSON.stringify(body)).setMimeType(
    ContentService.MimeType.JSON,
  );
}

/** One document property, read on its own (one service call); null without a document. */
export function documentProperty(key: string): string | null {
  return PropertiesService.getDocumentProperties()?.getProperty(key) ?? null;
}

/** One document property written on its own (one service call). */
export function setDocumentProperty(key: string, value: string): void {
  PropertiesService.getDocumentProperties()?.setProperty(key, value);
}

export function openSpreadsheet(id: string): GoogleAppsScript.Spreadsheet.Spreadsheet {
  const ss = SpreadsheetApp.openById(id);
  if (!ss) throw new AppError('config', 'The spreadsheet of push updates cannot be opened.');
  return ss;
}

/** 64 hex characters from two random UUIDs (122 random bits each). */
export function newSecretToken(): string {
  return (Utilities.getUuid() + Utilities.getUuid()).replace(/-/g, '').toLowerCase();
}

/** The spreadsheet's id, to open it again from a web app run. */
export function activeSpreadsheetId(): string {
  const ss = SpreadsheetApp.getActive();
  if (!ss) throw new AppError('config', 'Open the spreadsheet to turn push updates on or off.');
  return ss.getId();
}

/** SHA-256 of a text (UTF-8), as 64 hex characters. */
function sha256Hex(text: string): string {
  return Utilities.computeDigest(Utilities.DigestAlgorithm.SHA_256, text, Utilities.Charset.UTF_8)
    .map((b) => ((b + 256) % 256).toString(16).padStart(2, '0'))
    .join('');
}

/** The web app's guard over the spreadsheet's shared cache. */
export function webAppGuard(cache: SharedCache): GuardPorts {
  return { cache, digest: sha256Hex };
}
