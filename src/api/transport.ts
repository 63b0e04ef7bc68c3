// The network edge as the engine sees it. Apps Script's UrlFetchApp is one implementation
// (src/gas/url-fetch-transport.ts); tests plug the emulator in directly.

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface TransportRequest {
  url: string;
  method: HttpMethod;
  headers: Record<string, string>;
  contentType?: string;
  /** Text, or raw bytes (Apps Script byte arrays are signed: -128..127). */
  payload?: string | number[];
}

export interface TransportResponse {
  status: number;
  /** Header names as the server sent them; look them up case-insensitively. */
  headers: Record<string, string>;
  body: string;
}

export interface Transport {
  /** Sends requests in parallel. A network failure for one request comes back as its Error. */
  fetchAll(requests: TransportRequest[]): (TransportResponse | Error)[];
}

export function headerValue(headers: Record<string, string>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const key of Object.keys(headers)) if (key.toLowerCase() === wanted) return headers[key];
  return undefined;
}
