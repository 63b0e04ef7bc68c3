// UrlFetchApp's HTTPResponse. Local data once fetched: its methods cost no service call.

import { header, type HttpResponse } from '../http';
import { FakeBlob } from './blob';
import { decodeBytes, encodeString, toSignedBytes, type ByteArray } from './bytes';
import { registerFake } from './registry';

type GasHttpResponse = GoogleAppsScript.URL_Fetch.HTTPResponse;

export function bodyBytes(body: string | Uint8Array): Uint8Array {
  return typeof body === 'string' ? encodeString(body) : body;
}

function charsetOf(contentType: string | undefined): string | undefined {
  return /charset=([^;]+)/i
    .exec(contentType ?? '')?.[1]
    ?.trim()
    .replace(/"/g, '');
}

export class FakeHttpResponse implements Pick<
  GasHttpResponse,
  'getResponseCode' | 'getContentText' | 'getContent'
> {
  #status: number;
  #headers: Record<string, string>;
  #bytes: Uint8Array;

  constructor(response: HttpResponse) {
    this.#status = response.status;
    this.#headers = { ...response.headers };
    this.#bytes = bodyBytes(response.body);
  }

  getResponseCode(): number {
    return this.#status;
  }

  /** Without a charset argument, the response's declared charset, else UTF-8. */
  getContentText(charset?: string): string {
    return decodeBytes(this.#bytes, charset ?? charsetOf(header(this.#headers, 'content-type')));
  }

  getContent(): ByteArray {
    return toSignedBytes(this.#bytes);
  }

  getBlob(): FakeBlob {
    const type = header(this.#headers, 'content-type')?.split(';')[0]?.trim() ?? null;
    return new FakeBlob(this.#bytes.slice(), type);
  }

  getAs(contentType: string): FakeBlob {
    return this.getBlob().setContentType(contentType);
  }

  getHeaders(): Record<string, string> {
    return { ...this.#headers };
  }

  /** Our transport carries one value per header, so this equals getHeaders(). */
  getAllHeaders(): Record<string, string> {
    return { ...this.#headers };
  }
}

registerFake(FakeHttpResponse, { label: 'HTTPResponse', service: null, scope: 'local' });
