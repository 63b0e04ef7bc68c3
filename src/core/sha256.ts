// SHA-256 of a text's UTF-8 bytes, as 64 hex characters, in plain code (@noble/hashes, audited).
// The add-on names the window of an API key by such a digest in every execution that sends a
// request, cells included: Utilities.computeDigest would cost a service call there and hand 32
// numbers across Apps Script's bridge each time. test/core/sha256.test.ts checks it against
// Node's crypto.

import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

/** A text's UTF-8 bytes (lone surrogates as U+FFFD, as TextEncoder does). Apps Script's V8 has
 *  no TextEncoder, which @noble/hashes' own utf8ToBytes needs. */
function utf8(text: string): Uint8Array {
  const out: number[] = [];
  for (const ch of text) {
    let c = ch.codePointAt(0)!;
    if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else
      out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return Uint8Array.from(out);
}

export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8(text)));
}
