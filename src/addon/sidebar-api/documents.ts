// Uploads from Drive. `uploadDriveFile` does it in one call; the sidebar calls the three steps
// one by one to show progress. Between steps the upload's state stays on the server (user
// cache), never in the browser. Each execution opens the file's Blob once; only step 1 (and
// uploadDriveFile) reads its bytes, once, for the checksum; the PUT sends the Blob itself.

import { AppError } from '../../core/errors';
import {
  createDocument,
  putBytes,
  requestBlob,
  type BlobRecord,
} from '../../engine/document-upload';
import { Execution } from '../../execution/execution';
import {
  describeBlob,
  openUploadFile,
  pickerConfig,
  type PickerConfig,
} from '../../gas/drive-files';
import { urlFetchStorageUpload } from '../../gas/storage-upload';
import { newToken } from '../../gas/clock';
import { userCache } from '../../gas/stores';
import { requirePermission } from '../../gas/authorization';

interface PendingUpload {
  fileId: string;
  name: string;
  blob: BlobRecord;
  byteSize: number;
  uploaded: boolean;
}

const UPLOAD_TTL_SECONDS = 1_800;

const uploadKey = (token: string) => `ct:upload:${token}`;

function pending(token: string): PendingUpload {
  const key = uploadKey(token);
  const raw = userCache().getAll([key])[key];
  if (!raw) throw new AppError('input', 'This upload has expired. Start it again.');
  return JSON.parse(raw) as PendingUpload;
}

function remember(token: string, state: PendingUpload): void {
  userCache().putAll({ [uploadKey(token)]: JSON.stringify(state) }, UPLOAD_TTL_SECONDS);
}

/** For the sidebar's "Choose from Drive" (the Google Picker). */
export function getPickerConfig(): PickerConfig {
  requirePermission('uploads');
  return pickerConfig();
}

/** Step 1: read the file once for its checksum, request the blob. */
export function startDriveUpload(input: { fileId: string; name?: string }): {
  token: string;
  name: string;
  byteSize: number;
} {
  requirePermission('uploads');
  const description = describeBlob(openUploadFile(input?.fileId, input?.name));
  const run = new Execution('sidebar');
  const blob = requestBlob(run.client(), description);
  const token = newToken();
  remember(token, {
    fileId: input.fileId,
    name: description.name,
    blob,
    byteSize: description.byteSize,
    uploaded: false,
  });
  return { token, name: description.name, byteSize: description.byteSize };
}

/** Step 2: PUT the file's Blob to the storage address (its bytes are not read into numbers). */
export function sendDriveUpload(input: { token: string }): { uploaded: true } {
  const state = pending(input?.token);
  putBytes(urlFetchStorageUpload, state.blob, openUploadFile(state.fileId, state.name));
  remember(input.token, { ...state, uploaded: true });
  return { uploaded: true };
}

/** Step 3: create the document from the stored blob. */
export function finishDriveUpload(input: { token: string }): { documentId: string; name: string } {
  const state = pending(input?.token);
  if (!state.uploaded) throw new AppError('input', 'The file has not been uploaded yet.');
  const run = new Execution('sidebar');
  const documentId = createDocument(run.client(), state.blob.signedId, state.name);
  userCache().removeAll([uploadKey(input.token)]);
  return { documentId, name: state.name };
}

export function uploadDriveFile(input: { fileId: string; name?: string }): {
  documentId: string;
  name: string;
} {
  requirePermission('uploads');
  const file = openUploadFile(input?.fileId, input?.name);
  const description = describeBlob(file);
  const run = new Execution('sidebar');
  const client = run.client();
  const blob = requestBlob(client, description);
  putBytes(urlFetchStorageUpload, blob, file);
  return { documentId: createDocument(client, blob.signedId, file.name), name: file.name };
}
