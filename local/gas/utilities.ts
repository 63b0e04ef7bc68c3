// Utilities: digests and base64 over signed byte arrays, blobs, formatDate, and sleep, which
// moves the virtual clock instead of blocking.

import { createHash, createHmac, randomUUID } from 'node:crypto';
import { FakeBlob } from './blob';
import { bytesOf, encodeString, toSignedBytes, type ByteArray } from './bytes';
import { fail } from './errors';
import type { Execution } from './execution';
import { formatDate } from './format-date';
import { formatString } from './format-string';
import { parseDate } from './parse-date';
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

const isCharset = (c: unknown) => c === Charset.US_ASCII || c === Charset.UTF_8;
const isBytes = (v: unknown): v is ByteArray => Array.isArray(v);

/**
 * How Apps Script names an argument's type in "The parameters (…) don't match …". This fake's
 * enum values are strings; Apps Script's are objects, named here by their enum (an assumption).
 */
function typeName(value: unknown): string {
  if (typeof value === 'string') {
    if (Object.hasOwn(DigestAlgorithm, value)) return 'DigestAlgorithm';
    if (Object.hasOwn(MacAlgorithm, value)) return 'MacAlgorithm';
    return isCharset(value) ? 'Charset' : 'String';
  }
  if (Array.isArray(value))
    return value.every((v) => typeof v === 'number') ? 'number[]' : 'Object[]';
  if (value === null) return 'null';
  if (typeof value === 'object') return value.constructor.name.replace(/^Fake/, '');
  return typeof value;
}

/** Apps Script's overload check: arguments that fit no signature fail before anything runs. */
function checkSignature(method: string, args: unknown[], fits: boolean): void {
  if (!fits) {
    const given = args.filter((a, i) => a !== undefined || i < args.length - 1);
    fail(
      `The parameters (${given.map(typeName).join(',')}) don't match the method signature for ${method}.`,
    );
  }
}

/** A Byte[] argument: every element must convert to a byte ("Cannot convert …" otherwise). */
function byteArgument(bytes: ByteArray): ByteArray {
  const bad = bytes.find((b) => typeof b !== 'number' && !Number.isFinite(Number(b)));
  if (bad !== undefined) fail(`Cannot convert ${String(bad)} to byte.`);
  return bytes;
}

/**
 * A String or Byte[] argument as bytes. A String without a charset is encoded as US-ASCII
 * (non-ASCII characters become '?'); only an explicit Charset.UTF_8 gives UTF-8. Sources:
 * gas-fakes test/testutilities.js ("utilities digest": "no charset is set, default charset with
 * special text is US_ASCII"; "utilities hmac": "no explicit charset, default is ascii"), and for
 * base64Encode github.com/thiscouldbejd/Gabriel/issues/5 ("it seems to default the charset to
 * US_ASCII unless you explicitly tell it to use UTF_8").
 */
function scriptBytes(value: Data, charset: unknown, method: string): Uint8Array {
  if (typeof value === 'string') return encodeString(value, String(charset ?? Charset.US_ASCII));
  return bytesOf(byteArgument(value), undefined, method);
}

function hashName(algorithm: string, prefix = ''): string {
  const name = NODE_HASH[String(algorithm).replace(prefix, '')];
  if (!name) fail(`Invalid argument: algorithm`);
  return name;
}

/** value and key: two Strings (and an optional Charset) or two Byte[] (no Charset). */
function macArgumentsFit(args: unknown[]): boolean {
  const [value, key, charset] = args;
  if (typeof value === 'string' && typeof key === 'string') {
    return args.length === 2 || (args.length === 3 && isCharset(charset));
  }
  return isBytes(value) && isBytes(key) && args.length === 2;
}

function base64ArgumentsFit(data: unknown, charset: unknown): boolean {
  if (typeof data === 'string') return charset === undefined || isCharset(charset);
  return isBytes(data) && charset === undefined;
}

