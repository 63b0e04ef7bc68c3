// Apps Script byte arrays are Java byte[] seen from JavaScript: plain arrays of signed numbers
// (-128…127). Fakes keep Uint8Array inside and convert at their edges, and meter every crossing:
// each byte handed to a script becomes a JS number (a 50 MB file, 52 million of them), and each
// number a script hands back is converted again. That is what makes big files costly.

import { fail } from './errors';

export type ByteArray = number[];

export interface ByteCrossings {
  arrays: number;
  numbers: number;
}

/** Byte[] crossings since the last reset (one process-wide meter: executions are synchronous). */
export class ByteArrayMeter {
  /** Byte[] handed to scripts (Blob.getBytes, computeDigest, base64Decode, getContent…). */
  toScript: ByteCrossings = { arrays: 0, numbers: 0 };
  /** Number arrays scripts handed back as bytes (digest input, payloads, setBytes…). */
  fromScript: ByteCrossings = { arrays: 0, numbers: 0 };
  /** Blob.getBytes() calls: each one reads the whole blob into numbers. */
  getBytesCalls = 0;

  reset(): void {
    this.toScript = { arrays: 0, numbers: 0 };
    this.fromScript = { arrays: 0, numbers: 0 };
    this.getBytesCalls = 0;
  }
}

export const byteArrayMeter = new ByteArrayMeter();

export function toSignedBytes(bytes: Uint8Array): ByteArray {
  byteArrayMeter.toScript.arrays += 1;
  byteArrayMeter.toScript.numbers += bytes.length;
  // Plain loops: Array.from / Uint8Array.from with a mapper are several times slower on 50 MB.
  const out: number[] = new Array<number>(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = (bytes[i]! << 24) >> 24;
  return out;
}

export function fromByteArray(bytes: readonly number[]): Uint8Array {
  byteArrayMeter.fromScript.arrays += 1;
  byteArrayMeter.fromScript.numbers += bytes.length;
  const out = new Uint8Array(bytes.length);
  // `& 0xff` converts like Number() does (and is not slowed down by a sandboxed global).
  for (let i = 0; i < bytes.length; i++) out[i] = (bytes[i] as number) & 0xff;
  return out;
}

/** Apps Script's Charset enum names and the HTTP charset names fetch responses carry. */
function nodeEncoding(charset: string | undefined): 'utf8' | 'latin1' | 'ascii' | 'utf16le' {
  const c = (charset ?? 'UTF_8').toUpperCase().replace(/-/g, '_');
  if (c === 'US_ASCII' || c === 'ASCII') return 'ascii';
  if (c === 'ISO_8859_1' || c === 'LATIN1' || c === 'WINDOWS_1252') return 'latin1';
  if (c === 'UTF_16LE') return 'utf16le';
  return 'utf8';
}

/**
 * Java's US-ASCII encoder (Apps Script strings are Java strings): each character outside ASCII
 * becomes '?', a surrogate pair (an emoji) one '?'. Node's 'ascii' would keep the low bits.
 * Source: gas-fakes test/testutilities.js "utilities digest", whose US_ASCII digests of '€🙂'
 * (recorded on Apps Script) are those of '??'.
 */
function asciiBytes(text: string): Uint8Array {
  const codes = Array.from(text, (ch) => {
    const code = ch.codePointAt(0) ?? 63;
    return code < 128 ? code : 63;
  });
  return Uint8Array.from(codes);
}

export function encodeString(text: string, charset?: string): Uint8Array {
  const encoding = nodeEncoding(charset);
  if (encoding === 'ascii') return asciiBytes(text);
  return new Uint8Array(Buffer.from(text, encoding));
}

export function decodeBytes(bytes: Uint8Array, charset?: string): string {
  const encoding = nodeEncoding(charset);
  // Java's US-ASCII decoder shows a byte over 127 as U+FFFD, not as its low seven bits.
  if (encoding === 'ascii')
    return Array.from(bytes, (b) => (b < 128 ? String.fromCharCode(b) : '\uFFFD')).join('');
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString(encoding);
}

/**
 * A string or a byte array, as Utilities and Blob methods accept either. Nothing else: e.g.
 * Utilities.computeDigest has no Blob overload (its reference lists Byte[] and String only), so a
 * Blob is refused the way Apps Script refuses arguments that match no signature.
 */
export function bytesOf(
  data: string | readonly number[] | Uint8Array,
  charset?: string,
  method = 'this method',
): Uint8Array {
  if (typeof data === 'string') return encodeString(data, charset);
  if (data instanceof Uint8Array) return data;
  if (!Array.isArray(data)) {
    const type = typeof data === 'object' && data !== null ? data.constructor.name : typeof data;
    fail(
      `The parameters (${type.replace(/^Fake/, '')}) don't match the method signature for ${method}.`,
    );
  }
  return fromByteArray(data);
}
