// "Choose from Drive" in a dialog. The Google Picker's documented minimum size is 566 × 350 px
// (PickerBuilder.setSize reference) and the sidebar is 300 px wide, so the Picker opens in a modal
// dialog of 600 × 425 px, as Google's Apps Script Picker sample does (showModalDialog, then the
// picker sized to the dialog). A dialog and the sidebar share no page: the dialog hands the pick
// to the server (user cache, under a token only this sidebar knows) and closes; the sidebar asks
// for it until it is there. Only the file's id, name, type and size pass; nothing is kept longer
// than ten minutes.

import { AppError } from '../../core/errors';
import { pickerConfig } from '../../gas/drive-files';
import { newToken } from '../../gas/clock';
import { userCache } from '../../gas/stores';
import { requirePermission } from '../../gas/authorization';

export const PICKER_DIALOG = { width: 600, height: 425, title: 'Choose a file to attach' } as const;

const TTL_SECONDS = 600;
const TOKEN = /^[0-9a-f-]{36}$/;
const key = (token: string) => `ct:pick:${token}`;

export interface PickedDriveFile {
  id: string;
  name: string;
  mimeType: string;
  sizeBytes?: number;
}

export type PickState =
  | { state: 'waiting' }
  | { state: 'picked'; file: PickedDriveFile }
  | { state: 'cancelled' }
  | { state: 'failed'; message: string };

function checkedToken(input: unknown): string {
  const token = String((input as { token?: unknown } | null)?.token ?? '');
  if (!TOKEN.test(token))
    throw new AppError('input', 'This file choice has expired. Press "Choose from Drive" again.');
  return token;
}

/** Opens the Picker's dialog; the sidebar then waits for the pick with `takePickedFile`. */
export function openPickerDialog(): { token: string } {
  requirePermission('uploads');
  pickerConfig(); // not set up: say what the deployer must set, and open no dialog
  const token = newToken();
  userCache().putAll({ [key(token)]: JSON.stringify({ state: 'waiting' }) }, TTL_SECONDS);
  const html = HtmlService.createHtmlOutputFromFile('Sidebar')
    .append(`<script>window.CT_PICKER_TOKEN=${JSON.stringify(token)}</script>`)
    .setWidth(PICKER_DIALOG.width)
    .setHeight(PICKER_DIALOG.height);
  SpreadsheetApp.getUi().showModalDialog(html, PICKER_DIALOG.title);
  return { token };
}

const text = (v: unknown, max: number) => String(v ?? '').slice(0, max);

/** The dialog's answer: the picked file, null when cancelled, or what went wrong. */
export function storePickedFile(input: {
  token: string;
  file: PickedDriveFile | null;
  error?: string;
}): void {
  const token = checkedToken(input);
  const f = input.file;
  let state: PickState;
  if (input.error) state = { state: 'failed', message: text(input.error, 500) };
  else if (!f) state = { state: 'cancelled' };
  else {
    const size = Number(f.sizeBytes);
    state = {
      state: 'picked',
      file: {
        id: text(f.id, 200),
        name: text(f.name, 500),
        mimeType: text(f.mimeType, 200),
        ...(Number.isFinite(size) && size > 0 ? { sizeBytes: size } : {}),
      },
    };
  }
  userCache().putAll({ [key(token)]: JSON.stringify(state) }, TTL_SECONDS);
}

/** What the dialog answered so far; a final answer is handed out once. */
export function takePickedFile(input: { token: string }): PickState {
  const cache = userCache();
  const entry = key(checkedToken(input));
  const raw = cache.getAll([entry])[entry];
  if (!raw)
    return {
      state: 'failed',
      message: 'The file choice expired. Press "Choose from Drive" again.',
    };
  const state = JSON.parse(raw) as PickState;
  if (state.state !== 'waiting') cache.removeAll([entry]);
  return state;
}
