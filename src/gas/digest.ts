// SHA-256 over Utilities (only src/gas may call it): the web app's token check and the add-on's
// window of an API key name things by a digest, never by the secret itself.

/** SHA-256 of a text (UTF-8: without the charset Apps Script would hash US-ASCII), as 64 hex characters. */
export function sha256Hex(text: string): string {
  return Utilities.computeDigest(Utilities.DigestAlgorithm.SHA_256, text, Utilities.Charset.UTF_8)
    .map((b) => ((b + 256) % 256).toString(16).padStart(2, '0'))
    .join('');
}
