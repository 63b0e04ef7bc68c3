// Blob: bytes plus a content type and a name. Local data: calls on it cost no service call, but
// getBytes() turns every byte into a JS number (metered in bytes.ts). Scripts that only move a
// file should hand the Blob itself on (UrlFetchApp payloads accept one).

import {
  byteArrayMeter,
  decodeBytes,
  encodeString,
  fromByteArray,
  toSignedBytes,
  type ByteArray,
} from './bytes';
import { registerFake } from './registry';

type GasBlob = GoogleAppsScript.Base.Blob;

export class FakeBlob implements Pick<
  GasBlob,
  'getBytes' | 'getContentType' | 'getName' | 'getDataAsString' | 'isGoogleType'
> {
  #bytes: Uint8Array;
  #contentType: string | null;
  #name: string | null;

  constructor(bytes: Uint8Array, contentType?: string | null, name?: string | null) {
    this.#bytes = bytes;
    this.#contentType = contentType ?? null;
    this.#name = name ?? null;
  }

  /** The raw bytes, for other fakes (UrlFetch payloads); not part of the script-visible API. */
  static bytesOf(blob: FakeBlob): Uint8Array {
    return blob.#bytes;
  }

  getBytes(): ByteArray {
    byteArrayMeter.getBytesCalls += 1;
    return toSignedBytes(this.#bytes);
  }

  getContentType(): string | null {
    return this.#contentType;
  }

  getName(): string | null {
    return this.#name;
  }

  getDataAsString(charset?: string): string {
    return decodeBytes(this.#bytes, charset);
  }

  setName(name: string): this {
    this.#name = name;
    return this;
  }

  setContentType(contentType: string | null): this {
    this.#contentType = contentType;
    return this;
  }

  setDataFromString(text: string, charset?: string): this {
    this.#bytes = encodeString(text, charset);
    return this;
  }

  setBytes(bytes: ByteArray): this {
    this.#bytes = fromByteArray(bytes);
    return this;
  }

  copyBlob(): FakeBlob {
    return new FakeBlob(this.#bytes.slice(), this.#contentType, this.#name);
  }

  getBlob(): this {
    return this;
  }

  isGoogleType(): boolean {
    return false;
  }
}

registerFake(FakeBlob, { label: 'Blob', service: null, scope: 'local' });