function hmac(
  algorithm: string,
  value: Data,
  key: Data,
  charset: unknown,
  method: string,
): ByteArray {
  const mac = createHmac(hashName(algorithm, 'HMAC_'), scriptBytes(key, charset, method));
  return toSignedBytes(new Uint8Array(mac.update(scriptBytes(value, charset, method)).digest()));
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

  /** (algorithm, String|Byte[]) or (algorithm, String, Charset); gas-fakes "utilities digest". */
  computeDigest(...args: unknown[]): ByteArray {
    const [algorithm, value, charset] = args as [string, Data, unknown];
    const method = 'Utilities.computeDigest';
    checkSignature(
      method,
      args,
      (args.length === 2 || args.length === 3) &&
        Object.hasOwn(NODE_HASH, String(algorithm)) &&
        (typeof value === 'string' || isBytes(value)) &&
        (args.length === 2 || (typeof value === 'string' && isCharset(charset))),
    );
    const hash = createHash(hashName(algorithm));
    return toSignedBytes(new Uint8Array(hash.update(scriptBytes(value, charset, method)).digest()));
  }

  computeHmacSignature(...args: unknown[]): ByteArray {
    const [algorithm, value, key, charset] = args as [string, Data, Data, unknown];
    const method = 'Utilities.computeHmacSignature';
    checkSignature(
      method,
      args,
      String(algorithm).startsWith('HMAC_') &&
        Object.hasOwn(NODE_HASH, String(algorithm).replace('HMAC_', '')) &&
        macArgumentsFit(args.slice(1)),
    );
    return hmac(algorithm, value, key, charset, method);
  }

  /** (String, String[, Charset]) or (Byte[], Byte[]); gas-fakes "utilities hmac". */
  computeHmacSha256Signature(...args: unknown[]): ByteArray {
    const [value, key, charset] = args as [Data, Data, unknown];
    const method = 'Utilities.computeHmacSha256Signature';
    checkSignature(method, args, macArgumentsFit(args));
    return hmac('HMAC_SHA_256', value, key, charset, method);
  }

  base64Encode(data: Data, charset?: string): string {
    checkSignature('Utilities.base64Encode', [data, charset], base64ArgumentsFit(data, charset));
    return Buffer.from(scriptBytes(data, charset, 'Utilities.base64Encode')).toString('base64');
  }

  base64EncodeWebSafe(data: Data, charset?: string): string {
    const method = 'Utilities.base64EncodeWebSafe';
    checkSignature(method, [data, charset], base64ArgumentsFit(data, charset));
    // Apps Script's web-safe variant keeps the '=' padding.
    return Buffer.from(scriptBytes(data, charset, method))
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

  /**
   * A String's blob is UTF-8 and "text/plain" unless told otherwise; a Byte[]'s has no type.
   * Source: gas-fakes test/testutilities.js "utilities blob manipulation" (newBlob(text)
   * .getContentType() is fixes.BLOB_TYPE) and src/services/utilities/fakeblob.js; "utilities
   * digest" digests newBlob('€🙂').getBytes() as UTF-8.
   */
  newBlob(data: Data, contentType?: string, name?: string): FakeBlob {
    const type = contentType ?? (typeof data === 'string' ? 'text/plain' : null);
    return new FakeBlob(bytesOf(data), type, name ?? null);
  }

  sleep(milliseconds: number): void {
    if (!(milliseconds >= 0) || milliseconds > 300_000) fail('Invalid argument: milliseconds');
    this.exec.advance(milliseconds);
  }

  formatDate(date: Date, timeZone: string, format: string): string {
    if (!(date instanceof Date)) fail('Invalid argument: date');
    return formatDate(date, String(timeZone), String(format));
  }

  parseDate(date: string, timeZone: string, format: string): Date {
    return parseDate(String(date), String(timeZone), String(format));
  }

  formatString(template: string, ...args: unknown[]): string {
    return formatString(String(template), args);
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
