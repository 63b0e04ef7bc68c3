// Utilities: digests and base64 over signed byte arrays, blobs, formatDate, and sleep, which
// moves the virtual clock instead of blocking.

import { createHash, createHmac, randomUUID } from 'node:crypto';
import { FakeBlob } from './blob';
import { bytesOf, toSignedBytes, type ByteArray } from './bytes';
import { fail } from './errors';
import type { Execution } from './execution';
import { formatDate } from './format-date';
import { registerFake } from './registry';

export const DigestAlgorithm = {
  MD2: 'MD2',
  MD5: 'MD5',
  SHA_1: 'SHA_1',
  SHA_256: 'SHA_256',
  SHA_384: 'SHA_384',
  SHA_512: 'SHA_512',
} as const;

export const MacAlgorithm = {
  HMAC_MD5: 'HMAC_MD5',
  HMAC_SHA_1: 'HMAC_SHA_1',
  HMAC_SHA_256: 'HMAC_SHA_256',
  HMAC_SHA_384: 'HMAC_SHA_384',
  HMAC_SHA_512: 'HMAC_SHA_512',
} as const;

export const Charset = { US_ASCII: 'US_ASCII', UTF_8: 'UTF_8' } as const;

const NODE_HASH: Record<string, string> = {
  MD5: 'md5',
  SHA_1: 'sha1',
  SHA_256: 'sha256',
  SHA_384: 'sha384',
  SHA_512: 'sha512',
};

type Data = string | ByteArray;

function hashName(algorithm: string, prefix = ''): string {
  const name = NODE_HASH[String(algorithm).replace(prefix, '')];
  if (!name) fail(`Invalid argument: algorithm`);
  return name;
}

function fromBase64(encoded: string, webSafe: boolean): Uint8Array {
  const text = String(encoded).trim();
  const alphabet = webSafe ? /^[A-Za-z0-9_-]*={0,2}$/ : /^[A-Za-z0-9+/\s]*={0,2}$/;
  if (!alphabet.test(text)) fail('Could not decode string.');
  return new Uint8Array(Buffer.from(text, webSafe ? 'base64url' : 'base64'));
}

export class FakeUtilities {
  readonly DigestAlgorithm = DigestAlgorithm;
  readonly MacAlgorithm = MacAlgorithm;
  readonly Charset = Charset;

  constructor(private readonly exec: Execution) {}

  computeDigest(algorithm: string, value: Data, charset?: string): ByteArray {
    const hash = createHash(hashName(algorithm));
    const data = bytesOf(value, charset, 'Utilities.computeDigest');
    return toSignedBytes(new Uint8Array(hash.update(data).digest()));
  }

  computeHmacSignature(algorithm: string, value: Data, key: Data, charset?: string): ByteArray {
    const mac = createHmac(hashName(algorithm, 'HMAC_'), bytesOf(key, charset));
    return toSignedBytes(new Uint8Array(mac.update(bytesOf(value, charset)).digest()));
  }

  computeHmacSha256Signature(value: Data, key: Data, charset?: string): ByteArray {
    return this.computeHmacSignature('HMAC_SHA_256', value, key, charset);
  }

  base64Encode(data: Data, charset?: string): string {
    return Buffer.from(bytesOf(data, charset)).toString('base64');
  }

  base64EncodeWebSafe(data: Data, charset?: string): string {
    // Apps Script's web-safe variant keeps the '=' padding.
    return Buffer.from(bytesOf(data, charset))
      .toString('base64')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
  }

  base64Decode(encoded: string, charset?: string): ByteArray {
    void charset;
    return toSignedBytes(fromBase64(encoded, false));
  }

  base64DecodeWebSafe(encoded: string, charset?: string): ByteArray {
    void charset;
    return toSignedBytes(fromBase64(encoded, true));
  }

  newBlob(data: Data, contentType?: string, name?: string): FakeBlob {
    return new FakeBlob(bytesOf(data), contentType ?? null, name ?? null);
  }

  sleep(milliseconds: number): void {
    if (!(milliseconds >= 0) || milliseconds > 300_000) fail('Invalid argument: milliseconds');
    this.exec.advance(milliseconds);
  }

  formatDate(date: Date, timeZone: string, format: string): string {
    if (!(date instanceof Date)) fail('Invalid argument: date');
    return formatDate(date, String(timeZone), String(format));
  }

  getUuid(): string {
    return randomUUID();
  }
}

registerFake(FakeUtilities, {
  label: 'Utilities',
  service: 'Utilities',
  scope: 'local',
  constants: ['DigestAlgorithm', 'MacAlgorithm', 'Charset'],
});
