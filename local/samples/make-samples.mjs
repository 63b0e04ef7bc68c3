// Writes the tiny sample documents the sidebar tests and the local preview put in the fake Drive:
// two one-page PDFs (a bill of lading, an arrival notice) and a small PNG. Run it again after
// editing: `node local/samples/make-samples.mjs`. The files are committed, so nothing runs it
// at test time; the bytes are deterministic (no dates), so re-running changes nothing.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const out = new URL('./drive/', import.meta.url);

/** A valid PDF 1.4 with one page of Helvetica text; the xref offsets are computed, not guessed. */
function pdf(title, lines) {
  const text = [title, ...lines]
    .map((line, i) => `BT /F1 ${i === 0 ? 18 : 11} Tf 72 ${720 - i * 22} Td (${line}) Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const at = Buffer.byteLength(body);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A 16×16 RGB PNG: a blue container with a white stripe. */
function png() {
  const size = 16;
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = [0]; // filter type: none
    for (let x = 0; x < size; x++) {
      const stripe = y >= 7 && y <= 8;
      row.push(...(stripe ? [255, 255, 255] : [26, 115, 232]));
    }
    rows.push(...row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

writeFileSync(
  new URL('bill-of-lading.pdf', out),
  pdf('Bill of Lading MAEU240512345', [
    'Shipper: Example Exports Ltd, Shanghai',
    'Consignee: Example Imports Inc, Los Angeles',
    'Vessel: MAERSK EXAMPLE 412E   Port of discharge: Los Angeles',
    'Container: MSCU1234565   Seal: SL-0042',
  ]),
);
writeFileSync(
  new URL('arrival-notice.pdf', out),
  pdf('Arrival Notice', [
    'B/L: MAEU240512345   ETA: 2026-11-24',
    'Terminal: Example Container Terminal, Pier 400',
    'Last free day: see the Tracking sheet',
  ]),
);
writeFileSync(new URL('container-photo.png', out), png());
