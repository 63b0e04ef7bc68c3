// Drive access for uploads: resolve a pasted link or id, refuse large files before reading them,
// and read each file once. The add-in holds only the `drive.file` scope, so it can open the files
// the user picked with the Google Picker, not any id. It reads them the way Google does for that
// scope: the Drive REST API (files.get, then files.get?alt=media) with the script's own OAuth
// token (ScriptApp.getOAuthToken), as Google's Apps Script Picker sample for drive.file does
// (googleworkspace/apps-script-samples#486); DriveApp's methods need drive.readonly or drive.
// The token goes only to www.googleapis.com, never to the tracking service or the page.

import { AppError } from '../core/errors';
import type { BlobDescription, UploadBody } from '../engine/document-upload';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_TEXT } from '../core/upload-limits';

/** Accepts a file id or any Drive/Docs link that carries one. */
export function driveFileId(input: string): string {
  const text = String(input ?? '').trim();
  const fromPath =
    /\/d\/([A-Za-z0-9_-]{10,})/.exec(text) ?? /[?&]id=([A-Za-z0-9_-]{10,})/.exec(text);
  const id = fromPath ? fromPath[1]! : text;
  if (!/^[A-Za-z0-9_-]{10,}$/.test(id)) {
    throw new AppError(
      'input',
      'That is not a Google Drive file link or id. Press "Choose from Drive" to pick the file.',
    );
  }
  return id;
}

const DRIVE_FILES = 'https://www.googleapis.com/drive/v3/files/';

/**
 * A Drive REST call with the user's OAuth token, to Google's Drive host only: redirects are not
 * followed (a redirect would carry the token to whatever host it names); any answer but 200 is a
 * failure the caller explains.
 */
function driveGet(id: string, query: string): GoogleAppsScript.URL_Fetch.HTTPResponse {
  return UrlFetchApp.fetch(`${DRIVE_FILES}${encodeURIComponent(id)}${query}`, {
    headers: { Authorization: `Bearer ${ScriptApp.getOAuthToken()}` },
    followRedirects: false,
    muteHttpExceptions: true,
  });
}

function failed(response: GoogleAppsScript.URL_Fetch.HTTPResponse): AppError {
  const code = response.getResponseCode();
  if (code === 404 || code === 403) {
    return new AppError(
      'input',
      'The add-in cannot open that Drive file: it may only read files you pick with "Choose from Drive". Press "Choose from Drive" and select the file.',
    );
  }
  return new AppError(
    'upstream',
    `Google Drive did not hand over the file (HTTP ${code}). Try again in a minute.`,
    { status: code },
  );
}

interface DriveMeta {
  name: string;
  mimeType: string;
  size: number;
}

function meta(id: string): DriveMeta {
  const response = driveGet(id, '?fields=name,mimeType,size');
  if (response.getResponseCode() !== 200) throw failed(response);
  const v = JSON.parse(response.getContentText()) as Record<string, unknown>;
  return {
    name: String(v.name ?? ''),
    mimeType: String(v.mimeType ?? ''),
    // Drive sends int64 values as strings; Google Docs types have no stored size.
    size: Number(v.size ?? 0) || 0,
  };
}

/** A Drive file opened for upload: its Blob is read once and handed on as is. */
export interface DriveUpload extends UploadBody {
  name: string;
  body: GoogleAppsScript.Base.Blob;
}

/** Opens the file and its Blob; a file over the cap is refused from its size, before any read. */
export function openUploadFile(fileId: string, name?: string): DriveUpload {
  const id = driveFileId(fileId);
  const f = meta(id);
  if (f.size > MAX_UPLOAD_BYTES) {
    throw new AppError(
      'input',
      `"${f.name}" is ${(f.size / 1024 / 1024).toFixed(1)} MB; files over ${MAX_UPLOAD_TEXT} cannot be attached.`,
    );
  }
  const media = driveGet(id, '?alt=media');
  if (media.getResponseCode() !== 200) throw failed(media);
  const blob = media.getBlob();
  const contentType = f.mimeType || blob.getContentType() || 'application/octet-stream';
  return {
    name: (name && name.trim()) || f.name,
    contentType,
    body: blob.setName(f.name).setContentType(contentType),
  };
}

/**
 * What the direct upload declares: size and base64 MD5. Utilities.computeDigest takes a Byte[] or
 * a String, not a Blob (its reference lists no Blob overload), so this is the one place the file
 * becomes a number array: one getBytes(), hashed once.
 */
export function describeBlob(file: DriveUpload): BlobDescription {
  const bytes = file.body.getBytes();
  return {
    name: file.name,
    contentType: file.contentType,
    byteSize: bytes.length,
    checksum: Utilities.base64Encode(Utilities.computeDigest(Utilities.DigestAlgorithm.MD5, bytes)),
  };
}

export interface PickerConfig {
  /** The user's OAuth token for this script (Google's, not the tracking API key). */
  oauthToken: string;
  developerKey: string;
  /** The Cloud project number: the Picker grants drive.file access to this app's files with it. */
  appId: string;
}

export const PICKER_PROPERTIES = {
  developerKey: 'PICKER_DEVELOPER_KEY',
  appId: 'PICKER_APP_ID',
} as const;

/** The Google Picker's settings: set once by the deployer as script properties. */
export function pickerConfig(): PickerConfig {
  const props = PropertiesService.getScriptProperties().getProperties();
  const developerKey = (props[PICKER_PROPERTIES.developerKey] ?? '').trim();
  const appId = (props[PICKER_PROPERTIES.appId] ?? '').trim();
  if (!developerKey || !appId) {
    throw new AppError(
      'input',
      `"Choose from Drive" is not set up: the add-in's deployer must set the script properties ${PICKER_PROPERTIES.developerKey} and ${PICKER_PROPERTIES.appId} (see the README).`,
    );
  }
  return { oauthToken: ScriptApp.getOAuthToken(), developerKey, appId };
}
