// Uploads from Drive. `uploadDriveFile` does it in one call; the sidebar calls the three steps
// one by one to show progress. Between steps the upload's state stays on the server (user
// cache), never in the browser.

import { AppError } from '../core/errors';
import { createDocument, putBytes, requestBlob, type BlobRecord } from '../engine/document-upload';
import { Execution } from '../gas/execution';
import { readUploadSource, recentDocuments, type DriveFileInfo } from '../gas/drive-files';
import { UrlFetchTransport } from '../gas/url-fetch-transport';

interface PendingUpload {
  fileId: string;
  name: string;
  blob: BlobRecord;
  byteSize: number;
  uploaded: boolean;
}

const UPLOAD_TTL_SECONDS = 1_800;

function pending(token: string): PendingUpload {
  const raw = CacheService.getUserCache().get(`ct:upload:${token}`);
  if (!raw) throw new AppError('input', 'This upload has expired. Start it again.');
  return JSON.parse(raw) as PendingUpload;
}

function remember(token: string, state: PendingUpload): void {
  CacheService.getUserCache().put(`ct:upload:${token}`, JSON.stringify(state), UPLOAD_TTL_SECONDS);
}

export function listRecentDriveFiles(): DriveFileInfo[] {
  return recentDocuments();
}

/** Step 1: read the file, request the blob. */
export function startDriveUpload(input: { fileId: string; name?: string }): {
  token: string;
  name: string;
  byteSize: number;
} {
  const source = readUploadSource(input?.fileId, input?.name);
  const run = new Execution('sidebar');
  const blob = requestBlob(run.client(), source);
  const token = Utilities.getUuid();
  remember(token, {
    fileId: input.fileId,
    name: source.name,
    blob,
    byteSize: source.byteSize,
    uploaded: false,
  });
  return { token, name: source.name, byteSize: source.byteSize };
}

/** Step 2: PUT the bytes to the storage address. */
export function sendDriveUpload(input: { token: string }): { uploaded: true } {
  const state = pending(input?.token);
  const source = readUploadSource(state.fileId, state.name);
  putBytes(new UrlFetchTransport(), state.blob, source);
  remember(input.token, { ...state, uploaded: true });
  return { uploaded: true };
}

/** Step 3: create the document from the stored blob. */
export function finishDriveUpload(input: { token: string }): { documentId: string; name: string } {
  const state = pending(input?.token);
  if (!state.uploaded) throw new AppError('input', 'The file has not been uploaded yet.');
  const run = new Execution('sidebar');
  const documentId = createDocument(run.client(), state.blob.signedId, state.name);
  CacheService.getUserCache().remove(`ct:upload:${input.token}`);
  return { documentId, name: state.name };
}

export function uploadDriveFile(input: { fileId: string; name?: string }): {
  documentId: string;
  name: string;
} {
  const source = readUploadSource(input?.fileId, input?.name);
  const run = new Execution('sidebar');
  const client = run.client();
  const blob = requestBlob(client, source);
  putBytes(new UrlFetchTransport(), blob, source);
  return { documentId: createDocument(client, blob.signedId, source.name), name: source.name };
}
