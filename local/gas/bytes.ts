// Apps Script byte arrays are Java byte[] seen from JavaScript: plain arrays of signed numbers
// (-128…127). Fakes keep Uint8Array inside and convert at their edges.

export type ByteArray = number[];

export function toSignedBytes(bytes: Uint8Array): ByteArray {
  return Array.from(bytes, (b) => (b > 127 ? b - 256 : b));
}

export function fromByteArray(bytes: readonly number[]): Uint8Array {
  return Uint8Array.from(bytes, (b) => Number(b) & 0xff);
}

/** Apps Script's Charset enum names and the HTTP charset names fetch responses carry. */
function nodeEncoding(charset: string | undefined): 'utf8' | 'latin1' | 'ascii' | 'utf16le' {
  const c = (charset ?? 'UTF_8').toUpperCase().replace(/-/g, '_');
  if (c === 'US_ASCII' || c === 'ASCII') return 'ascii';
  if (c === 'ISO_8859_1' || c === 'LATIN1' || c === 'WINDOWS_1252') return 'latin1';
  if (c === 'UTF_16LE') return 'utf16le';
  return 'utf8';
}

export function encodeString(text: string, charset?: string): Uint8Array {
  return new Uint8Array(Buffer.from(text, nodeEncoding(charset)));
}

export function decodeBytes(bytes: Uint8Array, charset?: string): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString(
    nodeEncoding(charset),
  );
}

/** A string or a byte array, as Utilities and Blob methods accept either. */
export function bytesOf(
  data: string | readonly number[] | Uint8Array,
  charset?: string,
): Uint8Array {
  if (typeof data === 'string') return encodeString(data, charset);
  if (data instanceof Uint8Array) return data;
  return fromByteArray(data);
}
