// Transport over UrlFetchApp. muteHttpExceptions keeps 4xx/5xx (and Retry-After) readable;
// fetchAll sends a batch in parallel in one service call.

import type { Transport, TransportRequest, TransportResponse } from '../api/transport';

function toParams(r: TransportRequest): GoogleAppsScript.URL_Fetch.URLFetchRequest {
  const params: GoogleAppsScript.URL_Fetch.URLFetchRequest = {
    url: r.url,
    method: r.method,
    headers: r.headers,
    muteHttpExceptions: true,
    // Never true: UrlFetchApp would carry the Authorization header to wherever a redirect points
    // ("followRedirects: … whether the fetch should automatically follow HTTP redirect
    // responses", UrlFetchApp reference). ApiClient follows same-origin redirects itself.
    followRedirects: false,
  };
  if (r.contentType) params.contentType = r.contentType;
  if (r.payload !== undefined) params.payload = r.payload as GoogleAppsScript.URL_Fetch.Payload;
  return params;
}

function toResponse(res: GoogleAppsScript.URL_Fetch.HTTPResponse): TransportResponse {
  return {
    status: res.getResponseCode(),
    headers: res.getHeaders() as Record<string, string>,
    body: res.getContentText(),
  };
}

export class UrlFetchTransport implements Transport {
  fetchAll(requests: TransportRequest[]): (TransportResponse | Error)[] {
    if (requests.length === 0) return [];
    try {
      if (requests.length === 1)
        return [toResponse(UrlFetchApp.fetch(requests[0]!.url, toParams(requests[0]!)))];
      return UrlFetchApp.fetchAll(requests.map(toParams)).map(toResponse);
    } catch (e) {
      // fetchAll fails as a whole when one request cannot connect; report it for each.
      const error = e instanceof Error ? e : new Error(String(e));
      return requests.map(() => error);
    }
  }
}
