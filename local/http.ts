// The one HTTP shape shared by the emulator core, the Apps Script UrlFetch fake and the Node
// server adapter: a synchronous handler, so a fake UrlFetchApp can call the emulator directly.

export interface HttpRequest {
  /** Upper-case method: GET, POST, PUT, PATCH, DELETE, … */
  method: string;
  /** Absolute URL, e.g. http://127.0.0.1:4949/v2/containers?page[size]=100 */
  url: string;
  /** Header names in any case; handlers compare them case-insensitively. */
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  body: string | Uint8Array;
}

export type HttpHandler = (request: HttpRequest) => HttpResponse;

/** Case-insensitive header lookup. */
export function header(headers: Record<string, string>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted) return value;
  }
  return undefined;
}
