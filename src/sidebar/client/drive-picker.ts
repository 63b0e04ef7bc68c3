// "Choose from Drive": the Google Picker as Google's file-open dialog guide for Apps Script builds
// it (https://developers.google.com/apps-script/guides/dialogs#file-open_dialogs): Google's loader
// script, gapi.load('picker'), the user's OAuth token from the server (ScriptApp.getOAuthToken),
// the deployer's developer key and app id (the Cloud project number; with the drive.file scope
// the picked file is granted to the add-in only when the app id is set), and setOrigin with the
// editor's origin so the picker can answer into the sidebar's frame. A page that already has
// `gapi` (the local host's stand-in) skips the loader: nothing else differs.
//
// The Picker's minimum size is 566 × 350 px (PickerBuilder.setSize reference) and the sidebar is
// 300 px wide, so it runs in a 600 × 425 px modal dialog (openPickerDialog), sized to it as
// Google's Apps Script Picker sample does. The dialog hands the pick to the server and closes;
// the sidebar waits for it there (chooseInDialog).

import { call, ServerError } from './server';

const GOOGLE_API_LOADER = 'https://apis.google.com/js/api.js';

export interface PickedFile {
  id: string;
  name: string;
  mimeType: string;
  /** Absent for Google Docs types, which have no stored size. */
  sizeBytes?: number;
}

/** PDFs and images: what the tracking service accepts as documents. */
const MIME_TYPES = 'application/pdf,image/png,image/jpeg,image/gif,image/tiff,image/webp';

interface DocsView {
  setMimeTypes(types: string): DocsView;
  setMode(mode: string): DocsView;
}
interface PickerBuilder {
  addView(view: DocsView): PickerBuilder;
  enableFeature(feature: string): PickerBuilder;
  setOAuthToken(token: string): PickerBuilder;
  setDeveloperKey(key: string): PickerBuilder;
  setAppId(appId: string): PickerBuilder;
  setOrigin(origin: string): PickerBuilder;
  setSize(width: number, height: number): PickerBuilder;
  setCallback(callback: (data: Record<string, unknown>) => void): PickerBuilder;
  build(): { setVisible(visible: boolean): void };
}
interface PickerApi {
  PickerBuilder: new () => PickerBuilder;
  DocsView: new (viewId?: string) => DocsView;
  ViewId: { DOCS: string };
  DocsViewMode: { LIST: string };
  Feature: { NAV_HIDDEN: string };
  Response: { ACTION: string; DOCUMENTS: string };
  Action: { PICKED: string; CANCEL: string };
  Document: { ID: string; NAME: string; MIME_TYPE: string; SIZE_BYTES: string };
}
type PickerWindow = Window & {
  gapi?: { load(name: string, options: { callback: () => void; onerror: () => void }): void };
  google?: { picker?: PickerApi; script?: { host?: { origin?: string; close?(): void } } };
};
const page = window as PickerWindow;

const cannotLoad = () =>
  new ServerError("Google's file picker could not be loaded. Check your connection and try again.");

function loadGapi(): Promise<NonNullable<PickerWindow['gapi']>> {
  if (page.gapi) return Promise.resolve(page.gapi);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GOOGLE_API_LOADER;
    script.onload = () => (page.gapi ? resolve(page.gapi) : reject(cannotLoad()));
    script.onerror = () => reject(cannotLoad());
    document.head.append(script);
  });
}

async function loadPicker(): Promise<PickerApi> {
  const gapi = await loadGapi();
  await new Promise<void>((resolve, reject) =>
    gapi.load('picker', { callback: resolve, onerror: () => reject(cannotLoad()) }),
  );
  const api = page.google?.picker;
  if (!api) throw cannotLoad();
  return api;
}

/** Opens the picker; resolves with the chosen file, or null when the user cancels. */
export async function chooseDriveFile(): Promise<PickedFile | null> {
  const [config, api] = await Promise.all([call('getPickerConfig'), loadPicker()]);
  return new Promise((resolve) => {
    const view = new api.DocsView(api.ViewId.DOCS)
      .setMimeTypes(MIME_TYPES)
      .setMode(api.DocsViewMode.LIST);
    const picker = new api.PickerBuilder()
      .addView(view)
      .enableFeature(api.Feature.NAV_HIDDEN)
      .setOAuthToken(config.oauthToken)
      .setDeveloperKey(config.developerKey)
      .setAppId(config.appId)
      .setOrigin(page.google?.script?.host?.origin ?? window.location.origin)
      // The dialog's size less its border, as Google's sample does.
      .setSize(window.innerWidth - 2, window.innerHeight - 2)
      .setCallback((data) => {
        const action = data[api.Response.ACTION];
        if (action === api.Action.CANCEL) resolve(null);
        if (action !== api.Action.PICKED) return;
        const doc = (data[api.Response.DOCUMENTS] as Record<string, unknown>[] | undefined)?.[0];
        if (!doc) return resolve(null);
        const size = Number(doc[api.Document.SIZE_BYTES]);
        resolve({
          id: String(doc[api.Document.ID]),
          name: String(doc[api.Document.NAME] ?? ''),
          mimeType: String(doc[api.Document.MIME_TYPE] ?? ''),
          ...(Number.isFinite(size) && size > 0 ? { sizeBytes: size } : {}),
        });
      })
      .build();
    picker.setVisible(true);
  });
}

const POLL_MS = 1_000;
/** The dialog's token expires after ten minutes on the server: stop asking then. */
const GIVE_UP_MS = 10 * 60_000;

let waitingFor: string | null = null;

/**
 * Opens the Picker's dialog and waits for its answer: the chosen file, or null when cancelled (or
 * when another "Choose from Drive" replaced this one).
 */
export async function chooseInDialog(): Promise<PickedFile | null> {
  const { token } = await call('openPickerDialog');
  waitingFor = token;
  const until = Date.now() + GIVE_UP_MS;
  while (waitingFor === token && Date.now() < until) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    const answer = await call('takePickedFile', { token });
    if (answer.state === 'waiting') continue;
    if (answer.state === 'picked') return answer.file;
    if (answer.state === 'failed') throw new ServerError(answer.message);
    return null;
  }
  return null;
}

/** In the dialog: runs the Picker, hands the answer to the server, closes the dialog. */
export async function runPickerDialog(token: string, status: HTMLElement): Promise<void> {
  let answer: { file: PickedFile | null; error?: string };
  try {
    answer = { file: await chooseDriveFile() };
  } catch (e) {
    answer = { file: null, error: e instanceof Error ? e.message : String(e) };
    status.textContent = answer.error ?? '';
  }
  await call('storePickedFile', { token, ...answer });
  if (!answer.error) page.google?.script?.host?.close?.();
}
