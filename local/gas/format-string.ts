// Utilities.formatString: "sprintf-like string formatting using '%'-style format strings" (the
// Utilities reference, whose examples are formatString('%11.6f', 123.456) === ' 123.456000' and
// formatString('%6s', 'abc') === '   abc'); gas-fakes test/testutilities.js "utilities extra"
// pins "hello %s" and "%d + %d = %d". Conversions: %s %d %i %u %f %e %x %o %c %%, with the
// flags - + 0 and space, a width and a precision; %d keeps the integer part, as parseInt does.

const SPEC = /%([-+ 0]*)(\d+)?(?:\.(\d+))?([sdiufexoc%])/g;

function pad(text: string, flags: string, width: number | undefined, numeric: boolean): string {
  if (width === undefined || text.length >= width) return text;
  if (flags.includes('-')) return text.padEnd(width);
  if (numeric && flags.includes('0')) {
    const sign = /^[+\- ]/.test(text) ? text.charAt(0) : '';
    return sign + text.slice(sign.length).padStart(width - sign.length, '0');
  }
  return text.padStart(width);
}

function signed(n: number, body: string, flags: string): string {
  if (n < 0 || Object.is(n, -0)) return body;
  if (flags.includes('+')) return `+${body}`;
  return flags.includes(' ') ? ` ${body}` : body;
}

function convert(value: unknown, kind: string, flags: string, precision?: number): string {
  const n = Number(value);
  switch (kind) {
    case 's': {
      const text = String(value);
      return precision === undefined ? text : text.slice(0, precision);
    }
    case 'd':
    case 'i':
    case 'u': {
      const whole = parseInt(String(value), 10);
      return signed(whole, String(whole), flags);
    }
    case 'f':
      return signed(n, n.toFixed(precision ?? 6), flags);
    case 'e':
      return signed(n, n.toExponential(precision ?? 6), flags);
    case 'x':
      return Math.trunc(n).toString(16);
    case 'o':
      return Math.trunc(n).toString(8);
    case 'c':
      return typeof value === 'number' ? String.fromCharCode(value) : String(value).charAt(0);
    default:
      return String(value);
  }
}

export function formatString(template: string, args: unknown[]): string {
  let next = 0;
  return String(template).replace(
    SPEC,
    (spec, flags: string, width?: string, precision?: string, kind?: string) => {
      if (kind === '%') return '%';
      if (next >= args.length) return spec;
      const text = convert(
        args[next++],
        kind ?? 's',
        flags,
        precision === undefined ? undefined : Number(precision),
      );
      return pad(
        text,
        flags,
        width === undefined ? undefined : Number(width),
        kind !== 's' && kind !== 'c',
      );
    },
  );
}
