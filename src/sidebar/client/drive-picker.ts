// "Choose from Drive": the Google Picker as Google's file-open dialog guide for Apps Script builds
// it (https://developers.google.com/apps-script/guides/dialogs#file-open_dialogs): Google's loader
// script, gapi.load('picker'), the user's OAuth token from the server (ScriptApp.getOAuthToken),
// the deployer's developer key and app id (the Cloud project number; with the drive.file scope
// the picked file is granted to the add-in only when the app id is set), and setOrigin with the
// editor's origin so the picker can answer into the sidebar's frame. A page that already has
// `gapi` (the local host's stand-in) skips the loader: nothing else differs.

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
  google?: { picker?: PickerApi; script?: { host?: { origin?: string } } };
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
