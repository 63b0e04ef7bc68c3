// Punycode (RFC 3492), the encoding of international host names as `xn--…` labels. Apps Script
// has no URL class and no punycode module, and no installed package is a declared dependency,
// so this is the RFC's encoder (section 6.3), checked in tests against Node's own IDNA.

const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 128;
const MAX_INT = 0x7fffffff;

function adapt(delta: number, numPoints: number, firstTime: boolean): number {
  let d = firstTime ? Math.floor(delta / DAMP) : delta >> 1;
  d += Math.floor(d / numPoints);
  let k = 0;
  while (d > ((BASE - T_MIN) * T_MAX) >> 1) {
    d = Math.floor(d / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * d) / (d + SKEW));
}

function digit(d: number): string {
  // 0..25 → a..z, 26..35 → 0..9
  return String.fromCharCode(d < 26 ? 97 + d : 22 + d);
}

/** Encodes one label (no dots) to its Punycode form, without the `xn--` prefix. */
export function punycodeEncode(label: string): string {
  const points = Array.from(label, (c) => c.codePointAt(0)!);
  const basic = points.filter((p) => p < 0x80);
  let output = String.fromCharCode(...basic);
  let handled = basic.length;
  if (basic.length > 0) output += '-';
  let n = INITIAL_N;
  let delta = 0;
  let bias = INITIAL_BIAS;
  while (handled < points.length) {
    const m = Math.min(...points.filter((p) => p >= n));
    if (m - n > Math.floor((MAX_INT - delta) / (handled + 1))) throw new Error('punycode overflow');
    delta += (m - n) * (handled + 1);
    n = m;
    for (const p of points) {
      if (p < n) delta += 1;
      if (p !== n) continue;
      let q = delta;
      for (let k = BASE; ; k += BASE) {
        const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
        if (q < t) break;
        output += digit(t + ((q - t) % (BASE - t)));
        q = Math.floor((q - t) / (BASE - t));
      }
      output += digit(q);
      bias = adapt(delta, handled + 1, handled === basic.length);
      delta = 0;
      handled += 1;
    }
    delta += 1;
    n += 1;
  }
  return output;
}
