// Attaching a document: request a direct-upload blob at the API's origin, PUT the bytes to the
// storage URL it returns, then create the document with the blob's signed id (never the storage
// URL). Each step says which one failed; nothing is created until the bytes are stored, so a
// retry never leaves a duplicate behind.

import type { ApiClient } from '../api/client';
import { headerValue, type TransportResponse } from '../api/transport';
import { dataList } from '../api/jsonapi';
import { AppError } from '../core/errors';
import { apiOrigin } from '../core/settings';

/** What the direct-upload request declares about the file. */
export interface BlobDescription {
  name: string;
  contentType: string;
  byteSize: number;
  /** Base64 of the binary MD5 of the bytes. */
  checksum: string;
}

/** The file's content as the platform holds it (in Apps Script, its Blob), sent as is. */
export interface UploadBody {
  contentType: string;
  body: unknown;
}

/**
 * Sends the file to the storage address. A port of its own rather than the API Transport: the
 * body is the platform's Blob, so the bytes travel without ever becoming a number array.
 */
export interface StorageUpload {
  put(request: {
    url: string;
    headers: Record<string, string>;
    contentType: string;
    body: unknown;
  }): TransportResponse | Error;
}

export interface BlobRecord {
  signedId: string;
  uploadUrl: string;
  uploadHeaders: Record<string, string>;
}

export type UploadStep = 'blob' | 'upload' | 'document';

export class UploadError extends AppError {
  constructor(
    readonly step: UploadStep,
    cause: AppError,
  ) {
    const what = {
      blob: 'requesting the upload',
      upload: 'uploading the file',
      document: 'creating the document',
    }[step];
    super(cause.kind, `Upload failed while ${what}: ${cause.message}`, {
      status: cause.status,
      errors: cause.errors,
    });
  }
}

export function requestBlob(client: ApiClient, source: BlobDescription): BlobRecord {
  try {
    const doc = client.send({
      method: 'post',
      path: `${apiOrigin(client.apiBaseUrl)}/rails/active_storage/direct_uploads`,
      body: {
        blob: {
          filename: source.name,
          content_type: source.contentType,
          byte_size: source.byteSize,
          checksum: source.checksum,
        },
      },
      retry: true, // an unused blob is harmless
      contentType: 'application/json', // a Rails Active Storage endpoint, not JSON:API
    }) as unknown as {
      signed_id?: string;
      direct_upload?: { url?: string; headers?: Record<string, string> };
    };
    const url = doc.direct_upload?.url;
    if (!doc.signed_id || !url)
      throw new AppError('upstream', 'The service did not return an upload address.');
    return {
      signedId: doc.signed_id,
      uploadUrl: url,
      uploadHeaders: doc.direct_upload?.headers ?? {},
    };
  } catch (e) {
    throw new UploadError('blob', e as AppError);
  }
}

/** The storage address gets the bytes and the headers it asked for, never our API key. */
export function putBytes(storage: StorageUpload, blob: BlobRecord, source: UploadBody): void {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(blob.uploadHeaders)) {
    // UrlFetchApp sets Content-Type from contentType and Content-Length from the payload itself.
    if (!/^content-(type|length)$/i.test(k)) headers[k] = v;
  }
  const response = storage.put({
    url: blob.uploadUrl,
    headers,
    contentType: headerValue(blob.uploadHeaders, 'Content-Type') ?? source.contentType,
    body: source.body,
  });
  if (response instanceof Error) {
    throw new UploadError(
      'upload',
      new AppError('connection', 'The storage service could not be reached. Try again.'),
    );
  }
  if (response.status >= 300) {
    const hint =
      response.status === 400 || response.status === 422
        ? ' (the file changed while uploading, or its checksum did not match)'
        : '';
    throw new UploadError(
      'upload',
      new AppError(
        'upstream',
        `The storage service answered ${response.status}${hint}. Nothing was attached; try again.`,
        { status: response.status },
      ),
    );
  }
}

export function createDocument(client: ApiClient, signedId: string, name: string): string {
  try {
    const doc = client.send({
      method: 'post',
      path: '/documents',
      body: { data: { type: 'document', attributes: { name, attached_document: signedId } } },
    });
    const created = dataList(doc)[0];
    if (!created) throw new AppError('upstream', 'The service did not return the new document.');
    return created.id;
  } catch (e) {
    const error = e as AppError;
    // 409: this file was attached already; that document is the answer, not a failure.
    const existing = error.status === 409 ? error.errors[0]?.meta?.existing_document_id : undefined;
    if (typeof existing === 'string') return existing;
    throw new UploadError('document', error);
  }
}
