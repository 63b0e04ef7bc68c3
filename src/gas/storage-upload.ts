// The storage PUT over UrlFetchApp with the Drive file's Blob as the payload: UrlFetchApp accepts
// a Blob and sends its bytes as they are (the UrlFetchApp reference: "It can be a string, a byte
// array, a blob, or a JavaScript object"), so the file never becomes a JS number array here.

import type { TransportResponse } from '../api/transport';
import type { StorageUpload } from '../engine/document-upload';

export const urlFetchStorageUpload: StorageUpload = {
  put({ url, headers, contentType, body }): TransportResponse | Error {
    try {
      const res = UrlFetchApp.fetch(url, {
        method: 'put',
        headers,
        contentType,
        payload: body as GoogleAppsScript.Base.Blob,
        muteHttpExceptions: true,
        followRedirects: true,
      });
      return {
        status: res.getResponseCode(),
        headers: res.getHeaders() as Record<string, string>,
        body: res.getContentText(),
      };
    } catch (e) {
      return e instanceof Error ? e : new Error(String(e));
    }
  },
};
